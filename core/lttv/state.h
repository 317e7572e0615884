/* SPDX-License-Identifier: GPL-2.0-or-later */
/**
 * SECTION:state
 * @title: State
 * @short_description: the state of a traceset over time, built in one pass
 * @include: lttv/lttv.h
 *
 * The state of a traceset over time (docs/state-model.md). One
 * streaming pass over the merged events (a worker thread, with progress
 * and cancel) builds the state history, the event checkpoints and the
 * event count; the cache in $XDG_CACHE_HOME/lttv/ makes the next opening
 * instant.
 */
#pragma once

#include <lttv/cancel.h>
#include <lttv/filter.h>
#include <lttv/history.h>
#include <lttv/traceset.h>

G_BEGIN_DECLS

/**
 * LttvAnomaly:
 * @LTTV_ANOMALY_UNMATCHED_IRQ_EXIT: lttv anomaly unmatched irq exit
 * @LTTV_ANOMALY_UNMATCHED_SOFTIRQ_EXIT: lttv anomaly unmatched softirq exit
 * @LTTV_ANOMALY_MISSING_FIELD: lttv anomaly missing field
 * @LTTV_ANOMALY_UNKNOWN_CPU: lttv anomaly unknown cpu
 * @LTTV_ANOMALY_BAD_VALUE: lttv anomaly bad value
 * @LTTV_ANOMALY_WRONG_THREAD: an event of another thread than its CPU's current one (re-synced)
 * @LTTV_ANOMALY_SWITCH_FROM_OTHER: a sched_switch away from another thread than the current one
 * @LTTV_ANOMALY_THREAD_ON_TWO_CPUS: a thread seen on a CPU while still current on another
 * @LTTV_ANOMALY_BLOCK_NOT_ISSUED: a block request completed that was not issued in the trace
 * @LTTV_N_ANOMALIES: lttv n anomalies
 *
 * Events that do not fit the model: counted, reported, never fatal.
 */
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

/**
 * lttv_anomaly_describe:
 * @kind: an anomaly
 *
 * A short English description of @kind ("unmatched IRQ exits").
 *
 * Returns: (transfer none): a static string
 */
const char *lttv_anomaly_describe (LttvAnomaly kind);

/**
 * LttvState:
 *
 * The state of a traceset over time: its history, checkpoints and counts.
 * An opaque structure, freed with lttv_state_free().
 */
typedef struct _LttvState LttvState;

/**
 * lttv_state_new:
 * @ts: a traceset
 *
 * The state of @ts, not built yet; @ts must outlive it, and a build in
 * another thread must have returned before it is freed.
 *
 * Returns: (transfer full): a new #LttvState, to free with lttv_state_free()
 */
LttvState *lttv_state_new (LttvTraceset *ts);
/**
 * lttv_state_free:
 * @s: a state
 *
 * Frees @s and what it owns.
 */
void lttv_state_free (LttvState *s);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LttvState, lttv_state_free)

/**
 * lttv_state_build:
 * @s: a state
 * @use_cache: %FALSE to neither read nor write the cache
 * @cancel: how the caller stops the work from another thread
 * @error: return location for a #GError, or %NULL
 *
 * Loads the cache when it matches the trace, else reads every event and
 * saves the cache (use_cache FALSE: neither). Returns FALSE with @error
 * set when the trace could not be read to its end (the history then holds
 * what was read before the fault), when the process was about to run out
 * of memory (%LTTV_ERROR_NO_MEMORY: the history ends where the build
 * stopped, nothing is cached) or when cancelled. Run in a worker
 * thread, the others query the history meanwhile (its committed part) and
 * follow lttv_state_progress.
 *
 * Returns: %TRUE when the whole traceset was read
 */
gboolean lttv_state_build (LttvState *s, gboolean use_cache, LttvCancel cancel,
                           GError **error);
/**
 * lttv_state_set_live:
 * @s: a state, not built
 *
 * Makes @s one that lttv_state_build_more() builds, before anyone reads
 * it (its event density spans the traceset's first 4 hours, since its end
 * moves on). lttv_state_build_more() does it when it was not done.
 */
