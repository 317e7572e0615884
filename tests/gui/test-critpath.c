/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Wakeup arrows in the control flow view and the critical path viewer, in
 * a real window on Xvfb (test-critpath.sh), driven through xdotool, on the
 * hand-worked scenario tests/ctf-writer/scenarios/critpath-wake.scn: A
 * (10) runs on cpu0 from 1000, blocks at 2000; B (20), on cpu1, wakes it
 * at 5000 (the trace's one wakeup edge); A waits for cpu0 until 6000 and
 * runs until 9000. Its critical path over [1000, 9000) is
 * tests/state/critpath/critpath-wake.expected (worked out by hand). */
#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <time.h>

#include <lttv/lttv.h>

#include "gui/lttv-application.h"
#include "gui/lttv-module-host.h"
#include "gui/lttv-window.h"
#include "gui/module-api/lttv-thread-selection.h"
#include "gui/module-api/lttv-timeline-view.h"

#include "gui-test.h"

static LttvApplication *app;
static const char *trace;     /* critpath-wake.scn, written by the script */
static const char *expected;  /* critpath-wake.expected */

/* The main thread's longest turn of the loop over `ms` (shots mode): its
 * own CPU time, which other processes on a busy machine do not inflate. */
static void
iterate_measuring (int ms, const char *what)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;
  double worst_cpu = 0, worst_wall = 0;
  while (g_get_monotonic_time () < end)
    {
      struct timespec c0, c1;
      gint64 w0 = g_get_monotonic_time ();
      clock_gettime (CLOCK_THREAD_CPUTIME_ID, &c0);
      g_main_context_iteration (NULL, FALSE);
      clock_gettime (CLOCK_THREAD_CPUTIME_ID, &c1);
      worst_cpu = MAX (worst_cpu, (c1.tv_sec - c0.tv_sec) * 1e3 + (c1.tv_nsec - c0.tv_nsec) / 1e6);
      worst_wall = MAX (worst_wall, (g_get_monotonic_time () - w0) / 1e3);
      g_usleep (1000);
    }
  g_print ("%s: longest main-loop turn %.1f ms CPU (%.1f ms wall)\n", what, worst_cpu, worst_wall);
}

static LttvTab *
open_trace (LttvWindow **out)
{
  LttvWindow *w = lttv_window_new (app);
  g_autoptr (GFile) file = g_file_new_for_path (trace);
  LttvTab *tab;

  gtk_window_set_default_size (GTK_WINDOW (w), 1200, 900);
  gtk_widget_show (GTK_WIDGET (w));
  tab = lttv_window_open_traces (w, &file, 1);
  g_assert_true (gui_test_iterate_until (gui_test_tab_built, tab, 30000));
  gui_test_iterate_for (500);
  lttv_time_context_set_window (lttv_tab_get_time_context (tab), 1000, 9000);
  lttv_time_context_clear_selection (lttv_tab_get_time_context (tab));
  gui_test_iterate_for (200);
  *out = w;
  return tab;
}

static gboolean
is_view (GtkWidget *w, gconstpointer unused)
{
  return LTTV_IS_TIMELINE_VIEW (w);
}

static gboolean
has_tooltip_prefix (GtkWidget *w, gconstpointer prefix)
{
  const char *tip = gtk_widget_get_tooltip_text (w);
  gboolean yes = GTK_IS_TOGGLE_BUTTON (w) && tip != NULL && g_str_has_prefix (tip, prefix);
  g_free ((char *) tip);
  return yes;
}

static guint
viewer_index (LttvTab *tab, const char *id)
{
  for (guint i = 0; i < lttv_tab_get_n_viewers (tab); i++)
    if (strcmp (lttv_tab_get_viewer_id (tab, i), id) == 0)
      return i;
  g_assert_not_reached ();
}

static int
row_of (LttvTimelineView *view, guint64 tid)
{
  LttvTimelineModel *m = lttv_timeline_view_get_model (view);
  for (guint i = 0; i < lttv_timeline_model_n_rows (m); i++)
    if (lttv_timeline_model_get_row (m, i)->tag == tid
        && lttv_timeline_model_get_row (m, i)->attr != LTTV_ATTR_NONE)
      return (int) i;
  g_assert_not_reached ();
}

