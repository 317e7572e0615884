/* SPDX-License-Identifier: GPL-2.0-or-later */
/* big-alloc.h: large arrays in memory the kernel backs with huge pages
 * (when it can). A first touch of a 4 KB page is a page fault, and on a
 * virtual machine a costly one: an array of a few MB costs a fault per
 * 2 MB instead of 512. Under AddressSanitizer these are plain g_malloc
 * blocks, so that overflows are still caught. */
#pragma once

#include <glib.h>

#include "asan.h"

/* Zeroed; `size` > 0. */
gpointer big_array_alloc0 (gsize size);
/* Grows or shrinks `p` (of `old_size` bytes, or NULL) to `new_size`,
 * keeping its first bytes; bytes past `old_size` are zero. */
gpointer big_array_realloc (gpointer p, gsize old_size, gsize new_size);
void big_array_free (gpointer p, gsize size);
/* As big_array_alloc0, or NULL when there is not the memory (an array
 * whose size comes from a file: the caller says so and goes on). */
gpointer big_array_try_alloc0 (gsize size);

/* Zeroed, in 4 KB pages the kernel gives at their first touch: for an
 * array most of which is never touched (a huge page, or malloc's
 * calloc, would zero all of it). Freed with big_array_free. */
gpointer sparse_array_alloc0 (gsize size);
