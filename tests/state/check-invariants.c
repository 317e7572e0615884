/* SPDX-License-Identifier: GPL-2.0-or-later */
/* check-invariants TRACE...: builds the state of a traceset (no cache) and
 * checks what must hold at every time, whatever the trace lost:
 * - a running thread (RUN_USERMODE, RUN_SYSCALL, INTERRUPTED) is the
 *   current thread of exactly one CPU, and a CPU's current thread is
 *   running; no thread is current on two CPUs at once;
 * - per CPU, the time its threads run there adds up to its busy time:
 *   the running time (user, system call, interrupted) of its threads,
 *   swapper excepted, = the CPU's RUN_USERMODE + RUN_SYSCALL + IRQ +
 *   SOFTIRQ time while one of them is current; its swapper's = its IDLE
 *   time + its IRQ and SOFTIRQ time over the swapper. (How that time
 *   splits between a thread's INTERRUPTED and the rest may differ from
 *   the CPU's IRQ + SOFTIRQ: a lost IRQ exit leaves an IRQ running that a
 *   switch or a system call on that CPU does not end; it is printed, not
 *   checked.)
 * - no count is negative: every Block/<dev>/Requests is at least 0 and is,
 *   at every change, the requests issued and not completed so far
 *   (lttv_state_block_requests).
 * Prints the per-CPU sums (-v: and each thread's time per CPU); exits 1
 * when something does not hold, saying what and where. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lttv/lttv.h>

static guint n_bad;

#define BAD(...) (n_bad++, printf ("violation: " __VA_ARGS__), printf ("\n"))

/* Total length of the intersection of two sorted lists of disjoint
 * intervals [start, end]. */
static LttvTime
overlap (const GArray *a, const GArray *b)
{
  LttvTime sum = 0;
  guint i = 0, j = 0;
  while (i < a->len && j < b->len)
    {
      const LttvInterval *x = &g_array_index (a, LttvInterval, i);
      const LttvInterval *y = &g_array_index (b, LttvInterval, j);
      LttvTime s = MAX (x->start, y->start), e = MIN (x->end, y->end);
      if (s <= e)
        sum += e - s + 1;
      if (x->end < y->end)
        i++;
      else
        j++;
    }
  return sum;
}

static LttvTime
length (const GArray *a)
{
  LttvTime sum = 0;
  for (guint i = 0; i < a->len; i++)
    sum += g_array_index (a, LttvInterval, i).end - g_array_index (a, LttvInterval, i).start + 1;
  return sum;
}

/* The intervals of `ivs` whose value is one of `values` (n), merged. */
static GArray *
select_values (const GArray *ivs, const LttvValue *values, guint n)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (LttvInterval));
  for (guint i = 0; i < ivs->len; i++)
    {
      LttvInterval iv = g_array_index (ivs, LttvInterval, i);
      gboolean in = FALSE;
      for (guint k = 0; k < n; k++)
        in = in || (iv.value == values[k] && values[k] != LTTV_VALUE_NONE);
      if (!in)
        continue;
      if (out->len > 0 && g_array_index (out, LttvInterval, out->len - 1).end + 1 == iv.start)
        g_array_index (out, LttvInterval, out->len - 1).end = iv.end;
      else
        g_array_append_val (out, iv);
    }
  return out;
}

typedef struct {
  char *name;               /* Threads/<name> */
  GArray *status;           /* its intervals */
  GArray *on_cpu;           /* per CPU: GArray of intervals it is current there */
} Thread;

static int
compare_start (gconstpointer a, gconstpointer b)
{
  const LttvInterval *x = a, *y = b;
  return x->start < y->start ? -1 : x->start > y->start;
}

