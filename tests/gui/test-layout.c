/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The tab's layout (run by test-layout.sh under Xvfb, with GSettings'
 * memory backend): timelines above, list-like viewers as tabs of a dock
 * below; what the default tab shows at a laptop's size; maximising a
 * viewer with a double-click on its title and with Ctrl+Shift+M (real
 * mouse and keys, xdotool); moving viewers between the areas, closing and
 * adding them again without rebuilding the others; and a new tab opening
 * with the set, dock height and name column the user left. */
#include "config.h"

#include <string.h>

#include <gdk/gdkx.h>

#include <lttv/lttv.h>

#include "gui/lttv-application.h"
#include "gui/lttv-layout-settings.h"
#include "gui/lttv-module-host.h"
#include "gui/lttv-tab.h"
#include "gui/lttv-window.h"
#include "gui/module-api/lttv-timeline-view.h"

#include "gui-test.h"

static gboolean
is_a (GtkWidget *w, gconstpointer type)
{
  return G_TYPE_CHECK_INSTANCE_TYPE (w, (GType) GPOINTER_TO_SIZE (type));
}

static GtkWidget *
find_widget (GtkWidget *w, GType type)
{
  return gui_test_find_widget (w, is_a, GSIZE_TO_POINTER (type));
}

static int
index_of (LttvTab *tab, const char *id)
{
  for (guint i = 0; i < lttv_tab_get_n_viewers (tab); i++)
    if (strcmp (lttv_tab_get_viewer_id (tab, i), id) == 0)
      return (int) i;
  return -1;
}

static GtkWidget *
viewer (LttvTab *tab, const char *id)
{
  int i = index_of (tab, id);
  return i >= 0 ? lttv_tab_get_viewer_widget (tab, (guint) i) : NULL;
}

/* The height of `w` the user sees: inside every scrolled window above it
 * and the window, 0 when it is not drawn. */
static int
seen_height (GtkWidget *w)
{
  int top = 0, bottom;

  if (!gtk_widget_is_drawable (w))
    return 0;
  bottom = gtk_widget_get_allocated_height (w);
  for (GtkWidget *a = gtk_widget_get_parent (w); a != NULL; a = gtk_widget_get_parent (a))
    if (GTK_IS_SCROLLED_WINDOW (a) || GTK_IS_WINDOW (a))
      {
        int x, y;
        g_assert_true (gtk_widget_translate_coordinates (a, w, 0, 0, &x, &y));
        top = MAX (top, y);
        bottom = MIN (bottom, y + gtk_widget_get_allocated_height (a));
      }
  return MAX (bottom - top, 0);
}

static int
timeline_rows (LttvTab *tab, const char *id)
{
  GtkWidget *view = find_widget (viewer (tab, id), LTTV_TYPE_TIMELINE_VIEW);
  return seen_height (lttv_timeline_view_get_canvas (LTTV_TIMELINE_VIEW (view))) / LTTV_TIMELINE_ROW_HEIGHT;
}

static int
event_rows (LttvTab *tab)
{
  GtkTreeView *tree = GTK_TREE_VIEW (find_widget (viewer (tab, "eventlist"), GTK_TYPE_TREE_VIEW));
  g_autoptr (GtkTreePath) first = gtk_tree_path_new_first ();
  GdkRectangle cell, visible;
  int header;

  gtk_tree_view_get_background_area (tree, first, NULL, &cell);
  gtk_tree_view_get_visible_rect (tree, &visible);
  /* (the header's height: the tree's less its rows' area) */
  header = gtk_widget_get_allocated_height (GTK_WIDGET (tree)) - visible.height;
  if (cell.height <= 0)
    return 0;
  return MAX (seen_height (GTK_WIDGET (tree)) - header, 0) / cell.height;
}

static LttvApplication *app;   /* registered: its accelerators work */

