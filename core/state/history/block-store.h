/* SPDX-License-Identifier: GPL-2.0-or-later */
/* block-store.h: the history as blocks, all that the cache and the build
 * know of it. During the build, finished chunks become blocks written to
 * the cache file being made (the store); the cache's save then reads each
 * attribute's name, counts and chunks' first times, and encodes the
 * chunks the store did not; its load makes a history whose attributes'
 * chunks are blocks of the mapped file, decoded when first queried. The
 * blocks' bytes are block-codec.h's; the history's storage stays behind
 * these functions (history-private.h). */
#pragma once

#include <sys/uio.h>

#include <lttv/history.h>

#include "history/block-codec.h"
#include "writer.h"

/* --- Blocks encoded during the build (block-store.c) --------------------- */

typedef struct {
  guint32 sum;
  guint32 block;            /* the history's number (history_block_where) */
} StoredBlock;

typedef struct _StateBlockStore StateBlockStore;

/* Starts noting the chunks of `h` as they fill up; their blocks go to
 * `fd` from byte `data_pos` on (history_spill_start). */
StateBlockStore *state_blocks_new (LttvHistory *h, int fd, guint64 data_pos);
/* Encodes up to `max` (64 at most) chunks filled since the last call;
 * FALSE when none was waiting. */
gboolean state_blocks_encode_some (StateBlockStore *bs, guint max);
/* Once the build is over, before state_blocks_of (which any thread may
 * then call): groups the blocks by attribute. */
void state_blocks_group (StateBlockStore *bs);
/* The blocks of attribute `attr`'s first chunks (chunk 0 on), and how
 * many. */
const StoredBlock *state_blocks_of (StateBlockStore *bs, LttvAttr attr,
                                    guint *n);
/* Stops noting (the history no longer collects) and frees. */
void state_blocks_free (StateBlockStore *bs);

/* --- Saving ---------------------------------------------------------------- */

/* Where block `block` is (history_block_at's). */
guint64 history_block_where (LttvHistory *h, guint32 block);
/* Writes the blocks still in the buffer: TRUE when every block is in the
 * file, DATA's length so far in `data_len`. */
gboolean history_spill_finish (LttvHistory *h, guint64 *data_len);
/* Writes `n` pieces to `fd` from byte `pos` on, as few calls as the
 * kernel takes (the spill's, the cache's save). */
gboolean history_write_all (int fd, struct iovec *v, guint n, guint64 pos);
/* What the cache writes of attribute `attr`. */
typedef struct {
  LttvAttr parent;
  const char *name;
  guint n;                        /* changes */
  LttvTime first_start, last_start;
  LttvValue last_value;
  const LttvTime *chunk_first;    /* each chunk's first time */
} HistoryAttrBlocks;
void history_attr_blocks (LttvHistory *h, LttvAttr attr, HistoryAttrBlocks *out);
/* Appends the block of chunk `c` of `attr` to `w` (decoding it when it
 * was recycled); returns its checksum (state_cache_encode_block's). */
guint32 history_attr_encode_chunk (LttvHistory *h, LttvAttr attr, guint c, Writer *w);
/* The first time not committed yet (0: none). */
LttvTime history_committed_limit (LttvHistory *h);
/* The interned strings, by index. */
guint history_n_strings (LttvHistory *h);
const char *history_string_at (LttvHistory *h, guint i);

/* --- Loading --------------------------------------------------------------- */

/* Where a cache file's blocks are: DATA's bytes in the mapping, its place
 * and length in the file, each block's place (history_block_at) and
 * checksum, and the copy of the sections these point into (or NULL;
 * given to the history). */
typedef struct {
  const guint8 *data;
  guint64 data_pos, data_len;
  const guint64 *where;
  const guint32 *sums;
  guint8 *sections;
} HistoryBlockFile;
/* The history's chunks come from `n_chunks` blocks of `file` (`path`,
 * open as `fd`, duplicated), as `blocks` says; its strings are those
 * interned so far. */
void history_lazy_open (LttvHistory *h, GMappedFile *file, int fd, const char *path,
                        guint64 n_chunks, const HistoryBlockFile *blocks);
/* Room for `n` attributes (huge pages when big: big-alloc.h). */
void history_attrs_reserve (LttvHistory *h, guint n);
/* Appends an attribute loaded from the cache: `n` changes in chunks
 * starting at `first` (the chunks' first times, in the mapping), global
 * chunk number `base`, its last change starting at `last_start`. No lock:
 * the history is not published yet. */
LttvAttr history_lazy_attr (LttvHistory *h, LttvAttr parent, const char *name,
                            gsize name_len, guint n, const LttvTime *first,
                            guint64 base, LttvValue last_value, LttvTime last_start);
/* All attributes loaded: lookups by name, which found none meanwhile, now
 * find them, the tables of names made at the first one, or `now` (that
 * first lookup holds every other query back: tens of milliseconds for a
 * big trace, on the main thread of the GUI). */
void history_names_loaded (LttvHistory *h, gboolean now);
