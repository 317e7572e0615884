/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Building the state of a real trace: in a worker thread with progress,
 * cancel, the committed part readable meanwhile; the event count and the
 * checkpoints (rank <-> time). */
#include <string.h>

#include <lttv/lttv.h>

static LttvTraceset *
open_trace (const char *rel)
{
  const char *dir = g_getenv ("LTTV_TEST_TRACES");
  if (dir == NULL)
    return NULL;
  g_autofree char *path = g_build_filename (dir, rel, NULL);
  const char *paths[] = { path, NULL };
  return lttv_traceset_open (paths, NULL);
}

/* A build in a worker thread, as the GUI runs it (a job). */
typedef struct {
  LttvState *state;
  LttvCancel cancel;
  GMainLoop *loop;
  gboolean ok;
  GError *error;
} Build;

static gboolean
quit_loop (gpointer loop)
{
  g_main_loop_quit (loop);
  return G_SOURCE_REMOVE;
}

static gpointer
build_thread (gpointer data)
{
  Build *b = data;
  b->ok = lttv_state_build (b->state, FALSE, b->cancel, &b->error);
  g_idle_add (quit_loop, b->loop);
  return NULL;
}

/* Builds in a thread while the main loop runs `poll` (when not NULL)
 * every millisecond. */
static void
build_in_thread (Build *b, GSourceFunc poll)
{
  b->loop = g_main_loop_new (NULL, FALSE);
  guint id = poll != NULL ? g_timeout_add (1, poll, b->state) : 0;
  GThread *thread = g_thread_new ("test-build", build_thread, b);
  g_main_loop_run (b->loop);
  g_thread_join (thread);
  if (id != 0)
    g_source_remove (id);
  g_main_loop_unref (b->loop);
}

static gboolean
always_cancelled (gpointer data)
{
  (void) data;
  return TRUE;
}

static gboolean
poll_committed (gpointer data)
{
  /* The main thread reads the committed part while the worker builds. */
  LttvState *s = data;
  LttvHistory *h = lttv_state_get_history (s);
  LttvTime end = lttv_history_committed_end (h);
  if (end != LTTV_TIME_NONE)
    {
      guint n;
      g_free (lttv_history_query_full (h, end, &n));
    }
  g_assert_cmpfloat (lttv_state_progress (s), >=, 0.0);
  g_assert_cmpfloat (lttv_state_progress (s), <=, 1.0);
  return G_SOURCE_CONTINUE;
}

/* vm-small: babeltrace2 2.0.4 counts 19,068 events (traces/README.md). */
static void
test_threaded_build_counts_every_event (void)
{
  g_autoptr (LttvTraceset) ts = open_trace ("perf/vm-small");
  if (ts == NULL)
    {
      g_test_skip ("perf/vm-small is not available");
      return;
    }
  g_autoptr (LttvState) s = lttv_state_new (ts);
  Build b = { s, LTTV_CANCEL_NONE, NULL, FALSE, NULL };
  build_in_thread (&b, poll_committed);
  g_assert_no_error (b.error);
  g_assert_true (b.ok);
  g_assert_cmpuint (lttv_state_n_events (s), ==, 19068);
  g_assert_cmpfloat (lttv_state_progress (s), ==, 1.0);
  g_assert_true (lttv_history_is_finished (lttv_state_get_history (s)));
  /* 19,068 events: checkpoints at ranks 0, 4096, ..., 16384. */
  g_assert_cmpuint (lttv_state_n_checkpoints (s), ==, 5);
  g_assert_cmpuint (lttv_state_get_checkpoint (s, 4)->rank, ==, 16384);
}

static void
test_cancelled_build_stops_with_cancelled (void)
{
  g_autoptr (LttvTraceset) ts = open_trace ("perf/vm-small");
  if (ts == NULL)
    {
      g_test_skip ("perf/vm-small is not available");
      return;
    }
  g_autoptr (LttvState) s = lttv_state_new (ts);
  Build b = { s, { always_cancelled, NULL }, NULL, FALSE, NULL };
  build_in_thread (&b, NULL);
  g_assert_false (b.ok);
  g_assert_error (b.error, LTTV_ERROR, LTTV_ERROR_CANCELLED);
  g_clear_error (&b.error);
}

