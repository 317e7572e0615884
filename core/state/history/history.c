/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The history's changes: writing them in time order, querying the
 * committed part. */
#include "config.h"

#include <string.h>

#include "big-alloc.h"
#include "history/history-write.h"

void
lttv_history_set_begin (LttvHistory *h, LttvTime begin)
{
  h->begin = begin;
}

/* Change `k` lands at the start of a chunk, or after a change undone
 * there: where it goes, found the long way (a new chunk when full). */
static HistoryChange *
next_slot (LttvHistory *h, HistoryAttr *a, guint k, LttvTime t)
{
  if (k == a->capacity)
    {
      /* A new chunk. Queries see it once a->n (stored with release) goes
       * past its first change, so only moving the arrays that hold it
       * needs the write lock (taken per new chunk, it would be taken most
       * of the times a build takes it). */
      guint size = history_chunk_size (a->n_chunks);
      HistoryChange *chunk = history_recycled_take (h, a->n_chunks);
      if (chunk == NULL)
        chunk = history_arena_alloc (h, size);
      if (a->n_chunks == a->cap_chunks)
        {
          g_rw_lock_writer_lock (&h->lock);
          a->cap_chunks = MAX (4, a->cap_chunks * 2);
          a->chunks = g_renew (HistoryChange *, a->chunks, a->cap_chunks);
          a->chunk_first = g_renew (LttvTime, a->chunk_first, a->cap_chunks);
          g_rw_lock_writer_unlock (&h->lock);
        }
      /* the one before is final: the write that could still change its
       * last change (rewrite_last) only touches this new one now */
      if (h->full_chunks != NULL && a->n_chunks > 0)
        g_array_append_val (h->full_chunks, ((HistoryFullChunk) {
          (guint32) (a - h->attrs), a->n_chunks - 1 }));
      a->chunks[a->n_chunks] = chunk;
      a->chunk_first[a->n_chunks] = t;
      a->n_chunks++;
      a->capacity += size;
    }
  guint chunk = history_chunk_of (k), base = history_chunk_base (chunk);
  if (k == base)
    a->chunk_first[chunk] = t;
  a->next_end = a->chunks[chunk] + history_chunk_size (chunk);
  return a->chunks[chunk] + (k - base);
}

/* A sealed attribute's last chunk decoded back, to write after it; the
 * block store then forgets its block. */
static void
unseal (LttvHistory *h, HistoryAttr *a)
{
  guint c = a->n_chunks - 1;
  /* (a copy with room for the chunk's size, as a query's would be) */
  HistoryChange *chunk = history_recycled_load (a, c);
  guint m = a->n - history_chunk_base (c);
  a->tail = chunk + m - 1;
  a->next = chunk + m;
  a->next_end = chunk + history_chunk_size (c);
  guint32 entry = a->sealed_entry - 1;
  if (h->unsealed != NULL)
    g_array_append_val (h->unsealed, entry);
  a->sealed_entry = 0;
}

static void rewrite_last (LttvHistory *h, HistoryAttr *a, HistoryChange *last,
                          LttvTime t, LttvValue v);

/* The rare cases out of line, so that the common one (room in the chunk)
 * needs no saved registers. */
static G_GNUC_NO_INLINE void
append_new_slot (LttvHistory *h, HistoryAttr *a, LttvTime t, LttvValue v)
{
  if (G_UNLIKELY (history_attr_sealed (a)))
    {
      unseal (h, a);
      /* (a sealed chunk is never full: there is room after its last) */
      if (a->tail->start >= t)
        rewrite_last (h, a, a->tail, t, v);
      else
        history_store (h, a, a->n, a->next, t, v);
      return;
    }
  guint k = a->n;
  history_store (h, a, k, next_slot (h, a, k, t), t, v);
}

