/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The cache's LATENCY section (cache.c): the latency analyses' intervals.
 * Its first 8 bytes: the length H of a head of varints, which the TOC's
 * checksum covers: whether the build made them (0: built without them);
 * then per kind its names (count, then each length and bytes), its count
 * of intervals, its late intervals (count, then each: begin, duration,
 * tid + 1, cpu + 1, flags, name, size), the length of its blocks and their
 * checksum. After the head, each kind's blocks as they are in memory
 * (latency-codec.c): written from there, no copy. At load each block is
 * decoded once, every bound checked, which also gives the blocks' tables. */
#include "config.h"

#include <string.h>

#include "cache/cache.h"
#include "cache/cache-reader.h"
#include "history/block-store.h"
#include "latency-store.h"

static inline void
put (Writer *w, guint64 v)
{
  writer_reserve (w, 10);
  w->len = (gsize) (varint_at (w->data + w->len, v) - w->data);
}

gsize
state_cache_put_latency (Writer *w, const LttvLatency *l, struct iovec blocks[LTTV_LATENCY_N_KINDS])
{
  writer_reserve (w, 8);
  w->len = 8;
  put (w, l != NULL);
  gsize total = 0;
  for (guint k = 0; k < LTTV_LATENCY_N_KINDS; k++)
    {
      const LatencyKind *lk = l != NULL ? &l->k[k] : NULL;
      blocks[k] = (struct iovec) { lk != NULL ? lk->bytes : NULL, lk != NULL ? lk->len : 0 };
      total += blocks[k].iov_len;
      if (lk == NULL)
        continue;
      put (w, lk->names->len);
      for (guint i = 0; i < lk->names->len; i++)
        {
          const char *name = g_ptr_array_index (lk->names, i);
          size_t n = strlen (name);
          put (w, n);
          writer_append (w, name, n);
        }
      put (w, lk->n);
      put (w, lk->n_late);
      for (gsize i = 0; i < lk->n_late; i++)
        {
          const LttvLatencyInterval *x = &lk->late[i];
          put (w, x->begin);
          put (w, x->duration);
          put (w, (guint64) ((gint64) x->tid + 1));
          put (w, (guint64) ((gint64) x->cpu + 1));
          put (w, x->flags);
          put (w, x->name);
          put (w, x->size);
        }
      put (w, lk->len);
      put (w, state_cache_checksum (lk->bytes, lk->len));
    }
  guint64 head = w->len - 8;
  memcpy (w->data, &head, 8);
  return total;
}

/* Decodes every block of `lk` (its bytes, n and late intervals read):
 * the blocks' tables; FALSE when they are not blocks we wrote. */
static gboolean
load_blocks (LatencyKind *lk)
{
  gsize n_blocks = (lk->n + LATENCY_BLOCK - 1) / LATENCY_BLOCK;
  latency_store_blocks_room (lk, n_blocks);
  const guint8 *p = lk->bytes, *end = lk->bytes + lk->len;
  LttvTime last = 0;
  LttvLatencyInterval iv[LATENCY_BLOCK];
  for (gsize j = 0; j < n_blocks; j++)
    {
      guint n = (guint) MIN (lk->n - j * LATENCY_BLOCK, LATENCY_BLOCK);
      lk->offs[j] = (guint64) (p - lk->bytes);
      p = latency_block_read (lk, p, end, n, iv);
      if (p == NULL || iv[0].begin < last)
        return FALSE;
      last = iv[n - 1].begin;
      lk->firsts[j] = iv[0].begin;
      latency_block_max (lk, j, iv, n);
    }
  lk->n_blocks = n_blocks;
  return p == end;
}

gboolean
state_cache_get_latency (const guint8 *bytes, gsize len, guint64 sum, gboolean *present,
                         LttvLatency **out)
{
  *out = NULL;
  guint64 head;
  if (len < 8)
    return FALSE;
  memcpy (&head, bytes, 8);
  if (head > len - 8 || state_cache_checksum (bytes, head + 8) != sum)
    return FALSE;
  Reader r = { bytes + 8, bytes + 8 + head, FALSE };
  const guint8 *data = bytes + 8 + head, *data_end = bytes + len;
  *present = get_varint (&r) != 0;
  if (r.bad)
    return FALSE;
  if (!*present)
    return r.p == r.end && data == data_end;
  LttvLatency *l = latency_store_new ();
  for (guint k = 0; k < LTTV_LATENCY_N_KINDS && !r.bad; k++)
    {
      LatencyKind *lk = &l->k[k];
      g_clear_pointer (&lk->stage, g_free);
      guint64 n_names = get_count (&r);
      for (guint64 i = 0; i < n_names && !r.bad; i++)
        {
          guint64 n = get_varint (&r);
          if (r.bad || n > (guint64) (r.end - r.p))
            {
              r.bad = TRUE;
              break;
            }
          g_autofree char *name = g_strndup ((const char *) r.p, n);
          r.p += n;
          /* (a duplicate name: not a file we wrote) */
          if (latency_store_name (l, (LttvLatencyKind) k, name) != i)
            r.bad = TRUE;
        }
      guint64 n = get_varint (&r), n_late = get_count (&r);
      if (r.bad || n > G_MAXUINT32)
        break;
      lk->n = n;
      lk->late = g_new (LttvLatencyInterval, n_late);
      lk->n_late = lk->late_cap = n_late;
      for (guint64 i = 0; i < n_late && !r.bad; i++)
        {
          LttvLatencyInterval *x = &lk->late[i];
          x->begin = get_varint (&r);
          x->duration = get_varint (&r);
          guint64 tid = get_varint (&r), cpu = get_varint (&r), flags = get_varint (&r),
                  name = get_varint (&r), size = get_varint (&r);
          if (tid > (guint64) G_MAXINT32 + 1 || cpu > G_MAXINT16 + 1 || flags > G_MAXUINT16
              || name >= n_names || size > G_MAXUINT32
              || ((flags & LTTV_LATENCY_CUT) && x->duration != 0))
            r.bad = TRUE;
          x->tid = (gint32) ((gint64) tid - 1);
          x->cpu = (gint16) ((gint64) cpu - 1);
          x->flags = (guint16) flags;
          x->name = (guint32) name;
          x->size = (guint32) size;
        }
      guint64 n_bytes = get_varint (&r), bytes_sum = get_varint (&r);
      if (r.bad || n_bytes > (guint64) (data_end - data)
          || state_cache_checksum (data, n_bytes) != bytes_sum)
        {
          r.bad = TRUE;
          break;
        }
      if (n_bytes > 0)
        {
          latency_bytes_resize (lk, n_bytes);
          memcpy (lk->bytes, data, n_bytes);
          lk->len = n_bytes;
        }
      data += n_bytes;
      if (!load_blocks (lk))
        r.bad = TRUE;
      else
        latency_store_levels (lk);
    }
  if (r.bad || r.p != r.end || data != data_end)
    {
      latency_store_free (l);
      return FALSE;
    }
  for (guint k = 0; k < LTTV_LATENCY_N_KINDS; k++)
    g_clear_pointer (&l->k[k].late_open, g_hash_table_destroy);
  *out = l;
  return TRUE;
}