static void
check_block (LttvState *s, LttvHistory *h, LttvTime t0, LttvTime t1)
{
  LttvAttr block = lttv_history_attr_lookup (h, "Block");
  if (block == LTTV_ATTR_NONE)
    return;
  const GArray *reqs = lttv_state_block_requests (s);
  guint n = lttv_history_n_attrs (h);
  for (LttvAttr a = 0; a < n; a++)
    {
      LttvAttr dev = lttv_history_attr_parent (h, a);
      if (dev == LTTV_ATTR_NONE || lttv_history_attr_parent (h, dev) != block
          || strcmp (lttv_history_attr_name (h, a), "Requests") != 0)
        continue;
      int64_t d = g_ascii_strtoll (lttv_history_attr_name (h, dev), NULL, 10);
      /* issues +1, matched completions -1, by time */
      GArray *steps = g_array_new (FALSE, FALSE, sizeof (LttvInterval));
      for (guint i = 0; i < reqs->len; i++)
        {
          const LttvBlockRequest *r = &g_array_index (reqs, LttvBlockRequest, i);
          if (r->dev != d || r->issue == LTTV_TIME_NONE)
            continue;
          LttvInterval up = { r->issue, 0, 1 };
          g_array_append_val (steps, up);
          if (r->complete != LTTV_TIME_NONE)
            {
              LttvInterval down = { r->complete, 0, (LttvValue) -1 };
              g_array_append_val (steps, down);
            }
        }
      g_array_sort (steps, compare_start);
      GArray *ivs = lttv_history_intervals (h, a, t0, t1);
      guint k = 0;
      int64_t count = 0;
      for (guint i = 0; i < ivs->len; i++)
        {
          const LttvInterval *iv = &g_array_index (ivs, LttvInterval, i);
          while (k < steps->len && g_array_index (steps, LttvInterval, k).start <= iv->start)
            count += (int64_t) g_array_index (steps, LttvInterval, k++).value;
          if (lttv_value_type (iv->value) != LTTV_VALUE_INT)
            continue;
          int64_t v = lttv_value_get_int (iv->value);
          if (v < 0)
            BAD ("Block/%s/Requests is %lld at %llu", lttv_history_attr_name (h, dev),
                 (long long) v, (unsigned long long) iv->start);
          else if (v != count)
            BAD ("Block/%s/Requests is %lld at %llu, %lld requests in flight",
                 lttv_history_attr_name (h, dev), (long long) v,
                 (unsigned long long) iv->start, (long long) count);
        }
      g_array_unref (ivs);
      g_array_unref (steps);
    }
}

