/* ctf-packet-copy.c: a reader's copy of the packet it reads through, made
 * with pread into one reused buffer.
 *
 * Why not the stream's mapping: a first touch of each mapped page costs a
 * page-table update per 4 KB page (a fault, or a populate), and on a
 * virtual machine with shadow page tables much more: touching every cache
 * line of a 651 MB trace's mapping took 0.26-0.35 s there, reading it
 * through a reused 256 KB buffer 0.08 s. Reading sequentially through a
 * copy costs one memory copy, which the kernel makes from its own mapping
 * of the page cache. Seeks, which often read a few events only, still use
 * the mapping (ctf-reader.c). */
#include "config.h"

#include "big-alloc.h"
#include "ctf-trace.h"

#ifdef LTTV_ASAN
#include <sanitizer/asan_interface.h>
#endif
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

void
ctf_packet_copy_init (CtfPacketCopy *pc)
{
  pc->fd = -1;
  pc->data = NULL;
  pc->cap = 0;
  /* (the tests compare both ways of reading) */
  pc->unusable = g_getenv ("LTTV_NO_PACKET_COPY") != NULL;
}

void
ctf_packet_copy_clear (CtfPacketCopy *pc)
{
  big_array_free (pc->data, pc->cap);
  pc->data = NULL;
  pc->cap = 0;
  if (pc->fd >= 0)
    close (pc->fd);
  pc->fd = -1;
}

/* The stream's largest packet: the buffer is made once, at that size
 * (growing it packet after packet took 5 allocations per stream of a perf
 * trace, each of fresh pages the kernel zeroes). */
static uint64_t
largest_packet (const CtfStream *s)
{
  uint64_t most = 0;
  for (guint i = 0; i < s->packets->len; i++)
    most = MAX (most, g_array_index (s->packets, CtfPacket, i).packet_bits / 8);
  return MIN (most, s->size);
}

/* Room for `n` bytes of `s`; the old bytes are not kept. On huge pages,
 * even for small packets (4 KB pages would cost a fault each at their
 * first read). Under AddressSanitizer the bytes past the packet are
 * poisoned, so that a read past it is caught (a buffer of the packet's
 * size each time filled ASan's quarantine with megabytes per packet). */
static void
reserve (CtfPacketCopy *pc, const CtfStream *s, uint64_t n)
{
  if (n > pc->cap)
    {
      big_array_free (pc->data, pc->cap);
      pc->cap = MAX (n, largest_packet (s));
#ifndef LTTV_ASAN
      /* (a huge page at least; under AddressSanitizer, malloc's pages: no
       * more of them than the packets need) */
      pc->cap = MAX (pc->cap, (uint64_t) 1 << 20);
#endif
      pc->data = big_array_alloc0 (pc->cap);
    }
#ifdef LTTV_ASAN
  ASAN_UNPOISON_MEMORY_REGION (pc->data, n);
  ASAN_POISON_MEMORY_REGION (pc->data + n, pc->cap - n);
#endif
}

gboolean
ctf_packet_copy_read (CtfPacketCopy *pc, const CtfStream *s, uint64_t off,
                      uint64_t n)
{
  if (pc->unusable)
    return FALSE;
  if (pc->fd < 0)
    {
      /* (out of descriptors, say: the mapping still reads it) */
      pc->fd = open (s->path, O_RDONLY | O_CLOEXEC);
      if (pc->fd < 0)
        {
          pc->unusable = TRUE;
          return FALSE;
        }
#ifdef POSIX_FADV_SEQUENTIAL
      posix_fadvise (pc->fd, 0, 0, POSIX_FADV_SEQUENTIAL);
#endif
    }
  reserve (pc, s, n);
  uint64_t done = 0;
  while (done < n)
    {
      ssize_t got = pread (pc->fd, pc->data + done, n - done,
                           (off_t) (off + done));
      if (got < 0 && errno == EINTR)
        continue;
      if (got <= 0)
        return FALSE;    /* (the mapping then reads it, as before) */
      done += (uint64_t) got;
    }
  return TRUE;
}
