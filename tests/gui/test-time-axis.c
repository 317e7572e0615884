/* SPDX-License-Identifier: GPL-2.0-or-later */
/* One time axis per tab, seen on the screen (run by test-time-axis.sh
 * under Xvfb): the mouse sets the current time on the tab's ruler, twice,
 * and the pixels that changed between two screenshots of the real window
 * are the current-time lines. In the tab's ruler, the control flow's and
 * the resource view's charts and the histogram's window strip, the line of
 * one instant must be at the same x, to the pixel; dragging the name
 * column's edge of one timeline moves them all alike. Built against the
 * tree before the tab's time axis (without the dock's setting), it found
 * one instant at x = 719, 927, 825 and 720 (ruler, control flow,
 * resources, histogram) in a 1600-px window. */
#include "config.h"

#include <string.h>

#include <lttv/lttv.h>

#include "gui/lttv-application.h"
#include "gui/lttv-layout-settings.h"
#include "gui/lttv-module-host.h"
#include "gui/lttv-tab.h"
#include "gui/lttv-time-ruler.h"
#include "gui/lttv-window.h"
#include "gui/module-api/lttv-marks.h"
#include "gui/module-api/lttv-timeline-view.h"

#include "gui-test.h"

/* --- Finding the charts ------------------------------------------------- */

typedef gboolean (*Pred) (GtkWidget *w);

static GtkWidget *
find_widget (GtkWidget *w, Pred pred, GtkWidget *skip_inside)
{
  if (w == skip_inside)
    return NULL;
  if (pred (w))
    return w;
  if (!GTK_IS_CONTAINER (w))
    return NULL;
  GList *children = gtk_container_get_children (GTK_CONTAINER (w));
  GtkWidget *found = NULL;
  for (GList *l = children; l != NULL && found == NULL; l = l->next)
    found = find_widget (l->data, pred, skip_inside);
  g_list_free (children);
  return found;
}

static gboolean is_timeline (GtkWidget *w) { return LTTV_IS_TIMELINE_VIEW (w); }
static gboolean is_ruler (GtkWidget *w) { return LTTV_IS_TIME_RULER (w) && !is_timeline (gtk_widget_get_parent (w)); }

static gboolean
is_window_strip (GtkWidget *w)
{
  return GTK_IS_DRAWING_AREA (w)
         && g_strcmp0 (atk_object_get_name (gtk_widget_get_accessible (w)), "Events in the window") == 0;
}

static GtkWidget *
viewer (LttvTab *tab, const char *id)
{
  for (guint i = 0; i < lttv_tab_get_n_viewers (tab); i++)
    if (strcmp (lttv_tab_get_viewer_id (tab, i), id) == 0)
      return lttv_tab_get_viewer_widget (tab, i);
  return NULL;
}

typedef struct
{
  const char *name;
  GtkWidget *widget;  /* its rows are searched, across the whole window */
} Band;

/* --- Reading the lines off the screen ------------------------------------ */

static GdkPixbuf *
screenshot (GtkWidget *window)
{
  GdkWindow *w = gtk_widget_get_window (window);
  gui_test_iterate_for (700);  /* (the histogram's strip redraws after a job) */
  return gdk_pixbuf_get_from_window (w, 0, 0, gdk_window_get_width (w), gdk_window_get_height (w));
}

static gboolean
same_pixel (GdkPixbuf *a, GdkPixbuf *b, int x, int y)
{
  int n = gdk_pixbuf_get_n_channels (a);
  const guchar *pa = gdk_pixbuf_read_pixels (a) + y * gdk_pixbuf_get_rowstride (a) + x * n;
  const guchar *pb = gdk_pixbuf_read_pixels (b) + y * gdk_pixbuf_get_rowstride (b) + x * n;
  return memcmp (pa, pb, 3) == 0;
}

