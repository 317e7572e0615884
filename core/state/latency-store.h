/* SPDX-License-Identifier: GPL-2.0-or-later */
/* latency-store.h: the latencies' storage (LttvLatency), shared by the
 * machine that fills it (machine/latency.c), the cache that saves and
 * loads it (cache/cache-latency.c) and the queries (latency-query.c).
 * Plain data: it includes nothing of core/state.
 *
 * The intervals of a kind, in the order of their beginnings, are encoded
 * in blocks of LATENCY_BLOCK (latency-codec.c): about 9 bytes an interval
 * instead of 32, which the build would have to get as fresh pages. The
 * newest blocks stay decoded in a small ring (the stage) while their
 * intervals are still open; one still open when its block is encoded is
 * kept whole in `late` and the block refers to it. */
#pragma once

#include <lttv/latency.h>

#include "big-alloc.h"

/* An interval still open during the build (its end not seen yet). */
#define LATENCY_OPEN G_MAXUINT64

/* Intervals per encoded block, and per run of the maxima's tables. */
#define LATENCY_BLOCK 64
#define LATENCY_FANOUT LATENCY_BLOCK
/* The maxima for lttv_latency_max_in: level k holds, per run of
 * LATENCY_FANOUT^(k+1) intervals, the index of the longest complete one
 * (G_MAXUINT32: none). Level 0 is kept as the blocks are encoded. */
#define LATENCY_LEVELS 6
/* Blocks kept decoded during the build (a power of 2). */
#define LATENCY_STAGED 16
#define LATENCY_STAGE_N (LATENCY_STAGED * LATENCY_BLOCK)
/* The most bytes an encoded interval takes. */
#define LATENCY_MAX_ENCODED 64

typedef struct {
  guint64 id;                        /* unique in the process: the queries'
                                      * decoded blocks are kept by it */
  guint8 *bytes;                     /* the encoded blocks (latency_bytes_resize) */
  gsize len, cap;
  guint64 *offs;                     /* per block: where it begins in bytes */
  LttvTime *firsts;                  /* per block: its first begin (the
                                      * binary searches stay in this array) */
  gsize n_blocks, blocks_cap;        /* encoded */
  gsize n;                           /* intervals, encoded and staged */
  LttvLatencyInterval *stage;        /* LATENCY_STAGE_N, by index modulo;
                                      * NULL once finished */
  LttvLatencyInterval *late;         /* open when their block was encoded */
  gsize n_late, late_cap;
  GHashTable *late_open;             /* index -> late id + 1: those still open */
  GPtrArray *names;                  /* char *, by id */
  GHashTable *name_ids;              /* name -> id + 1 */
  guint32 *max[LATENCY_LEVELS];
  guint64 *max_d[LATENCY_LEVELS];    /* their durations: a query compares
                                      * these, never decoding a block */
  gsize n_max[LATENCY_LEVELS];
} LatencyKind;

struct _LttvLatency {
  LatencyKind k[LTTV_LATENCY_N_KINDS];
};

LttvLatency *latency_store_new (void);
void latency_store_free (LttvLatency *l);
/* The id of `name` among the names of `kind`, added on first use. */
guint32 latency_store_name (LttvLatency *l, LttvLatencyKind kind, const char *name);

/* Encodes the oldest staged block (latency-codec.c). */
void latency_store_seal (LatencyKind *lk);

/* Appends `x` to `kind`'s intervals (begins never decrease); returns its
 * index. Its stage entry (latency_store_get) may change until it ends. */
static inline gsize
latency_store_append (LttvLatency *l, LttvLatencyKind kind, const LttvLatencyInterval *x)
{
  LatencyKind *lk = &l->k[kind];
  if (G_UNLIKELY (lk->n - lk->n_blocks * LATENCY_BLOCK == LATENCY_STAGE_N))
    latency_store_seal (lk);
  lk->stage[lk->n % LATENCY_STAGE_N] = *x;
  return lk->n++;
}

/* The interval of index `i` while it may still change: in the stage, or
 * kept late and still open; NULL when it is encoded and closed. */
static inline LttvLatencyInterval *
latency_store_get (LatencyKind *lk, gsize i)
{
  if (i >= lk->n_blocks * LATENCY_BLOCK)
    return &lk->stage[i % LATENCY_STAGE_N];
  gpointer id = g_hash_table_lookup (lk->late_open, GSIZE_TO_POINTER (i));
  return id != NULL ? &lk->late[GPOINTER_TO_SIZE (id) - 1] : NULL;
}

/* The late interval of index `i` has ended (or was cut): it is no longer
 * open, and counts in its block's maximum. */
void latency_store_late_done (LatencyKind *lk, gsize i);

/* The intervals are all in, none open: the last blocks encoded, the
 * maxima's upper levels. */
void latency_store_finish (LttvLatency *l);
/* The maxima's upper levels from level 0 (latency_store_finish, the
 * cache's load). */
void latency_store_levels (LatencyKind *lk);

/* Decodes block `j` of `lk` (LATENCY_BLOCK intervals, fewer for the last)
 * into `out`; returns how many. (latency-codec.c) */
guint latency_block_decode (const LatencyKind *lk, gsize j, LttvLatencyInterval *out);
/* Decodes a block from [p, end): at most `count` intervals, the first one's
 * begin absolute. Every bound checked: NULL when the bytes are not a block
 * of `lk` (a late id or name out of range, begins going back). */
const guint8 *latency_block_read (const LatencyKind *lk, const guint8 *p, const guint8 *end,
                                  guint count, LttvLatencyInterval *out);
/* The longest complete interval of `iv[0..n)` for level 0 of block `j`. */
void latency_block_max (LatencyKind *lk, gsize j, const LttvLatencyInterval *iv, guint n);
/* The encoded bytes' room made `cap` (0: freed); their first `len` kept. */
void latency_bytes_resize (LatencyKind *lk, gsize cap);
/* Room for `n_blocks` blocks' tables. */
void latency_store_blocks_room (LatencyKind *lk, gsize n_blocks);

/* Whether this process builds the analyses: LTTV_NO_LATENCY not set
 * (docs/environment.md). */
gboolean latency_wanted (void);
