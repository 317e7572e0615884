/* SPDX-License-Identifier: GPL-2.0-or-later */
/* histogram: where the events are. The whole traceset on top with the
 * tab's window marked (click or drag there to move or resize it), the
 * window below. Bars come from the state's event density, so every redraw
 * costs one lookup per pixel; a background job then reads the events to
 * count exactly what the tab's filter matches, or the bars of a window
 * narrower than the density's buckets. */
#include "config.h"

#include <math.h>

#include <inttypes.h>

#include <glib/gi18n-lib.h>

#include <lttv-module.h>
#include <lttv/count-format.h>
#include <lttv/density.h>

#include "histogram-count.h"
#include "histogram-draw.h"
#include "histogram-private.h"

Histogram *
histogram_ref (Histogram *self)
{
  g_atomic_int_inc (&self->ref);
  return self;
}

void
histogram_unref (Histogram *self)
{
  if (!g_atomic_int_dec_and_test (&self->ref))
    return;
  for (guint i = 0; i < 2; i++)
    {
      histogram_count_free (self->jobs[i].result);
      g_clear_object (&self->jobs[i].job);
    }
  g_clear_object (&self->actions);
  g_object_unref (self->ctx);
  g_free (self);
}

/* --- What a plot shows ---------------------------------------------------- */

void
histogram_plot_range (Histogram *self, guint which, LttvTime *t0, LttvTime *t1)
{
  if (which == 0)
    lttv_viewer_context_get_bounds (self->ctx, t0, t1);
  else
    lttv_viewer_context_get_window (self->ctx, t0, t1);
  if (*t1 <= *t0)
    *t1 = *t0 + 1;
}

LttvTime
histogram_plot_step (LttvTime t0, LttvTime t1, guint n)
{
  return MAX ((t1 - t0 + n - 1) / MAX (n, 1), 1);
}

/* Fills `p` for plot `which` at `n` pixels; `samples` must hold n. */
static gboolean
plot_fill (LttvViewerContext *ctx, LttvState *s, guint which, guint n,
           const HistogramCount *exact, gboolean log_scale,
           LttvDensitySample *samples, HistogramPlot *p)
{
  LttvTime t0, t1;
  if (which == 0)
    lttv_viewer_context_get_bounds (ctx, &t0, &t1);
  else
    lttv_viewer_context_get_window (ctx, &t0, &t1);
  if (t1 <= t0)
    t1 = t0 + 1;
  LttvTime step = histogram_plot_step (t0, t1, n);
  /* The window's plot spans the window exactly, on the tab's time axis
   * (its n bars of `step` may end up to n ns later: under a pixel). */
  *p = (HistogramPlot) { .t0 = t0, .t1 = which == 1 ? t1 : t0 + step * n, .n = n, .density = samples,
                         .log_scale = log_scale, .window0 = LTTV_TIME_NONE,
                         .window1 = LTTV_TIME_NONE, .sel0 = LTTV_TIME_NONE,
                         .sel1 = LTTV_TIME_NONE };
  memset (samples, 0, n * sizeof *samples);
  if (s != NULL)
    p->committed = lttv_density_query (lttv_state_get_density (s), t0, step, n, samples);
  if (exact != NULL && exact->t0 == t0 && exact->step == step && exact->n == n)
    {
      p->exact = exact->counts;
      p->exact_is_filtered = exact->filter[0] != '\0';
    }
  if (which == 0)
    lttv_viewer_context_get_window (ctx, &p->window0, &p->window1);
  p->current = lttv_viewer_context_get_current_time (ctx);
  if (!lttv_viewer_context_get_selection (ctx, &p->sel0, &p->sel1))
    p->sel0 = p->sel1 = LTTV_TIME_NONE;
  return s != NULL;
}