void lttv_state_set_live (LttvState *s);
/**
 * lttv_state_build_more:
 * @s: a state, not built otherwise
 * @until: the events before it are applied; %LTTV_TIME_NONE: all, and
 *   the build ends
 * @cancel: how the caller stops the work from another thread
 * @error: return location for a #GError, or %NULL
 *
 * Builds the state of a traceset that grows (lttv_traceset_grow()) step
 * by step, without the cache: each call goes on from where the last one
 * stopped (the state machine at its last event is kept, the checkpoints
 * and statistics appended), reading the events from @until of the last
 * call (found by a seek) to this @until. An event that comes later with
 * a time before the last @until is not applied: @until must be a time
 * before which every event has arrived (lttv_live_complete_before()).
 * Between calls the history is as during lttv_state_build() (its
 * committed part); the last call, with %LTTV_TIME_NONE, finishes it.
 * After a fault or a cancel it fails again.
 *
 * Returns: %TRUE when the events up to @until were applied
 */
gboolean lttv_state_build_more (LttvState *s, LttvTime until, LttvCancel cancel,
                                GError **error);
/**
 * lttv_state_events_applied:
 * @s: a state
 *
 * The events the build applied so far, each counted once
 * (lttv_state_build_more() reads none twice).
 *
 * Returns: their number
 */
guint64 lttv_state_events_applied (LttvState *s);
/**
 * lttv_state_load_cached:
 * @s: a state
 *
 * Fills @s from its cache file when a valid one is there, reading no
 * event (for a quick look: `lttv info`); FALSE, and nothing built, when
 * there is none.
 *
 * Returns: %TRUE when the state came from the cache
 */
gboolean lttv_state_load_cached (LttvState *s);
/**
 * lttv_state_set_decode_at_load:
 * @s: a state
 * @now: %TRUE to decode in the build
 *
 * For a window: the parts of a cached state that are otherwise decoded at
 * their first use (the event density, the history's tables of names)
 * are decoded by the build, in its thread, rather than in a viewer's
 * first draw.
 */
void lttv_state_set_decode_at_load (LttvState *s, gboolean now);
/**
 * lttv_state_set_ignore_cache:
 * @s: a state
 * @ignore: %TRUE to read the trace at the next build
 *
 * The next lttv_state_build with use_cache reads the trace instead of the
 * cache, then saves the cache again: for a cache found damaged since it was
 * loaded (lttv_history_check).
 */
void lttv_state_set_ignore_cache (LttvState *s, gboolean ignore);
/**
 * lttv_state_progress:
 * @s: a state
 *
 * Fraction of the traceset's time range built so far, 0 to 1; any thread.
 *
 * Returns: a fraction, 0 to 1
 */
double lttv_state_progress (LttvState *s);
/**
 * lttv_state_events_done:
 * @s: a state
 *
 * Events read so far by the build (updated every 64 K events); any thread.
 *
 * Returns: the number of events read
 */
guint64 lttv_state_events_done (LttvState *s);
/**
 * lttv_state_cache_problem:
 * @s: a state
 *
 * Why the last build could not write the cache (its folder read-only or
 * full, ...): "PATH: WHAT", or NULL. The state is whole all the same.
 *
 * Returns: (transfer none) (nullable): a string owned by @s
 */
const char *lttv_state_cache_problem (LttvState *s);
/**
 * lttv_state_from_cache:
 * @s: a state
 *
 * TRUE when the last build came from the cache.
 *
 * Returns: %TRUE when it came from the cache
 */
gboolean lttv_state_from_cache (LttvState *s);

/**
 * lttv_state_get_history:
 * @s: a state
 *
 * The state's history.
 *
 * Returns: (transfer none): owned by @s
 */
LttvHistory *lttv_state_get_history (LttvState *s);
/**
 * lttv_state_get_traceset:
 * @s: a state
 *
 * The traceset @s was made for.
 *
 * Returns: (transfer none): owned by @s
 */
