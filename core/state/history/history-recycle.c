/* SPDX-License-Identifier: GPL-2.0-or-later */
/* history-recycle.c: built chunks given back once encoded (see
 * history-private.h). Only the builder recycles, spills and takes memory;
 * queries (any thread, under the history's read lock) decode the blocks,
 * one decoder at a time. A recycled chunk's pointer changes under the
 * write lock, so no query holds the old one when its memory is used
 * again; the spill's buffer is written and used again under the decode
 * lock, so no decoder reads it meanwhile. */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "big-alloc.h"
#include "history/history-private.h"

/* Written in writes of about this much. */
#define SPILL_BUFFER (2u << 20)

/* A buffer of blocks that could not be written, kept: its first block's
 * place in DATA. */
typedef struct {
  guint8 *bytes;
  guint64 pos;
} HeldBuffer;

struct _HistorySpill {
  int fd;                 /* a duplicate of the caller's, or -1 */
  gboolean failed;        /* no file, or a write failed: the blocks from
                             then on are held */
  guint64 data_pos;       /* where DATA starts in the file */
  guint8 *buf;            /* the blocks not written yet ... */
  gsize used;
  guint64 buf_pos;        /* ... from this place in DATA on */
  GArray *order;          /* BlockKey: the buffer's blocks, sorted by
                             attribute before they are written ... */
  GArray *order_tmp;      /* ... with this room (by sort_by_attr) */
  guint8 *sorted;         /* their bytes in that order */
  guint64 *where;         /* per block: history_block_at's; grown under
                             the decode lock (decoders read it) */
  guint n_blocks, cap_blocks;
  GArray *held;           /* HeldBuffer */
  guint8 *window;         /* blocks read back from the file: [win_pos, */
  guint64 win_pos, win_len;  /* + win_len) of DATA */
  const guint8 *map;      /* once all are written: the file, mapped */
  gsize map_len;
};

/* Decoded copies come in slabs of this much. */
#define DECODED_SLAB (2u << 20)

/* What a read back takes beyond the block asked for: the next ones a row
 * query needs are mostly the same attribute's, kept together (cluster). */
#define SPILL_WINDOW (64u << 10)

typedef struct {
  guint32 attr, block;
} BlockKey;

/* The free list of chunk `c`'s size: the small chunks' each, then one. */
static guint
size_class (guint c)
{
  return MIN (c, HISTORY_SMALL_CHUNKS);
}

void
history_spill_start (LttvHistory *h, int fd, guint64 data_pos)
{
  g_return_if_fail (h->spill == NULL);
  HistorySpill *sp = g_new0 (HistorySpill, 1);
  sp->fd = fd >= 0 ? dup (fd) : -1;
  sp->failed = sp->fd < 0;
  sp->data_pos = data_pos;
  sp->buf = big_array_alloc0 (SPILL_BUFFER);
  sp->sorted = big_array_alloc0 (SPILL_BUFFER);
  sp->order = g_array_new (FALSE, FALSE, sizeof (BlockKey));
  sp->order_tmp = g_array_new (FALSE, FALSE, sizeof (BlockKey));
  sp->held = g_array_new (FALSE, FALSE, sizeof (HeldBuffer));
  h->spill = sp;
}

/* Writes `n` pieces to `fd` from byte `pos` on, as few calls as the
 * kernel takes. */
gboolean
history_write_all (int fd, struct iovec *v, guint n, guint64 pos)
{
  while (n > 0)
    {
      ssize_t w = pwritev (fd, v, (int) MIN (n, 1024u), (off_t) pos);
      if (w < 0 && errno == EINTR)
        continue;
      if (w <= 0)
        return FALSE;
      pos += (guint64) w;
      for (gsize left = (gsize) w; left > 0;)
        if (left >= v->iov_len)
          {
            left -= v->iov_len;
            v++, n--;
          }
        else
          {
            v->iov_base = (char *) v->iov_base + left;
            v->iov_len -= left;
            left = 0;
          }
      while (n > 0 && v->iov_len == 0)
        v++, n--;
    }
  return TRUE;
}

/* Sorts `order` (in block order) by attribute, each attribute's blocks
 * staying in their order: a radix sort, a byte of the attribute at a
 * time, through `tmp` (kept from one buffer to the next: qsort took a
 * temporary buffer of fresh pages at each). */
