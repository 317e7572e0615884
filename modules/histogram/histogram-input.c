/* SPDX-License-Identifier: GPL-2.0-or-later */
/* histogram-input.c: the histogram's mouse: moving and resizing the
 * tab's window on the overview, selecting in the window's plot, and the
 * counts under the pointer. */
#include "config.h"

#include <math.h>

#include <inttypes.h>

#include <glib/gi18n-lib.h>

#include <lttv/count-format.h>
#include <lttv/density.h>

#include "histogram-draw.h"
#include "histogram-private.h"

/* --- Overview: move and resize the window --------------------------------- */

static LttvTime
overview_time_at (Histogram *self, double x)
{
  LttvTime b0, b1;
  lttv_viewer_context_get_bounds (self->ctx, &b0, &b1);
  int w = MAX (gtk_widget_get_allocated_width (self->overview), 1);
  x = CLAMP (x, 0, w);
  return b0 + (LttvTime) (x * (double) (b1 - b0) / w);
}

static double
overview_x_of (Histogram *self, LttvTime t)
{
  LttvTime b0, b1;
  lttv_viewer_context_get_bounds (self->ctx, &b0, &b1);
  int w = MAX (gtk_widget_get_allocated_width (self->overview), 1);
  if (b1 <= b0)
    return 0;
  return ((double) t - (double) b0) * w / (double) (b1 - b0);
}

static DragKind
overview_hit (Histogram *self, double x)
{
  LttvTime w0, w1;
  lttv_viewer_context_get_window (self->ctx, &w0, &w1);
  double a = overview_x_of (self, w0), b = overview_x_of (self, w1);
  if (fabs (x - a) <= EDGE_GRAB && b - a > 2 * EDGE_GRAB)
    return DRAG_START;
  if (fabs (x - b) <= EDGE_GRAB)
    return DRAG_END;
  if (x > a && x < b)
    return DRAG_MOVE;
  return DRAG_NONE;
}

static void
move_window (Histogram *self, double x, gboolean dragging)
{
  LttvTime b0, b1, w0 = self->drag_w0, w1 = self->drag_w1;
  lttv_viewer_context_get_bounds (self->ctx, &b0, &b1);
  int w = MAX (gtk_widget_get_allocated_width (self->overview), 1);
  double dt = (x - self->drag_x) * (double) (b1 - b0) / w;
  LttvTime span = w1 - w0, t;
  switch (self->drag)
    {
    case DRAG_MOVE:
      {
        double start = CLAMP ((double) w0 + dt, (double) b0, (double) (b1 - MIN (span, b1 - b0)));
        w0 = (LttvTime) start;
        w1 = w0 + span;
        break;
      }
    case DRAG_START:
      t = overview_time_at (self, x);
      w0 = MIN (t, w1 - 1);
      break;
    case DRAG_END:
      t = overview_time_at (self, x);
      w1 = MAX (t, w0 + 1);
      break;
    default:
      return;
    }
  if (dragging)
    lttv_viewer_context_drag_window (self->ctx, w0, w1);
  else
    lttv_viewer_context_set_window (self->ctx, w0, w1);
}

static gboolean
overview_press_cb (GtkWidget *area, GdkEventButton *ev, Histogram *self)
{
  if (ev->button != GDK_BUTTON_PRIMARY || ev->type != GDK_BUTTON_PRESS)
    return FALSE;
  gtk_widget_grab_focus (area);
  lttv_viewer_context_get_window (self->ctx, &self->drag_w0, &self->drag_w1);
  self->drag = overview_hit (self, ev->x);
  self->drag_x = ev->x;
  if (self->drag == DRAG_NONE)
    {
      /* a click outside the window centres it there, keeping its span */
      LttvTime span = self->drag_w1 - self->drag_w0, c = overview_time_at (self, ev->x);
      LttvTime b0, b1;
      lttv_viewer_context_get_bounds (self->ctx, &b0, &b1);
      LttvTime start = c > b0 + span / 2 ? c - span / 2 : b0;
      if (start + span > b1)
        start = b1 > span ? MAX (b1 - span, b0) : b0;
      lttv_viewer_context_set_window (self->ctx, start, start + span);
      lttv_viewer_context_get_window (self->ctx, &self->drag_w0, &self->drag_w1);
      self->drag = DRAG_MOVE;
    }
  return TRUE;
}

static gboolean
overview_motion_cb (GtkWidget *area, GdkEventMotion *ev, Histogram *self)
{
  if (self->drag != DRAG_NONE)
    {
      move_window (self, ev->x, TRUE);
      return TRUE;
    }
  static const char *cursors[] = { NULL, "grab", "w-resize", "e-resize" };
  GdkWindow *win = gtk_widget_get_window (area);
  const char *name = cursors[overview_hit (self, ev->x)];
  g_autoptr (GdkCursor) cursor = name != NULL
    ? gdk_cursor_new_from_name (gdk_window_get_display (win), name) : NULL;
  gdk_window_set_cursor (win, cursor);
  return FALSE;
}

static gboolean
overview_release_cb (GtkWidget *area, GdkEventButton *ev, Histogram *self)
{
  if (self->drag == DRAG_NONE || ev->button != GDK_BUTTON_PRIMARY)
    return FALSE;
  move_window (self, ev->x, TRUE);
  lttv_viewer_context_end_drag (self->ctx);
  self->drag = DRAG_NONE;
  return TRUE;
}

/* In the window's plot, a click sets the current time and a drag selects
 * a range (what the statistics viewer then counts). */
