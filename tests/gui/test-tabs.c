/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Windows, tabs and viewers, in process on a real X server (run by
 * test-tabs.sh under Xvfb): the time context reaches every viewer of a tab
 * and no other, window actions, viewer panes, the info bar of a trace that
 * fails, and background jobs with progress, cancel and a responsive main
 * loop. */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <time.h>

#include <lttv/lttv.h>

#include "gui/lttv-application.h"
#include "gui/lttv-layout-settings.h"
#include "gui/lttv-module-host.h"
#include "gui/lttv-time-text.h"
#include "gui/module-api/lttv-timeline-view.h"
#include "gui/lttv-window.h"

#include "gui-test.h"

/* --- A probe viewer: counts what its context tells it ------------------- */

typedef struct
{
  LttvViewerContext *ctx;
  int window_changes;
  int current_changes;
} Probe;

static GPtrArray *probes;   /* Probe*, every one created */

static void probe_window_cb (LttvViewerContext *ctx, Probe *p) { p->window_changes++; }
static void probe_current_cb (LttvViewerContext *ctx, Probe *p) { p->current_changes++; }

static GtkWidget *
probe_create (LttvViewerContext *ctx)
{
  Probe *p = g_new0 (Probe, 1);
  p->ctx = ctx;
  g_signal_connect (ctx, "window-changed", G_CALLBACK (probe_window_cb), p);
  g_signal_connect (ctx, "current-time-changed", G_CALLBACK (probe_current_cb), p);
  g_ptr_array_add (probes, p);
  return gtk_label_new ("probe");
}

static const LttvViewerInfo probe_viewer = {
  .id = "probe", .label = "Probe", .icon_name = "dialog-question-symbolic",
  .create = probe_create,
};

static void
probe_window (Probe *p, LttvTime *start, LttvTime *end)
{
  lttv_viewer_context_get_window (p->ctx, start, end);
}

/* --- Tests --------------------------------------------------------------- */

static void
test_set_window_reaches_every_viewer_of_the_tab_only (void)
{
  LttvWindow *w = gui_test_new_window ();
  LttvTab *tab1 = lttv_window_new_tab (w);
  guint first = probes->len;
  LttvTime s, e;

  lttv_tab_add_viewer (tab1, "probe");
  lttv_tab_add_viewer (tab1, "probe");
  LttvTab *tab2 = lttv_window_new_tab (w);
  lttv_tab_add_viewer (tab2, "probe");
  lttv_tab_add_viewer (tab2, "probe");
  g_assert_true (lttv_window_get_current_tab (w) == tab2);
  g_assert_cmpuint (probes->len, ==, first + 4);

  gui_test_activate (w, "set-window", g_variant_new_string ("1000,5000"));
  for (guint i = first; i < first + 4; i++)
    {
      Probe *p = probes->pdata[i];
      gboolean in_tab2 = i >= first + 2;
      probe_window (p, &s, &e);
      g_assert_cmpint (p->window_changes, ==, in_tab2 ? 1 : 0);
      g_assert_cmpuint (s, ==, in_tab2 ? 1000 : 0);
      g_assert_cmpuint (e, ==, in_tab2 ? 5000 : 0);
    }
  /* A viewer setting the current time is heard by its sibling, once. */
  lttv_viewer_context_set_current_time (((Probe *) probes->pdata[first + 2])->ctx, 3000);
  g_assert_cmpint (((Probe *) probes->pdata[first + 3])->current_changes, ==, 1);
  g_assert_cmpint (((Probe *) probes->pdata[first + 0])->current_changes, ==, 0);
  gtk_widget_destroy (GTK_WIDGET (w));
}

static void
test_back_and_forward_actions (void)
{
  LttvWindow *w = gui_test_new_window ();
  LttvTab *tab = lttv_window_new_tab (w);
  LttvTimeContext *tc = lttv_tab_get_time_context (tab);
  LttvTime s, e;

  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (w), "back"));
  gui_test_activate (w, "set-window", g_variant_new_string ("100,200"));
  gui_test_activate (w, "set-window", g_variant_new_string ("300,700"));
  gui_test_activate (w, "back", NULL);
  lttv_time_context_get_window (tc, &s, &e);
  g_assert_cmpuint (s, ==, 100);
  g_assert_cmpuint (e, ==, 200);
  gui_test_activate (w, "forward", NULL);
  lttv_time_context_get_window (tc, &s, &e);
  g_assert_cmpuint (s, ==, 300);
  g_assert_cmpuint (e, ==, 700);
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (w), "forward"));
  gui_test_activate (w, "zoom-in", NULL);     /* around the middle: 500 */
  lttv_time_context_get_window (tc, &s, &e);
  g_assert_cmpuint (s, ==, 400);
  g_assert_cmpuint (e, ==, 600);
  gtk_widget_destroy (GTK_WIDGET (w));
}

static void
test_viewers_move_and_go (void)
{
  LttvWindow *w = gui_test_new_window ();
  LttvTab *tab = lttv_window_new_tab (w);
  GtkWidget *widget;

  g_assert_true (lttv_tab_add_viewer (tab, "traceinfo"));
  gui_test_activate (w, "add-viewer", g_variant_new_string ("probe"));
  g_assert_false (lttv_tab_add_viewer (tab, "no-such-viewer"));
  g_assert_cmpuint (lttv_tab_get_n_viewers (tab), ==, 2);
  g_assert_cmpstr (lttv_tab_get_viewer_id (tab, 0), ==, "traceinfo");
  lttv_tab_move_viewer (tab, 1, -1);
  g_assert_cmpstr (lttv_tab_get_viewer_id (tab, 0), ==, "probe");
  g_assert_cmpstr (lttv_tab_get_viewer_id (tab, 1), ==, "traceinfo");
  lttv_tab_move_viewer (tab, 1, +1);   /* already last: stays */
  g_assert_cmpstr (lttv_tab_get_viewer_id (tab, 1), ==, "traceinfo");

  widget = lttv_tab_get_viewer_widget (tab, 0);
  g_object_add_weak_pointer (G_OBJECT (widget), (gpointer *) &widget);
  lttv_tab_remove_viewer (tab, 0);
  g_assert_null (widget);   /* the removed viewer is gone, not hidden */
  g_assert_cmpuint (lttv_tab_get_n_viewers (tab), ==, 1);
  g_assert_cmpstr (lttv_tab_get_viewer_id (tab, 0), ==, "traceinfo");
  gtk_widget_destroy (GTK_WIDGET (w));
}

