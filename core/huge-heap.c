/* SPDX-License-Identifier: GPL-2.0-or-later */
/* huge-heap.c: malloc's heap on huge pages (lttv-internal/huge-heap.h). */
#include "config.h"

#include <lttv-internal/huge-heap.h>

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
#define HUGE_PAGE (2u << 20)
/* More than the heap has free when the program starts. */
#define MIN_GROWTH (1u << 20)

void
lttv_huge_heap_init (void)
{
#if !defined(LTTV_ASAN) && defined(MADV_HUGEPAGE) && defined(M_TOP_PAD)
  /* Every thread allocates from this heap: another thread's arena is in
   * 4 KB pages, and lttv-gui builds the state in a worker thread. */
  mallopt (M_ARENA_MAX, 1);
  mallopt (M_MMAP_THRESHOLD, MMAP_ABOVE);
  mallopt (M_TOP_PAD, HEAP_RESERVE);
  /* Never given back: grown again, the heap's new part would not be
   * marked. */
  mallopt (M_TRIM_THRESHOLD, INT_MAX);
  /* A block from where the heap's free part starts to just below a huge
   * page boundary, bigger than what the heap has left: the heap grows, to
   * HEAP_RESERVE past it, and malloc writes the header of its free part
   * below that boundary. Above it, nothing is touched before the
   * madvise: a 2 MB range with one 4 KB page in it is never made a huge
   * page at a fault. The block is kept, never used. */
  static void *held;
  uintptr_t start = (uintptr_t) sbrk (0) - mallinfo2 ().keepcost;   /* the free part */
  uintptr_t boundary = (start + MIN_GROWTH + HUGE_PAGE - 1) & ~(uintptr_t) (HUGE_PAGE - 1);
  /* (n bytes take a chunk of n + 8 rounded up to 16: this one ends 16
   * bytes below the boundary, where the free part's header goes) */
  held = malloc (boundary - start - 32);
  uintptr_t to = (uintptr_t) sbrk (0) & ~(uintptr_t) (HUGE_PAGE - 1);
  if (held != NULL && to > boundary)
    madvise ((void *) boundary, to - boundary, MADV_HUGEPAGE);
#endif
}
