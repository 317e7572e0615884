/* SPDX-License-Identifier: GPL-2.0-or-later */
/* huge-heap.h: malloc's heap backed by huge pages, for every thread;
 * inside the tree only (not installed). On a virtual machine each first
 * touch of a fresh 4 KB page is a costly fault; a 2 MB huge page avoids
 * 512 of them. malloc's heap is reserved ahead (256 MB of address space)
 * and marked for huge pages; blocks up to 64 MB come from it, all threads
 * allocate from it (one arena), and it is never trimmed: a process keeps
 * its heap's peak (small for a state build, whose memory is reused).
 * `lttv` and `lttv-gui` call it first thing in main, before any thread
 * starts. A no-op under AddressSanitizer (its own allocator). */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

void lttv_huge_heap_init (void);

G_END_DECLS
