/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Sessions in process (run by test-session.sh under Xvfb): a tab with a
 * changed window, selection, filter, bookmark, layout and hidden row is
 * saved and opened again in another tab, which shows the same; a session
 * naming a missing trace opens the other one and names the path in the
 * problem bar; malformed session files give their error there, in a tab
 * that still works; a session is never saved into a trace folder. The
 * session files of the missing-trace and malformed cases are written by
 * hand here, not by the code under test. */
#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include <lttv/lttv.h>

#include "gui/lttv-application.h"
#include "gui/lttv-session.h"
#include "gui/lttv-tab.h"
#include "gui/lttv-timeline-rows.h"
#include "gui/lttv-window.h"
#include "gui/module-api/lttv-timeline-view.h"

#include "gui-test.h"

static LttvApplication *app;
static char *dir;            /* the test's scratch folder */

static gboolean
tab_done (gpointer tab)
{
  LttvState *s = lttv_tab_get_state (tab);
  return !lttv_tab_is_opening (tab) && lttv_tab_viewers_ready (tab)
         && (lttv_tab_get_problems (tab) != NULL || s != NULL)
         && (s == NULL || lttv_history_is_finished (lttv_state_get_history (s)));
}

static int
index_of (LttvTab *tab, const char *id)
{
  for (guint i = 0; i < lttv_tab_get_n_viewers (tab); i++)
    if (strcmp (lttv_tab_get_viewer_id (tab, i), id) == 0)
      return (int) i;
  return -1;
}

static LttvWindow *
new_window (void)
{
  LttvWindow *w = lttv_window_new (app);
  gtk_widget_show (GTK_WIDGET (w));
  gtk_window_resize (GTK_WINDOW (w), 1280, 800);
  return w;
}

static LttvTimelineModel *
model_of (LttvTab *tab, const char *id)
{
  LttvTimelineView *view = lttv_timeline_view_find (lttv_tab_get_viewer_widget (tab, index_of (tab, id)));
  return view != NULL ? lttv_timeline_view_get_model (view) : NULL;
}

static gboolean
has_model (gpointer tab)
{
  LttvTimelineModel *m = model_of (tab, "controlflow");
  return m != NULL && lttv_timeline_model_n_rows (m) > 2;
}

/* Saved and opened again: the same times, filter, bookmark, viewers in
 * their areas, maximised viewer and hidden row. */