LttvTraceset *lttv_state_get_traceset (LttvState *s);
/**
 * lttv_state_n_events:
 * @s: a state
 *
 * How many events the traceset has (built so far).
 *
 * Returns: the number of events
 */
guint64 lttv_state_n_events (LttvState *s);
/**
 * lttv_state_anomalies:
 * @s: a state
 *
 * The counters of anomalies (#LttvAnomaly), %LTTV_N_ANOMALIES of them.
 *
 * Returns: (transfer none) (array fixed-size=9): owned by @s
 */
const guint64 *lttv_state_anomalies (LttvState *s);

/**
 * LttvBlockRequest:
 * @dev: the device
 * @sector: the first sector
 * @issue: LTTV_TIME_NONE: issued before the trace began
 * @complete: LTTV_TIME_NONE: not completed when it ended
 *
 * A block request, matched issue to completion by device and sector.
 */
typedef struct {
  int64_t dev;
  guint64 sector;
  LttvTime issue;     /* LTTV_TIME_NONE: issued before the trace began */
  LttvTime complete;  /* LTTV_TIME_NONE: not completed when it ended */
} LttvBlockRequest;
/**
 * lttv_state_block_requests:
 * @s: a state
 *
 * Every block request of the traceset (LttvBlockRequest): the completed
 * ones in completion order, then the ones never completed, by issue.
 *
 * Returns: (transfer none) (element-type LttvBlockRequest): owned by @s
 */
const GArray *lttv_state_block_requests (LttvState *s);

/**
 * LttvWakerKind:
 * @LTTV_WAKER_THREAD: the thread current on the waker's CPU (@waker; 0 is
 *   that CPU's idle thread)
 * @LTTV_WAKER_IRQ: the IRQ handler running there (@id: the IRQ)
 * @LTTV_WAKER_SOFTIRQ: the soft IRQ running there (@id: its vector: 1
 *   timer, 3 network receive, 4 block, 8 high-resolution timer ...)
 * @LTTV_WAKER_TIMER: a timer's handler (timer_expire_entry,
 *   hrtimer_expire_entry or local_timer_entry to its exit)
 * @LTTV_WAKER_UNKNOWN: nothing known runs there (before the CPU's first
 *   switch, after a loss)
 *
 * What woke a thread: what ran on the CPU of the wakeup event, the
 * innermost first (IRQ, timer, soft IRQ, then the thread).
 */
typedef enum {
  LTTV_WAKER_THREAD,
  LTTV_WAKER_IRQ,
  LTTV_WAKER_SOFTIRQ,
  LTTV_WAKER_TIMER,
  LTTV_WAKER_UNKNOWN,
} LttvWakerKind;

/**
 * LttvWakeup:
 * @time: the time of the wakeup event
 * @wakee: the thread woken
 * @waker: the thread current on @cpu then (also under an IRQ, a timer or
 *   a soft IRQ: the one they interrupted), -1 when unknown
 * @cpu: the CPU the wakeup event came from (the waker's)
 * @kind: an #LttvWakerKind
 * @id: the IRQ or soft IRQ vector for those kinds, else -1
 *
 * A wakeup edge (docs/state-model.md, Wakeups): one per wakeup of a
 * thread not on a CPU (not running nor interrupted).
 */
typedef struct {
  LttvTime time;
  int64_t wakee;
  int64_t waker;
  gint32 cpu;
  gint32 kind;
  gint32 id;
} LttvWakeup;

/**
 * lttv_state_wakeups:
 * @s: a state
 *
 * Every wakeup edge of the traceset (#LttvWakeup), in time order.
 *
 * Returns: (transfer none) (element-type LttvWakeup): owned by @s
 */
const GArray *lttv_state_wakeups (LttvState *s);

/**
 * lttv_state_wakeup_index:
 * @s: a state
 * @t: a time
 *
 * Where the edges at or after @t begin in lttv_state_wakeups(), found by
 * binary search: the array's length when every edge is before @t.
 *
 * Returns: an index into lttv_state_wakeups()
 */
