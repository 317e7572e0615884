/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The kernel state machine: every row of docs/state-model.md. Values live
 * in the history (lttv_history_current is the machine's memory); the
 * machine only keeps attribute ids and a few counters per CPU. */
#include "config.h"

#include <string.h>

#include "machine/latency.h"
#include "machine/machine-private.h"


StateMachine *
state_machine_new (LttvHistory *h)
{
  StateMachine *m = g_new0 (StateMachine, 1);
  m->h = h;
  m->threads = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  m->irq_attrs = g_hash_table_new (g_direct_hash, g_direct_equal);
  m->cpus_root = lttv_history_attr (h, "CPUs");
  m->threads_root = lttv_history_attr (h, "Threads");
  m->irqs_root = lttv_history_attr (h, "IRQs");
  m->softirqs_root = lttv_history_attr (h, "Soft_IRQs");
  m->blocks = block_requests_new (h, lttv_history_attr (h, "Block"));
  m->lat = latency_builder_new (h);
  for (guint i = 0; i < MAX_SOFTIRQS; i++)
    m->soft_attrs[i] = LTTV_ATTR_NONE;
#define V(field, text) m->field = lttv_history_intern (h, text)
  V (v_idle, "IDLE");
  V (v_usermode, "RUN_USERMODE");
  V (v_syscall, "RUN_SYSCALL");
  V (v_irq, "IRQ");
  V (v_softirq, "SOFTIRQ");
  V (v_running, "RUNNING");
  V (v_raised, "RAISED");
  V (v_raised_running, "RAISED_RUNNING");
  V (v_unknown, "UNKNOWN");
  V (v_blocked, "WAIT_BLOCKED");
  V (v_interrupted, "INTERRUPTED");
  V (v_wait_cpu, "WAIT_FOR_CPU");
  V (v_wait_unknown, "WAIT_UNKNOWN");
  V (v_wait_fork, "WAIT_FORK");
#undef V
  return m;
}

void
state_machine_free (StateMachine *m)
{
  if (m == NULL)
    return;
  for (guint i = 0; i < m->n_cpus; i++)
    {
      Cpu *c = m->cpus[i];
      if (c == NULL)
        continue;
      g_hash_table_destroy (c->irq_attrs);
      g_hash_table_destroy (c->irq_running);
      g_free (c->swapper);
      g_free (c);
    }
  g_free (m->cpus);
  g_free (m->view.cur_tids);
  g_hash_table_destroy (m->threads);
  g_hash_table_destroy (m->irq_attrs);
  block_requests_free (m->blocks);
  latency_builder_free (m->lat);
  if (m->wakeups != NULL)
    g_array_unref (m->wakeups);
  g_free (m);
}

const guint64 *
state_machine_anomalies (StateMachine *m)
{
  return m->anomalies;
}

void
state_machine_anomaly (StateMachine *m, LttvAnomaly kind)
{
  m->anomalies[kind]++;
}

/* --- Lookups, creating attributes on first use -------------------------- */

static Thread *
thread_new (StateMachine *m, const char *name)
{
  Thread *th = g_new (Thread, 1);
  LttvHistory *h = m->h;
  th->base = lttv_history_attr_child (h, m->threads_root, name);
  th->status = th->base;
  th->exec_name = lttv_history_attr_child (h, th->base, "Exec_name");
  th->ppid = lttv_history_attr_child (h, th->base, "PPID");
  th->pid = lttv_history_attr_child (h, th->base, "PID");
  th->prio = lttv_history_attr_child (h, th->base, "Prio");
  th->syscall = lttv_history_attr_child (h, th->base, "System_call");
  th->cpu_rq = lttv_history_attr_child (h, th->base, "Current_cpu_rq");
  th->on_cpu = -1;
  th->lat_syscall = th->lat_wakeup = 0;
  return th;
}

G_GNUC_NO_INLINE Cpu *
machine_cpu_create (StateMachine *m, int cpu)
{
  if ((guint) cpu >= m->n_cpus)
    {
      guint n = (guint) cpu + 1;
      m->cpus = g_renew (Cpu *, m->cpus, n);
      memset (m->cpus + m->n_cpus, 0, (n - m->n_cpus) * sizeof (Cpu *));
      m->view.cur_tids = g_renew (int64_t, m->view.cur_tids, n);
      for (guint i = m->n_cpus; i < n; i++)
        m->view.cur_tids[i] = -1;
      m->n_cpus = n;
      m->view.n_cpus = n;
    }
  Cpu *c = m->cpus[cpu];
  if (c == NULL)
    {
      c = m->cpus[cpu] = g_new0 (Cpu, 1);
      c->cur_tid = -1;
      c->base = child_fmt (m, m->cpus_root, "%lld", cpu);
      c->status = c->base;
      c->current_thread = lttv_history_attr_child (m->h, c->base, "Current_thread");
      c->irqs = lttv_history_attr_child (m->h, c->base, "IRQs");
      c->softirqs = lttv_history_attr_child (m->h, c->base, "Soft_IRQs");
      c->irq_attrs = g_hash_table_new (g_direct_hash, g_direct_equal);
      c->irq_running = g_hash_table_new (g_direct_hash, g_direct_equal);
      for (guint i = 0; i < MAX_SOFTIRQS; i++)
        c->soft_attrs[i] = LTTV_ATTR_NONE;
    }
  return c;
}

/* Thread `tid`; tid 0 is the swapper of `cpu` (Threads/0_<cpu>). */
Thread *
machine_thread_get (StateMachine *m, int64_t tid, int cpu)
{
  if (tid == 0)
    {
      Cpu *c = cpu_get (m, cpu);
      if (c->swapper == NULL)
        {
          char name[24];
          snprintf (name, sizeof name, "0_%d", cpu);
          c->swapper = thread_new (m, name);
        }
      return c->swapper;
    }
  guint slot = (guint) ((uint64_t) tid % RECENT_THREADS);
  if (m->recent[slot].th != NULL && m->recent[slot].tid == tid)
    return m->recent[slot].th;
  Thread *th = g_hash_table_lookup (m->threads, &tid);
  if (th == NULL)
    {
      char name[24];
      snprintf (name, sizeof name, "%lld", (long long) tid);
      th = thread_new (m, name);
      g_hash_table_insert (m->threads, g_memdup2 (&tid, sizeof tid), th);
    }
  m->recent[slot].tid = tid;
  m->recent[slot].th = th;
  return th;
}

/* --- Thread changes ------------------------------------------------------ */


static void
clear_thread (StateMachine *m, LttvTime t, Thread *th)
{
  LttvAttr all[] = { th->status, th->exec_name, th->ppid, th->pid, th->prio,
                     th->syscall, th->cpu_rq };
  for (guint i = 0; i < G_N_ELEMENTS (all); i++)
    {
      set (m, all[i], t, LTTV_VALUE_NONE);
      history_note_quiet (m->h, all[i]);
    }
}

/* A thread that was current on a CPU and is no longer known to be: its
 * switch away was lost. */
static void
displace (StateMachine *m, LttvTime t, Thread *th)
{
  th->on_cpu = -1;
  set (m, th->status, t, m->v_unknown);
  set (m, th->cpu_rq, t, LTTV_VALUE_NONE);
}

/* CPU `cpu`'s current thread is seen elsewhere: what this CPU runs is no
 * longer known (until its next switch or event of a known thread). */
static void
cpu_lose_thread (StateMachine *m, LttvTime t, int cpu)
{
  Cpu *c = m->cpus[cpu];
  m->anomalies[LTTV_ANOMALY_THREAD_ON_TWO_CPUS]++;
  if (c->cur != NULL)
    c->cur->on_cpu = -1;
  c->cur = NULL;
  c->cur_tid = -1;
  m->view.cur_tids[cpu] = -1;
  set (m, c->current_thread, t, LTTV_VALUE_NONE);
  cpu_status_set (m, t, c, LTTV_VALUE_NONE);
}

/* Thread `th` (tid) becomes CPU `cpu`'s current thread; a CPU the model
 * still had it on loses it (a thread runs on one CPU at a time). */
static void
cpu_take_thread (StateMachine *m, LttvTime t, Cpu *c, int cpu, int64_t tid, Thread *th)
{
  if (th->on_cpu >= 0 && th->on_cpu != cpu)
    cpu_lose_thread (m, t, th->on_cpu);
  th->on_cpu = cpu;
  c->lost = FALSE;
  c->cur_tid = tid;
  m->view.cur_tids[cpu] = tid;
  c->cur = th;
  set (m, c->current_thread, t, lttv_value_int (tid));
}

/* --- Scheduler ----------------------------------------------------------- */

static LttvValue
prev_status (StateMachine *m, int64_t prev_state, StatePrevEncoding enc)
{
  if (enc == STATE_PREV_OLD)
    {
      int64_t s = prev_state & 1023;
      if (s == 0)
        return m->v_wait_cpu;
      if (s & 3)
        return m->v_blocked;
      if (s & 64)
        return LTTV_VALUE_NONE;
      return m->v_wait_unknown;
    }
  switch (prev_state)
    {
    case 0: case 256:
      return m->v_wait_cpu;
    case 1: case 2: case 64: case 128:
      return m->v_blocked;
    case 16: case 32:
      return LTTV_VALUE_NONE;
    case 4: case 8:
      return m->v_wait_unknown;
    default:
      /* Not a value of the compact encoding: its strongest bit decides. */
      if (prev_state & (16 | 32))
        return LTTV_VALUE_NONE;
      if (prev_state & (1 | 2 | 64 | 128))
        return m->v_blocked;
      if (prev_state & 256)
        return m->v_wait_cpu;
      return m->v_wait_unknown;
    }
}

void
state_sched_switch (StateMachine *m, LttvTime t, int cpu, int64_t prev_tid,
                    int64_t prev_state, StatePrevEncoding enc,
                    LttvValue prev_comm, const int64_t *prev_prio,
                    int64_t next_tid, LttvValue next_comm,
                    const int64_t *next_prio)
{
  Cpu *c = cpu_get (m, cpu);
  Thread *prev = machine_thread_get (m, prev_tid, cpu);
  /* A switch away from another thread than the current one: the switch
   * that put prev here was lost, and what the current one did since is
   * not known. */
  if (c->cur != NULL && c->cur != prev)
    {
      m->anomalies[LTTV_ANOMALY_SWITCH_FROM_OTHER]++;
      displace (m, t, c->cur);
    }
  if (prev->on_cpu >= 0 && prev->on_cpu != cpu)
    cpu_lose_thread (m, t, prev->on_cpu);
  prev->on_cpu = -1;
  LttvValue status = prev_status (m, prev_state, enc);
  set (m, prev->status, t, status);
  set (m, prev->cpu_rq, t, status == m->v_wait_cpu ? lttv_value_int (cpu)
                                                   : LTTV_VALUE_NONE);
  if (prev_comm != LTTV_VALUE_NONE)
    set (m, prev->exec_name, t, prev_comm);
  if (prev_prio != NULL)
    set (m, prev->prio, t, lttv_value_int (*prev_prio));

  Thread *next = machine_thread_get (m, next_tid, cpu);
  set (m, next->status, t, running_status (m, next));
  set (m, next->cpu_rq, t, lttv_value_int (cpu));
  if (next_comm != LTTV_VALUE_NONE)
    set (m, next->exec_name, t, next_comm);
  if (next_prio != NULL)
    set (m, next->prio, t, lttv_value_int (*next_prio));

  cpu_take_thread (m, t, c, cpu, next_tid, next);
  cpu_recompute (m, t, c, cpu);
  latency_switch_in (m, t, cpu, next, next_comm);
}

void
state_cpu_lost (StateMachine *m, LttvTime t, int cpu)
{
  if (cpu < 0 || cpu >= MAX_CPUS)
    return;
  Cpu *c = cpu_get (m, cpu);
  /* A loss is no anomaly: the tracer said so. */
  latency_lost (m);
  if (c->cur != NULL)
    displace (m, t, c->cur);
  c->cur = NULL;
  c->cur_tid = -1;
  m->view.cur_tids[cpu] = -1;
  c->lost = TRUE;
  set (m, c->current_thread, t, LTTV_VALUE_NONE);
  /* even under an IRQ: its exit may be among the events lost */
  set (m, c->status, t, m->v_unknown);
}

void
state_thread_resync (StateMachine *m, LttvTime t, int cpu, int64_t tid)
{
  Cpu *c = cpu_get (m, cpu);
  if (tid < 0 || c->cur_tid == tid)
    return;
  /* Not knowing the current thread yet is no disagreement. */
  if (c->cur != NULL)
    {
      m->anomalies[LTTV_ANOMALY_WRONG_THREAD]++;
      displace (m, t, c->cur);
    }
  Thread *th = machine_thread_get (m, tid, cpu);
  cpu_take_thread (m, t, c, cpu, tid, th);
  set (m, th->status, t,
       c->n_irqs > 0 || c->n_softirqs > 0 ? m->v_interrupted : running_status (m, th));
  set (m, th->cpu_rq, t, lttv_value_int (cpu));
  cpu_recompute (m, t, c, cpu);
}

void
state_thread_identity (StateMachine *m, LttvTime t, int cpu, int64_t tid,
                       const int64_t *pid, LttvValue name)
{
  if (tid <= 0)
    return;
  Thread *th = machine_thread_get (m, tid, cpu);
  if (name != LTTV_VALUE_NONE && get (m, th->exec_name) == LTTV_VALUE_NONE)
    set (m, th->exec_name, t, name);
  if (pid != NULL && *pid != tid && get (m, th->pid) == LTTV_VALUE_NONE)
    set (m, th->pid, t, lttv_value_int (*pid));
}

void
state_wakeup (StateMachine *m, LttvTime t, int64_t tid, const int64_t *prio,
              const int64_t *target_cpu)
{
  if (tid == 0 && target_cpu == NULL)
    return;
  Thread *th = machine_thread_get (m, tid, target_cpu != NULL ? (int) *target_cpu : 0);
  LttvValue s = get (m, th->status);
  /* A wakeup never touches a thread that is on a CPU. */
  if (s == m->v_usermode || s == m->v_syscall || s == m->v_interrupted)
    return;
  set (m, th->status, t, m->v_wait_cpu);
  if (target_cpu != NULL)
    set (m, th->cpu_rq, t, lttv_value_int (*target_cpu));
  if (prio != NULL)
    set (m, th->prio, t, lttv_value_int (*prio));
}

void
state_migrate (StateMachine *m, LttvTime t, int64_t tid, int64_t dest_cpu)
{
  if (tid == 0)
    return;
  set (m, machine_thread_get (m, tid, 0)->cpu_rq, t, lttv_value_int (dest_cpu));
}

void
state_setprio (StateMachine *m, LttvTime t, int64_t tid, int64_t prio)
{
  if (tid == 0)
    return;
  set (m, machine_thread_get (m, tid, 0)->prio, t, lttv_value_int (prio));
}

void
state_fork (StateMachine *m, LttvTime t, int64_t parent_tid,
            int64_t child_tid, const int64_t *child_pid, LttvValue child_comm)
{
  if (child_tid == 0)
    {
      m->anomalies[LTTV_ANOMALY_BAD_VALUE]++;
      return;
    }
  Thread *parent = parent_tid != 0 ? machine_thread_get (m, parent_tid, 0) : NULL;
  Thread *child = machine_thread_get (m, child_tid, 0);
  set (m, child->ppid, t, lttv_value_int (parent_tid));
  if (child_pid != NULL && *child_pid != child_tid)
    set (m, child->pid, t, lttv_value_int (*child_pid));
  if (child_comm != LTTV_VALUE_NONE)
    set (m, child->exec_name, t, child_comm);
  set (m, child->status, t, m->v_wait_cpu);
  set (m, child->cpu_rq, t, parent != NULL ? get (m, parent->cpu_rq)
                                           : LTTV_VALUE_NONE);
  set (m, child->syscall, t, parent != NULL ? get (m, parent->syscall)
                                            : LTTV_VALUE_NONE);
}

void
state_exec (StateMachine *m, LttvTime t, int64_t tid, const char *filename,
            size_t len)
{
  if (tid == 0)
    return;
  const char *base = filename;
  for (size_t i = 0; i < len; i++)
    if (filename[i] == '/')
      base = filename + i + 1;
  size_t n = MIN ((size_t) (filename + len - base), 15);
  set (m, machine_thread_get (m, tid, 0)->exec_name, t,
       lttv_history_intern_len (m->h, base, n));
}

void
state_free (StateMachine *m, LttvTime t, int64_t tid)
{
  if (tid == 0)
    return;
  clear_thread (m, t, machine_thread_get (m, tid, 0));
}

void
state_statedump (StateMachine *m, LttvTime t, int64_t tid, const int64_t *pid,
                 const int64_t *ppid, LttvValue name, const int64_t *status,
                 const int64_t *cpu)
{
  if (tid == 0)
    return;
  Thread *th = machine_thread_get (m, tid, 0);
  if (name != LTTV_VALUE_NONE && get (m, th->exec_name) == LTTV_VALUE_NONE)
    set (m, th->exec_name, t, name);
  if (ppid != NULL && get (m, th->ppid) == LTTV_VALUE_NONE)
    set (m, th->ppid, t, lttv_value_int (*ppid));
  if (pid != NULL && *pid != tid && get (m, th->pid) == LTTV_VALUE_NONE)
    set (m, th->pid, t, lttv_value_int (*pid));
  if (status == NULL || get (m, th->status) != LTTV_VALUE_NONE)
    return;
  switch (*status)
    {
    case 0: case 3: case 4:
      set (m, th->status, t, m->v_unknown);
      break;
    case 1:
      set (m, th->status, t, m->v_wait_fork);
      break;
    case 2:
      set (m, th->status, t, m->v_wait_cpu);
      if (cpu != NULL)
        set (m, th->cpu_rq, t, lttv_value_int (*cpu));
      break;
    case 5:
      set (m, th->status, t, m->v_wait_unknown);
      break;
    case 6:
      set (m, th->status, t, m->v_usermode);
      break;
    case 7:
      break;
    default:
      m->anomalies[LTTV_ANOMALY_BAD_VALUE]++;
      break;
    }
}