static void
test_round_trip (void)
{
  LttvWindow *w = new_window ();
  g_autoptr (GFile) sample = g_file_new_for_path (lttv_paths_sample_trace ());
  LttvTab *tab = lttv_window_open_traces (w, &sample, 1);
  g_autofree char *file = g_build_filename (dir, "round.lttv-session", NULL);
  g_autoptr (GError) error = NULL;
  LttvTime b, e, w0, w1, s0, s1, v0, v1;

  g_assert_true (gui_test_iterate_until (tab_done, tab, 60000));
  g_assert_true (gui_test_iterate_until (has_model, tab, 20000));
  LttvTimeContext *tc = lttv_tab_get_time_context (tab);
  lttv_time_context_get_bounds (tc, &b, &e);
  lttv_time_context_set_window (tc, b + (e - b) / 5, b + (e - b) / 2);
  lttv_time_context_set_current_time (tc, b + (e - b) / 3);
  lttv_time_context_set_selection (tc, b + (e - b) / 4, b + (e - b) / 3 + 17);
  lttv_time_context_set_filter (tc, "tid != 0");
  lttv_bookmarks_add (lttv_tab_get_bookmarks (tab), b + (e - b) / 3, b + (e - b) / 3, "session mark",
                      "its note", NULL);
  lttv_tab_dock_viewer (tab, (guint) index_of (tab, "histogram"), FALSE);
  lttv_tab_toggle_maximised (tab, (guint) index_of (tab, "controlflow"));
  /* a row the user hid (the names pane's menu) */
  LttvTimelineModel *m = model_of (tab, "controlflow");
  LttvTimelineRow *hidden_row = lttv_timeline_model_get_row (m, 1);
  g_autofree char *hidden_key = lttv_timeline_row_key (hidden_row);
  hidden_row->user_hidden = TRUE;
  lttv_timeline_model_set_sort (m, 0, TRUE);
  gui_test_iterate_for (300);

  g_assert_true (lttv_session_save_tab (tab, file, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (lttv_session_get_file (tab), ==, file);

  LttvTab *again = lttv_window_open_session (w, file);
  g_assert_true (again != tab);
  g_assert_true (gui_test_iterate_until (tab_done, again, 60000));
  gui_test_iterate_for (500);
  g_assert_null (lttv_tab_get_problems (again));
  g_assert_cmpstr (lttv_tab_get_trace_path (again, 0), ==, lttv_tab_get_trace_path (tab, 0));

  LttvTimeContext *tc2 = lttv_tab_get_time_context (again);
  lttv_time_context_get_window (tc, &w0, &w1);
  lttv_time_context_get_window (tc2, &v0, &v1);
  g_assert_cmpuint (v0, ==, w0);
  g_assert_cmpuint (v1, ==, w1);
  g_assert_cmpuint (lttv_time_context_get_current_time (tc2), ==, b + (e - b) / 3);
  g_assert_true (lttv_time_context_get_selection (tc2, &s0, &s1));
  g_assert_cmpuint (s0, ==, b + (e - b) / 4);
  g_assert_cmpuint (s1, ==, b + (e - b) / 3 + 17);
  g_assert_cmpstr (lttv_time_context_get_filter (tc2), ==, "tid != 0");

  LttvBookmarks *marks = lttv_tab_get_bookmarks (again);
  gboolean found = FALSE;
  for (guint i = 0; i < lttv_bookmarks_n (marks); i++)
    found |= strcmp (lttv_bookmarks_get (marks, i)->name, "session mark") == 0
             && g_strcmp0 (lttv_bookmarks_get (marks, i)->note, "its note") == 0
             && lttv_bookmarks_get (marks, i)->start == b + (e - b) / 3;
  g_assert_true (found);

  g_assert_cmpuint (lttv_tab_get_n_viewers (again), ==, lttv_tab_get_n_viewers (tab));
  for (guint i = 0; i < lttv_tab_get_n_viewers (tab); i++)
    {
      int k = index_of (again, lttv_tab_get_viewer_id (tab, i));
      g_assert_cmpint (k, >=, 0);
      g_assert_cmpint (lttv_tab_viewer_is_docked (again, k), ==, lttv_tab_viewer_is_docked (tab, i));
    }
  g_assert_false (lttv_tab_viewer_is_docked (again, index_of (again, "histogram")));
  g_assert_cmpint (lttv_tab_get_maximised (again), ==, index_of (again, "controlflow"));

  /* the hidden row and the sort, on the new tab's listing */
  g_assert_true (gui_test_iterate_until (has_model, again, 20000));
  LttvTimelineModel *m2 = model_of (again, "controlflow");
  gboolean descending = FALSE;
  g_assert_cmpint (lttv_timeline_model_get_sort (m2, &descending), ==, 0);
  g_assert_true (descending);
  gboolean hidden_again = FALSE;
  for (guint i = 0; i < lttv_timeline_model_n_rows (m2); i++)
    {
      g_autofree char *key = lttv_timeline_row_key (lttv_timeline_model_get_row (m2, i));
      if (strcmp (key, hidden_key) == 0)
        hidden_again = lttv_timeline_model_get_row (m2, i)->user_hidden;
      else
        g_assert_false (lttv_timeline_model_get_row (m2, i)->user_hidden);
    }
  g_assert_true (hidden_again);
  gtk_widget_destroy (GTK_WIDGET (w));
}

/* The names pane beside a timeline view's canvas (the grid's first cell
 * of its row). */
static GtkWidget *
names_of (LttvTimelineView *view)
{
  GtkWidget *canvas = lttv_timeline_view_get_canvas (view);
  int top = 0;

  gtk_container_child_get (GTK_CONTAINER (view), canvas, "top-attach", &top, NULL);
  return gtk_grid_get_child_at (GTK_GRID (view), 0, top);
}

/* The view's canvas as drawn, written to `dir`/`name`. */
static char *
shoot (LttvTimelineView *view, const char *name)
{
  char *path = g_build_filename (dir, name, NULL);
  cairo_surface_t *s = gui_test_snapshot (view);

  g_assert_cmpint (cairo_surface_write_to_png (s, path), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (s);
  return path;
}

/* ImageMagick's count of the pixels that differ, over the rows both
 * images hold (the restored viewers' heights may differ by a row or
 * two: the split shares the spare height by the saved heights). */
static char *
pixels_differing (const char *a, const char *b)
{
  g_autofree char *cmd = g_strdup_printf ("sh -c \"h=$(identify -format '%%h\\n' '%s' '%s' | sort -n | head -n 1); "
                                          "convert '%s' -crop x$h+0+0 +repage '%s.top.png' && "
                                          "convert '%s' -crop x$h+0+0 +repage '%s.top.png' && "
                                          "compare -metric AE '%s.top.png' '%s.top.png' null:\"",
                                          a, b, a, a, b, b, a, b);
  char *err = NULL;

  g_assert_true (g_spawn_command_line_sync (cmd, NULL, &err, NULL, NULL));
  return g_strstrip (err);
}

static gboolean
all_drawn (gpointer tab)
{
  if (!tab_done (tab) || index_of (tab, "controlflow") < 0 || index_of (tab, "resourceview") < 0)
    return FALSE;
  LttvTimelineView *cf = lttv_timeline_view_find (lttv_tab_get_viewer_widget (tab, index_of (tab, "controlflow")));
  LttvTimelineView *rv = lttv_timeline_view_find (lttv_tab_get_viewer_widget (tab, index_of (tab, "resourceview")));
  return tab_done (tab) && has_model (tab) && lttv_timeline_view_get_model (rv) != NULL
         && lttv_timeline_view_is_drawn (cf) && lttv_timeline_view_is_drawn (rv);
}

/* A row folded and a viewer's switch set with the mouse (the resource
 * view's tint, not kept in GSettings) are saved, and the session
 * opened in another window draws the same control flow and resource
 * view, pixel for pixel (the other switches as they were). */
static void
test_folds_and_toggles (void)
{
  LttvWindow *w = new_window ();
  g_autoptr (GFile) sample = g_file_new_for_path (lttv_paths_sample_trace ());
  LttvTab *tab = lttv_window_open_traces (w, &sample, 1);
  g_autofree char *file = g_build_filename (dir, "folds.lttv-session", NULL);
  g_autoptr (GError) error = NULL;

  gtk_window_move (GTK_WINDOW (w), 0, 0);
  g_assert_true (gui_test_iterate_until (all_drawn, tab, 60000));
  gui_test_iterate_for (500);
  LttvTimelineView *cf = lttv_timeline_view_find (lttv_tab_get_viewer_widget (tab, index_of (tab, "controlflow")));
  LttvTimelineView *rv = lttv_timeline_view_find (lttv_tab_get_viewer_widget (tab, index_of (tab, "resourceview")));
  LttvTimelineModel *m = lttv_timeline_view_get_model (cf);

  /* The first row with children shown: a click on its expander. */
  int row = -1;
  for (guint p = 0; p < lttv_timeline_model_n_visible (m) && row < 0; p++)
    {
      guint r = lttv_timeline_model_visible_row (m, p, NULL);
      if (lttv_timeline_model_has_children (m, r))
        row = (int) r;
    }
  g_assert_cmpint (row, >=, 0);
  g_autofree char *folded_key = lttv_timeline_row_key (lttv_timeline_model_get_row (m, (guint) row));
  int ex = 0;
  while (ex < 200 && !lttv_timeline_model_on_expander (m, (guint) row, ex))
    ex++;
  g_assert_cmpint (ex, <, 200);
  GtkWidget *names = names_of (cf);
  int x, y, ox, oy;
  g_assert_true (gtk_widget_translate_coordinates (names, GTK_WIDGET (w), ex + 2,
                                                   (int) lttv_timeline_view_row_y (cf, row), &x, &y));
  gdk_window_get_origin (gtk_widget_get_window (GTK_WIDGET (w)), &ox, &oy);
  gui_test_xdotool (300, "mousemove --sync %d %d click 1", ox + x, oy + y);
  g_assert_true (lttv_timeline_model_get_row (m, (guint) row)->collapsed);
  /* The resource view's tint, a click on its button; then the pointer
   * off the charts (no hover line). */
  GtkWidget *tint = gui_test_find_widget (lttv_tab_get_viewer_widget (tab, index_of (tab, "resourceview")),
                                          gui_test_is_named, "tint");
  g_assert_nonnull (tint);
  g_assert_true (gtk_widget_translate_coordinates (tint, GTK_WIDGET (w), gtk_widget_get_allocated_width (tint) / 2,
                                                   gtk_widget_get_allocated_height (tint) / 2, &x, &y));
  gui_test_xdotool (300, "mousemove --sync %d %d click 1", ox + x, oy + y);
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (tint)));
  gui_test_xdotool (500, "mousemove --sync %d %d", ox + 2, oy + 2);
  g_autofree char *cf_before = shoot (cf, "cf-before.png");
  g_autofree char *rv_before = shoot (rv, "rv-before.png");

  g_assert_true (lttv_session_save_tab (tab, file, &error));
  g_assert_no_error (error);
  g_autofree char *text = NULL;
  g_assert_true (g_file_get_contents (file, &text, NULL, NULL));
  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, "\"tint\" : true"));
  g_assert_nonnull (strstr (text, folded_key));

  LttvWindow *w2 = new_window ();
  gtk_window_move (GTK_WINDOW (w2), 0, 0);
  LttvTab *again = lttv_window_open_session (w2, file);
  g_assert_true (gui_test_iterate_until (all_drawn, again, 60000));
  gui_test_iterate_for (1000);
  LttvTimelineView *cf2 = lttv_timeline_view_find (lttv_tab_get_viewer_widget (again, index_of (again, "controlflow")));
  LttvTimelineView *rv2 = lttv_timeline_view_find (lttv_tab_get_viewer_widget (again, index_of (again, "resourceview")));
  g_autofree char *cf_after = shoot (cf2, "cf-after.png");
  g_autofree char *rv_after = shoot (rv2, "rv-after.png");
  g_autofree char *cf_diff = pixels_differing (cf_before, cf_after);
  g_autofree char *rv_diff = pixels_differing (rv_before, rv_after);
  g_test_message ("pixels differing: control flow %s, resources %s", cf_diff, rv_diff);
  g_assert_cmpstr (cf_diff, ==, "0");
  g_assert_cmpstr (rv_diff, ==, "0");
  gtk_widget_destroy (GTK_WIDGET (w2));
  gtk_widget_destroy (GTK_WIDGET (w));
}

