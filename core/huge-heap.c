/* huge-heap.c: malloc's heap on huge pages (lttv/huge-heap.h). */
#include "config.h"

#include <lttv/huge-heap.h>

#include <limits.h>
#include <malloc.h>
#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

#include "asan.h"

/* What the heap grows by at once: the part madvised. */
#define HEAP_RESERVE (256u << 20)
/* Blocks up to this size come from the heap, not from their own mapping
 * (which would be 4 KB pages again). */
#define MMAP_ABOVE (64u << 20)

void
lttv_huge_heap_init (void)
{
#if !defined(LTTV_ASAN) && defined(MADV_HUGEPAGE) && defined(M_TOP_PAD)
  mallopt (M_MMAP_THRESHOLD, MMAP_ABOVE);
  mallopt (M_TOP_PAD, HEAP_RESERVE);
  /* Never given back: grown again, the heap's new part would not be
   * marked. */
  mallopt (M_TRIM_THRESHOLD, INT_MAX);
  /* Bigger than what the heap has left: it grows, to HEAP_RESERVE past
   * this block. */
  void *first = malloc (1u << 20);
  uintptr_t page = (uintptr_t) sysconf (_SC_PAGESIZE);
  uintptr_t from = ((uintptr_t) first + page - 1) & ~(page - 1);
  uintptr_t to = (uintptr_t) sbrk (0) & ~(page - 1);
  if (to > from)
    madvise ((void *) from, to - from, MADV_HUGEPAGE);
  free (first);
#endif
}
