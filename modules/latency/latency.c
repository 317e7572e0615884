/* SPDX-License-Identifier: GPL-2.0-or-later */
/* latency: the latency analyses of the state build (lttv/latency.h) for
 * one kind at a time: statistics per name, thread or CPU over the tab's
 * window or selection, the longest intervals, a scatter of durations over
 * the window and a histogram of them. A click on a point, a bar or a row
 * sets the tab's current time and selection to that interval. The
 * statistics, the histogram and the list run in background jobs; the
 * scatter asks lttv_latency_max_in once per pixel column, cheap at any
 * number of intervals, on the main thread. */
#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include <lttv-marks.h>
#include <lttv-module.h>

#include "latency-draw.h"
#include "latency-private.h"
#include "latency-table.h"
#include "latency-views.h"

#define N_BUCKETS 40
#define TOP_N 100

typedef struct {
  gint ref;
  gboolean dead;
  LttvViewerContext *ctx;
  GtkWidget *top, *stack, *message, *kind_combo, *by_combo, *log_y, *log_buckets, *range_label;
  GtkWidget *stats_view, *top_view, *scatter, *hist;
  GtkListStore *stats_store, *top_store;
  LttvJob *job, *pick_job;
  guint refresh_id;
  gboolean dirty_stats, dirty_window;   /* not yet asked of a job */
  gboolean filling_top;
  /* what the charts show */
  LatencySamples samples;
  gboolean samples_valid;
  LttvLatencyKind kind;        /* of the histogram and the list */
  LttvTime w0, w1;             /* their window */
  gboolean have_hist, hist_log;
  guint64 counts[N_BUCKETS], hist_lo, hist_hi;
} Latency;

typedef struct {
  LttvLatency *l;
  LttvLatencyKind kind;
  LttvLatencyGroupBy by;
  gboolean do_stats, do_window, log_buckets;
  LttvTime r0, r1, w0, w1;     /* ends included */
  GtkListStore *stats_store, *top_store;   /* filled in the worker */
  guint64 counts[N_BUCKETS], lo, hi;
  gboolean have_hist;
} LatJob;

static Latency *
latency_ref (Latency *self)
{
  g_atomic_int_inc (&self->ref);
  return self;
}

static void
latency_unref (Latency *self)
{
  if (!g_atomic_int_dec_and_test (&self->ref))
    return;
  g_clear_object (&self->job);
  g_clear_object (&self->pick_job);
  g_clear_object (&self->stats_store);
  g_clear_object (&self->top_store);
  latency_samples_clear (&self->samples);
  g_object_unref (self->ctx);
  g_free (self);
}

static void
lat_job_free (gpointer data)
{
  LatJob *j = data;
  g_clear_object (&j->stats_store);
  g_clear_object (&j->top_store);
  g_free (j);
}

/* The worker: statistics over the range; the histogram and the longest
 * over the window. */
static gboolean
lat_job_run (LttvJob *job, gpointer data, GCancellable *cancellable, GError **error)
{
  LatJob *j = data;
  lttv_job_report (job, 0.0, 0);
  if (j->do_stats)
    {
      g_autoptr (GArray) st = lttv_latency_stats (j->l, j->kind, j->r0, j->r1 + 1, j->by);
      j->stats_store = latency_stats_store_new ();
      latency_stats_store_fill (j->stats_store, j->l, j->kind, j->by, st);
    }
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  lttv_job_report (job, 0.4, 0);
  if (j->do_window)
    {
      g_autoptr (GArray) all = lttv_latency_stats (j->l, j->kind, j->w0, j->w1 + 1,
                                                   LTTV_LATENCY_BY_KIND);
      const LttvLatencyStats *s = all->len > 0 ? &g_array_index (all, LttvLatencyStats, 0) : NULL;
      if (s != NULL && s->count > 0)
        {
          j->lo = s->min;
          j->hi = MAX (s->max, s->min + 1);
          if (g_cancellable_set_error_if_cancelled (cancellable, error))
            return FALSE;
          lttv_latency_histogram (j->l, j->kind, j->w0, j->w1 + 1, j->lo, j->hi, j->log_buckets,
                                  j->counts, N_BUCKETS);
          j->have_hist = TRUE;
        }
      lttv_job_report (job, 0.7, 0);
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      g_autoptr (GArray) top = lttv_latency_top (j->l, j->kind, j->w0, j->w1 + 1, TOP_N);
      j->top_store = latency_top_store_new ();
      latency_top_store_fill (j->top_store, j->l, j->kind, top);
    }
  lttv_job_report (job, 1.0, 0);
  return !g_cancellable_set_error_if_cancelled (cancellable, error);
}