static LttvWindow *
open_sample (int width, int height, LttvTab **tab)
{
  LttvWindow *w = lttv_window_new (app);
  g_autoptr (GFile) sample = g_file_new_for_path (lttv_paths_sample_trace ());

  gui_test_reset_layout ();   /* (each test from the default layout) */
  gtk_widget_show (GTK_WIDGET (w));
  gtk_window_move (GTK_WINDOW (w), 0, 0);
  gtk_window_resize (GTK_WINDOW (w), width, height);
  *tab = lttv_window_open_traces (w, &sample, 1);
  g_assert_true (gui_test_iterate_until (gui_test_tab_built, *tab, 30000));
  gui_test_iterate_for (800);
  return w;
}

/* The default tab: the thread and CPU timelines above, the dock's tabs
 * below (the event list shown, the histogram beside it). */
static void
test_default_areas (void)
{
  LttvTab *tab;
  LttvWindow *w = open_sample (1280, 800, &tab);
  static const char *upper[] = { "controlflow", "resourceview" };
  static const char *docked[] = { "eventlist", "histogram" };

  for (guint i = 0; i < G_N_ELEMENTS (upper); i++)
    {
      g_assert_cmpint (index_of (tab, upper[i]), >=, 0);
      g_assert_false (lttv_tab_viewer_is_docked (tab, (guint) index_of (tab, upper[i])));
    }
  for (guint i = 0; i < G_N_ELEMENTS (docked); i++)
    {
      g_assert_cmpint (index_of (tab, docked[i]), >=, 0);
      g_assert_true (lttv_tab_viewer_is_docked (tab, (guint) index_of (tab, docked[i])));
      GtkWidget *nb = gtk_widget_get_ancestor (viewer (tab, docked[i]), GTK_TYPE_NOTEBOOK);
      g_assert_nonnull (nb);
    }
  GtkWidget *dock = gtk_widget_get_ancestor (viewer (tab, "eventlist"), GTK_TYPE_NOTEBOOK);
  g_assert_true (gtk_notebook_get_nth_page (GTK_NOTEBOOK (dock), gtk_notebook_get_current_page (GTK_NOTEBOOK (dock)))
                 == gtk_widget_get_parent (viewer (tab, "eventlist")));
  gtk_widget_destroy (GTK_WIDGET (w));
}

/* What the default tab shows at 1280x800: 15 control flow rows, 4 CPU
 * rows (under the trace's and the "CPUs" rows) and 10 events. */
static void
test_room_at_1280x800 (void)
{
  LttvTab *tab;
  LttvWindow *w = open_sample (1280, 800, &tab);
  int cf = timeline_rows (tab, "controlflow"), rv = timeline_rows (tab, "resourceview");
  int events = event_rows (tab);

  g_test_message ("at 1280x800: %d control flow rows, %d resource rows, %d events", cf, rv, events);
  g_assert_cmpint (cf, >=, 15);
  g_assert_cmpint (rv, >=, 6);
  g_assert_cmpint (events, >=, 10);
  gtk_widget_destroy (GTK_WIDGET (w));
}

/* The viewer's title the user sees (the tab's event box that knows its
 * frame), in its title row wherever the row is. */
static gboolean
is_drawn_title (GtkWidget *w, gconstpointer frame)
{
  return GTK_IS_EVENT_BOX (w) && g_object_get_data (G_OBJECT (w), "lttv-frame") == frame
         && gtk_widget_is_drawable (w);
}

static void
double_click_title (LttvTab *tab, const char *id)
{
  GtkWidget *frame = gtk_widget_get_parent (viewer (tab, id));
  GtkWidget *title = gui_test_find_widget (frame, is_drawn_title, frame);
  int x, y;

  g_assert_nonnull (title);
  gdk_window_get_origin (gtk_widget_get_window (title), &x, &y);
  {
    GtkAllocation a;
    gtk_widget_get_allocation (title, &a);
    x += a.x + 30, y += a.y + a.height / 2;   /* on the title, right of the icon */
  }
  g_autofree char *cmd = g_strdup_printf ("mousemove --sync %d %d click --repeat 2 --delay 80 1", x, y);
  gui_test_xdotool (300, "%s", cmd);
}

