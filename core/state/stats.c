/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Statistics over a range: event counts from the per-checkpoint counts
 * (plus the partial intervals at the edges, read from the trace), times
 * from the history's intervals. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <lttv/error.h>
#include <lttv/stats.h>

#include "state-private.h"

const char *const lttv_stats_cpu_states[LTTV_STATS_N_CPU_STATES] = {
  "IDLE", "RUN_USERMODE", "RUN_SYSCALL", "IRQ", "SOFTIRQ",
};
const char *const lttv_stats_thread_states[LTTV_STATS_N_THREAD_STATES] = {
  "UNKNOWN", "WAIT_BLOCKED", "RUN_USERMODE", "RUN_SYSCALL", "INTERRUPTED",
  "WAIT_FOR_CPU", "WAIT_UNKNOWN", "WAIT_FORK",
};

#define SLOTS (STATE_STATS_CPUS + 1)

/* Counts the events of checkpoint interval `block` whose time is in
 * [t0, t1], reading them from the trace. */
static gboolean
count_partial (LttvState *s, guint block, LttvTime t0, LttvTime t1,
               guint64 *table, GError **error)
{
  g_autoptr (LttvIter) it = lttv_iter_new (s->ts);
  guint64 rank = (guint64) block * LTTV_STATE_CHECKPOINT_EVENTS;
  if (!lttv_state_seek_rank (s, it, rank, error))
    return FALSE;
  guint64 n = MIN ((guint64) LTTV_STATE_CHECKPOINT_EVENTS, s->n_events - rank);
  for (guint64 i = 0; i < n; i++)
    {
      GError *local = NULL;
      const LttvEvent *ev = lttv_iter_next (it, &local);
      if (ev == NULL)
        {
          if (local != NULL)
            {
              g_propagate_error (error, local);
              return FALSE;
            }
          break;
        }
      LttvTime t = lttv_event_time (ev);
      if (t < t0 || t > t1)
        continue;
      int cpu = lttv_event_cpu (ev);
      guint slot = cpu < 0 || cpu >= STATE_STATS_CPUS ? STATE_STATS_CPUS : (guint) cpu;
      table[state_type_of (s, ev) * SLOTS + slot]++;
    }
  return TRUE;
}

/* How far a computation is, and whether to stop: the first half of the
 * work is counting events (per checkpoint block), the second the times
 * (per history attribute). */
typedef struct
{
  LttvStatsProgressFunc func;
  gpointer data;
  LttvCancel cancel;
} Progress;

static gboolean
go_on (const Progress *p, double fraction, GError **error)
{
  if (p->func != NULL)
    p->func (fraction, p->data);
  if (!lttv_cancel_requested (p->cancel))
    return TRUE;
  g_set_error (error, LTTV_ERROR, LTTV_ERROR_CANCELLED, "computing the statistics was cancelled");
  return FALSE;
}

static gboolean
count_events (LttvState *s, LttvStats *st, const Progress *p, GError **error)
{
  guint n_types = s->type_names->len;
  g_autofree guint64 *table = g_new0 (guint64, MAX (1, n_types) * SLOTS);
  guint n_blocks = s->checkpoints->len;
  LttvTime end = lttv_history_committed_end (s->history);
  for (guint b = 0; b < n_blocks; b++)
    {
      if (b % 256 == 0 && !go_on (p, 0.5 * b / n_blocks, error))
        return FALSE;
      LttvTime bt0 = g_array_index (s->checkpoints, LttvCheckpoint, b).time;
      LttvTime bt1 = b + 1 < n_blocks
                     ? g_array_index (s->checkpoints, LttvCheckpoint, b + 1).time : end;
      if (bt1 < st->t0 || bt0 > st->t1)
        continue;
      if (bt0 >= st->t0 && bt1 <= st->t1)
        {
          guint64 from = g_array_index (s->block_start, guint64, b);
          guint64 to = g_array_index (s->block_start, guint64, b + 1);
          for (guint64 k = from; k < to; k++)
            {
              StateCount *c = &g_array_index (s->counts, StateCount, k);
              table[c->type * SLOTS + c->cpu] += c->count;
            }
        }
      else if (!count_partial (s, b, st->t0, st->t1, table, error))
        return FALSE;
    }

  GHashTable *cpus = g_hash_table_new (g_direct_hash, g_direct_equal);
  for (guint type = 0; type < n_types; type++)
    {
      guint64 sum = 0;
      for (guint slot = 0; slot < SLOTS; slot++)
        {
          guint64 n = table[type * SLOTS + slot];
          if (n == 0)
            continue;
          sum += n;
          int cpu = slot == STATE_STATS_CPUS ? -1 : (int) slot;
          gpointer idx = g_hash_table_lookup (cpus, GINT_TO_POINTER (cpu + 2));
          if (idx == NULL)
            {
              LttvStatsCpu c = { cpu, 0, { 0 } };
              g_array_append_val (st->cpus, c);
              idx = GUINT_TO_POINTER (st->cpus->len);
              g_hash_table_insert (cpus, GINT_TO_POINTER (cpu + 2), idx);
            }
          g_array_index (st->cpus, LttvStatsCpu, GPOINTER_TO_UINT (idx) - 1).events += n;
        }
      if (sum > 0)
        {
          LttvStatsCount c = { g_strdup (g_ptr_array_index (s->type_names, type)), sum };
          g_array_append_val (st->types, c);
          st->n_events += sum;
        }
    }
  g_hash_table_destroy (cpus);
  return TRUE;
}