static void
show_message (Latency *self, const char *text)
{
  gtk_label_set_text (GTK_LABEL (self->message), text);
  gtk_stack_set_visible_child_name (GTK_STACK (self->stack), "message");
}

/* Swaps `store` into `view`, keeping the user's sort. */
static void
swap_store (GtkTreeView *view, GtkListStore **current, GtkListStore *store)
{
  int col;
  GtkSortType order;
  gboolean sorted = gtk_tree_sortable_get_sort_column_id (GTK_TREE_SORTABLE (*current), &col, &order);
  g_object_unref (*current);
  *current = store;
  if (sorted)
    gtk_tree_sortable_set_sort_column_id (GTK_TREE_SORTABLE (store), col, order);
  gtk_tree_view_set_model (view, GTK_TREE_MODEL (store));
}

static void
job_done_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Latency *self = user_data;
  LttvJob *job = (LttvJob *) source;
  g_autoptr (GError) error = NULL;
  gboolean ok = lttv_job_finish (job, result, &error);
  if (!self->dead && self->job == job)
    {
      LatJob *j = g_object_get_data (G_OBJECT (job), "latency-job");
      if (ok && j != NULL)
        {
          if (j->stats_store != NULL)
            swap_store (GTK_TREE_VIEW (self->stats_view), &self->stats_store,
                        g_steal_pointer (&j->stats_store));
          if (j->top_store != NULL)
            {
              self->filling_top = TRUE;
              swap_store (GTK_TREE_VIEW (self->top_view), &self->top_store,
                          g_steal_pointer (&j->top_store));
              self->filling_top = FALSE;
              self->kind = j->kind;
              self->w0 = j->w0;
              self->w1 = j->w1;
              self->have_hist = j->have_hist;
              self->hist_log = j->log_buckets;
              self->hist_lo = j->lo;
              self->hist_hi = j->hi;
              memcpy (self->counts, j->counts, sizeof self->counts);
              gtk_widget_queue_draw (self->hist);
            }
        }
      else if (error != NULL && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        show_message (self, error->message);
      g_clear_object (&self->job);
    }
  latency_unref (self);
}

static LttvLatencyKind
chosen_kind (Latency *self)
{
  return (LttvLatencyKind) MAX (gtk_combo_box_get_active (GTK_COMBO_BOX (self->kind_combo)), 0);
}

static LttvLatencyGroupBy
chosen_by (Latency *self)
{
  static const LttvLatencyGroupBy bys[] = { LTTV_LATENCY_BY_NAME, LTTV_LATENCY_BY_THREAD,
                                            LTTV_LATENCY_BY_CPU };
  int i = gtk_combo_box_get_active (GTK_COMBO_BOX (self->by_combo));
  return bys[CLAMP (i, 0, 2)];
}

/* Says what the table covers. */
static void
update_range_label (Latency *self, gboolean selection, LttvTime t0, LttvTime t1)
{
  g_autofree char *a = lttv_viewer_context_format_time (self->ctx, t0);
  g_autofree char *b = lttv_viewer_context_format_time (self->ctx, t1);
  g_autofree char *text = g_strdup_printf (selection ? _("Statistics: the selection, %s – %s; "
                                                         "charts: the window")
                                                     : _("Statistics: the window, %s – %s"),
                                           a, b);
  gtk_label_set_text (GTK_LABEL (self->range_label), text);
}

