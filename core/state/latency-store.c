/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The latencies' storage: encoded blocks and names per kind, and the
 * tables of maxima that answer lttv_latency_max_in in O(log n). */
#include "config.h"

#include <string.h>

#include "latency-store.h"

LttvLatency *
latency_store_new (void)
{
  static gint last_id;
  LttvLatency *l = g_new0 (LttvLatency, 1);
  for (guint k = 0; k < LTTV_LATENCY_N_KINDS; k++)
    {
      l->k[k].id = (guint64) (guint) g_atomic_int_add (&last_id, 1) + 1;
      l->k[k].names = g_ptr_array_new_with_free_func (g_free);
      l->k[k].name_ids = g_hash_table_new (g_str_hash, g_str_equal);
      l->k[k].stage = g_new (LttvLatencyInterval, LATENCY_STAGE_N);
      l->k[k].late_open = g_hash_table_new (g_direct_hash, g_direct_equal);
    }
  return l;
}

void
latency_store_free (LttvLatency *l)
{
  if (l == NULL)
    return;
  for (guint k = 0; k < LTTV_LATENCY_N_KINDS; k++)
    {
      LatencyKind *lk = &l->k[k];
      latency_bytes_resize (lk, 0);
      g_free (lk->offs);
      g_free (lk->firsts);
      g_free (lk->stage);
      g_free (lk->late);
      if (lk->late_open != NULL)
        g_hash_table_destroy (lk->late_open);
      g_hash_table_destroy (lk->name_ids);
      g_ptr_array_unref (lk->names);
      for (guint i = 0; i < LATENCY_LEVELS; i++)
        {
          g_free (lk->max[i]);
          g_free (lk->max_d[i]);
        }
    }
  g_free (l);
}

guint32
latency_store_name (LttvLatency *l, LttvLatencyKind kind, const char *name)
{
  LatencyKind *lk = &l->k[kind];
  gpointer id = g_hash_table_lookup (lk->name_ids, name);
  if (id != NULL)
    return GPOINTER_TO_UINT (id) - 1;
  char *copy = g_strdup (name);
  g_ptr_array_add (lk->names, copy);
  g_hash_table_insert (lk->name_ids, copy, GUINT_TO_POINTER (lk->names->len));
  return lk->names->len - 1;
}

/* Up to LATENCY_HEAP_BYTES the bytes are on the heap, whose freed memory
 * serves again; beyond, in huge pages (big-alloc.h): a kind of few
 * intervals does not get a 2 MB page of its own to zero. */
#define LATENCY_HEAP_BYTES (2u << 20)

void
latency_bytes_resize (LatencyKind *lk, gsize cap)
{
  if (cap <= LATENCY_HEAP_BYTES && lk->cap <= LATENCY_HEAP_BYTES)
    lk->bytes = cap > 0 ? g_realloc (lk->bytes, cap) : (g_free (lk->bytes), NULL);
  else if (cap > LATENCY_HEAP_BYTES && lk->cap > LATENCY_HEAP_BYTES)
    lk->bytes = big_array_realloc (lk->bytes, lk->cap, cap);
  else if (cap > LATENCY_HEAP_BYTES)
    {
      guint8 *big = big_array_alloc0 (cap);
      if (lk->len > 0)
        memcpy (big, lk->bytes, lk->len);
      g_free (lk->bytes);
      lk->bytes = big;
    }
  else
    {
      guint8 *small = cap > 0 ? g_malloc (cap) : NULL;
      if (cap > 0 && lk->len > 0)
        memcpy (small, lk->bytes, MIN (lk->len, cap));
      big_array_free (lk->bytes, lk->cap);
      lk->bytes = small;
    }
  lk->cap = cap;
}

void
latency_store_blocks_room (LatencyKind *lk, gsize n_blocks)
{
  if (n_blocks <= lk->blocks_cap)
    return;
  gsize cap = MAX (n_blocks, MAX (lk->blocks_cap * 2, 64));
  lk->offs = g_renew (guint64, lk->offs, cap);
  lk->firsts = g_renew (LttvTime, lk->firsts, cap);
  lk->max[0] = g_renew (guint32, lk->max[0], cap);
  lk->max_d[0] = g_renew (guint64, lk->max_d[0], cap);
  lk->blocks_cap = cap;
}

void
latency_block_max (LatencyKind *lk, gsize j, const LttvLatencyInterval *iv, guint n)
{
  guint32 best = G_MAXUINT32;
  guint64 d = 0;
  for (guint i = 0; i < n; i++)
    if (!(iv[i].flags & LTTV_LATENCY_CUT) && iv[i].duration != LATENCY_OPEN
        && (best == G_MAXUINT32 || iv[i].duration > d))
      {
        best = (guint32) (j * LATENCY_BLOCK + i);
        d = iv[i].duration;
      }
  lk->max[0][j] = best;
  lk->max_d[0][j] = d;
}

void
latency_store_late_done (LatencyKind *lk, gsize i)
{
  gpointer id = NULL;
  if (!g_hash_table_steal_extended (lk->late_open, GSIZE_TO_POINTER (i), NULL, &id))
    return;
  const LttvLatencyInterval *x = &lk->late[GPOINTER_TO_SIZE (id) - 1];
  gsize j = i / LATENCY_BLOCK;
  if (!(x->flags & LTTV_LATENCY_CUT)
      && (lk->max[0][j] == G_MAXUINT32 || x->duration > lk->max_d[0][j]))
    {
      lk->max[0][j] = (guint32) i;
      lk->max_d[0][j] = x->duration;
    }
}

void
latency_store_levels (LatencyKind *lk)
{
  lk->n_max[0] = lk->n_blocks;
  for (guint lv = 1; lv < LATENCY_LEVELS; lv++)
    {
      g_clear_pointer (&lk->max[lv], g_free);
      g_clear_pointer (&lk->max_d[lv], g_free);
      gsize below = lk->n_max[lv - 1];
      gsize m = (below + LATENCY_FANOUT - 1) / LATENCY_FANOUT;
      lk->n_max[lv] = m;
      if (m == 0)
        continue;
      guint32 *t = lk->max[lv] = g_new (guint32, m);
      guint64 *td = lk->max_d[lv] = g_new (guint64, m);
      for (gsize j = 0; j < m; j++)
        {
          guint32 best = G_MAXUINT32;
          guint64 d = 0;
          gsize end = MIN (below, (j + 1) * LATENCY_FANOUT);
          for (gsize i = j * LATENCY_FANOUT; i < end; i++)
            if (lk->max[lv - 1][i] != G_MAXUINT32
                && (best == G_MAXUINT32 || lk->max_d[lv - 1][i] > d))
              {
                best = lk->max[lv - 1][i];
                d = lk->max_d[lv - 1][i];
              }
          t[j] = best;
          td[j] = d;
        }
    }
}

void
latency_store_finish (LttvLatency *l)
{
  for (guint k = 0; k < LTTV_LATENCY_N_KINDS; k++)
    {
      LatencyKind *lk = &l->k[k];
      while (lk->n_blocks * LATENCY_BLOCK < lk->n)
        latency_store_seal (lk);
      g_clear_pointer (&lk->stage, g_free);
      g_clear_pointer (&lk->late_open, g_hash_table_destroy);
      latency_store_levels (lk);
    }
}

/* The analyses are made with every build unless LTTV_NO_LATENCY is set:
 * their compact form (latency-codec.c) keeps them within a quarter of the
 * build's time (bench/latency.sh). */
gboolean
latency_wanted (void)
{
  return g_getenv ("LTTV_NO_LATENCY") == NULL;
}
