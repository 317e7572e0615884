/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Marks, bookmarks and measurements in a real window on a real X server
 * (run by test-marks.sh under Xvfb), driven by the keyboard and the mouse
 * through gui_test_xdotool (300, XTEST, as a user's), on the hand-worked scenario
 * tests/timeline/two-threads.scn (its README gives who runs when). */
#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include <lttv/lttv.h>

#include "gui/lttv-application.h"
#include "gui/lttv-marks-private.h"
#include "gui/lttv-module-host.h"
#include "gui/lttv-window.h"
#include "gui/module-api/lttv-timeline-view.h"

#include "gui-test.h"

static LttvApplication *app;
static const char *trace;   /* two-threads.scn, written by the script */

/* Keys typed into `w`'s window, focused first (there is no window
 * manager). */
static void
keys (GtkWidget *w, const char *keys_text)
{
  gui_test_iterate_for (100);
  gui_test_xdotool (300, "windowfocus --sync %lu", gui_test_xid (w));
  gui_test_xdotool (300, "key --delay 60 %s", keys_text);
}

/* A window on `paths`, its viewers built and its state finished. */
static LttvTab *
open_window (const char *const *paths, LttvWindow **out)
{
  LttvWindow *w = lttv_window_new (app);
  guint n = g_strv_length ((char **) paths);
  g_autofree GFile **files = g_new0 (GFile *, n + 1);
  LttvTab *tab;

  gtk_window_set_default_size (GTK_WINDOW (w), 1200, 900);
  gtk_widget_show (GTK_WIDGET (w));
  for (guint i = 0; i < n; i++)
    files[i] = g_file_new_for_path (paths[i]);
  tab = lttv_window_open_traces (w, files, n);
  for (guint i = 0; i < n; i++)
    g_object_unref (files[i]);
  g_assert_true (gui_test_iterate_until (gui_test_tab_built, tab, 30000));
  gui_test_iterate_for (500);
  *out = w;
  return tab;
}

static LttvTab *
open_trace (LttvWindow **w)
{
  const char *paths[] = { trace, NULL };
  LttvTab *tab = open_window (paths, w);
  LttvBookmarks *b = lttv_tab_get_bookmarks (tab);

  /* Each test starts with none (the file outlives a window). */
  while (lttv_bookmarks_n (b) > 0)
    lttv_bookmarks_remove (b, 0);
  lttv_time_context_set_window (lttv_tab_get_time_context (tab), 1000, 12000);
  lttv_time_context_clear_selection (lttv_tab_get_time_context (tab));
  gui_test_iterate_for (200);
  return tab;
}

/* The toggle button under `w` whose tooltip starts with `tooltip`. */
static GtkWidget *
find_toggle (GtkWidget *w, const char *tooltip)
{
  g_autofree char *tip = GTK_IS_TOGGLE_BUTTON (w) ? gtk_widget_get_tooltip_text (w) : NULL;

  if (tip != NULL && g_str_has_prefix (tip, tooltip))
    return w;
  if (!GTK_IS_CONTAINER (w))
    return NULL;
  g_autoptr (GList) kids = gtk_container_get_children (GTK_CONTAINER (w));
  GtkWidget *found = NULL;
  for (GList *l = kids; l != NULL && found == NULL; l = l->next)
    found = find_toggle (l->data, tooltip);
  return found;
}

static LttvTimelineView *
find_view (GtkWidget *w)
{
  if (LTTV_IS_TIMELINE_VIEW (w))
    return LTTV_TIMELINE_VIEW (w);
  if (GTK_IS_CONTAINER (w))
    {
      g_autoptr (GList) kids = gtk_container_get_children (GTK_CONTAINER (w));
      for (GList *l = kids; l != NULL; l = l->next)
        {
          LttvTimelineView *v = find_view (l->data);
          if (v != NULL)
            return v;
        }
    }
  return NULL;
}

static LttvTimelineView *
viewer (LttvTab *tab, const char *id)
{
  for (guint i = 0; i < lttv_tab_get_n_viewers (tab); i++)
    if (strcmp (lttv_tab_get_viewer_id (tab, i), id) == 0)
      return find_view (lttv_tab_get_viewer_widget (tab, i));
  g_assert_not_reached ();
}

/* The toplevel titled `title`, once it is shown. */
static GtkWindow *
find_dialog (const char *title)
{
  for (int tries = 0; tries < 50; tries++)
    {
      g_autoptr (GList) all = gtk_window_list_toplevels ();
      for (GList *l = all; l != NULL; l = l->next)
        if (g_strcmp0 (gtk_window_get_title (l->data), title) == 0 && gtk_widget_get_mapped (l->data))
          {
            gui_test_iterate_for (300);   /* (keys sent at once were lost now and then) */
            return l->data;
          }
      gui_test_iterate_for (100);
    }
  return NULL;
}

static gboolean
window_active (gpointer w)
{
  gboolean focused = FALSE;
  g_object_get (w, "has-toplevel-focus", &focused, NULL);
  return gtk_window_is_active (w) && focused;
}

/* Gives `dialog` the keyboard, and waits until GTK knows it has it (keys
 * sent before were lost now and then). */
static void
focus (GtkWindow *dialog)
{
  g_assert_nonnull (dialog);
  gui_test_xdotool (300, "windowfocus --sync %lu", gui_test_xid (GTK_WIDGET (dialog)));
  g_assert_true (gui_test_iterate_until (window_active, dialog, 5000));
  gui_test_iterate_for (200);
}

static double
distance (GdkRGBA a, GdkRGBA b)
{
  return 255 * sqrt ((a.red - b.red) * (a.red - b.red) + (a.green - b.green) * (a.green - b.green)
                     + (a.blue - b.blue) * (a.blue - b.blue));
}

static double
x_of (LttvTimelineView *view, LttvTimeContext *tc, LttvTime t)
{
  LttvTime t0, t1;
  lttv_time_context_get_window (tc, &t0, &t1);
  return ((double) t - (double) t0) * gtk_widget_get_allocated_width (lttv_timeline_view_get_canvas (view))
         / (double) (t1 - t0);
}

static int
row_of (LttvTimelineView *view, guint64 tag)
{
  LttvTimelineModel *m = lttv_timeline_view_get_model (view);
  for (guint i = 0; i < lttv_timeline_model_n_rows (m); i++)
    if (lttv_timeline_model_get_row (m, i)->tag == tag
        && lttv_timeline_model_get_row (m, i)->attr != LTTV_ATTR_NONE)
      return i;
  g_assert_not_reached ();
}

/* --- Tests --------------------------------------------------------------- */

/* alpha (tid 100) waits for a CPU from its waking at 7000 until 8000: the
 * current time at 7500 is drawn over WAIT_FOR_CPU's red, and must not be
 * red itself (it was #E11C23 on #ED333B). */
static void
test_current_time_stays_visible_on_waiting_rows (void)
{
  LttvWindow *w;
  LttvTab *tab = open_trace (&w);
  LttvTimeContext *tc = lttv_tab_get_time_context (tab);
  LttvTimelineView *cf = viewer (tab, "controlflow");
  GdkRGBA waiting, mark = lttv_mark_colour (LTTV_MARK_CURRENT_TIME);

  g_assert_true (gdk_rgba_parse (&waiting, "#ed333b"));
  lttv_time_context_set_current_time (tc, 7500);
  int alpha = row_of (cf, 100);
  lttv_timeline_view_select_row (cf, alpha);   /* scrolled into view, */
  lttv_timeline_view_select_row (cf, -1);      /* without the selection's tint */
  gui_test_iterate_for (100);
  double y = lttv_timeline_view_row_y (cf, alpha);
  int x = (int) floor (x_of (cf, tc, 7500));
  cairo_surface_t *s = gui_test_snapshot (cf);
  /* The row is the waiting red a few pixels away... */
  GdkRGBA row = gui_test_pixel (s, x - 20, (int) y);
  g_test_message ("row %.0f,%.0f,%.0f", row.red * 255, row.green * 255, row.blue * 255);
  g_assert_cmpfloat (distance (row, waiting), <, 30);
  /* ...the line is the mark's colour, far from it, on a light halo. */
  GdkRGBA line = gui_test_pixel (s, x, (int) y);
  g_test_message ("line %.0f,%.0f,%.0f", line.red * 255, line.green * 255, line.blue * 255);
  g_assert_cmpfloat (distance (line, waiting), >=, 80);
  g_assert_cmpfloat (distance (line, mark), <, 4);
  g_assert_cmpfloat (distance (gui_test_pixel (s, x - 1, (int) y), waiting), >=, 80);
  g_assert_cmpfloat (distance (gui_test_pixel (s, x + 1, (int) y), waiting), >=, 80);
  cairo_surface_destroy (s);
  gtk_widget_destroy (GTK_WIDGET (w));
}

/* Ctrl+D on a selection, a name typed, Return: the bookmark is the
 * selection, saved in the data folder, the trace folder untouched. */
static void
test_ctrl_d_bookmarks_the_selection (void)
{
  LttvWindow *w;
  LttvTab *tab = open_trace (&w);
  LttvTimeContext *tc = lttv_tab_get_time_context (tab);
  LttvBookmarks *b = lttv_tab_get_bookmarks (tab);
  g_autofree char *before = NULL, *after = NULL, *file = lttv_bookmarks_file_for (lttv_tab_get_traceset (tab));
  g_autofree char *cmd = g_strdup_printf ("sh -c 'ls -lR --time-style=full-iso \"%s\"'", trace);

  g_assert_true (g_spawn_command_line_sync (cmd, &before, NULL, NULL, NULL));
  lttv_time_context_set_selection (tc, 3000, 6000);
  keys (GTK_WIDGET (w), "ctrl+d");
  GtkWindow *dialog = find_dialog ("Add Bookmark");
  g_assert_nonnull (dialog);
  focus (dialog);
  gui_test_xdotool (300, "type --delay 40 'slow read'");
  gui_test_xdotool (300, "key Tab");
  gui_test_xdotool (300, "type --delay 40 'see the disk'");
  gui_test_xdotool (300, "key Return");
  gui_test_iterate_for (300);
  g_assert_cmpuint (lttv_bookmarks_n (b), ==, 1);
  g_assert_cmpuint (lttv_bookmarks_get (b, 0)->start, ==, 3000);
  g_assert_cmpuint (lttv_bookmarks_get (b, 0)->end, ==, 6000);
  g_assert_cmpstr (lttv_bookmarks_get (b, 0)->name, ==, "slow read");
  g_assert_cmpstr (lttv_bookmarks_get (b, 0)->note, ==, "see the disk");

  g_assert_true (g_str_has_prefix (file, g_get_user_data_dir ()));
  g_assert_true (g_file_test (file, G_FILE_TEST_EXISTS));
  g_assert_true (g_spawn_command_line_sync (cmd, &after, NULL, NULL, NULL));
  g_assert_cmpstr (before, ==, after);

  gtk_widget_destroy (GTK_WIDGET (w));

  /* Open again: the bookmarks are back. */
  tab = open_window ((const char *const[]) { trace, NULL }, &w);
  b = lttv_tab_get_bookmarks (tab);
  g_assert_cmpuint (lttv_bookmarks_n (b), ==, 1);
  g_assert_cmpstr (lttv_bookmarks_get (b, 0)->name, ==, "slow read");
  g_assert_cmpstr (lttv_bookmarks_get (b, 0)->note, ==, "see the disk");
  gtk_widget_destroy (GTK_WIDGET (w));
}

/* Without a selection, Ctrl+D then Return bookmarks the current time
 * under the name offered; Escape adds nothing. */
static void
test_ctrl_d_bookmarks_the_current_time (void)
{
  LttvWindow *w;
  LttvTab *tab = open_trace (&w);
  LttvTimeContext *tc = lttv_tab_get_time_context (tab);
  LttvBookmarks *b = lttv_tab_get_bookmarks (tab);
  GtkWindow *dialog;

  lttv_time_context_set_current_time (tc, 9000);
  keys (GTK_WIDGET (w), "ctrl+d");
  dialog = find_dialog ("Add Bookmark");
  focus (dialog);
  gui_test_xdotool (300, "key Return");
  g_assert_cmpuint (lttv_bookmarks_n (b), ==, 1);
  g_assert_cmpuint (lttv_bookmarks_get (b, 0)->start, ==, 9000);
  g_assert_cmpuint (lttv_bookmarks_get (b, 0)->end, ==, 9000);
  g_assert_cmpstr (lttv_bookmarks_get (b, 0)->name, ==, "Bookmark 1");
  gtk_widget_destroy (GTK_WIDGET (w));

  tab = open_trace (&w);
  b = lttv_tab_get_bookmarks (tab);
  keys (GTK_WIDGET (w), "ctrl+d");
  dialog = find_dialog ("Add Bookmark");
  focus (dialog);
  gui_test_xdotool (300, "key Escape");
  g_assert_null (find_dialog ("Add Bookmark"));
  g_assert_cmpuint (lttv_bookmarks_n (b), ==, 0);
  gtk_widget_destroy (GTK_WIDGET (w));
}

/* Alt+Page_Down / Alt+Page_Up go to the next / previous bookmark, and a
 * bookmark is drawn on the control flow in its colour. */
static void
test_keys_step_through_bookmarks (void)
{
  LttvWindow *w;
  LttvTab *tab = open_trace (&w);
  LttvTimeContext *tc = lttv_tab_get_time_context (tab);
  LttvBookmarks *b = lttv_tab_get_bookmarks (tab);
  GdkRGBA colour;

  gdk_rgba_parse (&colour, "#a0006e");
  lttv_bookmarks_add (b, 2500, 2500, "one", NULL, &colour);
  lttv_bookmarks_add (b, 9500, 9500, "two", NULL, NULL);
  lttv_time_context_set_current_time (tc, 5000);
  keys (GTK_WIDGET (w), "alt+Next");
  g_assert_cmpuint (lttv_time_context_get_current_time (tc), ==, 9500);
  keys (GTK_WIDGET (w), "alt+Next");   /* none after: stays */
  g_assert_cmpuint (lttv_time_context_get_current_time (tc), ==, 9500);
  keys (GTK_WIDGET (w), "alt+Prior");
  g_assert_cmpuint (lttv_time_context_get_current_time (tc), ==, 2500);

  LttvTimelineView *cf = viewer (tab, "controlflow");
  lttv_time_context_set_current_time (tc, 11000);
  lttv_timeline_view_select_row (cf, row_of (cf, 200));
  lttv_timeline_view_select_row (cf, -1);
  gui_test_iterate_for (100);
  cairo_surface_t *s = gui_test_snapshot (cf);
  int x = (int) floor (x_of (cf, tc, 2500));
  double y = lttv_timeline_view_row_y (cf, row_of (cf, 200));
  g_assert_cmpfloat (y, >=, 0);
  g_assert_cmpfloat (distance (gui_test_pixel (s, x, (int) y), colour), <, 4);
  cairo_surface_destroy (s);
  gtk_widget_destroy (GTK_WIDGET (w));
}

/* The list (Ctrl+B): Home selects the first, Return goes to it, Delete
 * deletes it. */
static void
test_bookmarks_list_goes_to_and_deletes (void)
{
  LttvWindow *w;
  LttvTab *tab = open_trace (&w);
  LttvTimeContext *tc = lttv_tab_get_time_context (tab);
  LttvBookmarks *b = lttv_tab_get_bookmarks (tab);

  lttv_bookmarks_add (b, 4000, 5000, "range", NULL, NULL);
  lttv_bookmarks_add (b, 10000, 10000, "later", NULL, NULL);
  lttv_time_context_set_current_time (tc, 1500);
  keys (GTK_WIDGET (w), "ctrl+b");
  GtkWindow *dialog = find_dialog ("Bookmarks");
  g_assert_nonnull (dialog);
  focus (dialog);
  gui_test_xdotool (300, "key Home");
  gui_test_xdotool (300, "key Return");
  g_assert_cmpuint (lttv_time_context_get_current_time (tc), ==, 4000);
  LttvTime s0, s1;
  g_assert_true (lttv_time_context_get_selection (tc, &s0, &s1));
  g_assert_cmpuint (s0, ==, 4000);
  g_assert_cmpuint (s1, ==, 5000);
  gui_test_xdotool (300, "key Delete");
  g_assert_cmpuint (lttv_bookmarks_n (b), ==, 1);
  g_assert_cmpstr (lttv_bookmarks_get (b, 0)->name, ==, "later");
  gui_test_xdotool (300, "key Escape");
  gtk_widget_destroy (GTK_WIDGET (w));
}

/* Shift+click on the control flow's chart extends the selection to the
 * time clicked and leaves the current time; the status line gives its
 * duration and the events in it, worked out by hand from the scenario. */
static gboolean
not_counting (gpointer tab)
{
  return strstr (lttv_tab_get_status (tab), "event") != NULL
         && strstr (lttv_tab_get_status (tab), "counting") == NULL;
}

static void
test_shift_click_extends_and_status_measures (void)
{
  LttvWindow *w;
  LttvTab *tab = open_trace (&w);
  LttvTimeContext *tc = lttv_tab_get_time_context (tab);
  LttvTimelineView *cf = viewer (tab, "controlflow");
  GtkWidget *canvas = lttv_timeline_view_get_canvas (cf);
  int ox, oy;
  LttvTime s0, s1;

  lttv_time_context_set_current_time (tc, 11000);
  lttv_time_context_set_selection (tc, 1500, 3500);
  gui_test_iterate_for (200);
  gdk_window_get_origin (gtk_widget_get_window (canvas), &ox, &oy);
  GtkAllocation a;
  gtk_widget_get_allocation (canvas, &a);
  if (!gtk_widget_get_has_window (canvas))
    ox += a.x, oy += a.y;
  int x = (int) round (x_of (cf, tc, 7500));
  LttvTime at = lttv_timeline_view_time_at (cf, x);
  gui_test_xdotool (300, "mousemove --sync %d %d", ox + x, oy + 5);
  gui_test_xdotool (300, "keydown shift click 1 keyup shift");
  g_assert_true (lttv_time_context_get_selection (tc, &s0, &s1));
  g_assert_cmpuint (s0, ==, 1500);
  g_assert_cmpuint (s1, ==, at);
  g_assert_cmpuint (lttv_time_context_get_current_time (tc), ==, 11000);

  /* [1500, 7500]: 2000, 3000, 4000 on cpu0 and 5000, 6000, 7000 on cpu1. */
  lttv_time_context_set_selection (tc, 1500, 7500);
  g_assert_true (gui_test_iterate_until (not_counting, tab, 10000));
  g_test_message ("%s", lttv_tab_get_status (tab));
  g_assert_nonnull (strstr (lttv_tab_get_status (tab), "(6.000 µs)"));
  g_assert_nonnull (strstr (lttv_tab_get_status (tab), ", 6 events"));
  /* Both ends count: [1000, 12000] holds all 11 events. */
  lttv_time_context_set_selection (tc, 1000, 12000);
  gui_test_iterate_for (50);
  g_assert_true (gui_test_iterate_until (not_counting, tab, 10000));
  g_test_message ("%s", lttv_tab_get_status (tab));
  g_assert_nonnull (strstr (lttv_tab_get_status (tab), ", 11 events"));
  gtk_widget_destroy (GTK_WIDGET (w));
}

/* A corrupt bookmark file: the tab says so (file, place, what) and opens. */
static void
test_corrupt_bookmark_file_is_reported (void)
{
  LttvWindow *w;
  LttvTab *tab = open_trace (&w);
  g_autofree char *file = lttv_bookmarks_file_for (lttv_tab_get_traceset (tab));
  gtk_widget_destroy (GTK_WIDGET (w));

  g_assert_true (g_file_set_contents (file, "[Traceset]\nVersion=1\n[Bookmark 1]\nStart=soon\nName=x\n", -1, NULL));
  tab = open_window ((const char *const[]) { trace, NULL }, &w);
  g_assert_nonnull (lttv_tab_get_problems (tab));
  g_test_message ("%s", lttv_tab_get_problems (tab));
  g_assert_nonnull (strstr (lttv_tab_get_problems (tab), file));
  g_assert_nonnull (strstr (lttv_tab_get_problems (tab), "[Bookmark 1]"));
  g_assert_cmpuint (lttv_bookmarks_n (lttv_tab_get_bookmarks (tab)), ==, 0);
  g_assert_nonnull (lttv_tab_get_traceset (tab));
  g_remove (file);
  gtk_widget_destroy (GTK_WIDGET (w));
}

static gboolean
matches_ready (gpointer view)
{
  return lttv_timeline_view_is_drawn (view) && lttv_timeline_view_matches_ready (view);
}

static gboolean
shown (LttvTimelineView *view, int row)
{
  return lttv_timeline_model_row_position (lttv_timeline_view_get_model (view), row) >= 0;
}

/* The tab's filter on the timelines: the one sched_waking (7000, cpu1,
 * from beta, tid 200) is marked on beta's row and on CPU 1's, not on
 * alpha's or CPU 0's; the "rows with matches only" button, clicked with
 * the mouse, hides the others. */
static void
test_filter_marks_rows_with_matches (void)
{
  LttvWindow *w;
  LttvTab *tab = open_trace (&w);
  LttvTimeContext *tc = lttv_tab_get_time_context (tab);
  LttvTimelineView *cf = viewer (tab, "controlflow"), *rv = viewer (tab, "resourceview");
  int x;

  lttv_time_context_set_filter (tc, "name == \"sched_waking\"");
  gtk_widget_queue_draw (lttv_timeline_view_get_canvas (cf));
  gtk_widget_queue_draw (lttv_timeline_view_get_canvas (rv));
  gui_test_iterate_for (300);   /* drawn: the search starts */
  g_assert_true (gui_test_iterate_until (matches_ready, cf, 10000));
  g_assert_true (gui_test_iterate_until (matches_ready, rv, 10000));
  int beta = row_of (cf, 200), alpha = row_of (cf, 100), cpu1 = row_of (rv, 1), cpu0 = row_of (rv, 0);
  g_test_message ("cpu1 %d cpu0 %d beta %d alpha %d", lttv_timeline_view_row_has_match (rv, cpu1, NULL),
                  lttv_timeline_view_row_has_match (rv, cpu0, NULL), lttv_timeline_view_row_has_match (cf, beta, NULL),
                  lttv_timeline_view_row_has_match (cf, alpha, NULL));
  g_assert_true (lttv_timeline_view_row_has_match (cf, beta, &x));
  g_assert_cmpfloat (fabs (x - x_of (cf, tc, 7000)), <=, 1);
  g_assert_false (lttv_timeline_view_row_has_match (cf, alpha, NULL));
  g_assert_true (lttv_timeline_view_row_has_match (rv, cpu1, NULL));
  g_assert_false (lttv_timeline_view_row_has_match (rv, cpu0, NULL));
  /* Drawn: a black tick at the bottom of beta's row. */
  lttv_timeline_view_select_row (cf, beta);
  lttv_timeline_view_select_row (cf, -1);
  gui_test_iterate_for (100);
  cairo_surface_t *s = gui_test_snapshot (cf);
  GdkRGBA tick = gui_test_pixel (s, x, (int) (lttv_timeline_view_row_y (cf, beta) + LTTV_TIMELINE_ROW_HEIGHT / 2.0 - 2));
  g_assert_cmpfloat (tick.red + tick.green + tick.blue, <, 0.1);
  cairo_surface_destroy (s);

  /* The control flow's toggle, by its tooltip: clicked with the mouse. */
  g_assert_true (shown (cf, alpha));
  /* (the viewer's toolbar: in its title row over the view, or above it) */
  GtkWidget *top = gtk_widget_get_parent (GTK_WIDGET (cf));
  GtkWidget *button = NULL;
  while (top != NULL && button == NULL)
    {
      button = find_toggle (top, "Rows with matches only");
      top = gtk_widget_get_parent (top);
    }
  g_assert_nonnull (button);
  int ox, oy;
  GtkAllocation a;
  gdk_window_get_origin (gtk_widget_get_window (button), &ox, &oy);
  gtk_widget_get_allocation (button, &a);
  gui_test_xdotool (300, "mousemove --sync %d %d click 1", ox + a.x + a.width / 2, oy + a.y + a.height / 2);
  gui_test_iterate_for (300);
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (button)));
  g_assert_true (shown (cf, beta));
  g_assert_false (shown (cf, alpha));
  /* No filter: every row again. */
  lttv_time_context_set_filter (tc, "");
  gtk_widget_queue_draw (lttv_timeline_view_get_canvas (cf));
  gui_test_iterate_for (300);
  g_assert_true (shown (cf, alpha));
  gtk_widget_destroy (GTK_WIDGET (w));
}

