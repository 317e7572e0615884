/* SPDX-License-Identifier: GPL-2.0-or-later */
/* state-private.h: LttvState's fields, shared by its files. */
#pragma once

#include <stdatomic.h>

#include <lttv/density.h>
#include <lttv/latency.h>
#include <lttv/state.h>


/* Event counts per type and CPU, kept per checkpoint interval so that any
 * range is answered from them plus at most two partial intervals read
 * from the trace. */
#define STATE_STATS_CPUS 256   /* CPUs beyond share the last slot */

typedef struct {
  guint32 type;
  guint32 cpu;
  guint32 count;
} StateCount;

typedef struct _StateBlockStore StateBlockStore;

struct _LttvState {
  LttvTraceset *ts;
  LttvHistory *history;
  guint64 n_events;
  guint64 anomalies[LTTV_N_ANOMALIES];
  GArray *block_requests;   /* LttvBlockRequest */
  LttvLatency *latency;     /* NULL: not built, or without the analyses */
  GPtrArray *retired_latency; /* replaced by a rebuild: valid until freed */
  GArray *wakeups;          /* LttvWakeup, in time order */
  GArray *checkpoints;      /* LttvCheckpoint */
  /* Event types: names across traces (same name, same type). */
  GPtrArray *type_names;    /* char *, owned */
  GHashTable *type_ids;     /* name -> id + 1 */
  guint **class_types;      /* [trace][class index] -> type id */
  /* counts[block_start[i] .. block_start[i + 1]) are the counts of
   * checkpoint interval i (events of rank 4096 i to 4096 (i + 1) - 1). */
  GArray *counts;           /* StateCount */
  GArray *block_start;      /* guint64 */
  GPtrArray *paths;         /* attribute -> its path, made on demand
                             * (state-print.c) */
  gint progress_permille;
  _Atomic uint64_t events_done; /* events read so far, for progress */
  gboolean from_cache;
  gboolean built;
  gboolean decode_at_load;  /* lttv_state_set_decode_at_load */
  gboolean short_of_memory; /* the build stopped early: later is unknown */
  gboolean ignore_cache;    /* lttv_state_set_ignore_cache */
  LttvDensity *density;     /* events per time bucket (density.c) */
  GPtrArray *retired;       /* histories replaced by a rebuild, kept for
                             * whoever still holds them */
  StateBlockStore *blocks;  /* cache blocks encoded while building, for
                             * state_cache_save (history/block-store.c) */
  /* The cache file a build writes (state_cache_begin): its key and name,
   * its temporary name and descriptor (-1: none). */
  char *cache_key, *cache_path, *cache_tmp;
  int cache_fd;
  char *cache_problem;           /* why the cache could not be written */
  struct _StateRun *live;        /* a build that goes on (build.c:
                                  * lttv_state_build_more), or NULL */
};

/* The span of a live build's density (lttv_state_build_more): 4 h. */
#define LTTV_STATE_LIVE_SPAN ((LttvTime) 4 * 3600 * 1000000000)

/* Empties the state for another build; the history is freed, or retired
 * when someone may still hold it (build.c). */
void state_reset (LttvState *s, gboolean retire_history);
/* Builds the state again from the trace (a damaged cache block was found)
 * and rewrites the cache. */
gboolean state_rebuild (LttvState *s, GError **error);

/* Event types of the traceset (names resolved at open). */
void state_types_init (LttvState *s);
guint state_type_of (LttvState *s, const LttvEvent *ev);

void state_paths_free (LttvState *s);

/* The event density (density.c), fed one event at a time by the build. */
LttvDensity *state_density_new (LttvTraceset *ts);
/* One that spans `span` ns from the traceset's beginning (a live build). */
LttvDensity *state_density_new_span (LttvTraceset *ts, LttvTime span);
void state_density_free (LttvDensity *d);
void state_density_add (LttvDensity *d, LttvTime t);
void state_density_finish (LttvDensity *d);
/* For the cache (cache.c): layout, bucket counts, and back. */
guint state_density_shift (LttvDensity *d);
guint state_density_n_buckets (LttvDensity *d);
/* Built, once finished: the counts as the cache's DENSITY section holds
 * them (cache.c). */
const guint8 *state_density_counts (LttvDensity *d, gsize *len);
/* From the cache: `len` bytes of varint counts at `src` in `file`, with
 * their checksum, decoded and checked at the first query. */
void state_density_load_lazy (LttvDensity *d, GMappedFile *file, const guint8 *src,
                              gsize len, guint64 sum, guint64 n_events, gboolean now);
void state_density_reset (LttvDensity *d);
