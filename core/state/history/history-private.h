/* SPDX-License-Identifier: GPL-2.0-or-later */
/* history-private.h: the history's storage, shared by its files (and by
 * no other folder: the machine writes through history-write.h, the cache
 * and the build meet the blocks through block-store.h). */
#pragma once

#include <lttv/history.h>

#include "history/block-store.h"
#include "writer.h"

typedef struct {
  LttvTime start;
  LttvValue value;
} HistoryChange;

typedef struct _HistoryLazy HistoryLazy;
typedef struct _HistorySpill HistorySpill;

/* A chunk that filled up: no change of it moves any more. */
typedef struct {
  guint32 attr, chunk;
} HistoryFullChunk;

typedef struct {
  void *base;
  gsize size;
} HistorySlab;

/* Memory carved from slabs, freed all at once (history-arena.c). */
typedef struct {
  GArray *slabs;            /* HistorySlab */
  guint8 *next;
  gsize left;
} HistorySlabs;

/* A finished busy attribute's rank index (history-rows.c): cum[b] is the
 * number of changes before base + b << shift, so that the last change
 * at or before any time is found from one lookup and a short scan, not
 * a search over the whole array: what a row query at a coarse resolution
 * does once per pixel. */
typedef struct {
  LttvTime base;
  guint shift;
  guint n_buckets;
  guint32 *cum;           /* [n_buckets + 1] */
} HistoryRankIndex;

typedef struct {
  /* What the builder touches at every change, together: */
  LttvValue current;    /* the builder's value now: the last change's */
  LttvTime last_start;  /* the start of the last change */
  guint n;              /* changes stored; read with atomics */
  HistoryChange *tail;  /* the last change, NULL when none */
  HistoryChange *next;  /* where the next one goes, while it fits ... */
  HistoryChange *next_end; /* ... in the chunk that ends here */
  /* Changes in time order, in chunks of HISTORY_CHUNK_SIZE; chunk_first[i]
   * is chunks[i][0].start, the sparse index searched first. Loaded from
   * the cache, a chunk is NULL until a query first needs it (lazy). */
  HistoryChange **chunks;
  LttvTime *chunk_first;
  guint n_chunks;
  guint cap_chunks;
  guint capacity;       /* changes the chunks can hold */
  LttvTime first_start; /* of change 0, once there is one */
  LttvAttr parent;
  guint32 sealed_entry; /* sealed (history_note_quiet): the block store's
                           entry for its last chunk, + 1; else 0 */
  const char *name;     /* in the history's string chunk */
  GHashTable *children; /* name -> id + 1, created on demand */
  HistoryLazy *lazy;    /* from the cache: where its chunks are, or NULL */
  guint64 lazy_base;    /* its first chunk's number in the cache */
  HistoryRankIndex *rank; /* made by the first row query, when busy */
  LttvHistory *history; /* built ones: whose recycled chunks it has */
} HistoryAttr;

/* Per attribute, once the history is finished: what most queries need
 * without touching the chunks (threads not born yet or long dead). */
typedef struct {
  LttvTime first, last;   /* starts of the first and last changes */
  LttvValue last_value;
  guint n;
} HistorySummary;

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
  HistorySummary *summary;  /* set by lttv_history_finish */
  guint n_summary;
  guint64 n_intervals;
  HistoryLazy *lazy;        /* the cache file the chunks come from */
  char *damage;             /* the first damaged chunk found, or NULL */
  GMutex rank_lock;         /* one rank index made at a time */
  /* The builder's chunks, or the ones decoded from the cache. */
  HistorySlabs arena;
  gint children_pending;    /* atomic: loaded, the name tables not made yet */
  GArray *full_chunks;      /* HistoryFullChunk, when noted (block-store.c) */
  GArray *quiet;            /* LttvAttr: likely to change no more, when noted */
  GArray *unsealed;         /* guint32: sealed_entry - 1 of each unsealed */
  /* Chunks given back once encoded (history-recycle.c): their memory,
   * per size (chunk number, capped at the small ones'), for the next
   * chunks; their blocks, written to the cache file being made (the
   * spill); the copies queries decoded from those. */
  HistoryChange *free_chunks[HISTORY_SMALL_CHUNKS + 1];
  HistorySpill *spill;
  GMutex decode_lock;
  HistorySlabs decoded;
};

/* Sealed: its last chunk is a block, and its next change decodes it back
 * (history.c). */
