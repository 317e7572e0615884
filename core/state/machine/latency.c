/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The latency analyses, fed by the state machine's rows as it applies
 * each event (lttv/latency.h). An interval takes its index in its kind's
 * store when it begins, so the store is in the order of beginnings with
 * no sort; its end fills in the duration, in the store's stage or, when
 * its block was encoded meanwhile, in its late copy (latency-store.h).
 * Threads and CPUs keep the index (+ 1) of what they have open. */
#include "config.h"

#include <stdio.h>

#include "machine/latency.h"

typedef struct {
  GHashTable *irq_open;            /* irq -> slot + 1 */
  guint32 soft_raised[MAX_SOFTIRQS];  /* raise -> entry, slot + 1 */
  guint32 soft_running[MAX_SOFTIRQS]; /* entry -> exit, slot + 1 */
} LatCpu;

struct _LatencyBuilder {
  LttvLatency *l;
  LttvHistory *h;
  GPtrArray *cpus;                 /* LatCpu *, by number (NULL: none yet) */
  gsize first_open[LTTV_LATENCY_N_KINDS];  /* slots before it: none open */
  GArray *string_names[LTTV_LATENCY_N_KINDS]; /* history string -> name id + 1 */
  guint32 number_names[LTTV_LATENCY_N_KINDS][256]; /* small numbers -> id + 1 */
  GHashTable *block_pending;       /* (dev, sector) -> GArray of slots */
};

typedef struct {
  int64_t dev, sector;
} BlockKey;

static guint
block_key_hash (gconstpointer p)
{
  const BlockKey *k = p;
  return g_int64_hash (&k->sector) ^ (guint) k->dev;
}

static gboolean
block_key_equal (gconstpointer a, gconstpointer b)
{
  const BlockKey *x = a, *y = b;
  return x->dev == y->dev && x->sector == y->sector;
}

static void
lat_cpu_free (gpointer p)
{
  LatCpu *c = p;
  if (c == NULL)
    return;
  g_hash_table_destroy (c->irq_open);
  g_free (c);
}

LatencyBuilder *
latency_builder_new (LttvHistory *h)
{
  if (!latency_wanted ())
    return NULL;
  LatencyBuilder *b = g_new0 (LatencyBuilder, 1);
  b->l = latency_store_new ();
  b->h = h;
  b->cpus = g_ptr_array_new_with_free_func (lat_cpu_free);
  for (guint k = 0; k < LTTV_LATENCY_N_KINDS; k++)
    b->string_names[k] = g_array_new (FALSE, TRUE, sizeof (guint32));
  b->block_pending = g_hash_table_new_full (block_key_hash, block_key_equal, g_free,
                                            (GDestroyNotify) g_array_unref);
  return b;
}

void
latency_builder_free (LatencyBuilder *b)
{
  if (b == NULL)
    return;
  latency_store_free (b->l);
  g_ptr_array_unref (b->cpus);
  for (guint k = 0; k < LTTV_LATENCY_N_KINDS; k++)
    g_array_unref (b->string_names[k]);
  g_hash_table_destroy (b->block_pending);
  g_free (b);
}

static LatCpu *
lat_cpu (LatencyBuilder *b, int cpu)
{
  if ((guint) cpu >= b->cpus->len)
    g_ptr_array_set_size (b->cpus, cpu + 1);
  LatCpu *c = g_ptr_array_index (b->cpus, cpu);
  if (c == NULL)
    {
      c = g_new0 (LatCpu, 1);
      c->irq_open = g_hash_table_new (g_direct_hash, g_direct_equal);
      g_ptr_array_index (b->cpus, cpu) = c;
    }
  return c;
}

/* --- Names ----------------------------------------------------------------- */

static guint32
string_name (LatencyBuilder *b, LttvLatencyKind kind, LttvValue v)
{
  if (lttv_value_type (v) != LTTV_VALUE_STRING)
    return latency_store_name (b->l, kind, "?");
  GArray *map = b->string_names[kind];
  guint i = (guint) (v >> 2);
  if (i >= map->len)
    g_array_set_size (map, i + 1);
  guint32 *id = &g_array_index (map, guint32, i);
  if (*id == 0)
    *id = latency_store_name (b->l, kind, lttv_history_string (b->h, v)) + 1;
  return *id - 1;
}