/* The arrows' blue (controlflow-wakeups.c: 0.10, 0.35, 0.85 at 0.9). */
static gboolean
is_arrow_blue (GdkRGBA c)
{
  g_test_message ("pixel %.0f,%.0f,%.0f", c.red * 255, c.green * 255, c.blue * 255);
  return c.blue > 0.7 && c.red < 0.3 && c.green < 0.5;
}

typedef struct {
  LttvWindow *w;
  LttvTab *tab;
  LttvTimelineView *cf;
  LttvViewerContext *ctx;
  int a, b;            /* the rows of A (10) and B (20) */
} Setup;

static void
setup_controlflow (Setup *s)
{
  s->tab = open_trace (&s->w);
  /* the control flow alone: rows tall enough to show both threads */
  for (guint i = lttv_tab_get_n_viewers (s->tab); i-- > 0;)
    if (strcmp (lttv_tab_get_viewer_id (s->tab, i), "controlflow") != 0)
      lttv_tab_remove_viewer (s->tab, i);
  gui_test_iterate_for (300);
  guint i = viewer_index (s->tab, "controlflow");
  GtkWidget *top = lttv_tab_get_viewer_widget (s->tab, i);
  s->cf = LTTV_TIMELINE_VIEW (gui_test_find_widget (top, is_view, NULL));
  s->ctx = lttv_tab_get_viewer_context (s->tab, i);
  s->a = row_of (s->cf, 10);
  s->b = row_of (s->cf, 20);
}

static GtkToggleButton *
wakeup_toggle (Setup *s)
{
  GtkWidget *top = lttv_tab_get_viewer_widget (s->tab, viewer_index (s->tab, "controlflow"));
  GtkWidget *b = gui_test_find_widget (top, has_tooltip_prefix, "Wakeup arrows");
  g_assert_nonnull (b);
  return GTK_TOGGLE_BUTTON (b);
}

/* The arrow of B waking A is drawn at x of 5000 on the tab's time axis,
 * between the two rows; none with the toggle off; its tooltip names both. */
static void
test_wakeup_arrow_is_drawn_at_the_wakeup (void)
{
  Setup s;
  setup_controlflow (&s);
  GtkWidget *canvas = lttv_timeline_view_get_canvas (s.cf);
  int width = gtk_widget_get_allocated_width (canvas);
  int x = (int) floor (lttv_viewer_context_time_to_x (s.ctx, 5000, width));
  double ya = lttv_timeline_view_row_y (s.cf, s.a), yb = lttv_timeline_view_row_y (s.cf, s.b);
  int y = (int) round ((ya + yb) / 2);

  g_assert_cmpfloat (ya, >=, 0);
  g_assert_cmpfloat (yb, >=, 0);
  g_assert_false (gtk_toggle_button_get_active (wakeup_toggle (&s)));
  cairo_surface_t *off = gui_test_snapshot (s.cf);
  g_assert_false (is_arrow_blue (gui_test_pixel (off, x, y)));
  cairo_surface_destroy (off);

  /* Ctrl+Alt+W, as a user would: the toggle follows */
  gtk_widget_grab_focus (canvas);
  gui_test_iterate_for (100);
  gui_test_xdotool (300, "windowfocus --sync %lu", gui_test_xid (canvas));
  gui_test_xdotool (300, "key ctrl+alt+w");
  g_assert_true (gtk_toggle_button_get_active (wakeup_toggle (&s)));
  /* remembered for the next control flow view, as the scheduling arrows */
  g_autoptr (GSettings) settings = g_settings_new ("org.lttv.Lttv.ControlFlow");
  g_assert_true (g_settings_get_boolean (settings, "wakeup-arrows"));
  cairo_surface_t *on = gui_test_snapshot (s.cf);
  g_assert_true (is_arrow_blue (gui_test_pixel (on, x, y)));
  /* one pixel column wide: the row colours 3 pixels left */
  g_assert_false (is_arrow_blue (gui_test_pixel (on, x - 3, y)));
  cairo_surface_destroy (on);

  g_autofree char *tip = lttv_timeline_view_tooltip_at (s.cf, x, ya);
  g_test_message ("tooltip: %s", tip);
  g_assert_nonnull (tip);
  g_assert_nonnull (strstr (tip, "B (20) woke A (10)"));
  g_autofree char *far = lttv_timeline_view_tooltip_at (s.cf, x - 40, ya);
  g_assert_true (far == NULL || strstr (far, "woke") == NULL);
  gtk_toggle_button_set_active (wakeup_toggle (&s), FALSE);
  gtk_widget_destroy (GTK_WIDGET (s.w));
}