guint lttv_state_wakeup_index (LttvState *s, LttvTime t);

/**
 * lttv_state_wakeup_at:
 * @s: a state
 * @tid: the wakee
 * @t: a time
 *
 * The wakeup edge of @tid at exactly @t (the time its status left
 * blocked), found by binary search.
 *
 * Returns: (transfer none) (nullable): owned by @s, or %NULL when none
 */
const LttvWakeup *lttv_state_wakeup_at (LttvState *s, int64_t tid, LttvTime t);

/* --- Event positions ----------------------------------------------------
 * A checkpoint every LTTV_STATE_CHECKPOINT_EVENTS events: its rank (events
 * before it), its time, and how many events at that same time come before
 * it. Binary search gives rank <-> time in O(log n). */
/**
 * LTTV_STATE_CHECKPOINT_EVENTS:
 *
 * Events between two checkpoints.
 */
#define LTTV_STATE_CHECKPOINT_EVENTS 4096

/**
 * LttvCheckpoint:
 * @rank: events before it
 * @time: its time
 * @skip: how many events at that same time come before it
 *
 * A checkpoint every %LTTV_STATE_CHECKPOINT_EVENTS events: binary search
 * gives rank <-> time in O(log n).
 */
typedef struct {
  guint64 rank;
  LttvTime time;
  guint32 skip;
} LttvCheckpoint;

/**
 * lttv_state_n_checkpoints:
 * @s: a state
 *
 * How many checkpoints the build made.
 *
 * Returns: the number of checkpoints
 */
guint lttv_state_n_checkpoints (LttvState *s);
/**
 * lttv_state_get_checkpoint:
 * @s: a state
 * @i: an index, below lttv_state_n_checkpoints()
 *
 * Checkpoint @i.
 *
 * Returns: (transfer none): owned by @s
 */
const LttvCheckpoint *lttv_state_get_checkpoint (LttvState *s, guint i);
/**
 * lttv_state_checkpoint_for_rank:
 * @s: a state
 * @rank: an event's rank
 *
 * The last checkpoint at or before @rank.
 *
 * Returns: (transfer none): owned by @s
 */
const LttvCheckpoint *lttv_state_checkpoint_for_rank (LttvState *s,
                                                      guint64 rank);
/**
 * lttv_state_checkpoint_for_time:
 * @s: a state
 * @t: a time
 *
 * The last checkpoint before time @t.
 *
 * Returns: (transfer none): owned by @s
 */
const LttvCheckpoint *lttv_state_checkpoint_for_time (LttvState *s,
                                                      LttvTime t);
/**
 * lttv_state_seek_rank:
 * @s: a state
 * @it: an iterator
 * @rank: an event's rank
 * @error: return location for a #GError, or %NULL
 *
 * Positions @it on the event of rank @rank (seek to the checkpoint, then
 * skip at most one checkpoint interval of events).
 *
 * Returns: %TRUE when @it is on that event
 */
gboolean lttv_state_seek_rank (LttvState *s, LttvIter *it, guint64 rank,
                               GError **error);

/* --- The thread of an event (thread-lookup.c) ----------------------------
 * From the history, as it was just before the event (t - 1) on its CPU:
 * the thread that emitted it (a sched_switch's prev thread) and the system
 * call it was in. Answers cached per CPU and attribute, so that a pass in
 * time order costs a few comparisons per event. Not thread-safe: one per
 * thread; the history may still be building (its committed part). */
/**
 * LttvStateThread:
 * @tid: -1: unknown
 * @pid: the tid when the history has no PID for it
 * @ppid: -1: unknown
 * @comm: owned by the history; NULL: unknown
 * @syscall: NULL: none
 *
 * The thread of an event, from the history, as it was just before the event
 * on its CPU: the thread that emitted it (a sched_switch's prev thread) and
 * the system call it was in.
 */
