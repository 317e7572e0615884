/* SPDX-License-Identifier: GPL-2.0-or-later */
/**
 * SECTION:latency
 * @title: Latencies
 * @short_description: system call, scheduling, interrupt and block I/O latencies
 * @include: lttv/lttv.h
 *
 * Intervals with a duration, found by the state build in the same read of
 * the trace and kept in the state cache: system calls (entry to exit of
 * the same thread), scheduling latencies (the first sched_waking,
 * sched_wakeup or sched_wakeup_new of a thread not on a CPU to the
 * sched_switch that runs it, as lttng-analyses' schedstats counts them),
 * IRQ handlers (entry to
 * exit), soft IRQs (raise to entry, and entry to exit) and block requests
 * (issue to completion, per device).
 *
 * The intervals of a kind are kept in the order of their beginnings, so
 * that those beginning in a time range are one run found in O(log n) and
 * read with an #LttvLatencyIter (they are stored encoded, about 9 bytes
 * each, not as an array of #LttvLatencyInterval). An interval whose end the trace does not show (cut by the end
 * of the trace, by lost events, or begun again before it ended) is kept
 * with a flag and no duration, and counted apart in the statistics.
 *
 * The latencies belong to their #LttvState: valid once it is built, until
 * it is freed. Queries only read: any thread may make them at once.
 */
#pragma once

#include <lttv/state.h>

G_BEGIN_DECLS

/**
 * LttvLatencyKind:
 * @LTTV_LATENCY_SYSCALL: system calls, entry to exit
 * @LTTV_LATENCY_SCHED: scheduling latency, wakeup to the switch that runs the thread
 * @LTTV_LATENCY_IRQ: IRQ handlers, entry to exit
 * @LTTV_LATENCY_SOFTIRQ_LATENCY: soft IRQs, raise to entry
 * @LTTV_LATENCY_SOFTIRQ: soft IRQs, entry to exit
 * @LTTV_LATENCY_BLOCK: block requests, issue to completion
 * @LTTV_LATENCY_N_KINDS: the number of kinds
 *
 * The analyses.
 */
typedef enum {
  LTTV_LATENCY_SYSCALL,
  LTTV_LATENCY_SCHED,
  LTTV_LATENCY_IRQ,
  LTTV_LATENCY_SOFTIRQ_LATENCY,
  LTTV_LATENCY_SOFTIRQ,
  LTTV_LATENCY_BLOCK,
  LTTV_LATENCY_N_KINDS
} LttvLatencyKind;

/**
 * LttvLatencyFlags:
 * @LTTV_LATENCY_CUT_END: still open when the trace ended
 * @LTTV_LATENCY_CUT_LOST: the tracer lost events while it was open
 * @LTTV_LATENCY_CUT_AGAIN: begun again before its end was seen (a
 *   syscall entry of a thread already in a call, an IRQ entered twice)
 * @LTTV_LATENCY_CUT: any of the three: the interval has no duration
 * @LTTV_LATENCY_READ: a block request that reads
 * @LTTV_LATENCY_WRITE: a block request that writes
 *
 * What is known of an interval beyond its times.
 */
typedef enum {
  LTTV_LATENCY_CUT_END = 1 << 0,
  LTTV_LATENCY_CUT_LOST = 1 << 1,
  LTTV_LATENCY_CUT_AGAIN = 1 << 2,
  LTTV_LATENCY_CUT = 7,
  LTTV_LATENCY_READ = 1 << 4,
  LTTV_LATENCY_WRITE = 1 << 5,
} LttvLatencyFlags;

/**
 * LttvLatencyInterval:
 * @begin: when it began (the entry, wakeup, raise or issue)
 * @duration: its length in ns; 0 when cut (@flags & %LTTV_LATENCY_CUT)
 * @tid: the thread: the caller (syscall), the woken thread (sched), the
 *   thread interrupted (IRQ, soft IRQ) or issuing (block); -1: unknown
 * @cpu: the CPU it began on (sched: the CPU of the switch); -1: unknown
 * @flags: #LttvLatencyFlags
 * @name: its name's id (lttv_latency_name()): the syscall, the woken
 *   thread's command, the IRQ, the soft IRQ vector, the device
 * @size: block requests: the sectors requested (0: not in the trace)
 *
 * One interval.
 */
