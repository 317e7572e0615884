/* SPDX-License-Identifier: GPL-2.0-or-later */
/* state.h: the state of a traceset over time (docs/state-model.md). One
 * streaming pass over the merged events (a worker thread, with progress
 * and cancel) builds the state history, the event checkpoints and the
 * event count; the cache in $XDG_CACHE_HOME/lttv/ makes the next opening
 * instant. */
#pragma once

#include <lttv/cancel.h>
#include <lttv/filter.h>
#include <lttv/history.h>
#include <lttv/traceset.h>

G_BEGIN_DECLS

/* Events that do not fit the model: counted, reported, never fatal. */
typedef enum {
  LTTV_ANOMALY_UNMATCHED_IRQ_EXIT,
  LTTV_ANOMALY_UNMATCHED_SOFTIRQ_EXIT,
  LTTV_ANOMALY_MISSING_FIELD,
  LTTV_ANOMALY_UNKNOWN_CPU,
  LTTV_ANOMALY_BAD_VALUE,
  /* an event of another thread than its CPU's current one (re-synced) */
  LTTV_ANOMALY_WRONG_THREAD,
  /* a sched_switch away from another thread than the current one */
  LTTV_ANOMALY_SWITCH_FROM_OTHER,
  /* a thread seen on a CPU while still current on another */
  LTTV_ANOMALY_THREAD_ON_TWO_CPUS,
  /* a block request completed that was not issued in the trace */
  LTTV_ANOMALY_BLOCK_NOT_ISSUED,
  LTTV_N_ANOMALIES
} LttvAnomaly;

/* A short English description of `kind` ("unmatched IRQ exits"). */
const char *lttv_anomaly_describe (LttvAnomaly kind);

typedef struct _LttvState LttvState;

/* The state of `ts`, not built yet; `ts` must outlive it, and a build in
 * another thread must have returned before it is freed. */
LttvState *lttv_state_new (LttvTraceset *ts);
void lttv_state_free (LttvState *s);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LttvState, lttv_state_free)

/* Loads the cache when it matches the trace, else reads every event and
 * saves the cache (use_cache FALSE: neither). Returns FALSE with `error`
 * set when the trace could not be read to its end (the history then holds
 * what was read before the fault) or when cancelled. Run in a worker
 * thread, the others query the history meanwhile (its committed part) and
 * follow lttv_state_progress. */
gboolean lttv_state_build (LttvState *s, gboolean use_cache, LttvCancel cancel,
                           GError **error);
/* Fills `s` from its cache file when a valid one is there, reading no
 * event (for a quick look: `lttv info`); FALSE, and nothing built, when
 * there is none. */
gboolean lttv_state_load_cached (LttvState *s);
/* For a window: the parts of a cached state that are otherwise decoded at
 * their first use (the event density) are decoded by the build, in its
 * thread, rather than in a viewer's first draw. */
void lttv_state_set_decode_at_load (LttvState *s, gboolean now);
/* The next lttv_state_build with use_cache reads the trace instead of the
 * cache, then saves the cache again: for a cache found damaged since it was
 * loaded (lttv_history_check). */
void lttv_state_set_ignore_cache (LttvState *s, gboolean ignore);
/* Fraction of the traceset's time range built so far, 0 to 1; any thread. */
double lttv_state_progress (LttvState *s);
/* Events read so far by the build (updated every 64 K events); any thread. */
guint64 lttv_state_events_done (LttvState *s);
/* Why the last build could not write the cache (its folder read-only or
 * full, ...): "PATH: WHAT", or NULL. The state is whole all the same. */
const char *lttv_state_cache_problem (LttvState *s);
/* TRUE when the last build came from the cache. */
gboolean lttv_state_from_cache (LttvState *s);

/* Owned by the state. */
LttvHistory *lttv_state_get_history (LttvState *s);
LttvTraceset *lttv_state_get_traceset (LttvState *s);
guint64 lttv_state_n_events (LttvState *s);
/* LTTV_N_ANOMALIES counters. */
const guint64 *lttv_state_anomalies (LttvState *s);