static gboolean
refresh (gpointer data)
{
  Latency *self = data;
  self->refresh_id = 0;
  g_autofree char *why = NULL;
  LttvLatency *l = latency_of (self->ctx, &why);
  if (l == NULL)
    {
      show_message (self, why);
      return G_SOURCE_REMOVE;
    }
  gtk_stack_set_visible_child_name (GTK_STACK (self->stack), "content");
  LatJob *j = g_new0 (LatJob, 1);
  j->l = l;
  j->kind = chosen_kind (self);
  j->by = chosen_by (self);
  j->log_buckets = gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (self->log_buckets));
  lttv_viewer_context_get_window (self->ctx, &j->w0, &j->w1);
  gboolean sel = lttv_viewer_context_get_selection (self->ctx, &j->r0, &j->r1);
  if (!sel)
    j->r0 = j->w0, j->r1 = j->w1;
  update_range_label (self, sel, j->r0, j->r1);
  /* a job still running: its parts are asked again */
  if (self->job != NULL)
    {
      LatJob *old = g_object_get_data (G_OBJECT (self->job), "latency-job");
      self->dirty_stats |= old->do_stats;
      self->dirty_window |= old->do_window;
      lttv_job_cancel (self->job);
      g_clear_object (&self->job);
    }
  j->do_stats = self->dirty_stats;
  j->do_window = self->dirty_window;
  self->dirty_stats = self->dirty_window = FALSE;
  if (!j->do_stats && !j->do_window)
    {
      lat_job_free (j);
      return G_SOURCE_REMOVE;
    }
  self->job = lttv_viewer_context_run_job (self->ctx, _("Computing latency statistics"),
                                           lat_job_run, j, lat_job_free, job_done_cb,
                                           latency_ref (self));
  g_object_ref (self->job);
  g_object_set_data (G_OBJECT (self->job), "latency-job", j);
  return G_SOURCE_REMOVE;
}

static void
schedule_refresh (Latency *self, gboolean stats, gboolean window)
{
  self->dirty_stats |= stats;
  self->dirty_window |= window;
  if (self->refresh_id == 0)
    self->refresh_id = g_timeout_add (100, refresh, self);
}

static void
invalidate_charts (Latency *self)
{
  self->samples_valid = FALSE;
  gtk_widget_queue_draw (self->scatter);
  gtk_widget_queue_draw (self->hist);
}

static void
all_changed_cb (LttvViewerContext *ctx, Latency *self)
{
  invalidate_charts (self);
  schedule_refresh (self, TRUE, TRUE);
}

static void
window_changed_cb (LttvViewerContext *ctx, Latency *self)
{
  invalidate_charts (self);
  schedule_refresh (self, !lttv_viewer_context_get_selection (ctx, NULL, NULL), TRUE);
}

static void
selection_changed_cb (LttvViewerContext *ctx, Latency *self)
{
  gtk_widget_queue_draw (self->scatter);
  schedule_refresh (self, TRUE, FALSE);
}

static void
redraw_cb (LttvViewerContext *ctx, Latency *self)
{
  gtk_widget_queue_draw (self->scatter);
}

static void
kind_changed_cb (GtkComboBox *combo, Latency *self)
{
  self->have_hist = FALSE;
  invalidate_charts (self);
  schedule_refresh (self, TRUE, TRUE);
}

static void
by_changed_cb (GtkComboBox *combo, Latency *self)
{
  schedule_refresh (self, TRUE, FALSE);
}

static void
log_buckets_cb (GtkToggleButton *b, Latency *self)
{
  schedule_refresh (self, FALSE, TRUE);
}

static void
log_y_cb (GtkToggleButton *b, Latency *self)
{
  gtk_widget_queue_draw (self->scatter);
}

/* --- Going to an interval ------------------------------------------------- */

/* Every viewer follows: the current time at its beginning, the selection
 * over it. */
static void
go_to (Latency *self, LttvTime begin, guint64 duration)
{
  lttv_viewer_context_set_selection (self->ctx, begin, begin + duration);
  lttv_viewer_context_set_current_time (self->ctx, begin);
}