typedef struct {
  LttvTime begin;
  guint64 duration;
  gint32 tid;
  gint16 cpu;
  guint16 flags;
  guint32 name;
  guint32 size;
} LttvLatencyInterval;

/**
 * LttvLatency:
 *
 * The latencies of a built state (lttv_state_latency()), owned by it.
 */
typedef struct _LttvLatency LttvLatency;

/**
 * lttv_state_latency:
 * @s: a built state
 *
 * The latencies the build found. %NULL when the state is not built, or
 * when the build made no analyses: every build makes them unless
 * LTTV_NO_LATENCY is set in the environment (docs/environment.md).
 *
 * Returns: (transfer none) (nullable): owned by @s, valid until @s is freed
 */
LttvLatency *lttv_state_latency (LttvState *s);

/**
 * lttv_latency_kind_name:
 * @kind: a kind
 *
 * Its name as the command line takes it: "syscall", "sched", "irq",
 * "softirq-latency", "softirq", "block".
 *
 * Returns: (transfer none): a static string
 */
const char *lttv_latency_kind_name (LttvLatencyKind kind);

/**
 * lttv_latency_kind_parse:
 * @name: a kind's name (lttv_latency_kind_name())
 * @kind: (out): the kind
 *
 * The kind a name on the command line names.
 *
 * Returns: %FALSE when @name names no kind
 */
gboolean lttv_latency_kind_parse (const char *name, LttvLatencyKind *kind);

/**
 * lttv_latency_name:
 * @l: latencies
 * @kind: the kind of the interval
 * @name: an interval's @name
 *
 * The name of an interval: "read" (syscall), the command (sched), "19"
 * (IRQ number), "9" (soft IRQ vector), "8,0" (device major,minor).
 *
 * Returns: (transfer none): owned by @l; "?" for an unknown id
 */
const char *lttv_latency_name (LttvLatency *l, LttvLatencyKind kind, guint32 name);

/**
 * LttvLatencyIter:
 *
 * A walk over the intervals of a kind beginning in a range
 * (lttv_latency_iter_init()), on the caller's stack. The intervals are
 * kept encoded in blocks; the iterator holds the one it reads, decoded.
 */
typedef struct {
  /*< private >*/
  LttvLatency *l;
  guint kind;
  gsize at, end, block;
  LttvLatencyInterval buf[64];
} LttvLatencyIter;

/**
 * lttv_latency_iter_init:
 * @it: (out caller-allocates): the iterator
 * @l: latencies
 * @kind: a kind
 * @t0: from (included)
 * @t1: to (excluded)
 *
 * Starts a walk over the intervals of @kind that begin in [@t0, @t1), cut
 * ones included, in the order of their beginnings (the same begin: in the
 * trace's order), with lttv_latency_iter_next(). Found in O(log n).
 *
 * Returns: how many intervals begin in [@t0, @t1)
 */
gsize lttv_latency_iter_init (LttvLatencyIter *it, LttvLatency *l, LttvLatencyKind kind,
                              LttvTime t0, LttvTime t1);

/**
 * lttv_latency_iter_next:
 * @it: an iterator (lttv_latency_iter_init())
 *
 * The next interval of the walk.
 *
 * Returns: (transfer none) (nullable): held by @it, valid until the next
 *   call on @it; %NULL after the last one
 */
const LttvLatencyInterval *lttv_latency_iter_next (LttvLatencyIter *it);

/**
 * lttv_latency_max_in:
 * @l: latencies
 * @kind: a kind
 * @t0: from (included)
 * @t1: to (excluded)
 * @out: (out) (optional): the longest interval
 *
 * The longest complete interval of @kind beginning in [@t0, @t1), for a
 * scatter chart drawn one sample per pixel: O(log n) with a table of
 * maxima built with the intervals, whatever the number in the range.
 *
 * Returns: %FALSE when no complete interval begins in the range
 */
