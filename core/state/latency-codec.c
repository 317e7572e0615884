/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The latencies' blocks (latency-store.h): LATENCY_BLOCK intervals each,
 * every interval a lead then varints:
 *
 *   lead     the first of the block: a header byte, then its begin; the
 *            others: (the time since the previous one's begin) << 1,
 *            its low bit set when a header byte follows (none: a header
 *            of 0, the common case); a time of 2^63 or more: 1, then the
 *            header byte with WIDE, then the time
 *   header   LATE, TID, CPU, NAME, FLAGS, SIZE: which fields follow
 *   LATE     the late interval's id (it holds everything but the begin);
 *            nothing else follows
 *   duration (in ns, 0 when cut)
 *   TID      tid + 1   (absent: the previous interval's, -1 for the first)
 *   CPU      cpu + 1   (absent: the previous interval's, -1 for the first)
 *   NAME     the name  (absent: the previous interval's, 0 for the first)
 *   FLAGS    the flags (absent: 0)
 *   SIZE     the size  (absent: 0)
 *
 * A block needs nothing outside itself to decode; the cache stores the
 * same bytes (cache-latency.c). */
#include "config.h"

#include <string.h>

#include "latency-store.h"

enum {
  H_LATE = 1 << 0,
  H_TID = 1 << 1,
  H_CPU = 1 << 2,
  H_NAME = 1 << 3,
  H_FLAGS = 1 << 4,
  H_SIZE = 1 << 5,
  H_WIDE = 1 << 6,
};

static inline guint8 *
put (guint8 *p, guint64 v)
{
  while (v >= 0x80)
    {
      *p++ = (guint8) (v | 0x80);
      v >>= 7;
    }
  *p++ = (guint8) v;
  return p;
}

/* The lead of an interval: its header and begin. */
static inline guint8 *
put_lead (guint8 *p, guint i, guint h, LttvTime begin, LttvTime prev)
{
  if (i == 0)
    {
      *p++ = (guint8) h;
      return put (p, begin);
    }
  guint64 delta = begin - prev;
  if (h == 0 && delta < G_GUINT64_CONSTANT (1) << 63)
    return put (p, delta << 1);
  if (delta < G_GUINT64_CONSTANT (1) << 63)
    {
      p = put (p, delta << 1 | 1);
      *p++ = (guint8) h;
      return p;
    }
  p = put (p, 1);
  *p++ = (guint8) (h | H_WIDE);
  return put (p, delta);
}

/* Encodes iv[0..n) at p; returns the end. */
static guint8 *
encode (LatencyKind *lk, gsize first, const LttvLatencyInterval *iv, guint n, guint8 *p)
{
  LttvTime prev = 0;
  gint32 tid = -1;
  gint16 cpu = -1;
  guint32 name = 0;
  for (guint i = 0; i < n; i++)
    {
      const LttvLatencyInterval *x = &iv[i];
      if (x->duration == LATENCY_OPEN)
        {
          /* still open: kept whole until it ends */
          if (lk->n_late == lk->late_cap)
            {
              lk->late_cap = MAX (lk->late_cap * 2, 64);
              lk->late = g_renew (LttvLatencyInterval, lk->late, lk->late_cap);
            }
          lk->late[lk->n_late] = *x;
          g_hash_table_insert (lk->late_open, GSIZE_TO_POINTER (first + i),
                               GSIZE_TO_POINTER (lk->n_late + 1));
          p = put_lead (p, i, H_LATE, x->begin, prev);
          prev = x->begin;
          p = put (p, lk->n_late++);
          continue;
        }
      guint h = (x->tid != tid ? H_TID : 0) | (x->cpu != cpu ? H_CPU : 0)
                | (x->name != name ? H_NAME : 0) | (x->flags != 0 ? H_FLAGS : 0)
                | (x->size != 0 ? H_SIZE : 0);
      p = put_lead (p, i, h, x->begin, prev);
      prev = x->begin;
      p = put (p, x->duration);
      if (h & H_TID)
        p = put (p, (guint64) ((gint64) x->tid + 1));
      if (h & H_CPU)
        p = put (p, (guint64) ((gint64) x->cpu + 1));
      if (h & H_NAME)
        p = put (p, x->name);
      if (h & H_FLAGS)
        p = put (p, x->flags);
      if (h & H_SIZE)
        p = put (p, x->size);
      tid = x->tid;
      cpu = x->cpu;
      name = x->name;
    }
  return p;
}

void
latency_store_seal (LatencyKind *lk)
{
  gsize j = lk->n_blocks, first = j * LATENCY_BLOCK;
  guint n = (guint) MIN (lk->n - first, LATENCY_BLOCK);
  if (lk->len + n * LATENCY_MAX_ENCODED > lk->cap)
    {
      latency_bytes_resize (lk, MAX (lk->cap * 2, MAX (lk->len + n * LATENCY_MAX_ENCODED, 1 << 16)));
    }
  latency_store_blocks_room (lk, j + 1);
  /* (a block is one run of the stage: both are multiples of blocks) */
  const LttvLatencyInterval *iv = &lk->stage[first % LATENCY_STAGE_N];
  lk->offs[j] = lk->len;
  lk->firsts[j] = iv[0].begin;
  latency_block_max (lk, j, iv, n);
  lk->len = (gsize) (encode (lk, first, iv, n, lk->bytes + lk->len) - lk->bytes);
  lk->n_blocks = j + 1;
}

/* A varint from [*p, end); sets *bad past the end or beyond 64 bits. */
static inline guint64
get (const guint8 **p, const guint8 *end, gboolean *bad)
{
  guint64 v = 0;
  for (guint shift = 0; shift < 64; shift += 7)
    {
      if (*p == end)
        break;
      guint8 b = *(*p)++;
      v |= (guint64) (b & 0x7f) << shift;
      if (!(b & 0x80))
        return v;
    }
  *bad = TRUE;
  return 0;
}

const guint8 *
latency_block_read (const LatencyKind *lk, const guint8 *p, const guint8 *end, guint count,
                    LttvLatencyInterval *out)
{
  gboolean bad = FALSE;
  LttvTime prev = 0;
  gint32 tid = -1;
  gint16 cpu = -1;
  guint32 name = 0;
  guint n_names = lk->names->len;
  for (guint i = 0; i < count && !bad; i++)
    {
      guint h;
      LttvTime begin;
      if (i == 0)
        {
          if (p == end)
            return NULL;
          h = *p++;
          begin = get (&p, end, &bad);
        }
      else
        {
          guint64 v = get (&p, end, &bad);
          guint64 delta = v >> 1;
          h = 0;
          if (v & 1)
            {
              if (p == end)
                return NULL;
              h = *p++;
            }
          if (h & H_WIDE)
            {
              if (delta != 0)
                return NULL;
              delta = get (&p, end, &bad);
              h &= ~H_WIDE;
            }
          begin = prev + delta;
        }
      if (begin < prev || h > (H_LATE | H_TID | H_CPU | H_NAME | H_FLAGS | H_SIZE))
        return NULL;
      prev = begin;
      LttvLatencyInterval *x = &out[i];
      if (h & H_LATE)
        {
          guint64 id = get (&p, end, &bad);
          if (h != H_LATE || id >= lk->n_late || lk->late[id].begin != begin)
            return NULL;
          *x = lk->late[id];
          continue;
        }
      x->begin = begin;
      x->duration = get (&p, end, &bad);
      if (h & H_TID)
        {
          guint64 v = get (&p, end, &bad);
          if (v > (guint64) G_MAXINT32 + 1)
            return NULL;
          tid = (gint32) ((gint64) v - 1);
        }
      if (h & H_CPU)
        {
          guint64 v = get (&p, end, &bad);
          if (v > (guint64) G_MAXINT16 + 1)
            return NULL;
          cpu = (gint16) ((gint64) v - 1);
        }
      if (h & H_NAME)
        {
          guint64 v = get (&p, end, &bad);
          if (v >= n_names)
            return NULL;
          name = (guint32) v;
        }
      guint64 flags = (h & H_FLAGS) ? get (&p, end, &bad) : 0;
      guint64 size = (h & H_SIZE) ? get (&p, end, &bad) : 0;
      if (flags > G_MAXUINT16 || size > G_MAXUINT32
          || ((flags & LTTV_LATENCY_CUT) && x->duration != 0))
        return NULL;
      x->tid = tid;
      x->cpu = cpu;
      x->name = name;
      x->flags = (guint16) flags;
      x->size = (guint32) size;
    }
  return bad ? NULL : p;
}

guint
latency_block_decode (const LatencyKind *lk, gsize j, LttvLatencyInterval *out)
{
  guint n = (guint) MIN (lk->n - j * LATENCY_BLOCK, LATENCY_BLOCK);
  const guint8 *end = j + 1 < lk->n_blocks ? lk->bytes + lk->offs[j + 1] : lk->bytes + lk->len;
  /* (checked when made or loaded) */
  latency_block_read (lk, lk->bytes + lk->offs[j], end, n, out);
  return n;
}
