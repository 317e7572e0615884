/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Building the state: one streaming pass over the merged events, feeding
 * the state machine, the checkpoints and the event counts. */
#include "config.h"

#include <string.h>

#include <lttv/error.h>

#include "build/build-losses.h"
#include "build/build-memory.h"
#include "build/build-private.h"
#include "cache/cache.h"
#include "history/block-store.h"
#include "history/history-write.h"
#include "latency-store.h"
#include "machine/wakeups.h"

typedef struct _StateRun StateRun;
static void run_free (StateRun *b);

LttvState *
lttv_state_new (LttvTraceset *ts)
{
  g_return_val_if_fail (ts != NULL, NULL);
  LttvState *s = g_new0 (LttvState, 1);
  s->ts = ts;
  s->history = lttv_history_new ();
  s->checkpoints = g_array_new (FALSE, FALSE, sizeof (LttvCheckpoint));
  s->block_requests = g_array_new (FALSE, FALSE, sizeof (LttvBlockRequest));
  s->wakeups = g_array_new (FALSE, FALSE, sizeof (LttvWakeup));
  s->counts = g_array_new (FALSE, FALSE, sizeof (StateCount));
  s->block_start = g_array_new (FALSE, FALSE, sizeof (guint64));
  s->type_names = g_ptr_array_new_with_free_func (g_free);
  s->type_ids = g_hash_table_new (g_str_hash, g_str_equal);
  state_types_init (s);
  s->density = state_density_new (ts);
  s->cache_fd = -1;
  return s;
}

void
lttv_state_free (LttvState *s)
{
  if (s == NULL)
    return;
  run_free (s->live);
  state_paths_free (s);
  state_blocks_free (s->blocks);
  state_cache_abandon (s);
  g_free (s->cache_problem);
  lttv_history_free (s->history);
  if (s->retired != NULL)
    g_ptr_array_unref (s->retired);
  state_density_free (s->density);
  g_array_unref (s->checkpoints);
  g_array_unref (s->block_requests);
  latency_store_free (s->latency);
  if (s->retired_latency != NULL)
    g_ptr_array_unref (s->retired_latency);
  g_array_unref (s->wakeups);
  g_array_unref (s->counts);
  g_array_unref (s->block_start);
  g_hash_table_destroy (s->type_ids);
  g_ptr_array_unref (s->type_names);
  if (s->class_types != NULL)
    for (guint i = 0; i < lttv_traceset_n_traces (s->ts); i++)
      g_free (s->class_types[i]);
  g_free (s->class_types);
  g_free (s);
}

void
state_types_init (LttvState *s)
{
  guint n_traces = lttv_traceset_n_traces (s->ts);
  s->class_types = g_new0 (guint *, MAX (1, n_traces));
  for (guint i = 0; i < n_traces; i++)
    {
      LttvTrace *trace = lttv_traceset_get_trace (s->ts, i);
      guint n = lttv_trace_n_event_classes (trace);
      s->class_types[i] = g_new0 (guint, MAX (1, n));
      for (guint k = 0; k < n; k++)
        {
          const LttvEventClass *ec = lttv_trace_get_event_class (trace, k);
          const char *name = lttv_event_class_name (ec);
          gpointer id = g_hash_table_lookup (s->type_ids, name);
          if (id == NULL)
            {
              char *copy = g_strdup (name);
              g_ptr_array_add (s->type_names, copy);
              id = GUINT_TO_POINTER (s->type_names->len);
              g_hash_table_insert (s->type_ids, copy, id);
            }
          s->class_types[i][lttv_event_class_index (ec)] = GPOINTER_TO_UINT (id) - 1;
        }
    }
}

static guint
trace_index (LttvState *s, const LttvTrace *trace)
{
  guint n = lttv_traceset_n_traces (s->ts);
  for (guint i = 0; i < n; i++)
    if (lttv_traceset_get_trace (s->ts, i) == trace)
      return i;
  return 0;
}

guint
state_type_of (LttvState *s, const LttvEvent *ev)
{
  const LttvEventClass *ec = lttv_event_get_class (ev);
  return s->class_types[trace_index (s, lttv_event_class_trace (ec))]
                       [lttv_event_class_index (ec)];
}

/* The next batch, once the chunks that filled up during the last one are
 * encoded for the cache (when there is one to save): their memory then
 * serves the chunks that come next. Encoded only while waiting for the
 * reader, they would pile up whenever it kept ahead, and the build's peak
 * memory would double, in fresh pages the kernel zeroes. */