static void
top_selection_changed_cb (GtkTreeSelection *sel, Latency *self)
{
  GtkTreeModel *model;
  GtkTreeIter iter;
  if (self->filling_top || !gtk_tree_selection_get_selected (sel, &model, &iter))
    return;
  guint64 begin, duration;
  gtk_tree_model_get (model, &iter, LAT_TOP_BEGIN, &begin, LAT_TOP_DURATION, &duration, -1);
  go_to (self, begin, duration);
}

typedef struct {
  LttvLatency *l;
  LttvLatencyKind kind;
  LttvTime w0, w1;
  guint rank;   /* the longest of the bar is the rank-th longest */
  LttvLatencyInterval found;
  gboolean have;
} PickJob;

static gboolean
pick_job_run (LttvJob *job, gpointer data, GCancellable *cancellable, GError **error)
{
  PickJob *p = data;
  g_autoptr (GArray) top = lttv_latency_top (p->l, p->kind, p->w0, p->w1 + 1, p->rank);
  if (top->len == p->rank)
    {
      p->found = g_array_index (top, LttvLatencyInterval, p->rank - 1);
      p->have = TRUE;
    }
  return !g_cancellable_set_error_if_cancelled (cancellable, error);
}

static void
pick_done_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Latency *self = user_data;
  LttvJob *job = (LttvJob *) source;
  gboolean ok = lttv_job_finish (job, result, NULL);
  if (!self->dead && self->pick_job == job)
    {
      PickJob *p = g_object_get_data (G_OBJECT (job), "latency-pick");
      if (ok && p->have)
        go_to (self, p->found.begin, p->found.duration);
      g_clear_object (&self->pick_job);
    }
  latency_unref (self);
}

/* The longest interval of bar b: after those of the bars above it, so the
 * (k + 1)-th longest for the k intervals of the bars above. */
static void
pick_bar (Latency *self, int b)
{
  g_autofree char *why = NULL;
  LttvLatency *l = latency_of (self->ctx, &why);
  if (l == NULL || !self->have_hist || self->counts[b] == 0)
    return;
  guint64 above = 0;
  for (int i = b + 1; i < N_BUCKETS; i++)
    above += self->counts[i];
  if (above >= G_MAXUINT - 1)
    return;
  PickJob *p = g_new0 (PickJob, 1);
  *p = (PickJob) { l, self->kind, self->w0, self->w1, (guint) above + 1 };
  if (self->pick_job != NULL)
    {
      lttv_job_cancel (self->pick_job);
      g_clear_object (&self->pick_job);
    }
  self->pick_job = lttv_viewer_context_run_job (self->ctx, _("Finding the longest interval of the bar"),
                                                pick_job_run, p, g_free, pick_done_cb,
                                                latency_ref (self));
  g_object_ref (self->pick_job);
  g_object_set_data (G_OBJECT (self->pick_job), "latency-pick", p);
}

/* --- Scatter -------------------------------------------------------------- */

static char *
format_time (LttvTime t, gpointer ctx)
{
  return lttv_viewer_context_format_time (ctx, t);
}

static gboolean
scatter_ready (Latency *self, LatencyArea *a)
{
  int w = gtk_widget_get_allocated_width (self->scatter);
  int h = gtk_widget_get_allocated_height (self->scatter);
  latency_chart_area (w, h, a);
  g_autofree char *why = NULL;
  LttvLatency *l = latency_of (self->ctx, &why);
  if (l == NULL)
    return FALSE;
  LttvTime w0, w1;
  lttv_viewer_context_get_window (self->ctx, &w0, &w1);
  LttvLatencyKind kind = chosen_kind (self);
  if (!self->samples_valid || self->samples.n != (guint) a->w || self->samples.t0 != w0
      || self->samples.t1 != MAX (w1 + 1, w0 + 1))
    {
      latency_samples_compute (&self->samples, l, kind, w0, w1 + 1, (guint) a->w);
      self->samples_valid = TRUE;
    }
  return TRUE;
}

