/* SPDX-License-Identifier: GPL-2.0-or-later */
/* history-arena.c: chunks carved one after the other from slabs of a few
 * megabytes in huge pages where the kernel has them: a build stores tens
 * of millions of changes in hundreds of thousands of chunks, and queries
 * decode thousands of them from the cache; a malloc and the page faults of
 * each cost more than writing them. Freed all at once with the history. */
#include "config.h"

#include <sys/mman.h>

#include "asan.h"
#include "history/history-private.h"

gpointer
history_slabs_alloc (HistorySlabs *s, gsize bytes, gsize slab_bytes)
{
  if (s->slabs == NULL)
    s->slabs = g_array_new (FALSE, FALSE, sizeof (HistorySlab));
#ifdef LTTV_ASAN
  /* a chunk each from malloc, so that a write past a chunk is caught */
  HistorySlab own = { g_malloc (bytes), 0 };   /* size 0: g_free'd */
  g_array_append_val (s->slabs, own);
  return own.base;
#endif
  if (s->left < bytes)
    {
      gsize size = MAX (slab_bytes, bytes);
      void *p = mmap (NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      if (p == MAP_FAILED)
        g_error ("the state history: out of memory (%" G_GSIZE_FORMAT " bytes more)", size);
#ifdef MADV_HUGEPAGE
      madvise (p, size, MADV_HUGEPAGE);
#endif
      g_array_append_val (s->slabs, ((HistorySlab) { p, size }));
      s->next = p;
      s->left = size;
    }
  gpointer chunk = s->next;
  s->next += bytes;
  s->left -= bytes;
  return chunk;
}

void
history_slabs_free (HistorySlabs *s)
{
  if (s->slabs == NULL)
    return;
  for (guint i = 0; i < s->slabs->len; i++)
    {
      HistorySlab *slab = &g_array_index (s->slabs, HistorySlab, i);
      if (slab->size == 0)
        g_free (slab->base);
      else
        munmap (slab->base, slab->size);
    }
  g_array_free (s->slabs, TRUE);
  *s = (HistorySlabs) { 0 };
}

gsize
history_slabs_bytes (const HistorySlabs *s)
{
  gsize bytes = 0;
  for (guint i = 0; s->slabs != NULL && i < s->slabs->len; i++)
    {
      const HistorySlab *slab = &g_array_index (s->slabs, HistorySlab, i);
      /* (a chunk of its own under AddressSanitizer: a chunk's size at most) */
      bytes += slab->size > 0 ? slab->size : HISTORY_CHUNK_SIZE * sizeof (HistoryChange);
    }
  return bytes;
}