/* A block request, matched issue to completion by device and sector. */
typedef struct {
  int64_t dev;
  guint64 sector;
  LttvTime issue;     /* LTTV_TIME_NONE: issued before the trace began */
  LttvTime complete;  /* LTTV_TIME_NONE: not completed when it ended */
} LttvBlockRequest;
/* Every block request of the traceset (LttvBlockRequest): the completed
 * ones in completion order, then the ones never completed, by issue. */
const GArray *lttv_state_block_requests (LttvState *s);

/* --- Event positions ----------------------------------------------------
 * A checkpoint every LTTV_STATE_CHECKPOINT_EVENTS events: its rank (events
 * before it), its time, and how many events at that same time come before
 * it. Binary search gives rank <-> time in O(log n). */
#define LTTV_STATE_CHECKPOINT_EVENTS 4096

typedef struct {
  guint64 rank;
  LttvTime time;
  guint32 skip;
} LttvCheckpoint;

guint lttv_state_n_checkpoints (LttvState *s);
const LttvCheckpoint *lttv_state_get_checkpoint (LttvState *s, guint i);
/* The last checkpoint at or before `rank`, or before time `t`. */
const LttvCheckpoint *lttv_state_checkpoint_for_rank (LttvState *s,
                                                      guint64 rank);
const LttvCheckpoint *lttv_state_checkpoint_for_time (LttvState *s,
                                                      LttvTime t);
/* Positions `it` on the event of rank `rank` (seek to the checkpoint, then
 * skip at most one checkpoint interval of events). */
gboolean lttv_state_seek_rank (LttvState *s, LttvIter *it, guint64 rank,
                               GError **error);

/* --- The thread of an event (thread-lookup.c) ----------------------------
 * From the history, as it was just before the event (t - 1) on its CPU:
 * the thread that emitted it (a sched_switch's prev thread) and the system
 * call it was in. Answers cached per CPU and attribute, so that a pass in
 * time order costs a few comparisons per event. Not thread-safe: one per
 * thread; the history may still be building (its committed part). */
typedef struct {
  int64_t tid;          /* -1: unknown */
  int64_t pid;          /* the tid when the history has no PID for it */
  int64_t ppid;         /* -1: unknown */
  const char *comm;     /* owned by the history; NULL: unknown */
  const char *syscall;  /* NULL: none */
} LttvStateThread;

typedef struct _LttvStateThreads LttvStateThreads;

LttvStateThreads *lttv_state_threads_new (LttvState *s);
void lttv_state_threads_free (LttvStateThreads *st);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LttvStateThreads, lttv_state_threads_free)
/* The thread at time `t` on `cpu`; FALSE (tid -1) when the history does
 * not know it (before the CPU's first sched_switch, past the built part). */
gboolean lttv_state_threads_lookup (LttvStateThreads *st, LttvTime t,
                                    int cpu, LttvStateThread *out);
/* A thread source for lttv_filter_match, owned by `st`. */
const LttvFilterThreadSource *lttv_state_threads_source (LttvStateThreads *st);

/* --- Writing the state -------------------------------------------------- */

/* Writes the state at `t` as `lttv state` prints it (docs/cli.md): lines
 * "T<TAB>PATH<TAB>VALUE" sorted by path, attributes holding nothing left
 * out; after the end of the traceset, the state at its end. FALSE when
 * `t` is past the part built so far. Keeps the paths in `s` for the next
 * call: call it from one thread at a time. A state loaded from the cache
 * that meets a damaged block (lttv_history_check) is built again from the
 * trace here, the cache rewritten: the history, checkpoints and counts are
 * replaced (the old history stays valid until `s` is freed), so nothing
 * else may use `s` meanwhile. */
gboolean lttv_state_print (LttvState *s, LttvTime t, GString *out);
/* The same at `n` times in increasing order, from one pass over the
 * history (lttv_history_query_full_sorted): what `lttv state --at=` does.
 * Each time's text goes to `func` in turn. Returns how many times were
 * printed: the first ones, up to the part built so far. */
typedef void (*LttvStateTextFunc) (const char *text, gsize len, gpointer data);
guint lttv_state_print_sorted (LttvState *s, const LttvTime *times, guint n,
                               LttvStateTextFunc func, gpointer data);

G_END_DECLS
