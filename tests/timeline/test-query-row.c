/* SPDX-License-Identifier: GPL-2.0-or-later */
/* lttv_history_query_row, what every timeline pixel is drawn from, against
 * a brute-force sampler built on lttv_history_intervals: for each pixel
 * [ps, pe], the intervals that meet it; `mixed` is their number less one,
 * the value the one covering most of the pixel (the earliest on a tie), or
 * the value at ps when more than 16 changes fall in the pixel. Random
 * windows from 1 ns to 10 ms per pixel, on every attribute of a real
 * trace (the bundled sample), with a fixed seed. */
#include "config.h"

#include <lttv/lttv.h>

#define SCAN_MAX 16

static LttvHistory *h;
static LttvTime begin, end;

static void
expected (LttvAttr attr, LttvTime ps, LttvTime pe, LttvSample *out)
{
  g_autoptr (GArray) ivs = lttv_history_intervals (h, attr, ps, pe);
  LttvTime best = 0;

  g_assert_cmpuint (ivs->len, >, 0);
  out->mixed = ivs->len - 1;
  out->value = g_array_index (ivs, LttvInterval, 0).value;
  if (out->mixed == 0 || out->mixed > SCAN_MAX)
    return;
  for (guint i = 0; i < ivs->len; i++)
    {
      const LttvInterval *iv = &g_array_index (ivs, LttvInterval, i);
      LttvTime s = MAX (iv->start, ps), e = MIN (iv->end, pe);
      if (e - s + 1 > best)
        {
          best = e - s + 1;
          out->value = iv->value;
        }
    }
}

static void
test_rows_match_the_brute_force_sampler (void)
{
  GRand *rand = g_rand_new_with_seed (20261202);
  guint n_attrs = lttv_history_n_attrs (h), checked = 0, dense = 0;
  static const LttvTime steps[] = { 1, 7, 100, 1000, 33333, 1000000, 10000000 };

  for (LttvAttr a = 0; a < n_attrs; a++)
    for (guint s = 0; s < G_N_ELEMENTS (steps) + 4; s++)
      {
        /* Random windows, and 1 ns pixels just before a change, so that a
         * pixel starts exactly where a change does. */
        gboolean at_change = s >= G_N_ELEMENTS (steps);
        LttvTime step = at_change ? 1 : steps[s];
        guint n = 64;
        LttvTime span = end - begin;
        LttvTime t0 = begin + (span > step * n ? g_rand_int_range (rand, 0, 1 << 30) % (span - step * n) : 0);

        if (at_change)
          {
            g_autoptr (GArray) all = lttv_history_intervals (h, a, begin, end);
            LttvTime start;
            if (all->len == 0)
              continue;
            start = g_array_index (all, LttvInterval, g_rand_int_range (rand, 0, all->len)).start;
            t0 = start >= begin + 5 ? start - 5 : begin;
          }
        LttvSample got[64], want;
        guint covered = lttv_history_query_row (h, a, t0, step, n, got);

        for (guint p = 0; p < covered; p++)
          {
            LttvTime ps = t0 + p * step, pe = ps + step - 1;
            if (pe > end)
              break;
            expected (a, ps, pe, &want);
            if (got[p].mixed != want.mixed || got[p].value != want.value)
              {
                g_autofree char *path = lttv_history_attr_path (h, a);
                g_error ("%s at [%" G_GUINT64_FORMAT ", %" G_GUINT64_FORMAT "]: got value %"
                         G_GUINT64_FORMAT " mixed %u, expected %" G_GUINT64_FORMAT " mixed %u",
                         path, ps, pe, got[p].value, got[p].mixed, want.value, want.mixed);
              }
            checked++;
            dense += want.mixed > 0;
          }
      }
  g_test_message ("%u pixels checked, %u with several changes", checked, dense);
  g_assert_cmpuint (dense, >, 100);   /* the dense case was exercised */
  g_rand_free (rand);
}

int
main (int argc, char **argv)
{
  g_autofree char *sample = g_build_filename (g_getenv ("LTTV_DATA_DIR"), "sample-trace", NULL);
  const char *paths[] = { sample, NULL };
  g_autoptr (GError) error = NULL;
  LttvTraceset *ts;
  LttvState *state;
  int status;

  g_test_init (&argc, &argv, NULL);
  ts = lttv_traceset_open (paths, &error);
  g_assert_no_error (error);
  state = lttv_state_new (ts);
  g_assert_true (lttv_state_build (state, FALSE, LTTV_CANCEL_NONE, &error));
  h = lttv_state_get_history (state);
  begin = lttv_history_begin (h);
  end = lttv_history_committed_end (h);
  g_test_add_func ("/history/rows-match-the-brute-force-sampler", test_rows_match_the_brute_force_sampler);
  status = g_test_run ();
  lttv_state_free (state);
  lttv_traceset_free (ts);
  return status;
}