/* A second write at the time of the last change. */
static G_GNUC_NO_INLINE void
rewrite_last (LttvHistory *h, HistoryAttr *a, HistoryChange *last, LttvTime t,
              LttvValue v)
{
  g_return_if_fail (t == last->start);
  /* Several writes at one time: the last wins, and no zero-length
   * interval is left behind. Nobody reads it yet: it is past the
   * committed limit. */
  guint n = a->n;
  LttvValue before = n >= 2 ? history_change (a, n - 2)->value : LTTV_VALUE_NONE;
  if (before == v)
    {
      __atomic_store_n (&a->n, n - 1, __ATOMIC_RELEASE);
      h->n_intervals--;
      a->tail = n >= 2 ? history_change (a, n - 2) : NULL;
      a->last_start = n >= 2 ? a->tail->start : 0;
      a->next = last;
      /* the first of its chunk: the next one sets chunk_first */
      if (n - 1 == history_chunk_base (history_chunk_of (n - 1)))
        a->next_end = last;
    }
  else
    last->value = v;
}

void
lttv_history_set (LttvHistory *h, LttvAttr attr, LttvTime t, LttvValue v)
{
  HistoryAttr *a = &h->attrs[attr];
  if (a->current == v)
    return;
  a->current = v;
  HistoryChange *last = a->tail;
  if (last != NULL && last->start >= t)
    rewrite_last (h, a, last, t, v);
  else if (G_LIKELY (a->next != a->next_end))
    history_store (h, a, a->n, a->next, t, v);
  else
    append_new_slot (h, a, t, v);
}

LttvValue
lttv_history_current (LttvHistory *h, LttvAttr attr)
{
  return h->attrs[attr].current;
}

void
lttv_history_commit (LttvHistory *h, LttvTime t)
{
  history_commit (h, t);
}

void
lttv_history_finish (LttvHistory *h, LttvTime end)
{
  lttv_history_commit (h, end == LTTV_TIME_NONE ? end : end + 1);
  HistorySummary *sum = big_array_alloc0 (MAX (1, h->n_attrs) * sizeof (HistorySummary));
  for (guint i = 0; i < h->n_attrs; i++)
    {
      HistoryAttr *a = &h->attrs[i];
      sum[i].n = a->n;
      if (a->n == 0)
        continue;
      sum[i].first = a->first_start;
      /* (without touching the last chunk: from the cache, it is not
       * decoded; built, it is a cache miss each) */
      sum[i].last = a->last_start;
      sum[i].last_value = a->current;
    }
  g_rw_lock_writer_lock (&h->lock);
  big_array_free (h->summary, MAX (1, h->n_summary) * sizeof (HistorySummary));
  h->summary = sum;
  h->n_summary = h->n_attrs;
  g_rw_lock_writer_unlock (&h->lock);
  __atomic_store_n (&h->finished, TRUE, __ATOMIC_RELEASE);
}

LttvTime
lttv_history_begin (LttvHistory *h)
{
  return h->begin;
}

LttvTime
lttv_history_committed_end (LttvHistory *h)
{
  LttvTime limit = history_limit (h);
  return limit == 0 ? LTTV_TIME_NONE : limit - 1;
}

gboolean
lttv_history_is_finished (LttvHistory *h)
{
  return __atomic_load_n (&h->finished, __ATOMIC_ACQUIRE);
}

guint64
lttv_history_n_intervals (LttvHistory *h)
{
  return h->n_intervals;
}

gsize
lttv_history_memory (LttvHistory *h)
{
  gsize bytes = sizeof *h + h->cap_attrs * sizeof (HistoryAttr);
  g_rw_lock_reader_lock (&h->lock);
  /* the chunks (built, or decoded from the cache), their blocks once
   * recycled and the copies decoded from those, then each attribute's
   * tables */
  bytes += history_slabs_bytes (&h->arena);
  g_mutex_lock (&h->decode_lock);
  bytes += history_spill_memory (h);
  g_mutex_unlock (&h->decode_lock);
  for (guint i = 0; i < h->n_attrs; i++)
    {
      const HistoryAttr *a = &h->attrs[i];
      bytes += a->lazy == NULL ? a->cap_chunks * (sizeof (gpointer) + sizeof (LttvTime))
                               : a->n_chunks * sizeof (gpointer);
    }
  g_rw_lock_reader_unlock (&h->lock);
  return bytes;
}

