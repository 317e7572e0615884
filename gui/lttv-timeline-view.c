/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "lttv-time-axis.h"
#include "lttv-marks.h"
#include "lttv-time-ruler.h"
#include "lttv-timeline-losses.h"
#include "lttv-timeline-view-private.h"

G_DEFINE_TYPE (LttvTimelineView, lttv_timeline_view, GTK_TYPE_GRID)

enum { ROW_SELECTED, ROW_CLICKED, N_SIGNALS };
static guint signals[N_SIGNALS];

/* --- Geometry ------------------------------------------------------------ */

void
lttv_timeline_view_window_of (LttvTimelineView *self, LttvTime *t0, LttvTime *t1)
{
  lttv_viewer_context_get_window (self->ctx, t0, t1);
  if (*t1 <= *t0)
    *t1 = *t0 + 1;
}

LttvTime
lttv_timeline_view_time_at (LttvTimelineView *self, double x)
{
  int width = MAX (gtk_widget_get_allocated_width (self->canvas), 1);
  LttvTime t0, t1;

  lttv_timeline_view_window_of (self, &t0, &t1);
  x = CLAMP (x, 0, width);
  return t0 + (LttvTime) ((double) (t1 - t0) * x / width);
}

guint
lttv_timeline_view_first_position (LttvTimelineView *self, int *offset)
{
  double v = gtk_adjustment_get_value (self->vadj);
  guint first = (guint) (v / LTTV_TIMELINE_ROW_HEIGHT);

  if (offset != NULL)
    *offset = -(int) (v - (double) first * LTTV_TIMELINE_ROW_HEIGHT);
  return first;
}

int
lttv_timeline_view_row_at (LttvTimelineView *self, double y)
{
  double v = gtk_adjustment_get_value (self->vadj) + y;
  guint pos;

  if (self->model == NULL || y < 0)
    return -1;
  pos = (guint) (v / LTTV_TIMELINE_ROW_HEIGHT);
  if (pos >= lttv_timeline_model_n_visible (self->model))
    return -1;
  return lttv_timeline_model_visible_row (self->model, pos, NULL);
}

void
lttv_timeline_view_update_adjustment (LttvTimelineView *self)
{
  double page = gtk_widget_get_allocated_height (self->canvas);
  double upper = self->model != NULL
                 ? (double) lttv_timeline_model_n_visible (self->model) * LTTV_TIMELINE_ROW_HEIGHT : 0;
  double value = CLAMP (gtk_adjustment_get_value (self->vadj), 0, MAX (upper - page, 0));

  gtk_adjustment_configure (self->vadj, value, 0, MAX (upper, page), LTTV_TIMELINE_ROW_HEIGHT,
                            MAX (page - LTTV_TIMELINE_ROW_HEIGHT, LTTV_TIMELINE_ROW_HEIGHT), page);
}

/* The names column ends where the tab's axis puts the charts (less the
 * handle that drags it); the scrollbar fills the axis' end margin. */
static void
update_names_width (LttvTimelineView *self)
{
  int start, end_margin;

  lttv_viewer_context_get_axis (self->ctx, &start, &end_margin);
  gtk_widget_set_size_request (self->names, MAX (start - LTTV_TIMELINE_HANDLE_WIDTH, 1), -1);
  gtk_widget_set_size_request (self->header, MAX (start - LTTV_TIMELINE_HANDLE_WIDTH, 1),
                               LTTV_TIMELINE_HEADER_HEIGHT);
  gtk_widget_set_size_request (self->scrollbar, end_margin, -1);
  gtk_widget_set_size_request (self->corner, end_margin, -1);
}

/* --- Drawing -------------------------------------------------------------- */

