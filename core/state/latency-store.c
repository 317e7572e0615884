/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The latencies' storage: intervals and names per kind, and the tables of
 * maxima that answer lttv_latency_max_in in O(log n). */
#include "config.h"

#include "latency-store.h"

LttvLatency *
latency_store_new (void)
{
  LttvLatency *l = g_new0 (LttvLatency, 1);
  for (guint k = 0; k < LTTV_LATENCY_N_KINDS; k++)
    {
      l->k[k].names = g_ptr_array_new_with_free_func (g_free);
      l->k[k].name_ids = g_hash_table_new (g_str_hash, g_str_equal);
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
      if (l->k[k].iv != NULL)
        big_array_free (l->k[k].iv, l->k[k].cap * sizeof (LttvLatencyInterval));
      g_hash_table_destroy (l->k[k].name_ids);
      g_ptr_array_unref (l->k[k].names);
      for (guint i = 0; i < LATENCY_LEVELS; i++)
        {
          g_free (l->k[k].max[i]);
          g_free (l->k[k].max_d[i]);
        }
      g_free (l->k[k].firsts);
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

void
latency_store_resize (LttvLatency *l, LttvLatencyKind kind, gsize n)
{
  LatencyKind *lk = &l->k[kind];
  if (n > lk->cap)
    {
      gsize cap = MAX (n, MAX (lk->cap * 2, 1024));
      lk->iv = big_array_realloc (lk->iv, lk->cap * sizeof (LttvLatencyInterval),
                                  cap * sizeof (LttvLatencyInterval));
      lk->cap = cap;
    }
  lk->n = n;
}

/* The longer of two candidates (indexes; G_MAXUINT32: none). */
static inline guint32
longer (const LttvLatencyInterval *iv, guint32 a, guint32 b)
{
  if (a == G_MAXUINT32)
    return b;
  if (b == G_MAXUINT32)
    return a;
  return iv[b].duration > iv[a].duration ? b : a;
}

void
latency_store_finish (LttvLatency *l)
{
  for (guint k = 0; k < LTTV_LATENCY_N_KINDS; k++)
    {
      LatencyKind *lk = &l->k[k];
      const LttvLatencyInterval *iv = lk->iv;
      gsize n = lk->n;
      g_free (lk->firsts);
      lk->firsts = g_new (LttvTime, n / LATENCY_FANOUT + 1);
      for (gsize j = 0; j * LATENCY_FANOUT < n; j++)
        lk->firsts[j] = iv[j * LATENCY_FANOUT].begin;
      for (guint lv = 0; lv < LATENCY_LEVELS; lv++)
        {
          g_clear_pointer (&lk->max[lv], g_free);
          g_clear_pointer (&lk->max_d[lv], g_free);
          gsize below = lv == 0 ? n : lk->n_max[lv - 1];
          gsize m = (below + LATENCY_FANOUT - 1) / LATENCY_FANOUT;
          lk->n_max[lv] = m;
          if (m == 0)
            continue;
          guint32 *t = lk->max[lv] = g_new (guint32, m);
          guint64 *td = lk->max_d[lv] = g_new (guint64, m);
          for (gsize j = 0; j < m; j++)
            {
              guint32 best = G_MAXUINT32;
              gsize end = MIN (below, (j + 1) * LATENCY_FANOUT);
              for (gsize i = j * LATENCY_FANOUT; i < end; i++)
                {
                  guint32 c;
                  if (lv == 0)
                    c = (iv[i].flags & LTTV_LATENCY_CUT) ? G_MAXUINT32 : (guint32) i;
                  else
                    c = lk->max[lv - 1][i];
                  best = longer (iv, best, c);
                }
              t[j] = best;
              td[j] = best == G_MAXUINT32 ? 0 : iv[best].duration;
            }
        }
    }
}

/* The analyses cost the build about half its time again (their intervals'
 * fresh memory), so they are made only for a process that asks for them
 * (LTTV_LATENCY, which `lttv latency` sets) until a compact form brings
 * them within the build's budget; LTTV_NO_LATENCY still wins. */
gboolean
latency_wanted (void)
{
  return g_getenv ("LTTV_LATENCY") != NULL && g_getenv ("LTTV_NO_LATENCY") == NULL;
}