static void
draw_time_labels (LttvViewerContext *ctx, cairo_t *cr, PangoLayout *layout,
                  guint which, const HistogramPlot *p, double x, double y, double w)
{
  g_autofree char *a = lttv_viewer_context_format_time (ctx, p->t0);
  g_autofree char *b = lttv_viewer_context_format_time (ctx, p->t1);
  g_autofree char *span = which == 0
    ? g_strdup_printf (_("whole traceset, %.6f s"), (p->t1 - p->t0) / 1e9)
    : g_strdup_printf (_("window, %.6f s"), (p->t1 - p->t0) / 1e9);
  int wa, wb, ws;
  pango_layout_set_text (layout, a, -1);
  pango_layout_get_pixel_size (layout, &wa, NULL);
  pango_layout_set_text (layout, b, -1);
  pango_layout_get_pixel_size (layout, &wb, NULL);
  pango_layout_set_text (layout, span, -1);
  pango_layout_get_pixel_size (layout, &ws, NULL);
  cairo_set_source_rgb (cr, 0.3, 0.3, 0.3);
  /* narrow plots keep what fits: the span first, then both ends */
  gboolean ends = wa + wb + 12 <= w;
  gboolean middle = ends ? wa + wb + ws + 24 <= w : ws <= w;
  if (middle)
    {
      cairo_move_to (cr, x + (w - ws) / 2, y);
      pango_cairo_show_layout (cr, layout);
    }
  if (ends)
    {
      pango_layout_set_text (layout, a, -1);
      cairo_move_to (cr, x, y);
      pango_cairo_show_layout (cr, layout);
      pango_layout_set_text (layout, b, -1);
      cairo_move_to (cr, x + w - wb, y);
      pango_cairo_show_layout (cr, layout);
    }
}

static PangoLayout *
small_layout (cairo_t *cr)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string ("Sans 8");
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  return layout;
}

/* Draws plot `which` over (0, y, w, h), its time labels under it. */
static void
draw_plot (LttvViewerContext *ctx, LttvState *s, guint which,
           const HistogramCount *exact, gboolean log_scale, cairo_t *cr,
           double y, int w, int h)
{
  if (w <= 0 || h <= LABEL_HEIGHT)
    return;
  g_autofree LttvDensitySample *samples = g_new (LttvDensitySample, w);
  HistogramPlot p;
  LttvMarks marks;
  plot_fill (ctx, s, which, (guint) w, exact, log_scale, samples, &p);
  lttv_marks_get (ctx, &marks);
  p.marks = &marks;
  g_autoptr (PangoLayout) layout = small_layout (cr);
  histogram_plot_draw (&p, cr, layout, 0, y, w, h - LABEL_HEIGHT);
  lttv_marks_clear (&marks);
  draw_time_labels (ctx, cr, layout, which, &p, 2, y + h - LABEL_HEIGHT + 2, w - 4);
}

/* --- Widget drawing and status -------------------------------------------- */

static gboolean
area_draw_cb (GtkWidget *area, cairo_t *cr, Histogram *self)
{
  guint which = area == self->detail;
  LttvState *s = lttv_viewer_context_get_state (self->ctx);
  draw_plot (self->ctx, s, which, self->jobs[which].result, self->log_scale, cr, 0,
             gtk_widget_get_allocated_width (area), gtk_widget_get_allocated_height (area));
  return FALSE;
}

static void
update_status (Histogram *self)
{
  LttvState *s = lttv_viewer_context_get_state (self->ctx);
  if (s == NULL)
    {
      gtk_label_set_text (GTK_LABEL (self->status), _("Waiting for the state to be built…"));
      return;
    }
  LttvDensity *d = lttv_state_get_density (s);
  LttvTime t0, t1;
  lttv_viewer_context_get_window (self->ctx, &t0, &t1);
  double n = lttv_density_count (d, t0, t1 + 1);
  guint64 lost = lttv_density_count_discarded (d, t0, t1 + 1);
  const HistogramCount *r = self->jobs[1].result;
  g_autofree char *events = NULL;
  guint64 m = 0;
  gboolean exact = r != NULL && r->t0 == t0 && r->t0 + r->n * r->step > t1;
  for (guint i = 0; exact && i < r->n; i++)
    m += r->counts[i];
  g_autofree char *matched = lttv_format_count (m);
  g_autofree char *all = lttv_format_count ((guint64) llround (n));
  g_autofree char *discarded = lttv_format_count (lost);
  if (exact && r->filter[0] != '\0')
    events = g_strdup_printf (_("%s of %s events in the window match the filter"), matched, all);
  else
    events = g_strdup_printf (_("%s events in the window"), exact ? matched : all);
  g_autofree char *text = lost > 0
    ? g_strdup_printf (_("%s, %s discarded"), events, discarded)
    : g_strdup (events);
  gtk_label_set_text (GTK_LABEL (self->status), text);
}

