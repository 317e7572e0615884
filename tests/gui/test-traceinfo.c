/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The trace information viewer, in process on a real X server (run by
 * test-traceinfo.sh on the trace of traceinfo.scn): before the state is
 * built it says its anomalies are not known yet; once built it lists
 * them, and it lists the tracer's losses with their stream, CPU, range
 * and count, as `lttv info` does. */
#include "config.h"

#include <string.h>

#include <lttv/lttv.h>

#include "gui/lttv-application.h"
#include "gui/lttv-module-host.h"
#include "gui/lttv-window.h"

#include "gui-test.h"

static LttvWindow *window;
static LttvTab *tab;
static char *text_at_open;   /* what the viewer showed when the traces opened */

static void
collect_labels (GtkWidget *w, GString *out)
{
  if (GTK_IS_LABEL (w))
    g_string_append_printf (out, "%s\n", gtk_label_get_text (GTK_LABEL (w)));
  if (GTK_IS_GRID (w))
    {
      /* (row by row, name then value: the list of children is in no
       * such order) */
      for (int row = 0; gtk_grid_get_child_at (GTK_GRID (w), 0, row) != NULL; row++)
        for (int col = 0; col < 2; col++)
          collect_labels (gtk_grid_get_child_at (GTK_GRID (w), col, row), out);
      return;
    }
  if (!GTK_IS_CONTAINER (w))
    return;
  GList *children = gtk_container_get_children (GTK_CONTAINER (w));
  for (GList *l = children; l != NULL; l = l->next)
    collect_labels (l->data, out);
  g_list_free (children);
}

/* Every label of the viewer of `t`, one a line. */
static char *
viewer_text_of (LttvTab *t)
{
  GString *s = g_string_new (NULL);
  collect_labels (lttv_tab_get_viewer_widget (t, 0), s);
  return g_string_free (s, FALSE);
}

static char *
viewer_text (void)
{
  return viewer_text_of (tab);
}

static gboolean
shows (gpointer needle)
{
  g_autofree char *text = viewer_text ();
  return strstr (text, needle) != NULL;
}

/* Connected after the viewer's own handler: what it shows once the
 * traceset is there, before the build could end (the tab gives the
 * viewers the new state only after this). */
static void
traceset_changed_cb (LttvViewerContext *ctx, gpointer unused)
{
  if (lttv_viewer_context_get_traceset (ctx) != NULL && text_at_open == NULL)
    text_at_open = viewer_text ();
}

static void
test_not_known_before_the_build (void)
{
  g_test_message ("at open:\n%s", text_at_open);
  g_assert_nonnull (text_at_open);
  g_assert_nonnull (strstr (text_at_open, "State anomalies\nnot known until the state is built\n"));
}

static void
test_anomalies_once_built (void)
{
  g_assert_true (gui_test_iterate_until (shows, "unmatched IRQ exits: 2", 60000));
  g_autofree char *text = viewer_text ();
  g_test_message ("built:\n%s", text);
  g_assert_null (strstr (text, "not known until the state is built"));
  /* (2 unmatched IRQ exits, and no other kind: one line) */
  g_assert_nonnull (strstr (text, "State anomalies\nunmatched IRQ exits: 2\n"));
}

static void
test_losses_listed (void)
{
  LttvViewerContext *ctx = lttv_tab_get_viewer_context (tab, 0);
  g_autofree char *b = lttv_viewer_context_format_time (ctx, 1500);
  g_autofree char *e = lttv_viewer_context_format_time (ctx, 4000);
  g_autofree char *want = g_strdup_printf ("Lost events\nchannel0_0 (CPU 0) from %s to %s: 5 events\n", b, e);
  g_autofree char *text = viewer_text ();
  g_test_message ("want: %s", want);
  g_assert_nonnull (strstr (text, want));
  /* cpu1 lost nothing: one loss line */
  g_assert_null (strstr (text, "channel0_1"));
}

static LttvTab *nocpu_tab;

static gboolean
nocpu_shows (gpointer needle)
{
  g_autofree char *text = viewer_text_of (nocpu_tab);
  return strstr (text, needle) != NULL;
}

/* Streams without cpu_id (babeltrace's packet-seq-num traces): their
 * losses are listed, saying that no state depends on them (none of
 * their events is applied to a CPU: docs/state-model.md, Losses). The
 * ranges are babeltrace2's: "Tracer discarded 2 packets between
 * [...080] and [...081]", and 3 between [...090] and [...091]. */
static void
test_losses_without_cpu (void)
{
  const char *trace = g_getenv ("TI_NOCPU_TRACE");
  if (trace == NULL || !g_file_test (trace, G_FILE_TEST_IS_DIR))
    {
      g_test_skip ("no packet-seq-num trace");
      return;
    }
  nocpu_tab = lttv_window_new_tab (window);
  g_assert_true (lttv_tab_add_viewer (nocpu_tab, "traceinfo"));
  g_autoptr (GFile) file = g_file_new_for_path (trace);
  GFile *files[] = { file };
  lttv_tab_add_traces (nocpu_tab, files, 1);
  g_assert_true (gui_test_iterate_until (nocpu_shows, "test_stream_1", 60000));
  LttvViewerContext *ctx = lttv_tab_get_viewer_context (nocpu_tab, 0);
  const LttvTime base = G_GUINT64_CONSTANT (13515309000000000);
  g_autofree char *b0 = lttv_viewer_context_format_time (ctx, base + 80);
  g_autofree char *e0 = lttv_viewer_context_format_time (ctx, base + 81);
  g_autofree char *b1 = lttv_viewer_context_format_time (ctx, base + 90);
  g_autofree char *e1 = lttv_viewer_context_format_time (ctx, base + 91);
  g_autofree char *want = g_strdup_printf (
    "Lost events\n"
    "test_stream_0 (no CPU: no state depends on it) from %s to %s: 2 packets\n"
    "\ntest_stream_1 (no CPU: no state depends on it) from %s to %s: 3 packets\n",
    b0, e0, b1, e1);
  g_autofree char *text = viewer_text_of (nocpu_tab);
  g_test_message ("%s\nwant:\n%s", text, want);
  g_assert_nonnull (strstr (text, want));
}

int
main (int argc, char **argv)
{
  gui_test_init (&argc, &argv);
  const char *trace = g_getenv ("TI_TRACE");
  if (trace == NULL)
    {
      printf ("1..0 # SKIP TI_TRACE is set by test-traceinfo.sh\n");
      return 0;
    }
  window = lttv_window_new (NULL);
  gtk_widget_show (GTK_WIDGET (window));
  tab = lttv_window_new_tab (window);
  if (!lttv_tab_add_viewer (tab, "traceinfo"))
    {
      printf ("1..0 # SKIP the traceinfo module is not installed\n");
      return 0;
    }
  g_signal_connect (lttv_tab_get_viewer_context (tab, 0), "traceset-changed",
                    G_CALLBACK (traceset_changed_cb), NULL);
  g_autoptr (GFile) file = g_file_new_for_path (trace);
  GFile *files[] = { file };
  lttv_tab_add_traces (tab, files, 1);
  g_test_add_func ("/traceinfo/not-known-before-the-build", test_not_known_before_the_build);
  g_test_add_func ("/traceinfo/anomalies-once-built", test_anomalies_once_built);
  g_test_add_func ("/traceinfo/losses-listed", test_losses_listed);
  g_test_add_func ("/traceinfo/losses-without-cpu", test_losses_without_cpu);
  gui_test_iterate_until (shows, "Lost events", 60000);
  return g_test_run ();
}
