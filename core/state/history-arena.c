/* history-arena.c: the chunks of a history being built, carved one after
 * the other from slabs of a few megabytes in huge pages where the kernel
 * has them: a build stores tens of millions of changes in hundreds of
 * thousands of chunks, and a malloc and the page faults of each cost more
 * than writing them. Freed all at once with the history. */
#include "config.h"

#include <sys/mman.h>

#include "asan.h"
#include "history-private.h"

#define SLAB_BYTES (8u << 20)


HistoryChange *
history_arena_alloc (LttvHistory *h, guint n)
{
  gsize bytes = n * sizeof (HistoryChange);
#ifdef LTTV_ASAN
  /* a chunk each from malloc, so that a write past a chunk is caught */
  if (h->slabs == NULL)
    h->slabs = g_array_new (FALSE, FALSE, sizeof (HistorySlab));
  HistorySlab own = { g_malloc (bytes), 0 };   /* size 0: g_free'd */
  g_array_append_val (h->slabs, own);
  return own.base;
#endif
  if (h->arena_left < bytes)
    {
      gsize size = MAX (SLAB_BYTES, bytes);
      void *p = mmap (NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      if (p == MAP_FAILED)
        g_error ("the state history: out of memory (%" G_GSIZE_FORMAT " bytes more)", size);
#ifdef MADV_HUGEPAGE
      madvise (p, size, MADV_HUGEPAGE);
#endif
      if (h->slabs == NULL)
        h->slabs = g_array_new (FALSE, FALSE, sizeof (HistorySlab));
      g_array_append_val (h->slabs, ((HistorySlab) { p, size }));
      h->arena_next = p;
      h->arena_left = size;
    }
  HistoryChange *chunk = (HistoryChange *) h->arena_next;
  h->arena_next += bytes;
  h->arena_left -= bytes;
  return chunk;
}

void
history_arena_free (LttvHistory *h)
{
  if (h->slabs == NULL)
    return;
  for (guint i = 0; i < h->slabs->len; i++)
    {
      HistorySlab *s = &g_array_index (h->slabs, HistorySlab, i);
      if (s->size == 0)
        g_free (s->base);
      else
        munmap (s->base, s->size);
    }
  g_array_free (h->slabs, TRUE);
  h->slabs = NULL;
}

gsize
history_arena_bytes (LttvHistory *h)
{
  gsize bytes = 0;
  for (guint i = 0; h->slabs != NULL && i < h->slabs->len; i++)
    {
      const HistorySlab *s = &g_array_index (h->slabs, HistorySlab, i);
      /* (a chunk of its own under AddressSanitizer: a chunk's size at most) */
      bytes += s->size > 0 ? s->size : HISTORY_CHUNK_SIZE * sizeof (HistoryChange);
    }
  return bytes;
}
