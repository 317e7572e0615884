/* SPDX-License-Identifier: GPL-2.0-or-later */
/* writer.h: a growing byte buffer written without a function call per
 * byte (the cache's sections, a batch's strings).
 * Internal to the core. */
#pragma once

#include <string.h>

#include <glib.h>

/* From malloc's heap (huge pages in lttv and lttv-gui:
 * lttv_huge_heap_init), where the memory the build freed (the reader's
 * batches) serves again: fresh pages cost a fault and their zeroing each,
 * dear on a virtual machine. */
typedef struct {
  guint8 *data;
  gsize len, cap;
} Writer;

static inline void
writer_reserve (Writer *w, gsize n)
{
  if (w->len + n > w->cap)
    {
      gsize cap = MAX (w->cap * 2, w->len + n + 4096);
      w->data = g_realloc (w->data, cap);
      w->cap = cap;
    }
}

static inline void
writer_free (Writer *w)
{
  g_free (w->data);
  w->data = NULL;
  w->len = w->cap = 0;
}

static inline void
writer_append (Writer *w, const void *p, gsize n)
{
  if (n == 0)
    return;
  writer_reserve (w, n);
  memcpy (w->data + w->len, p, n);
  w->len += n;
}
