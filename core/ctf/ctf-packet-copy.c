/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ctf-packet-copy.c: a reader's copy of the packet it reads through, made
 * with pread into one reused buffer, a window of the packet at a time.
 *
 * Why not the stream's mapping: a first touch of each mapped page costs a
 * page-table update per 4 KB page (a fault, or a populate), and on a
 * virtual machine with shadow page tables much more: reading a trace
 * through its mapping takes several times as long as through a reused
 * buffer (bench/README.md). Reading sequentially through a copy costs one
 * memory copy, which the kernel makes from its own mapping of the page
 * cache. Seeks, which often read a few events only, still use the
 * mapping (ctf-reader.c). */
#include "config.h"

#include "big-alloc.h"
#include "ctf-trace.h"

#ifdef LTTV_ASAN
#include <sanitizer/asan_interface.h>
#endif
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A window of this size is read at a time (or the whole packet when it is
 * smaller): a whole packet (a perf trace's are megabytes) would take as
 * many fresh pages per stream, each zeroed by the kernel, and its copy
 * would go out to memory before the decoder read it back. Much smaller
 * windows only add reads. */
#ifndef COPY_WINDOW
#define COPY_WINDOW (1u << 20)
#endif

void
ctf_packet_copy_init (CtfPacketCopy *pc)
{
  pc->fd = -1;
  pc->replaced = FALSE;
  pc->out_of_memory = FALSE;
  pc->data = NULL;
  pc->cap = 0;
  pc->off = pc->n = pc->from = pc->have = 0;
  /* (the tests compare both ways of reading, and windows of any size) */
  pc->unusable = g_getenv ("LTTV_NO_PACKET_COPY") != NULL;
  const char *window = g_getenv ("LTTV_PACKET_COPY_WINDOW");
  pc->window = window != NULL ? MAX (g_ascii_strtoull (window, NULL, 10), 16) : COPY_WINDOW;
}

void
ctf_packet_copy_clear (CtfPacketCopy *pc)
{
  big_array_free (pc->data, pc->cap);
  pc->data = NULL;
  pc->cap = 0;
  pc->have = 0;
  if (pc->fd >= 0)
    close (pc->fd);
  pc->fd = -1;
}

/* Room for `n` bytes; the old ones are kept. On huge pages, even for a
 * small window (4 KB pages would cost a fault each at their first read).
 * Under AddressSanitizer the bytes past those read are poisoned, so that
 * a read past them is caught. FALSE without the memory (an event as long
 * as a huge packet): the caller says so, or reads the mapping. */
static gboolean
reserve (CtfPacketCopy *pc, uint64_t n)
{
  if (n > pc->cap)
    {
      uint64_t cap = n;
#ifndef LTTV_ASAN
      /* (a huge page at least; under AddressSanitizer, malloc's pages: no
       * more of them than the bytes need) */
      cap = MAX (cap, pc->window);
#endif
      uint8_t *data = cap <= G_MAXSIZE ? big_array_try_alloc0 (cap) : NULL;
      if (data == NULL)
        {
          pc->out_of_memory = TRUE;
          return FALSE;
        }
      if (pc->have > 0)
        memcpy (data, pc->data, pc->have);
      big_array_free (pc->data, pc->cap);
      pc->data = data;
      pc->cap = cap;
    }
  return TRUE;
}

/* Reads the packet's `n` bytes after those held, behind them. */
static gboolean
read_more (CtfPacketCopy *pc, uint64_t n)
{
  uint64_t done = 0;
#ifdef LTTV_ASAN
  ASAN_UNPOISON_MEMORY_REGION (pc->data, pc->cap);
#endif
  while (done < n)
    {
      ssize_t got = pread (pc->fd, pc->data + pc->have + done, n - done,
                           (off_t) (pc->off + pc->from + pc->have + done));
      if (got < 0 && errno == EINTR)
        continue;
      if (got <= 0)
        break;
      done += (uint64_t) got;
    }
  pc->have += done;
#ifdef LTTV_ASAN
  ASAN_POISON_MEMORY_REGION (pc->data + pc->have, pc->cap - pc->have);
#endif
  return done == n;
}

/* Opens the stream's file for the copy, once; FALSE when it cannot or the
 * path now names another file (replaced: renamed over, or deleted and
 * made again), whose bytes are not those the index was made of. */
static gboolean
open_file (CtfPacketCopy *pc, const CtfStream *s)
{
  if (pc->fd >= 0)
    return TRUE;
  if (pc->replaced)
    return FALSE;
  pc->fd = open (s->path, O_RDONLY | O_CLOEXEC);
  struct stat st;
  if (pc->fd >= 0 && (fstat (pc->fd, &st) != 0 || st.st_dev != s->dev
                      || st.st_ino != s->ino))
    {
      close (pc->fd);
      pc->fd = -1;
      pc->replaced = TRUE;
    }
  if (pc->fd < 0)
    return FALSE;
#ifdef POSIX_FADV_SEQUENTIAL
  posix_fadvise (pc->fd, 0, 0, POSIX_FADV_SEQUENTIAL);
#endif
  return TRUE;
}

gboolean
ctf_packet_copy_read (CtfPacketCopy *pc, const CtfStream *s, uint64_t off,
                      uint64_t n)
{
  if (pc->unusable)
    return FALSE;
  if (!open_file (pc, s))
    {
      /* (out of descriptors, say: the mapping still reads it) */
      pc->unusable = TRUE;
      return FALSE;
    }
  pc->off = off;
  pc->n = n;
  pc->from = pc->have = 0;
  if (!reserve (pc, MIN (n, pc->window)))
    return FALSE;
  /* (a failed read: the mapping then reads the packet, as before) */
  return read_more (pc, MIN (n, pc->cap));
}

int64_t
ctf_packet_copy_file_size (CtfPacketCopy *pc, const CtfStream *s)
{
  struct stat st;
  if (!open_file (pc, s) || fstat (pc->fd, &st) != 0)
    return -1;
  return (int64_t) st.st_size;
}

gboolean
ctf_packet_copy_slide (CtfPacketCopy *pc, uint64_t keep, uint64_t want)
{
  keep = MIN (keep, pc->n);
  /* (a position outside the window, restored: read from there) */
  if (keep < pc->from || keep > pc->from + pc->have)
    pc->from = keep, pc->have = 0;
  uint64_t kept = pc->from + pc->have - keep, left = pc->n - keep;
  want = MIN (MAX (want, pc->window), left);
#ifdef LTTV_ASAN
  ASAN_UNPOISON_MEMORY_REGION (pc->data, pc->cap);
#endif
  memmove (pc->data, pc->data + (keep - pc->from), kept);
  pc->from = keep;
  pc->have = kept;
  if (!reserve (pc, want))
    return FALSE;
  return read_more (pc, MIN (pc->cap, left) - kept);
}