/* --- Background counts ---------------------------------------------------- */

typedef struct {
  Histogram *self;
  guint which;
} JobDone;

static void
job_report (gpointer data, double fraction, guint64 events)
{
  lttv_job_report (data, fraction, events);
}

static gboolean
count_job (LttvJob *job, gpointer data, GCancellable *cancellable, GError **error)
{
  HistogramCount *req = data;
  return histogram_count_run (req, req->state, job_report, job, cancellable, error);
}

static void
count_done_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  JobDone *jd = user_data;
  Histogram *self = jd->self;
  LttvJob *job = (LttvJob *) source;
  g_autoptr (GError) error = NULL;
  gboolean ok = lttv_job_finish (job, result, &error);
  PlotJob *pj = &self->jobs[jd->which];
  if (!self->dead && pj->job == job)
    {
      if (ok)
        {
          /* take the counts; the job frees its emptied request */
          histogram_count_free (pj->result);
          pj->result = g_new (HistogramCount, 1);
          *pj->result = *pj->pending;
          pj->pending->filter = NULL;
          pj->pending->counts = NULL;
        }
      else if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_warning ("histogram: %s", error->message);
      pj->pending = NULL;
      g_clear_object (&pj->job);
      gtk_widget_queue_draw (jd->which == 0 ? self->overview : self->detail);
      update_status (self);
    }
  histogram_unref (self);
  g_free (jd);
}

static void
start_count (Histogram *self, LttvState *s, guint which, LttvTime t0, LttvTime step,
             guint n, const char *filter)
{
  PlotJob *pj = &self->jobs[which];
  const HistogramCount *have = pj->pending != NULL ? pj->pending : pj->result;
  if (have != NULL && have->t0 == t0 && have->step == step && have->n == n
      && g_strcmp0 (have->filter, filter) == 0)
    return;
  if (pj->job != NULL)
    {
      lttv_job_cancel (pj->job);
      g_clear_object (&pj->job);
    }
  HistogramCount *req = histogram_count_new (t0, step, n, filter);
  JobDone *jd = g_new (JobDone, 1);
  jd->self = histogram_ref (self);
  jd->which = which;
  pj->pending = req;
  req->state = s;
  const char *title = filter[0] != '\0'
    ? (which == 0 ? _("Counting filtered events over the trace")
                  : _("Counting filtered events in the window"))
    : _("Counting the window's events");
  pj->job = lttv_viewer_context_run_job (self->ctx, title, count_job, req,
                                         histogram_count_free, count_done_cb, jd);
  g_object_ref (pj->job);
}

static void
drop_plot_job (PlotJob *pj)
{
  if (pj->job != NULL)
    lttv_job_cancel (pj->job);
  g_clear_object (&pj->job);
  pj->pending = NULL;
  g_clear_pointer (&pj->result, histogram_count_free);
}

/* Starts what the current window, size and filter need. */
static gboolean
refresh_jobs (gpointer data)
{
  Histogram *self = data;
  self->refresh_id = 0;
  LttvState *s = lttv_viewer_context_get_state (self->ctx);
  if (s == NULL || !lttv_history_is_finished (lttv_state_get_history (s)))
    return G_SOURCE_REMOVE;
  const char *filter = lttv_viewer_context_get_filter (self->ctx);
  LttvDensity *d = lttv_state_get_density (s);
  for (guint which = 0; which < 2; which++)
    {
      GtkWidget *area = which == 0 ? self->overview : self->detail;
      int w = gtk_widget_get_allocated_width (area);
      if (w <= 1)
        continue;
      LttvTime t0, t1;
      histogram_plot_range (self, which, &t0, &t1);
      LttvTime step = histogram_plot_step (t0, t1, (guint) w);
      gboolean fine = step * EXACT_BUCKETS_PER_BAR < lttv_density_bucket_width (d)
                      && lttv_density_count (d, t0, t1 + 1) <= EXACT_MAX_EVENTS;
      if (filter[0] != '\0' || (which == 1 && fine))
        start_count (self, s, which, t0, step, (guint) w, filter);
      else
        drop_plot_job (&self->jobs[which]);
    }
  return G_SOURCE_REMOVE;
}