static LttvTime
detail_time_at (Histogram *self, double x)
{
  LttvTime t0, t1;
  lttv_viewer_context_get_window (self->ctx, &t0, &t1);
  int w = MAX (gtk_widget_get_allocated_width (self->detail), 1);
  LttvTime step = histogram_plot_step (t0, t1, (guint) w);
  return MIN (t0 + (LttvTime) (CLAMP (x, 0, w) * step), t1);
}

static gboolean
detail_press_cb (GtkWidget *area, GdkEventButton *ev, Histogram *self)
{
  if (ev->button != GDK_BUTTON_PRIMARY || ev->type != GDK_BUTTON_PRESS)
    return FALSE;
  gtk_widget_grab_focus (area);
  self->selecting = TRUE;
  self->select_x = ev->x;
  return TRUE;
}

static gboolean
detail_motion_cb (GtkWidget *area, GdkEventMotion *ev, Histogram *self)
{
  if (!self->selecting || fabs (ev->x - self->select_x) < 3)
    return FALSE;
  LttvTime a = detail_time_at (self, self->select_x), b = detail_time_at (self, ev->x);
  lttv_viewer_context_set_selection (self->ctx, MIN (a, b), MAX (a, b));
  return TRUE;
}

static gboolean
detail_release_cb (GtkWidget *area, GdkEventButton *ev, Histogram *self)
{
  if (!self->selecting || ev->button != GDK_BUTTON_PRIMARY)
    return FALSE;
  self->selecting = FALSE;
  if (fabs (ev->x - self->select_x) < 3 && (ev->state & GDK_SHIFT_MASK))
    lttv_marks_extend_selection (self->ctx, detail_time_at (self, ev->x));
  else if (fabs (ev->x - self->select_x) < 3)
    lttv_viewer_context_set_current_time (self->ctx, detail_time_at (self, ev->x));
  else
    {
      LttvTime a = detail_time_at (self, self->select_x), b = detail_time_at (self, ev->x);
      lttv_viewer_context_set_selection (self->ctx, MIN (a, b), MAX (a, b));
    }
  return TRUE;
}

/* --- Hover ---------------------------------------------------------------- */

static gboolean
query_tooltip_cb (GtkWidget *area, int x, int y, gboolean keyboard, GtkTooltip *tooltip,
                  Histogram *self)
{
  guint which = area == self->detail;
  LttvState *s = lttv_viewer_context_get_state (self->ctx);
  int w = gtk_widget_get_allocated_width (area);
  if (s == NULL || keyboard || x < 0 || x >= w || y >= gtk_widget_get_allocated_height (area) - LABEL_HEIGHT)
    return FALSE;
  LttvTime t0, t1;
  histogram_plot_range (self, which, &t0, &t1);
  LttvTime step = histogram_plot_step (t0, t1, (guint) w);
  LttvTime a = t0 + (LttvTime) x * step, b = a + step;
  LttvDensity *d = lttv_state_get_density (s);
  g_autofree char *ta = lttv_viewer_context_format_time (self->ctx, a);
  g_autofree char *tb = lttv_viewer_context_format_time (self->ctx, b - 1);
  const HistogramCount *r = self->jobs[which].result;
  gboolean have_exact = r != NULL && r->t0 == t0 && r->step == step && r->n == (guint) w;
  double all = lttv_density_count (d, a, b);
  guint64 lost = lttv_density_count_discarded (d, a, b);
  GString *text = g_string_new (NULL);
  g_string_append_printf (text, "%s – %s\n", ta, tb);
  g_autofree char *about = lttv_format_count ((guint64) llround (all));
  guint64 exact;
  if (have_exact)
    {
      g_autofree char *n = lttv_format_count (r->counts[x]);
      if (r->filter[0] != '\0')
        g_string_append_printf (text, _("%s matching events (of about %s)"), n, about);
      else
        g_string_append_printf (text, _("%s events"), n);
    }
  else if (lttv_density_count_exact (d, a, b - 1, &exact))
    {
      g_autofree char *n = lttv_format_count (exact);
      g_string_append_printf (text, _("%s events"), n);
    }
  else
    g_string_append_printf (text, _("about %s events"), about);
  if (lost > 0)
    {
      g_autofree char *n = lttv_format_count (lost);
      g_string_append_printf (text, _("\n%s discarded events"), n);
    }
  g_string_append_c (text, '\n');
  g_string_append (text, which == 0
                   ? _("Click or drag to move the window, drag its edges to resize it")
                   : _("Click to set the current time, drag to select a range"));
  gtk_tooltip_set_text (tooltip, text->str);
  g_string_free (text, TRUE);
  return TRUE;
}

void
histogram_connect_input (Histogram *self)
{
  g_signal_connect (self->overview, "button-press-event", G_CALLBACK (overview_press_cb), self);
  g_signal_connect (self->overview, "motion-notify-event", G_CALLBACK (overview_motion_cb), self);
  g_signal_connect (self->overview, "button-release-event", G_CALLBACK (overview_release_cb), self);
  g_signal_connect (self->detail, "button-press-event", G_CALLBACK (detail_press_cb), self);
  g_signal_connect (self->detail, "motion-notify-event", G_CALLBACK (detail_motion_cb), self);
  g_signal_connect (self->detail, "button-release-event", G_CALLBACK (detail_release_cb), self);
  g_signal_connect (self->overview, "query-tooltip", G_CALLBACK (query_tooltip_cb), self);
  g_signal_connect (self->detail, "query-tooltip", G_CALLBACK (query_tooltip_cb), self);
}
