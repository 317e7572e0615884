/* SPDX-License-Identifier: GPL-2.0-or-later */
/* latency-store.h: the latencies' storage (LttvLatency), shared by the
 * machine that fills it (machine/latency.c), the cache that saves and
 * loads it (cache/cache-latency.c) and the queries (latency-query.c).
 * Plain data: it includes nothing of core/state. */
#pragma once

#include <lttv/latency.h>

/* An interval still open during the build (its end not seen yet). */
#define LATENCY_OPEN G_MAXUINT64

/* The maxima for lttv_latency_max_in: level k holds, per run of
 * LATENCY_FANOUT^(k+1) intervals, the index of the longest complete one
 * (G_MAXUINT32: none). */
#define LATENCY_FANOUT 64
#define LATENCY_LEVELS 6

typedef struct {
  GArray *iv;                        /* LttvLatencyInterval, by begin */
  GPtrArray *names;                  /* char *, by id */
  GHashTable *name_ids;              /* name -> id + 1 */
  guint32 *max[LATENCY_LEVELS];      /* built by latency_store_finish */
  gsize n_max[LATENCY_LEVELS];
} LatencyKind;

struct _LttvLatency {
  LatencyKind k[LTTV_LATENCY_N_KINDS];
};

LttvLatency *latency_store_new (void);
void latency_store_free (LttvLatency *l);
/* The id of `name` among the names of `kind`, added on first use. */
guint32 latency_store_name (LttvLatency *l, LttvLatencyKind kind, const char *name);
/* The intervals are all in: the maxima tables. */
void latency_store_finish (LttvLatency *l);