/* --- Queries, under the read lock --------------------------------------- */

gint64
history_find (const HistoryAttr *a, guint n, LttvTime t)
{
  if (n == 0 || a->first_start > t)
    return -1;
  /* Past the last change: no search (dead threads, quiet attributes).
   * From the cache, without decoding the last chunk. */
  if (a->lazy != NULL ? a->last_start <= t : history_change (a, n - 1)->start <= t)
    return (gint64) n - 1;
  /* The sparse index first: the last chunk starting at or before t. */
  guint lo = 0, hi = history_chunk_of (n - 1) + 1;
  while (hi - lo > 1)
    {
      guint mid = (lo + hi) / 2;
      if (a->chunk_first[mid] <= t)
        lo = mid;
      else
        hi = mid;
    }
  const HistoryChange *chunk = history_chunk (a, lo);
  guint base = history_chunk_base (lo);
  guint l = 0, r = MIN (history_chunk_size (lo), n - base);
  while (r - l > 1)
    {
      guint mid = (l + r) / 2;
      if (chunk[mid].start <= t)
        l = mid;
      else
        r = mid;
    }
  return (gint64) (base + l);
}

guint
history_committed_count (LttvHistory *h, const HistoryAttr *a, LttvTime limit)
{
  guint n = __atomic_load_n (&a->n, __ATOMIC_ACQUIRE);
  if (__atomic_load_n (&h->finished, __ATOMIC_ACQUIRE))
    return n;
  /* Changes at or after the limit may still be rewritten: leave them out.
   * They are a few at the end, at the builder's current time. */
  while (n > 0 && history_change (a, n - 1)->start >= limit)
    n--;
  return n;
}

static void
interval_at (LttvHistory *h, const HistoryAttr *a, guint n, LttvTime limit,
             gint64 k, LttvInterval *out)
{
  out->start = k < 0 ? h->begin : history_change (a, (guint) k)->start;
  out->value = k < 0 ? LTTV_VALUE_NONE : history_change (a, (guint) k)->value;
  out->end = (guint64) (k + 1) < n ? history_change (a, (guint) (k + 1))->start - 1
                                   : limit - 1;
}

gboolean
lttv_history_query (LttvHistory *h, LttvAttr attr, LttvTime t,
                    LttvInterval *out)
{
  LttvTime limit = history_limit (h);
  if (t >= limit)
    return FALSE;
  g_rw_lock_reader_lock (&h->lock);
  if (attr >= h->n_attrs)
    {
      g_rw_lock_reader_unlock (&h->lock);
      return FALSE;
    }
  const HistoryAttr *a = &h->attrs[attr];
  guint n = history_committed_count (h, a, limit);
  interval_at (h, a, n, limit, history_find (a, n, t), out);
  g_rw_lock_reader_unlock (&h->lock);
  return TRUE;
}

LttvValue *
lttv_history_query_full (LttvHistory *h, LttvTime t, guint *n_attrs)
{
  LttvTime limit = history_limit (h);
  if (t >= limit)
    return NULL;
  g_rw_lock_reader_lock (&h->lock);
  LttvValue *values = g_new (LttvValue, MAX (1, h->n_attrs));
  guint i = 0;
  if (h->summary != NULL)
    for (; i < h->n_summary; i++)
      {
        /* Finished: most attributes answer from their summary. */
        const HistorySummary *sum = &h->summary[i];
        if (sum->n == 0 || t < sum->first)
          values[i] = LTTV_VALUE_NONE;
        else if (t >= sum->last)
          values[i] = sum->last_value;
        else if (h->attrs[i].lazy != NULL)
          values[i] = history_lazy_value_at (&h->attrs[i], t, NULL);
        else
          values[i] = history_change (&h->attrs[i],
                                      (guint) history_find (&h->attrs[i], sum->n, t))->value;
      }
  for (; i < h->n_attrs; i++)
    {
      const HistoryAttr *a = &h->attrs[i];
      guint n = history_committed_count (h, a, limit);
      gint64 k = history_find (a, n, t);
      values[i] = k < 0 ? LTTV_VALUE_NONE : history_change (a, (guint) k)->value;
    }
  *n_attrs = h->n_attrs;
  g_rw_lock_reader_unlock (&h->lock);
  return values;
}