static void
schedule_refresh (Histogram *self)
{
  if (self->refresh_id == 0)
    self->refresh_id = g_timeout_add (120, refresh_jobs, self);
}

/* --- Signals -------------------------------------------------------------- */

static void
changed_cb (LttvViewerContext *ctx, Histogram *self)
{
  gtk_widget_queue_draw (self->overview);
  gtk_widget_queue_draw (self->detail);
  update_status (self);
  schedule_refresh (self);
}

static void
marks_changed_cb (LttvViewerContext *ctx, Histogram *self)
{
  gtk_widget_queue_draw (self->overview);
  gtk_widget_queue_draw (self->detail);
}

static void
size_allocate_cb (GtkWidget *widget, GdkRectangle *allocation, Histogram *self)
{
  schedule_refresh (self);
}

/* --- Actions -------------------------------------------------------------- */

static void
log_scale_changed (GSimpleAction *action, GVariant *value, gpointer data)
{
  Histogram *self = data;
  g_simple_action_set_state (action, value);
  self->log_scale = g_variant_get_boolean (value);
  gtk_widget_queue_draw (self->overview);
  gtk_widget_queue_draw (self->detail);
}

static void
show_all_activated (GSimpleAction *action, GVariant *param, gpointer data)
{
  Histogram *self = data;
  LttvTime b0, b1;
  lttv_viewer_context_get_bounds (self->ctx, &b0, &b1);
  lttv_viewer_context_set_window (self->ctx, b0, b1);
}

static const GActionEntry histogram_actions[] = {
  { "log-scale", NULL, NULL, "false", log_scale_changed, { 0 } },
  { "show-all", show_all_activated, NULL, NULL, NULL, { 0 } },
};

static void
hierarchy_changed_cb (GtkWidget *widget, GtkWidget *previous, Histogram *self)
{
  GtkWidget *top = gtk_widget_get_toplevel (widget);
  GtkApplication *app = GTK_IS_WINDOW (top) ? gtk_window_get_application (GTK_WINDOW (top)) : NULL;
  if (app == NULL)
    return;
  static const char *log_accels[] = { "<Control><Alt>l", NULL };
  static const char *all_accels[] = { "<Control><Alt>a", NULL };
  gtk_application_set_accels_for_action (app, "histogram.log-scale", log_accels);
  gtk_application_set_accels_for_action (app, "histogram.show-all", all_accels);
}

/* --- Life cycle ----------------------------------------------------------- */

static void
top_destroy_cb (GtkWidget *widget, Histogram *self)
{
  self->dead = TRUE;
  if (self->refresh_id != 0)
    g_source_remove (self->refresh_id);
  self->refresh_id = 0;
  g_signal_handlers_disconnect_by_data (self->ctx, self);
  for (guint i = 0; i < 2; i++)
    if (self->jobs[i].job != NULL)
      lttv_job_cancel (self->jobs[i].job);
  histogram_unref (self);
}

static GtkWidget *
new_area (Histogram *self, const char *tooltip_name)
{
  GtkWidget *area = gtk_drawing_area_new ();
  gtk_widget_add_events (area, GDK_BUTTON_PRESS_MASK | GDK_BUTTON_RELEASE_MASK
                               | GDK_POINTER_MOTION_MASK);
  gtk_widget_set_can_focus (area, TRUE);
  gtk_widget_set_has_tooltip (area, TRUE);
  atk_object_set_name (gtk_widget_get_accessible (area), tooltip_name);
  g_signal_connect (area, "draw", G_CALLBACK (area_draw_cb), self);
  g_signal_connect (area, "size-allocate", G_CALLBACK (size_allocate_cb), self);
  return area;
}

/* The names column as wide as the timelines' (the label's 6 px margin
 * included), the right margin as their scrollbars. */
