/* SPDX-License-Identifier: GPL-2.0-or-later */
/* traceset-count.c: lttv_traceset_count_events, the events of a time
 * range counted stream by stream on every core. A count needs no merge:
 * each stream is decoded alone, whole, by whichever worker takes it. */
#include "config.h"

#include "ctf-trace.h"

#include <string.h>

typedef struct {
  CtfStream **streams;     /* largest first: the last ones taken are short */
  guint n_streams;
  guint8 *wanted;          /* every class's fields, of any trace: all 0
                            * (skipped where their sizes allow: a quarter
                            * of the instructions of many-threads' count) */
  CtfPlanSubset *subsets;  /* none: all fields */
  const LttvTime *begin, *end;
  guint next;              /* the next stream to take (atomic) */
  guint64 total;           /* (atomic) */
  gint failed;             /* a stream met an error (atomic) */
} Count;

/* The events of one stream in the range, as a merging iterator would
 * return them: from the seek to `begin`, up to its first event after
 * `end`. FALSE on an error. The reader's packet buffer is the worker's
 * `buffer`, kept from stream to stream: a new one is fresh memory the
 * kernel zeroes (2 MB per stream). */
static gboolean
count_stream (Count *c, CtfStream *s, guint64 *n, CtfPacketCopy *buffer)
{
  CtfReader r;
  GError *err = NULL;
  int64_t from = INT64_MIN;
  gboolean ok;

  if (c->begin != NULL)
    from = *c->begin > (LttvTime) INT64_MAX ? INT64_MAX : (int64_t) *c->begin;
  ctf_reader_init (&r, s, c->wanted, c->subsets);
  r.whole = TRUE;
  r.copy.data = buffer->data;
  r.copy.cap = buffer->cap;
  *n = 0;
  /* (a seek that finds no event is no error) */
  if (ctf_reader_seek (&r, from, &err))
    ctf_reader_count (&r, c->end != NULL ? *c->end : G_MAXUINT64, n, &err);
  ok = err == NULL;
  g_clear_error (&err);
  buffer->data = r.copy.data;
  buffer->cap = r.copy.cap;
  r.copy.data = NULL;
  r.copy.cap = 0;
  ctf_reader_clear (&r);
  return ok;
}

static gpointer
count_worker (gpointer data)
{
  Count *c = data;
  guint i;
  CtfPacketCopy buffer;

  ctf_packet_copy_init (&buffer);
  while (!g_atomic_int_get (&c->failed)
         && (i = g_atomic_int_add (&c->next, 1)) < c->n_streams)
    {
      guint64 n;
      if (count_stream (c, c->streams[i], &n, &buffer))
        __atomic_add_fetch (&c->total, n, __ATOMIC_RELAXED);
      else
        g_atomic_int_set (&c->failed, TRUE);
    }
  ctf_packet_copy_clear (&buffer);
  return NULL;
}

static gint
larger_first (gconstpointer a, gconstpointer b)
{
  const CtfStream *x = *(CtfStream *const *) a, *y = *(CtfStream *const *) b;
  return x->size != y->size ? (x->size < y->size ? 1 : -1)
                            : (x->index < y->index ? -1 : x->index > y->index);
}

gboolean
lttv_traceset_count_events (LttvTraceset *ts, const LttvTime *begin,
                            const LttvTime *end, guint max_threads,
                            guint64 *count)
{
  Count c = { .begin = begin, .end = end };
  guint n_workers, n_classes = 0;
  GPtrArray *streams = g_ptr_array_new ();
  GThread **threads;

  g_return_val_if_fail (count != NULL, FALSE);
  for (guint t = 0; t < ts->traces->len; t++)
    {
      LttvTrace *tr = ts->traces->pdata[t];
      n_classes = MAX (n_classes, tr->tc->events->len);
      for (guint i = 0; i < tr->streams->len; i++)
        g_ptr_array_add (streams, tr->streams->pdata[i]);
    }
  c.wanted = g_malloc (n_classes + 1);
  memset (c.wanted, 0, n_classes + 1);
  c.subsets = g_new0 (CtfPlanSubset, n_classes + 1);
  g_ptr_array_sort (streams, larger_first);
  c.streams = (CtfStream **) streams->pdata;
  c.n_streams = streams->len;

  n_workers = max_threads != 0 ? max_threads : g_get_num_processors ();
  n_workers = MAX (1, MIN (n_workers, c.n_streams));
  /* The calling thread is a worker too. */
  threads = g_new0 (GThread *, n_workers);
  for (guint i = 1; i < n_workers; i++)
    threads[i] = g_thread_new ("lttv-count", count_worker, &c);
  count_worker (&c);
  for (guint i = 1; i < n_workers; i++)
    g_thread_join (threads[i]);
  g_free (threads);

  g_free (c.wanted);
  g_free (c.subsets);
  g_ptr_array_free (streams, TRUE);
  *count = c.failed ? 0 : c.total;
  return !c.failed;
}
