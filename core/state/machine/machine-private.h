/* SPDX-License-Identifier: GPL-2.0-or-later */
/* machine-private.h: the state machine's own structures and the small
 * rules its files share (inline: they run once or more per event). Only
 * the machine/ sources include it. */
#pragma once

#include <stdio.h>

#include "history/history-write.h"
#include "machine/block-requests.h"
#include "machine/machine.h"

#define MAX_CPUS STATE_MAX_CPUS
#define MAX_SOFTIRQS 64

enum { SOFT_RAISED = 1, SOFT_RUNNING = 2 };

typedef struct {
  LttvAttr base, status, exec_name, ppid, pid, prio, syscall, cpu_rq;
  int on_cpu;               /* the CPU whose current thread it is, or -1 */
  guint32 lat_syscall, lat_wakeup; /* open latencies: slot + 1 (latency.c) */
} Thread;

/* Thread structures never move or die (a freed tid keeps its attributes
 * for the next thread of that number), so a CPU can point at its current
 * one. */

typedef struct {
  LttvAttr base, status, current_thread, irqs, softirqs;
  int64_t cur_tid;          /* -1: unknown before the first sched_switch */
  Thread *cur;              /* the thread of cur_tid, NULL when unknown */
  guint n_irqs;             /* IRQ handlers running here */
  guint n_softirqs;         /* soft IRQs running here */
  guint n_timers;           /* timer handlers running here (wakeups.c) */
  GHashTable *irq_attrs;    /* irq -> attr + 1 */
  GHashTable *irq_running;  /* irq set */
  guint8 soft[MAX_SOFTIRQS];
  LttvAttr soft_attrs[MAX_SOFTIRQS];
  Thread *swapper;
  gboolean lost;            /* a loss left it unknown until its next thread */
} Cpu;

#define RECENT_THREADS 256

struct _StateMachine {
  StateMachineView view;    /* first: machine.h reads it */
  LttvHistory *h;
  GHashTable *threads;      /* tid -> Thread */
  /* The threads met last, by tid modulo RECENT_THREADS: most events are of
   * a few threads, and a hash table lookup costs far more than a look
   * here. */
  struct { int64_t tid; Thread *th; } recent[RECENT_THREADS];
  Cpu **cpus;               /* by number; NULL: not seen */
  guint n_cpus;
  LttvAttr cpus_root, threads_root, irqs_root, softirqs_root;
  GHashTable *irq_attrs;    /* irq -> attr + 1 (IRQs/<irq>) */
  BlockRequests *blocks;
  struct _LatencyBuilder *lat;  /* NULL: no latency analyses (latency.c) */
  GArray *wakeups;          /* LttvWakeup (wakeups.c), made on first use */
  LttvAttr soft_attrs[MAX_SOFTIRQS];
  guint soft_running[MAX_SOFTIRQS]; /* CPUs running it */
  guint soft_raised[MAX_SOFTIRQS];  /* CPUs where it is raised */
  guint64 anomalies[LTTV_N_ANOMALIES];
  /* Interned values. */
  LttvValue v_idle, v_usermode, v_syscall, v_irq, v_softirq, v_running,
    v_raised, v_raised_running, v_unknown, v_blocked, v_interrupted,
    v_wait_cpu, v_wait_unknown, v_wait_fork;
};

/* --- Lookups, creating attributes on first use -------------------------- */

static inline LttvAttr
child_fmt (StateMachine *m, LttvAttr parent, const char *fmt, int64_t n)
{
  char name[32];
  snprintf (name, sizeof name, fmt, (long long) n);
  return lttv_history_attr_child (m->h, parent, name);
}

G_GNUC_NO_INLINE Cpu *machine_cpu_create (StateMachine *m, int cpu);

/* CPU `cpu`, made on first use (the common case inline). */
static inline Cpu *
cpu_get (StateMachine *m, int cpu)
{
  Cpu *c = (guint) cpu < m->n_cpus ? m->cpus[cpu] : NULL;
  return G_LIKELY (c != NULL) ? c : machine_cpu_create (m, cpu);
}

/* Thread `tid`; tid 0 is the swapper of `cpu` (Threads/0_<cpu>). */
Thread *machine_thread_get (StateMachine *m, int64_t tid, int cpu);

static inline LttvAttr
map_attr (StateMachine *m, GHashTable *map, LttvAttr parent, int64_t key)
{
  gpointer p = g_hash_table_lookup (map, GINT_TO_POINTER ((int) key));
  if (p != NULL)
    return GPOINTER_TO_UINT (p) - 1;
  LttvAttr a = child_fmt (m, parent, "%lld", key);
  g_hash_table_insert (map, GINT_TO_POINTER ((int) key), GUINT_TO_POINTER (a + 1));
  return a;
}

static inline void
set (StateMachine *m, LttvAttr a, LttvTime t, LttvValue v)
{
  history_set (m->h, a, t, v);
}

static inline LttvValue
get (StateMachine *m, LttvAttr a)
{
  return history_current (m->h, a);
}

/* --- Shared rules -------------------------------------------------------- */

static inline LttvValue
running_status (StateMachine *m, Thread *th)
{
  return get (m, th->syscall) != LTTV_VALUE_NONE ? m->v_syscall : m->v_usermode;
}

static inline Thread *
current_thread (StateMachine *m, Cpu *c, int cpu)
{
  (void) m;
  (void) cpu;
  return c->cur;
}

/* The CPU's status from what runs on it; `running`, its current thread's
 * running status, is what it shows when no IRQ, soft IRQ or idleness
 * decides. */
static inline void
cpu_status_set (StateMachine *m, LttvTime t, Cpu *c, LttvValue running)
{
  LttvValue v;
  if (c->n_irqs > 0)
    v = m->v_irq;
  else if (c->n_softirqs > 0)
    v = m->v_softirq;
  else if (c->cur_tid < 0)
    /* no thread known yet: nothing to derive it from; after a loss, what
     * it does is not known */
    v = c->lost ? m->v_unknown : LTTV_VALUE_NONE;
  else if (c->cur_tid == 0)
    v = m->v_idle;
  else
    v = running;
  set (m, c->status, t, v);
}

static inline void
cpu_recompute (StateMachine *m, LttvTime t, Cpu *c, int cpu)
{
  cpu_status_set (m, t, c, c->cur_tid > 0 ? running_status (m, current_thread (m, c, cpu))
                                          : LTTV_VALUE_NONE);
}

/* After an IRQ or soft IRQ ends. */
static inline void
resume_current (StateMachine *m, LttvTime t, Cpu *c, int cpu)
{
  Thread *th = current_thread (m, c, cpu);
  if (th == NULL)
    return;
  set (m, th->status, t,
       c->n_irqs > 0 || c->n_softirqs > 0 ? m->v_interrupted
                                          : running_status (m, th));
}