static guint32
number_name (LatencyBuilder *b, LttvLatencyKind kind, int64_t n)
{
  guint32 *cached = n >= 0 && n < 256 ? &b->number_names[kind][n] : NULL;
  if (cached != NULL && *cached != 0)
    return *cached - 1;
  char name[32];
  snprintf (name, sizeof name, "%lld", (long long) n);
  guint32 id = latency_store_name (b->l, kind, name);
  if (cached != NULL)
    *cached = id + 1;
  return id;
}

/* --- Intervals ------------------------------------------------------------- */

/* The interval of `slot` while it can still change; NULL once it is
 * encoded and over. */
static inline LttvLatencyInterval *
slot_at (LatencyBuilder *b, LttvLatencyKind kind, guint32 slot)
{
  return latency_store_get (&b->l->k[kind], slot - 1);
}

/* A new open interval: its slot + 1. */
static guint32
open_at (LatencyBuilder *b, LttvLatencyKind kind, LttvTime t, int64_t tid, int cpu,
         guint32 name)
{
  LttvLatencyInterval x = { t, LATENCY_OPEN, tid >= 0 && tid <= G_MAXINT32 ? (gint32) tid : -1,
                            (gint16) cpu, 0, name, 0 };
  return (guint32) latency_store_append (b->l, kind, &x) + 1;
}

/* An open interval `x` of `slot` is over (closed or cut). */
static inline void
done (LatencyBuilder *b, LttvLatencyKind kind, guint32 slot)
{
  LatencyKind *lk = &b->l->k[kind];
  if (G_UNLIKELY (slot - 1 < lk->n_blocks * LATENCY_BLOCK))
    latency_store_late_done (lk, slot - 1);
}

/* Ends the interval of `*slot` at `t` (nothing when it was cut), and
 * forgets the slot. TRUE when it was open. */
static gboolean
close_at (LatencyBuilder *b, LttvLatencyKind kind, guint32 *slot, LttvTime t)
{
  if (*slot == 0)
    return FALSE;
  guint32 s = *slot;
  LttvLatencyInterval *x = slot_at (b, kind, s);
  *slot = 0;
  if (x == NULL || x->duration != LATENCY_OPEN)
    return FALSE;
  x->duration = t >= x->begin ? t - x->begin : 0;
  done (b, kind, s);
  return TRUE;
}

/* Something begins again while still open: the first one's end is not
 * in the trace. */
static void
cut_again (LatencyBuilder *b, LttvLatencyKind kind, guint32 slot)
{
  LttvLatencyInterval *x = slot_at (b, kind, slot);
  if (x != NULL && x->duration == LATENCY_OPEN)
    {
      x->duration = 0;
      x->flags |= LTTV_LATENCY_CUT_AGAIN;
      done (b, kind, slot);
    }
}

/* Every interval still open gets `flag` and no duration. */
static void
cut_open (LatencyBuilder *b, guint16 flag)
{
  for (guint k = 0; k < LTTV_LATENCY_N_KINDS; k++)
    {
      LatencyKind *lk = &b->l->k[k];
      gsize n = lk->n;
      for (gsize i = MAX (b->first_open[k], lk->n_blocks * LATENCY_BLOCK); i < n; i++)
        {
          LttvLatencyInterval *x = &lk->stage[i % LATENCY_STAGE_N];
          if (x->duration == LATENCY_OPEN)
            {
              x->duration = 0;
              x->flags |= flag;
            }
        }
      b->first_open[k] = n;
      /* those kept late: cut, and out of the open ones */
      GHashTableIter it;
      gpointer id;
      g_hash_table_iter_init (&it, lk->late_open);
      while (g_hash_table_iter_next (&it, NULL, &id))
        {
          LttvLatencyInterval *x = &lk->late[GPOINTER_TO_SIZE (id) - 1];
          x->duration = 0;
          x->flags |= flag;
        }
      g_hash_table_remove_all (lk->late_open);
    }
}

void
latency_lost (StateMachine *m)
{
  if (m->lat != NULL)
    cut_open (m->lat, LTTV_LATENCY_CUT_LOST);
}

/* --- System calls and scheduling --------------------------------------------- */