static gboolean
tab_opened (gpointer tab)
{
  /* (and its default viewers built: they come one a main-loop turn) */
  return !lttv_tab_is_opening (tab) && lttv_tab_viewers_ready (tab);
}

/* The reader's error shows in the tab; the traces that can be read still
 * open. */
static void
test_failed_trace_shows_in_info_bar (void)
{
  LttvWindow *w = gui_test_new_window ();
  g_autoptr (GFile) good = g_file_new_for_path (lttv_paths_sample_trace ());
  g_autoptr (GFile) bad = g_file_new_for_path ("/nonexistent/lttv-test-trace");
  GFile *files[] = { good, bad };
  LttvTab *tab = lttv_window_open_traces (w, files, 2);

  g_assert_true (gui_test_iterate_until (tab_opened, tab, 20000));
  const char *problems = lttv_tab_get_problems (tab);
  g_assert_nonnull (problems);
  g_test_message ("info bar: %s", problems);
  if (lttv_tab_get_traceset (tab) == NULL)
    {
      /* No reader in this build: its error names the first trace. */
      g_autofree char *good_path = g_file_get_path (good);
      g_assert_nonnull (strstr (problems, good_path));
      g_assert_nonnull (strstr (problems, "no trace reader"));
    }
  else
    {
      g_assert_nonnull (strstr (problems, "/nonexistent/lttv-test-trace"));
      g_assert_cmpuint (lttv_traceset_n_traces (lttv_tab_get_traceset (tab)), ==, 1);
    }
  /* The default layout has a viewer whatever happened. */
  g_assert_cmpuint (lttv_tab_get_n_viewers (tab), >=, 1);
  gtk_widget_destroy (GTK_WIDGET (w));
}

/* The status line of the tab's last event list. */
static const char *
event_list_status (LttvTab *tab)
{
  for (guint i = lttv_tab_get_n_viewers (tab); i-- > 0;)
    if (strcmp (lttv_tab_get_viewer_id (tab, i), "eventlist") == 0)
      {
        GtkWidget *status = gui_test_find_widget (lttv_tab_get_viewer_widget (tab, i), gui_test_is_named,
                                                   "eventlist-status");
        return status != NULL ? gtk_label_get_text (GTK_LABEL (status)) : NULL;
      }
  return NULL;
}

/* No trace could be opened: the event list says why, rather than that it
 * waits for the trace (for ever), whether it was there before the open
 * failed or added after. */
static void
test_unopened_trace_shows_in_event_list (void)
{
  LttvWindow *w = gui_test_new_window ();
  g_autoptr (GFile) bad = g_file_new_for_path ("/nonexistent/lttv-test-trace");
  GFile *files[] = { bad };
  LttvTab *tab = lttv_window_open_traces (w, files, 1);

  g_assert_true (gui_test_iterate_until (tab_opened, tab, 20000));
  g_assert_null (lttv_tab_get_traceset (tab));
  for (int pass = 0; pass < 2; pass++)
    {
      const char *text = event_list_status (tab);
      if (text == NULL && pass == 0)
        {
          g_test_message ("no event list among the default viewers");
          g_assert_true (lttv_tab_add_viewer (tab, "eventlist"));
          continue;
        }
      g_test_message ("event list: %s", text);
      g_assert_nonnull (text);
      g_assert_nonnull (strstr (text, "could not be opened"));
      g_assert_nonnull (strstr (text, "/nonexistent/lttv-test-trace"));
      /* and an event list added afterwards */
      if (pass == 0)
        g_assert_true (lttv_tab_add_viewer (tab, "eventlist"));
    }
  gtk_widget_destroy (GTK_WIDGET (w));
}

/* The sample trace's files. */
static const char *const sample_files[] = { "metadata", "perf_stream_0", "perf_stream_1" };

/* Copies the sample trace into a new folder: a trace of its own, with a
 * state cache file of its own (the cache key has the trace's path). */
static char *
copy_of_sample_trace (void)
{
  g_autoptr (GError) error = NULL;
  char *dir = g_dir_make_tmp ("lttv-damaged-cache-XXXXXX", &error);
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (sample_files); i++)
    {
      g_autofree char *from = g_build_filename (lttv_paths_sample_trace (), sample_files[i], NULL);
      g_autofree char *to = g_build_filename (dir, sample_files[i], NULL);
      g_autofree char *bytes = NULL;
      gsize len;
      g_assert_true (g_file_get_contents (from, &bytes, &len, NULL));
      g_assert_true (g_file_set_contents (to, bytes, (gssize) len, NULL));
    }
  return dir;
}

