/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The state machine's interrupt-like rows: system calls, IRQs, soft IRQs
 * and block requests (docs/state-model.md). */
#include "config.h"

#include "machine/latency.h"
#include "machine/machine-private.h"

/* --- System calls -------------------------------------------------------- */

void
state_syscall_entry (StateMachine *m, LttvTime t, int cpu, LttvValue name)
{
  Cpu *c = cpu_get (m, cpu);
  Thread *th = current_thread (m, c, cpu);
  latency_syscall_entry (m, t, cpu, th, name);
  if (th != NULL)
    {
      set (m, th->syscall, t, name);
      set (m, th->status, t, m->v_syscall);
    }
  /* (cpu_recompute, without reading back the running status just set:
   * system call entries and exits are most events of a kernel trace) */
  cpu_status_set (m, t, c, name != LTTV_VALUE_NONE ? m->v_syscall : m->v_usermode);
}

void
state_syscall_exit (StateMachine *m, LttvTime t, int cpu)
{
  Cpu *c = cpu_get (m, cpu);
  Thread *th = current_thread (m, c, cpu);
  latency_syscall_exit (m, t, th);
  if (th != NULL)
    {
      set (m, th->syscall, t, LTTV_VALUE_NONE);
      set (m, th->status, t, m->v_usermode);
    }
  cpu_status_set (m, t, c, m->v_usermode);
}

/* --- IRQs ---------------------------------------------------------------- */

void
state_irq_entry (StateMachine *m, LttvTime t, int cpu, int64_t irq)
{
  Cpu *c = cpu_get (m, cpu);
  latency_irq_entry (m, t, cpu, irq);
  gpointer key = GINT_TO_POINTER ((int) irq);
  if (!g_hash_table_contains (c->irq_running, key))
    {
      g_hash_table_add (c->irq_running, key);
      c->n_irqs++;
    }
  set (m, map_attr (m, c->irq_attrs, c->irqs, irq), t, m->v_running);
  set (m, map_attr (m, m->irq_attrs, m->irqs_root, irq), t, lttv_value_int (cpu));
  Thread *th = current_thread (m, c, cpu);
  if (th != NULL)
    set (m, th->status, t, m->v_interrupted);
  set (m, c->status, t, m->v_irq);
}

void
state_irq_exit (StateMachine *m, LttvTime t, int cpu, int64_t irq)
{
  Cpu *c = cpu_get (m, cpu);
  latency_irq_exit (m, t, cpu, irq);
  gpointer key = GINT_TO_POINTER ((int) irq);
  if (!g_hash_table_remove (c->irq_running, key))
    {
      m->anomalies[LTTV_ANOMALY_UNMATCHED_IRQ_EXIT]++;
      return;
    }
  c->n_irqs--;
  set (m, map_attr (m, c->irq_attrs, c->irqs, irq), t, LTTV_VALUE_NONE);

  /* IRQs/<irq>: the first CPU that still runs it, else nothing. */
  LttvValue v = LTTV_VALUE_NONE;
  for (guint i = 0; i < m->n_cpus; i++)
    if (m->cpus[i] != NULL && g_hash_table_contains (m->cpus[i]->irq_running, key))
      {
        v = lttv_value_int (i);
        break;
      }
  set (m, map_attr (m, m->irq_attrs, m->irqs_root, irq), t, v);
  resume_current (m, t, c, cpu);
  cpu_recompute (m, t, c, cpu);
}

/* --- Soft IRQs ----------------------------------------------------------- */

static LttvValue
soft_value (StateMachine *m, guint8 bits)
{
  switch (bits)
    {
    case SOFT_RAISED: return m->v_raised;
    case SOFT_RUNNING: return m->v_running;
    case SOFT_RAISED | SOFT_RUNNING: return m->v_raised_running;
    default: return LTTV_VALUE_NONE;
    }
}