static gboolean
canvas_draw (GtkWidget *widget, cairo_t *cr, LttvTimelineView *self)
{
  int width = gtk_widget_get_allocated_width (widget);
  int height = gtk_widget_get_allocated_height (widget);
  LttvTime t0, t1;
  CacheKey key;
  int offset;

  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  if (self->model == NULL)
    return FALSE;
  lttv_timeline_view_update_matches (self);
  key = lttv_timeline_view_current_key (self);
  lttv_timeline_view_first_position (self, &offset);
  lttv_timeline_view_refresh_cache (self, &key);
  if (self->cache != NULL)
    {
      cairo_save (cr);
      if (lttv_timeline_view_key_equal (&self->cache_key, &key))
        cairo_set_source_surface (cr, self->cache, 0, offset);
      else
        {
          /* The old image moved and scaled to the new window, until the
           * worker's image is ready. */
          const CacheKey *o = &self->cache_key;
          double scale = (double) (o->t1 - o->t0) / (double) (key.t1 - key.t0) * width / MAX (o->width, 1);
          double dx = ((double) o->t0 - (double) key.t0) * width / (double) (key.t1 - key.t0);
          double dy = ((double) o->first - (double) key.first) * LTTV_TIMELINE_ROW_HEIGHT + offset;
          cairo_translate (cr, dx, dy);
          cairo_scale (cr, scale, 1);
          cairo_set_source_surface (cr, self->cache, 0, 0);
        }
      cairo_paint (cr);
      cairo_restore (cr);
    }
  lttv_timeline_view_window_of (self, &t0, &t1);
  if (self->overlay_func != NULL)
    {
      cairo_save (cr);
      self->overlay_func (self, cr, width, height, t0, t1, self->overlay_data);
      cairo_restore (cr);
    }
  lttv_timeline_losses_draw (lttv_timeline_model_get_losses (self->model), self->model, cr,
                             width, height, -gtk_adjustment_get_value (self->vadj), t0, t1);
  lttv_timeline_view_draw_matches (self, cr, width, height);
  if (self->selected >= 0)
    {
      int pos = lttv_timeline_model_row_position (self->model, self->selected);
      if (pos >= 0)
        {
          double y = (double) pos * LTTV_TIMELINE_ROW_HEIGHT - gtk_adjustment_get_value (self->vadj);
          cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 0.15);
          cairo_rectangle (cr, 0, y, width, LTTV_TIMELINE_ROW_HEIGHT);
          cairo_fill (cr);
        }
    }
  {
    LttvMarks marks;
    lttv_marks_get (self->ctx, &marks);
    lttv_marks_draw (&marks, cr, width, height, t0, t1, LTTV_MARKS_LINES | LTTV_MARKS_DURATION);
    lttv_marks_clear (&marks);
  }
  if (self->hover_x >= 0)
    {
      static const double dash[] = { 3, 3 };
      cairo_set_source_rgba (cr, 0.2, 0.2, 0.2, 0.6);
      cairo_set_line_width (cr, 1);
      cairo_set_dash (cr, dash, 2, 0);
      cairo_move_to (cr, floor (self->hover_x) + 0.5, 0);
      cairo_line_to (cr, floor (self->hover_x) + 0.5, height);
      cairo_stroke (cr);
    }
  return FALSE;
}

static gboolean
names_draw (GtkWidget *widget, cairo_t *cr, LttvTimelineView *self)
{
  int offset;
  guint first;

  if (self->model == NULL)
    return FALSE;
  first = lttv_timeline_view_first_position (self, &offset);
  lttv_timeline_model_draw_names (self->model, cr, gtk_widget_get_allocated_width (widget),
                                  gtk_widget_get_allocated_height (widget), first, offset,
                                  self->selected);
  return FALSE;
}

static gboolean
header_draw (GtkWidget *widget, cairo_t *cr, LttvTimelineView *self)
{
  if (self->model != NULL)
    lttv_timeline_model_draw_header (self->model, cr, gtk_widget_get_allocated_width (widget));
  return FALSE;
}

static gboolean
legend_draw (GtkWidget *widget, cairo_t *cr, LttvTimelineView *self)
{
  if (self->model != NULL)
    lttv_timeline_model_draw_legend (self->model, cr, gtk_widget_get_allocated_width (widget));
  return FALSE;
}

/* The popover's legend as wide as the view's legend line would be. */
static void
legend_toggled (GtkToggleButton *button, LttvTimelineView *self)
{
  if (gtk_toggle_button_get_active (button))
    gtk_widget_set_size_request (self->popover_legend,
                                 MAX (gtk_widget_get_allocated_width (GTK_WIDGET (self)) - 40, 300),
                                 LTTV_TIMELINE_LEGEND_HEIGHT);
}