static LttvStatsCpu *
cpu_entry (LttvStats *st, int cpu)
{
  for (guint i = 0; i < st->cpus->len; i++)
    if (g_array_index (st->cpus, LttvStatsCpu, i).cpu == cpu)
      return &g_array_index (st->cpus, LttvStatsCpu, i);
  LttvStatsCpu c = { cpu, 0, { 0 } };
  g_array_append_val (st->cpus, c);
  return &g_array_index (st->cpus, LttvStatsCpu, st->cpus->len - 1);
}

/* The values of the state names `names` (n of them), found once:
 * intervals compare values, not strings (each string lookup takes the
 * history's lock). */
static void
state_values (LttvHistory *h, const char *const *names, guint n, LttvValue *values)
{
  for (guint i = 0; i < n; i++)
    values[i] = lttv_history_find_string (h, names[i]);
}

/* Time per value of `attr` over the range, into `time` by the state of
 * the same index in `values`. */
static void
add_times (LttvHistory *h, LttvAttr attr, LttvTime t0, LttvTime t1,
           const LttvValue *values, guint n, LttvTime *time, GArray *ivs)
{
  lttv_history_intervals_into (h, attr, t0, t1, ivs);
  for (guint i = 0; i < ivs->len; i++)
    {
      LttvInterval *iv = &g_array_index (ivs, LttvInterval, i);
      if (iv->value == LTTV_VALUE_NONE)
        continue;
      for (guint k = 0; k < n; k++)
        if (iv->value == values[k])
          {
            time[k] += MIN (iv->end, t1) - MAX (iv->start, t0) + 1;
            break;
          }
    }
}

/* Occurrences of each value of `attr` (a system call, an IRQ running):
 * intervals that begin in the range, and the time they hold in it.
 * `running_raised`: the value of "RAISED" (found once per computation). */
static void
add_items (LttvHistory *h, LttvAttr attr, LttvTime t0, LttvTime t1,
           const char *owner, const char *fixed_name, GArray *out, GArray *ivs,
           LttvValue running_raised)
{
  lttv_history_intervals_into (h, attr, t0, t1, ivs);
  g_autoptr (GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < ivs->len; i++)
    {
      LttvInterval *iv = &g_array_index (ivs, LttvInterval, i);
      if (iv->value == LTTV_VALUE_NONE || iv->value == running_raised)
        continue;
      char buf[32];
      const char *name = fixed_name != NULL ? fixed_name
                         : lttv_history_format_value (h, iv->value, buf);
      gpointer idx = g_hash_table_lookup (seen, name);
      if (idx == NULL)
        {
          LttvStatsItem item = { g_strdup (owner), g_strdup (name), 0, 0 };
          g_array_append_val (out, item);
          idx = GUINT_TO_POINTER (out->len);
          g_hash_table_insert (seen, g_array_index (out, LttvStatsItem, out->len - 1).name, idx);
        }
      LttvStatsItem *item = &g_array_index (out, LttvStatsItem, GPOINTER_TO_UINT (idx) - 1);
      /* A RAISED_RUNNING interval continues the RUNNING one before it. */
      gboolean continues = fixed_name != NULL && i > 0
                           && g_array_index (ivs, LttvInterval, i - 1).value != LTTV_VALUE_NONE
                           && g_array_index (ivs, LttvInterval, i - 1).value != running_raised;
      if (iv->start >= t0 && !continues)
        item->count++;
      item->time += MIN (iv->end, t1) - MAX (iv->start, t0) + 1;
    }
}