static void
sort_by_attr (GArray *order, GArray *tmp)
{
  guint n = order->len;
  guint32 most = 0;
  for (guint i = 0; i < n; i++)
    most = MAX (most, g_array_index (order, BlockKey, i).attr);
  g_array_set_size (tmp, n);
  BlockKey *from = (BlockKey *) (gpointer) order->data, *to = (BlockKey *) (gpointer) tmp->data;
  guint passes = 0;
  for (guint shift = 0; shift < 32 && (most >> shift) > 0; shift += 8, passes++)
    {
      guint at[257] = { 0 };
      for (guint i = 0; i < n; i++)
        at[((from[i].attr >> shift) & 0xff) + 1]++;
      for (guint d = 0; d < 256; d++)
        at[d + 1] += at[d];
      for (guint i = 0; i < n; i++)
        to[at[(from[i].attr >> shift) & 0xff]++] = from[i];
      BlockKey *swap = from;
      from = to;
      to = swap;
    }
  if (passes % 2 == 1)
    memcpy (order->data, tmp->data, n * sizeof (BlockKey));
}

/* The buffer's blocks, each attribute's together (in their order): a
 * busy attribute's blocks, finished one at a time among everyone's, would
 * each be on a page of its own, and a row query over the whole trace from
 * the cache touched thousands of pages (a fault each) where it read a few
 * hundred in the attribute's own order. */
static void
cluster (HistorySpill *sp)
{
  sort_by_attr (sp->order, sp->order_tmp);
  gsize off = 0;
  for (guint i = 0; i < sp->order->len; i++)
    {
      guint32 b = g_array_index (sp->order, BlockKey, i).block;
      guint64 at = sp->where[b];
      gsize len = history_block_len (at);
      memcpy (sp->sorted + off, sp->buf + (history_block_pos (at) - sp->buf_pos), len);
      sp->where[b] = history_block_at (sp->buf_pos + off, len);
      off += len;
    }
  guint8 *swap = sp->buf;
  sp->buf = sp->sorted;
  sp->sorted = swap;
  g_array_set_size (sp->order, 0);
}

/* Writes the buffer's blocks out (or, without a file, keeps the buffer
 * and takes a new one); the buffer is then empty. */
static void
spill_flush (LttvHistory *h, HistorySpill *sp)
{
  if (sp->used == 0)
    return;
  g_mutex_lock (&h->decode_lock);
  cluster (sp);
  struct iovec piece = { sp->buf, sp->used };
  if (!sp->failed && !history_write_all (sp->fd, &piece, 1, sp->data_pos + sp->buf_pos))
    sp->failed = TRUE;
  if (sp->failed)
    {
      g_array_append_val (sp->held, ((HeldBuffer) { sp->buf, sp->buf_pos }));
      sp->buf = big_array_alloc0 (SPILL_BUFFER);
    }
  sp->buf_pos += sp->used;
  sp->used = 0;
  g_mutex_unlock (&h->decode_lock);
}

guint8 *
history_block_room (LttvHistory *h, gsize max)
{
  HistorySpill *sp = h->spill;
  g_return_val_if_fail (sp != NULL && max <= SPILL_BUFFER, NULL);
  if (SPILL_BUFFER - sp->used < max)
    spill_flush (h, sp);
  return sp->buf + sp->used;
}

guint32
history_block_add (LttvHistory *h, gsize len, LttvAttr attr)
{
  HistorySpill *sp = h->spill;
  g_assert (len > 0 && len <= HISTORY_BLOCK_MAX);
  if (sp->n_blocks == sp->cap_blocks)
    {
      g_mutex_lock (&h->decode_lock);
      /* (grown in place, its pages neither copied nor touched twice: one
       * entry per block, megabytes on a long trace) */
      guint cap = MAX (1024, sp->cap_blocks * 2);
      sp->where = big_array_realloc (sp->where, sp->cap_blocks * sizeof (guint64),
                                     cap * sizeof (guint64));
      sp->cap_blocks = cap;
      g_mutex_unlock (&h->decode_lock);
    }
  sp->where[sp->n_blocks] = history_block_at (sp->buf_pos + sp->used, len);
  sp->used += len;
  g_array_append_val (sp->order, ((BlockKey) { attr, sp->n_blocks }));
  return sp->n_blocks++;
}