static inline gboolean
history_attr_sealed (const HistoryAttr *a)
{
  return a->sealed_entry != 0;
}

/* `bytes` more from `s`, in slabs of `slab_bytes` at least (any thread
 * that owns `s`). */
gpointer history_slabs_alloc (HistorySlabs *s, gsize bytes, gsize slab_bytes);
void history_slabs_free (HistorySlabs *s);
/* The memory the slabs took. */
gsize history_slabs_bytes (const HistorySlabs *s);
/* Room for `n` changes in the history's arena: the builder's, or, loaded
 * from the cache, the lazy decoder's. */
#define HISTORY_ARENA_SLAB (8u << 20)
static inline HistoryChange *
history_arena_alloc (LttvHistory *h, guint n)
{
  return history_slabs_alloc (&h->arena, n * sizeof (HistoryChange), HISTORY_ARENA_SLAB);
}

/* Decodes chunk `c` of a lazily loaded attribute (history-lazy.c). */
HistoryChange *history_chunk_load (const HistoryAttr *a, guint c);

/* --- Recycled chunks (history-recycle.c) ----------------------------------
 * A built chunk that filled up is encoded as its cache block (the cache's
 * format) and its memory given to the chunks that come next, which cuts
 * the build's peak memory to a fraction. The blocks go to the cache file
 * being made, through one buffer (the spill): kept in memory, they would
 * take as many more fresh pages, and the save would write them at the
 * end. A recycled chunk's pointer becomes its block's number, tagged by
 * the low bit; the first query that needs it decodes a copy. */

static inline gboolean
history_chunk_is_block (const HistoryChange *chunk)
{
  return ((guintptr) chunk & 1) != 0;
}

/* The builder's blocks go to `fd` (duplicated; opened for reading and
 * writing), DATA starting at byte `data_pos`; with -1, or once a write
 * failed, they are held in memory. */
void history_spill_start (LttvHistory *h, int fd, guint64 data_pos);
/* Room for a block of at most `max` bytes; history_block_add then says
 * how much of it the block took, and whose it is (its attribute's blocks
 * are kept together in the file, where they can be), and returns the
 * block's number. */
guint8 *history_block_room (LttvHistory *h, gsize max);
guint32 history_block_add (LttvHistory *h, gsize len, LttvAttr attr);
/* The spill's memory, and the copies decoded from it. */
gsize history_spill_memory (LttvHistory *h);
/* Chunk `c` of `a`, full and final, is now block `block`: its memory goes
 * back to the builder. */
typedef struct {
  HistoryAttr *a;
  guint c;
  guint32 block;
} HistoryRecycled;
void history_chunks_recycle (LttvHistory *h, const HistoryRecycled *list, guint n);
/* Appends the block of the `m` changes at `chunk` to `w`; returns its
 * checksum (32 bits of state_cache_checksum; block-store.c). */
guint32 state_cache_encode_block (Writer *w, const HistoryChange *chunk, guint m);
/* A recycled chunk's changes, decoded once (any thread). */
HistoryChange *history_recycled_load (const HistoryAttr *a, guint c);
/* ... or decoded into `scratch` (HISTORY_CHUNK_SIZE changes), not kept. */
const HistoryChange *history_recycled_peek (const HistoryAttr *a, guint c, HistoryChange *scratch);
/* A recycled chunk's memory for chunk number `c` (of its size), or NULL. */
HistoryChange *history_recycled_take (LttvHistory *h, guint c);
void history_recycle_free (LttvHistory *h);

static inline HistoryChange *
history_chunk (const HistoryAttr *a, guint c)
{
  HistoryChange *chunk = __atomic_load_n (&a->chunks[c], __ATOMIC_ACQUIRE);
  if (G_UNLIKELY (chunk == NULL))
    chunk = history_chunk_load (a, c);
  else if (G_UNLIKELY (history_chunk_is_block (chunk)))
    chunk = history_recycled_load (a, c);
  return chunk;
}

static inline HistoryChange *
history_change (const HistoryAttr *a, guint k)
{
  guint c = history_chunk_of (k);
  return &history_chunk (a, c)[k - history_chunk_base (c)];
}

static inline LttvTime
history_limit (LttvHistory *h)
{
  return __atomic_load_n (&h->committed_limit, __ATOMIC_ACQUIRE);
}

