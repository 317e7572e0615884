/* SPDX-License-Identifier: GPL-2.0-or-later */
/* big-alloc.c: large arrays on huge pages (big-alloc.h). */
#define _GNU_SOURCE   /* mremap */
#include "config.h"

#include "big-alloc.h"

#include <string.h>
#include <sys/mman.h>

/* Below this, malloc's own pages serve as well. */
#define BIG_MIN (256u << 10)
#define HUGE_PAGE (2u << 20)

static gsize
rounded (gsize size)
{
  return (size + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
}

static gboolean
is_big (gsize size)
{
#ifdef LTTV_ASAN
  return FALSE;
#else
  return size >= BIG_MIN;
#endif
}

gpointer
big_array_alloc0 (gsize size)
{
  return big_array_realloc (NULL, 0, size);
}

gpointer
big_array_realloc (gpointer p, gsize old_size, gsize new_size)
{
  if (p != NULL && is_big (old_size) == is_big (new_size)
      && (!is_big (new_size) || rounded (old_size) == rounded (new_size)))
    {
      if (!is_big (new_size))
        {
          p = g_realloc (p, new_size);
          if (new_size > old_size)
            memset ((char *) p + old_size, 0, new_size - old_size);
        }
      else if (new_size < old_size)   /* (zero again when it grows) */
        memset ((char *) p + new_size, 0, old_size - new_size);
      return p;
    }
  if (p != NULL && is_big (old_size) && is_big (new_size))
    {
      /* the pages move, none is copied; the new ones are zero */
      gpointer q = mremap (p, rounded (old_size), rounded (new_size),
                           MREMAP_MAYMOVE);
      if (q == MAP_FAILED)
        g_error ("out of memory (%" G_GSIZE_FORMAT " bytes)", new_size);
      if (new_size < old_size)
        memset ((char *) q + new_size, 0, rounded (new_size) - new_size);
      return q;
    }
  gpointer q = big_array_try_alloc0 (new_size);
  if (q == NULL)
    g_error ("out of memory (%" G_GSIZE_FORMAT " bytes)", new_size);
  if (p != NULL)
    {
      memcpy (q, p, MIN (old_size, new_size));
      big_array_free (p, old_size);
    }
  return q;
}

void
big_array_free (gpointer p, gsize size)
{
  if (p == NULL)
    return;
  if (is_big (size))
    munmap (p, rounded (size));
  else
    g_free (p);
}

gpointer
big_array_try_alloc0 (gsize size)
{
  if (!is_big (size))
    return g_try_malloc0 (MAX (size, 1));
  /* (fresh anonymous pages are zero) */
  gpointer q = mmap (NULL, rounded (size), PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (q == MAP_FAILED)
    return NULL;
#ifdef MADV_HUGEPAGE
  madvise (q, rounded (size), MADV_HUGEPAGE);
#endif
  return q;
}

gpointer
sparse_array_alloc0 (gsize size)
{
  if (!is_big (size))
    return g_malloc0 (MAX (size, 1));
  /* (as big_array_realloc's, but left to 4 KB pages) */
  gpointer q = mmap (NULL, rounded (size), PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (q == MAP_FAILED)
    g_error ("out of memory (%" G_GSIZE_FORMAT " bytes)", size);
  return q;
}