/* Updates the per-CPU bits of `vec` and every value that depends on them. */
static void
soft_update (StateMachine *m, LttvTime t, Cpu *c, guint vec, guint8 bits)
{
  guint8 old = c->soft[vec];
  if ((old & SOFT_RUNNING) != (bits & SOFT_RUNNING))
    {
      if (bits & SOFT_RUNNING)
        {
          c->n_softirqs++;
          m->soft_running[vec]++;
        }
      else
        {
          c->n_softirqs--;
          m->soft_running[vec]--;
        }
    }
  if ((old & SOFT_RAISED) != (bits & SOFT_RAISED))
    {
      if (bits & SOFT_RAISED)
        m->soft_raised[vec]++;
      else
        m->soft_raised[vec]--;
    }
  c->soft[vec] = bits;
  if (c->soft_attrs[vec] == LTTV_ATTR_NONE)
    c->soft_attrs[vec] = child_fmt (m, c->softirqs, "%lld", vec);
  set (m, c->soft_attrs[vec], t, soft_value (m, bits));
  if (m->soft_attrs[vec] == LTTV_ATTR_NONE)
    m->soft_attrs[vec] = child_fmt (m, m->softirqs_root, "%lld", vec);
  set (m, m->soft_attrs[vec], t,
       m->soft_running[vec] > 0 ? m->v_running
       : m->soft_raised[vec] > 0 ? m->v_raised : LTTV_VALUE_NONE);
}

static gboolean
vec_ok (StateMachine *m, int64_t vec)
{
  if (vec >= 0 && vec < MAX_SOFTIRQS)
    return TRUE;
  m->anomalies[LTTV_ANOMALY_BAD_VALUE]++;
  return FALSE;
}

void
state_softirq_raise (StateMachine *m, LttvTime t, int cpu, int64_t vec)
{
  if (!vec_ok (m, vec))
    return;
  Cpu *c = cpu_get (m, cpu);
  latency_softirq_raise (m, t, cpu, (guint) vec);
  soft_update (m, t, c, (guint) vec, c->soft[vec] | SOFT_RAISED);
}

void
state_softirq_entry (StateMachine *m, LttvTime t, int cpu, int64_t vec)
{
  if (!vec_ok (m, vec))
    return;
  Cpu *c = cpu_get (m, cpu);
  latency_softirq_entry (m, t, cpu, (guint) vec);
  soft_update (m, t, c, (guint) vec, SOFT_RUNNING);
  Thread *th = current_thread (m, c, cpu);
  if (th != NULL)
    set (m, th->status, t, m->v_interrupted);
  cpu_recompute (m, t, c, cpu);
}

void
state_softirq_exit (StateMachine *m, LttvTime t, int cpu, int64_t vec)
{
  if (!vec_ok (m, vec))
    return;
  Cpu *c = cpu_get (m, cpu);
  latency_softirq_exit (m, t, cpu, (guint) vec);
  if (!(c->soft[vec] & SOFT_RUNNING))
    {
      m->anomalies[LTTV_ANOMALY_UNMATCHED_SOFTIRQ_EXIT]++;
      return;
    }
  soft_update (m, t, c, (guint) vec, c->soft[vec] & SOFT_RAISED);
  resume_current (m, t, c, cpu);
  cpu_recompute (m, t, c, cpu);
}

/* --- Block requests (block-requests.c) ------------------------------------ */

void
state_block_issue (StateMachine *m, LttvTime t, int64_t dev, int64_t sector)
{
  block_requests_issue (m->blocks, t, dev, sector);
}

void
state_block_complete (StateMachine *m, LttvTime t, int64_t dev, int64_t sector)
{
  if (!block_requests_complete (m->blocks, t, dev, sector))
    m->anomalies[LTTV_ANOMALY_BLOCK_NOT_ISSUED]++;
}

GArray *
state_machine_block_requests (StateMachine *m)
{
  return block_requests_take (m->blocks);
}

int64_t
state_current_tid (StateMachine *m, int cpu)
{
  if (cpu < 0 || (guint) cpu >= m->n_cpus || m->cpus[cpu] == NULL)
    return -1;
  return m->cpus[cpu]->cur_tid;
}