static StateBatch *
next_batch (StateReader *reader, StateBlockStore *blocks)
{
  if (blocks != NULL)
    while (state_blocks_encode_some (blocks, 64))
      ;
  return state_reader_next (reader);
}

/* A build in progress: what carries over from one run of events to the
 * next (build_run), so that a live session's state goes on from its last
 * event instead of starting again (lttv_state_build_more). */
struct _StateRun {
  guint n_traces;
  const LttvTrace **traces;
  StateLayout **layouts;
  StateMachine *m;
  StateCounter *counter;
  LttvTime begin;
  LttvTime last_t;          /* the time of the last event applied */
  guint32 same_t;
  guint64 rank;             /* events applied */
  LttvTime until;           /* the events before it are applied */
  gboolean broken;          /* a run stopped inside its range */
  gboolean short_of_memory; /* ... before the end, for want of memory */
  gboolean finished;        /* run_finish done */
};

static StateRun *
run_new (LttvState *s)
{
  LttvHistory *h = s->history;
  StateRun *b = g_new0 (StateRun, 1);
  b->n_traces = lttv_traceset_n_traces (s->ts);
  b->traces = g_new0 (const LttvTrace *, MAX (1, b->n_traces));
  b->layouts = g_new0 (StateLayout *, MAX (1, b->n_traces));
  for (guint i = 0; i < b->n_traces; i++)
    {
      LttvTrace *trace = lttv_traceset_get_trace (s->ts, i);
      b->traces[i] = trace;
      b->layouts[i] = state_layout_new (trace, h);
    }
  b->m = state_machine_new (h);
  b->counter = state_counter_new (s);
  b->begin = lttv_traceset_begin (s->ts);
  b->last_t = b->begin;
  lttv_history_set_begin (h, b->begin);
  return b;
}

static void
run_free (StateRun *b)
{
  if (b == NULL)
    return;
  state_machine_free (b->m);
  state_counter_free (b->counter);
  for (guint i = 0; i < b->n_traces; i++)
    state_layout_free (b->layouts[i]);
  g_free (b->layouts);
  g_free (b->traces);
  g_free (b);
}

/* How often a build looks at the memory left (a look costs about 0.15
 * ms: 0.3 % of the build). */
#define MEMORY_EVENTS (1u << 18)

/* Whether the build must stop for want of memory at event `rank`. */
static gboolean
memory_short (guint64 rank, guint64 short_at, guint64 *headroom)
{
  if (short_at != G_MAXUINT64)
    {
      *headroom = 0;
      return rank >= short_at;
    }
  *headroom = state_memory_headroom ();
  return *headroom < STATE_MEMORY_FLOOR;
}

/* Applies the events in [from, until) (from LTTV_TIME_NONE: the first
 * event on, read from the start rather than found by a seek): the one
 * streaming pass of a whole build, or one step of a live one. FALSE with
 * `error` set when reading failed or the build was cancelled. */
