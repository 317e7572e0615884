/* SPDX-License-Identifier: GPL-2.0-or-later */
/* latency-api SCENARIO_TRACE [BIG_TRACE]: the latency API (lttv/latency.h)
 * on the trace of scenarios/latency.scn, whose every figure is worked out
 * there; then, on BIG_TRACE (thousands of intervals: every level of the
 * maxima's tables), lttv_latency_max_in against a plain scan over many
 * ranges. Run by test-latency-cli.sh; exit status 1 at the first
 * difference, said on stderr. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include <lttv/lttv.h>

static int failures;

#define CHECK(cond)                                                              \
  do                                                                             \
    if (!(cond))                                                                 \
      {                                                                          \
        fprintf (stderr, "%s:%d: %s\n", __FILE__, __LINE__, #cond);              \
        failures++;                                                              \
      }                                                                          \
  while (0)

/* The intervals of [t0, t1) through the iterator, as an array (freed at
 * the exit); NULL when there is none, as the count the iterator gives. */
static GPtrArray *kept;

static const LttvLatencyInterval *
intervals (LttvLatency *l, LttvLatencyKind kind, LttvTime t0, LttvTime t1, gsize *n)
{
  LttvLatencyIter it;
  gsize count = lttv_latency_iter_init (&it, l, kind, t0, t1);
  GArray *a = g_array_new (FALSE, FALSE, sizeof (LttvLatencyInterval));
  const LttvLatencyInterval *x;
  while ((x = lttv_latency_iter_next (&it)) != NULL)
    g_array_append_vals (a, x, 1);
  CHECK (a->len == count);
  CHECK (lttv_latency_iter_next (&it) == NULL);
  if (kept == NULL)
    kept = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  g_ptr_array_add (kept, a);
  *n = a->len;
  return a->len > 0 ? (const LttvLatencyInterval *) (gconstpointer) a->data : NULL;
}

static LttvState *
build (const char *path, LttvTraceset **ts)
{
  GError *error = NULL;
  const char *paths[] = { path, NULL };
  *ts = lttv_traceset_open (paths, &error);
  if (*ts == NULL)
    {
      fprintf (stderr, "%s: %s\n", path, error->message);
      exit (1);
    }
  LttvState *s = lttv_state_new (*ts);
  if (!lttv_state_build (s, FALSE, LTTV_CANCEL_NONE, &error))
    {
      fprintf (stderr, "%s: %s\n", path, error->message);
      exit (1);
    }
  return s;
}

static void
scenario (LttvLatency *l)
{
  LttvLatencyKind k;
  CHECK (lttv_latency_kind_parse ("softirq-latency", &k) && k == LTTV_LATENCY_SOFTIRQ_LATENCY);
  CHECK (!lttv_latency_kind_parse ("nosuch", &k));

  /* System calls in the order they began: read 42, write 42, nanosleep 43
   * (cut by the loss), read 45 (cut by the end). */
  gsize n;
  const LttvLatencyInterval *iv = intervals (l, LTTV_LATENCY_SYSCALL, 0,
                                                          G_MAXUINT64, &n);
  CHECK (n == 4);
  if (n == 4)
    {
      CHECK (iv[0].begin == 2000 && iv[0].duration == 7000 && iv[0].tid == 42
             && iv[0].cpu == 0 && iv[0].flags == 0);
      CHECK (g_strcmp0 (lttv_latency_name (l, LTTV_LATENCY_SYSCALL, iv[0].name), "read") == 0);
      CHECK (iv[1].begin == 10000 && iv[1].duration == 400);
      CHECK (iv[2].begin == 11100 && iv[2].tid == 43 && iv[2].duration == 0
             && iv[2].flags == LTTV_LATENCY_CUT_LOST);
      CHECK (iv[3].begin == 13500 && iv[3].tid == 45 && iv[3].duration == 0
             && iv[3].flags == LTTV_LATENCY_CUT_END);
    }
  CHECK (g_strcmp0 (lttv_latency_name (l, LTTV_LATENCY_SYSCALL, 999), "?") == 0);

  /* Ranges: [t0, t1) by beginning. */
  intervals (l, LTTV_LATENCY_SCHED, 5000, 7900, &n);
  CHECK (n == 1);
  iv = intervals (l, LTTV_LATENCY_SCHED, 5000, 7901, &n);
  CHECK (n == 2 && iv[1].begin == 7900 && iv[1].duration == 400 && iv[1].cpu == 1);
  CHECK (intervals (l, LTTV_LATENCY_SCHED, 12001, 20000, &n) == NULL && n == 0);

  /* The longest per range; cut ones never. */
  LttvLatencyInterval x;
  CHECK (lttv_latency_max_in (l, LTTV_LATENCY_SYSCALL, 0, G_MAXUINT64, &x) && x.duration == 7000);
  CHECK (lttv_latency_max_in (l, LTTV_LATENCY_SYSCALL, 3000, G_MAXUINT64, &x)
         && x.duration == 400);
  CHECK (!lttv_latency_max_in (l, LTTV_LATENCY_SYSCALL, 11000, G_MAXUINT64, NULL));

  /* IRQ: the thread it interrupted. Block: size, direction, issuer. */
  iv = intervals (l, LTTV_LATENCY_IRQ, 0, G_MAXUINT64, &n);
  CHECK (n == 1 && iv[0].tid == 42 && iv[0].duration == 500);
  iv = intervals (l, LTTV_LATENCY_BLOCK, 0, G_MAXUINT64, &n);
  CHECK (n == 2);
  if (n == 2)
    {
      CHECK (iv[0].begin == 2000 && iv[0].size == 8 && iv[0].flags == LTTV_LATENCY_WRITE
             && iv[0].tid == 43 && iv[0].cpu == 1);
      CHECK (iv[1].begin == 3000 && iv[1].size == 16 && iv[1].flags == LTTV_LATENCY_READ);
      CHECK (g_strcmp0 (lttv_latency_name (l, LTTV_LATENCY_BLOCK, iv[1].name), "8,0") == 0);
    }

  /* sched: 2000, 400, 500. Width 500 from 0 to 2000: 400 in the first,
   * 500 in the second, 2000 (the upper bound) in the last. */
  guint64 counts[4];
  lttv_latency_histogram (l, LTTV_LATENCY_SCHED, 0, G_MAXUINT64, 0, 2000, FALSE, counts, 4);
  CHECK (counts[0] == 1 && counts[1] == 1 && counts[2] == 0 && counts[3] == 1);
  /* Log scale from 100 to 10000, 2 buckets (100-1000, 1000-10000). */
  lttv_latency_histogram (l, LTTV_LATENCY_SCHED, 0, G_MAXUINT64, 100, 10000, TRUE, counts, 2);
  CHECK (counts[0] == 2 && counts[1] == 1);

  g_autoptr (GArray) top = lttv_latency_top (l, LTTV_LATENCY_SCHED, 0, G_MAXUINT64, 2);
  CHECK (top->len == 2 && g_array_index (top, LttvLatencyInterval, 0).duration == 2000
         && g_array_index (top, LttvLatencyInterval, 1).duration == 500);

  /* One group: 3 intervals, p50 the 2nd (500), p90 the 3rd. */
  g_autoptr (GArray) st = lttv_latency_stats (l, LTTV_LATENCY_SCHED, 0, G_MAXUINT64,
                                              LTTV_LATENCY_BY_KIND);
  CHECK (st->len == 1);
  LttvLatencyStats *s = &g_array_index (st, LttvLatencyStats, 0);
  CHECK (s->count == 3 && s->n_cut == 0 && s->min == 400 && s->max == 2000 && s->total == 2900
         && s->p50 == 500 && s->p90 == 2000 && s->p99 == 2000);
  CHECK (s->mean > 966.66 && s->mean < 966.67);
}

