/* SPDX-License-Identifier: GPL-2.0-or-later */
/* state-query: latency of the state history's queries on a real trace
 * (bench/state.sh). Builds or loads the state, then times full-state
 * queries and 2000-pixel row queries at random times / on random rows,
 * and prints their medians with the history's size. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lttv/lttv.h>

static int
compare_doubles (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

static double
median (double *v, int n)
{
  qsort (v, (size_t) n, sizeof *v, compare_doubles);
  return v[n / 2];
}

int
main (int argc, char **argv)
{
  if (argc < 2)
    {
      fprintf (stderr, "usage: state-query TRACE...\n");
      return 2;
    }
  g_autoptr (GError) error = NULL;
  LttvTraceset *ts = lttv_traceset_open ((const char *const *) argv + 1, &error);
  if (ts == NULL)
    {
      fprintf (stderr, "state-query: %s\n", error->message);
      return 1;
    }
  LttvState *s = lttv_state_new (ts);
  gint64 t0 = g_get_monotonic_time ();
  if (!lttv_state_build (s, TRUE, LTTV_CANCEL_NONE, &error))
    fprintf (stderr, "state-query: %s\n", error->message);
  double build = (g_get_monotonic_time () - t0) / 1e6;
  LttvHistory *h = lttv_state_get_history (s);
  LttvTime begin = lttv_history_begin (h), end = lttv_history_committed_end (h);
  guint n_attrs = lttv_history_n_attrs (h);

  /* Rows a view draws: CPU and thread status. */
  GArray *rows = g_array_new (FALSE, FALSE, sizeof (LttvAttr));
  LttvAttr cpus = lttv_history_attr_lookup (h, "CPUs");
  LttvAttr threads = lttv_history_attr_lookup (h, "Threads");
  for (LttvAttr a = 0; a < n_attrs; a++)
    {
      LttvAttr p = lttv_history_attr_parent (h, a);
      if (p != LTTV_ATTR_NONE && (p == cpus || p == threads))
        g_array_append_val (rows, a);
    }

  enum { N = 101 };
  double full[N], row[N];
  GRand *rand = g_rand_new_with_seed (42);
  LttvSample *samples = g_new (LttvSample, 2000);
  for (int i = 0; i < N; i++)
    {
      LttvTime t = begin + (LttvTime) (g_rand_double (rand) * (double) (end - begin));
      guint n;
      t0 = g_get_monotonic_time ();
      g_free (lttv_history_query_full (h, t, &n));
      full[i] = (double) (g_get_monotonic_time () - t0);
      LttvAttr a = rows->len ? g_array_index (rows, LttvAttr, g_rand_int_range (rand, 0, (gint32) rows->len)) : 0;
      t0 = g_get_monotonic_time ();
      lttv_history_query_row (h, a, begin, (end - begin) / 2000 + 1, 2000, samples);
      row[i] = (double) (g_get_monotonic_time () - t0);
    }
  /* Dense rows: every CPU's status over the whole trace, 2000 pixels (a
   * resource view's redraw at the full range), after a first pass. */
  double dense[N];
  guint n_cpus = 0;
  for (int i = 0; i < N; i++)
    {
      t0 = g_get_monotonic_time ();
      n_cpus = 0;
      for (guint c = 0; c < 256; c++)
        {
          char path[32];
          g_snprintf (path, sizeof path, "CPUs/%u", c);
          LttvAttr a = lttv_history_attr_lookup (h, path);
          if (a == LTTV_ATTR_NONE)
            break;
          lttv_history_query_row (h, a, begin, (end - begin) / 2000 + 1, 2000, samples);
          n_cpus++;
        }
      dense[i] = (double) (g_get_monotonic_time () - t0) / MAX (n_cpus, 1);
    }
  printf ("events %" G_GUINT64_FORMAT "\n", lttv_state_n_events (s));
  printf ("build_or_load_s %.3f (from cache: %s)\n", build, lttv_state_from_cache (s) ? "yes" : "no");
  printf ("attributes %u\n", n_attrs);
  printf ("intervals %" G_GUINT64_FORMAT "\n", lttv_history_n_intervals (h));
  printf ("history_memory_bytes %" G_GSIZE_FORMAT "\n", lttv_history_memory (h));
  printf ("full_state_median_us %.1f\n", median (full, N));
  printf ("row_2000_median_us %.1f\n", median (row, N));
  printf ("cpu_row_2000_full_range_median_us %.1f (per CPU, %u CPUs; the first pass %.1f)\n",
          median (dense + 1, N - 1), n_cpus, dense[0]);
  g_free (samples);
  g_rand_free (rand);
  g_array_unref (rows);
  lttv_state_free (s);
  lttv_traceset_free (ts);
  return 0;
}
