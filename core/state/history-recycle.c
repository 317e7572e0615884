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
#include <unistd.h>

#include "big-alloc.h"
#include "cache-blocks.h"

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
  guint64 *where;         /* per block: history_block_at's; grown under
                             the decode lock (decoders read it) */
  guint n_blocks, cap_blocks;
  GArray *held;           /* HeldBuffer */
};

static guint
size_class (guint size)
{
  guint k = 0;
  while (k < HISTORY_SMALL_CHUNKS && (16u << k) != size)
    k++;
  return k;
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
  sp->held = g_array_new (FALSE, FALSE, sizeof (HeldBuffer));
  h->spill = sp;
}

static gboolean
write_fully (int fd, const guint8 *p, gsize len, guint64 pos)
{
  while (len > 0)
    {
      ssize_t w = pwrite (fd, p, len, (off_t) pos);
      if (w < 0 && errno == EINTR)
        continue;
      if (w <= 0)
        return FALSE;
      p += w;
      len -= (gsize) w;
      pos += (guint64) w;
    }
  return TRUE;
}

/* Writes the buffer's blocks out (or, without a file, keeps the buffer
 * and takes a new one); the buffer is then empty. */
static void
spill_flush (LttvHistory *h, HistorySpill *sp)
{
  if (sp->used == 0)
    return;
  g_mutex_lock (&h->decode_lock);
  if (!sp->failed && !write_fully (sp->fd, sp->buf, sp->used, sp->data_pos + sp->buf_pos))
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
history_block_add (LttvHistory *h, gsize len)
{
  HistorySpill *sp = h->spill;
  g_assert (len > 0 && len <= HISTORY_BLOCK_MAX);
  if (sp->n_blocks == sp->cap_blocks)
    {
      g_mutex_lock (&h->decode_lock);
      sp->cap_blocks = MAX (1024, sp->cap_blocks * 2);
      sp->where = g_renew (guint64, sp->where, sp->cap_blocks);
      g_mutex_unlock (&h->decode_lock);
    }
  sp->where[sp->n_blocks] = history_block_at (sp->buf_pos + sp->used, len);
  sp->used += len;
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
  return !sp->failed;
}

void
history_chunk_recycle (LttvHistory *h, HistoryAttr *a, guint c, guint32 block)
{
  g_assert (a->chunks[c] != NULL && !history_chunk_is_block (a->chunks[c]));
  HistoryChange *chunk = a->chunks[c];
  g_rw_lock_writer_lock (&h->lock);
  a->history = h;
  __atomic_store_n (&a->chunks[c], (HistoryChange *) ((guintptr) block << 1 | 1),
                    __ATOMIC_RELEASE);
  g_rw_lock_writer_unlock (&h->lock);
  /* a free list through the chunks themselves */
  guint k = size_class (history_chunk_size (c));
  memcpy ((void *) chunk, &h->free_chunks[k], sizeof (gpointer));
  h->free_chunks[k] = chunk;
}

HistoryChange *
history_recycled_take (LttvHistory *h, guint size)
{
  guint k = size_class (size);
  HistoryChange *chunk = h->free_chunks[k];
  if (chunk != NULL)
    memcpy (&h->free_chunks[k], (const void *) chunk, sizeof (gpointer));
  return chunk;
}

/* Block `at`'s bytes (history_block_at's): from the buffer, a held one,
 * or read from the file into `scratch`. Under the decode lock. */
static const guint8 *
spilled_block (HistorySpill *sp, guint64 at, guint8 *scratch)
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
  /* (a file we wrote: a short read is a disk's fault, not a format's) */
  if (pread (sp->fd, scratch, len, (off_t) (sp->data_pos + pos)) != (ssize_t) len)
    g_error ("the state history: cannot read back its block at byte %" G_GUINT64_FORMAT
             " of the cache being written: %s", sp->data_pos + pos, g_strerror (errno));
  return scratch;
}

HistoryChange *
history_recycled_load (const HistoryAttr *a, guint c)
{
  LttvHistory *h = a->history;
  g_mutex_lock (&h->decode_lock);
  HistoryChange *chunk = __atomic_load_n (&a->chunks[c], __ATOMIC_ACQUIRE);
  if (history_chunk_is_block (chunk))
    {
      /* our own bytes (state_cache_encode_block's): the block holds the
       * chunk's whole size in changes */
      guint64 at = history_block_where (h, (guint32) ((guintptr) chunk >> 1));
      guint8 scratch[HISTORY_BLOCK_MAX];
      const guint8 *p = spilled_block (h->spill, at, scratch);
      const guint8 *end = p + history_block_len (at);
      guint m = history_chunk_size (c);
      HistoryChange *out = g_new (HistoryChange, m);
      LttvTime t = a->chunk_first[c];
      guint64 v = 0, delta = 0;
      gboolean sound = varint_from (&p, end, &v);
      out[0] = (HistoryChange) { t, v };
      for (guint i = 1; i < m; i++)
        {
          sound &= varint_from (&p, end, &delta);
          sound &= varint_from (&p, end, &v);
          t += delta;
          out[i] = (HistoryChange) { t, v };
        }
      g_assert (sound && p == end);
      if (h->decoded == NULL)
        h->decoded = g_ptr_array_new_with_free_func (g_free);
      g_ptr_array_add (h->decoded, out);
      __atomic_store_n (&((HistoryAttr *) a)->chunks[c], out, __ATOMIC_RELEASE);
      chunk = out;
    }
  g_mutex_unlock (&h->decode_lock);
  return chunk;
}

gsize
history_spill_memory (LttvHistory *h)
{
  HistorySpill *sp = h->spill;
  return sp == NULL ? 0 : (1 + sp->held->len) * (gsize) SPILL_BUFFER
                          + sp->cap_blocks * sizeof (guint64);
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
      g_free (sp->where);
      if (sp->fd >= 0)
        close (sp->fd);
      g_free (sp);
    }
  if (h->decoded != NULL)
    g_ptr_array_free (h->decoded, TRUE);
  g_mutex_clear (&h->decode_lock);
}