static gboolean
build_run (LttvState *s, StateRun *b, LttvTime from, LttvTime until, LttvCancel cancel,
           GError **error)
{
  LttvHistory *h = s->history;
  StateMachine *m = b->m;
  StateLayout **layouts = b->layouts;
  LttvTime begin = b->begin;
  LttvTime end = lttv_traceset_end (s->ts);
  GError *local = NULL;
  LttvTime last_t = b->last_t;
  guint32 same_t = b->same_t;
  guint64 rank = b->rank;
  gboolean cancelled = FALSE, short_of_memory = FALSE;
  guint64 headroom = 0;
  /* (LTTV_TEST_MEMORY_SHORT_AT: the tests' stand-in for a machine short
   * of memory from that event on, looked at every checkpoint) */
  const char *short_env = g_getenv ("LTTV_TEST_MEMORY_SHORT_AT");
  guint64 short_at = short_env != NULL ? g_ascii_strtoull (short_env, NULL, 10) : G_MAXUINT64;
  guint64 memory_mask = short_env != NULL ? LTTV_STATE_CHECKPOINT_EVENTS - 1 : MEMORY_EVENTS - 1;
  StateLosses losses;
  state_losses_init (&losses, s->ts);
  /* (the losses up to the last event were applied by the runs before) */
  if (rank > 0)
    state_losses_skip_through (&losses, last_t);
  LttvTime loss_due = state_losses_due (&losses);
  StateReader *reader = state_reader_start_range (s->ts, b->traces, layouts, s->class_types,
                                                 b->n_traces, b->counter, from, until);

  for (gboolean last = FALSE; !last && !cancelled && !short_of_memory;)
    {
      StateBatch *bt = next_batch (reader, s->blocks);
      const guint8 *arena = bt->arena.data;
      const StateRec *rec;
      for (gsize at = 0; at < bt->len; at += rec->words * 8u)
        {
          rec = (const StateRec *) (bt->recs + at);
          LttvTime t = rec->time;
          if (t < last_t)
            {
              /* The merge gives time order; a regression inside one
               * stream is kept in the count but cannot move the state
               * back. */
              state_machine_anomaly (m, LTTV_ANOMALY_BAD_VALUE);
              t = last_t;
            }
          /* a loss is applied as an event before the first event not
           * earlier (one compare per event) */
          if (G_UNLIKELY (t >= loss_due))
            {
              state_losses_apply (&losses, m, h, t, &last_t, &same_t);
              loss_due = state_losses_due (&losses);
            }
          if (t != last_t || rank == 0)
            {
              history_commit (h, t);
              same_t = 0;
              last_t = t;
            }
          if ((rank & (LTTV_STATE_CHECKPOINT_EVENTS - 1)) == 0)
            {
              LttvCheckpoint cp = { rank, t, same_t };
              g_array_append_val (s->checkpoints, cp);
              if ((rank & (16 * LTTV_STATE_CHECKPOINT_EVENTS - 1)) == 0)
                {
                  if (end > begin)
                    g_atomic_int_set (&s->progress_permille,
                                      (gint) ((t - begin) * 1000.0 / (end - begin)));
                  atomic_store_explicit (&s->events_done, rank, memory_order_relaxed);
                  if (lttv_cancel_requested (cancel))
                    {
                      cancelled = TRUE;
                      break;
                    }
                }
              if ((rank & memory_mask) == 0 && memory_short (rank, short_at, &headroom))
                {
                  short_of_memory = TRUE;
                  break;
                }
            }
          /* (counted by the reader: state_counter_add) */
          if (rec->trace != STATE_REC_NO_TRACE)
            state_layout_execute (layouts[rec->trace], m, rec, arena, t);
          same_t++;
          rank++;
        }
      last = bt->last;
      if (last)
        {
          local = bt->error;
          bt->error = NULL;
        }
      state_reader_done (reader, bt);
    }
  state_reader_stop (reader);
  /* the losses after the last event: the state at the end is unknown */
  if (!cancelled && !short_of_memory && until == LTTV_TIME_NONE)
    state_losses_apply (&losses, m, h, MAX (end, last_t), &last_t, &same_t);
  state_losses_clear (&losses);
  b->last_t = last_t;
  b->same_t = same_t;
  b->rank = rank;
  b->until = until;
  atomic_store_explicit (&s->events_done, rank, memory_order_relaxed);
  if (cancelled)
    {
      g_clear_error (&local);
      g_set_error (error, LTTV_ERROR, LTTV_ERROR_CANCELLED,
                   "building the state was cancelled");
    }
  else if (short_of_memory)
    {
      char at[32];
      lttv_time_format_seconds (last_t, at);
      g_clear_error (&local);
      g_set_error (error, LTTV_ERROR, LTTV_ERROR_NO_MEMORY,
                   "%s: not enough memory to build the state further: stopped at %s, "
                   "%" G_GUINT64_FORMAT " events applied (%" G_GUINT64_FORMAT " MB left); "
                   "the state from that time on is not known",
                   lttv_trace_path (lttv_traceset_get_trace (s->ts, 0)), at, rank,
                   headroom >> 20);
    }
  else if (local != NULL)
    g_propagate_error (error, local);
  b->broken = cancelled || short_of_memory || local != NULL;
  b->short_of_memory = short_of_memory;
  return !b->broken;
}

