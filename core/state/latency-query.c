/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The latencies' queries (lttv/latency.h): ranges by binary search on the
 * beginnings, statistics per group, the longest intervals, the maxima per
 * pixel, the density of durations. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "latency-store.h"
#include "state-private.h"

static const char *const kind_names[LTTV_LATENCY_N_KINDS] = {
  "syscall", "sched", "irq", "softirq-latency", "softirq", "block",
};

LttvLatency *
lttv_state_latency (LttvState *s)
{
  g_return_val_if_fail (s != NULL, NULL);
  return s->latency;
}

const char *
lttv_latency_kind_name (LttvLatencyKind kind)
{
  return (guint) kind < LTTV_LATENCY_N_KINDS ? kind_names[kind] : "?";
}

gboolean
lttv_latency_kind_parse (const char *name, LttvLatencyKind *kind)
{
  for (guint k = 0; k < LTTV_LATENCY_N_KINDS; k++)
    if (g_strcmp0 (name, kind_names[k]) == 0)
      {
        *kind = (LttvLatencyKind) k;
        return TRUE;
      }
  return FALSE;
}

const char *
lttv_latency_name (LttvLatency *l, LttvLatencyKind kind, guint32 name)
{
  g_return_val_if_fail (l != NULL && (guint) kind < LTTV_LATENCY_N_KINDS, "?");
  GPtrArray *names = l->k[kind].names;
  return name < names->len ? g_ptr_array_index (names, name) : "?";
}

/* The last two blocks this thread decoded: a scatter chart's queries,
 * one per pixel, mostly begin in the block where the previous one ended.
 * (Blocks do not change once the store is made: their store's id and
 * number name them.) */
typedef struct {
  guint64 id;               /* 0: none */
  gsize j;
  guint n;
  LttvLatencyInterval iv[LATENCY_BLOCK];
} Decoded;

static _Thread_local Decoded decoded[2];
static _Thread_local guint victim;

static const LttvLatencyInterval *
block_of (const LatencyKind *lk, gsize j, guint *n)
{
  for (guint i = 0; i < 2; i++)
    if (decoded[i].id == lk->id && decoded[i].j == j)
      {
        victim = i ^ 1;
        *n = decoded[i].n;
        return decoded[i].iv;
      }
  Decoded *d = &decoded[victim];
  victim ^= 1;
  d->n = latency_block_decode (lk, j, d->iv);
  d->id = lk->id;
  d->j = j;
  *n = d->n;
  return d->iv;
}

/* The first interval beginning at or after `t`. */
static gsize
lower_bound (const LatencyKind *lk, LttvTime t)
{
  /* the first block beginning at or after t, from the blocks' first
   * begins; the answer is in the block before it, or its first */
  gsize a = 0, b = lk->n_blocks;
  while (a < b)
    {
      gsize mid = a + (b - a) / 2;
      if (lk->firsts[mid] < t)
        a = mid + 1;
      else
        b = mid;
    }
  if (a == 0)
    return 0;
  guint lo = 0, hi;
  const LttvLatencyInterval *iv = block_of (lk, a - 1, &hi);
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      if (iv[mid].begin < t)
        lo = mid + 1;
      else
        hi = mid;
    }
  return (a - 1) * LATENCY_BLOCK + lo;
}

static void
range_of (const LatencyKind *lk, LttvTime t0, LttvTime t1, gsize *from, gsize *to)
{
  *from = lower_bound (lk, t0);
  *to = t1 > t0 ? MAX (*from, lower_bound (lk, t1)) : *from;
}

G_STATIC_ASSERT (G_N_ELEMENTS (((LttvLatencyIter *) NULL)->buf) == LATENCY_BLOCK);

gsize
lttv_latency_iter_init (LttvLatencyIter *it, LttvLatency *l, LttvLatencyKind kind, LttvTime t0,
                        LttvTime t1)
{
  g_return_val_if_fail (it != NULL, 0);
  it->l = l;
  it->kind = kind;
  it->at = it->end = 0;
  g_return_val_if_fail (l != NULL && (guint) kind < LTTV_LATENCY_N_KINDS, 0);
  range_of (&l->k[kind], t0, t1, &it->at, &it->end);
  it->block = G_MAXSIZE;
  return it->end - it->at;
}

const LttvLatencyInterval *
lttv_latency_iter_next (LttvLatencyIter *it)
{
  g_return_val_if_fail (it != NULL, NULL);
  if (it->at >= it->end)
    return NULL;
  gsize j = it->at / LATENCY_BLOCK;
  if (it->block != j)
    {
      latency_block_decode (&it->l->k[it->kind], j, it->buf);
      it->block = j;
    }
  return &it->buf[it->at++ % LATENCY_BLOCK];
}

/* The best so far: an index (G_MAXUINT32: none) and its duration. */
typedef struct {
  guint32 at;
  guint64 d;
} Best;