static gboolean
one_trace_open (gpointer tab)
{
  return gui_test_tab_built (tab) && lttv_traceset_n_traces (lttv_tab_get_traceset (tab)) == 1;
}

/* File > Remove Trace from Tab: the second trace chosen with the keys; the
 * tab opens the other again and its viewers show it alone. */
static void
test_remove_a_trace_from_the_tab (void)
{
  LttvWindow *w;
  g_autofree char *sample = g_strdup (lttv_paths_sample_trace ());
  LttvTab *tab = open_window ((const char *const[]) { trace, sample, NULL }, &w);

  g_assert_cmpuint (lttv_traceset_n_traces (lttv_tab_get_traceset (tab)), ==, 2);
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (w), "remove-trace"));
  g_action_group_activate_action (G_ACTION_GROUP (w), "remove-trace", NULL);
  GtkWindow *dialog = find_dialog ("Remove Trace from Tab");
  g_assert_nonnull (dialog);
  focus (dialog);
  gui_test_xdotool (300, "key Down");
  gui_test_xdotool (300, "key Return");
  g_assert_true (gui_test_iterate_until (one_trace_open, tab, 30000));
  g_assert_cmpuint (lttv_tab_get_n_traces (tab), ==, 1);
  g_assert_cmpstr (lttv_tab_get_trace_path (tab, 0), ==, trace);
  g_autofree char *left = g_canonicalize_filename (lttv_trace_path (lttv_traceset_get_trace (lttv_tab_get_traceset (tab), 0)), NULL);
  g_autofree char *want = g_canonicalize_filename (trace, NULL);
  g_assert_cmpstr (left, ==, want);
  for (guint i = 0; i < lttv_tab_get_n_viewers (tab); i++)
    g_assert_true (lttv_viewer_context_get_traceset (lttv_tab_get_viewer_context (tab, i))
                   == lttv_tab_get_traceset (tab));
  /* One trace left: nothing more to remove. */
  gui_test_iterate_for (200);
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (w), "remove-trace"));
  gtk_widget_destroy (GTK_WIDGET (w));
}

