/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "lttv-marks.h"
#include "lttv-time-ruler.h"

struct _LttvTimeRuler
{
  GtkDrawingArea parent_instance;

  LttvViewerContext *ctx;
  gboolean pressed;
  double press_x;
  gboolean selecting;
  gboolean on_axis;   /* spans the tab: the chart part only is the ruler */
};

G_DEFINE_TYPE (LttvTimeRuler, lttv_time_ruler, GTK_TYPE_DRAWING_AREA)

/* 1, 2 or 5 times a power of ten, so that ticks are at least `min` apart. */
static double
nice_step (double min)
{
  double p = pow (10, floor (log10 (min)));
  if (p >= min)
    return p;
  if (2 * p >= min)
    return 2 * p;
  if (5 * p >= min)
    return 5 * p;
  return 10 * p;
}

static char *
tick_label (double seconds, double step)
{
  int decimals = step >= 1e9 ? 0 : CLAMP ((int) ceil (-log10 (step / 1e9)), 0, 9);
  return g_strdup_printf ("%.*f", decimals, seconds);
}

void
lttv_time_ruler_render (cairo_t *cr, int width, int height, LttvTime start,
                        LttvTime end, LttvTime origin)
{
  double span = end > start ? (double) (end - start) : 1;
  double per_px = span / MAX (width, 1);
  double step = nice_step (per_px * 80);
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string ("Sans 8");

  pango_layout_set_font_description (layout, font);
  cairo_set_line_width (cr, 1);
  cairo_set_source_rgba (cr, 0.3, 0.3, 0.3, 1);
  cairo_move_to (cr, 0, height - 0.5);
  cairo_line_to (cr, width, height - 0.5);
  cairo_stroke (cr);
  /* Ticks at multiples of `step` from the origin, counted (far from the
   * origin, t + step may round back to t: no loop on t itself). */
  double rel_start = (double) start - (double) origin;
  double first = ceil (rel_start / step) * step;
  int n_ticks = (int) MIN (floor ((rel_start + span - first) / step) + 1, (double) width / 40 + 2);
  for (int k = 0; k < n_ticks; k++)
    {
      double t = first + k * step;
      double x = floor ((t - rel_start) / per_px) + 0.5;
      g_autofree char *label = tick_label (t / 1e9, step);

      cairo_move_to (cr, x, height - 8);
      cairo_line_to (cr, x, height);
      cairo_stroke (cr);
      pango_layout_set_text (layout, label, -1);
      cairo_move_to (cr, x + 2, 1);
      pango_cairo_show_layout (cr, layout);
    }
  pango_font_description_free (font);
  g_object_unref (layout);
}

/* Where the ticks go: the whole widget, or on the tab's axis the part
 * above the timelines' charts. */
static void
chart_of (LttvTimeRuler *self, int *x0, int *width)
{
  int all = gtk_widget_get_allocated_width (GTK_WIDGET (self)), start = 0, end_margin = 0;

  if (self->on_axis && self->ctx != NULL)
    lttv_viewer_context_get_axis (self->ctx, &start, &end_margin);
  *x0 = MIN (start, all);
  *width = MAX (all - start - end_margin, 1);
}

static LttvTime
time_at (LttvTimeRuler *self, double x)
{
  int x0, width;

  chart_of (self, &x0, &width);
  return lttv_viewer_context_x_to_time (self->ctx, x - x0, width);
}

static gboolean
lttv_time_ruler_draw (GtkWidget *widget, cairo_t *cr)
{
  LttvTimeRuler *self = LTTV_TIME_RULER (widget);
  GtkStyleContext *style = gtk_widget_get_style_context (widget);
  int width, x0;
  int height = gtk_widget_get_allocated_height (widget);
  LttvTime start, end, begin;
  GdkRGBA fg;

  gtk_render_background (style, cr, 0, 0, gtk_widget_get_allocated_width (widget), height);
  if (self->ctx == NULL)
    return FALSE;
  chart_of (self, &x0, &width);
  cairo_translate (cr, x0, 0);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_clip (cr);
  lttv_viewer_context_get_window (self->ctx, &start, &end);
  lttv_viewer_context_get_bounds (self->ctx, &begin, NULL);
  gtk_style_context_get_color (style, gtk_widget_get_state_flags (widget), &fg);
  gdk_cairo_set_source_rgba (cr, &fg);
  lttv_time_ruler_render (cr, width, height, start, end, begin);
  {
    LttvMarks marks;
    lttv_marks_get (self->ctx, &marks);
    lttv_marks_draw (&marks, cr, width, height, start, end, LTTV_MARKS_LINES | LTTV_MARKS_LABELS);
    lttv_marks_clear (&marks);
  }
  return FALSE;
}

static gboolean
lttv_time_ruler_button_press (GtkWidget *widget, GdkEventButton *event)
{
  LttvTimeRuler *self = LTTV_TIME_RULER (widget);

  if (event->button != GDK_BUTTON_PRIMARY || self->ctx == NULL)
    return FALSE;
  self->pressed = TRUE;
  self->selecting = FALSE;
  self->press_x = event->x;
  return TRUE;
}

