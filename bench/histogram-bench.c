/* SPDX-License-Identifier: GPL-2.0-or-later */
/* histogram-bench: the histogram viewer's costs on one trace.
 *
 *   histogram-bench TRACE [WIDTH]
 *
 * Prints "key value" lines (seconds): the state build (with the density),
 * a redraw of the whole range and of a 1 ms window (density query and
 * cairo drawing into a WIDTH x 300 image), the same bars counted by
 * reading the events (what a viewer without the density would do, and
 * what the exact/filtered job does), and statistics for a 10 % selection
 * in the middle of the trace. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include <lttv/lttv.h>

#include "histogram-count.h"
#include "histogram-draw.h"

static double
now (void)
{
  return g_get_monotonic_time () / 1e6;
}

/* One redraw: the density's bars for [t0, t1) and the cairo drawing. */
static void
redraw (LttvState *s, LttvTime t0, LttvTime t1, guint width, cairo_surface_t *surface)
{
  LttvTime step = MAX ((t1 - t0 + width - 1) / width, 1);
  g_autofree LttvDensitySample *samples = g_new (LttvDensitySample, width);
  HistogramPlot p = { .t0 = t0, .t1 = t0 + step * width, .n = width, .density = samples,
                      .window0 = LTTV_TIME_NONE, .window1 = LTTV_TIME_NONE,
                      .current = LTTV_TIME_NONE, .sel0 = LTTV_TIME_NONE, .sel1 = LTTV_TIME_NONE };
  p.committed = lttv_density_query (lttv_state_get_density (s), t0, step, width, samples);
  cairo_t *cr = cairo_create (surface);
  PangoLayout *layout = pango_cairo_create_layout (cr);
  histogram_plot_draw (&p, cr, layout, 0, 0, width, 300);
  g_object_unref (layout);
  cairo_destroy (cr);
}

static double
time_redraws (LttvState *s, LttvTime t0, LttvTime t1, guint width, cairo_surface_t *surface)
{
  int reps = 50;
  double start = now ();
  for (int i = 0; i < reps; i++)
    redraw (s, t0, t1, width, surface);
  return (now () - start) / reps;
}

static double
time_read (LttvState *s, LttvTime t0, LttvTime t1, guint width, guint64 *events)
{
  LttvTime step = MAX ((t1 - t0 + width - 1) / width, 1);
  HistogramCount *req = histogram_count_new (t0, step, width, "");
  double start = now ();
  g_autoptr (GError) error = NULL;
  if (!histogram_count_run (req, s, NULL, NULL, NULL, &error))
    fprintf (stderr, "histogram-bench: %s\n", error->message);
  double t = now () - start;
  *events = req->total;
  histogram_count_free (req);
  return t;
}

int
main (int argc, char **argv)
{
  if (argc < 2)
    {
      fprintf (stderr, "usage: histogram-bench TRACE [WIDTH]\n");
      return 2;
    }
  guint width = argc > 2 ? (guint) atoi (argv[2]) : 1920;
  g_autoptr (GError) error = NULL;
  const char *paths[] = { argv[1], NULL };
  g_autoptr (LttvTraceset) ts = lttv_traceset_open (paths, &error);
  if (ts == NULL)
    {
      fprintf (stderr, "histogram-bench: %s\n", error->message);
      return 1;
    }
  g_autoptr (LttvState) s = lttv_state_new (ts);
  double start = now ();
  if (!lttv_state_build (s, FALSE, LTTV_CANCEL_NONE, &error))
    {
      fprintf (stderr, "histogram-bench: %s\n", error->message);
      return 1;
    }
  printf ("build %.3f\n", now () - start);
  printf ("events %" G_GUINT64_FORMAT "\n", lttv_state_n_events (s));
  printf ("bucket_ns %" G_GUINT64_FORMAT "\n", lttv_density_bucket_width (lttv_state_get_density (s)));

  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) width, 300);
  LttvTime b = lttv_traceset_begin (ts), e = lttv_traceset_end (ts) + 1;
  LttvTime mid = b + (e - b) / 2;
  guint64 n;
  printf ("redraw_full %.6f\n", time_redraws (s, b, e, width, surface));
  printf ("read_full %.3f\n", time_read (s, b, e, width, &n));
  printf ("read_full_events %" G_GUINT64_FORMAT "\n", n);
  printf ("redraw_1ms %.6f\n", time_redraws (s, mid, mid + 1000000, width, surface));
  printf ("read_1ms %.6f\n", time_read (s, mid, mid + 1000000, width, &n));
  printf ("read_1ms_events %" G_GUINT64_FORMAT "\n", n);
  cairo_surface_destroy (surface);

  LttvTime tenth = (e - b) / 10;
  start = now ();
  g_autoptr (LttvStats) st = lttv_stats_compute (s, mid - tenth / 2, mid + tenth / 2, &error);
  printf ("stats_10pct %.3f\n", now () - start);
  printf ("stats_10pct_events %" G_GUINT64_FORMAT "\n", st != NULL ? st->n_events : 0);
  printf ("stats_t0 %" G_GUINT64_FORMAT "\nstats_t1 %" G_GUINT64_FORMAT "\n",
          mid - tenth / 2, mid + tenth / 2);
  start = now ();
  g_autoptr (LttvStats) all = lttv_stats_compute (s, b, e, &error);
  printf ("stats_full %.3f\n", now () - start);
  return 0;
}