static gboolean
selected_is (gpointer data)
{
  Setup *s = data;
  gint64 tid = -1;
  return lttv_viewer_context_get_selected_thread (s->ctx, &tid, NULL) && tid == 20;
}

/* A selected at 1000, Shift+Right: along the arrow of its next wakeup, to
 * its waker B at 5000; again: B has no later wakeup, nothing moves; from
 * 7000, Shift+Left: back along the same arrow to A. */
static void
test_follow_key_moves_to_the_waker (void)
{
  Setup s;
  setup_controlflow (&s);
  GtkWidget *canvas = lttv_timeline_view_get_canvas (s.cf);
  gint64 tid = -1;

  lttv_viewer_context_set_current_time (s.ctx, 1000);
  lttv_timeline_view_select_row (s.cf, s.a);
  gui_test_iterate_for (100);
  g_assert_true (lttv_viewer_context_get_selected_thread (s.ctx, &tid, NULL));
  g_assert_cmpint (tid, ==, 10);
  gtk_widget_grab_focus (canvas);
  gui_test_xdotool (300, "windowfocus --sync %lu", gui_test_xid (canvas));
  gui_test_xdotool (300, "key shift+Right");
  g_assert_true (gui_test_iterate_until (selected_is, &s, 3000));
  g_assert_cmpuint (lttv_viewer_context_get_current_time (s.ctx), ==, 5000);
  g_assert_cmpint (lttv_timeline_view_get_selected_row (s.cf), ==, s.b);
  /* B's only wakeup is at 5000: nothing after it */
  gui_test_xdotool (300, "key shift+Right");
  g_assert_cmpuint (lttv_viewer_context_get_current_time (s.ctx), ==, 5000);
  g_assert_true (lttv_viewer_context_get_selected_thread (s.ctx, &tid, NULL));
  g_assert_cmpint (tid, ==, 20);
  /* back along it from after: to A */
  lttv_viewer_context_set_current_time (s.ctx, 7000);
  gui_test_iterate_for (100);
  gui_test_xdotool (300, "key shift+Left");
  g_assert_true (lttv_viewer_context_get_selected_thread (s.ctx, &tid, NULL));
  g_assert_cmpint (tid, ==, 10);
  g_assert_cmpuint (lttv_viewer_context_get_current_time (s.ctx), ==, 5000);
  gtk_widget_destroy (GTK_WIDGET (s.w));
}

static gboolean
sensitive (gpointer w)
{
  return gtk_widget_get_sensitive (w);
}

static gboolean
selection_is_segment (gpointer data)
{
  LttvTimeContext *tc = data;
  LttvTime a, b;
  return lttv_time_context_get_selection (tc, &a, &b) && a == 2000 && b == 5000;
}

/* The lines of `file` that do not start with "cause" (the sentences are
 * this viewer's own), and the first six fields of those that do. */
static char *
path_lines (const char *text)
{
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  GString *out = g_string_new (NULL);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      if (lines[i][0] == '\0')
        continue;
      if (g_str_has_prefix (lines[i], "cause\t"))
        {
          g_auto (GStrv) f = g_strsplit (lines[i], "\t", 7);
          g_assert_cmpuint (g_strv_length (f), >=, 6);
          g_string_append_printf (out, "%s\t%s\t%s\t%s\t%s\t%s\n", f[0], f[1], f[2], f[3], f[4], f[5]);
        }
      else
        g_string_append_printf (out, "%s\n", lines[i]);
    }
  return g_string_free (out, FALSE);
}

/* The critical path viewer follows A's selection and the tab's range: its
 * TSV export is the hand-worked path; a click on B's segment selects
 * [2000, 5000) in the tab. */
