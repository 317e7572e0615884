/* history-recycle.c: built chunks given back once encoded (see
 * history-private.h). Only the builder recycles and takes memory; queries
 * (any thread, under the history's read lock) decode the blocks, one
 * decoder at a time. A recycled chunk's pointer changes under the write
 * lock, so no query holds the old one when its memory is used again. */
#include "config.h"

#include <string.h>

#include "cache-blocks.h"

#define SEGMENT_BYTES (2u << 20)

static guint
size_class (guint size)
{
  guint k = 0;
  while (k < HISTORY_SMALL_CHUNKS && (16u << k) != size)
    k++;
  return k;
}

guint8 *
history_block_room (LttvHistory *h, gsize max)
{
  if (h->segment_left < max)
    {
      if (h->block_segments == NULL)
        h->block_segments = g_ptr_array_new ();
      guint8 *seg = big_array_alloc0 (SEGMENT_BYTES);
      g_ptr_array_add (h->block_segments, seg);
      h->segment_next = seg;
      h->segment_left = SEGMENT_BYTES;
    }
  return h->segment_next;
}

void
history_block_used (LttvHistory *h, gsize len)
{
  /* blocks start on even bytes: their pointers' low bit is the tag */
  len = MIN ((len + 1) & ~(gsize) 1, h->segment_left);
  h->segment_next += len;
  h->segment_left -= len;
}

void
history_chunk_recycle (LttvHistory *h, HistoryAttr *a, guint c,
                       const guint8 *block)
{
  g_assert (((guintptr) block & 1) == 0 && a->chunks[c] != NULL
            && !history_chunk_is_block (a->chunks[c]));
  HistoryChange *chunk = a->chunks[c];
  g_rw_lock_writer_lock (&h->lock);
  a->history = h;
  __atomic_store_n (&a->chunks[c], (HistoryChange *) ((guintptr) block | 1),
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

HistoryChange *
history_recycled_load (const HistoryAttr *a, guint c)
{
  LttvHistory *h = a->history;
  g_mutex_lock (&h->decode_lock);
  HistoryChange *chunk = __atomic_load_n (&a->chunks[c], __ATOMIC_ACQUIRE);
  if (history_chunk_is_block (chunk))
    {
      /* our own bytes (state_cache_encode_block's), not a file's: the
       * block holds the chunk's whole size in changes */
      const guint8 *p = (const guint8 *) ((guintptr) chunk & ~(guintptr) 1);
      guint m = history_chunk_size (c);
      HistoryChange *out = g_new (HistoryChange, m);
      LttvTime t = a->chunk_first[c];
      const guint8 *end = p + (gsize) m * 20;   /* two varints a change at most */
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
      g_assert (sound);
      if (h->decoded == NULL)
        h->decoded = g_ptr_array_new_with_free_func (g_free);
      g_ptr_array_add (h->decoded, out);
      __atomic_store_n (&((HistoryAttr *) a)->chunks[c], out, __ATOMIC_RELEASE);
      chunk = out;
    }
  g_mutex_unlock (&h->decode_lock);
  return chunk;
}

void
history_recycle_free (LttvHistory *h)
{
  if (h->block_segments != NULL)
    {
      for (guint i = 0; i < h->block_segments->len; i++)
        big_array_free (h->block_segments->pdata[i], SEGMENT_BYTES);
      g_ptr_array_free (h->block_segments, TRUE);
    }
  if (h->decoded != NULL)
    g_ptr_array_free (h->decoded, TRUE);
  g_mutex_clear (&h->decode_lock);
}