/* What is built from the machine once no event comes any more. */
static void
run_finish (LttvState *s, StateRun *b)
{
  LttvHistory *h = s->history;
  LttvTime end = lttv_traceset_end (s->ts);
  state_counter_finish (b->counter);
  s->n_events = b->rank;
  atomic_store_explicit (&s->events_done, b->rank, memory_order_relaxed);
  memcpy (s->anomalies, state_machine_anomalies (b->m), sizeof s->anomalies);
  g_array_unref (s->block_requests);
  s->block_requests = state_machine_block_requests (b->m);
  if (s->latency != NULL)
    {
      /* (someone may hold the old ones: lttv_state_latency's promise) */
      if (s->retired_latency == NULL)
        s->retired_latency = g_ptr_array_new_with_free_func ((GDestroyNotify) latency_store_free);
      g_ptr_array_add (s->retired_latency, s->latency);
    }
  s->latency = state_machine_latency_take (b->m);
  g_array_unref (s->wakeups);
  s->wakeups = state_machine_wakeups (b->m);
  /* (stopped for want of memory: from the time of the first event not
   * applied on, nothing is known, rather than the last values drawn on
   * to the end) */
  lttv_history_finish (h, b->short_of_memory ? MAX (b->last_t, 1) - 1 : MAX (end, b->last_t));
  s->short_of_memory = b->short_of_memory;
  state_density_finish (s->density);
  g_atomic_int_set (&s->progress_permille, 1000);
}

/* Builds the state from the events; `for_cache`: the cache is saved after
 * (state_cache_save), and its blocks are encoded meanwhile. */
static gboolean
build_from_trace (LttvState *s, gboolean for_cache, LttvCancel cancel, GError **error)
{
  g_clear_pointer (&s->blocks, state_blocks_free);
  if (for_cache)
    s->blocks = state_cache_begin (s);
  StateRun *b = run_new (s);
  GError *local = NULL;
  gboolean ok = build_run (s, b, LTTV_TIME_NONE, LTTV_TIME_NONE, cancel, &local);
  run_finish (s, b);
  run_free (b);
  if (!ok)
    {
      g_clear_pointer (&s->blocks, state_blocks_free);
      state_cache_abandon (s);
      g_propagate_error (error, local);
      return FALSE;
    }
  return TRUE;
}

void
lttv_state_set_live (LttvState *s)
{
  g_return_if_fail (s != NULL && (!s->built || s->live != NULL));
  if (s->live != NULL)
    return;
  s->built = TRUE;
  /* (the traceset's end moves on: the density spans LIVE_SPAN from its
   * beginning; later events count in its last bucket) */
  state_density_free (s->density);
  s->density = state_density_new_span (s->ts, LTTV_STATE_LIVE_SPAN);
  s->live = run_new (s);
}

gboolean
lttv_state_build_more (LttvState *s, LttvTime until, LttvCancel cancel, GError **error)
{
  g_return_val_if_fail (s != NULL && (!s->built || s->live != NULL), FALSE);
  lttv_state_set_live (s);
  StateRun *b = s->live;
  if (b->broken)
    {
      g_set_error (error, LTTV_ERROR, LTTV_ERROR_CANCELLED,
                   "the state build stopped: it cannot go on");
      return FALSE;
    }
  if (b->finished || (b->rank > 0 && until != LTTV_TIME_NONE && until <= b->until))
    return TRUE;
  /* (the first run reads from the first event, as a whole build does) */
  if (!build_run (s, b, b->rank > 0 ? b->until : LTTV_TIME_NONE, until, cancel, error))
    return FALSE;
  if (until == LTTV_TIME_NONE)
    {
      run_finish (s, b);
      b->finished = TRUE;
    }
  return TRUE;
}

guint64
lttv_state_events_applied (LttvState *s)
{
  return s->live != NULL ? s->live->rank : s->n_events;
}

const char *
lttv_state_cache_problem (LttvState *s)
{
  return s->cache_problem;
}

gboolean
lttv_state_build (LttvState *s, gboolean use_cache, LttvCancel cancel, GError **error)
{
  g_return_val_if_fail (s != NULL && !s->built, FALSE);
  s->built = TRUE;
  if (use_cache && !s->ignore_cache && state_cache_load (s))
    {
      s->from_cache = TRUE;
      g_atomic_int_set (&s->progress_permille, 1000);
      atomic_store_explicit (&s->events_done, s->n_events, memory_order_relaxed);
      return TRUE;
    }
  if (!build_from_trace (s, use_cache, cancel, error))
    return FALSE;
  if (use_cache)
    state_cache_save (s);
  return TRUE;
}

gboolean
lttv_state_load_cached (LttvState *s)
{
  g_return_val_if_fail (s != NULL && !s->built, FALSE);
  if (!state_cache_load (s))
    return FALSE;
  s->built = TRUE;
  s->from_cache = TRUE;
  g_atomic_int_set (&s->progress_permille, 1000);
  atomic_store_explicit (&s->events_done, s->n_events, memory_order_relaxed);
  return TRUE;
}