/* The number of changes of `a` that start before `limit`. */
guint history_committed_count (LttvHistory *h, const HistoryAttr *a,
                               LttvTime limit);
/* The index of the last change of `a` starting at or before `t` among the
 * first `n`, or -1 when none does. */
gint64 history_find (const HistoryAttr *a, guint n, LttvTime t);

/* The rank index of `a` (finished, busy), made on first use; NULL when
 * the attribute is too quiet to need one. */
const HistoryRankIndex *history_rank_index (LttvHistory *h, HistoryAttr *a);
/* The last change of `a` starting at or before `t`, or -1. */
gint64 history_rank (const HistoryAttr *a, const HistoryRankIndex *r, LttvTime t);
/* Asks the memory for what history_rank will read at two later times: the
 * bucket count at `t_cum`, and the changes at `t_changes` (whose bucket
 * count an earlier call fetched). */
void history_rank_prefetch (const HistoryAttr *a, const HistoryRankIndex *r,
                            LttvTime t_cum, LttvTime t_changes);
void history_rank_index_free (HistoryRankIndex *r);

/* --- Lazy loading from the cache (history-lazy.c) ------------------------ *
 * The cache file stays mapped; each chunk of changes is a block with its
 * own checksum, checked and decoded when a query first touches it. A block
 * found damaged is never used: its changes read as nothing, and the
 * history records the damage (lttv_history_check). */
struct _HistoryLazy {
  GMappedFile *file;
  int fd;                   /* the same file, for history_window_block */
  char *path;               /* for messages */
  const guint8 *data;       /* the chunks' bytes */
  guint64 data_pos;         /* their offset in the file */
  guint64 data_len;         /* and their length */
  const guint64 *where;     /* [n_chunks]: chunk i's block (history_block_at) */
  const guint32 *sums;      /* [n_chunks]: checksum of each */
  guint8 *sections;         /* the copy where, sums and the firsts are in, or NULL */
  HistoryChange **slab;     /* every attribute's chunk pointers (sparse) */
  gsize slab_size;
  gboolean any_decoded;     /* a chunk of the slab is set (atomic) */
  guint8 *checked;          /* [n_chunks]: its checksum matched (atomic) */
  guint64 n_chunks;
  guint64 n_strings;
  LttvHistory *history;
  GMutex lock;              /* one decoder at a time */
};

void history_lazy_free (HistoryLazy *lz);

/* Blocks read into one buffer by a query that goes through them in the
 * file's order (history-window.c), and where its last lookup in a block
 * stopped: the next one in the same block, at a later time, goes on from
 * there instead of decoding the block from its start again. */
/* A place in a block: change `index` (its start and value, and the value
 * of the change before it, which the next may repeat), its bytes read up
 * to `p`. */
typedef struct {
  const guint8 *p, *end;
  guint index;
  LttvTime start;
  guint64 value;
  guint64 before;
} HistoryBlockPos;

typedef struct {
  HistoryLazy *lz;
  guint8 *buf;
  gsize cap;
  guint64 from, to;         /* the part of the data section in buf */
  guint64 last_block;       /* G_MAXUINT64: no lookup to go on from */
  HistoryBlockPos last;     /* where the last lookup in it stopped */
} HistoryWindow;

void history_window_init (HistoryWindow *w, HistoryLazy *lz);
void history_window_clear (HistoryWindow *w);
/* Block `g`'s bytes: from the window, read again when it does not hold
 * them (from the mapping when the read fails). */
const guint8 *history_window_block (HistoryWindow *w, guint64 g);

/* The value of lazy attribute `a` at `t` (at or after its first change),
 * without decoding a chunk not decoded yet (its block is checked, then read
 * up to t), the block read through `w` when not NULL: then each
 * attribute's times must come in increasing order. LTTV_VALUE_NONE from a
 * damaged block. */
LttvValue history_lazy_value_at (const HistoryAttr *a, LttvTime t, HistoryWindow *w);
/* Chunk `c` of `a` as it stands, or, when it is encoded (it comes from
 * the cache and was never decoded, or the build recycled it), decoded
 * into `scratch` (HISTORY_CHUNK_SIZE changes) and not kept: for a pass
 * over many chunks once (statistics, a rank index), which would
 * otherwise keep them all, each in fresh memory. */
const HistoryChange *history_chunk_passing (const HistoryAttr *a, guint c,
                                            HistoryChange *scratch);