static void
test_critpath_viewer_shows_the_hand_worked_path (void)
{
  Setup s;
  setup_controlflow (&s);
  LttvTimeContext *tc = lttv_tab_get_time_context (s.tab);
  g_assert_true (lttv_tab_add_viewer (s.tab, "critpath"));
  g_assert_true (gui_test_iterate_until ((gboolean (*) (gpointer)) lttv_tab_viewers_ready, s.tab, 10000));
  gui_test_iterate_for (300);
  guint ci = viewer_index (s.tab, "critpath");
  GtkWidget *top = lttv_tab_get_viewer_widget (s.tab, ci);
  LttvViewerContext *cctx = lttv_tab_get_viewer_context (s.tab, ci);
  GtkWidget *export = gui_test_find_widget (top, gui_test_is_named, "critpath-export");
  GtkWidget *chart = gui_test_find_widget (top, gui_test_is_named, "critpath-chart");
  g_assert_nonnull (export);
  g_assert_nonnull (chart);
  g_assert_false (gtk_widget_get_sensitive (export));   /* no thread selected */

  lttv_timeline_view_select_row (s.cf, s.a);
  lttv_time_context_set_selection (tc, 1000, 9000);
  g_assert_true (gui_test_iterate_until (sensitive, export, 10000));
  gui_test_iterate_for (200);

  /* The export, through its dialog */
  g_autofree char *dir = g_dir_make_tmp ("critpath-XXXXXX", NULL);
  g_autofree char *tsv = g_build_filename (dir, "path.tsv", NULL);
  gtk_button_clicked (GTK_BUTTON (export));
  GtkWindow *dialog = NULL;
  for (int tries = 0; tries < 50 && dialog == NULL; tries++)
    {
      g_autoptr (GList) all = gtk_window_list_toplevels ();
      for (GList *l = all; l != NULL; l = l->next)
        if (g_strcmp0 (gtk_window_get_title (l->data), "Export the Critical Path") == 0)
          dialog = l->data;
      gui_test_iterate_for (100);
    }
  g_assert_nonnull (dialog);
  g_assert_true (gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (dialog), dir));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), "path.tsv");
  gui_test_iterate_for (200);
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
  gui_test_iterate_for (300);
  g_autofree char *got = NULL, *want = NULL;
  g_assert_true (g_file_get_contents (tsv, &got, NULL, NULL));
  g_assert_true (g_file_get_contents (expected, &want, NULL, NULL));
  g_autofree char *got_lines = path_lines (got), *want_lines = path_lines (want);
  g_assert_cmpstr (got_lines, ==, want_lines);
  g_unlink (tsv);
  g_rmdir (dir);

  /* A click in B's row (the second: the path meets it second) at 3500 */
  int start, end_margin;
  lttv_viewer_context_get_axis (cctx, &start, &end_margin);
  int chart_w = gtk_widget_get_allocated_width (top) - start - end_margin;
  int x = start + (int) round (lttv_viewer_context_time_to_x (cctx, 3500, chart_w));
  int y = 4 + 22 + 11;
  int ox, oy;
  /* (a drawing area has a window of its own: its origin is its corner) */
  g_assert_true (gtk_widget_get_has_window (chart));
  gdk_window_get_origin (gtk_widget_get_window (chart), &ox, &oy);
  gui_test_xdotool (300, "mousemove --sync %d %d click 1", ox + x, oy + y);
  g_assert_true (gui_test_iterate_until (selection_is_segment, tc, 3000));
  /* the path stays the one over [1000, 9000): the export stays enabled */
  gui_test_iterate_for (300);
  g_assert_true (gtk_widget_get_sensitive (export));
  gtk_widget_destroy (GTK_WIDGET (s.w));
}

/* Not a test: the README's screenshots (data/take-screenshots), when
 * CRITPATH_SHOTS names a folder. The trace of CRITPATH_TRACE, its thread
 * woken the most selected, wakeup arrows on, the critical path viewer
 * added; the window at 1280x800 and 1920x1080. */
static void
shoot (LttvWindow *w, const char *file, int width, int height)
{
  gtk_window_resize (GTK_WINDOW (w), width, height);
  gui_test_iterate_for (3000);
  /* (the pointer on the menu bar: no tooltip in the picture) */
  gui_test_xdotool (300, "mousemove --sync %d %d", width / 2, 8);
  gui_test_iterate_for (1500);
  g_autofree char *cmd = g_strdup_printf ("import -window %lu %s", gui_test_xid (GTK_WIDGET (w)), file);
  int status = -1;
  g_assert_true (g_spawn_command_line_sync (cmd, NULL, NULL, &status, NULL));
  g_assert_cmpint (status, ==, 0);
}