/* Writes `text` to `name` in the scratch folder; returns its path. */
static char *
write_file (const char *name, const char *text)
{
  char *path = g_build_filename (dir, name, NULL);
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  return path;
}

/* A session opens in the current tab when it is empty (a window's first,
 * a new tab's), else in a tab of its own, as traces do. */
static void
test_opens_in_empty_tab (void)
{
  LttvWindow *w = new_window ();
  g_autofree char *text = g_strdup_printf ("{ \"format\": \"lttv-session\", \"version\": 1,\n"
                                           "  \"traces\": [ { \"path\": \"%s\" } ] }\n",
                                           lttv_paths_sample_trace ());
  g_autofree char *file = write_file ("empty-tab.lttv-session", text);

  /* A new tab (File > New Tab): its default viewers, no trace. */
  g_action_group_activate_action (G_ACTION_GROUP (w), "new-tab", NULL);
  gui_test_iterate_for (300);
  g_assert_cmpuint (lttv_window_get_n_tabs (w), ==, 1);
  g_assert_null (lttv_tab_get_traceset (lttv_window_get_current_tab (w)));
  LttvTab *tab = lttv_window_open_session (w, file);
  g_assert_true (gui_test_iterate_until (tab_done, tab, 60000));
  g_assert_cmpuint (lttv_window_get_n_tabs (w), ==, 1);
  g_assert_true (lttv_window_get_current_tab (w) == tab);
  g_assert_nonnull (lttv_tab_get_traceset (tab));

  /* The tab holds a trace now: the next session gets a tab of its own. */
  LttvTab *other = lttv_window_open_session (w, file);
  g_assert_true (other != tab);
  g_assert_true (gui_test_iterate_until (tab_done, other, 60000));
  g_assert_cmpuint (lttv_window_get_n_tabs (w), ==, 2);
  g_assert_nonnull (lttv_tab_get_traceset (tab));
  gtk_widget_destroy (GTK_WIDGET (w));
}