static void
test_maximise_and_restore (void)
{
  LttvTab *tab;
  LttvWindow *w = open_sample (1280, 800, &tab);
  int cf = index_of (tab, "controlflow");
  int before = timeline_rows (tab, "controlflow");

  /* A double-click on the control flow's title. */
  double_click_title (tab, "controlflow");
  gui_test_iterate_for (500);
  g_assert_cmpint (lttv_tab_get_maximised (tab), ==, cf);
  g_assert_false (gtk_widget_is_drawable (viewer (tab, "resourceview")));
  g_assert_false (gtk_widget_is_drawable (viewer (tab, "eventlist")));
  int maximised = timeline_rows (tab, "controlflow");
  g_test_message ("control flow rows: %d, %d maximised", before, maximised);
  g_assert_cmpint (maximised, >=, 15);
  g_assert_cmpint (maximised, >, before);

  /* Ctrl+Shift+M restores (the window has the keyboard). */
  g_autofree char *focus = g_strdup_printf ("windowfocus --sync %lu",
                                            (unsigned long) gdk_x11_window_get_xid (gtk_widget_get_window (GTK_WIDGET (w))));
  gui_test_xdotool (300, "%s", focus);
  gui_test_xdotool (300, "%s", "key --clearmodifiers ctrl+shift+m");
  gui_test_iterate_for (500);
  g_assert_cmpint (lttv_tab_get_maximised (tab), ==, -1);
  g_assert_true (gtk_widget_is_drawable (viewer (tab, "resourceview")));
  g_assert_true (gtk_widget_is_drawable (viewer (tab, "eventlist")));

  /* The key maximises the dock's current viewer when no viewer has the
   * focus, and a double-click on its tab restores. */
  gtk_window_set_focus (GTK_WINDOW (w), NULL);
  gui_test_xdotool (300, "%s", "key --clearmodifiers ctrl+shift+m");
  gui_test_iterate_for (500);
  g_assert_cmpint (lttv_tab_get_maximised (tab), ==, index_of (tab, "eventlist"));
  int events = event_rows (tab);
  g_test_message ("events maximised: %d", events);
  g_assert_cmpint (events, >=, 20);
  g_assert_false (gtk_widget_is_drawable (viewer (tab, "controlflow")));
  gtk_widget_destroy (GTK_WIDGET (w));
}

/* A viewer maximised while the tab still builds its default viewers (a
 * frame at a time) stays maximised and shown when they come. */
static void
test_maximised_while_building (void)
{
  LttvWindow *w = lttv_window_new (app);
  g_autoptr (GFile) sample = g_file_new_for_path (lttv_paths_sample_trace ());
  GSettings *settings = lttv_layout_settings ();

  g_settings_reset (settings, "dock-viewers");
  g_settings_reset (settings, "timeline-viewers");
  gtk_widget_show (GTK_WIDGET (w));
  gtk_window_resize (GTK_WINDOW (w), 1280, 800);
  LttvTab *tab = lttv_window_open_traces (w, &sample, 1);
  g_action_group_activate_action (G_ACTION_GROUP (w), "add-viewer", g_variant_new_string ("latency"));
  g_assert_cmpint (index_of (tab, "latency"), >=, 0);
  g_assert_false (lttv_tab_viewers_ready (tab));   /* the defaults still to come */
  lttv_tab_toggle_maximised (tab, (guint) index_of (tab, "latency"));
  g_assert_true (gui_test_iterate_until (gui_test_tab_built, tab, 30000));
  gui_test_iterate_for (300);
  g_assert_cmpint (index_of (tab, "eventlist"), >=, 0);
  g_assert_cmpint (lttv_tab_get_maximised (tab), ==, index_of (tab, "latency"));
  g_assert_true (gtk_widget_is_drawable (viewer (tab, "latency")));
  g_assert_false (gtk_widget_is_drawable (viewer (tab, "eventlist")));
  g_assert_false (gtk_widget_is_drawable (viewer (tab, "controlflow")));
  gtk_widget_destroy (GTK_WIDGET (w));
}