/* The state cache file written for `trace` by building its state. */
static char *
cache_file_of (const char *trace)
{
  const char *paths[] = { trace, NULL };
  g_autoptr (GError) error = NULL;
  g_autoptr (LttvTraceset) ts = lttv_traceset_open (paths, &error);
  g_assert_no_error (error);
  g_autofree char *dir = lttv_paths_cache_dir ();
  g_autoptr (GHashTable) before = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    g_hash_table_add (before, g_strdup (name));
  LttvState *state = lttv_state_new (ts);
  g_assert_true (lttv_state_build (state, TRUE, LTTV_CANCEL_NONE, &error));
  lttv_state_free (state);
  g_clear_pointer (&d, g_dir_close);
  d = g_dir_open (dir, 0, &error);
  g_assert_no_error (error);
  /* Other tests build states in the same cache folder meanwhile: only
   * this traceset's files count, named state-<first 16 hex digits of the
   * SHA-256 of its paths>-... (core/state/cache/cache-key.c). */
  g_autofree char *canon = g_canonicalize_filename (trace, NULL);
  g_autofree char *paths_line = g_strdup_printf ("%s\n", canon);
  g_autofree char *sum = g_compute_checksum_for_string (G_CHECKSUM_SHA256, paths_line, -1);
  g_autofree char *prefix = g_strdup_printf ("state-%.16s-", sum);
  char *found = NULL;
  while ((name = g_dir_read_name (d)) != NULL)
    if (g_str_has_prefix (name, prefix) && g_str_has_suffix (name, ".cache")
        && !g_hash_table_contains (before, name))
      {
        g_assert_null (found);
        found = g_build_filename (dir, name, NULL);
      }
  g_assert_nonnull (found);
  return found;
}

/* TRUE when every block of `trace`'s cached state reads back intact. */
static gboolean
cache_is_sound (const char *trace)
{
  const char *paths[] = { trace, NULL };
  g_autoptr (GError) error = NULL;
  g_autoptr (LttvTraceset) ts = lttv_traceset_open (paths, &error);
  g_assert_no_error (error);
  LttvState *state = lttv_state_new (ts);
  g_assert_true (lttv_state_build (state, TRUE, LTTV_CANCEL_NONE, &error));
  LttvHistory *h = lttv_state_get_history (state);
  for (LttvAttr a = 0; a < lttv_history_n_attrs (h); a++)
    g_array_unref (lttv_history_intervals (h, a, lttv_history_begin (h), lttv_history_committed_end (h)));
  gboolean sound = lttv_history_check (h, NULL);
  lttv_state_free (state);
  return sound;
}

static gboolean
tab_rebuilt (gpointer tab)
{
  LttvState *s = lttv_tab_get_state (tab);
  return gui_test_tab_built (tab) && lttv_history_check (lttv_state_get_history (s), NULL);
}

static gboolean
tab_saw_damage (gpointer tab)
{
  const char *p = lttv_tab_get_problems (tab);
  return p != NULL && strstr (p, "damaged state block") != NULL;
}

typedef struct {
  const char *path;
  const char *damaged;
  gsize len;
} CacheFile;

static gboolean
cache_rewritten (gpointer data)
{
  const CacheFile *f = data;
  g_autofree char *now = NULL;
  gsize len;
  return g_file_get_contents (f->path, &now, &len, NULL)
         && (len != f->len || memcmp (now, f->damaged, len) != 0);
}

/* A block of the cached state damaged on disk is found when a query reads
 * it: the tab says so (file, byte, what) and builds the state again from
 * the trace, which rewrites the cache. */
static gboolean
tab_saw_short_memory (gpointer tab)
{
  const char *p = lttv_tab_get_problems (tab);
  return p != NULL && strstr (p, "not enough memory to build the state further") != NULL;
}

/* A build short of memory (LTTV_TEST_MEMORY_SHORT_AT stands in for the
 * machine) stops with its reason in the tab's info bar; the window goes
 * on, with the history built up to there and nothing after it. */
static void
test_build_short_of_memory_shows_in_info_bar (void)
{
  g_autofree char *trace = copy_of_sample_trace ();
  g_setenv ("LTTV_TEST_MEMORY_SHORT_AT", "8192", TRUE);
  LttvWindow *w = gui_test_new_window ();
  g_autoptr (GFile) file = g_file_new_for_path (trace);
  GFile *files[] = { file };
  LttvTab *tab = lttv_window_open_traces (w, files, 1);
  g_assert_true (gui_test_iterate_until (tab_saw_short_memory, tab, 20000));
  g_unsetenv ("LTTV_TEST_MEMORY_SHORT_AT");
  g_test_message ("info bar: %s", lttv_tab_get_problems (tab));
  g_assert_nonnull (strstr (lttv_tab_get_problems (tab), "8192 events applied"));
  LttvState *state = lttv_tab_get_state (tab);
  g_assert_nonnull (state);
  LttvHistory *h = lttv_state_get_history (state);
  g_assert_true (lttv_history_is_finished (h));
  g_assert_cmpuint (lttv_history_committed_end (h), <,
                    lttv_traceset_end (lttv_tab_get_traceset (tab)));
  /* the window still answers: another tab opens and builds whole */
  LttvTab *again = lttv_window_open_traces (w, files, 1);
  g_assert_true (gui_test_iterate_until (gui_test_tab_built, again, 20000));
  g_assert_null (lttv_tab_get_problems (again));
  gtk_widget_destroy (GTK_WIDGET (w));
  for (guint i = 0; i < G_N_ELEMENTS (sample_files); i++)
    {
      g_autofree char *f = g_build_filename (trace, sample_files[i], NULL);
      g_unlink (f);
    }
  g_rmdir (trace);
}