static gboolean
is_colour (GdkPixbuf *a, int x, int y, const GdkRGBA *c)
{
  const guchar *p = gdk_pixbuf_read_pixels (a) + y * gdk_pixbuf_get_rowstride (a)
                    + x * gdk_pixbuf_get_n_channels (a);
  return p[0] == (guchar) (c->red * 255 + 0.5) && p[1] == (guchar) (c->green * 255 + 0.5)
         && p[2] == (guchar) (c->blue * 255 + 0.5);
}

/* The column (in window coordinates) drawn in the current time's colour
 * in `a` and changed in `b` over the most rows of the band, at least half
 * of them: the line of the earlier instant (its halo and its label, in
 * other colours or over fewer rows, are not). -1: none. */
static int
line_x (const Band *band, GtkWidget *window, GdkPixbuf *a, GdkPixbuf *b)
{
  int x0, y0, h = gtk_widget_get_allocated_height (band->widget), best = -1, best_n = 0;
  GdkRGBA now = lttv_mark_colour (LTTV_MARK_CURRENT_TIME);

  g_assert_true (gtk_widget_translate_coordinates (band->widget, window, 0, 0, &x0, &y0));
  y0 = MAX (y0, 0);
  h = MIN (h, gdk_pixbuf_get_height (a) - y0);
  g_test_message ("%s: rows %d to %d", band->name, y0, y0 + h);
  for (int x = 0; x < gdk_pixbuf_get_width (a); x++)
    {
      int n = 0;
      for (int y = y0; y < y0 + h; y++)
        n += is_colour (a, x, y, &now) && !same_pixel (a, b, x, y);
      if (n > best_n)
        {
          best = x;
          best_n = n;
        }
    }
  return h > 4 && best_n * 2 >= h ? best : -1;
}

/* Clicks the tab's ruler at `fraction` of the chart's width, then at
 * `later`, and returns each band's x of the first instant. */
static void
measure (GtkWidget *window, GtkWidget *ruler, const Band *bands, guint n, double fraction,
         double later, int *xs)
{
  int rx, ry, rw = gtk_widget_get_allocated_width (ruler);
  g_autofree char *click1 = NULL, *click2 = NULL;
  g_autoptr (GdkPixbuf) a = NULL, b = NULL;

  gdk_window_get_origin (gtk_widget_get_window (ruler), &rx, &ry);
  {
    GtkAllocation al;
    gtk_widget_get_allocation (ruler, &al);
    if (!gtk_widget_get_has_window (ruler))
      rx += al.x, ry += al.y;
  }
  /* (clicks on the right part: the names column is left of every chart) */
  click1 = g_strdup_printf ("mousemove --sync %d %d click 1", rx + (int) (rw * fraction), ry + 14);
  click2 = g_strdup_printf ("mousemove --sync %d %d click 1", rx + (int) (rw * later), ry + 14);
  gui_test_xdotool (150, "%s", click1);
  /* (the pointer leaves the charts: no hover line) */
  gui_test_xdotool (150, "%s", "mousemove --sync 0 0");
  a = screenshot (window);
  gui_test_xdotool (150, "%s", click2);
  gui_test_xdotool (150, "%s", "mousemove --sync 0 0");
  b = screenshot (window);
  for (guint i = 0; i < n; i++)
    {
      xs[i] = line_x (&bands[i], window, a, b);
      g_test_message ("%s: the current time at x = %d px", bands[i].name, xs[i]);
    }
}