/* --- Public API ----------------------------------------------------------- */

void
lttv_timeline_view_invalidate (LttvTimelineView *self)
{
  g_return_if_fail (LTTV_IS_TIMELINE_VIEW (self));
  self->generation++;
  gtk_widget_queue_draw (self->canvas);
}

void
lttv_timeline_view_refilter (LttvTimelineView *self)
{
  g_return_if_fail (LTTV_IS_TIMELINE_VIEW (self));
  if (self->model != NULL)
    lttv_timeline_model_refilter (self->model);
  update_names_width (self);
  lttv_timeline_view_update_adjustment (self);
  lttv_timeline_view_invalidate (self);
  gtk_widget_queue_draw (self->names);
  gtk_widget_queue_draw (self->header);
  gtk_widget_queue_draw (self->legend);
  gtk_widget_queue_draw (self->popover_legend);
}

void
lttv_timeline_view_set_model (LttvTimelineView *self, LttvTimelineModel *model)
{
  g_return_if_fail (LTTV_IS_TIMELINE_VIEW (self));
  if (model != NULL)
    lttv_timeline_model_ref (model);
  g_clear_pointer (&self->model, lttv_timeline_model_unref);
  self->model = model;
  self->selected = -1;
  if (self->pending != NULL)
    g_cancellable_cancel (self->pending);
  g_clear_object (&self->pending);
  g_clear_pointer (&self->cache, cairo_surface_destroy);
  self->last_draw_ms = -1;
  lttv_timeline_view_clear_matches (self);
  lttv_timeline_view_refilter (self);
}

LttvTimelineModel *
lttv_timeline_view_get_model (LttvTimelineView *self)
{
  return self->model;
}

void
lttv_timeline_view_set_tooltip_func (LttvTimelineView *self, LttvTimelineTooltipFunc func,
                                     gpointer data)
{
  self->tooltip_func = func;
  self->tooltip_data = data;
}

void
lttv_timeline_view_set_overlay_func (LttvTimelineView *self, LttvTimelineOverlayFunc func,
                                     gpointer data)
{
  self->overlay_func = func;
  self->overlay_data = data;
  gtk_widget_queue_draw (self->canvas);
}

double
lttv_timeline_view_row_y (LttvTimelineView *self, int row)
{
  int pos = self->model != NULL ? lttv_timeline_model_row_position (self->model, row) : -1;
  if (pos < 0)
    return -1;
  return (double) pos * LTTV_TIMELINE_ROW_HEIGHT + LTTV_TIMELINE_ROW_HEIGHT / 2.0
         - gtk_adjustment_get_value (self->vadj);
}

int
lttv_timeline_view_get_selected_row (LttvTimelineView *self)
{
  return self->selected;
}

void
lttv_timeline_view_select_row (LttvTimelineView *self, int row)
{
  int pos;

  g_return_if_fail (LTTV_IS_TIMELINE_VIEW (self));
  if (self->model == NULL || row >= (int) lttv_timeline_model_n_rows (self->model))
    row = -1;
  if (row >= 0 && (pos = lttv_timeline_model_row_position (self->model, row)) >= 0)
    {
      double y = (double) pos * LTTV_TIMELINE_ROW_HEIGHT, v = gtk_adjustment_get_value (self->vadj);
      double page = gtk_adjustment_get_page_size (self->vadj);
      if (y < v)
        gtk_adjustment_set_value (self->vadj, y);
      else if (y + LTTV_TIMELINE_ROW_HEIGHT > v + page)
        gtk_adjustment_set_value (self->vadj, y + LTTV_TIMELINE_ROW_HEIGHT - page);
    }
  if (row == self->selected)
    return;
  self->selected = row;
  gtk_widget_queue_draw (self->names);
  gtk_widget_queue_draw (self->canvas);
  g_signal_emit (self, signals[ROW_SELECTED], 0, row);
}