static gboolean
collect_times (LttvState *s, LttvStats *st, const Progress *p, GError **error)
{
  LttvHistory *h = s->history;
  LttvAttr threads = lttv_history_attr_lookup (h, "Threads");
  LttvAttr cpus = lttv_history_attr_lookup (h, "CPUs");
  guint n = lttv_history_n_attrs (h);
  /* every attribute's intervals, in turn */
  g_autoptr (GArray) ivs = g_array_new (FALSE, FALSE, sizeof (LttvInterval));
  LttvValue thread_states[LTTV_STATS_N_THREAD_STATES], cpu_states[LTTV_STATS_N_CPU_STATES];
  state_values (h, lttv_stats_thread_states, LTTV_STATS_N_THREAD_STATES, thread_states);
  state_values (h, lttv_stats_cpu_states, LTTV_STATS_N_CPU_STATES, cpu_states);
  /* (not interned: a history without it has no interval holding it) */
  LttvValue raised = lttv_history_find_string (h, "RAISED");
  for (LttvAttr a = 0; a < n; a++)
    {
      if (a % 1024 == 0 && !go_on (p, 0.5 + 0.5 * a / n, error))
        return FALSE;
      LttvAttr parent = lttv_history_attr_parent (h, a);
      if (parent == LTTV_ATTR_NONE)
        continue;
      const char *name = lttv_history_attr_name (h, a);
      if (parent == threads)
        {
          LttvStatsThread th = { g_strdup (name), NULL, { 0 } };
          add_times (h, a, st->t0, st->t1, thread_states, LTTV_STATS_N_THREAD_STATES, th.time,
                     ivs);
          g_autofree char *path = g_strdup_printf ("Threads/%s/Exec_name", name);
          LttvAttr exec = lttv_history_attr_lookup (h, path);
          GArray *names = ivs;
          lttv_history_intervals_into (h, exec, st->t0, st->t1, names);
          for (guint i = names->len; i-- > 0 && th.exec_name == NULL;)
            th.exec_name = g_strdup (lttv_history_string (h, g_array_index (names, LttvInterval, i).value));
          LttvTime total = 0;
          for (guint k = 0; k < LTTV_STATS_N_THREAD_STATES; k++)
            total += th.time[k];
          if (total == 0 && th.exec_name == NULL)
            {
              g_free (th.tid);
              continue;
            }
          g_array_append_val (st->threads, th);
          g_autofree char *sc = g_strdup_printf ("Threads/%s/System_call", name);
          add_items (h, lttv_history_attr_lookup (h, sc), st->t0, st->t1, name, NULL, st->syscalls,
                     ivs, raised);
        }
      else if (parent == cpus)
        {
          LttvStatsCpu *c = cpu_entry (st, atoi (name));
          add_times (h, a, st->t0, st->t1, cpu_states, LTTV_STATS_N_CPU_STATES, c->time, ivs);
        }
      else
        {
          /* CPUs/<n>/IRQs/<irq> and CPUs/<n>/Soft_IRQs/<vec>. */
          LttvAttr group = parent, cpu = lttv_history_attr_parent (h, group);
          if (cpu == LTTV_ATTR_NONE || lttv_history_attr_parent (h, cpu) != cpus)
            continue;
          const char *g = lttv_history_attr_name (h, group);
          const char *cpu_name = lttv_history_attr_name (h, cpu);
          if (strcmp (g, "IRQs") == 0)
            add_items (h, a, st->t0, st->t1, cpu_name, name, st->irqs, ivs, raised);
          else if (strcmp (g, "Soft_IRQs") == 0)
            add_items (h, a, st->t0, st->t1, cpu_name, name, st->softirqs, ivs, raised);
        }
    }
  return TRUE;
}

/* Block requests per device: latencies of those completed in the range. */
static void
collect_block (LttvState *s, LttvStats *st)
{
  const GArray *reqs = s->block_requests;
  for (guint i = 0; i < reqs->len; i++)
    {
      const LttvBlockRequest *r = &g_array_index (reqs, LttvBlockRequest, i);
      gboolean done_in = r->complete != LTTV_TIME_NONE && r->complete >= st->t0
                         && r->complete <= st->t1;
      gboolean open_in = r->complete == LTTV_TIME_NONE && r->issue >= st->t0
                         && r->issue <= st->t1;
      if (!done_in && !open_in)
        continue;
      LttvStatsBlock *b = NULL;
      for (guint k = 0; k < st->block->len && b == NULL; k++)
        if (g_array_index (st->block, LttvStatsBlock, k).dev == r->dev)
          b = &g_array_index (st->block, LttvStatsBlock, k);
      if (b == NULL)
        {
          LttvStatsBlock nb = { r->dev, 0, 0, 0, 0, 0 };
          g_array_append_val (st->block, nb);
          b = &g_array_index (st->block, LttvStatsBlock, st->block->len - 1);
        }
      if (open_in)
        b->not_completed++;
      else if (r->issue == LTTV_TIME_NONE)
        b->not_issued++;
      else
        {
          LttvTime lat = r->complete - r->issue;
          b->count++;
          b->total += lat;
          b->max = MAX (b->max, lat);
        }
    }
}

static int
compare_block (gconstpointer a, gconstpointer b)
{
  int64_t x = ((const LttvStatsBlock *) a)->dev, y = ((const LttvStatsBlock *) b)->dev;
  return x < y ? -1 : x > y;
}