static void
test_one_axis (void)
{
  LttvWindow *w = lttv_window_new (NULL);
  g_autoptr (GFile) sample = g_file_new_for_path (lttv_paths_sample_trace ());
  LttvTab *tab;
  int xs[4], moved[4];

  /* (a low dock: every timeline shows whole in the upper area) */
  if (lttv_layout_settings () != NULL)
    g_settings_set_int (lttv_layout_settings (), "dock-height", 150);
  gtk_widget_show (GTK_WIDGET (w));
  gtk_window_move (GTK_WINDOW (w), 0, 0);
  gtk_window_resize (GTK_WINDOW (w), 1600, 1000);
  tab = lttv_window_open_traces (w, &sample, 1);
  g_assert_true (gui_test_iterate_until (gui_test_tab_built, tab, 30000));
  /* (the histogram, docked by default, among the timelines above) */
  for (guint i = 0; i < lttv_tab_get_n_viewers (tab); i++)
    if (strcmp (lttv_tab_get_viewer_id (tab, i), "histogram") == 0)
      lttv_tab_dock_viewer (tab, i, FALSE);
  gui_test_iterate_for (1000);

  GtkWidget *cf = viewer (tab, "controlflow"), *rv = viewer (tab, "resourceview");
  GtkWidget *histogram = viewer (tab, "histogram");
  g_assert_nonnull (cf);
  g_assert_nonnull (rv);
  g_assert_nonnull (histogram);
  GtkWidget *cf_view = find_widget (cf, is_timeline, NULL);
  GtkWidget *rv_view = find_widget (rv, is_timeline, NULL);
  GtkWidget *ruler = find_widget (GTK_WIDGET (tab), is_ruler, NULL);
  Band bands[] = {
    { "the tab's ruler", ruler },
    { "control flow", lttv_timeline_view_get_canvas (LTTV_TIMELINE_VIEW (cf_view)) },
    { "resources", lttv_timeline_view_get_canvas (LTTV_TIMELINE_VIEW (rv_view)) },
    { "histogram's window strip", find_widget (histogram, is_window_strip, NULL) },
  };
  for (guint i = 0; i < G_N_ELEMENTS (bands); i++)
    g_assert_nonnull (bands[i].widget);

  measure (GTK_WIDGET (w), ruler, bands, G_N_ELEMENTS (bands), 0.45, 0.8, xs);
  for (guint i = 0; i < G_N_ELEMENTS (bands); i++)
    {
      g_assert_cmpint (xs[i], >=, 0);
      g_assert_cmpint (xs[i], ==, xs[0]);
    }

  /* Dragging the control flow's name column edge 80 px to the right
   * moves every chart, and the ruler's axis, alike. */
  int cx, cy, cx_after, unused;
  {
    int hx, hy;
    GtkWidget *canvas = bands[1].widget;
    g_assert_true (gtk_widget_translate_coordinates (canvas, GTK_WIDGET (w), 0, 0, &cx, &cy));
    gdk_window_get_origin (gtk_widget_get_window (GTK_WIDGET (w)), &hx, &hy);
    hx += cx - 2;   /* the handle just left of the chart */
    hy += cy + 10;
    g_autofree char *press = g_strdup_printf ("mousemove --sync %d %d mousedown 1", hx, hy);
    g_autofree char *half = g_strdup_printf ("mousemove --sync %d %d", hx + 40, hy);
    g_autofree char *full = g_strdup_printf ("mousemove --sync %d %d mouseup 1", hx + 80, hy);
    gui_test_xdotool (150, "%s", press);
    gui_test_xdotool (150, "%s", half);
    gui_test_xdotool (150, "%s", full);
    gui_test_iterate_for (500);
  }
  measure (GTK_WIDGET (w), ruler, bands, G_N_ELEMENTS (bands), 0.45, 0.8, moved);
  for (guint i = 0; i < G_N_ELEMENTS (bands); i++)
    {
      g_assert_cmpint (moved[i], >=, 0);
      g_assert_cmpint (moved[i], ==, moved[0]);
    }
  g_assert_true (gtk_widget_translate_coordinates (bands[1].widget, GTK_WIDGET (w), 0, 0,
                                                  &cx_after, &unused));
  g_test_message ("the control flow's chart moved from x = %d to %d", cx, cx_after);
  g_assert_cmpint (ABS (cx_after - (cx + 80)), <=, 2);
  gtk_widget_destroy (GTK_WIDGET (w));
}

int
main (int argc, char **argv)
{
  gui_test_init (&argc, &argv);
  g_test_add_func ("/time-axis/one-x-per-instant", test_one_axis);
  return g_test_run ();
}