static gboolean
scatter_draw_cb (GtkWidget *widget, cairo_t *cr, Latency *self)
{
  int w = gtk_widget_get_allocated_width (widget), h = gtk_widget_get_allocated_height (widget);
  LatencyArea a;
  if (!scatter_ready (self, &a))
    return FALSE;
  LttvLatencyKind kind = chosen_kind (self);
  if (self->samples.n_points == 0)
    {
      g_autofree char *text = g_strdup_printf (_("%s: none begins in the window."),
                                               latency_kind_label (kind));
      latency_draw_message (cr, w, h, text);
      return FALSE;
    }
  gboolean log_y = gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (self->log_y));
  latency_scatter_draw (cr, &self->samples, &a, log_y, kind, format_time, self->ctx);
  /* the current time and the selection, as in the timelines */
  LttvMarks marks;
  lttv_marks_get (self->ctx, &marks);
  cairo_save (cr);
  cairo_rectangle (cr, a.x, a.y, a.w, a.h);
  cairo_clip (cr);
  cairo_translate (cr, a.x, a.y);
  lttv_marks_draw (&marks, cr, a.w, a.h, self->samples.t0, self->samples.t1, LTTV_MARKS_LINES);
  cairo_restore (cr);
  lttv_marks_clear (&marks);
  return FALSE;
}

static int
scatter_point_at (Latency *self, double x, double y)
{
  LatencyArea a;
  if (!scatter_ready (self, &a))
    return -1;
  gboolean log_y = gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (self->log_y));
  return latency_samples_hit (&self->samples, &a, log_y, x, y);
}

static gboolean
scatter_press_cb (GtkWidget *widget, GdkEventButton *ev, Latency *self)
{
  if (ev->button != GDK_BUTTON_PRIMARY || ev->type != GDK_BUTTON_PRESS)
    return FALSE;
  int c = scatter_point_at (self, ev->x, ev->y);
  if (c < 0)
    return FALSE;
  go_to (self, self->samples.col[c].begin, self->samples.col[c].duration);
  return TRUE;
}

static char *
interval_text (Latency *self, const LttvLatencyInterval *x)
{
  g_autofree char *why = NULL;
  LttvLatency *l = latency_of (self->ctx, &why);
  g_autofree char *d = latency_format_duration ((double) x->duration);
  g_autofree char *t = lttv_viewer_context_format_time (self->ctx, x->begin);
  return g_strdup_printf (_("%s: %s\nbegins at %s\nthread %d, CPU %d\nclick: go to it"),
                          l != NULL ? lttv_latency_name (l, chosen_kind (self), x->name) : "?",
                          d, t, x->tid, x->cpu);
}

static gboolean
scatter_tooltip_cb (GtkWidget *widget, int x, int y, gboolean keyboard, GtkTooltip *tip,
                    Latency *self)
{
  int c = scatter_point_at (self, x, y);
  if (c < 0)
    {
      gtk_tooltip_set_text (tip, _("The longest interval beginning in each pixel column of the "
                                   "window; click a point to go to it"));
      return TRUE;
    }
  g_autofree char *text = interval_text (self, &self->samples.col[c]);
  gtk_tooltip_set_text (tip, text);
  return TRUE;
}

/* --- Histogram ------------------------------------------------------------ */

static void
hist_area (Latency *self, LatencyArea *a)
{
  latency_chart_area (gtk_widget_get_allocated_width (self->hist),
                      gtk_widget_get_allocated_height (self->hist), a);
}

static gboolean
hist_draw_cb (GtkWidget *widget, cairo_t *cr, Latency *self)
{
  int w = gtk_widget_get_allocated_width (widget), h = gtk_widget_get_allocated_height (widget);
  if (!self->have_hist)
    {
      if (self->job == NULL)
        latency_draw_message (cr, w, h, _("No complete interval in the window."));
      return FALSE;
    }
  LatencyArea a;
  hist_area (self, &a);
  latency_histogram_draw (cr, self->counts, N_BUCKETS, self->hist_lo, self->hist_hi,
                          self->hist_log, &a, self->kind);
  return FALSE;
}