/* Beyond this many changes in one pixel, the pixel shows the value at its
 * start instead of looking for the longest one. */
#define ROW_SCAN_MAX 16
/* A busy row's pixels each read two places of memory far from the last
 * pixel's (see history_rank): fetched this many pixels ahead. */
#define ROW_PREFETCH_CUM 32
#define ROW_PREFETCH_CHANGES 12

/* The last change at or before `t`, knowing that change `from` (or none:
 * -1) starts at or before it: a galloping search forward from `from`,
 * first stride `hint` (the previous pixel's number of changes), then an
 * interpolation search in the bracket, every other step a halving so that
 * skewed times cost no more than a binary search. */
static gint64
find_after (const HistoryAttr *a, guint n, gint64 from, LttvTime t, guint64 hint)
{
  gint64 lo = from, hi;
  guint64 stride = MAX (hint, 1);
  gboolean halve = FALSE;

  if (from < 0 && (n == 0 || a->first_start > t))
    return -1;
  for (;;)
    {
      hi = lo + (gint64) stride;
      if (hi >= (gint64) n || history_change (a, (guint) hi)->start > t)
        break;
      lo = hi;
      stride *= 2;
    }
  /* Change lo starts at or before t (or lo is -1), change hi (when it
   * exists) after. */
  hi = MIN (hi, (gint64) n);
  while (hi - lo > 1)
    {
      gint64 mid = lo + (hi - lo) / 2;
      if (!halve && lo >= 0 && hi < (gint64) n && hi - lo > 8)
        {
          LttvTime s0 = history_change (a, (guint) lo)->start;
          LttvTime s1 = history_change (a, (guint) hi)->start;
          mid = lo + 1 + (gint64) ((double) (t - s0) / (double) (s1 - s0) * (double) (hi - lo - 1));
          mid = CLAMP (mid, lo + 1, hi - 1);
        }
      halve = !halve;
      if (history_change (a, (guint) mid)->start <= t)
        lo = mid;
      else
        hi = mid;
    }
  return lo;
}

/* The value that holds most of pixel [ps, pe], in which changes k (or
 * none: -1) to last fall: walked along their chunks, not looked up one by
 * one (a busy row does this at most pixels). */
static LttvValue
longest_value (const HistoryAttr *a, gint64 k, gint64 last, LttvTime ps, LttvTime pe)
{
  guint i = k < 0 ? 0 : (guint) k;
  guint c = history_chunk_of (i);
  const HistoryChange *ch = history_chunk (a, c) + (i - history_chunk_base (c));
  const HistoryChange *chunk_end = ch + (history_chunk_base (c) + history_chunk_size (c) - i);
  LttvValue value = LTTV_VALUE_NONE;
  LttvTime best = k < 0 ? ch->start - ps : 0;   /* before change 0: none */
  for (;; i++)
    {
      LttvTime s = MAX (ch->start, ps);
      const HistoryChange *cur = ch;
      LttvTime e;
      if (i == last)
        e = pe;
      else
        {
          if (++ch == chunk_end)
            {
              ch = history_chunk (a, ++c);
              chunk_end = ch + history_chunk_size (c);
            }
          e = ch->start - 1;
        }
      if (e - s + 1 > best)
        {
          best = e - s + 1;
          value = cur->value;
        }
      if (i == last)
        return value;
    }
}

