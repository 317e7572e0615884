/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Rank indexes for row queries on busy attributes. A row at a coarse
 * resolution needs, per pixel, the last change at or before its end (the
 * number of changes inside it, the value at its start). A search per
 * pixel over millions of changes costs several cache misses each; a table
 * of change counts per time bucket (about 8 changes per bucket) gives the
 * answer from one lookup and a look at a few neighbouring changes. */
#include "config.h"

#include "history/history-private.h"

/* Below this, searching the changes is as fast. */
#define RANK_MIN_CHANGES 4096
/* Changes per bucket, on average. */
#define RANK_BUCKET_CHANGES 8
/* Steps from the guess before a binary search (history_rank). */
#define RANK_STEPS 4

static HistoryRankIndex *
rank_index_new (const HistoryAttr *a)
{
  HistoryRankIndex *r = g_new0 (HistoryRankIndex, 1);
  guint n = a->n;
  LttvTime first = a->first_start, last = history_change (a, n - 1)->start;
  LttvTime want = MAX ((last - first) / n * RANK_BUCKET_CHANGES, 1);
  while (((LttvTime) 1 << r->shift) < want && r->shift < 62)
    r->shift++;
  r->base = first;
  r->n_buckets = (guint) ((last - first) >> r->shift) + 1;
  r->cum = g_new (guint32, r->n_buckets + 1);
  /* One pass, a chunk at a time: change k, in bucket bk, is the first at
   * or after the edges of buckets b_{k-1} + 1 .. bk, so cum[b] = k there
   * (cum[b]: the changes before base + b << shift). Encoded chunks are
   * decoded in passing, not kept: the row's pixels need a few. */
  HistoryChange scratch[HISTORY_CHUNK_SIZE];
  guint b = 0;
  for (guint c = 0, k = 0; k < n; c++)
    {
      const HistoryChange *chunk = history_chunk_passing (a, c, scratch);
      guint m = MIN (history_chunk_size (c), n - k);
      for (guint i = 0; i < m; i++, k++)
        {
          guint bk = (guint) ((chunk[i].start - first) >> r->shift);
          for (; b <= bk; b++)
            r->cum[b] = k;
        }
    }
  for (; b <= r->n_buckets; b++)
    r->cum[b] = n;
  return r;
}

const HistoryRankIndex *
history_rank_index (LttvHistory *h, HistoryAttr *a)
{
  HistoryRankIndex *r = __atomic_load_n (&a->rank, __ATOMIC_ACQUIRE);
  if (r != NULL || a->n < RANK_MIN_CHANGES || !lttv_history_is_finished (h))
    return r;
  g_mutex_lock (&h->rank_lock);
  r = a->rank;
  if (r == NULL)
    {
      r = rank_index_new (a);
      __atomic_store_n (&a->rank, r, __ATOMIC_RELEASE);
    }
  g_mutex_unlock (&h->rank_lock);
  return r;
}

/* Where in bucket b's changes [lo, hi) the last one at or before t
 * should be, were they spread evenly over the bucket: a busy row's pixel
 * end is usually found there or a step away, one place of memory read
 * (which history_rank_prefetch can fetch ahead) instead of a scan or a
 * search from the bucket's start. */
static inline guint
rank_guess (const HistoryRankIndex *r, LttvTime t, LttvTime b, guint lo, guint hi)
{
  LttvTime into = t - r->base - (b << r->shift);
  /* (into < 2^shift: its top 32 bits at most, so that the product fits) */
  guint drop = r->shift > 32 ? r->shift - 32 : 0;
  return lo + (guint) (((guint64) (hi - lo) * (into >> drop)) >> (r->shift - drop));
}

gint64
history_rank (const HistoryAttr *a, const HistoryRankIndex *r, LttvTime t)
{
  if (t < r->base)
    return -1;
  LttvTime b = (t - r->base) >> r->shift;
  if (b >= r->n_buckets)
    return (gint64) a->n - 1;
  /* Changes cum[b] .. cum[b + 1] - 1 start inside bucket b, after the
   * edge (so the answer is at least cum[b] - 1). */
  guint lo = r->cum[b], hi = r->cum[b + 1];
  if (lo == hi)
    return (gint64) lo - 1;   /* no change in the bucket: none read */
  /* From the guess, a few steps towards the answer, then a binary search
   * of what is left: the answer is in [lo - 1, hi - 1]. */
  guint g = MIN (rank_guess (r, t, b, lo, hi), hi - 1);
  gint64 below, above;    /* start(below) <= t (or below = lo - 1) < start(above) */
  if (history_change (a, g)->start <= t)
    {
      below = g, above = hi;
      for (guint i = 0; i < RANK_STEPS && below + 1 < above; i++)
        {
          if (history_change (a, (guint) below + 1)->start > t)
            return below;
          below++;
        }
    }
  else
    {
      below = (gint64) lo - 1, above = g;
      for (guint i = 0; i < RANK_STEPS && above - 1 > below; i++)
        {
          if (history_change (a, (guint) above - 1)->start <= t)
            return above - 1;
          above--;
        }
    }
  while (above - below > 1)
    {
      gint64 mid = below + (above - below) / 2;
      if (history_change (a, (guint) mid)->start <= t)
        below = mid;
      else
        above = mid;
    }
  return below;
}

void
history_rank_prefetch (const HistoryAttr *a, const HistoryRankIndex *r,
                       LttvTime t_cum, LttvTime t_changes)
{
  if (t_cum >= r->base)
    {
      LttvTime b = (t_cum - r->base) >> r->shift;
      if (b < r->n_buckets)
        __builtin_prefetch (&r->cum[b]);
    }
  if (t_changes >= r->base)
    {
      LttvTime b = (t_changes - r->base) >> r->shift;
      if (b < r->n_buckets && r->cum[b] < r->cum[b + 1])
        {
          guint g = MIN (rank_guess (r, t_changes, b, r->cum[b], r->cum[b + 1]),
                         r->cum[b + 1] - 1);
          guint c = history_chunk_of (g);
          const HistoryChange *chunk = __atomic_load_n (&a->chunks[c], __ATOMIC_RELAXED);
          if (chunk != NULL && !history_chunk_is_block (chunk))
            __builtin_prefetch (&chunk[g - history_chunk_base (c)]);
        }
    }
}

void
history_rank_index_free (HistoryRankIndex *r)
{
  if (r == NULL)
    return;
  g_free (r->cum);
  g_free (r);
}
