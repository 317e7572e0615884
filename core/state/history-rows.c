/* Rank indexes for row queries on busy attributes. A row at a coarse
 * resolution needs, per pixel, the last change at or before its end (the
 * number of changes inside it, the value at its start). A search per
 * pixel over millions of changes costs several cache misses each; a table
 * of change counts per time bucket (about 8 changes per bucket) gives the
 * answer from one lookup and a scan of a few neighbouring changes. */
#include "config.h"

#include "history-private.h"

/* Below this, searching the changes is as fast. */
#define RANK_MIN_CHANGES 4096
/* Changes per bucket, on average. */
#define RANK_BUCKET_CHANGES 8
/* Past this many changes in one bucket (a burst), binary search. */
#define RANK_SCAN_MAX 16

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
   * (cum[b]: the changes before base + b << shift). */
  guint b = 0;
  for (guint c = 0, k = 0; k < n; c++)
    {
      const HistoryChange *chunk = history_chunk (a, c);
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

gint64
history_rank (const HistoryAttr *a, const HistoryRankIndex *r, LttvTime t)
{
  if (t < r->base)
    return -1;
  LttvTime b = (t - r->base) >> r->shift;
  if (b >= r->n_buckets)
    return (gint64) a->n - 1;
  /* Changes cum[b] .. cum[b + 1] - 1 start inside bucket b, after the
   * edge (so at or before t: at least cum[b] - 1). */
  guint lo = r->cum[b], hi = r->cum[b + 1];
  if (lo == hi)
    return (gint64) lo - 1;   /* no change in the bucket: none read */
  if (hi - lo > RANK_SCAN_MAX)
    {
      while (hi > lo)
        {
          guint mid = lo + (hi - lo) / 2;
          if (history_change (a, mid)->start <= t)
            lo = mid + 1;
          else
            hi = mid;
        }
      return (gint64) lo - 1;
    }
  /* A short scan, inside one chunk at a time. */
  while (lo < hi)
    {
      guint c = history_chunk_of (lo), base = history_chunk_base (c);
      const HistoryChange *chunk = history_chunk (a, c);
      guint end = MIN (hi, base + history_chunk_size (c));
      for (; lo < end; lo++)
        if (chunk[lo - base].start > t)
          return (gint64) lo - 1;
    }
  return (gint64) lo - 1;
}

void
history_rank_index_free (HistoryRankIndex *r)
{
  if (r == NULL)
    return;
  g_free (r->cum);
  g_free (r);
}
