/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The latencies' compact store (core/state/latency-store.h,
 * latency-codec.c) on hand-made intervals, each figure worked out below:
 * blocks of 64 and their edges, equal begins across a block's edge, huge
 * durations and extreme fields, cut intervals left out of the maxima,
 * intervals still open when their block is encoded (kept late), and the
 * cache's LATENCY section written and read back, then refused once
 * damaged. Linked with the state core's convenience library. TAP. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cache/cache.h"
#include "history/block-codec.h"
#include "latency-store.h"

static int n_tests, n_failed;

static void
ok (gboolean cond, const char *what)
{
  n_tests++;
  if (!cond)
    n_failed++;
  printf ("%s %d - %s\n", cond ? "ok" : "not ok", n_tests, what);
}

static LttvLatencyInterval
iv (LttvTime begin, guint64 duration, gint32 tid, gint16 cpu, guint16 flags, guint32 name,
    guint32 size)
{
  return (LttvLatencyInterval) { begin, duration, tid, cpu, flags, name, size };
}

static gboolean
same (const LttvLatencyInterval *a, const LttvLatencyInterval *b)
{
  return a->begin == b->begin && a->duration == b->duration && a->tid == b->tid
         && a->cpu == b->cpu && a->flags == b->flags && a->name == b->name && a->size == b->size;
}

/* All of `kind` through the iterator, against `want[0..n)`. */
static gboolean
all_same (LttvLatency *l, LttvLatencyKind kind, const LttvLatencyInterval *want, gsize n)
{
  LttvLatencyIter it;
  if (lttv_latency_iter_init (&it, l, kind, 0, G_MAXUINT64) != n)
    return FALSE;
  for (gsize i = 0; i < n; i++)
    {
      const LttvLatencyInterval *x = lttv_latency_iter_next (&it);
      if (x == NULL || !same (x, &want[i]))
        {
          fprintf (stderr, "# interval %" G_GSIZE_FORMAT " differs\n", i);
          return FALSE;
        }
    }
  return lttv_latency_iter_next (&it) == NULL;
}

static gsize
count (LttvLatency *l, LttvLatencyKind kind, LttvTime t0, LttvTime t1, LttvTime *first)
{
  LttvLatencyIter it;
  gsize n = lttv_latency_iter_init (&it, l, kind, t0, t1);
  const LttvLatencyInterval *x = lttv_latency_iter_next (&it);
  if (first != NULL)
    *first = x != NULL ? x->begin : G_MAXUINT64;
  return n;
}

/* The section written (head and blocks) and read back. */
static LttvLatency *
round_trip (LttvLatency *l, gboolean damage)
{
  Writer w = { 0 };
  struct iovec blocks[LTTV_LATENCY_N_KINDS];
  state_cache_put_latency (&w, l, blocks);
  guint64 head;
  memcpy (&head, w.data, 8);
  guint64 sum = state_cache_checksum (w.data, w.len);
  for (guint k = 0; k < LTTV_LATENCY_N_KINDS; k++)
    writer_append (&w, blocks[k].iov_base, blocks[k].iov_len);
  if (damage)
    w.data[w.len - 3] ^= 0x40;
  gboolean present = FALSE;
  LttvLatency *back = NULL;
  gboolean fine = state_cache_get_latency (w.data, w.len, sum, &present, &back);
  writer_free (&w);
  return fine && present ? back : NULL;
}

