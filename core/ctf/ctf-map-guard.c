/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ctf-map-guard.c: stream files that shrink under their mapping.
 *
 * A stream file is mapped whole when its trace opens (ctf-stream.c). If
 * the file is then cut (a trace still being written and rotated, a file
 * truncated or written again in place), touching a mapped page past its
 * new end raises SIGBUS, which kills the process wherever the byte was
 * read: in the decoder, the text format, the state machine, a viewer.
 * Guarding each of those reads with sigsetjmp would cost every event;
 * instead, a process-wide handler maps a page of zeros over the faulting
 * page when it belongs to a stream's mapping, notes the first such page
 * on the stream (CtfStream.map_cut) and returns: the read goes on with
 * zeros, and the reader, which checks ctf_map_faults once per event (one
 * load of a global that stays 0), stops there with an error
 * (ctf-reader.c). Other SIGBUS go to the handler that was there before. */
#include "config.h"

#include "ctf-map-guard.h"
#include "ctf-trace.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

G_GNUC_INTERNAL unsigned ctf_map_faults;

typedef struct {
  uintptr_t start, end;          /* the mapping, whole pages */
  CtfStream *s;
} Range;

typedef struct {
  guint n;
  Range r[];
} Ranges;

/* Read by the handler without a lock: replaced whole under `lock`, the
 * old array freed once no handler runs (in_handler). */
static Ranges *ranges;
static int in_handler;
static GMutex lock;
static struct sigaction previous;
static uintptr_t page_size;

/* Hands the signal to the handler before ours, or to the default action
 * (which then kills the process, as it would have without us). */
static void
chain (int sig, siginfo_t *si, void *uc)
{
  if ((previous.sa_flags & SA_SIGINFO) && previous.sa_sigaction != NULL)
    previous.sa_sigaction (sig, si, uc);
  else if (previous.sa_handler != SIG_DFL && previous.sa_handler != SIG_IGN)
    previous.sa_handler (sig);
  else
    {
      struct sigaction dfl = { .sa_handler = SIG_DFL };
      sigemptyset (&dfl.sa_mask);
      sigaction (sig, &dfl, NULL);
      /* (pending until the handler returns: a fault would fault again,
       * a signal sent with kill would not) */
      raise (sig);
    }
}

static void
on_sigbus (int sig, siginfo_t *si, void *uc)
{
  int saved_errno = errno;
  __atomic_add_fetch (&in_handler, 1, __ATOMIC_SEQ_CST);
  const Ranges *rs = __atomic_load_n (&ranges, __ATOMIC_SEQ_CST);
  uintptr_t a = (uintptr_t) si->si_addr;
  gboolean mended = FALSE;
  for (guint i = 0; si->si_code == BUS_ADRERR && rs != NULL && i < rs->n; i++)
    {
      const Range *r = &rs->r[i];
      if (a < r->start || a >= r->end)
        continue;
      uintptr_t page = a & ~(page_size - 1);
      /* (mmap is a bare system call on Linux: safe here) */
      if (mmap ((void *) page, page_size, PROT_READ,
                MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) == MAP_FAILED)
        break;
      uint64_t off = page - r->start;
      uint64_t old = __atomic_load_n (&r->s->map_cut, __ATOMIC_RELAXED);
      while (off < old
             && !__atomic_compare_exchange_n (&r->s->map_cut, &old, off, TRUE,
                                              __ATOMIC_SEQ_CST, __ATOMIC_RELAXED))
        ;
      __atomic_add_fetch (&ctf_map_faults, 1, __ATOMIC_SEQ_CST);
      mended = TRUE;
      break;
    }
  __atomic_sub_fetch (&in_handler, 1, __ATOMIC_SEQ_CST);
  errno = saved_errno;
  if (!mended)
    chain (sig, si, uc);
}

static gpointer
install (gpointer data)
{
  (void) data;
  page_size = (uintptr_t) sysconf (_SC_PAGESIZE);
  struct sigaction sa = { .sa_sigaction = on_sigbus,
                          .sa_flags = SA_SIGINFO | SA_RESTART };
  sigemptyset (&sa.sa_mask);
  sigaction (SIGBUS, &sa, &previous);
  return NULL;
}

/* Publishes `next` in place of the current array, which is freed once no
 * handler can be reading it. */
static void
publish (Ranges *next)
{
  Ranges *old = __atomic_exchange_n (&ranges, next, __ATOMIC_SEQ_CST);
  while (__atomic_load_n (&in_handler, __ATOMIC_SEQ_CST) != 0)
    g_thread_yield ();
  g_free (old);
}

void
ctf_map_guard_add (CtfStream *s)
{
  static GOnce once = G_ONCE_INIT;
  g_once (&once, install, NULL);
  s->map_cut = UINT64_MAX;
  g_mutex_lock (&lock);
  guint n = ranges != NULL ? ranges->n : 0;
  Ranges *next = g_malloc (sizeof (Ranges) + (n + 1) * sizeof (Range));
  if (n > 0)
    memcpy (next->r, ranges->r, n * sizeof (Range));
  uintptr_t start = (uintptr_t) s->map;
  next->r[n] = (Range) { start, (start + s->size + page_size - 1) & ~(page_size - 1), s };
  next->n = n + 1;
  publish (next);
  g_mutex_unlock (&lock);
}

void
ctf_map_guard_remove (CtfStream *s)
{
  g_mutex_lock (&lock);
  guint n = ranges != NULL ? ranges->n : 0, k = 0;
  Ranges *next = g_malloc (sizeof (Ranges) + MAX (n, 1) * sizeof (Range));
  for (guint i = 0; i < n; i++)
    if (ranges->r[i].s != s)
      next->r[k++] = ranges->r[i];
  next->n = k;
  if (k == 0)
    g_clear_pointer (&next, g_free);
  publish (next);
  g_mutex_unlock (&lock);
}
