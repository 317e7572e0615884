/* history-private.h: the history's storage, shared by its files. */
#pragma once

#include <lttv/history.h>

/* Chunks grow from 16 changes to 256 and stay there: most attributes
 * (threads that live a moment) change only a few times. */
#define HISTORY_CHUNK_BITS 8
#define HISTORY_CHUNK_SIZE (1u << HISTORY_CHUNK_BITS)
#define HISTORY_SMALL_CHUNKS 4     /* 16, 32, 64, 128 */
#define HISTORY_SMALL_TOTAL 240    /* their sum */

typedef struct {
  LttvTime start;
  LttvValue value;
} HistoryChange;

typedef struct {
  /* Changes in time order, in chunks of HISTORY_CHUNK_SIZE; chunk_first[i]
   * is chunks[i][0].start, the sparse index searched first. */
  HistoryChange **chunks;
  LttvTime *chunk_first;
  guint n_chunks;
  guint cap_chunks;
  guint n;              /* changes stored; read with atomics */
  guint capacity;       /* changes the chunks can hold */
  LttvTime first_start; /* of change 0, once there is one */
  LttvValue current;    /* the builder's value now */
  LttvAttr parent;
  const char *name;     /* in the history's string chunk */
  GHashTable *children; /* name -> id + 1, created on demand */
} HistoryAttr;

struct _LttvHistory {
  /* Held for writing by any structural change (new attribute, new chunk,
   * new string); held for reading by every query. Appending inside an
   * existing chunk needs no lock: readers only look at changes before the
   * committed limit, published with release/acquire. */
  GRWLock lock;
  HistoryAttr *attrs;
  guint n_attrs;
  guint cap_attrs;
  GHashTable *roots;       /* name -> id + 1 */
  GStringChunk *names;
  GHashTable *string_ids;  /* text -> index + 1 */
  GPtrArray *strings;      /* index -> text (in `names`) */
  LttvTime begin;
  LttvTime committed_limit; /* first uncommitted time; 0: none */
  gboolean finished;
  guint64 n_intervals;
};

static inline guint
history_chunk_size (guint c)
{
  return c < HISTORY_SMALL_CHUNKS ? 16u << c : HISTORY_CHUNK_SIZE;
}

static inline guint
history_chunk_base (guint c)
{
  return c < HISTORY_SMALL_CHUNKS ? 16u * ((1u << c) - 1)
         : HISTORY_SMALL_TOTAL + HISTORY_CHUNK_SIZE * (c - HISTORY_SMALL_CHUNKS);
}

static inline guint
history_chunk_of (guint k)
{
  if (k < HISTORY_SMALL_TOTAL)
    return (guint) g_bit_storage (k / 16 + 1) - 1;
  return HISTORY_SMALL_CHUNKS + ((k - HISTORY_SMALL_TOTAL) >> HISTORY_CHUNK_BITS);
}

static inline HistoryChange *
history_change (const HistoryAttr *a, guint k)
{
  guint c = history_chunk_of (k);
  return &a->chunks[c][k - history_chunk_base (c)];
}

static inline LttvTime
history_limit (LttvHistory *h)
{
  return __atomic_load_n (&h->committed_limit, __ATOMIC_ACQUIRE);
}

/* The number of changes of `a` that start before `limit`. */
guint history_committed_count (const HistoryAttr *a, LttvTime limit);
/* The index of the last change of `a` starting at or before `t` among the
 * first `n`, or -1 when none does. */
gint64 history_find (const HistoryAttr *a, guint n, LttvTime t);
