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

#include "ctf-trace.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

/* Under AddressSanitizer the buffer comes from malloc, so that a read past
 * a packet's copy is caught. */
#if defined(__SANITIZE_ADDRESS__)
#define COPY_CHECKED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define COPY_CHECKED 1
#endif
#endif

#define HUGE_PAGE (2u << 20)

void
ctf_packet_copy_init (CtfPacketCopy *pc)
{
  pc->fd = -1;
  pc->data = NULL;
  pc->cap = 0;
  /* (the tests compare both ways of reading) */
  pc->unusable = g_getenv ("LTTV_NO_PACKET_COPY") != NULL;
}

static void
release_buffer (CtfPacketCopy *pc)
{
  if (pc->data == NULL)
    return;
#ifdef COPY_CHECKED
  g_free (pc->data);
#else
  munmap (pc->data, pc->cap);
#endif
  pc->data = NULL;
  pc->cap = 0;
}

void
ctf_packet_copy_clear (CtfPacketCopy *pc)
{
  release_buffer (pc);
  if (pc->fd >= 0)
    close (pc->fd);
  pc->fd = -1;
}

/* Room for `n` bytes; the old bytes are not kept. Big buffers ask for
 * huge pages: a perf trace's packets are about 9 MB, whose first touch
 * would otherwise cost 2,200 page faults per reader. */
static gboolean
reserve (CtfPacketCopy *pc, uint64_t n)
{
  if (n <= pc->cap)
    return TRUE;
  release_buffer (pc);
  gsize cap = MAX ((gsize) n, (gsize) 64 << 10);
#ifdef COPY_CHECKED
  pc->data = g_try_malloc (cap);
  if (pc->data == NULL)
    return FALSE;
#else
  cap = (cap + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
  void *p = mmap (NULL, cap, PROT_READ | PROT_WRITE,
                  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED)
    return FALSE;
#ifdef MADV_HUGEPAGE
  if (cap >= HUGE_PAGE)
    madvise (p, cap, MADV_HUGEPAGE);
#endif
  pc->data = p;
#endif
  pc->cap = cap;
  return TRUE;
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
  if (!reserve (pc, n))
    return FALSE;
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