/* The durations of bucket b. */
static void
bucket_range (Latency *self, int b, double *lo, double *hi)
{
  double l0 = (double) self->hist_lo, l1 = (double) self->hist_hi;
  if (self->hist_log)
    {
      double a = log (MAX (l0, 1)), z = log (l1);
      *lo = exp (a + (z - a) * b / N_BUCKETS);
      *hi = exp (a + (z - a) * (b + 1) / N_BUCKETS);
    }
  else
    {
      *lo = l0 + (l1 - l0) * b / N_BUCKETS;
      *hi = l0 + (l1 - l0) * (b + 1) / N_BUCKETS;
    }
}

static gboolean
hist_press_cb (GtkWidget *widget, GdkEventButton *ev, Latency *self)
{
  if (ev->button != GDK_BUTTON_PRIMARY || ev->type != GDK_BUTTON_PRESS || !self->have_hist)
    return FALSE;
  LatencyArea a;
  hist_area (self, &a);
  int b = latency_histogram_hit (N_BUCKETS, &a, ev->x, ev->y);
  if (b < 0)
    return FALSE;
  pick_bar (self, b);
  return TRUE;
}

static gboolean
hist_tooltip_cb (GtkWidget *widget, int x, int y, gboolean keyboard, GtkTooltip *tip,
                 Latency *self)
{
  LatencyArea a;
  hist_area (self, &a);
  int b = self->have_hist ? latency_histogram_hit (N_BUCKETS, &a, x, y) : -1;
  if (b < 0)
    {
      gtk_tooltip_set_text (tip, _("How many intervals of the window last how long; click a bar "
                                   "to go to its longest interval"));
      return TRUE;
    }
  double lo, hi;
  bucket_range (self, b, &lo, &hi);
  g_autofree char *a0 = latency_format_duration (lo);
  g_autofree char *a1 = latency_format_duration (hi);
  char count[32];
  g_snprintf (count, sizeof count, "%" G_GUINT64_FORMAT, self->counts[b]);
  g_autofree char *text = g_strdup_printf (_("%s intervals from %s to %s\n"
                                             "click: go to the longest"), count, a0, a1);
  gtk_tooltip_set_text (tip, text);
  return TRUE;
}

/* --- Layout --------------------------------------------------------------- */

static GtkWidget *
chart (Latency *self, GCallback draw, GCallback press, GCallback tooltip, const char *name)
{
  GtkWidget *w = gtk_drawing_area_new ();
  gtk_widget_set_size_request (w, 200, 110);
  gtk_widget_add_events (w, GDK_BUTTON_PRESS_MASK);
  gtk_widget_set_has_tooltip (w, TRUE);
  gtk_widget_set_can_focus (w, TRUE);
  g_signal_connect (w, "draw", draw, self);
  g_signal_connect (w, "button-press-event", press, self);
  g_signal_connect (w, "query-tooltip", tooltip, self);
  atk_object_set_name (gtk_widget_get_accessible (w), name);
  return w;
}

static void
top_destroy_cb (GtkWidget *widget, Latency *self)
{
  self->dead = TRUE;
  if (self->refresh_id != 0)
    g_source_remove (self->refresh_id);
  self->refresh_id = 0;
  g_signal_handlers_disconnect_by_data (self->ctx, self);
  if (self->job != NULL)
    lttv_job_cancel (self->job);
  if (self->pick_job != NULL)
    lttv_job_cancel (self->pick_job);
  latency_unref (self);
}

static GtkWidget *
labelled_combo (GtkWidget *bar, const char *mnemonic, GtkWidget *combo, const char *tooltip)
{
  GtkWidget *label = gtk_label_new_with_mnemonic (mnemonic);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), combo);
  gtk_widget_set_tooltip_text (combo, tooltip);
  gtk_box_pack_start (GTK_BOX (bar), label, FALSE, FALSE, 0);
  gtk_box_pack_start (GTK_BOX (bar), combo, FALSE, FALSE, 0);
  return combo;
}