/* Every checkpoint leads to the event of its rank: seeking there gives
 * the same event as reading from the start. */
static void
test_seek_rank_reaches_the_same_event (void)
{
  g_autoptr (LttvTraceset) ts = open_trace ("lttng-kernel/bug446190");
  if (ts == NULL)
    {
      g_test_skip ("lttng-kernel/bug446190 is not available");
      return;
    }
  g_autoptr (LttvState) s = lttv_state_new (ts);
  g_assert_true (lttv_state_build (s, FALSE, LTTV_CANCEL_NONE, NULL));
  g_assert_cmpuint (lttv_state_n_events (s), ==, 31556);

  g_autoptr (LttvIter) all = lttv_iter_new (ts);
  guint64 targets[] = { 0, 1, 4095, 4096, 4097, 12345, 20000, 31555 };
  guint k = 0;
  for (guint64 rank = 0; k < G_N_ELEMENTS (targets); rank++)
    {
      const LttvEvent *ev = lttv_iter_next (all, NULL);
      g_assert_nonnull (ev);
      if (rank != targets[k])
        continue;
      LttvTime t = lttv_event_time (ev);
      const LttvEventClass *ec = lttv_event_get_class (ev);
      int cpu = lttv_event_cpu (ev);
      g_autoptr (LttvIter) it = lttv_iter_new (ts);
      g_assert_true (lttv_state_seek_rank (s, it, rank, NULL));
      const LttvEvent *got = lttv_iter_next (it, NULL);
      g_assert_nonnull (got);
      g_assert_cmpuint (lttv_event_time (got), ==, t);
      g_assert_true (lttv_event_get_class (got) == ec);
      g_assert_cmpint (lttv_event_cpu (got), ==, cpu);
      /* And time -> checkpoint: the one found is at or before t. */
      const LttvCheckpoint *cp = lttv_state_checkpoint_for_time (s, t);
      g_assert_true (cp->time <= t);
      k++;
    }
}

/* Statistics in a worker: progress only goes forward and ends at 1 (the
 * time share), the numbers are those of the plain call, and a cancelled
 * computation stops with LTTV_ERROR_CANCELLED. */
static void
record_fraction (double fraction, gpointer data)
{
  GArray *seen = data;
  g_array_append_val (seen, fraction);
}

static void
test_stats_progress_and_cancel (void)
{
  g_autoptr (LttvTraceset) ts = open_trace ("lttng-kernel/bug446190");
  if (ts == NULL)
    {
      g_test_skip ("lttng-kernel/bug446190 is not available");
      return;
    }
  g_autoptr (LttvState) s = lttv_state_new (ts);
  g_assert_true (lttv_state_build (s, FALSE, LTTV_CANCEL_NONE, NULL));
  LttvHistory *h = lttv_state_get_history (s);
  LttvTime t0 = lttv_history_begin (h), t1 = lttv_history_committed_end (h);
  g_autoptr (LttvStats) plain = lttv_stats_compute (s, t0, t1, NULL);
  g_autoptr (GArray) seen = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (LttvStats) in_job = lttv_stats_compute_in_job (s, t0, t1, record_fraction, seen,
                                                            LTTV_CANCEL_NONE, NULL);
  g_assert_nonnull (in_job);
  g_assert_cmpuint (in_job->n_events, ==, plain->n_events);
  g_assert_cmpuint (in_job->n_events, ==, 31556);
  g_assert_cmpuint (in_job->threads->len, ==, plain->threads->len);
  g_assert_cmpuint (seen->len, >=, 2);
  for (guint i = 1; i < seen->len; i++)
    g_assert_cmpfloat (g_array_index (seen, double, i), >=, g_array_index (seen, double, i - 1));
  g_assert_cmpfloat (g_array_index (seen, double, seen->len - 1), <=, 1.0);

  g_autoptr (GError) error = NULL;
  LttvCancel cancel = { always_cancelled, NULL };
  g_assert_null (lttv_stats_compute_in_job (s, t0, t1, NULL, NULL, cancel, &error));
  g_assert_error (error, LTTV_ERROR, LTTV_ERROR_CANCELLED);
}