/* The maxima's tables against a plain scan: ranges at every scale. */
static void
maxima (LttvLatency *l)
{
  gsize n;
  const LttvLatencyInterval *all = intervals (l, LTTV_LATENCY_SYSCALL, 0,
                                                           G_MAXUINT64, &n);
  CHECK (n > 64 * 64);
  if (n < 2)
    return;
  GRand *r = g_rand_new_with_seed (33);
  LttvTime first = all[0].begin, last = all[n - 1].begin;
  for (guint i = 0; i < 3000; i++)
    {
      LttvTime span = (last - first) >> g_rand_int_range (r, 0, 20);
      LttvTime t0 = first + (LttvTime) (g_rand_double (r) * (last - first));
      LttvTime t1 = t0 + (LttvTime) (g_rand_double (r) * span) + 1;
      gsize m;
      const LttvLatencyInterval *iv = intervals (l, LTTV_LATENCY_SYSCALL, t0, t1, &m);
      guint64 best = 0;
      gboolean any = FALSE;
      for (gsize j = 0; j < m; j++)
        if (!(iv[j].flags & LTTV_LATENCY_CUT) && (!any || iv[j].duration > best))
          {
            best = iv[j].duration;
            any = TRUE;
          }
      LttvLatencyInterval x;
      gboolean found = lttv_latency_max_in (l, LTTV_LATENCY_SYSCALL, t0, t1, &x);
      if (found != any || (any && x.duration != best))
        {
          fprintf (stderr, "max_in [%" G_GUINT64_FORMAT ", %" G_GUINT64_FORMAT "): %d %"
                   G_GUINT64_FORMAT ", a scan finds %d %" G_GUINT64_FORMAT "\n",
                   t0, t1, found, found ? x.duration : 0, any, best);
          failures++;
          break;
        }
    }
  g_rand_free (r);
}

int
main (int argc, char **argv)
{
  if (argc < 2)
    {
      fprintf (stderr, "usage: latency-api SCENARIO_TRACE [BIG_TRACE]\n");
      return 2;
    }
  LttvTraceset *ts;
  LttvState *s = build (argv[1], &ts);
  LttvLatency *l = lttv_state_latency (s);
  CHECK (l != NULL);
  if (l != NULL)
    scenario (l);
  lttv_state_free (s);
  lttv_traceset_free (ts);
  if (argc > 2 && g_file_test (argv[2], G_FILE_TEST_IS_DIR))
    {
      s = build (argv[2], &ts);
      if (lttv_state_latency (s) != NULL)
        maxima (lttv_state_latency (s));
      lttv_state_free (s);
      lttv_traceset_free (ts);
    }
  if (kept != NULL)
    g_ptr_array_unref (kept);
  return failures > 0;
}
