/* SPDX-License-Identifier: GPL-2.0-or-later */
/* block-store.c: encoding a history chunk as a block, the blocks of
 * chunks finished during the build, and what the cache reads of the
 * history (block-store.h). The builder thread encodes
 * them before each batch of events: their chunks' memory then serves the
 * next chunks, and their bytes go to the cache file being made (the
 * history's spill), which the save after the build completes. A chunk is
 * final once the next one of its attribute has begun (history.c notes it
 * then); only the builder writes and reads the store. */
#include "config.h"

#include "big-alloc.h"
#include "history/history-private.h"

/* Writes the block at `out` (room for BLOCK_MAX (m)); returns its end.
 * The changes before are kept in locals: the bytes written through `q`
 * may alias the chunk as far as the compiler knows, and it would read
 * them again after every byte. */
static guint8 *
encode_at (guint8 *out, const HistoryChange *chunk, guint m)
{
  guint8 *q = varint_at (out, chunk[0].value);
  if (m < 2)
    return q;
  LttvTime start = chunk[1].start;
  LttvValue before = chunk[0].value, last = chunk[1].value;
  /* (the second change has none two before it to repeat) */
  q = varint_at (delta_at (q, start - chunk[0].start, 0), last);
  for (guint k = 2; k < m; k++)
    {
      LttvTime t = chunk[k].start;
      LttvValue v = chunk[k].value;
      guint32 again = v == before;
      q = delta_at (q, t - start, again);
      if (!again)
        q = varint_at (q, v);
      start = t;
      before = last;
      last = v;
    }
  return q;
}

/* A block's most bytes: a value, then a delta and a value per change. */
#define BLOCK_MAX(m) ((gsize) (m) * (DELTA_MAX + 10))
G_STATIC_ASSERT (BLOCK_MAX (HISTORY_CHUNK_SIZE) == HISTORY_BLOCK_MAX);

guint32
state_cache_encode_block (Writer *w, const HistoryChange *chunk, guint m)
{
  gsize off = w->len;
  /* room for the whole block first: the loop keeps its position in a
   * register */
  writer_reserve (w, BLOCK_MAX (m));
  w->len = (gsize) (encode_at (w->data + off, chunk, m) - w->data);
  return (guint32) state_cache_checksum (w->data + off, w->len - off);
}

struct _StateBlockStore {
  LttvHistory *h;
  guint next;               /* in h->full_chunks: the first not encoded */
  guint next_quiet;         /* in h->quiet: the first not sealed */
  /* Each block, in encoding order, and its attribute: grown in place
   * (big_array_realloc), their pages neither copied nor touched twice. */
  StoredBlock *blocks;
  guint32 *attrs;
  gsize n_blocks, cap_blocks;
  /* made by the first state_blocks_of: blocks grouped by attribute */
  guint *first;             /* [n_attrs + 1]: into `order` */
  StoredBlock *order;
};

StateBlockStore *
state_blocks_new (LttvHistory *h, int fd, guint64 data_pos)
{
  history_spill_start (h, fd, data_pos);
  StateBlockStore *bs = g_new0 (StateBlockStore, 1);
  bs->h = h;
  h->full_chunks = g_array_new (FALSE, FALSE, sizeof (HistoryFullChunk));
  h->quiet = g_array_new (FALSE, FALSE, sizeof (LttvAttr));
  h->unsealed = g_array_new (FALSE, FALSE, sizeof (guint32));
  return bs;
}

/* The most chunks encoded per call. */
#define ENCODE_MAX 64

/* An entry whose block is no longer its attribute's (unsealed). */
#define NO_ATTR G_MAXUINT32

/* Encodes the first `m` changes of chunk `c` of `attr` into the spill and
 * adds its entry. */
static StoredBlock
store_block (StateBlockStore *bs, LttvAttr attr, guint c, guint m)
{
  HistoryAttr *a = &bs->h->attrs[attr];
  guint8 *p = history_block_room (bs->h, BLOCK_MAX (m));
  gsize len = (gsize) (encode_at (p, a->chunks[c], m) - p);
  StoredBlock b = { (guint32) state_cache_checksum (p, len),
                    history_block_add (bs->h, len, attr) };
  if (bs->n_blocks == bs->cap_blocks)
    {
      gsize cap = MAX (4096, bs->cap_blocks * 2);
      bs->blocks = big_array_realloc (bs->blocks, bs->cap_blocks * sizeof (StoredBlock),
                                      cap * sizeof (StoredBlock));
      bs->attrs = big_array_realloc (bs->attrs, bs->cap_blocks * sizeof (guint32),
                                     cap * sizeof (guint32));
      bs->cap_blocks = cap;
    }
  bs->blocks[bs->n_blocks] = b;
  bs->attrs[bs->n_blocks++] = attr;
  return b;
}

/* The last chunks of up to `max` quiet attributes, partly filled, encoded
 * as if final and recycled: most threads of a long trace are gone before
 * its end, and their last chunks would be most of the build's memory.
 * FALSE when none was waiting. After every full chunk noted is encoded:
 * an attribute's blocks come in chunk order. */