/* What the main thread saw of the event density while the worker built:
 * the committed end and the events before it, each time. */
typedef struct {
  LttvState *state;
  GArray *ends, *counts;    /* LttvTime, guint64 */
} DensitySeen;

static gboolean
poll_density (gpointer data)
{
  DensitySeen *seen = data;
  LttvDensity *d = lttv_state_get_density (seen->state);
  LttvTime end = lttv_density_committed_end (d), begin = lttv_density_begin (d);
  guint64 n;
  /* (the committed end is a bucket edge: the count there is exact) */
  if (end > begin
      && (seen->ends->len == 0 || g_array_index (seen->ends, LttvTime, seen->ends->len - 1) != end)
      && lttv_density_count_exact (d, begin, end - 1, &n))
    {
      g_array_append_val (seen->ends, end);
      g_array_append_val (seen->counts, n);
    }
  return G_SOURCE_CONTINUE;
}

static gpointer
build_only (gpointer data)
{
  LttvState *s = data;
  return GINT_TO_POINTER (lttv_state_build (s, FALSE, LTTV_CANCEL_NONE, NULL));
}

/* The density's committed part, read while the build goes on, is final:
 * each count seen then is the count over the same range once the build
 * is done, and the whole trace's count is the number of events. */
static void
test_density_read_while_building_is_final (void)
{
  g_autoptr (LttvTraceset) ts = open_trace ("lttng-kernel/many-threads");
  if (ts == NULL)
    {
      g_test_skip ("lttng-kernel/many-threads is not available");
      return;
    }
  g_autoptr (LttvState) s = lttv_state_new (ts);
  DensitySeen seen = { s, g_array_new (FALSE, FALSE, sizeof (LttvTime)),
                       g_array_new (FALSE, FALSE, sizeof (guint64)) };
  GThread *thread = g_thread_new ("test-build", build_only, s);
  /* (read as often as it can: the build takes a few tens of ms) */
  while (!lttv_history_is_finished (lttv_state_get_history (s)))
    poll_density (&seen);
  g_assert_true (GPOINTER_TO_INT (g_thread_join (thread)));
  poll_density (&seen);

  LttvDensity *d = lttv_state_get_density (s);
  LttvTime begin = lttv_density_begin (d);
  guint middle = 0;
  for (guint i = 0; i < seen.ends->len; i++)
    {
      LttvTime end = g_array_index (seen.ends, LttvTime, i);
      guint64 then = g_array_index (seen.counts, guint64, i), now;
      g_assert_true (lttv_density_count_exact (d, begin, end - 1, &now));
      g_assert_cmpuint (then, ==, now);
      middle += then > 0 && then < lttv_state_n_events (s);
    }
  g_assert_cmpuint (seen.counts->len, >=, 1);
  g_assert_cmpuint (g_array_index (seen.counts, guint64, seen.counts->len - 1), ==,
                    lttv_state_n_events (s));
  g_test_message ("%u of %u counts seen in the middle of the build", middle, seen.counts->len);
  g_array_unref (seen.ends);
  g_array_unref (seen.counts);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/build/threaded-build-counts-every-event", test_threaded_build_counts_every_event);
  g_test_add_func ("/build/cancelled-build-stops", test_cancelled_build_stops_with_cancelled);
  g_test_add_func ("/build/seek-rank-reaches-same-event", test_seek_rank_reaches_the_same_event);
  g_test_add_func ("/build/stats-progress-and-cancel", test_stats_progress_and_cancel);
  g_test_add_func ("/build/density-read-while-building-is-final", test_density_read_while_building_is_final);
  return g_test_run ();
}