/* One trace is gone: the other opens, the problem bar names the path. */
static void
test_missing_trace (void)
{
  LttvWindow *w = new_window ();
  g_autofree char *gone = g_build_filename (dir, "no-such-trace", NULL);
  g_autofree char *text = g_strdup_printf ("{ \"format\": \"lttv-session\", \"version\": 1,\n"
                                           "  \"traces\": [ { \"path\": \"%s\" }, { \"path\": \"%s\" } ] }\n",
                                           gone, lttv_paths_sample_trace ());
  g_autofree char *file = write_file ("missing.lttv-session", text);
  LttvTab *tab = lttv_window_open_session (w, file);

  g_assert_true (gui_test_iterate_until (tab_done, tab, 60000));
  g_assert_nonnull (lttv_tab_get_traceset (tab));
  g_assert_cmpuint (lttv_traceset_n_traces (lttv_tab_get_traceset (tab)), ==, 1);
  g_assert_cmpuint (lttv_tab_get_n_traces (tab), ==, 1);
  g_assert_nonnull (lttv_tab_get_problems (tab));
  g_test_message ("problem bar: %s", lttv_tab_get_problems (tab));
  g_assert_nonnull (strstr (lttv_tab_get_problems (tab), gone));
  g_assert_nonnull (strstr (lttv_tab_get_problems (tab), file));
  /* no viewers named: the default ones */
  g_assert_cmpint (index_of (tab, "controlflow"), >=, 0);
  gtk_widget_destroy (GTK_WIDGET (w));
}