gboolean lttv_latency_max_in (LttvLatency *l, LttvLatencyKind kind, LttvTime t0, LttvTime t1,
                              LttvLatencyInterval *out);

/**
 * LttvLatencyGroupBy:
 * @LTTV_LATENCY_BY_KIND: one group: all intervals of the kind
 * @LTTV_LATENCY_BY_NAME: per name (syscall, IRQ, device, command)
 * @LTTV_LATENCY_BY_THREAD: per thread
 * @LTTV_LATENCY_BY_CPU: per CPU
 *
 * How statistics group intervals.
 */
typedef enum {
  LTTV_LATENCY_BY_KIND,
  LTTV_LATENCY_BY_NAME,
  LTTV_LATENCY_BY_THREAD,
  LTTV_LATENCY_BY_CPU,
} LttvLatencyGroupBy;

/**
 * LttvLatencyStats:
 * @key: the group: 0 (by kind), the name id, the tid or the CPU
 * @count: its complete intervals
 * @n_cut: its cut intervals (in none of the figures)
 * @min: the shortest duration (ns)
 * @max: the longest
 * @total: the sum of durations
 * @mean: @total / @count
 * @stddev: the sample standard deviation (n - 1; 0 for one interval)
 * @p50: the median, nearest rank: the ceil (n / 2)-th shortest
 * @p90: the ceil (0.9 n)-th shortest
 * @p99: the ceil (0.99 n)-th shortest
 *
 * Statistics of a group of intervals; the figures are 0 when @count is 0.
 */
typedef struct {
  gint64 key;
  guint64 count;
  guint64 n_cut;
  guint64 min, max, total;
  double mean, stddev;
  guint64 p50, p90, p99;
} LttvLatencyStats;

/**
 * lttv_latency_stats:
 * @l: latencies
 * @kind: a kind
 * @t0: from (included)
 * @t1: to (excluded)
 * @by: the grouping
 *
 * Statistics of the intervals of @kind beginning in [@t0, @t1), per
 * group, by decreasing total duration (then by key). O(m log m) for the m
 * intervals in the range (the percentiles sort their durations).
 *
 * Returns: (transfer full) (element-type LttvLatencyStats): free with
 *   g_array_unref(); empty when no interval begins in the range
 */
GArray *lttv_latency_stats (LttvLatency *l, LttvLatencyKind kind, LttvTime t0, LttvTime t1,
                            LttvLatencyGroupBy by);

/**
 * lttv_latency_top:
 * @l: latencies
 * @kind: a kind
 * @t0: from (included)
 * @t1: to (excluded)
 * @n: how many
 *
 * The @n longest complete intervals of @kind beginning in [@t0, @t1),
 * longest first (the same duration: earliest first).
 *
 * Returns: (transfer full) (element-type LttvLatencyInterval): copies;
 *   free with g_array_unref()
 */
GArray *lttv_latency_top (LttvLatency *l, LttvLatencyKind kind, LttvTime t0, LttvTime t1,
                          guint n);

/**
 * lttv_latency_histogram:
 * @l: latencies
 * @kind: a kind
 * @t0: from (included)
 * @t1: to (excluded)
 * @lo: the shortest duration counted (ns)
 * @hi: the longest (ns, > @lo)
 * @log_scale: buckets of equal ratio (@lo taken as 1 when 0) instead of
 *   equal width
 * @counts: (array length=n_buckets) (out caller-allocates): the counts
 * @n_buckets: how many buckets
 *
 * The density of the durations of the complete intervals of @kind
 * beginning in [@t0, @t1): each duration in [@lo, @hi] counted in its
 * bucket (those outside are not counted).
 */
void lttv_latency_histogram (LttvLatency *l, LttvLatencyKind kind, LttvTime t0, LttvTime t1,
                             guint64 lo, guint64 hi, gboolean log_scale, guint64 *counts,
                             guint n_buckets);

G_END_DECLS