static void
axis_changed_cb (LttvViewerContext *ctx, Histogram *self)
{
  int start, end_margin;

  lttv_viewer_context_get_axis (ctx, &start, &end_margin);
  for (guint i = 0; i < 2; i++)
    {
      gtk_widget_set_size_request (self->names[i], MAX (start - 6, 1), -1);
      gtk_widget_set_size_request (self->margins[i], end_margin, -1);
    }
}

static GtkWidget *
histogram_create (LttvViewerContext *ctx)
{
  Histogram *self = g_new0 (Histogram, 1);
  self->ref = 1;
  self->ctx = g_object_ref (ctx);

  self->top = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  g_object_set (self->top, "margin-top", 2, "margin-bottom", 2, NULL);
  GtkWidget *bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  g_object_set (bar, "margin-start", 4, "margin-end", 4, NULL);
  gtk_style_context_add_class (gtk_widget_get_style_context (bar), LTTV_VIEWER_TOOLBAR_CLASS);
  self->log_button = gtk_check_button_new_with_mnemonic (_("_Log scale"));
  gtk_widget_set_name (self->log_button, "log-scale");   /* (kept by sessions) */
  gtk_widget_set_tooltip_text (self->log_button,
                               _("Bar heights on a logarithmic scale, to see sparse "
                                 "periods beside dense ones (Ctrl+Alt+L)"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->log_button), "histogram.log-scale");
  GtkWidget *all = gtk_button_new_from_icon_name ("zoom-fit-best-symbolic", GTK_ICON_SIZE_BUTTON);
  gtk_widget_set_tooltip_text (all, _("Show the whole traceset in the window (Ctrl+Alt+A)"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (all), "histogram.show-all");
  self->status = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->status), 0);
  gtk_label_set_ellipsize (GTK_LABEL (self->status), PANGO_ELLIPSIZE_END);
  gtk_widget_set_tooltip_text (self->status,
                               _("Events in the visible window; with a filter, those that match"));
  gtk_box_pack_start (GTK_BOX (bar), self->status, TRUE, TRUE, 0);
  gtk_box_pack_end (GTK_BOX (bar), all, FALSE, FALSE, 0);
  gtk_box_pack_end (GTK_BOX (bar), self->log_button, FALSE, FALSE, 0);

  self->overview = new_area (self, _("Events over the whole traceset"));
  gtk_widget_set_size_request (self->overview, 200, OVERVIEW_MIN_HEIGHT);
  self->detail = new_area (self, _("Events in the window"));
  gtk_widget_set_size_request (self->detail, 200, OVERVIEW_MIN_HEIGHT);
  gtk_widget_set_vexpand (self->detail, TRUE);

  histogram_connect_input (self);
  /* The plots sit on the tab's time axis, as the timelines' charts: their
   * names left, a margin right (lttv_viewer_context_get_axis). */
  GtkWidget *grid = gtk_grid_new ();
  gtk_grid_set_row_spacing (GTK_GRID (grid), 4);
  gtk_widget_set_hexpand (self->overview, TRUE);
  for (guint i = 0; i < 2; i++)
    {
      self->names[i] = gtk_label_new (i == 0 ? _("Whole traceset") : _("Window"));
      gtk_label_set_xalign (GTK_LABEL (self->names[i]), 0);
      gtk_label_set_yalign (GTK_LABEL (self->names[i]), 0);
      gtk_label_set_ellipsize (GTK_LABEL (self->names[i]), PANGO_ELLIPSIZE_END);
      /* (no wider than the axis gives it, whatever its text) */
      gtk_label_set_max_width_chars (GTK_LABEL (self->names[i]), 1);
      gtk_style_context_add_class (gtk_widget_get_style_context (self->names[i]), "dim-label");
      g_object_set (self->names[i], "margin-start", 6, NULL);
      self->margins[i] = gtk_drawing_area_new ();
      gtk_grid_attach (GTK_GRID (grid), self->names[i], 0, (int) i, 1, 1);
      gtk_grid_attach (GTK_GRID (grid), i == 0 ? self->overview : self->detail, 1, (int) i, 1, 1);
      gtk_grid_attach (GTK_GRID (grid), self->margins[i], 2, (int) i, 1, 1);
    }
  axis_changed_cb (ctx, self);
  g_signal_connect (ctx, "axis-changed", G_CALLBACK (axis_changed_cb), self);
  gtk_box_pack_start (GTK_BOX (self->top), bar, FALSE, FALSE, 0);
  gtk_box_pack_start (GTK_BOX (self->top), grid, TRUE, TRUE, 0);

  self->actions = g_simple_action_group_new ();
  g_action_map_add_action_entries (G_ACTION_MAP (self->actions), histogram_actions,
                                   G_N_ELEMENTS (histogram_actions), self);
  gtk_widget_insert_action_group (self->top, "histogram", G_ACTION_GROUP (self->actions));
  g_signal_connect (self->top, "hierarchy-changed", G_CALLBACK (hierarchy_changed_cb), self);
  g_signal_connect (self->top, "destroy", G_CALLBACK (top_destroy_cb), self);

  static const char *refresh_signals[] = {
    "traceset-changed", "window-changed", "filter-changed", "history-changed",
  };
  for (guint i = 0; i < G_N_ELEMENTS (refresh_signals); i++)
    g_signal_connect (ctx, refresh_signals[i], G_CALLBACK (changed_cb), self);
  g_signal_connect (ctx, "current-time-changed", G_CALLBACK (marks_changed_cb), self);
  g_signal_connect (ctx, "selection-changed", G_CALLBACK (marks_changed_cb), self);
  g_signal_connect_object (lttv_viewer_context_get_bookmarks (ctx), "changed",
                           G_CALLBACK (gtk_widget_queue_draw), self->detail, G_CONNECT_SWAPPED);
  g_signal_connect_object (lttv_viewer_context_get_bookmarks (ctx), "changed",
                           G_CALLBACK (gtk_widget_queue_draw), self->overview, G_CONNECT_SWAPPED);
  update_status (self);
  gtk_widget_show_all (self->top);
  return self->top;
}

