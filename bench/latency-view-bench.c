/* SPDX-License-Identifier: GPL-2.0-or-later */
/* latency-view-bench N...: what the latency viewer's scatter costs to
 * redraw (bench/latency-view.sh): its samples (lttv_latency_max_in once
 * per pixel column) and its drawing with axes into a 1920 x 400 image, the
 * code the widget runs (modules/latency/latency-draw.c), over the whole
 * range and over a window of a thousandth; then a repaint from the samples
 * kept (what a move of the current time or selection costs). N synthetic
 * system calls: begins spread evenly over 60 s, durations log-uniform
 * from 100 ns to 10 ms. Prints per N the best of 15, in ms of CPU time (the
 * least disturbed by other work on the machine). */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "latency-draw.h"
#include "latency-synthetic.h"

#define WIDTH 1920
#define HEIGHT 400
#define RUNS 15

/* CPU time, not wall: the machine's load is not the chart's cost. */
static double
cpu_ms (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int
compare_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

/* The best of RUNS redraws over [t0, t1), in ms; `resample`: the
 * samples are taken again each time (a new window), else kept. */
static double
redraw (LttvLatency *l, LttvTime t0, LttvTime t1, gboolean resample)
{
  double ms[RUNS];
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
  LatencySamples s = { 0 };
  LatencyArea a;
  latency_chart_area (WIDTH, HEIGHT, &a);
  latency_samples_compute (&s, l, LTTV_LATENCY_SYSCALL, t0, t1, (guint) a.w);
  for (guint r = 0; r < RUNS; r++)
    {
      double start = cpu_ms ();
      if (resample)
        latency_samples_compute (&s, l, LTTV_LATENCY_SYSCALL, t0, t1, (guint) a.w);
      cairo_t *cr = cairo_create (surface);
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_paint (cr);
      latency_scatter_draw (cr, &s, &a, TRUE, LTTV_LATENCY_SYSCALL, NULL, NULL);
      cairo_destroy (cr);
      cairo_surface_flush (surface);
      ms[r] = cpu_ms () - start;
    }
  latency_samples_clear (&s);
  cairo_surface_destroy (surface);
  qsort (ms, RUNS, sizeof ms[0], compare_double);
  return ms[0];
}

int
main (int argc, char **argv)
{
  const LttvTime span = 60 * G_GUINT64_CONSTANT (1000000000);
  for (int i = 1; i < argc; i++)
    {
      guint64 n = g_ascii_strtoull (argv[i], NULL, 10);
      LttvLatency *l = latency_synthetic_new (n, span);
      printf ("%" G_GUINT64_FORMAT " %.3f %.3f %.3f\n", n, redraw (l, 0, span, TRUE),
              redraw (l, span / 2, span / 2 + span / 1000, TRUE), redraw (l, 0, span, FALSE));
      fflush (stdout);
      latency_store_free (l);
    }
  return 0;
}