guint64
history_block_where (LttvHistory *h, guint32 block)
{
  return h->spill->where[block];
}

gboolean
history_spill_finish (LttvHistory *h, guint64 *data_len)
{
  HistorySpill *sp = h->spill;
  if (sp == NULL)
    {
      *data_len = 0;
      return TRUE;
    }
  spill_flush (h, sp);
  *data_len = sp->buf_pos;
  if (sp->failed)
    return FALSE;
  /* From now on the blocks are read from a mapping, as from a loaded
   * cache: a row query goes through an attribute's blocks, a full state
   * through one block of each (a pread each would be a system call per
   * block). */
  g_mutex_lock (&h->decode_lock);
  gsize len = (gsize) (sp->data_pos + sp->buf_pos);
  void *map = len > 0 ? mmap (NULL, len, PROT_READ, MAP_SHARED, sp->fd, 0) : MAP_FAILED;
  if (map != MAP_FAILED)
    {
      sp->map = map;
      sp->map_len = len;
    }
  g_mutex_unlock (&h->decode_lock);
  return TRUE;
}

void
history_chunks_recycle (LttvHistory *h, const HistoryRecycled *list, guint n)
{
  if (n == 0)
    return;
  /* (one lock for all: taken per chunk, it was 1.6 % of a build's time) */
  g_rw_lock_writer_lock (&h->lock);
  for (guint i = 0; i < n; i++)
    {
      HistoryAttr *a = list[i].a;
      guint c = list[i].c;
      HistoryChange *chunk = a->chunks[c];
      g_assert (chunk != NULL && !history_chunk_is_block (chunk));
      a->history = h;
      __atomic_store_n (&a->chunks[c], (HistoryChange *) ((guintptr) list[i].block << 1 | 1),
                        __ATOMIC_RELEASE);
      /* a free list through the chunks themselves */
      guint k = size_class (c);
      memcpy ((void *) chunk, &h->free_chunks[k], sizeof (gpointer));
      h->free_chunks[k] = chunk;
    }
  g_rw_lock_writer_unlock (&h->lock);
}

HistoryChange *
history_recycled_take (LttvHistory *h, guint c)
{
  guint k = size_class (c);
  HistoryChange *chunk = h->free_chunks[k];
  if (chunk != NULL)
    memcpy (&h->free_chunks[k], (const void *) chunk, sizeof (gpointer));
  return chunk;
}

/* Block `at`'s bytes (history_block_at's): from the buffer, a held one,
 * or read back from the file with the ones after it. Under the decode
 * lock. */
static const guint8 *
spilled_block (HistorySpill *sp, guint64 at)
{
  guint64 pos = history_block_pos (at);
  if (pos >= sp->buf_pos)
    return sp->buf + (pos - sp->buf_pos);
  for (guint i = sp->held->len; i-- > 0;)
    {
      const HeldBuffer *hb = &g_array_index (sp->held, HeldBuffer, i);
      if (pos >= hb->pos)
        return hb->bytes + (pos - hb->pos);
    }
  gsize len = history_block_len (at);
  if (sp->map != NULL)
    return sp->map + sp->data_pos + pos;
  if (sp->window != NULL && pos >= sp->win_pos && pos + len <= sp->win_pos + sp->win_len)
    return sp->window + (pos - sp->win_pos);
  if (sp->window == NULL)
    sp->window = g_malloc (SPILL_WINDOW);
  /* (the blocks written: all before the buffer's; a file we wrote, so that
   * a short read is a disk's fault, not a format's) */
  gsize want = (gsize) MIN ((guint64) SPILL_WINDOW, sp->buf_pos - pos);
  ssize_t got = pread (sp->fd, sp->window, want, (off_t) (sp->data_pos + pos));
  if (got < (ssize_t) len)
    g_error ("the state history: cannot read back its block at byte %" G_GUINT64_FORMAT
             " of the cache being written: %s", sp->data_pos + pos,
             got < 0 ? g_strerror (errno) : "the file is shorter");
  sp->win_pos = pos;
  sp->win_len = (guint64) got;
  return sp->window;
}

