/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Wakeup edges: for each wakeup that changes a thread's status, what ran
 * on the waker's CPU then (an IRQ, a timer, a soft IRQ, else the current
 * thread). Kept apart from the status rows: one small record per wakeup,
 * nothing per other event. */
#include "config.h"

#include "machine/machine-private.h"
#include "machine/wakeups.h"

static GArray *
edges (StateMachine *m)
{
  if (m->wakeups == NULL)
    m->wakeups = g_array_new (FALSE, FALSE, sizeof (LttvWakeup));
  return m->wakeups;
}

void
state_wakeup_edge (StateMachine *m, LttvTime t, int cpu, int64_t tid)
{
  if (tid <= 0)
    return;
  Thread *th = machine_thread_get (m, tid, 0);
  LttvValue s = get (m, th->status);
  /* (state_wakeup changes nothing then: no edge either) */
  if (s == m->v_usermode || s == m->v_syscall || s == m->v_interrupted)
    return;
  Cpu *c = cpu_get (m, cpu);
  LttvWakeup w = { .time = t, .wakee = tid, .waker = c->cur_tid, .cpu = cpu,
                   .kind = LTTV_WAKER_THREAD, .id = -1 };
  if (c->n_irqs > 0)
    {
      /* (IRQs do not nest in practice: the one running) */
      GHashTableIter it;
      gpointer key;
      g_hash_table_iter_init (&it, c->irq_running);
      if (g_hash_table_iter_next (&it, &key, NULL))
        w.id = GPOINTER_TO_INT (key);
      w.kind = LTTV_WAKER_IRQ;
    }
  else if (c->n_timers > 0)
    w.kind = LTTV_WAKER_TIMER;
  else if (c->n_softirqs > 0)
    {
      w.kind = LTTV_WAKER_SOFTIRQ;
      for (guint v = 0; v < MAX_SOFTIRQS; v++)
        if (c->soft[v] & SOFT_RUNNING)
          {
            w.id = (gint32) v;
            break;
          }
    }
  else if (c->cur_tid < 0)
    w.kind = LTTV_WAKER_UNKNOWN;
  g_array_append_val (edges (m), w);
}

void
state_timer_entry (StateMachine *m, int cpu)
{
  cpu_get (m, cpu)->n_timers++;
}

void
state_timer_exit (StateMachine *m, int cpu)
{
  Cpu *c = cpu_get (m, cpu);
  /* (an exit whose entry came before the trace: nothing to end) */
  if (c->n_timers > 0)
    c->n_timers--;
}

GArray *
state_machine_wakeups (StateMachine *m)
{
  return g_array_ref (edges (m));
}