typedef struct {
  int64_t tid;          /* -1: unknown */
  int64_t pid;          /* the tid when the history has no PID for it */
  int64_t ppid;         /* -1: unknown */
  const char *comm;     /* owned by the history; NULL: unknown */
  const char *syscall;  /* NULL: none */
} LttvStateThread;

/**
 * LttvStateThreads:
 *
 * Answers lttv_state_threads_lookup() from the history, cached per CPU
 * and attribute, so that a pass in time order costs a few comparisons per
 * event. Not thread-safe: one per thread; the history may still be
 * building (its committed part). Freed with lttv_state_threads_free().
 *
 * Answers lttv_state_threads_lookup() from the history, cached per CPU and
 * attribute, so that a pass in time order costs a few comparisons per
 * event. Not thread-safe: one per thread; the history may still be building
 * (its committed part).
 */
typedef struct _LttvStateThreads LttvStateThreads;

/**
 * lttv_state_threads_new:
 * @s: a state
 *
 * A thread lookup on the history of @s, which must outlive it.
 *
 * Returns: (transfer full): a new #LttvStateThreads, to free with
 * lttv_state_threads_free()
 */
LttvStateThreads *lttv_state_threads_new (LttvState *s);
/**
 * lttv_state_threads_free:
 * @st: a thread lookup
 *
 * Frees @st and what it owns.
 */
void lttv_state_threads_free (LttvStateThreads *st);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LttvStateThreads, lttv_state_threads_free)
/**
 * lttv_state_threads_lookup:
 * @st: a thread lookup
 * @t: a time
 * @cpu: a CPU
 * @out: return location for the thread
 *
 * The thread at time @t on @cpu; FALSE (tid -1) when the history does
 * not know it (before the CPU's first sched_switch, past the built part).
 *
 * Returns: %TRUE when the history knows the thread
 */
gboolean lttv_state_threads_lookup (LttvStateThreads *st, LttvTime t,
                                    int cpu, LttvStateThread *out);
/**
 * lttv_state_threads_source:
 * @st: a thread lookup
 *
 * A thread source for lttv_filter_match, owned by @st.
 *
 * Returns: (transfer none): owned by @st
 */
const LttvFilterThreadSource *lttv_state_threads_source (LttvStateThreads *st);

/* --- Writing the state -------------------------------------------------- */

/**
 * lttv_state_print:
 * @s: a state
 * @t: a time
 * @out: a #GString to append to
 *
 * Writes the state at @t as `lttv state` prints it (docs/cli.md): lines
 * "T PATH VALUE" (tab-separated) sorted by path, attributes holding nothing left
 * out; after the end of the traceset, the state at its end. FALSE when
 * @t is past the part built so far. Keeps the paths in @s for the next
 * call: call it from one thread at a time. A state loaded from the cache
 * that meets a damaged block (lttv_history_check) is built again from the
 * trace here, the cache rewritten: the history, checkpoints and counts are
 * replaced (the old history stays valid until @s is freed), so nothing
 * else may use @s meanwhile.
 *
 * Returns: %TRUE when @t was printed
 */
gboolean lttv_state_print (LttvState *s, LttvTime t, GString *out);
/**
 * LttvStateTextFunc:
 * @text: the text (owned by the caller)
 * @len: its length in bytes
 * @data: the data given to the callback
 *
 * Takes the text of one time from lttv_state_print_sorted().
 */
typedef void (*LttvStateTextFunc) (const char *text, gsize len, gpointer data);
/**
 * lttv_state_print_sorted:
 * @s: a state
 * @times: times in increasing order
 * @n: the number of @times
 * @func: takes each time's text
 * @data: the data given to the callback
 *
 * lttv_state_print() at @n times in increasing order, from one pass over the
 * history (lttv_history_query_full_sorted()): what "lttv state --at=" does.
 * Each time's text goes to @func in turn.
 *
 * Returns: how many times were printed: the first ones, up to the part built
 * so far
 */
guint lttv_state_print_sorted (LttvState *s, const LttvTime *times, guint n,
                               LttvStateTextFunc func, gpointer data);

G_END_DECLS