void
lttv_timeline_view_zoom (LttvTimelineView *self, double factor, LttvTime at)
{
  LttvTime t0, t1, begin, end;
  double span, left, new_span;
  double s;

  lttv_timeline_view_window_of (self, &t0, &t1);
  lttv_viewer_context_get_bounds (self->ctx, &begin, &end);
  span = (double) (t1 - t0);
  new_span = MAX (span / factor, MIN_SPAN);
  if (end > begin)
    new_span = MIN (new_span, (double) (end - begin));
  left = ((double) at - (double) t0) * new_span / span;
  s = (double) at - left;
  if (s < (double) begin)
    s = begin;
  if (end > begin && s + new_span > (double) end)
    s = (double) end - new_span;
  lttv_viewer_context_set_window (self->ctx, (LttvTime) llround (s),
                                  (LttvTime) llround (s + new_span));
}

void
lttv_timeline_view_pan (LttvTimelineView *self, double fraction)
{
  LttvTime t0, t1, begin, end;
  double shift;

  lttv_timeline_view_window_of (self, &t0, &t1);
  lttv_viewer_context_get_bounds (self->ctx, &begin, &end);
  shift = fraction * (double) (t1 - t0);
  if ((double) t0 + shift < (double) begin)
    shift = (double) begin - (double) t0;
  if (end > begin && (double) t1 + shift > (double) end)
    shift = (double) end - (double) t1;
  lttv_viewer_context_set_window (self->ctx, (LttvTime) ((double) t0 + shift),
                                  (LttvTime) ((double) t1 + shift));
}

/* Keeps `t` in the window, moving it by whole windows' halves. */
static void
reveal (LttvTimelineView *self, LttvTime t)
{
  LttvTime t0, t1;
  lttv_timeline_view_window_of (self, &t0, &t1);
  if (t < t0 || t > t1)
    {
      LttvTime half = (t1 - t0) / 2;
      LttvTime s = t > half ? t - half : 0;
      lttv_viewer_context_set_window (self->ctx, s, s + (t1 - t0));
    }
}

gboolean
lttv_timeline_view_step_change (LttvTimelineView *self, gboolean forward)
{
  LttvTime now = lttv_viewer_context_get_current_time (self->ctx), to;
  const LttvTimelineRow *row;
  LttvHistory *h;
  LttvInterval iv;

  if (self->model == NULL || self->selected < 0)
    return FALSE;
  row = lttv_timeline_model_get_row (self->model, self->selected);
  h = lttv_timeline_model_get_history (self->model);
  if (row->attr == LTTV_ATTR_NONE || !lttv_history_query (h, row->attr, now, &iv))
    return FALSE;
  if (forward)
    {
      LttvTime committed = lttv_history_committed_end (h);
      if (iv.end == LTTV_TIME_NONE || iv.end >= committed)
        return FALSE;
      to = iv.end + 1;
    }
  else if (now > iv.start)
    to = iv.start;
  else if (now > 0 && lttv_history_query (h, row->attr, now - 1, &iv))
    to = iv.start;
  else
    return FALSE;
  lttv_viewer_context_set_current_time (self->ctx, to);
  reveal (self, to);
  return TRUE;
}

GtkWidget *
lttv_timeline_view_get_canvas (LttvTimelineView *self)
{
  return self->canvas;
}

double
lttv_timeline_view_last_draw_ms (LttvTimelineView *self)
{
  return self->last_draw_ms;
}

char *
lttv_timeline_view_tooltip_at (LttvTimelineView *self, double x, double y)
{
  int i = lttv_timeline_view_row_at (self, y);
  LttvTime t = lttv_timeline_view_time_at (self, x);
  const LttvTimelineRow *row;
  LttvHistory *h;
  LttvInterval iv;
  GString *text;
  char buf[64];
  const char *state;

  if (i < 0)
    return NULL;
  row = lttv_timeline_model_get_row (self->model, i);
  h = lttv_timeline_model_get_history (self->model);
  text = g_string_new (row->cells[0]);
  if (row->cells[1] != NULL && row->cells[1][0] != '\0')
    g_string_append_printf (text, " (%s)", row->cells[1]);
  if (row->attr != LTTV_ATTR_NONE && lttv_history_query (h, row->attr, t, &iv)
      && (state = lttv_timeline_model_value_text (self->model, row, iv.value, buf)) != NULL)
    {
      g_autofree char *start = lttv_viewer_context_format_time (self->ctx, iv.start);
      g_autofree char *end = lttv_viewer_context_format_time (self->ctx, iv.end);
      g_string_append_printf (text, "\n%s: %s", _("State"), state);
      g_string_append_printf (text, "\n%s: %s", _("Start"), start);
      g_string_append_printf (text, "\n%s: %s", _("End"), end);
      g_string_append_printf (text, "\n%s: %.9f s", _("Duration"), (iv.end - iv.start + 1) / 1e9);
    }
  if (self->tooltip_func != NULL)
    {
      g_autofree char *extra = self->tooltip_func (self->model, row, t, self->tooltip_data);
      if (extra != NULL && extra[0] != '\0')
        g_string_append_printf (text, "\n%s", extra);
    }
  return g_string_free (text, FALSE);
}