/* --- Export --------------------------------------------------------------- */

static gboolean
histogram_render (LttvViewerContext *ctx, cairo_t *cr, int width, int height, GError **error)
{
  LttvState *s = lttv_viewer_context_get_state (ctx);
  const char *filter = lttv_viewer_context_get_filter (ctx);
  HistogramCount *exact[2] = { NULL, NULL };
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  int top = MIN (OVERVIEW_HEIGHT + LABEL_HEIGHT, height / 3);
  if (s != NULL)
    for (guint which = 0; which < 2; which++)
      {
        LttvTime t0, t1;
        if (which == 0)
          lttv_viewer_context_get_bounds (ctx, &t0, &t1);
        else
          lttv_viewer_context_get_window (ctx, &t0, &t1);
        t1 = MAX (t1, t0 + 1);
        LttvTime step = histogram_plot_step (t0, t1, (guint) MAX (width, 1));
        LttvDensity *d = lttv_state_get_density (s);
        gboolean fine = step * EXACT_BUCKETS_PER_BAR < lttv_density_bucket_width (d);
        if (filter[0] != '\0' || (which == 1 && fine))
          {
            exact[which] = histogram_count_new (t0, step, (guint) MAX (width, 1), filter);
            if (!histogram_count_run (exact[which], s, NULL, NULL, NULL, error))
              {
                histogram_count_free (exact[0]);
                histogram_count_free (exact[1]);
                return FALSE;
              }
          }
      }
  draw_plot (ctx, s, 0, exact[0], FALSE, cr, 0, width, top);
  draw_plot (ctx, s, 1, exact[1], FALSE, cr, top + 6, width, height - top - 6);
  histogram_count_free (exact[0]);
  histogram_count_free (exact[1]);
  return TRUE;
}

static const LttvViewerInfo histogram_viewer = {
  .id = "histogram",
  .label = N_("_Histogram"),
  .gettext_domain = GETTEXT_PACKAGE,
  .icon_name = "view-continuous-symbolic",
  .create = histogram_create,
  .render = histogram_render,
};

LTTV_DEFINE_VIEWER_MODULE ("histogram", N_("Histogram"), histogram_viewer)