static int
check (const char *path, gboolean verbose)
{
  const char *paths[] = { path, NULL };
  g_autoptr (GError) error = NULL;
  g_autoptr (LttvTraceset) ts = lttv_traceset_open (paths, &error);
  if (ts == NULL)
    {
      printf ("cannot open %s: %s\n", path, error->message);
      return 2;
    }
  g_autoptr (LttvState) s = lttv_state_new (ts);
  if (!lttv_state_build (s, FALSE, LTTV_CANCEL_NONE, &error))
    printf ("note: %s (checking what was built)\n", error->message);
  LttvHistory *h = lttv_state_get_history (s);
  LttvTime t0 = lttv_history_begin (h), t1 = lttv_history_committed_end (h);
  if (t1 == LTTV_TIME_NONE || t0 > t1)
    return 0;
  LttvValue user = lttv_history_find_string (h, "RUN_USERMODE");
  LttvValue sys = lttv_history_find_string (h, "RUN_SYSCALL");
  LttvValue intr = lttv_history_find_string (h, "INTERRUPTED");
  LttvValue idle = lttv_history_find_string (h, "IDLE");
  LttvValue irq = lttv_history_find_string (h, "IRQ");
  LttvValue softirq = lttv_history_find_string (h, "SOFTIRQ");
  LttvValue running[] = { user, sys, intr }, user_sys[] = { user, sys };
  LttvValue irqs[] = { irq, softirq };

  LttvAttr threads_root = lttv_history_attr_lookup (h, "Threads");
  LttvAttr cpus_root = lttv_history_attr_lookup (h, "CPUs");
  GHashTable *threads = g_hash_table_new (g_str_hash, g_str_equal);
  GPtrArray *all = g_ptr_array_new ();
  guint n = lttv_history_n_attrs (h);
  for (LttvAttr a = 0; a < n; a++)
    if (threads_root != LTTV_ATTR_NONE && lttv_history_attr_parent (h, a) == threads_root)
      {
        Thread *th = g_new0 (Thread, 1);
        th->name = g_strdup (lttv_history_attr_name (h, a));
        th->status = lttv_history_intervals (h, a, t0, t1);
        th->on_cpu = g_array_new (FALSE, TRUE, sizeof (GArray *));
        g_hash_table_insert (threads, th->name, th);
        g_ptr_array_add (all, th);
      }

  /* CPUs: who is current when, and their status. */
  guint n_cpus = 0;
  for (LttvAttr a = 0; a < n; a++)
    if (cpus_root != LTTV_ATTR_NONE && lttv_history_attr_parent (h, a) == cpus_root)
      n_cpus = MAX (n_cpus, (guint) atoi (lttv_history_attr_name (h, a)) + 1);
  GArray **cpu_status = g_new0 (GArray *, MAX (1, n_cpus));
  GArray **cpu_cur = g_new0 (GArray *, MAX (1, n_cpus));
  for (guint c = 0; c < n_cpus; c++)
    {
      char p[64];
      g_snprintf (p, sizeof p, "CPUs/%u", c);
      LttvAttr a = lttv_history_attr_lookup (h, p);
      cpu_status[c] = a != LTTV_ATTR_NONE ? lttv_history_intervals (h, a, t0, t1)
                                          : g_array_new (FALSE, FALSE, sizeof (LttvInterval));
      g_snprintf (p, sizeof p, "CPUs/%u/Current_thread", c);
      a = lttv_history_attr_lookup (h, p);
      cpu_cur[c] = a != LTTV_ATTR_NONE ? lttv_history_intervals (h, a, t0, t1)
                                       : g_array_new (FALSE, FALSE, sizeof (LttvInterval));
      for (guint i = 0; i < cpu_cur[c]->len; i++)
        {
          LttvInterval iv = g_array_index (cpu_cur[c], LttvInterval, i);
          if (lttv_value_type (iv.value) != LTTV_VALUE_INT)
            continue;
          int64_t tid = lttv_value_get_int (iv.value);
          char name[32];
          if (tid == 0)
            g_snprintf (name, sizeof name, "0_%u", c);
          else
            g_snprintf (name, sizeof name, "%lld", (long long) tid);
          Thread *th = g_hash_table_lookup (threads, name);
          if (th == NULL)
            {
              BAD ("CPU %u's current thread %s at %llu has no Threads/%s", c, name,
                   (unsigned long long) iv.start, name);
              continue;
            }
          if (th->on_cpu->len <= c)
            g_array_set_size (th->on_cpu, c + 1);
          GArray **on = &g_array_index (th->on_cpu, GArray *, c);
          if (*on == NULL)
            *on = g_array_new (FALSE, FALSE, sizeof (LttvInterval));
          iv.value = 1;
          g_array_append_val (*on, iv);
        }
    }

  /* Each thread: running <=> current on exactly one CPU. */
  LttvTime *run_us = g_new0 (LttvTime, MAX (1, n_cpus));
  LttvTime *run_idle = g_new0 (LttvTime, MAX (1, n_cpus));
  LttvTime *run_intr = g_new0 (LttvTime, MAX (1, n_cpus));
  LttvTime *swapper_intr = g_new0 (LttvTime, MAX (1, n_cpus));
  for (guint i = 0; i < all->len; i++)
    {
      Thread *th = all->pdata[i];
      g_autoptr (GArray) run = select_values (th->status, running, 3);
      g_autoptr (GArray) us = select_values (th->status, user_sys, 2);
      g_autoptr (GArray) in = select_values (th->status, &intr, 1);
      g_autoptr (GArray) on = g_array_new (FALSE, FALSE, sizeof (LttvInterval));
      gboolean swapper = strncmp (th->name, "0_", 2) == 0;
      for (guint c = 0; c < th->on_cpu->len; c++)
        {
          GArray *o = g_array_index (th->on_cpu, GArray *, c);
          if (o == NULL)
            continue;
          g_array_append_vals (on, o->data, o->len);
          LttvTime us_c = overlap (us, o);
          if (swapper)
            run_idle[c] += us_c;
          else
            run_us[c] += us_c;
          if (swapper)
            swapper_intr[c] += overlap (in, o);
          else
            run_intr[c] += overlap (in, o);
          if (verbose && (us_c > 0 || overlap (in, o) > 0))
            printf ("thread\t%s\tcpu %u\t%.9f s running, %.9f s interrupted\n", th->name, c,
                    us_c / 1e9, overlap (in, o) / 1e9);
        }
      g_array_sort (on, compare_start);
      for (guint k = 1; k < on->len; k++)
        if (g_array_index (on, LttvInterval, k).start <= g_array_index (on, LttvInterval, k - 1).end)
          {
            BAD ("thread %s is current on two CPUs at %llu", th->name,
                 (unsigned long long) g_array_index (on, LttvInterval, k).start);
            break;
          }
      LttvTime lr = length (run), lo = length (on), both = overlap (run, on);
      if (both != lr)
        BAD ("thread %s runs %llu ns while current on no CPU", th->name,
             (unsigned long long) (lr - both));
      if (both != lo)
        BAD ("thread %s is current on a CPU %llu ns without running", th->name,
             (unsigned long long) (lo - both));
    }

  /* Per CPU: the threads' times add up to the CPU's. */
  for (guint c = 0; c < n_cpus; c++)
    {
      g_autoptr (GArray) st_us = select_values (cpu_status[c], user_sys, 2);
      g_autoptr (GArray) st_idle = select_values (cpu_status[c], &idle, 1);
      g_autoptr (GArray) st_irq = select_values (cpu_status[c], irqs, 2);
      /* (the CPU's current thread: the swapper, or another) */
      g_autoptr (GArray) on_swapper = g_array_new (FALSE, FALSE, sizeof (LttvInterval));
      g_autoptr (GArray) on_other = g_array_new (FALSE, FALSE, sizeof (LttvInterval));
      for (guint i = 0; i < cpu_cur[c]->len; i++)
        {
          LttvValue v = g_array_index (cpu_cur[c], LttvInterval, i).value;
          if (lttv_value_type (v) == LTTV_VALUE_INT)
            g_array_append_val (lttv_value_get_int (v) == 0 ? on_swapper : on_other,
                                g_array_index (cpu_cur[c], LttvInterval, i));
        }
      LttvTime cpu_us = length (st_us), cpu_idle = length (st_idle);
      LttvTime irq_other = overlap (st_irq, on_other), irq_swapper = overlap (st_irq, on_swapper);
      printf ("cpu %u\tthreads %.9f s (user+syscall %.9f, interrupted %.9f) = busy %.9f s"
              " (user+syscall %.9f, IRQ+soft IRQ %.9f)\tswapper %.9f s = idle %.9f s"
              " + IRQ+soft IRQ %.9f s\n", c,
              (run_us[c] + run_intr[c]) / 1e9, run_us[c] / 1e9, run_intr[c] / 1e9,
              (cpu_us + irq_other) / 1e9, cpu_us / 1e9, irq_other / 1e9,
              (run_idle[c] + swapper_intr[c]) / 1e9, cpu_idle / 1e9, irq_swapper / 1e9);
      if (run_us[c] + run_intr[c] != cpu_us + irq_other)
        BAD ("cpu %u: its threads run %llu ns, the CPU is busy with them %llu ns", c,
             (unsigned long long) (run_us[c] + run_intr[c]),
             (unsigned long long) (cpu_us + irq_other));
      if (run_idle[c] + swapper_intr[c] != cpu_idle + irq_swapper)
        BAD ("cpu %u: its swapper runs %llu ns, the CPU is idle or in IRQs over it %llu ns", c,
             (unsigned long long) (run_idle[c] + swapper_intr[c]),
             (unsigned long long) (cpu_idle + irq_swapper));
    }

  check_block (s, h, t0, t1);

  for (guint c = 0; c < n_cpus; c++)
    {
      g_array_unref (cpu_status[c]);
      g_array_unref (cpu_cur[c]);
    }
  for (guint i = 0; i < all->len; i++)
    {
      Thread *th = all->pdata[i];
      for (guint c = 0; c < th->on_cpu->len; c++)
        if (g_array_index (th->on_cpu, GArray *, c) != NULL)
          g_array_unref (g_array_index (th->on_cpu, GArray *, c));
      g_array_unref (th->on_cpu);
      g_array_unref (th->status);
      g_free (th->name);
      g_free (th);
    }
  g_ptr_array_unref (all);
  g_hash_table_destroy (threads);
  g_free (cpu_status);
  g_free (cpu_cur);
  g_free (run_us);
  g_free (run_idle);
  g_free (run_intr);
  g_free (swapper_intr);
  return 0;
}

int
main (int argc, char **argv)
{
  gboolean verbose = argc > 1 && strcmp (argv[1], "-v") == 0;
  int first = verbose ? 2 : 1;
  if (argc <= first)
    {
      fprintf (stderr, "usage: check-invariants [-v] TRACE...\n");
      return 2;
    }
  for (int i = first; i < argc; i++)
    if (check (argv[i], verbose) == 2)
      return 2;
  if (n_bad > 0)
    printf ("%u violations\n", n_bad);
  return n_bad > 0 ? 1 : 0;
}