static GtkWidget *
latency_create (LttvViewerContext *ctx)
{
  Latency *self = g_new0 (Latency, 1);
  self->ref = 1;
  self->ctx = g_object_ref (ctx);
  self->stats_store = latency_stats_store_new ();
  self->top_store = latency_top_store_new ();

  self->top = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  g_object_set (self->top, "margin", 4, NULL);
  GtkWidget *bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  self->kind_combo = gtk_combo_box_text_new ();
  for (guint k = 0; k < LTTV_LATENCY_N_KINDS; k++)
    gtk_combo_box_text_append_text (GTK_COMBO_BOX_TEXT (self->kind_combo),
                                    latency_kind_label ((LttvLatencyKind) k));
  gtk_combo_box_set_active (GTK_COMBO_BOX (self->kind_combo), 0);
  labelled_combo (bar, _("_Kind:"), self->kind_combo,
                  _("Which intervals: system calls (entry to exit), scheduling latency (wakeup "
                    "to running), IRQ handlers, soft IRQs waiting (raise to entry) or running, "
                    "block requests (issue to completion)"));
  self->by_combo = gtk_combo_box_text_new ();
  gtk_combo_box_text_append_text (GTK_COMBO_BOX_TEXT (self->by_combo), _("Name"));
  gtk_combo_box_text_append_text (GTK_COMBO_BOX_TEXT (self->by_combo), _("Thread"));
  gtk_combo_box_text_append_text (GTK_COMBO_BOX_TEXT (self->by_combo), _("CPU"));
  gtk_combo_box_set_active (GTK_COMBO_BOX (self->by_combo), 0);
  labelled_combo (bar, _("_Group by:"), self->by_combo,
                  _("One row of statistics per name (system call, command, IRQ, device), per "
                    "thread or per CPU"));
  self->log_y = gtk_check_button_new_with_mnemonic (_("_Log durations"));
  gtk_widget_set_name (self->log_y, "log-durations");   /* (kept by sessions) */
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->log_y), TRUE);
  gtk_widget_set_tooltip_text (self->log_y, _("The scatter's duration axis: logarithmic, else "
                                              "linear from zero"));
  self->log_buckets = gtk_check_button_new_with_mnemonic (_("Log _buckets"));
  gtk_widget_set_name (self->log_buckets, "log-buckets");
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->log_buckets), TRUE);
  gtk_widget_set_tooltip_text (self->log_buckets, _("The histogram's buckets: of equal ratio "
                                                    "(logarithmic), else of equal width"));
  gtk_box_pack_start (GTK_BOX (bar), self->log_y, FALSE, FALSE, 0);
  gtk_box_pack_start (GTK_BOX (bar), self->log_buckets, FALSE, FALSE, 0);
  self->range_label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->range_label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (self->range_label), PANGO_ELLIPSIZE_END);
  gtk_widget_set_tooltip_text (self->range_label,
                               _("The statistics cover the intervals beginning in the tab's "
                                 "selection, else in its window; the charts and the longest, "
                                 "the window"));
  gtk_box_pack_start (GTK_BOX (bar), self->range_label, TRUE, TRUE, 0);

  self->stats_view = latency_stats_view_new (self->stats_store);
  self->top_view = latency_top_view_new (self->top_store, ctx);
  g_signal_connect (gtk_tree_view_get_selection (GTK_TREE_VIEW (self->top_view)), "changed",
                    G_CALLBACK (top_selection_changed_cb), self);
  self->scatter = chart (self, G_CALLBACK (scatter_draw_cb), G_CALLBACK (scatter_press_cb),
                         G_CALLBACK (scatter_tooltip_cb), _("Latency scatter chart"));
  self->hist = chart (self, G_CALLBACK (hist_draw_cb), G_CALLBACK (hist_press_cb),
                      G_CALLBACK (hist_tooltip_cb), _("Latency histogram"));

  GtkWidget *left = gtk_paned_new (GTK_ORIENTATION_VERTICAL);
  gtk_paned_pack1 (GTK_PANED (left), latency_titled (_("_Statistics"), latency_scrolled (self->stats_view),
                                             self->stats_view), TRUE, FALSE);
  gtk_paned_pack2 (GTK_PANED (left), latency_titled (_("_Longest 100 in the window"),
                                             latency_scrolled (self->top_view), self->top_view),
                   TRUE, FALSE);
  GtkWidget *right = gtk_paned_new (GTK_ORIENTATION_VERTICAL);
  gtk_paned_pack1 (GTK_PANED (right), latency_titled (_("Du_rations over time"), self->scatter,
                                              self->scatter), TRUE, FALSE);
  gtk_paned_pack2 (GTK_PANED (right), latency_titled (_("_Histogram of durations"), self->hist,
                                              self->hist), TRUE, FALSE);
  GtkWidget *split = gtk_paned_new (GTK_ORIENTATION_HORIZONTAL);
  gtk_paned_pack1 (GTK_PANED (split), left, TRUE, FALSE);
  gtk_paned_pack2 (GTK_PANED (split), right, TRUE, FALSE);

  self->message = gtk_label_new (NULL);
  gtk_label_set_line_wrap (GTK_LABEL (self->message), TRUE);
  gtk_label_set_justify (GTK_LABEL (self->message), GTK_JUSTIFY_CENTER);
  gtk_label_set_selectable (GTK_LABEL (self->message), TRUE);
  self->stack = gtk_stack_new ();
  gtk_stack_add_named (GTK_STACK (self->stack), self->message, "message");
  gtk_stack_add_named (GTK_STACK (self->stack), split, "content");
  gtk_widget_set_vexpand (self->stack, TRUE);
  gtk_box_pack_start (GTK_BOX (self->top), bar, FALSE, FALSE, 0);
  gtk_box_pack_start (GTK_BOX (self->top), self->stack, TRUE, TRUE, 0);

  g_signal_connect (self->kind_combo, "changed", G_CALLBACK (kind_changed_cb), self);
  g_signal_connect (self->by_combo, "changed", G_CALLBACK (by_changed_cb), self);
  g_signal_connect (self->log_y, "toggled", G_CALLBACK (log_y_cb), self);
  g_signal_connect (self->log_buckets, "toggled", G_CALLBACK (log_buckets_cb), self);
  g_signal_connect (self->top, "destroy", G_CALLBACK (top_destroy_cb), self);
  g_signal_connect (ctx, "traceset-changed", G_CALLBACK (all_changed_cb), self);
  g_signal_connect (ctx, "history-changed", G_CALLBACK (all_changed_cb), self);
  g_signal_connect (ctx, "window-changed", G_CALLBACK (window_changed_cb), self);
  g_signal_connect (ctx, "selection-changed", G_CALLBACK (selection_changed_cb), self);
  g_signal_connect (ctx, "current-time-changed", G_CALLBACK (redraw_cb), self);
  gtk_widget_show_all (self->top);
  g_autofree char *why = NULL;
  if (latency_of (ctx, &why) == NULL)
    show_message (self, why);
  else
    gtk_stack_set_visible_child_name (GTK_STACK (self->stack), "content");
  schedule_refresh (self, TRUE, TRUE);
  return self->top;
}

static const LttvViewerInfo latency_viewer = {
  .id = "latency",
  .label = N_("_Latency"),
  .gettext_domain = GETTEXT_PACKAGE,
  .icon_name = "utilities-system-monitor-symbolic",
  .create = latency_create,
  .render = latency_render,
};

static gboolean
latency_init (GError **error)
{
  lttv_viewer_register (&latency_viewer);
  lttv_viewer_register_text_export ("latency", latency_export_text);
  return TRUE;
}

LTTV_DEFINE_MODULE ("latency", N_("Latency"), GETTEXT_PACKAGE, PACKAGE_VERSION, latency_init,
                    NULL)