void
state_reset (LttvState *s, gboolean retire_history)
{
  g_clear_pointer (&s->blocks, state_blocks_free);
  state_cache_abandon (s);
  if (retire_history)
    {
      if (s->retired == NULL)
        s->retired = g_ptr_array_new_with_free_func ((GDestroyNotify) lttv_history_free);
      g_ptr_array_add (s->retired, s->history);
    }
  else
    lttv_history_free (s->history);
  s->history = lttv_history_new ();
  state_paths_free (s);
  g_array_set_size (s->checkpoints, 0);
  g_array_set_size (s->block_start, 0);
  g_array_set_size (s->counts, 0);
  s->n_events = 0;
  memset (s->anomalies, 0, sizeof s->anomalies);
  g_array_set_size (s->block_requests, 0);
  if (!retire_history)
    g_clear_pointer (&s->latency, latency_store_free);
  g_array_set_size (s->wakeups, 0);
  state_density_reset (s->density);
  s->from_cache = FALSE;
}

gboolean
state_rebuild (LttvState *s, GError **error)
{
  state_reset (s, TRUE);
  if (!build_from_trace (s, TRUE, LTTV_CANCEL_NONE, error))
    return FALSE;
  state_cache_save (s);
  return TRUE;
}

void
lttv_state_set_decode_at_load (LttvState *s, gboolean now)
{
  s->decode_at_load = now;
}

void
lttv_state_set_ignore_cache (LttvState *s, gboolean ignore)
{
  g_return_if_fail (s != NULL);
  s->ignore_cache = ignore;
}

double
lttv_state_progress (LttvState *s)
{
  return g_atomic_int_get (&s->progress_permille) / 1000.0;
}

guint64
lttv_state_events_done (LttvState *s)
{
  return atomic_load_explicit (&s->events_done, memory_order_relaxed);
}

gboolean
lttv_state_from_cache (LttvState *s)
{
  return s->from_cache;
}

LttvHistory *
lttv_state_get_history (LttvState *s)
{
  return s->history;
}

LttvTraceset *
lttv_state_get_traceset (LttvState *s)
{
  return s->ts;
}

guint64
lttv_state_n_events (LttvState *s)
{
  return s->n_events;
}

const guint64 *
lttv_state_anomalies (LttvState *s)
{
  return s->anomalies;
}

const GArray *
lttv_state_block_requests (LttvState *s)
{
  return s->block_requests;
}

const GArray *
lttv_state_wakeups (LttvState *s)
{
  return s->wakeups;
}

guint
lttv_state_wakeup_index (LttvState *s, LttvTime t)
{
  const GArray *a = s->wakeups;
  guint lo = 0, hi = a->len;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      if (g_array_index (a, LttvWakeup, mid).time < t)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

const LttvWakeup *
lttv_state_wakeup_at (LttvState *s, int64_t tid, LttvTime t)
{
  const GArray *a = s->wakeups;
  for (guint i = lttv_state_wakeup_index (s, t); i < a->len && g_array_index (a, LttvWakeup, i).time == t; i++)
    if (g_array_index (a, LttvWakeup, i).wakee == tid)
      return &g_array_index (a, LttvWakeup, i);
  return NULL;
}

const char *
lttv_anomaly_describe (LttvAnomaly kind)
{
  switch (kind)
    {
    case LTTV_ANOMALY_UNMATCHED_IRQ_EXIT: return "unmatched IRQ exits";
    case LTTV_ANOMALY_UNMATCHED_SOFTIRQ_EXIT: return "unmatched soft IRQ exits";
    case LTTV_ANOMALY_MISSING_FIELD: return "events missing a field";
    case LTTV_ANOMALY_UNKNOWN_CPU: return "events on an unknown CPU";
    case LTTV_ANOMALY_BAD_VALUE: return "events with an unexpected value";
    case LTTV_ANOMALY_WRONG_THREAD: return "events of a thread not on the CPU";
    case LTTV_ANOMALY_SWITCH_FROM_OTHER: return "switches from a thread not current";
    case LTTV_ANOMALY_THREAD_ON_TWO_CPUS: return "threads seen on two CPUs at once";
    case LTTV_ANOMALY_BLOCK_NOT_ISSUED: return "block completions without issue";
    default: return "?";
    }
}