static void
test_damaged_cache_is_rebuilt (void)
{
  g_autofree char *trace = copy_of_sample_trace ();
  g_autofree char *cache = cache_file_of (trace);
  g_assert_true (cache_is_sound (trace));
  /* Damage the middle of the blocks (DATA: the first section, its length
   * in the header's section table, at byte 48). */
  g_autofree char *bytes = NULL;
  gsize len;
  guint64 data_len;
  g_assert_true (g_file_get_contents (cache, &bytes, &len, NULL));
  memcpy (&data_len, bytes + 48, 8);
  g_assert_cmpuint (data_len, >, 1000);
  g_assert_cmpuint (216 + data_len, <=, len);
  for (guint i = 0; i < 16; i++)
    bytes[216 + data_len / 2 + i] ^= 0x5a;
  g_assert_true (g_file_set_contents (cache, bytes, (gssize) len, NULL));
  g_assert_false (cache_is_sound (trace));

  LttvWindow *w = gui_test_new_window ();
  /* The event list alone: the trace information reads the whole history
   * at once, and the timelines read as many rows as they show (16 px
   * each), so the tab could find the damage and rebuild before this test
   * reads it. */
  if (lttv_layout_settings () != NULL)
    {
      g_settings_set_strv (lttv_layout_settings (), "timeline-viewers", (const char *const[]) { NULL });
      g_settings_set_strv (lttv_layout_settings (), "dock-viewers", (const char *const[]) { "eventlist", NULL });
    }
  g_autoptr (GFile) file = g_file_new_for_path (trace);
  GFile *files[] = { file };
  LttvTab *tab = lttv_window_open_traces (w, files, 1);
  g_assert_true (gui_test_iterate_until (gui_test_tab_built, tab, 20000));
  LttvState *loaded = lttv_tab_get_state (tab);
  g_assert_nonnull (loaded);
  /* What the viewers do as they draw, over every row: read them all. */
  LttvHistory *h = lttv_state_get_history (loaded);
  for (LttvAttr a = 0; a < lttv_history_n_attrs (h); a++)
    g_array_unref (lttv_history_intervals (h, a, lttv_history_begin (h), lttv_history_committed_end (h)));
  g_assert_false (lttv_history_check (h, NULL));
  g_assert_true (gui_test_iterate_until (tab_saw_damage, tab, 5000));
  g_test_message ("info bar: %s", lttv_tab_get_problems (tab));
  g_assert_nonnull (strstr (lttv_tab_get_problems (tab), cache));
  g_assert_true (gui_test_iterate_until (tab_rebuilt, tab, 30000));
  g_assert_true (lttv_tab_get_state (tab) != loaded);
  g_assert_true (tab_saw_damage (tab));   /* still said after the rebuild */
  /* (the build saves the cache after finishing the history) */
  CacheFile f = { cache, bytes, len };
  g_assert_true (gui_test_iterate_until (cache_rewritten, &f, 30000));
  gtk_widget_destroy (GTK_WIDGET (w));
  g_assert_true (cache_is_sound (trace));
  g_unlink (cache);
  for (guint i = 0; i < G_N_ELEMENTS (sample_files); i++)
    {
      g_autofree char *f = g_build_filename (trace, sample_files[i], NULL);
      g_unlink (f);
    }
  g_rmdir (trace);
}

/* First and last event times of `trace` as babeltrace2 prints them with
 * --clock-seconds ("325.210603143"); FALSE without babeltrace2. */
static gboolean
babeltrace2_range (const char *trace, char **first, char **last)
{
  const char *bt2 = g_getenv ("BABELTRACE2");
  g_autofree char *quoted = g_shell_quote (trace);
  g_autofree char *cmd = NULL, *text = NULL;

  if (bt2 == NULL || bt2[0] == '\0')
    return FALSE;
  cmd = g_strdup_printf ("%s --clock-seconds %s", bt2, quoted);
  if (!g_spawn_command_line_sync (cmd, &text, NULL, NULL, NULL) || text == NULL)
    return FALSE;
  /* The first and last lines only: splitting the 30,000 lines took
   * seconds of the main thread under AddressSanitizer (its strstr
   * measures the rest of the text at each line), and the tests after
   * this one met the work it held up. */
  g_strchomp (text);
  const char *last_line = strrchr (text, '\n');
  last_line = last_line != NULL ? last_line + 1 : text;
  if (text[0] != '[' || last_line[0] != '[')
    return FALSE;
  *first = g_strndup (text + 1, strcspn (text + 1, "]"));
  *last = g_strndup (last_line + 1, strcspn (last_line + 1, "]"));
  return TRUE;
}

