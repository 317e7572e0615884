/* SPDX-License-Identifier: GPL-2.0-or-later */
/* critpath-bench: the critical path of the busiest thread (the most status
 * changes) over the whole trace, from the cached history (bench/critpath.sh).
 * The state is built or loaded first (untimed); each run is timed alone,
 * the best and the median printed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <lttv/lttv.h>

static int
compare_doubles (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

int
main (int argc, char **argv)
{
  if (argc < 2)
    {
      fprintf (stderr, "usage: critpath-bench TRACE...\n");
      return 2;
    }
  g_autoptr (GError) error = NULL;
  LttvTraceset *ts = lttv_traceset_open ((const char *const *) argv + 1, &error);
  if (ts == NULL)
    {
      fprintf (stderr, "critpath-bench: %s\n", error->message);
      return 1;
    }
  LttvState *s = lttv_state_new (ts);
  if (!lttv_state_build (s, TRUE, LTTV_CANCEL_NONE, &error))
    {
      fprintf (stderr, "critpath-bench: %s\n", error->message);
      return 1;
    }
  gboolean cached = lttv_state_from_cache (s);
  LttvHistory *h = lttv_state_get_history (s);
  LttvTime begin = lttv_history_begin (h), end = lttv_history_committed_end (h) + 1;
  /* The busiest thread: most intervals of Threads/<tid> (untimed). */
  LttvAttr threads = lttv_history_attr_lookup (h, "Threads");
  int64_t best_tid = -1;
  guint best_n = 0;
  GArray *ivs = g_array_new (FALSE, FALSE, sizeof (LttvInterval));
  for (LttvAttr a = 0; a < lttv_history_n_attrs (h); a++)
    {
      if (lttv_history_attr_parent (h, a) != threads)
        continue;
      const char *name = lttv_history_attr_name (h, a);
      char *endp;
      long long tid = strtoll (name, &endp, 10);
      if (*endp != '\0' || tid <= 0)
        continue;
      lttv_history_intervals_into (h, a, begin, end - 1, ivs);
      if (ivs->len > best_n)
        {
          best_n = ivs->len;
          best_tid = tid;
        }
    }
  g_array_unref (ivs);
  /* Fresh from the cache again, so the first run decodes its blocks as a
   * user's would. */
  lttv_state_free (s);
  s = lttv_state_new (ts);
  lttv_state_build (s, TRUE, LTTV_CANCEL_NONE, NULL);
  enum { RUNS = 7 };
  double t[RUNS], cpu[RUNS];
  guint n_segs = 0, n_causes = 0;
  for (int r = 0; r < RUNS; r++)
    {
      /* (CPU time too: on a shared machine the wall clock waits for others) */
      struct timespec c0, c1;
      clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &c0);
      gint64 t0 = g_get_monotonic_time ();
      GArray *segs = lttv_critical_path (s, best_tid, begin, end);
      GArray *causes = lttv_critical_path_summary (segs);
      t[r] = (g_get_monotonic_time () - t0) / 1e3;
      clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &c1);
      cpu[r] = (c1.tv_sec - c0.tv_sec) * 1e3 + (c1.tv_nsec - c0.tv_nsec) / 1e6;
      n_segs = segs->len;
      n_causes = causes->len;
      g_array_unref (segs);
      g_array_unref (causes);
    }
  double first = t[0], first_cpu = cpu[0];
  qsort (t, RUNS, sizeof t[0], compare_doubles);
  qsort (cpu, RUNS, sizeof cpu[0], compare_doubles);
  printf ("critical path of the busiest thread (%" G_GINT64_FORMAT ", %u status intervals) "
          "over the whole trace%s: first %.1f ms, best %.1f ms, median %.1f ms "
          "(%u segments, %u causes, %u wakeup edges); CPU: first %.1f ms, best %.1f ms\n",
          best_tid, best_n, cached ? ", history from the cache" : "", first, t[0],
          t[RUNS / 2], n_segs, n_causes, lttv_state_wakeups (s)->len, first_cpu, cpu[0]);
  lttv_state_free (s);
  lttv_traceset_free (ts);
  return 0;
}