static inline void
better (Best *b, guint32 at, guint64 d)
{
  if (at != G_MAXUINT32 && (b->at == G_MAXUINT32 || d > b->d))
    {
      b->at = at;
      b->d = d;
    }
}

/* The intervals [lo, hi) (within one block) against `b`. */
static void
consider_intervals (const LatencyKind *lk, gsize lo, gsize hi, Best *b)
{
  if (lo >= hi)
    return;
  gsize j = lo / LATENCY_BLOCK;
  guint n;
  const LttvLatencyInterval *iv = block_of (lk, j, &n);
  for (gsize i = lo; i < hi; i++)
    {
      const LttvLatencyInterval *x = &iv[i - j * LATENCY_BLOCK];
      if (!(x->flags & LTTV_LATENCY_CUT))
        better (b, (guint32) i, x->duration);
    }
}

gboolean
lttv_latency_max_in (LttvLatency *l, LttvLatencyKind kind, LttvTime t0, LttvTime t1,
                     LttvLatencyInterval *out)
{
  g_return_val_if_fail (l != NULL && (guint) kind < LTTV_LATENCY_N_KINDS, FALSE);
  const LatencyKind *lk = &l->k[kind];
  gsize lo, hi;
  range_of (lk, t0, t1, &lo, &hi);
  Best best = { G_MAXUINT32, 0 };
  /* Up the levels: the items at the edges of the range one by one, the
   * whole runs between them from the level above. */
  for (int lv = -1; lo < hi; lv++)
    {
      gsize a = (lo + LATENCY_FANOUT - 1) / LATENCY_FANOUT * LATENCY_FANOUT;
      gsize b = hi / LATENCY_FANOUT * LATENCY_FANOUT;
      gboolean top = lv + 1 >= LATENCY_LEVELS || lk->max[lv + 1] == NULL || a >= b;
      if (top)
        a = b = hi;
      if (lv < 0)
        {
          /* (the edges are within a block each, or one block) */
          consider_intervals (lk, lo, MIN (a, (lo / LATENCY_BLOCK + 1) * LATENCY_BLOCK), &best);
          for (gsize from = (lo / LATENCY_BLOCK + 1) * LATENCY_BLOCK; from < a; from += LATENCY_BLOCK)
            consider_intervals (lk, from, MIN (a, from + LATENCY_BLOCK), &best);
          if (!top)
            consider_intervals (lk, b, hi, &best);
        }
      else
        {
          for (gsize i = lo; i < a; i++)
            better (&best, lk->max[lv][i], lk->max_d[lv][i]);
          for (gsize i = b; i < hi; i++)
            better (&best, lk->max[lv][i], lk->max_d[lv][i]);
        }
      if (top)
        break;
      lo = a / LATENCY_FANOUT;
      hi = b / LATENCY_FANOUT;
    }
  if (best.at == G_MAXUINT32)
    return FALSE;
  if (out != NULL)
    {
      gsize j = best.at / LATENCY_BLOCK;
      guint n;
      *out = block_of (lk, j, &n)[best.at - j * LATENCY_BLOCK];
    }
  return TRUE;
}

static int
compare_u64 (gconstpointer a, gconstpointer b)
{
  guint64 x = *(const guint64 *) a, y = *(const guint64 *) b;
  return x < y ? -1 : x > y;
}

static int
compare_stats (gconstpointer a, gconstpointer b)
{
  const LttvLatencyStats *x = a, *y = b;
  if (x->total != y->total)
    return x->total > y->total ? -1 : 1;
  return x->key < y->key ? -1 : x->key > y->key;
}

/* The nearest-rank percentile `p` of `n` sorted durations. */
static guint64
rank (const guint64 *d, gsize n, guint p)
{
  gsize r = (n * p + 99) / 100;   /* ceil (p n / 100) */
  return d[MAX (r, 1) - 1];
}

typedef struct {
  gint64 key;
  guint64 n_cut;
  GArray *d;                /* guint64 durations */
} Group;

static void
group_free (gpointer p)
{
  Group *g = p;
  g_array_unref (g->d);
  g_free (g);
}