/* The time bar shows the traceset's range, as babeltrace2 reads it. */
static void
test_time_bar_shows_the_traceset_range (void)
{
  LttvWindow *w = gui_test_new_window ();
  g_autoptr (GFile) sample = g_file_new_for_path (lttv_paths_sample_trace ());
  g_autofree char *first = NULL, *last = NULL;
  LttvTab *tab;
  LttvTimeBar *bar;

  if (!babeltrace2_range (lttv_paths_sample_trace (), &first, &last))
    {
      g_test_skip ("babeltrace2 did not read the sample trace");
      gtk_widget_destroy (GTK_WIDGET (w));
      return;
    }
  tab = lttv_window_open_traces (w, &sample, 1);
  g_assert_true (gui_test_iterate_until (tab_opened, tab, 20000));
  if (lttv_tab_get_traceset (tab) == NULL)
    {
      g_test_skip ("this build has no trace reader");
      gtk_widget_destroy (GTK_WIDGET (w));
      return;
    }
  bar = lttv_tab_get_time_bar (tab);
  lttv_time_text_set_format (LTTV_TIME_FORMAT_SECONDS);
  lttv_window_refresh_times (w);
  g_assert_cmpstr (lttv_time_bar_get_text (bar, LTTV_TIME_BAR_START), ==, first);
  g_assert_cmpstr (lttv_time_bar_get_text (bar, LTTV_TIME_BAR_END), ==, last);
  g_assert_cmpstr (lttv_time_bar_get_text (bar, LTTV_TIME_BAR_CURRENT), ==, first);

  /* Typing a window in the bar moves it: +0.1 s from the start (the first
   * event, as babeltrace2 prints it), 0.2 s long. */
  guint64 first_s = g_ascii_strtoull (first, NULL, 10);
  guint64 first_ns = g_ascii_strtoull (strchr (first, '.') + 1, NULL, 10);
  const guint64 ns = G_GUINT64_CONSTANT (1000000000);
  guint64 at = first_s * ns + first_ns + ns / 10;
  g_autofree char *want_start = g_strdup_printf ("%" G_GUINT64_FORMAT ".%09" G_GUINT64_FORMAT,
                                                 at / ns, at % ns);
  at += ns / 5;
  g_autofree char *want_end = g_strdup_printf ("%" G_GUINT64_FORMAT ".%09" G_GUINT64_FORMAT,
                                               at / ns, at % ns);
  g_assert_true (lttv_time_bar_enter (bar, LTTV_TIME_BAR_START, "+0.1"));
  g_assert_true (lttv_time_bar_enter (bar, LTTV_TIME_BAR_SPAN, "200 ms"));
  g_assert_cmpstr (lttv_time_bar_get_text (bar, LTTV_TIME_BAR_START), ==, want_start);
  g_assert_cmpstr (lttv_time_bar_get_text (bar, LTTV_TIME_BAR_END), ==, want_end);
  g_assert_false (lttv_time_bar_enter (bar, LTTV_TIME_BAR_CURRENT, "soon"));
  /* Relative times, as Preferences may ask. */
  lttv_time_text_set_format (LTTV_TIME_FORMAT_RELATIVE);
  lttv_window_refresh_times (w);
  g_assert_cmpstr (lttv_time_bar_get_text (bar, LTTV_TIME_BAR_START), ==, "+0.100000000");
  lttv_time_text_set_format (LTTV_TIME_FORMAT_CLOCK);
  gtk_widget_destroy (GTK_WIDGET (w));
}

/* --- Background jobs ----------------------------------------------------- */

typedef struct
{
  int steps;
  int step_ms;
} Work;

static gboolean
work_func (LttvJob *job, gpointer data, GCancellable *cancellable, GError **error)
{
  Work *work = data;
  for (int i = 1; i <= work->steps; i++)
    {
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      g_usleep (work->step_ms * 1000);   /* stands for decoding a batch */
      lttv_job_report (job, (double) i / work->steps, (guint64) i * 100000);
    }
  return TRUE;
}

typedef struct
{
  gboolean done;
  gboolean ok;
  GError *error;
} Outcome;

static void
work_done (GObject *source, GAsyncResult *result, gpointer data)
{
  Outcome *o = data;
  o->ok = lttv_job_finish (LTTV_JOB (source), result, &o->error);
  o->done = TRUE;
}

static gboolean
outcome_done (gpointer o)
{
  return ((Outcome *) o)->done;
}

/* Gaps between ticks of a 5 ms timer: in wall time (printed) and in CPU
 * time of this, the main, thread (judged: what callbacks cost, without the
 * time spent waiting for a core on a loaded machine). */
static gint64 last_tick, longest_gap, last_cpu, longest_busy;

static gint64
thread_cpu_us (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (gint64) ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
}

static gboolean
tick_cb (gpointer data)
{
  gint64 now = g_get_monotonic_time (), cpu = thread_cpu_us ();
  if (last_tick != 0 && now - last_tick > longest_gap)
    longest_gap = now - last_tick;
  if (last_cpu != 0 && cpu - last_cpu > longest_busy)
    longest_busy = cpu - last_cpu;
  last_tick = now;
  last_cpu = cpu;
  return G_SOURCE_CONTINUE;
}

static gboolean
after_200ms (gpointer start)
{
  return g_get_monotonic_time () - *(gint64 *) start > 200000;
}

static gboolean
status_has_rate (gpointer bar)
{
  const char *status = lttv_job_bar_get_status (bar);
  return strstr (status, "events/s") != NULL && strstr (status, "s left") != NULL;
}

static void
test_job_progress_and_responsiveness (void)
{
  LttvWindow *w = gui_test_new_window ();
  LttvTab *tab = lttv_window_new_tab (w);
  Work *work = g_new (Work, 1);
  Outcome o = { 0 };
  guint tick;

  lttv_tab_add_viewer (tab, "probe");
  *work = (Work) { .steps = 60, .step_ms = 20 };
  /* Measure the job, not the window's first paint. */
  gint64 start = g_get_monotonic_time ();
  gui_test_iterate_until (after_200ms, &start, 1000);
  last_tick = last_cpu = 0;
  longest_gap = longest_busy = 0;
  tick = g_timeout_add (5, tick_cb, NULL);
  lttv_viewer_context_run_job (lttv_tab_get_viewer_context (tab, 0), "Test job", work_func,
                               work, g_free, work_done, &o);
  g_assert_true (gtk_revealer_get_reveal_child (GTK_REVEALER (lttv_tab_get_job_bar (tab))));
  /* Events/s and time left appear while it runs. */
  g_assert_true (gui_test_iterate_until (status_has_rate, lttv_tab_get_job_bar (tab), 5000));
  g_test_message ("job bar: %s", lttv_job_bar_get_status (lttv_tab_get_job_bar (tab)));
  g_assert_true (gui_test_iterate_until (outcome_done, &o, 20000));
  g_source_remove (tick);
  g_assert_true (o.ok);
  g_assert_no_error (o.error);
  g_assert_false (gtk_revealer_get_reveal_child (GTK_REVEALER (lttv_tab_get_job_bar (tab))));
  g_print ("# during a 1.2 s job: longest main-loop stall %.1f ms, longest busy %.1f ms of CPU\n",
           longest_gap / 1000.0, longest_busy / 1000.0);
  g_assert_cmpint (longest_busy, <, 50000);
  gtk_widget_destroy (GTK_WIDGET (w));
}

