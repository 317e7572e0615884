/* SPDX-License-Identifier: GPL-2.0-or-later */
/* latency-store.h: the latencies' storage (LttvLatency), shared by the
 * machine that fills it (machine/latency.c), the cache that saves and
 * loads it (cache/cache-latency.c) and the queries (latency-query.c).
 * Plain data: it includes nothing of core/state. */
#pragma once

#include <lttv/latency.h>

#include "big-alloc.h"

/* An interval still open during the build (its end not seen yet). */
#define LATENCY_OPEN G_MAXUINT64

/* The maxima for lttv_latency_max_in: level k holds, per run of
 * LATENCY_FANOUT^(k+1) intervals, the index of the longest complete one
 * (G_MAXUINT32: none). */
#define LATENCY_FANOUT 64
#define LATENCY_LEVELS 6

typedef struct {
  /* (grown in place by mremap, big-alloc.h: a GArray's doubling copied
   * and held twice the intervals, 75 MB on a 60 s recording) */
  LttvLatencyInterval *iv;           /* by begin */
  gsize n, cap;
  GPtrArray *names;                  /* char *, by id */
  GHashTable *name_ids;              /* name -> id + 1 */
  guint32 *max[LATENCY_LEVELS];      /* built by latency_store_finish */
  guint64 *max_d[LATENCY_LEVELS];    /* their durations: a query compares
                                      * these, never reaching the intervals */
  gsize n_max[LATENCY_LEVELS];
  LttvTime *firsts;                  /* the first begin of each run of
                                      * LATENCY_FANOUT: binary searches
                                      * stay in this small array */
} LatencyKind;

struct _LttvLatency {
  LatencyKind k[LTTV_LATENCY_N_KINDS];
};

LttvLatency *latency_store_new (void);
void latency_store_free (LttvLatency *l);
/* The id of `name` among the names of `kind`, added on first use. */
guint32 latency_store_name (LttvLatency *l, LttvLatencyKind kind, const char *name);
/* Room for `n` intervals of `kind`; the new ones are zero. */
void latency_store_resize (LttvLatency *l, LttvLatencyKind kind, gsize n);

/* Appends `x` to `kind`'s intervals; returns its index. */
static inline gsize
latency_store_append (LttvLatency *l, LttvLatencyKind kind, const LttvLatencyInterval *x)
{
  LatencyKind *lk = &l->k[kind];
  if (G_UNLIKELY (lk->n == lk->cap))
    {
      gsize n = lk->n;
      latency_store_resize (l, kind, n + 1);
      lk->n = n;
    }
  lk->iv[lk->n] = *x;
  return lk->n++;
}

/* The intervals are all in: the maxima tables. */
void latency_store_finish (LttvLatency *l);

/* Whether this process builds the analyses: LTTV_LATENCY set and
 * LTTV_NO_LATENCY not (docs/environment.md). */
gboolean latency_wanted (void);
