/* huge-heap.h: the process's heap backed by huge pages. On a virtual
 * machine each first touch of a fresh 4 KB page is a fault of ~12 us
 * (measured here: 8 MB of fresh memory cost 24 ms in 4 KB pages, 1 ms in
 * 2 MB ones). malloc's heap is reserved ahead and marked for huge pages;
 * blocks up to 64 MB come from it. Call first thing in main; a no-op
 * under AddressSanitizer (its own allocator). */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

void lttv_huge_heap_init (void);

G_END_DECLS