static void
test_job_cancel (void)
{
  LttvWindow *w = gui_test_new_window ();
  LttvTab *tab = lttv_window_new_tab (w);
  Work *work = g_new (Work, 1);
  Outcome o = { 0 };
  gint64 start = g_get_monotonic_time ();

  lttv_tab_add_viewer (tab, "probe");
  *work = (Work) { .steps = 1000, .step_ms = 10 };   /* 10 s if not cancelled */
  lttv_viewer_context_run_job (lttv_tab_get_viewer_context (tab, 0), "Long job", work_func,
                               work, g_free, work_done, &o);
  gui_test_iterate_until (after_200ms, &start, 1000);
  lttv_job_bar_cancel (lttv_tab_get_job_bar (tab));
  g_assert_true (gui_test_iterate_until (outcome_done, &o, 2000));
  g_assert_false (o.ok);
  g_assert_error (o.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&o.error);
  g_assert_cmpint (g_get_monotonic_time () - start, <, 2000000);
  gtk_widget_destroy (GTK_WIDGET (w));
}

/* Every command has its accelerator once the application has started,
 * the shortcuts window (Ctrl+?) included. */
static void
test_accelerators (void)
{
  static const struct { const char *action; const char *accel; } expected[] = {
    { "win.show-help-overlay", "<Primary>question" },
    { "win.goto-time", "<Control>g" },
    { "win.maximise-viewer", "<Control><Shift>m" },
    { "win.open", "<Control>o" },
    { "win.new-tab", "<Control>t" },
    { "win.close-tab", "<Control>w" },
    { "win.next-tab", "<Control>Page_Down" },
    { "win.previous-tab", "<Control>Page_Up" },
    { "win.zoom-in", "<Control>plus" },
    { "win.zoom-out", "<Control>minus" },
    { "win.zoom-fit", "<Control>0" },
    { "win.back", "<Alt>Left" },
    { "win.forward", "<Alt>Right" },
    { "app.quit", "<Control>q" },
    { "app.preferences", "<Control>comma" },
  };
  g_autoptr (LttvApplication) app = lttv_application_new ();
  g_autoptr (GError) error = NULL;

  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_auto (GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app), expected[i].action);
      guint key, want_key;
      GdkModifierType mods, want_mods;
      gboolean found = FALSE;

      /* Compared as keys and modifiers: GTK names them its own way. */
      gtk_accelerator_parse (expected[i].accel, &want_key, &want_mods);
      for (guint j = 0; accels[j] != NULL && !found; j++)
        {
          gtk_accelerator_parse (accels[j], &key, &mods);
          found = key == want_key && mods == want_mods;
        }
      if (!found)
        g_test_message ("%s has no %s", expected[i].action, expected[i].accel);
      g_assert_true (found);
    }
}

static void
collect_entries (GtkWidget *w, gpointer out)
{
  if (GTK_IS_ENTRY (w))
    g_ptr_array_add (out, w);
  else if (GTK_IS_CONTAINER (w))
    gtk_container_forall (GTK_CONTAINER (w), collect_entries, out);
}

/* In a narrow window the time bar wraps rather than cutting its times:
 * each field shows its whole text, at 900 px as at 1600, in the clock's
 * format and in the longest one (seconds from the clock's origin). */
static void
test_time_bar_shows_whole_times_when_narrow (void)
{
  LttvWindow *w = gui_test_new_window ();
  g_autoptr (GFile) sample = g_file_new_for_path (lttv_paths_sample_trace ());
  g_autoptr (GPtrArray) entries = g_ptr_array_new ();
  LttvTab *tab;

  tab = lttv_window_open_traces (w, &sample, 1);
  g_assert_true (gui_test_iterate_until (tab_opened, tab, 20000));
  collect_entries (GTK_WIDGET (lttv_tab_get_time_bar (tab)), entries);
  g_assert_cmpuint (entries->len, ==, 6);
  for (int k = 0; k < 4; k++)
    {
      int width = k % 2 == 0 ? 1600 : 900;
      lttv_time_text_set_format (k < 2 ? LTTV_TIME_FORMAT_CLOCK : LTTV_TIME_FORMAT_SECONDS);
      lttv_window_refresh_times (w);
      gtk_window_resize (GTK_WINDOW (w), width, 800);
      gui_test_iterate_for (500);
      for (guint i = 0; i < entries->len; i++)
        {
          GtkEntry *e = entries->pdata[i];
          GdkRectangle area;
          int text_width;
          if (gtk_entry_get_text (e)[0] == '\0')
            continue;
          gtk_entry_get_text_area (e, &area);
          pango_layout_get_pixel_size (gtk_entry_get_layout (e), &text_width, NULL);
          g_test_message ("%d px: \"%s\" needs %d px, has %d", width, gtk_entry_get_text (e),
                          text_width, area.width);
          g_assert_cmpint (text_width, <=, area.width);
        }
    }
  lttv_time_text_set_format (LTTV_TIME_FORMAT_CLOCK);
  gtk_widget_destroy (GTK_WIDGET (w));
}

/* --- The default split of the viewers ------------------------------------ */

/* A low dock and the histogram among the timelines above, as a user may
 * leave them: three panes to share the upper area. */
static void
three_timelines (void)
{
  GSettings *settings = lttv_layout_settings ();

  if (settings == NULL)
    return;
  g_settings_set_int (settings, "dock-height", 150);
  g_settings_set_strv (settings, "timeline-viewers",
                       (const char *const[]) { "controlflow", "resourceview", "histogram", NULL });
  g_settings_set_strv (settings, "dock-viewers", (const char *const[]) { "eventlist", NULL });
}