static gboolean
lttv_time_ruler_motion (GtkWidget *widget, GdkEventMotion *event)
{
  LttvTimeRuler *self = LTTV_TIME_RULER (widget);

  if (!self->pressed)
    return FALSE;
  if (fabs (event->x - self->press_x) > 3)
    self->selecting = TRUE;
  if (self->selecting)
    lttv_viewer_context_set_selection (self->ctx, time_at (self, self->press_x), time_at (self, event->x));
  return TRUE;
}

static gboolean
lttv_time_ruler_button_release (GtkWidget *widget, GdkEventButton *event)
{
  LttvTimeRuler *self = LTTV_TIME_RULER (widget);

  if (!self->pressed)
    return FALSE;
  self->pressed = FALSE;
  if (!self->selecting && (event->state & GDK_SHIFT_MASK))
    lttv_marks_extend_selection (self->ctx, time_at (self, event->x));
  else if (!self->selecting)
    lttv_viewer_context_set_current_time (self->ctx, time_at (self, event->x));
  return TRUE;
}

static gboolean
lttv_time_ruler_scroll (GtkWidget *widget, GdkEventScroll *event)
{
  LttvTimeRuler *self = LTTV_TIME_RULER (widget);
  LttvTime start, end, span;
  gboolean up = event->direction == GDK_SCROLL_UP
                || (event->direction == GDK_SCROLL_SMOOTH && event->delta_y < 0);

  if (self->ctx == NULL)
    return FALSE;
  lttv_viewer_context_get_window (self->ctx, &start, &end);
  span = end - start;
  if (event->state & GDK_CONTROL_MASK)
    {
      /* Zoom around the pointer. */
      LttvTime at = time_at (self, event->x);
      double f = up ? 0.8 : 1.25;
      LttvTime left = (LttvTime) ((at - start) * f), new_span = MAX ((LttvTime) (span * f), 1);
      LttvTime s = at > left ? at - left : 0;
      lttv_viewer_context_set_window (self->ctx, s, s + new_span);
    }
  else
    {
      LttvTime shift = MAX (span / 10, 1);
      if (up)
        lttv_viewer_context_drag_window (self->ctx, start > shift ? start - shift : 0,
                                         start > shift ? end - shift : span);
      else
        lttv_viewer_context_drag_window (self->ctx, start + shift, end + shift);
      lttv_viewer_context_end_drag (self->ctx);
    }
  return TRUE;
}

void
lttv_time_ruler_set_on_axis (LttvTimeRuler *self, gboolean on_axis)
{
  g_return_if_fail (LTTV_IS_TIME_RULER (self));
  self->on_axis = on_axis;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
redraw_cb (LttvViewerContext *ctx, GtkWidget *widget)
{
  gtk_widget_queue_draw (widget);
}

static void
lttv_time_ruler_dispose (GObject *object)
{
  LttvTimeRuler *self = LTTV_TIME_RULER (object);

  if (self->ctx != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->ctx, self);
      g_signal_handlers_disconnect_by_data (lttv_viewer_context_get_bookmarks (self->ctx), self);
    }
  g_clear_object (&self->ctx);
  G_OBJECT_CLASS (lttv_time_ruler_parent_class)->dispose (object);
}

static void
lttv_time_ruler_class_init (LttvTimeRulerClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = lttv_time_ruler_dispose;
  widget_class->draw = lttv_time_ruler_draw;
  widget_class->button_press_event = lttv_time_ruler_button_press;
  widget_class->motion_notify_event = lttv_time_ruler_motion;
  widget_class->button_release_event = lttv_time_ruler_button_release;
  widget_class->scroll_event = lttv_time_ruler_scroll;
}

static void
lttv_time_ruler_init (LttvTimeRuler *self)
{
  gtk_widget_add_events (GTK_WIDGET (self), GDK_BUTTON_PRESS_MASK | GDK_BUTTON_RELEASE_MASK
                         | GDK_POINTER_MOTION_MASK | GDK_SCROLL_MASK | GDK_SMOOTH_SCROLL_MASK);
  gtk_widget_set_size_request (GTK_WIDGET (self), -1, 28);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self),
                               _("Click to set the current time, drag to select, "
                                 "Shift+click to extend the selection, "
                                 "scroll to move, Ctrl+scroll to zoom"));
}

GtkWidget *
lttv_time_ruler_new (LttvViewerContext *ctx)
{
  LttvTimeRuler *self = g_object_new (LTTV_TYPE_TIME_RULER, NULL);
  static const char *signals[] = {
    "window-changed", "current-time-changed", "selection-changed", "traceset-changed",
    "axis-changed",
  };

  self->ctx = g_object_ref (ctx);
  for (guint i = 0; i < G_N_ELEMENTS (signals); i++)
    g_signal_connect (ctx, signals[i], G_CALLBACK (redraw_cb), self);
  g_signal_connect_swapped (lttv_viewer_context_get_bookmarks (ctx), "changed",
                            G_CALLBACK (gtk_widget_queue_draw), self);
  return GTK_WIDGET (self);
}
