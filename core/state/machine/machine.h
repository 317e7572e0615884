/* SPDX-License-Identifier: GPL-2.0-or-later */
/* machine.h: the kernel state machine of docs/state-model.md, on decoded
 * event fields. The layouts (layout.c) decode events and call these; the
 * history receives every change. Internal to the core. */
#pragma once

#include <lttv/history.h>
#include <lttv/latency.h>
#include <lttv/state.h>

typedef struct _StateMachine StateMachine;

/* What the layouts read of the machine inline, once per event: each
 * CPU's current thread (-1: unknown; the first member of the machine). */
typedef struct {
  int64_t *cur_tids;
  guint n_cpus;
} StateMachineView;

StateMachine *state_machine_new (LttvHistory *h);
void state_machine_free (StateMachine *m);
/* Anomaly counters, indexed by LttvAnomaly. */
const guint64 *state_machine_anomalies (StateMachine *m);
void state_machine_anomaly (StateMachine *m, LttvAnomaly kind);
/* A CPU number the machine accepts, else counts an anomaly (inline: once
 * per event). */
#define STATE_MAX_CPUS 4096
static inline gboolean
state_machine_cpu_ok (StateMachine *m, int cpu)
{
  if (G_LIKELY (cpu >= 0 && cpu < STATE_MAX_CPUS))
    return TRUE;
  state_machine_anomaly (m, LTTV_ANOMALY_UNKNOWN_CPU);
  return FALSE;
}

/* prev_state of sched_switch to a status; new_encoding for kernels >= 4.14.
 * Returns LTTV_VALUE_NONE for "not alive". */
typedef enum {
  STATE_PREV_OLD,
  STATE_PREV_NEW,
} StatePrevEncoding;

void state_sched_switch (StateMachine *m, LttvTime t, int cpu,
                         int64_t prev_tid, int64_t prev_state,
                         StatePrevEncoding enc, LttvValue prev_comm,
                         const int64_t *prev_prio, int64_t next_tid,
                         LttvValue next_comm, const int64_t *next_prio);
void state_syscall_entry (StateMachine *m, LttvTime t, int cpu,
                          LttvValue name);
void state_syscall_exit (StateMachine *m, LttvTime t, int cpu);
void state_irq_entry (StateMachine *m, LttvTime t, int cpu, int64_t irq);
void state_irq_exit (StateMachine *m, LttvTime t, int cpu, int64_t irq);
void state_softirq_raise (StateMachine *m, LttvTime t, int cpu, int64_t vec);
void state_softirq_entry (StateMachine *m, LttvTime t, int cpu, int64_t vec);
void state_softirq_exit (StateMachine *m, LttvTime t, int cpu, int64_t vec);
/* Optional values are NULL when the event lacks the field. */
void state_wakeup (StateMachine *m, LttvTime t, int64_t tid,
                   const int64_t *prio, const int64_t *target_cpu);
void state_migrate (StateMachine *m, LttvTime t, int64_t tid,
                    int64_t dest_cpu);
void state_setprio (StateMachine *m, LttvTime t, int64_t tid, int64_t prio);
void state_fork (StateMachine *m, LttvTime t, int64_t parent_tid,
                 int64_t child_tid, const int64_t *child_pid,
                 LttvValue child_comm);
void state_exec (StateMachine *m, LttvTime t, int64_t tid,
                 const char *filename, size_t len);
void state_free (StateMachine *m, LttvTime t, int64_t tid);
/* tid 0 is ignored; pid, ppid, status and cpu may be NULL. */
void state_statedump (StateMachine *m, LttvTime t, int64_t tid,
                      const int64_t *pid, const int64_t *ppid,
                      LttvValue name, const int64_t *status,
                      const int64_t *cpu);
/* Block requests, matched issue to completion by device and sector. */
void state_block_issue (StateMachine *m, LttvTime t, int64_t dev, int64_t sector);
void state_block_complete (StateMachine *m, LttvTime t, int64_t dev, int64_t sector);
/* At the end of the build: every request (LttvBlockRequest), completed
 * ones in completion order, then those still in flight; the caller's. */
GArray *state_machine_block_requests (StateMachine *m);
/* The latency analyses (latency.c) of what the rows above do not see:
 * wakeups (sched_waking, sched_wakeup, sched_wakeup_new), a block request's
 * size (NULL: not in the event) and direction (LTTng's rwbs). */
void state_latency_wakeup (StateMachine *m, LttvTime t, int64_t tid);
void state_latency_block_issue (StateMachine *m, LttvTime t, int cpu, int64_t dev,
                                int64_t sector, const int64_t *nr_sector,
                                const int64_t *rwbs);
void state_latency_block_complete (StateMachine *m, LttvTime t, int64_t dev, int64_t sector,
                                   const int64_t *nr_sector);
/* At the end of the build: the latencies (open ones cut by the end), the
 * caller's; NULL without the analyses (latency_wanted). */
LttvLatency *state_machine_latency_take (StateMachine *m);
/* An event of thread `tid` (its tracer's context: perf_tid, LTTng's tid)
 * on `cpu`: when the CPU's current thread is another, the CPU is re-synced
 * to it (docs/state-model.md, "The thread of an event"). */
void state_thread_resync (StateMachine *m, LttvTime t, int cpu, int64_t tid);
/* The common case, inline: the thread is the CPU's current one. */
static inline gboolean
state_thread_is_current (StateMachine *m, int cpu, int64_t tid)
{
  const StateMachineView *v = (const StateMachineView *) m;
  return G_LIKELY ((guint) cpu < v->n_cpus && v->cur_tids[cpu] == tid);
}
static inline void
state_thread_seen (StateMachine *m, LttvTime t, int cpu, int64_t tid)
{
  if (!state_thread_is_current (m, cpu, tid))
    state_thread_resync (m, t, cpu, tid);
}
/* What the event's contexts say of thread `tid` it was re-synced to:
 * `pid` (LTTng's pid context, the tgid; NULL: none) fills its PID, `name`
 * (procname) its Exec_name, each only while unset. */
void state_thread_identity (StateMachine *m, LttvTime t, int cpu, int64_t tid,
                            const int64_t *pid, LttvValue name);
/* The tracer lost events or packets of `cpu` from `t` on: its status,
 * current thread and that thread's status become unknown until an event
 * settles them (docs/state-model.md, "Losses"). */
void state_cpu_lost (StateMachine *m, LttvTime t, int cpu);
/* The tid running on `cpu` now, or -1 when unknown. */
int64_t state_current_tid (StateMachine *m, int cpu);