static int
frame_height (LttvTab *tab, guint i, int *min)
{
  GtkWidget *frame = gtk_widget_get_parent (lttv_tab_get_viewer_widget (tab, i));
  gtk_widget_get_preferred_height (frame, min, NULL);
  return gtk_widget_get_allocated_height (frame);
}

/* What each default timeline gets beyond its smallest height, against the
 * control flow view's (1.0 each when all are at their smallest). */
static void
extras_against_controlflow (LttvTab *tab, double out[3])
{
  int min, extra[3];
  for (guint i = 0; i < 3; i++)
    extra[i] = frame_height (tab, i, &min) - min;
  g_assert_cmpint (extra[0], >, 0);
  for (guint i = 0; i < 3; i++)
    out[i] = (double) extra[i] / extra[0];
}

/* Every timeline of the upper area gets its smallest height, and the rest
 * is shared 4 : 0.6 : 0.8 (control flow, resources, histogram: the thread
 * rows first, the CPU rows' few hold in their smallest height), at the
 * first size and after the window grows. (The event list, once a fourth
 * pane at 2, is a tab of the dock below now; the histogram too by
 * default, brought up here as a user does.) */
static void
test_default_split_favours_the_timelines (void)
{
  static const double want[3] = { 1.0, 0.6 / 4, 0.8 / 4 };
  LttvWindow *w = gui_test_new_window ();
  g_autoptr (GFile) sample = g_file_new_for_path (lttv_paths_sample_trace ());
  LttvTab *tab;
  double got[3];

  gui_test_reset_layout ();
  three_timelines ();
  gtk_window_resize (GTK_WINDOW (w), 1400, 1000);
  tab = lttv_window_open_traces (w, &sample, 1);
  g_assert_true (gui_test_iterate_until (tab_opened, tab, 20000));
  /* (measured with the viewers' data in: what they show can change their
   * smallest heights, and the state's load time varies with the machine) */
  g_assert_true (gui_test_iterate_until (gui_test_tab_built, tab, 20000));
  g_assert_cmpuint (lttv_tab_get_n_viewers (tab), ==, 4);
  g_assert_cmpstr (lttv_tab_get_viewer_id (tab, 0), ==, "controlflow");
  g_assert_cmpstr (lttv_tab_get_viewer_id (tab, 2), ==, "histogram");
  g_assert_false (lttv_tab_viewer_is_docked (tab, 2));

  for (int size = 0; size < 2; size++)
    {
      if (size == 1)
        gtk_window_resize (GTK_WINDOW (w), 1400, 1090);
      gui_test_iterate_for (600);
      extras_against_controlflow (tab, got);
      for (guint i = 1; i < 3; i++)
        {
          g_test_message ("height %d: viewer %u has %.3f of the control flow's extra (want %.3f)",
                          size, i, got[i], want[i]);
          /* Rounding to whole pixels, on a few tens of pixels each. */
          g_assert_cmpfloat (ABS (got[i] - want[i]), <, 0.08);
        }
    }

  gtk_widget_destroy (GTK_WIDGET (w));
}

/* Drags the handle under viewer 0's frame `dy` pixels down with the
 * mouse, as a user would. */
static void
drag_first_handle (LttvTab *tab, int dy)
{
  GtkWidget *frame = gtk_widget_get_parent (lttv_tab_get_viewer_widget (tab, 0));
  GdkWindow *handle = gtk_paned_get_handle_window (GTK_PANED (gtk_widget_get_parent (frame)));
  g_autofree char *press = NULL, *half = NULL, *full = NULL;
  int x, y;

  gdk_window_get_origin (handle, &x, &y);
  x += gdk_window_get_width (handle) / 2;
  y += gdk_window_get_height (handle) / 2;
  press = g_strdup_printf ("mousemove --sync %d %d mousedown 1", x, y);
  half = g_strdup_printf ("mousemove --sync %d %d", x, y + dy / 2);
  full = g_strdup_printf ("mousemove --sync %d %d mouseup 1", x, y + dy);
  gui_test_xdotool (100, "%s", press);
  gui_test_xdotool (100, "%s", half);
  gui_test_xdotool (100, "%s", full);
  gui_test_iterate_for (500);
}

/* Once the user drags a handle, the split leaves their sizes alone, and
 * a taller window makes every viewer taller, not the last one only. */
static void
test_dragged_split_stays_and_scales (void)
{
  LttvWindow *w = gui_test_new_window ();
  g_autoptr (GFile) sample = g_file_new_for_path (lttv_paths_sample_trace ());
  LttvTab *tab;
  int min, before[3], dragged[3], grown[3];

  gui_test_reset_layout ();
  three_timelines ();
  gtk_window_resize (GTK_WINDOW (w), 1400, 1000);
  tab = lttv_window_open_traces (w, &sample, 1);
  g_assert_true (gui_test_iterate_until (gui_test_tab_built, tab, 20000));
  gui_test_iterate_for (600);
  for (guint i = 0; i < 3; i++)
    before[i] = frame_height (tab, i, &min);

  drag_first_handle (tab, 20);
  for (guint i = 0; i < 3; i++)
    dragged[i] = frame_height (tab, i, &min);
  g_test_message ("control flow %d px before the drag, %d after", before[0], dragged[0]);
  g_assert_cmpint (ABS (dragged[0] - (before[0] + 20)), <=, 2);

  gtk_window_resize (GTK_WINDOW (w), 1400, 1100);
  gui_test_iterate_for (600);
  for (guint i = 0; i < 3; i++)
    {
      grown[i] = frame_height (tab, i, &min);
      g_test_message ("viewer %u: %d px, %d after the window grew", i, dragged[i], grown[i]);
    }
  /* GtkPaned shares 100 px by the sizes they have: each viewer gains. */
  g_assert_cmpint (grown[0], >, dragged[0] + 10);
  g_assert_cmpint (grown[1], >, dragged[1]);
  g_assert_cmpint (grown[2], >, dragged[2]);
  gtk_widget_destroy (GTK_WIDGET (w));
}