/* Decodes recycled chunk `c` (the block `chunk` stands for) into `out`.
 * Under the decode lock. */
static void
recycled_decode (const HistoryAttr *a, guint c, const HistoryChange *chunk, HistoryChange *out)
{
  LttvHistory *h = a->history;
  /* our own bytes (state_cache_encode_block's): the block holds the
   * chunk's whole size in changes, or, sealed, those it had (a->n does
   * not move while its chunk is a block: the builder decodes it back
   * first) */
  guint64 at = history_block_where (h, (guint32) ((guintptr) chunk >> 1));
  const guint8 *p = spilled_block (h->spill, at);
  const guint8 *end = p + history_block_len (at);
  guint m = MIN (history_chunk_size (c),
                 __atomic_load_n (&a->n, __ATOMIC_ACQUIRE) - history_chunk_base (c));
  LttvTime t = a->chunk_first[c];
  guint64 v = 0, delta = 0;
  gboolean sound = varint_from (&p, end, &v);
  out[0] = (HistoryChange) { t, v };
  for (guint i = 1; i < m && sound; i++)
    {
      sound = block_next_change (&p, end, i >= 2 ? out[i - 2].value : 0, i >= 2, &delta, &v);
      t += delta;
      out[i] = (HistoryChange) { t, v };
    }
  g_assert (sound && p == end);
}

HistoryChange *
history_recycled_load (const HistoryAttr *a, guint c)
{
  LttvHistory *h = a->history;
  g_mutex_lock (&h->decode_lock);
  HistoryChange *chunk = __atomic_load_n (&a->chunks[c], __ATOMIC_ACQUIRE);
  if (history_chunk_is_block (chunk))
    {
      /* (from slabs, not malloc'd one by one: a row query over a whole
       * trace just built decodes thousands; a malloc each, and a fault per
       * fresh 4 KB page, would be most of its time) */
      HistoryChange *out = history_slabs_alloc (&h->decoded,
                                                history_chunk_size (c) * sizeof (HistoryChange),
                                                DECODED_SLAB);
      recycled_decode (a, c, chunk, out);
      __atomic_store_n (&((HistoryAttr *) a)->chunks[c], out, __ATOMIC_RELEASE);
      chunk = out;
    }
  g_mutex_unlock (&h->decode_lock);
  return chunk;
}

const HistoryChange *
history_recycled_peek (const HistoryAttr *a, guint c, HistoryChange *scratch)
{
  LttvHistory *h = a->history;
  g_mutex_lock (&h->decode_lock);
  const HistoryChange *chunk = __atomic_load_n (&a->chunks[c], __ATOMIC_ACQUIRE);
  if (history_chunk_is_block (chunk))
    {
      recycled_decode (a, c, chunk, scratch);
      chunk = scratch;
    }
  g_mutex_unlock (&h->decode_lock);
  return chunk;
}

gsize
history_spill_memory (LttvHistory *h)
{
  HistorySpill *sp = h->spill;
  gsize decoded = history_slabs_bytes (&h->decoded);
  return decoded + (sp == NULL ? 0 : (2 + sp->held->len) * (gsize) SPILL_BUFFER
                                     + sp->cap_blocks * sizeof (guint64));
}

void
history_recycle_free (LttvHistory *h)
{
  HistorySpill *sp = h->spill;
  if (sp != NULL)
    {
      for (guint i = 0; i < sp->held->len; i++)
        big_array_free (g_array_index (sp->held, HeldBuffer, i).bytes, SPILL_BUFFER);
      g_array_unref (sp->held);
      big_array_free (sp->buf, SPILL_BUFFER);
      big_array_free (sp->sorted, SPILL_BUFFER);
      g_array_unref (sp->order);
      g_array_unref (sp->order_tmp);
      g_free (sp->window);
      if (sp->map != NULL)
        munmap ((void *) sp->map, sp->map_len);
      big_array_free (sp->where, sp->cap_blocks * sizeof (guint64));
      if (sp->fd >= 0)
        close (sp->fd);
      g_free (sp);
    }
  history_slabs_free (&h->decoded);
  g_mutex_clear (&h->decode_lock);
}