/* The latency viewer is list-like: it asks for no time axis and goes to
 * the dock. */
static void
test_latency_docked (void)
{
  LttvTab *tab;
  LttvWindow *w = open_sample (1400, 1000, &tab);
  g_action_group_activate_action (G_ACTION_GROUP (w), "add-viewer", g_variant_new_string ("latency"));
  gui_test_iterate_for (300);
  g_assert_cmpint (index_of (tab, "latency"), >=, 0);
  g_assert_true (lttv_tab_viewer_is_docked (tab, (guint) index_of (tab, "latency")));
  gtk_widget_destroy (GTK_WIDGET (w));
}

/* Moving, closing and adding a viewer leaves the others' widgets and
 * panes in place. */
static void
test_move_close_reopen (void)
{
  LttvTab *tab;
  LttvWindow *w = open_sample (1400, 1000, &tab);
  /* (three timelines above, the histogram brought up from the dock: the
   * resource view's pane is not the last one) */
  lttv_tab_dock_viewer (tab, (guint) index_of (tab, "histogram"), FALSE);
  gui_test_iterate_for (200);
  /* (from the View menu: a list-like viewer goes to the dock) */
  g_action_group_activate_action (G_ACTION_GROUP (w), "add-viewer", g_variant_new_string ("statistics"));
  gui_test_iterate_for (300);
  g_assert_true (lttv_tab_viewer_is_docked (tab, (guint) index_of (tab, "statistics")));
  GtkWidget *cf = viewer (tab, "controlflow");
  GtkWidget *cf_pane = gtk_widget_get_parent (gtk_widget_get_parent (cf));
  GtkWidget *stats = viewer (tab, "statistics");
  GtkWidget *dock = gtk_widget_get_ancestor (viewer (tab, "eventlist"), GTK_TYPE_NOTEBOOK);

  g_assert_true (GTK_IS_PANED (cf_pane));
  g_object_add_weak_pointer (G_OBJECT (cf_pane), (gpointer *) &cf_pane);

  /* The statistics go up, among the timelines, and back. */
  lttv_tab_dock_viewer (tab, (guint) index_of (tab, "statistics"), FALSE);
  gui_test_iterate_for (200);
  g_assert_false (lttv_tab_viewer_is_docked (tab, (guint) index_of (tab, "statistics")));
  g_assert_false (gtk_widget_is_ancestor (stats, dock));
  g_assert_true (viewer (tab, "statistics") == stats);
  g_assert_true (gtk_widget_is_drawable (stats));
  lttv_tab_dock_viewer (tab, (guint) index_of (tab, "statistics"), TRUE);
  gui_test_iterate_for (200);
  g_assert_true (gtk_widget_is_ancestor (stats, dock));

  /* The resource view closes, and comes back from the View menu's
   * action, above: the control flow's widget and pane stay. */
  lttv_tab_remove_viewer (tab, (guint) index_of (tab, "resourceview"));
  g_assert_cmpint (index_of (tab, "resourceview"), ==, -1);
  g_action_group_activate_action (G_ACTION_GROUP (w), "add-viewer", g_variant_new_string ("resourceview"));
  gui_test_iterate_for (300);
  g_assert_cmpint (index_of (tab, "resourceview"), >=, 0);
  g_assert_false (lttv_tab_viewer_is_docked (tab, (guint) index_of (tab, "resourceview")));
  g_assert_true (viewer (tab, "controlflow") == cf);
  g_assert_nonnull (cf_pane);
  g_assert_true (gtk_widget_get_parent (gtk_widget_get_parent (cf)) == cf_pane);
  g_object_remove_weak_pointer (G_OBJECT (cf_pane), (gpointer *) &cf_pane);
  gtk_widget_destroy (GTK_WIDGET (w));
}

static gboolean
tab_ready (gpointer tab)
{
  return lttv_tab_viewers_ready (tab);
}

/* A new tab opens with the viewers where the user left them, and the
 * dock's height the user dragged. */