static int
compare_counts (gconstpointer a, gconstpointer b)
{
  return strcmp (((const LttvStatsCount *) a)->name, ((const LttvStatsCount *) b)->name);
}

static int
compare_cpus (gconstpointer a, gconstpointer b)
{
  return ((const LttvStatsCpu *) a)->cpu - ((const LttvStatsCpu *) b)->cpu;
}

/* Numbers in numeric order, then the rest ("0_1" after "0"). */
static int
compare_ids (const char *a, const char *b)
{
  long x = atol (a), y = atol (b);
  if (x != y)
    return x < y ? -1 : 1;
  return strcmp (a, b);
}

static int
compare_threads (gconstpointer a, gconstpointer b)
{
  return compare_ids (((const LttvStatsThread *) a)->tid, ((const LttvStatsThread *) b)->tid);
}

static int
compare_items (gconstpointer a, gconstpointer b)
{
  const LttvStatsItem *x = a, *y = b;
  int c = compare_ids (x->owner, y->owner);
  return c != 0 ? c : compare_ids (x->name, y->name);
}

LttvStats *
lttv_stats_compute (LttvState *s, LttvTime t0, LttvTime t1, GError **error)
{
  return lttv_stats_compute_in_job (s, t0, t1, NULL, NULL, LTTV_CANCEL_NONE, error);
}

LttvStats *
lttv_stats_compute_in_job (LttvState *s, LttvTime t0, LttvTime t1,
                           LttvStatsProgressFunc progress, gpointer user_data,
                           LttvCancel cancel, GError **error)
{
  Progress p = { progress, user_data, cancel };
  g_return_val_if_fail (s != NULL, NULL);
  LttvStats *st = g_new0 (LttvStats, 1);
  LttvTime end = lttv_history_committed_end (s->history);
  st->t0 = t0;
  st->t1 = end != LTTV_TIME_NONE ? MIN (t1, end) : t1;
  st->types = g_array_new (FALSE, FALSE, sizeof (LttvStatsCount));
  st->cpus = g_array_new (FALSE, FALSE, sizeof (LttvStatsCpu));
  st->threads = g_array_new (FALSE, FALSE, sizeof (LttvStatsThread));
  st->syscalls = g_array_new (FALSE, FALSE, sizeof (LttvStatsItem));
  st->irqs = g_array_new (FALSE, FALSE, sizeof (LttvStatsItem));
  st->softirqs = g_array_new (FALSE, FALSE, sizeof (LttvStatsItem));
  st->block = g_array_new (FALSE, FALSE, sizeof (LttvStatsBlock));
  memcpy (st->anomalies, s->anomalies, sizeof st->anomalies);
  if (end != LTTV_TIME_NONE && st->t0 <= st->t1)
    {
      if (!count_events (s, st, &p, error) || !collect_times (s, st, &p, error))
        {
          lttv_stats_free (st);
          return NULL;
        }
      collect_block (s, st);
      GArray *lost = lttv_traceset_discarded (s->ts);
      for (guint i = 0; lost != NULL && i < lost->len; i++)
        {
          const LttvDiscarded *d = &g_array_index (lost, LttvDiscarded, i);
          /* A loss counts where it begins, as in the histogram's density,
           * so that both viewers give the same number for a range. */
          if (d->begin >= st->t0 && d->begin <= st->t1)
            st->discarded += d->count;
        }
      if (lost != NULL)
        g_array_unref (lost);
    }
  g_array_sort (st->types, compare_counts);
  g_array_sort (st->cpus, compare_cpus);
  g_array_sort (st->threads, compare_threads);
  g_array_sort (st->syscalls, compare_items);
  g_array_sort (st->irqs, compare_items);
  g_array_sort (st->softirqs, compare_items);
  g_array_sort (st->block, compare_block);
  return st;
}

static void
free_items (GArray *items)
{
  for (guint i = 0; i < items->len; i++)
    {
      g_free (g_array_index (items, LttvStatsItem, i).owner);
      g_free (g_array_index (items, LttvStatsItem, i).name);
    }
  g_array_unref (items);
}

void
lttv_stats_free (LttvStats *st)
{
  if (st == NULL)
    return;
  for (guint i = 0; i < st->types->len; i++)
    g_free (g_array_index (st->types, LttvStatsCount, i).name);
  g_array_unref (st->types);
  g_array_unref (st->cpus);
  for (guint i = 0; i < st->threads->len; i++)
    {
      g_free (g_array_index (st->threads, LttvStatsThread, i).tid);
      g_free (g_array_index (st->threads, LttvStatsThread, i).exec_name);
    }
  g_array_unref (st->threads);
  free_items (st->syscalls);
  free_items (st->irqs);
  free_items (st->softirqs);
  g_array_unref (st->block);
  g_free (st);
}