static gboolean is_timeline (GtkWidget *w, gconstpointer unused) { return LTTV_IS_TIMELINE_VIEW (w); }

static gboolean
is_active_toggle (GtkWidget *w, gconstpointer unused)
{
  g_autofree char *tip = GTK_IS_TOGGLE_BUTTON (w) ? gtk_widget_get_tooltip_text (w) : NULL;
  return tip != NULL && g_str_has_prefix (tip, "Active threads only");
}

static gboolean
cf_listed (gpointer view)
{
  LttvTimelineModel *m = lttv_timeline_view_get_model (view);
  return m != NULL && lttv_timeline_model_n_rows (m) > 8000;
}

static LttvTimelineView *cf_view;
static guint cf_visible;

static gboolean
cf_refiltered (gpointer unused)
{
  return lttv_timeline_model_n_visible (lttv_timeline_view_get_model (cf_view)) != cf_visible;
}

/* The control flow's "active only" filter on many-threads (8,003 threads,
 * one history query each) does not run in the toggle's handler: it goes
 * a few ms a main-loop turn, then hides the threads that neither ran nor
 * changed state in the window. */
static void
test_active_only_filter_runs_in_steps (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("LTTV_TEST_TRACES") ?: ".",
                                            "lttng-kernel", "many-threads", NULL);
  if (!g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      g_test_skip ("no many-threads trace");
      return;
    }
  LttvWindow *w = gui_test_new_window ();
  LttvTab *tab = lttv_window_new_tab (w);
  g_assert_true (lttv_tab_add_viewer (tab, "controlflow"));
  g_autoptr (GFile) file = g_file_new_for_path (path);
  GFile *files[] = { file };
  lttv_tab_add_traces (tab, files, 1);
  g_assert_true (gui_test_iterate_until (gui_test_tab_built, tab, 120000));
  GtkWidget *top = lttv_tab_get_viewer_widget (tab, 0);
  cf_view = LTTV_TIMELINE_VIEW (gui_test_find_widget (top, is_timeline, NULL));
  GtkWidget *toggle = gui_test_find_widget (top, is_active_toggle, NULL);
  g_assert_nonnull (cf_view);
  g_assert_nonnull (toggle);
  g_assert_true (gui_test_iterate_until (cf_listed, cf_view, 120000));
  gui_test_activate (w, "set-window", g_variant_new_string ("+0.4,+0.41"));
  gui_test_iterate_for (200);
  cf_visible = lttv_timeline_model_n_visible (lttv_timeline_view_get_model (cf_view));

  gint64 t0 = g_get_monotonic_time ();
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (toggle), TRUE);
  gint64 handler = g_get_monotonic_time () - t0;
  g_assert_true (gui_test_iterate_until (cf_refiltered, NULL, 60000));
  g_test_message ("toggle handler %.1f ms; visible rows %u -> %u", handler / 1e3, cf_visible,
                  lttv_timeline_model_n_visible (lttv_timeline_view_get_model (cf_view)));
  /* (the whole pass, in the handler, took 32 ms with the sanitizers) */
  g_assert_cmpint (handler, <, 8000);
  g_assert_cmpuint (lttv_timeline_model_n_visible (lttv_timeline_view_get_model (cf_view)), <, cf_visible);
  gtk_widget_destroy (GTK_WIDGET (w));
}

int
main (int argc, char **argv)
{
  gui_test_init (&argc, &argv);
  probes = g_ptr_array_new_with_free_func (g_free);
  lttv_viewer_register (&probe_viewer);

  g_test_add_func ("/tabs/set-window-reaches-every-viewer-of-the-tab-only",
                   test_set_window_reaches_every_viewer_of_the_tab_only);
  g_test_add_func ("/tabs/back-and-forward-actions", test_back_and_forward_actions);
  g_test_add_func ("/tabs/viewers-move-and-go", test_viewers_move_and_go);
  g_test_add_func ("/tabs/failed-trace-shows-in-info-bar", test_failed_trace_shows_in_info_bar);
  g_test_add_func ("/tabs/build-short-of-memory-shows-in-info-bar",
                   test_build_short_of_memory_shows_in_info_bar);
  g_test_add_func ("/tabs/unopened-trace-shows-in-event-list", test_unopened_trace_shows_in_event_list);
  g_test_add_func ("/tabs/active-only-filter-runs-in-steps", test_active_only_filter_runs_in_steps);
  g_test_add_func ("/tabs/damaged-cache-is-rebuilt", test_damaged_cache_is_rebuilt);
  g_test_add_func ("/tabs/time-bar-shows-the-traceset-range", test_time_bar_shows_the_traceset_range);
  g_test_add_func ("/tabs/time-bar-shows-whole-times-when-narrow", test_time_bar_shows_whole_times_when_narrow);
  g_test_add_func ("/tabs/default-split-favours-the-timelines", test_default_split_favours_the_timelines);
  g_test_add_func ("/tabs/dragged-split-stays-and-scales", test_dragged_split_stays_and_scales);
  g_test_add_func ("/jobs/progress-and-responsiveness", test_job_progress_and_responsiveness);
  g_test_add_func ("/jobs/cancel", test_job_cancel);
  g_test_add_func ("/app/accelerators", test_accelerators);
  return g_test_run ();
}
