/* SPDX-License-Identifier: GPL-2.0-or-later */
/* latency-bench N...: what a scatter chart of latencies costs to redraw
 * at 1920 pixels (bench/latency.sh): lttv_latency_max_in once per pixel
 * over the whole range and over a window of a thousandth, on N synthetic
 * intervals (begins spread evenly over 60 s, durations log-uniform from
 * 100 ns to 10 ms). Prints per N the median of 9 redraws, in ms. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "latency-synthetic.h"

static double
now (void)
{
  return g_get_monotonic_time () / 1e3;
}

static int
compare_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

/* The median of 9 redraws of `px` pixels over [t0, t1), in ms. */
static double
redraw (LttvLatency *l, LttvTime t0, LttvTime t1, guint px, guint64 *sink)
{
  double ms[9];
  for (guint r = 0; r < 9; r++)
    {
      double start = now ();
      for (guint p = 0; p < px; p++)
        {
          LttvLatencyInterval x;
          LttvTime a = t0 + (t1 - t0) * p / px, b = t0 + (t1 - t0) * (p + 1) / px;
          if (lttv_latency_max_in (l, LTTV_LATENCY_SYSCALL, a, b, &x))
            *sink += x.duration;
        }
      ms[r] = now () - start;
    }
  qsort (ms, 9, sizeof ms[0], compare_double);
  return ms[4];
}

int
main (int argc, char **argv)
{
  guint64 sink = 0;
  const LttvTime span = 60 * G_GUINT64_CONSTANT (1000000000);
  for (int i = 1; i < argc; i++)
    {
      guint64 n = g_ascii_strtoull (argv[i], NULL, 10);
      LttvLatency *l = latency_synthetic_new (n, span);
      double whole = redraw (l, 0, span, 1920, &sink);
      double window = redraw (l, span / 2, span / 2 + span / 1000, 1920, &sink);
      printf ("%" G_GUINT64_FORMAT " %.3f %.3f\n", n, whole, window);
      latency_store_free (l);
    }
  return sink == 42;   /* (keeps the queries) */
}