static void
test_layout_remembered (void)
{
  LttvTab *tab, *again;
  LttvWindow *w = open_sample (1400, 1000, &tab);
  GSettings *settings = lttv_layout_settings ();
  GtkWidget *nb = gtk_widget_get_ancestor (viewer (tab, "eventlist"), GTK_TYPE_NOTEBOOK);
  GtkWidget *split = gtk_widget_get_parent (nb);
  int x, y, dock_before = gtk_widget_get_allocated_height (nb);

  g_assert_nonnull (settings);
  lttv_tab_add_viewer (tab, "statistics");
  lttv_tab_dock_viewer (tab, (guint) index_of (tab, "histogram"), FALSE);
  /* The user drags the dock's handle 100 px up. */
  g_assert_true (GTK_IS_PANED (split));
  GdkWindow *handle = gtk_paned_get_handle_window (GTK_PANED (split));
  gdk_window_get_origin (handle, &x, &y);
  x += gdk_window_get_width (handle) / 2;
  y += gdk_window_get_height (handle) / 2;
  g_autofree char *press = g_strdup_printf ("mousemove --sync %d %d mousedown 1", x, y);
  g_autofree char *half = g_strdup_printf ("mousemove --sync %d %d", x, y - 50);
  g_autofree char *full = g_strdup_printf ("mousemove --sync %d %d mouseup 1", x, y - 100);
  gui_test_xdotool (300, "%s", press);
  gui_test_xdotool (300, "%s", half);
  gui_test_xdotool (300, "%s", full);
  gui_test_iterate_for (800);
  int dock_after = gtk_widget_get_allocated_height (nb);
  g_test_message ("dock %d px, %d after the drag", dock_before, dock_after);
  g_assert_cmpint (ABS (dock_after - dock_before - 100), <=, 3);

  g_auto (GStrv) upper = g_settings_get_strv (settings, "timeline-viewers");
  g_auto (GStrv) docked = g_settings_get_strv (settings, "dock-viewers");
  g_assert_cmpstrv (upper, ((const char *const[]) { "controlflow", "resourceview", "histogram", NULL }));
  g_assert_cmpstrv (docked, ((const char *const[]) { "eventlist", "statistics", NULL }));

  again = lttv_window_new_tab (w);
  lttv_tab_add_default_viewers (again);
  g_assert_true (gui_test_iterate_until (tab_ready, again, 10000));
  gui_test_iterate_for (800);
  g_assert_cmpint (index_of (again, "statistics"), >=, 0);
  g_assert_false (lttv_tab_viewer_is_docked (again, (guint) index_of (again, "histogram")));
  g_assert_false (lttv_tab_viewer_is_docked (again, (guint) index_of (again, "controlflow")));
  GtkWidget *nb2 = gtk_widget_get_ancestor (viewer (again, "eventlist"), GTK_TYPE_NOTEBOOK);
  g_test_message ("the new tab's dock: %d px", gtk_widget_get_allocated_height (nb2));
  g_assert_cmpint (ABS (gtk_widget_get_allocated_height (nb2) - dock_after), <=, 3);
  gtk_widget_destroy (GTK_WIDGET (w));
  g_settings_reset (settings, "timeline-viewers");
  g_settings_reset (settings, "dock-viewers");
  g_settings_reset (settings, "dock-height");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  gtk_init (&argc, &argv);
  /* (registered, its startup loads the modules and sets the keys) */
  app = lttv_application_new ();
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, NULL));
  g_test_add_func ("/layout/default-areas", test_default_areas);
  g_test_add_func ("/layout/room-at-1280x800", test_room_at_1280x800);
  g_test_add_func ("/layout/maximise-and-restore", test_maximise_and_restore);
  g_test_add_func ("/layout/move-close-reopen", test_move_close_reopen);
  g_test_add_func ("/layout/latency-docked", test_latency_docked);
  g_test_add_func ("/layout/maximised-while-building", test_maximised_while_building);
  g_test_add_func ("/layout/remembered", test_layout_remembered);
  return g_test_run ();
}