guint
lttv_history_query_row (LttvHistory *h, LttvAttr attr, LttvTime t0,
                        LttvTime step, guint n_samples, LttvSample *out)
{
  memset (out, 0, n_samples * sizeof *out);
  LttvTime limit = history_limit (h);
  if (step == 0 || limit == 0)
    return 0;
  g_rw_lock_reader_lock (&h->lock);
  if (attr >= h->n_attrs)
    {
      g_rw_lock_reader_unlock (&h->lock);
      return 0;
    }
  const HistoryAttr *a = &h->attrs[attr];
  guint n = history_committed_count (h, a, limit);
  /* Busy and finished: pixel ends found from the rank index. */
  const HistoryRankIndex *ri = history_rank_index (h, &h->attrs[attr]);
  gint64 prev_last = -1;
  guint64 prev_gap = 1;
  guint p = 0;
  for (; p < n_samples; p++)
    {
      LttvTime ps = t0 + (LttvTime) p * step;
      if (ps >= limit || ps < t0)
        break;
      LttvTime pe = MIN (ps + step - 1, limit - 1);
      /* Pixels follow each other: search on from the previous pixel's
       * last change instead of from scratch (a window where changes are
       * sparse costs O(1) per pixel, a dense one O(log gap)). */
      gint64 k = p == 0 ? history_find (a, n, ps) : find_after (a, n, prev_last, ps, 1);
      if (ri != NULL)
        history_rank_prefetch (a, ri, pe + ROW_PREFETCH_CUM * step,
                               pe + ROW_PREFETCH_CHANGES * step);
      gint64 last = ri != NULL ? history_rank (a, ri, pe) : find_after (a, n, k, pe, prev_gap);
      prev_gap = (guint64) (last - k);
      prev_last = last;
      out[p].mixed = (guint32) (last - k);
      out[p].value = k < 0 ? LTTV_VALUE_NONE : history_change (a, (guint) k)->value;
      if (last > k && last - k <= ROW_SCAN_MAX)
        out[p].value = longest_value (a, k, last, ps, pe);
    }
  g_rw_lock_reader_unlock (&h->lock);
  return p;
}

GArray *
lttv_history_intervals (LttvHistory *h, LttvAttr attr, LttvTime t0,
                        LttvTime t1)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (LttvInterval));
  lttv_history_intervals_into (h, attr, t0, t1, out);
  return out;
}

void
lttv_history_intervals_into (LttvHistory *h, LttvAttr attr, LttvTime t0,
                             LttvTime t1, GArray *out)
{
  g_array_set_size (out, 0);
  LttvTime limit = history_limit (h);
  if (limit == 0 || t0 >= limit || t0 > t1)
    return;
  t1 = MIN (t1, limit - 1);
  g_rw_lock_reader_lock (&h->lock);
  if (attr < h->n_attrs)
    {
      const HistoryAttr *a = &h->attrs[attr];
      guint n = history_committed_count (h, a, limit);
      gint64 k = history_find (a, n, t0);
      LttvInterval iv;
      if (k < 0)
        {
          interval_at (h, a, n, limit, k++, &iv);
          if (iv.start > t1)
            goto done;
          g_array_append_val (out, iv);
        }
      /* Chunk by chunk; those never decoded are decoded in passing, not
       * kept (history_chunk_passing). */
      HistoryChange scratch[HISTORY_CHUNK_SIZE];
      while ((guint64) k < n)
        {
          guint c = history_chunk_of ((guint) k), base = history_chunk_base (c);
          guint m = MIN (history_chunk_size (c), n - base);
          const HistoryChange *chunk = history_chunk_passing (a, c, scratch);
          for (guint j = (guint) k - base; j < m; j++, k++)
            {
              if (chunk[j].start > t1)
                goto done;
              iv.start = chunk[j].start;
              iv.value = chunk[j].value;
              iv.end = j + 1 < m ? chunk[j + 1].start - 1
                       : (guint64) k + 1 < n ? a->chunk_first[c + 1] - 1 : limit - 1;
              g_array_append_val (out, iv);
            }
        }
    done:;
    }
  g_rw_lock_reader_unlock (&h->lock);
}