static void
vadj_changed (GtkAdjustment *adj, LttvTimelineView *self)
{
  gtk_widget_queue_draw (self->names);
  gtk_widget_queue_draw (self->canvas);
}

static void
ctx_changed (LttvViewerContext *ctx, LttvTimelineView *self)
{
  gtk_widget_queue_draw (self->canvas);
}

static void
size_changed (GtkWidget *widget, GdkRectangle *alloc, LttvTimelineView *self)
{
  lttv_timeline_view_update_adjustment (self);
}

/* --- The names column's handle ------------------------------------------ */

static gboolean
handle_draw (GtkWidget *widget, cairo_t *cr, LttvTimelineView *self)
{
  GtkStyleContext *style = gtk_widget_get_style_context (widget);
  int w = gtk_widget_get_allocated_width (widget), h = gtk_widget_get_allocated_height (widget);

  gtk_render_background (style, cr, 0, 0, w, h);
  cairo_set_source_rgba (cr, 0.5, 0.5, 0.5, 0.6);
  cairo_rectangle (cr, w / 2, 0, 1, h);
  cairo_fill (cr);
  return FALSE;
}

static gboolean
handle_press (GtkWidget *widget, GdkEventButton *event, LttvTimelineView *self)
{
  if (event->button != GDK_BUTTON_PRIMARY)
    return FALSE;
  self->handle_dragging = TRUE;
  self->handle_press_x = event->x_root;
  lttv_viewer_context_get_axis (self->ctx, &self->handle_press_start, NULL);
  return TRUE;
}

static gboolean
handle_motion (GtkWidget *widget, GdkEventMotion *event, LttvTimelineView *self)
{
  int total = gtk_widget_get_allocated_width (GTK_WIDGET (self));

  if (!self->handle_dragging)
    return FALSE;
  /* (the chart keeps a third of the width) */
  lttv_viewer_context_set_axis_start (self->ctx,
                                      MIN (self->handle_press_start
                                           + (int) (event->x_root - self->handle_press_x),
                                           MAX (total * 2 / 3, LTTV_TIME_AXIS_MIN_START)));
  return TRUE;
}

static gboolean
handle_release (GtkWidget *widget, GdkEventButton *event, LttvTimelineView *self)
{
  self->handle_dragging = FALSE;
  return FALSE;
}

static void
handle_realize (GtkWidget *widget, gpointer unused)
{
  g_autoptr (GdkCursor) cursor = gdk_cursor_new_from_name (gtk_widget_get_display (widget), "col-resize");
  gdk_window_set_cursor (gtk_widget_get_window (widget), cursor);
}

