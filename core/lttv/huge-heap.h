/* huge-heap.h: the main thread's heap backed by huge pages. On a virtual
 * machine each first touch of a fresh 4 KB page is a fault of ~12 us
 * (measured here: 8 MB of fresh memory cost 24 ms in 4 KB pages, 1 ms in
 * 2 MB ones). malloc's heap is reserved ahead (256 MB of address space)
 * and marked for huge pages; blocks up to 64 MB come from it, and it is
 * never trimmed. Other threads' allocations come from their own arenas.
 * For short-lived processes: `lttv` calls it first thing in main. A no-op
 * under AddressSanitizer (its own allocator). */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

void lttv_huge_heap_init (void);

G_END_DECLS