static void
take_screenshots (const char *dir)
{
  Setup s;
  s.tab = open_trace (&s.w);
  guint i = viewer_index (s.tab, "controlflow");
  s.cf = LTTV_TIMELINE_VIEW (gui_test_find_widget (lttv_tab_get_viewer_widget (s.tab, i), is_view, NULL));
  s.ctx = lttv_tab_get_viewer_context (s.tab, i);
  const GArray *ws = lttv_state_wakeups (lttv_tab_get_state (s.tab));
  g_autoptr (GHashTable) n = g_hash_table_new (g_int64_hash, g_int64_equal);
  gint64 best = -1;
  guint best_n = 0;
  for (guint k = 0; k < ws->len; k++)
    {
      const LttvWakeup *e = &g_array_index (ws, LttvWakeup, k);
      guint c = GPOINTER_TO_UINT (g_hash_table_lookup (n, &e->wakee)) + 1;
      g_hash_table_insert (n, (gpointer) &e->wakee, GUINT_TO_POINTER (c));
      if (c > best_n && e->wakee > 0)
        best_n = c, best = e->wakee;
    }
  g_assert_cmpint (best, >, 0);
  /* the window and selection: where the thread's path is known */
  LttvTime b0, b1;
  lttv_viewer_context_get_bounds (s.ctx, &b0, &b1);
  g_autoptr (GArray) path = lttv_critical_path (lttv_tab_get_state (s.tab), best, b0, b1 + 1);
  LttvTime p0 = b1, p1 = b0;
  for (guint k = 0; k < path->len; k++)
    {
      const LttvPathSegment *seg = &g_array_index (path, LttvPathSegment, k);
      if (seg->kind != LTTV_PATH_UNKNOWN)
        p0 = MIN (p0, seg->begin), p1 = MAX (p1, seg->end);
    }
  g_assert_cmpuint (p1, >, p0);
  for (guint k = lttv_tab_get_n_viewers (s.tab); k-- > 0;)
    if (strcmp (lttv_tab_get_viewer_id (s.tab, k), "resourceview") == 0
        || strcmp (lttv_tab_get_viewer_id (s.tab, k), "histogram") == 0)
      lttv_tab_remove_viewer (s.tab, k);
  lttv_time_context_set_window (lttv_tab_get_time_context (s.tab), p0 - (p1 - p0) / 20, p1 + (p1 - p0) / 20);
  lttv_time_context_set_selection (lttv_tab_get_time_context (s.tab), p0, p1);
  gtk_toggle_button_set_active (wakeup_toggle (&s), TRUE);
  g_assert_true (lttv_tab_add_viewer (s.tab, "critpath"));
  iterate_measuring (500, "adding the critical path viewer");
  lttv_timeline_view_select_row (s.cf, row_of (s.cf, (guint64) best));
  iterate_measuring (3000, "its path computed, listed and drawn");
  g_autofree char *small = g_build_filename (dir, "critpath-1280x800.png", NULL);
  g_autofree char *large = g_build_filename (dir, "critpath.png", NULL);
  shoot (s.w, small, 1280, 800);
  shoot (s.w, large, 1920, 1080);
  gtk_widget_destroy (GTK_WIDGET (s.w));
}

int
main (int argc, char **argv)
{
  g_autoptr (GError) error = NULL;

  g_test_init (&argc, &argv, NULL);
  gtk_init (&argc, &argv);
  trace = g_getenv ("CRITPATH_TRACE");
  expected = g_getenv ("CRITPATH_EXPECTED");
  if (trace == NULL || (expected == NULL && g_getenv ("CRITPATH_SHOTS") == NULL))
    {
      g_printerr ("CRITPATH_TRACE or CRITPATH_EXPECTED is not set (test-critpath.sh sets them)\n");
      return 1;
    }
  app = lttv_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  if (!g_application_register (G_APPLICATION (app), NULL, &error))
    g_error ("%s", error->message);
  if (g_getenv ("CRITPATH_SHOTS") != NULL)
    {
      take_screenshots (g_getenv ("CRITPATH_SHOTS"));
      g_object_unref (app);
      return 0;
    }
  g_test_add_func ("/critpath/wakeup-arrow-is-drawn-at-the-wakeup", test_wakeup_arrow_is_drawn_at_the_wakeup);
  g_test_add_func ("/critpath/follow-key-moves-to-the-waker", test_follow_key_moves_to_the_waker);
  g_test_add_func ("/critpath/viewer-shows-the-hand-worked-path", test_critpath_viewer_shows_the_hand_worked_path);
  int ret = g_test_run ();
  g_object_unref (app);
  return ret;
}