static void
axis_changed (LttvViewerContext *ctx, LttvTimelineView *self)
{
  update_names_width (self);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

void
lttv_timeline_view_set_title_row (LttvTimelineView *self, GtkWidget *row)
{
  g_return_if_fail (LTTV_IS_TIMELINE_VIEW (self));
  if (self->title_row == row)
    return;
  if (self->title_row != NULL)
    gtk_container_remove (GTK_CONTAINER (self), self->title_row);
  self->title_row = row;
  if (row != NULL)
    {
      /* (it may be wider than the chart: clipped rather than widening
       * the window) */
      gtk_widget_set_hexpand (row, TRUE);
      gtk_grid_attach (GTK_GRID (self), row, 2, 0, 1, 1);
      gtk_widget_show (row);
    }
  gtk_widget_set_visible (self->ruler, row == NULL);
  gtk_widget_set_visible (self->legend, row == NULL);
}

GtkWidget *
lttv_timeline_view_get_legend_button (LttvTimelineView *self)
{
  g_return_val_if_fail (LTTV_IS_TIMELINE_VIEW (self), NULL);
  return self->legend_button;
}

/* --- Construction --------------------------------------------------------- */

static void
lttv_timeline_view_dispose (GObject *object)
{
  LttvTimelineView *self = LTTV_TIMELINE_VIEW (object);

  if (self->pending != NULL)
    g_cancellable_cancel (self->pending);
  g_clear_object (&self->pending);
  lttv_timeline_view_clear_matches (self);
  if (self->ctx != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->ctx, self);
      g_signal_handlers_disconnect_by_data (lttv_viewer_context_get_bookmarks (self->ctx), self);
    }
  g_clear_object (&self->ctx);
  g_clear_object (&self->legend_button);
  g_clear_pointer (&self->model, lttv_timeline_model_unref);
  g_clear_pointer (&self->cache, cairo_surface_destroy);
  G_OBJECT_CLASS (lttv_timeline_view_parent_class)->dispose (object);
}

static void
lttv_timeline_view_class_init (LttvTimelineViewClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = lttv_timeline_view_dispose;
  signals[ROW_SELECTED] = g_signal_new ("row-selected", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                        0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);
  signals[ROW_CLICKED] = g_signal_new ("row-clicked", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                       0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_INT, G_TYPE_UINT64);
}

static void
lttv_timeline_view_init (LttvTimelineView *self)
{
  self->selected = -1;
  self->hover_x = -1;
  self->last_draw_ms = -1;
}

static GtkWidget *
area (LttvTimelineView *self, GCallback draw, GdkEventMask events)
{
  GtkWidget *a = gtk_drawing_area_new ();
  gtk_widget_add_events (a, events);
  g_signal_connect (a, "draw", draw, self);
  return a;
}

