/* SPDX-License-Identifier: GPL-2.0-or-later */
/* state-private.h: LttvState's fields, shared by its files. */
#pragma once

#include <stdatomic.h>

#include <lttv/density.h>
#include <lttv/state.h>

#include "machine/layout.h"
#include "machine/machine.h"

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
  gboolean ignore_cache;    /* lttv_state_set_ignore_cache */
  LttvDensity *density;     /* events per time bucket (density.c) */
  GPtrArray *retired;       /* histories replaced by a rebuild, kept for
                             * whoever still holds them */
  StateBlockStore *blocks;  /* cache blocks encoded while building, for
                             * state_cache_save (cache-blocks.c) */
  /* The cache file a build writes (state_cache_begin): its key and name,
   * its temporary name and descriptor (-1: none). */
  char *cache_key, *cache_path, *cache_tmp;
  int cache_fd;
  char *cache_problem;           /* why the cache could not be written */
};

/* The build's reader thread (build-reader.c): events reduced to records,
 * in batches, read ahead of the thread that applies them. */
typedef struct {
  guint8 *recs;             /* StateRec, packed */
  gsize len;                /* their bytes */
  Writer arena;             /* the records' strings */
  gboolean last;            /* nothing comes after this batch */
  GError *error;            /* with the last batch: why reading stopped */
} StateBatch;

typedef struct _StateReader StateReader;

/* What the build counts of its records (build-counts.c): events per type
 * and CPU per checkpoint interval (s->counts, s->block_start), and the
 * density; by the reader's thread, then finished by the builder's. */
typedef struct _StateCounter StateCounter;
StateCounter *state_counter_new (LttvState *s);
void state_counter_add (StateCounter *c, const guint8 *recs, gsize len);
void state_counter_finish (StateCounter *c);
void state_counter_free (StateCounter *c);

/* Starts reading `ts` from its first event; `traces`, `layouts` and
 * `types` (per trace: class index -> event type) must outlive it, and
 * `counter`, which counts the records as they are made, until
 * state_reader_stop. */
StateReader *state_reader_start (LttvTraceset *ts, const LttvTrace **traces,
                                 StateLayout **layouts, guint **types,
                                 guint n_traces, StateCounter *counter);
/* The next batch (waits for it); after the last one, do not ask again. */
StateBatch *state_reader_next (StateReader *r);
/* Gives a batch back once applied. */
void state_reader_done (StateReader *r, StateBatch *b);
/* Stops reading (early or at the end), waits for the thread, frees. */
void state_reader_stop (StateReader *r);

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

/* The cache (cache.c): TRUE when `s` was filled from a valid cache file.
 * The history then decodes its blocks lazily (history-lazy.c). */
#define STATE_CACHE_MAGIC "LTTV-STATE-CACHE"
#define STATE_CACHE_VERSION 12  /* 4: sections, blocks checked lazily;
                                   5: runs of empty density buckets;
                                   6: blocks in any order, OFFS with
                                   their lengths;
                                   7: chunks of 4 to 128 changes;
                                   8: a change's value left out when it
                                   is the one two changes before;
                                   9: time deltas in 4-byte words;
                                   10: more anomaly kinds, the block
                                   requests;
                                   11: the history begins at the first
                                   event, clocks not at 1 GHz convert
                                   as babeltrace2's;
                                   12: losses make CPUs unknown */
gboolean state_cache_load (LttvState *s);
/* A build for the cache starts its file (a temporary one, in the cache
 * folder): the store its blocks go to as they are encoded. */
StateBlockStore *state_cache_begin (LttvState *s);
/* The build is over: the rest of the file, renamed to its name. */
void state_cache_save (LttvState *s);
/* The build stopped: the file is removed. */
void state_cache_abandon (LttvState *s);
/* Its name (cache-key.c): the key names the traceset's content. */
char *state_cache_key (LttvState *s);
char *state_cache_path (LttvState *s, const char *key);
/* Removes the other cache files of this traceset (older contents), and
 * the temporary files of its writes that were interrupted. */
void state_cache_remove_stale (LttvState *s, const char *keep);

/* The event density (density.c), fed one event at a time by the build. */
LttvDensity *state_density_new (LttvTraceset *ts);
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
/* The checksum of the cache's blocks (cache.c). */
guint64 state_cache_checksum (const guint8 *p, gsize len);
void state_density_reset (LttvDensity *d);