/* The trace moved with its session: found by its relative path. */
static void
test_moved_together (void)
{
  LttvWindow *w = new_window ();
  g_autofree char *folder = g_build_filename (dir, "moved", NULL);
  g_autofree char *trace = g_build_filename (folder, "trace", NULL);
  g_autofree char *cmd = g_strdup_printf ("cp -r '%s' '%s'", lttv_paths_sample_trace (), trace);
  g_assert_cmpint (g_mkdir_with_parents (folder, 0755), ==, 0);
  g_assert_true (g_spawn_command_line_sync (cmd, NULL, NULL, NULL, NULL));
  g_autofree char *file = write_file ("moved/m.lttv-session",
                                      "{ \"format\": \"lttv-session\", \"version\": 1,\n"
                                      "  \"traces\": [ { \"path\": \"/nonexistent/old/trace\", \"relative\": \"trace\" } ] }\n");
  LttvTab *tab = lttv_window_open_session (w, file);

  g_assert_true (gui_test_iterate_until (tab_done, tab, 60000));
  g_assert_null (lttv_tab_get_problems (tab));
  g_assert_cmpstr (lttv_tab_get_trace_path (tab, 0), ==, trace);
  gtk_widget_destroy (GTK_WIDGET (w));
}

/* Malformed files: their error (file, where) in the problem bar. */
static void
test_malformed (void)
{
  static const struct { const char *text, *where; } cases[] = {
    { "{ \"format\": \"lttv-session\", \"version\": 1, \"traces\": [ ", "JSON" },
    { "[ 1, 2 ]", "not a session" },
    { "{ \"format\": \"lttv-session\", \"version\": 1, \"traces\": [ { \"path\": 7 } ] }", "traces[1]" },
    { "{ \"format\": \"lttv-session\", \"version\": 1, \"traces\": [ { \"path\": \"rel/x\" } ] }", "not absolute" },
    { "{ \"format\": \"lttv-session\", \"version\": 2, \"traces\": [] }", "newer" },
    { "{ \"format\": \"lttv-session\", \"version\": 1, \"traces\": [],"
      " \"time\": { \"window\": { \"start\": \"x1\", \"end\": \"2\" } } }", "time.window" },
    { "{ \"format\": \"something-else\", \"version\": 1, \"traces\": [] }", "format" },
  };
  LttvWindow *w = new_window ();

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *name = g_strdup_printf ("bad-%u.lttv-session", i);
      g_autofree char *file = write_file (name, cases[i].text);
      LttvTab *tab = lttv_window_open_session (w, file);
      gui_test_iterate_for (200);
      g_assert_nonnull (lttv_tab_get_problems (tab));
      g_test_message ("%s", lttv_tab_get_problems (tab));
      g_assert_true (g_str_has_prefix (lttv_tab_get_problems (tab), file));
      g_assert_nonnull (strstr (lttv_tab_get_problems (tab), cases[i].where));
      g_assert_null (lttv_tab_get_traceset (tab));
    }
  gtk_widget_destroy (GTK_WIDGET (w));
}