int
main (int argc, char **argv)
{
  g_autoptr (GError) error = NULL;

  g_test_init (&argc, &argv, NULL);
  gtk_init (&argc, &argv);
  trace = g_getenv ("MARKS_TRACE");
  if (trace == NULL)
    {
      g_printerr ("MARKS_TRACE is not set (test-marks.sh sets it)\n");
      return 1;
    }
  app = lttv_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  if (!g_application_register (G_APPLICATION (app), NULL, &error))
    g_error ("%s", error->message);

  g_test_add_func ("/marks/current-time-stays-visible-on-waiting-rows",
                   test_current_time_stays_visible_on_waiting_rows);
  g_test_add_func ("/marks/ctrl-d-bookmarks-the-selection", test_ctrl_d_bookmarks_the_selection);
  g_test_add_func ("/marks/ctrl-d-bookmarks-the-current-time", test_ctrl_d_bookmarks_the_current_time);
  g_test_add_func ("/marks/keys-step-through-bookmarks", test_keys_step_through_bookmarks);
  g_test_add_func ("/marks/bookmarks-list-goes-to-and-deletes", test_bookmarks_list_goes_to_and_deletes);
  g_test_add_func ("/marks/shift-click-extends-and-status-measures", test_shift_click_extends_and_status_measures);
  g_test_add_func ("/marks/filter-marks-rows-with-matches", test_filter_marks_rows_with_matches);
  g_test_add_func ("/marks/corrupt-bookmark-file-is-reported", test_corrupt_bookmark_file_is_reported);
  g_test_add_func ("/marks/remove-a-trace-from-the-tab", test_remove_a_trace_from_the_tab);
  int ret = g_test_run ();
  g_object_unref (app);
  return ret;
}
