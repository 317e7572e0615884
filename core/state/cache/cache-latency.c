/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The cache's LATENCY section (cache.c): the latency analyses' intervals.
 * Varints: whether the build made them (0: built without them);
 * then per kind its names (count, then each length and bytes) and its
 * intervals (count, then each: begin - previous begin, duration, tid + 1,
 * cpu + 1, flags, name, size). Read whole at load, every bound checked. */
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

void
state_cache_put_latency (Writer *w, const LttvLatency *l)
{
  put (w, l != NULL);
  if (l == NULL)
    return;
  /* Room for the longest encoding at once: pages are only backed where
   * written, and a growing buffer copied itself (2.4 M system calls: 30
   * MB, a third of the analyses' cost in the build). */
  gsize most = 0;
  for (guint k = 0; k < LTTV_LATENCY_N_KINDS; k++)
    most += 10 + l->k[k].n * 7 * 10 + l->k[k].names->len * 80;
  writer_reserve (w, most);
  for (guint k = 0; k < LTTV_LATENCY_N_KINDS; k++)
    {
      const LatencyKind *lk = &l->k[k];
      put (w, lk->names->len);
      for (guint i = 0; i < lk->names->len; i++)
        {
          const char *name = g_ptr_array_index (lk->names, i);
          size_t n = strlen (name);
          put (w, n);
          writer_append (w, name, n);
        }
      const LttvLatencyInterval *iv = lk->iv;
      put (w, lk->n);
      LttvTime prev = 0;
      for (gsize i = 0; i < lk->n; i++)
        {
          put (w, iv[i].begin - prev);
          prev = iv[i].begin;
          put (w, iv[i].duration);
          put (w, (guint64) ((gint64) iv[i].tid + 1));
          put (w, (guint64) ((gint64) iv[i].cpu + 1));
          put (w, iv[i].flags);
          put (w, iv[i].name);
          put (w, iv[i].size);
        }
    }
}

gboolean
state_cache_get_latency (const guint8 *bytes, gsize len, gboolean *present, LttvLatency **out)
{
  Reader r = { bytes, bytes + len, FALSE };
  *out = NULL;
  *present = get_varint (&r) != 0;
  if (r.bad)
    return FALSE;
  if (!*present)
    return r.p == r.end;
  LttvLatency *l = latency_store_new ();
  for (guint k = 0; k < LTTV_LATENCY_N_KINDS && !r.bad; k++)
    {
      LatencyKind *lk = &l->k[k];
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
      guint64 n = get_count (&r);
      if (r.bad)
        break;
      latency_store_resize (l, (LttvLatencyKind) k, n);
      LttvLatencyInterval *iv = lk->iv;
      LttvTime prev = 0;
      for (guint64 i = 0; i < n && !r.bad; i++)
        {
          guint64 delta = get_varint (&r);
          iv[i].begin = prev + delta;
          iv[i].duration = get_varint (&r);
          guint64 tid = get_varint (&r), cpu = get_varint (&r), flags = get_varint (&r), name = get_varint (&r),
                  size = get_varint (&r);
          if (iv[i].begin < prev || tid > (guint64) G_MAXINT32 + 1 || cpu > G_MAXINT16 + 1
              || flags > G_MAXUINT16 || name >= n_names || size > G_MAXUINT32
              || ((flags & LTTV_LATENCY_CUT) && iv[i].duration != 0))
            r.bad = TRUE;
          prev = iv[i].begin;
          iv[i].tid = (gint32) ((gint64) tid - 1);
          iv[i].cpu = (gint16) ((gint64) cpu - 1);
          iv[i].flags = (guint16) flags;
          iv[i].name = (guint32) name;
          iv[i].size = (guint32) size;
        }
    }
  if (r.bad || r.p != r.end)
    {
      latency_store_free (l);
      return FALSE;
    }
  latency_store_finish (l);
  *out = l;
  return TRUE;
}
