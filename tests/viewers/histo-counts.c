/* SPDX-License-Identifier: GPL-2.0-or-later */
/* histo-counts: what the histogram viewer counts, printed for tests.
 *
 *   histo-counts [--cache] TRACE             the density's layout and totals
 *                                            (--cache: through the state cache)
 *   histo-counts TRACE T0 STEP N [FILTER]    N bars of STEP ns from T0 (ns
 *                                            from origin): the density's
 *                                            count of the whole range when
 *                                            exact, then each bar's count read
 *                                            from the trace (with FILTER)
 *
 * Times are printed as "SECONDS NANOSECONDS" so that shell tests compare
 * them with babeltrace2's --clock-seconds output without floating point. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include <lttv/lttv.h>

#include "histogram-count.h"

int
main (int argc, char **argv)
{
  gboolean use_cache = argc > 1 && g_strcmp0 (argv[1], "--cache") == 0;
  if (use_cache)
    {
      argv++;
      argc--;
    }
  if (argc != 2 && argc != 5 && argc != 6)
    {
      fprintf (stderr, "usage: histo-counts TRACE [T0 STEP N [FILTER]]\n");
      return 2;
    }
  g_autoptr (GError) error = NULL;
  const char *paths[] = { argv[1], NULL };
  g_autoptr (LttvTraceset) ts = lttv_traceset_open (paths, &error);
  if (ts == NULL)
    {
      fprintf (stderr, "histo-counts: %s\n", error->message);
      return 1;
    }
  g_autoptr (LttvState) s = lttv_state_new (ts);
  if (!lttv_state_build (s, use_cache, LTTV_CANCEL_NONE, &error))
    {
      fprintf (stderr, "histo-counts: %s\n", error->message);
      return 1;
    }
  LttvDensity *d = lttv_state_get_density (s);
  if (argc == 2)
    {
      LttvTime b = lttv_density_begin (d);
      printf ("begin %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT "\n", b / 1000000000, b % 1000000000);
      printf ("from_cache %d\n", lttv_state_from_cache (s));
      printf ("begin_ns %" G_GUINT64_FORMAT "\n", b);
      printf ("span_ns %" G_GUINT64_FORMAT "\n", lttv_traceset_end (ts) - b);
      printf ("width %" G_GUINT64_FORMAT "\n", lttv_density_bucket_width (d));
      printf ("events %.0f\n", lttv_density_count (d, 0, G_MAXUINT64));
      printf ("state_events %" G_GUINT64_FORMAT "\n", lttv_state_n_events (s));
      printf ("discarded %" G_GUINT64_FORMAT "\n", lttv_density_count_discarded (d, 0, G_MAXUINT64));
      g_autoptr (GArray) losses = lttv_traceset_discarded (ts);
      for (guint i = 0; i < losses->len; i++)
        {
          const LttvDiscarded *l = &g_array_index (losses, LttvDiscarded, i);
          printf ("loss %" G_GUINT64_FORMAT ".%09" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT
                  ".%09" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT "\n",
                  l->begin / 1000000000, l->begin % 1000000000,
                  l->end / 1000000000, l->end % 1000000000, l->count);
          /* the density places each loss at its begin */
          printf ("loss_in_density %" G_GUINT64_FORMAT "\n",
                  lttv_density_count_discarded (d, l->begin, l->begin + 1));
        }
      return 0;
    }
  LttvTime t0 = g_ascii_strtoull (argv[2], NULL, 10);
  LttvTime step = g_ascii_strtoull (argv[3], NULL, 10);
  guint n = (guint) g_ascii_strtoull (argv[4], NULL, 10);
  guint64 exact;
  if (lttv_density_count_exact (d, t0, t0 + n * step - 1, &exact))
    printf ("density %" G_GUINT64_FORMAT "\n", exact);
  else
    printf ("density none\n");
  printf ("density_approx %.0f\n", lttv_density_count (d, t0, t0 + n * step));
  HistogramCount *req = histogram_count_new (t0, step, n, argc == 6 ? argv[5] : "");
  if (!histogram_count_run (req, s, NULL, NULL, NULL, &error))
    {
      fprintf (stderr, "histo-counts: %s\n", error->message);
      histogram_count_free (req);
      return 1;
    }
  for (guint i = 0; i < n; i++)
    printf ("bar %u %" G_GUINT64_FORMAT "\n", i, req->counts[i]);
  histogram_count_free (req);
  return 0;
}