void
latency_syscall_entry (StateMachine *m, LttvTime t, int cpu, Thread *th, LttvValue name)
{
  LatencyBuilder *b = m->lat;
  if (b == NULL || th == NULL)
    return;
  if (th->lat_syscall != 0)
    cut_again (b, LTTV_LATENCY_SYSCALL, th->lat_syscall);
  th->lat_syscall = open_at (b, LTTV_LATENCY_SYSCALL, t, m->cpus[cpu]->cur_tid, cpu,
                             string_name (b, LTTV_LATENCY_SYSCALL, name));
}

void
latency_syscall_exit (StateMachine *m, LttvTime t, Thread *th)
{
  if (m->lat != NULL && th != NULL)
    close_at (m->lat, LTTV_LATENCY_SYSCALL, &th->lat_syscall, t);
}

void
state_latency_wakeup (StateMachine *m, LttvTime t, int64_t tid)
{
  LatencyBuilder *b = m->lat;
  /* As lttng-analyses: a thread on a CPU is not woken, and a thread
   * woken again before it runs keeps its first wakeup (sched_waking
   * before sched_wakeup, when the trace has both). */
  if (b == NULL || tid <= 0)
    return;
  Thread *th = machine_thread_get (m, tid, 0);
  if (th->on_cpu >= 0 || th->lat_wakeup != 0)
    return;
  th->lat_wakeup = open_at (b, LTTV_LATENCY_SCHED, t, tid, -1,
                            string_name (b, LTTV_LATENCY_SCHED, get (m, th->exec_name)));
}

void
latency_switch_in (StateMachine *m, LttvTime t, int cpu, Thread *next, LttvValue comm)
{
  LatencyBuilder *b = m->lat;
  if (b == NULL || next->lat_wakeup == 0)
    return;
  /* (the pointer stays valid through close_at: nothing is encoded there) */
  LttvLatencyInterval *x = slot_at (b, LTTV_LATENCY_SCHED, next->lat_wakeup);
  if (close_at (b, LTTV_LATENCY_SCHED, &next->lat_wakeup, t))
    {
      x->cpu = (gint16) cpu;
      if (comm != LTTV_VALUE_NONE)
        x->name = string_name (b, LTTV_LATENCY_SCHED, comm);
    }
}

/* --- Interrupts ---------------------------------------------------------------- */

void
latency_irq_entry (StateMachine *m, LttvTime t, int cpu, int64_t irq)
{
  LatencyBuilder *b = m->lat;
  if (b == NULL)
    return;
  LatCpu *c = lat_cpu (b, cpu);
  gpointer key = GINT_TO_POINTER ((int) irq);
  guint32 open = GPOINTER_TO_UINT (g_hash_table_lookup (c->irq_open, key));
  if (open != 0)
    cut_again (b, LTTV_LATENCY_IRQ, open);
  open = open_at (b, LTTV_LATENCY_IRQ, t, m->cpus[cpu]->cur_tid, cpu,
                  number_name (b, LTTV_LATENCY_IRQ, irq));
  g_hash_table_insert (c->irq_open, key, GUINT_TO_POINTER (open));
}

void
latency_irq_exit (StateMachine *m, LttvTime t, int cpu, int64_t irq)
{
  LatencyBuilder *b = m->lat;
  if (b == NULL)
    return;
  LatCpu *c = lat_cpu (b, cpu);
  gpointer key = GINT_TO_POINTER ((int) irq);
  guint32 open = GPOINTER_TO_UINT (g_hash_table_lookup (c->irq_open, key));
  if (open == 0)
    return;
  g_hash_table_remove (c->irq_open, key);
  close_at (b, LTTV_LATENCY_IRQ, &open, t);
}

void
latency_softirq_raise (StateMachine *m, LttvTime t, int cpu, guint vec)
{
  LatencyBuilder *b = m->lat;
  if (b == NULL)
    return;
  LatCpu *c = lat_cpu (b, cpu);
  /* raised again before it ran: the first raise counts (lttng-analyses) */
  guint32 *raised = &c->soft_raised[vec];
  if (*raised != 0)
    {
      const LttvLatencyInterval *x = slot_at (b, LTTV_LATENCY_SOFTIRQ_LATENCY, *raised);
      if (x != NULL && x->duration == LATENCY_OPEN)
        return;
    }
  *raised = open_at (b, LTTV_LATENCY_SOFTIRQ_LATENCY, t, m->cpus[cpu]->cur_tid, cpu,
                     number_name (b, LTTV_LATENCY_SOFTIRQ_LATENCY, vec));
}

