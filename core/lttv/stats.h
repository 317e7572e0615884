/* SPDX-License-Identifier: GPL-2.0-or-later */
/* stats.h: statistics of a traceset over any time range, computed from
 * the state history and the per-checkpoint event counts (never from the
 * whole trace: at most two checkpoint intervals of events are read at the
 * edges of a range). */
#pragma once

#include <lttv/state.h>

G_BEGIN_DECLS

/* The statuses time is counted in, as state-model.md names them. */
#define LTTV_STATS_N_CPU_STATES 5     /* IDLE RUN_USERMODE RUN_SYSCALL IRQ SOFTIRQ */
#define LTTV_STATS_N_THREAD_STATES 8  /* UNKNOWN WAIT_BLOCKED RUN_USERMODE
                                       * RUN_SYSCALL INTERRUPTED WAIT_FOR_CPU
                                       * WAIT_UNKNOWN WAIT_FORK */
extern const char *const lttv_stats_cpu_states[LTTV_STATS_N_CPU_STATES];
extern const char *const lttv_stats_thread_states[LTTV_STATS_N_THREAD_STATES];

typedef struct {
  char *name;
  guint64 count;
} LttvStatsCount;

typedef struct {
  int cpu;                  /* -1: events without a CPU */
  guint64 events;
  LttvTime time[LTTV_STATS_N_CPU_STATES];
} LttvStatsCpu;

typedef struct {
  char *tid;                /* as in Threads/<tid>: "42", "0_1" */
  char *exec_name;          /* at the end of the range, or the last known */
  LttvTime time[LTTV_STATS_N_THREAD_STATES];
} LttvStatsThread;

/* A system call of a thread, an IRQ or soft IRQ of a CPU: how many began in
 * the range and the time spent in it there. */
typedef struct {
  char *owner;              /* tid, or CPU number */
  char *name;               /* system call name, IRQ or vector number */
  guint64 count;
  LttvTime time;
} LttvStatsItem;

/* The block requests of a device (lttv_state_block_requests): those
 * completed in the range and their latencies (issue to completion), the
 * completions in it without an issue (issued before the trace), the
 * issues in it never completed. */
typedef struct {
  int64_t dev;
  guint64 count;
  LttvTime total, max;
  guint64 not_issued, not_completed;
} LttvStatsBlock;

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

/* Statistics of the built state `s` over [t0, t1]. NULL with `error` set
 * when the edges could not be read from the trace. */
LttvStats *lttv_stats_compute (LttvState *s, LttvTime t0, LttvTime t1,
                               GError **error);
/* The same in a worker: `progress` (may be NULL) is called now and then
 * with the fraction done; `cancel` stops the work soon (NULL,
 * LTTV_ERROR_CANCELLED). */
typedef void (*LttvStatsProgressFunc) (double fraction, gpointer user_data);
LttvStats *lttv_stats_compute_in_job (LttvState *s, LttvTime t0, LttvTime t1,
                                      LttvStatsProgressFunc progress, gpointer user_data,
                                      LttvCancel cancel, GError **error);
void lttv_stats_free (LttvStats *stats);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LttvStats, lttv_stats_free)

G_END_DECLS
