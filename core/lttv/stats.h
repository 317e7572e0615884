/* SPDX-License-Identifier: GPL-2.0-or-later */
/**
 * SECTION:stats
 * @title: Statistics
 * @short_description: statistics of a traceset over any time range
 * @include: lttv/lttv.h
 *
 * Statistics of a traceset over any time range, computed from
 * the state history and the per-checkpoint event counts (never from the
 * whole trace: at most two checkpoint intervals of events are read at the
 * edges of a range).
 */
#pragma once

#include <lttv/state.h>

G_BEGIN_DECLS

/**
 * LTTV_STATS_N_CPU_STATES:
 *
 * The statuses time is counted in, as state-model.md names them.
 *
 * The statuses a CPU's time is counted in: IDLE RUN_USERMODE RUN_SYSCALL IRQ
 * SOFTIRQ.
 */
#define LTTV_STATS_N_CPU_STATES 5     /* IDLE RUN_USERMODE RUN_SYSCALL IRQ SOFTIRQ */
/**
 * LTTV_STATS_N_THREAD_STATES:
 *
 * The statuses a thread's time is counted in: UNKNOWN WAIT_BLOCKED
 * RUN_USERMODE RUN_SYSCALL INTERRUPTED WAIT_FOR_CPU WAIT_UNKNOWN WAIT_FORK.
 */
#define LTTV_STATS_N_THREAD_STATES 8  /* UNKNOWN WAIT_BLOCKED RUN_USERMODE
                                       * RUN_SYSCALL INTERRUPTED WAIT_FOR_CPU
                                       * WAIT_UNKNOWN WAIT_FORK */
extern const char *const lttv_stats_cpu_states[LTTV_STATS_N_CPU_STATES];
/**
 * lttv_stats_thread_states:
 *
 * lttv_stats_thread_states
 *
 * The names of the thread statuses, as state-model.md names them.
 */
extern const char *const lttv_stats_thread_states[LTTV_STATS_N_THREAD_STATES];

/**
 * LttvStatsCount:
 * @name: the event type
 * @count: how many
 *
 * The events of one type.
 */
typedef struct {
  char *name;
  guint64 count;
} LttvStatsCount;

/**
 * LttvStatsCpu:
 * @cpu: -1: events without a CPU
 * @events: its events in the range
 * @time: time per status (lttv_stats_cpu_states)
 *
 * A CPU's events and time per status.
 */
typedef struct {
  int cpu;                  /* -1: events without a CPU */
  guint64 events;
  LttvTime time[LTTV_STATS_N_CPU_STATES];
} LttvStatsCpu;

/**
 * LttvStatsThread:
 * @tid: as in Threads/TID: "42", "0_1"
 * @exec_name: at the end of the range, or the last known
 * @time: time per status (lttv_stats_thread_states)
 *
 * A thread's time per status.
 */
typedef struct {
  char *tid;                /* as in Threads/<tid>: "42", "0_1" */
  char *exec_name;          /* at the end of the range, or the last known */
  LttvTime time[LTTV_STATS_N_THREAD_STATES];
} LttvStatsThread;

/**
 * LttvStatsItem:
 * @owner: tid, or CPU number
 * @name: system call name, IRQ or vector number
 * @count: how many began in the range
 * @time: the time spent in it there
 *
 * A system call of a thread, an IRQ or soft IRQ of a CPU: how many began in
 * the range and the time spent in it there.
 */
typedef struct {
  char *owner;              /* tid, or CPU number */
  char *name;               /* system call name, IRQ or vector number */
  guint64 count;
  LttvTime time;
} LttvStatsItem;

/**
 * LttvStatsBlock:
 * @dev: the device
 * @count: requests completed in the range
 * @total: their summed latency
 * @max: their longest latency
 * @not_issued: completions without an issue
 * @not_completed: issues never completed
 *
 * The block requests of a device (lttv_state_block_requests): those
 * completed in the range and their latencies (issue to completion), the
 * completions in it without an issue (issued before the trace), the
 * issues in it never completed.
 */
typedef struct {
  int64_t dev;
  guint64 count;
  LttvTime total, max;
  guint64 not_issued, not_completed;
} LttvStatsBlock;

/**
 * LttvStats:
 * @t0: start of the range
 * @t1: end of the range (inclusive)
 * @n_events: events in the range
 * @types: LttvStatsCount, by name
 * @cpus: LttvStatsCpu, by CPU
 * @threads: LttvStatsThread, by tid
 * @syscalls: LttvStatsItem, by thread then name
 * @irqs: LttvStatsItem, by CPU then IRQ
 * @softirqs: LttvStatsItem, by CPU then vector
 * @block: LttvStatsBlock, by device
 * @anomalies: over the whole traceset
 * @discarded: events the tracer discarded in packets that meet the range (the tracer only says between which times they were lost)
 *
 * Statistics over [@t0, @t1]; the arrays are owned by the structure.
 */
typedef struct {
  LttvTime t0, t1;
  guint64 n_events;
  GArray *types;            /* LttvStatsCount, by name */
  GArray *cpus;             /* LttvStatsCpu, by CPU */
  GArray *threads;          /* LttvStatsThread, by tid */
  GArray *syscalls;         /* LttvStatsItem, by thread then name */
  GArray *irqs;             /* LttvStatsItem, by CPU then IRQ */
  GArray *softirqs;         /* LttvStatsItem, by CPU then vector */
  GArray *block;            /* LttvStatsBlock, by device */
  guint64 anomalies[LTTV_N_ANOMALIES];  /* over the whole traceset */
  /* Events the tracer discarded in packets that meet the range (the
   * tracer only says between which times they were lost). */
  guint64 discarded;
} LttvStats;

/**
 * lttv_stats_compute:
 * @s: a state
 * @t0: the start of the range
 * @t1: the end of the range
 * @error: return location for a #GError, or %NULL
 *
 * Statistics of the built state @s over [t0, t1]. NULL with @error set
 * when the edges could not be read from the trace.
 *
 * Returns: (transfer full) (nullable): new statistics, to free with
 * lttv_stats_free()
 */
LttvStats *lttv_stats_compute (LttvState *s, LttvTime t0, LttvTime t1,
                               GError **error);
/**
 * LttvStatsProgressFunc:
 * @fraction: the fraction done, 0 to 1
 * @user_data: the data given to the callback
 *
 * Told how far lttv_stats_compute_in_job() is.
 */
typedef void (*LttvStatsProgressFunc) (double fraction, gpointer user_data);
/**
 * lttv_stats_compute_in_job:
 * @s: a state
 * @t0: the start of the range
 * @t1: the end of the range
 * @progress: (nullable): told the fraction done
 * @user_data: the data given to the callback
 * @cancel: how the caller stops the work from another thread
 * @error: return location for a #GError, or %NULL
 *
 * lttv_stats_compute() in a worker: @progress is called now and then with
 * the fraction done; @cancel stops the work soon (%NULL,
 * %LTTV_ERROR_CANCELLED).
 *
 * Returns: (transfer full) (nullable): new statistics, to free with
 * lttv_stats_free()
 */
LttvStats *lttv_stats_compute_in_job (LttvState *s, LttvTime t0, LttvTime t1,
                                      LttvStatsProgressFunc progress, gpointer user_data,
                                      LttvCancel cancel, GError **error);
/**
 * lttv_stats_free:
 * @stats: statistics
 *
 * Frees @stats and what it owns.
 */
void lttv_stats_free (LttvStats *stats);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LttvStats, lttv_stats_free)

G_END_DECLS