GtkWidget *
lttv_timeline_view_new (LttvViewerContext *ctx)
{
  LttvTimelineView *self = g_object_new (LTTV_TYPE_TIMELINE_VIEW, NULL);
  static const char *redraws[] = { "window-changed", "current-time-changed", "selection-changed",
                                   "filter-changed" };
  GtkWidget *ruler, *handle, *popover;

  self->ctx = g_object_ref (ctx);
  self->vadj = gtk_adjustment_new (0, 0, 1, LTTV_TIMELINE_ROW_HEIGHT, 100, 1);
  g_signal_connect (self->vadj, "value-changed", G_CALLBACK (vadj_changed), self);

  self->header = area (self, G_CALLBACK (header_draw), GDK_BUTTON_PRESS_MASK);
  gtk_widget_set_tooltip_text (self->header, _("Click a column title to sort by it"));
  ruler = lttv_time_ruler_new (ctx);
  gtk_widget_set_size_request (ruler, -1, LTTV_TIMELINE_HEADER_HEIGHT);
  gtk_widget_set_hexpand (ruler, TRUE);

  self->names = area (self, G_CALLBACK (names_draw), GDK_BUTTON_PRESS_MASK | GDK_SCROLL_MASK
                                                     | GDK_SMOOTH_SCROLL_MASK);
  gtk_widget_set_tooltip_text (self->names, _("Click to select a row; click the triangle or "
                                              "double-click to fold its children; right-click "
                                              "to hide rows"));

  self->canvas = area (self, G_CALLBACK (canvas_draw),
                       GDK_BUTTON_PRESS_MASK | GDK_BUTTON_RELEASE_MASK | GDK_POINTER_MOTION_MASK
                       | GDK_LEAVE_NOTIFY_MASK | GDK_SCROLL_MASK | GDK_SMOOTH_SCROLL_MASK
                       | GDK_KEY_PRESS_MASK);
  gtk_widget_set_can_focus (self->canvas, TRUE);
  gtk_widget_set_hexpand (self->canvas, TRUE);
  gtk_widget_set_vexpand (self->canvas, TRUE);
  gtk_widget_set_has_tooltip (self->canvas, TRUE);
  g_signal_connect (self->canvas, "size-allocate", G_CALLBACK (size_changed), self);

  self->scrollbar = gtk_scrollbar_new (GTK_ORIENTATION_VERTICAL, self->vadj);
  self->corner = gtk_drawing_area_new ();
  /* An event box of its own, so that its cursor shows. */
  handle = area (self, G_CALLBACK (handle_draw), GDK_BUTTON_PRESS_MASK | GDK_BUTTON_RELEASE_MASK
                                                 | GDK_POINTER_MOTION_MASK);
  gtk_widget_set_size_request (handle, LTTV_TIMELINE_HANDLE_WIDTH, -1);
  gtk_widget_set_tooltip_text (handle, _("Drag to widen the name columns of every timeline"));
  g_signal_connect (handle, "button-press-event", G_CALLBACK (handle_press), self);
  g_signal_connect (handle, "motion-notify-event", G_CALLBACK (handle_motion), self);
  g_signal_connect (handle, "button-release-event", G_CALLBACK (handle_release), self);
  g_signal_connect (handle, "realize", G_CALLBACK (handle_realize), NULL);
  self->legend = area (self, G_CALLBACK (legend_draw), 0);
  gtk_widget_set_size_request (self->legend, -1, LTTV_TIMELINE_LEGEND_HEIGHT);
  gtk_widget_set_tooltip_text (self->legend, _("Colours of the states (the same in every view)"));
  /* The same legend, in a popover, when the view has the tab's title row
   * (no room for a line of its own). */
  self->popover_legend = area (self, G_CALLBACK (legend_draw), 0);
  gtk_widget_set_size_request (self->popover_legend, 600, LTTV_TIMELINE_LEGEND_HEIGHT);
  gtk_widget_show (self->popover_legend);
  popover = gtk_popover_new (NULL);
  gtk_container_add (GTK_CONTAINER (popover), self->popover_legend);
  self->legend_button = g_object_ref_sink (gtk_menu_button_new ());
  gtk_menu_button_set_popover (GTK_MENU_BUTTON (self->legend_button), popover);
  gtk_button_set_image (GTK_BUTTON (self->legend_button),
                        gtk_image_new_from_icon_name ("view-list-bullet-symbolic", GTK_ICON_SIZE_BUTTON));
  gtk_widget_set_tooltip_text (self->legend_button, _("Legend: the colours of the states (the same in every view)"));
  gtk_widget_set_focus_on_click (self->legend_button, FALSE);
  g_signal_connect (self->legend_button, "toggled", G_CALLBACK (legend_toggled), self);
  self->ruler = ruler;
  /* (shown or hidden by lttv_timeline_view_set_title_row alone) */
  gtk_widget_show (ruler);
  gtk_widget_show (self->legend);
  gtk_widget_set_no_show_all (ruler, TRUE);
  gtk_widget_set_no_show_all (self->legend, TRUE);

  /* Columns: names | handle | chart | scrollbar, the chart where the
   * tab's axis puts it (no spacing: the axis counts every pixel). */
  gtk_grid_attach (GTK_GRID (self), self->header, 0, 0, 1, 1);
  gtk_grid_attach (GTK_GRID (self), handle, 1, 0, 1, 2);
  gtk_grid_attach (GTK_GRID (self), ruler, 2, 0, 1, 1);
  gtk_grid_attach (GTK_GRID (self), self->corner, 3, 0, 1, 1);
  gtk_grid_attach (GTK_GRID (self), self->names, 0, 1, 1, 1);
  gtk_grid_attach (GTK_GRID (self), self->canvas, 2, 1, 1, 1);
  gtk_grid_attach (GTK_GRID (self), self->scrollbar, 3, 1, 1, 1);
  gtk_grid_attach (GTK_GRID (self), self->legend, 0, 2, 4, 1);
  g_signal_connect (ctx, "axis-changed", G_CALLBACK (axis_changed), self);

  for (guint i = 0; i < G_N_ELEMENTS (redraws); i++)
    g_signal_connect (ctx, redraws[i], G_CALLBACK (ctx_changed), self);
  g_signal_connect (lttv_viewer_context_get_bookmarks (ctx), "changed", G_CALLBACK (ctx_changed), self);
  lttv_timeline_view_connect_input (self);
  update_names_width (self);
  return GTK_WIDGET (self);
}