/* Never into a trace folder; the file is not written. */
static void
test_not_in_trace_folder (void)
{
  LttvWindow *w = new_window ();
  g_autofree char *folder = g_build_filename (dir, "copy", NULL);
  g_autofree char *cmd = g_strdup_printf ("cp -r '%s' '%s'", lttv_paths_sample_trace (), folder);
  g_assert_true (g_spawn_command_line_sync (cmd, NULL, NULL, NULL, NULL));
  g_autoptr (GFile) trace = g_file_new_for_path (folder);
  LttvTab *tab = lttv_window_open_traces (w, &trace, 1);
  g_autofree char *inside = g_build_filename (folder, "x.lttv-session", NULL);
  g_autoptr (GError) error = NULL;

  g_assert_true (gui_test_iterate_until (tab_done, tab, 60000));
  g_assert_false (lttv_session_save_tab (tab, inside, &error));
  g_assert_nonnull (error);
  g_assert_false (g_file_test (inside, G_FILE_TEST_EXISTS));
  gtk_widget_destroy (GTK_WIDGET (w));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  gtk_init (&argc, &argv);
  app = lttv_application_new ();
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, NULL));
  dir = g_dir_make_tmp ("lttv-session-XXXXXX", NULL);
  g_test_add_func ("/session/round-trip", test_round_trip);
  g_test_add_func ("/session/folds-and-toggles", test_folds_and_toggles);
  g_test_add_func ("/session/opens-in-empty-tab", test_opens_in_empty_tab);
  g_test_add_func ("/session/missing-trace", test_missing_trace);
  g_test_add_func ("/session/moved-together", test_moved_together);
  g_test_add_func ("/session/malformed", test_malformed);
  g_test_add_func ("/session/not-in-trace-folder", test_not_in_trace_folder);
  int status = g_test_run ();
  g_autofree char *cmd = g_strdup_printf ("rm -rf '%s'", dir);
  g_spawn_command_line_sync (cmd, NULL, NULL, NULL, NULL);
  return status;
}
