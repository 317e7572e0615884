/* state-private.h: LttvState's fields, shared by its files. */
#pragma once

#include <stdatomic.h>

#include <lttv/state.h>

#include "layout.h"
#include "machine.h"

/* Event counts per type and CPU, kept per checkpoint interval so that any
 * range is answered from them plus at most two partial intervals read
 * from the trace. */
#define STATE_STATS_CPUS 256   /* CPUs beyond share the last slot */

typedef struct {
  guint32 type;
  guint32 cpu;
  guint32 count;
} StateCount;

struct _LttvState {
  LttvTraceset *ts;
  LttvHistory *history;
  guint64 n_events;
  guint64 anomalies[LTTV_N_ANOMALIES];
  GArray *checkpoints;      /* LttvCheckpoint */
  /* Event types: names across traces (same name, same type). */
  GPtrArray *type_names;    /* char *, owned */
  GHashTable *type_ids;     /* name -> id + 1 */
  guint **class_types;      /* [trace][class index] -> type id */
  /* counts[block_start[i] .. block_start[i + 1]) are the counts of
   * checkpoint interval i (events of rank 4096 i to 4096 (i + 1) - 1). */
  GArray *counts;           /* StateCount */
  GArray *block_start;      /* guint64 */
  gint progress_permille;
  _Atomic uint64_t events_done; /* events read so far, for progress */
  gboolean from_cache;
  gboolean built;
};

/* Event types of the traceset (names resolved at open). */
void state_types_init (LttvState *s);
guint state_type_of (LttvState *s, const LttvEvent *ev);

/* The cache (cache.c): TRUE when `s` was filled from a valid cache file. */
gboolean state_cache_load (LttvState *s);
void state_cache_save (LttvState *s);
