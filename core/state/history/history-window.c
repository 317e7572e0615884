/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Blocks of the cache file read with pread into one reused buffer, for
 * queries that go through many blocks in the file's order (full states
 * at many times). On a virtual machine the first touch of each page of
 * a mapping costs a fault, and such a query touches thousands of pages
 * for a few hundred bytes each; a pread of a few pages costs less than
 * one such fault and copies through the kernel's own mapping. */
#include "config.h"

#include <errno.h>
#include <unistd.h>

#include "history/history-private.h"

/* What one read takes beyond the block asked for: the next blocks a
 * query needs are often a few pages further, so one read serves several. */
#define WINDOW_READ (16u << 10)

void
history_window_init (HistoryWindow *w, HistoryLazy *lz)
{
  *w = (HistoryWindow) { .lz = lz, .last_block = G_MAXUINT64 };
}

void
history_window_clear (HistoryWindow *w)
{
  g_free (w->buf);
  w->buf = NULL;
}

static gboolean
read_fully (int fd, guint8 *buf, gsize len, guint64 pos)
{
  while (len > 0)
    {
      ssize_t got = pread (fd, buf, len, (off_t) pos);
      if (got < 0 && errno == EINTR)
        continue;
      if (got <= 0)
        return FALSE;
      buf += got;
      len -= (gsize) got;
      pos += (guint64) got;
    }
  return TRUE;
}

const guint8 *
history_window_block (HistoryWindow *w, guint64 g)
{
  HistoryLazy *lz = w->lz;
  guint64 from = history_block_pos (lz->where[g]);
  guint64 to = from + history_block_len (lz->where[g]);
  if (w->buf != NULL && from >= w->from && to <= w->to)
    return w->buf + (from - w->from);
  w->last_block = G_MAXUINT64;   /* its bytes are about to go */
  guint64 end = MIN (MAX (to, from + WINDOW_READ), lz->data_len);
  gsize len = (gsize) (end - from);
  if (len > w->cap)
    {
      g_free (w->buf);
      w->cap = MAX (len, WINDOW_READ);
      w->buf = g_malloc (w->cap);
    }
  if (lz->fd < 0 || !read_fully (lz->fd, w->buf, len, lz->data_pos + from))
    {
      /* The mapping holds the same bytes. */
      w->to = w->from = 0;
      return lz->data + from;
    }
  w->from = from;
  w->to = end;
  return w->buf;
}