GArray *
lttv_latency_stats (LttvLatency *l, LttvLatencyKind kind, LttvTime t0, LttvTime t1,
                    LttvLatencyGroupBy by)
{
  g_return_val_if_fail (l != NULL && (guint) kind < LTTV_LATENCY_N_KINDS, NULL);
  LttvLatencyIter it;
  lttv_latency_iter_init (&it, l, kind, t0, t1);
  const LttvLatencyInterval *x;
  GHashTable *groups = g_hash_table_new_full (g_int64_hash, g_int64_equal, NULL, group_free);
  while ((x = lttv_latency_iter_next (&it)) != NULL)
    {
      gint64 key = 0;
      if (by == LTTV_LATENCY_BY_NAME)
        key = x->name;
      else if (by == LTTV_LATENCY_BY_THREAD)
        key = x->tid;
      else if (by == LTTV_LATENCY_BY_CPU)
        key = x->cpu;
      Group *g = g_hash_table_lookup (groups, &key);
      if (g == NULL)
        {
          g = g_new0 (Group, 1);
          g->key = key;
          g->d = g_array_new (FALSE, FALSE, sizeof (guint64));
          g_hash_table_insert (groups, &g->key, g);
        }
      if (x->flags & LTTV_LATENCY_CUT)
        g->n_cut++;
      else
        g_array_append_val (g->d, x->duration);
    }
  GArray *out = g_array_new (FALSE, TRUE, sizeof (LttvLatencyStats));
  GHashTableIter hit;
  gpointer value;
  g_hash_table_iter_init (&hit, groups);
  while (g_hash_table_iter_next (&hit, NULL, &value))
    {
      Group *g = value;
      LttvLatencyStats st = { .key = g->key, .count = g->d->len, .n_cut = g->n_cut };
      gsize n = g->d->len;
      if (n > 0)
        {
          guint64 *d = (guint64 *) (gpointer) g->d->data;
          g_array_sort (g->d, compare_u64);
          st.min = d[0];
          st.max = d[n - 1];
          for (gsize i = 0; i < n; i++)
            st.total += d[i];
          st.mean = (double) st.total / n;
          double ss = 0;
          for (gsize i = 0; i < n; i++)
            ss += ((double) d[i] - st.mean) * ((double) d[i] - st.mean);
          st.stddev = n > 1 ? sqrt (ss / (n - 1)) : 0;
          st.p50 = rank (d, n, 50);
          st.p90 = rank (d, n, 90);
          st.p99 = rank (d, n, 99);
        }
      g_array_append_val (out, st);
    }
  g_hash_table_destroy (groups);
  g_array_sort (out, compare_stats);
  return out;
}

static int
compare_longest (gconstpointer a, gconstpointer b)
{
  const LttvLatencyInterval *x = a, *y = b;
  if (x->duration != y->duration)
    return x->duration > y->duration ? -1 : 1;
  return x->begin < y->begin ? -1 : x->begin > y->begin;
}

GArray *
lttv_latency_top (LttvLatency *l, LttvLatencyKind kind, LttvTime t0, LttvTime t1, guint n)
{
  g_return_val_if_fail (l != NULL && (guint) kind < LTTV_LATENCY_N_KINDS, NULL);
  LttvLatencyIter it;
  lttv_latency_iter_init (&it, l, kind, t0, t1);
  const LttvLatencyInterval *x;
  GArray *out = g_array_new (FALSE, FALSE, sizeof (LttvLatencyInterval));
  if (n == 0)
    return out;
  /* The n longest so far, sorted, kept at most 2 n before trimming. */
  while ((x = lttv_latency_iter_next (&it)) != NULL)
    {
      if (x->flags & LTTV_LATENCY_CUT)
        continue;
      if (out->len >= n
          && compare_longest (x, &g_array_index (out, LttvLatencyInterval, n - 1)) >= 0)
        continue;
      g_array_append_vals (out, x, 1);
      if (out->len >= 2 * (gsize) n)
        {
          g_array_sort (out, compare_longest);
          g_array_set_size (out, n);
        }
      else if (out->len == n)
        g_array_sort (out, compare_longest);
    }
  g_array_sort (out, compare_longest);
  if (out->len > n)
    g_array_set_size (out, n);
  return out;
}

void
lttv_latency_histogram (LttvLatency *l, LttvLatencyKind kind, LttvTime t0, LttvTime t1,
                        guint64 lo, guint64 hi, gboolean log_scale, guint64 *counts,
                        guint n_buckets)
{
  g_return_if_fail (l != NULL && (guint) kind < LTTV_LATENCY_N_KINDS && counts != NULL);
  memset (counts, 0, n_buckets * sizeof *counts);
  if (n_buckets == 0 || hi <= lo)
    return;
  LttvLatencyIter it;
  lttv_latency_iter_init (&it, l, kind, t0, t1);
  const LttvLatencyInterval *x;
  double llo = log ((double) MAX (lo, 1)), lspan = log ((double) hi) - llo;
  while ((x = lttv_latency_iter_next (&it)) != NULL)
    {
      guint64 d = x->duration;
      if ((x->flags & LTTV_LATENCY_CUT) || d < lo || d > hi)
        continue;
      double f = log_scale ? (lspan > 0 ? (log ((double) MAX (d, 1)) - llo) / lspan : 0)
                           : (double) (d - lo) / (double) (hi - lo);
      guint b = (guint) (f * n_buckets);
      counts[MIN (b, n_buckets - 1)]++;
    }
}