int
main (void)
{
  LttvLatency *l = latency_store_new ();
  guint32 read = latency_store_name (l, LTTV_LATENCY_SYSCALL, "read");
  guint32 write = latency_store_name (l, LTTV_LATENCY_SYSCALL, "write");

  /* SYSCALL: 130 intervals, begins 1000 i, durations 10 i + 1, tids 100
   * and 101 by turns: blocks of 64, 64 and 2. Interval 70's is the
   * longest of the second block (701) but cut: 127's (1271) counts. */
  LttvLatencyInterval sys[130];
  for (guint i = 0; i < 130; i++)
    {
      sys[i] = iv (1000 * (LttvTime) i, 10 * i + 1, 100 + (gint32) (i % 2), 0, 0,
                   i % 3 == 0 ? write : read, 0);
      if (i == 70)
        sys[i] = iv (70000, 0, 100, 0, LTTV_LATENCY_CUT_END, read, 0);
      latency_store_append (l, LTTV_LATENCY_SYSCALL, &sys[i]);
    }

  /* SCHED: 70 intervals all beginning at 5000 (an edge of blocks among
   * them), durations 69 - i: kept in the order they came. */
  LttvLatencyInterval sched[70];
  for (guint i = 0; i < 70; i++)
    {
      sched[i] = iv (5000, 69 - i, (gint32) i, 1, 0, 0, 0);
      latency_store_append (l, LTTV_LATENCY_SCHED, &sched[i]);
    }

  /* BLOCK: extreme fields: a duration beyond 32 bits and one just below
   * the open mark, an unknown tid and CPU, the largest tid, CPU and size,
   * both directions, begins near 2^63. */
  const LttvTime far = G_GUINT64_CONSTANT (1) << 63;
  LttvLatencyInterval blk[4] = {
    iv (far, G_GUINT64_CONSTANT (1) << 40, -1, -1, LTTV_LATENCY_READ, 0, 8),
    iv (far + 1, G_MAXUINT64 - 1, G_MAXINT32, G_MAXINT16, LTTV_LATENCY_WRITE, 0, G_MAXUINT32),
    iv (far + 1, 0, 0, 0, LTTV_LATENCY_CUT_LOST | LTTV_LATENCY_WRITE, 0, 0),
    iv (G_MAXUINT64 - 5, 3, 7, 2, 0, 0, 0),
  };
  latency_store_name (l, LTTV_LATENCY_BLOCK, "8,0");
  for (guint i = 0; i < 4; i++)
    latency_store_append (l, LTTV_LATENCY_BLOCK, &blk[i]);

  /* IRQ: interval 0 opens at 10 and stays open over a whole stage of
   * others (begins 100 + i, durations 1): its block is encoded while it
   * is open, so it is kept late; it ends at 10 + 5000. Interval 1 too,
   * then is cut by lost events. */
  latency_store_name (l, LTTV_LATENCY_IRQ, "19");
  gsize n_irq = 2 + LATENCY_STAGE_N;
  LttvLatencyInterval *irq = g_new (LttvLatencyInterval, n_irq);
  irq[0] = iv (10, LATENCY_OPEN, 42, 3, 0, 0, 0);
  irq[1] = iv (20, LATENCY_OPEN, 43, 3, 0, 0, 0);
  for (gsize i = 2; i < n_irq; i++)
    irq[i] = iv (100 + i, 1, 44, 3, 0, 0, 0);
  for (gsize i = 0; i < n_irq; i++)
    latency_store_append (l, LTTV_LATENCY_IRQ, &irq[i]);
  LatencyKind *lk = &l->k[LTTV_LATENCY_IRQ];
  ok (lk->n_blocks == 1 && lk->n_late == 2, "a block encoded with two open: both kept late");
  LttvLatencyInterval *x0 = latency_store_get (lk, 0), *x1 = latency_store_get (lk, 1);
  ok (x0 != NULL && x1 != NULL && x0 != x1 && latency_store_get (lk, 2) == NULL,
      "the late ones can still change, the closed ones of their block not");
  if (x0 != NULL && x1 != NULL)
    {
      x0->duration = 5000;
      latency_store_late_done (lk, 0);
      x1->duration = 0;
      x1->flags = LTTV_LATENCY_CUT_LOST;
      latency_store_late_done (lk, 1);
    }
  irq[0].duration = 5000;
  irq[1] = iv (20, 0, 43, 3, LTTV_LATENCY_CUT_LOST, 0, 0);
  ok (latency_store_get (lk, 0) == NULL, "an ended late one is no longer open");
  latency_store_finish (l);

  for (guint pass = 0; pass < 2; pass++)
    {
      const char *when = pass == 0 ? "built" : "read back from the cache's section";
      char what[200];
#define OK(cond, text) (g_snprintf (what, sizeof what, "%s (%s)", text, when), ok (cond, what))
      OK (all_same (l, LTTV_LATENCY_SYSCALL, sys, 130), "130 system calls over 3 blocks, field by field");
      OK (l->k[LTTV_LATENCY_SYSCALL].n_blocks == 3, "blocks of 64: 3 for 130");
      LttvTime first;
      /* [63000, 65000): intervals 63 and 64, either side of the edge */
      OK (count (l, LTTV_LATENCY_SYSCALL, 63000, 65000, &first) == 2 && first == 63000,
          "a range across a block's edge");
      OK (count (l, LTTV_LATENCY_SYSCALL, 64000, 64001, &first) == 1 && first == 64000,
          "a range of a block's first interval only");
      OK (count (l, LTTV_LATENCY_SYSCALL, 63001, 64000, NULL) == 0, "a range between two intervals");
      OK (count (l, LTTV_LATENCY_SYSCALL, 129001, G_MAXUINT64, NULL) == 0, "a range past the last");
      LttvLatencyInterval m;
      /* second block (64..127): 70 cut, so 127 (1271); [64000, 71000): 69 (691) */
      OK (lttv_latency_max_in (l, LTTV_LATENCY_SYSCALL, 64000, 128000, &m) && m.begin == 127000
          && m.duration == 1271, "the longest of a block, its cut one left out");
      OK (lttv_latency_max_in (l, LTTV_LATENCY_SYSCALL, 64000, 71000, &m) && m.duration == 691,
          "the longest of part of a block");
      OK (!lttv_latency_max_in (l, LTTV_LATENCY_SYSCALL, 70000, 70001, NULL),
          "a range of only a cut interval has no longest");
      OK (lttv_latency_max_in (l, LTTV_LATENCY_SYSCALL, 0, G_MAXUINT64, &m) && m.duration == 1291
          && m.name == write, "the longest of all: the last (129, 1291, write)");

      OK (all_same (l, LTTV_LATENCY_SCHED, sched, 70), "70 equal begins in their order");
      OK (count (l, LTTV_LATENCY_SCHED, 5000, 5001, NULL) == 70
          && count (l, LTTV_LATENCY_SCHED, 0, 5000, NULL) == 0
          && count (l, LTTV_LATENCY_SCHED, 5001, G_MAXUINT64, NULL) == 0,
          "equal begins across a block's edge: all in [5000, 5001), none outside");
      OK (lttv_latency_max_in (l, LTTV_LATENCY_SCHED, 5000, 5001, &m) && m.duration == 69
          && m.tid == 0, "the longest of equal begins: the first (69)");

      OK (all_same (l, LTTV_LATENCY_BLOCK, blk, 4), "huge durations and extreme fields kept");
      OK (lttv_latency_max_in (l, LTTV_LATENCY_BLOCK, 0, G_MAXUINT64, &m)
          && m.duration == G_MAXUINT64 - 1 && m.size == G_MAXUINT32,
          "the longest: 2^64 - 2 ns");

      OK (all_same (l, LTTV_LATENCY_IRQ, irq, n_irq), "late intervals: their end, their cut");
      OK (lttv_latency_max_in (l, LTTV_LATENCY_IRQ, 0, G_MAXUINT64, &m) && m.begin == 10
          && m.duration == 5000, "a late interval's end counts in its block's longest");
      OK (lttv_latency_max_in (l, LTTV_LATENCY_IRQ, 15, 200, &m) && m.duration == 1,
          "a cut late interval never the longest");
#undef OK
      if (pass == 0)
        {
          LttvLatency *damaged = round_trip (l, TRUE);
          ok (damaged == NULL, "a damaged block refused at load");
          latency_store_free (damaged);
          LttvLatency *back = round_trip (l, FALSE);
          ok (back != NULL, "the section read back");
          if (back == NULL)
            break;
          latency_store_free (l);
          l = back;
        }
    }
  latency_store_free (l);
  g_free (irq);
  printf ("1..%d\n", n_tests);
  return n_failed > 0;
}