void
latency_softirq_entry (StateMachine *m, LttvTime t, int cpu, guint vec)
{
  LatencyBuilder *b = m->lat;
  if (b == NULL)
    return;
  LatCpu *c = lat_cpu (b, cpu);
  close_at (b, LTTV_LATENCY_SOFTIRQ_LATENCY, &c->soft_raised[vec], t);
  if (c->soft_running[vec] != 0)
    cut_again (b, LTTV_LATENCY_SOFTIRQ, c->soft_running[vec]);
  c->soft_running[vec] = open_at (b, LTTV_LATENCY_SOFTIRQ, t, m->cpus[cpu]->cur_tid, cpu,
                                  number_name (b, LTTV_LATENCY_SOFTIRQ, vec));
}

void
latency_softirq_exit (StateMachine *m, LttvTime t, int cpu, guint vec)
{
  LatencyBuilder *b = m->lat;
  if (b != NULL)
    close_at (b, LTTV_LATENCY_SOFTIRQ, &lat_cpu (b, cpu)->soft_running[vec], t);
}

/* --- Block requests ------------------------------------------------------------ */

void
state_latency_block_issue (StateMachine *m, LttvTime t, int cpu, int64_t dev, int64_t sector,
                           const int64_t *nr_sector, const int64_t *rwbs)
{
  LatencyBuilder *b = m->lat;
  /* (no sectors: a flush, no transfer; lttng-analyses leaves them out) */
  if (b == NULL || (nr_sector != NULL && *nr_sector == 0))
    return;
  char name[32];
  snprintf (name, sizeof name, "%lld,%lld", (long long) ((guint64) dev >> 20),
            (long long) ((guint64) dev & 0xfffff));
  guint32 slot = open_at (b, LTTV_LATENCY_BLOCK, t, state_current_tid (m, cpu), cpu,
                          latency_store_name (b->l, LTTV_LATENCY_BLOCK, name));
  LttvLatencyInterval *x = slot_at (b, LTTV_LATENCY_BLOCK, slot);
  if (nr_sector != NULL && *nr_sector > 0)
    x->size = (guint32) MIN (*nr_sector, G_MAXUINT32);
  /* LTTng's rwbs: bit 0 set for a write */
  if (rwbs != NULL)
    x->flags |= (*rwbs & 1) ? LTTV_LATENCY_WRITE : LTTV_LATENCY_READ;
  BlockKey key = { dev, sector };
  GArray *slots = g_hash_table_lookup (b->block_pending, &key);
  if (slots == NULL)
    {
      slots = g_array_new (FALSE, FALSE, sizeof (guint32));
      g_hash_table_insert (b->block_pending, g_memdup2 (&key, sizeof key), slots);
    }
  g_array_append_val (slots, slot);
}

void
state_latency_block_complete (StateMachine *m, LttvTime t, int64_t dev, int64_t sector,
                              const int64_t *nr_sector)
{
  LatencyBuilder *b = m->lat;
  if (b == NULL || (nr_sector != NULL && *nr_sector == 0))
    return;
  BlockKey key = { dev, sector };
  GArray *slots = g_hash_table_lookup (b->block_pending, &key);
  if (slots == NULL)
    return;
  /* the newest issue, as block-requests.c matches them */
  guint32 slot = g_array_index (slots, guint32, slots->len - 1);
  g_array_set_size (slots, slots->len - 1);
  if (slots->len == 0)
    g_hash_table_remove (b->block_pending, &key);
  close_at (b, LTTV_LATENCY_BLOCK, &slot, t);
}

/* --- The end ------------------------------------------------------------------ */

LttvLatency *
state_machine_latency_take (StateMachine *m)
{
  LatencyBuilder *b = m->lat;
  if (b == NULL)
    return NULL;
  cut_open (b, LTTV_LATENCY_CUT_END);
  LttvLatency *l = b->l;
  latency_store_finish (l);
  b->l = NULL;
  latency_builder_free (b);
  m->lat = NULL;
  return l;
}