static gboolean
seal_quiet (StateBlockStore *bs, guint max)
{
  LttvHistory *h = bs->h;
  GArray *quiet = h->quiet;
  if (bs->next_quiet >= quiet->len)
    {
      g_array_set_size (quiet, 0);
      bs->next_quiet = 0;
      return FALSE;
    }
  HistoryRecycled recycled[ENCODE_MAX];
  guint n_recycled = 0;
  max = MIN (max, ENCODE_MAX);
  for (; n_recycled < max && bs->next_quiet < quiet->len; bs->next_quiet++)
    {
      LttvAttr attr = g_array_index (quiet, LttvAttr, bs->next_quiet);
      HistoryAttr *a = &h->attrs[attr];
      if (a->n == 0 || history_attr_sealed (a))
        continue;
      guint c = a->n_chunks - 1, m = a->n - history_chunk_base (c);
      /* Empty (its first change undone: the last is in the chunk before,
       * not recycled), or full (noted when the next begins): left as it is. */
      if (m == 0 || m == history_chunk_size (c))
        continue;
      StoredBlock b = store_block (bs, attr, c, m);
      recycled[n_recycled++] = (HistoryRecycled) { a, c, b.block };
      a->sealed_entry = (guint32) bs->n_blocks;
      a->tail = a->next = a->next_end = NULL;
    }
  history_chunks_recycle (h, recycled, n_recycled);
  return TRUE;
}

/* The entries of the attributes unsealed since the last call: no longer
 * theirs (their chunk comes again, as a new block or at the save). */
static void
forget_unsealed (StateBlockStore *bs)
{
  GArray *unsealed = bs->h->unsealed;
  for (guint i = 0; i < unsealed->len; i++)
    bs->attrs[g_array_index (unsealed, guint32, i)] = NO_ATTR;
  g_array_set_size (unsealed, 0);
}

gboolean
state_blocks_encode_some (StateBlockStore *bs, guint max)
{
  forget_unsealed (bs);
  GArray *done = bs->h->full_chunks;
  if (bs->next >= done->len)
    {
      /* (all encoded: the list starts again, rather than grow with every
       * chunk of the build) */
      g_array_set_size (done, 0);
      bs->next = 0;
      return seal_quiet (bs, max);
    }
  /* (recycled together, once encoded: none of them is needed meanwhile) */
  HistoryRecycled recycled[ENCODE_MAX];
  guint n_recycled = 0;
  max = MIN (max, ENCODE_MAX);
  for (guint i = 0; i < max && bs->next < done->len; i++, bs->next++)
    {
      const HistoryFullChunk *f = &g_array_index (done, HistoryFullChunk, bs->next);
      HistoryAttr *a = &bs->h->attrs[f->attr];
      guint m = history_chunk_size (f->chunk);
      StoredBlock b = store_block (bs, f->attr, f->chunk, m);
      /* Final: its memory serves the next chunks. Unless the attribute's
       * last change is still in it (the first change of the next chunk
       * was undone by a second write at its time): the builder reads
       * that one again at its next write. */
      guintptr chunk = (guintptr) a->chunks[f->chunk], tail = (guintptr) a->tail;
      if (tail < chunk || tail >= chunk + m * sizeof (HistoryChange))
        recycled[n_recycled++] = (HistoryRecycled) { a, f->chunk, b.block };
    }
  history_chunks_recycle (bs->h, recycled, n_recycled);
  return TRUE;
}

/* A counting sort: each attribute's blocks stay in chunk order, the order
 * they were finished in. */
void
state_blocks_group (StateBlockStore *bs)
{
  forget_unsealed (bs);
  guint n_attrs = bs->h->n_attrs;
  bs->first = g_new0 (guint, n_attrs + 1);
  const guint32 *attr = bs->attrs;
  for (gsize i = 0; i < bs->n_blocks; i++)
    if (attr[i] != NO_ATTR)
      bs->first[attr[i] + 1]++;
  for (guint a = 0; a < n_attrs; a++)
    bs->first[a + 1] += bs->first[a];
  g_autofree guint *fill = g_memdup2 (bs->first, n_attrs * sizeof (guint));
  bs->order = g_new (StoredBlock, MAX (1, bs->n_blocks));
  for (gsize i = 0; i < bs->n_blocks; i++)
    if (attr[i] != NO_ATTR)
      bs->order[fill[attr[i]]++] = bs->blocks[i];
}

const StoredBlock *
state_blocks_of (StateBlockStore *bs, LttvAttr attr, guint *n)
{
  *n = bs->first[attr + 1] - bs->first[attr];
  return bs->order + bs->first[attr];
}

void
state_blocks_free (StateBlockStore *bs)
{
  if (bs == NULL)
    return;
  g_clear_pointer (&bs->h->full_chunks, g_array_unref);
  g_clear_pointer (&bs->h->quiet, g_array_unref);
  g_clear_pointer (&bs->h->unsealed, g_array_unref);
  big_array_free (bs->blocks, bs->cap_blocks * sizeof (StoredBlock));
  big_array_free (bs->attrs, bs->cap_blocks * sizeof (guint32));
  g_free (bs->first);
  g_free (bs->order);
  g_free (bs);
}

/* --- What the cache reads ------------------------------------------------- */

void
history_attr_blocks (LttvHistory *h, LttvAttr attr, HistoryAttrBlocks *out)
{
  const HistoryAttr *a = &h->attrs[attr];
  out->parent = a->parent;
  out->name = a->name;
  out->n = a->n;
  out->first_start = a->first_start;
  out->last_start = a->last_start;
  out->last_value = a->current;
  out->chunk_first = a->chunk_first;
}

guint32
history_attr_encode_chunk (LttvHistory *h, LttvAttr attr, guint c, Writer *w)
{
  const HistoryAttr *a = &h->attrs[attr];
  guint m = MIN (history_chunk_size (c), a->n - history_chunk_base (c));
  return state_cache_encode_block (w, history_chunk (a, c), m);
}

LttvTime
history_committed_limit (LttvHistory *h)
{
  return h->committed_limit;
}

guint
history_n_strings (LttvHistory *h)
{
  return h->strings->len;
}

const char *
history_string_at (LttvHistory *h, guint i)
{
  return g_ptr_array_index (h->strings, i);
}
