/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The build's reader thread: it reads the merged events and reduces each
 * to a StateRec (its time, CPU, type and handler fields, strings copied),
 * in batches handed to the thread that runs the state machine. Reading
 * (decoding) and applying then run on two cores: the build takes the
 * longer of the two instead of their sum. */
#include "config.h"

#include <time.h>

#include "build/build-private.h"
#include "build/stream-out.h"

/* Big batches: a thread that waits for the other sleeps and is woken by a
 * system call each, dear on a virtual machine; batches of a few thousand
 * records woke it thousands of times a build. Packed records (layout.h)
 * take about 36 bytes: some 29,000 a megabyte. Since the records are
 * streamed out, not kept in a cache, 512 KB is as fast as bigger batches
 * in less memory; much smaller ones are slower (bench/README.md). */
#ifndef BATCH_BYTES
#define BATCH_BYTES (512u << 10)
#endif
#define N_BATCHES 4
/* Records are made in a small buffer that stays in the reader's cache,
 * then streamed out to the batch (stream-out.h). */
#define STAGE_BYTES (32u << 10)
G_STATIC_ASSERT (STATE_REC_MAX <= STAGE_BYTES);
/* (the iterator copies a record form's head whole: lttv_iter_each_records) */
G_STATIC_ASSERT (LTTV_RECORD_HEAD <= STATE_REC_MAX);

typedef struct {
  guint n;
  gint64 us;
} QueueWaits;

/* A batch from `q`, noting in `w` when it had to be waited for. */
static StateBatch *
pop_counting (GAsyncQueue *q, QueueWaits *w)
{
  StateBatch *b = g_async_queue_try_pop (q);
  if (b != NULL)
    return b;
  gint64 t0 = g_get_monotonic_time ();
  b = g_async_queue_pop (q);
  w->n++;
  w->us += g_get_monotonic_time () - t0;
  return b;
}

struct _StateReader {
  LttvTraceset *ts;
  const LttvTrace **traces;
  StateLayout **layouts;
  guint **types;
  guint n_traces;
  StateCounter *counter;
  LttvTime from, until;     /* the events read (state_reader_start_range) */
  GAsyncQueue *full, *free;
  StateBatch batches[N_BATCHES];
  gsize batch_bytes;    /* BATCH_BYTES, or less for the tests */
  GThread *thread;
  gint stop;            /* atomic: the consumer wants no more */
  gboolean seen_last;   /* the consumer got the last batch */
  /* Which thread bounds the build: each side's waits for the other, and
   * the reader's CPU time (printed when LTTV_STATE_WAITS is set:
   * bench/state.sh). */
  gboolean report;      /* LTTV_STATE_WAITS */
  QueueWaits reader_waits, builder_waits;
  double reader_cpu_ms;
  guint8 stage[STAGE_BYTES];
};

static guint
trace_of (StateReader *r, const LttvTrace *trace, guint guess)
{
  if (guess < r->n_traces && r->traces[guess] == trace)
    return guess;
  for (guint i = 0; i < r->n_traces; i++)
    if (r->traces[i] == trace)
      return i;
  return G_MAXUINT32;
}

/* Where the records of the next events go (fill_stage's sink, and the
 * iterator itself for classes with a record form), their strings to the
 * batch's arena. */
typedef struct {
  StateReader *r;
  StateBatch *b;
  LttvRecordOut out;        /* the stage: its room leaves one record's */
  guint trace;              /* the last event's trace: most often the next's */
} Stage;

/* Adds `ev`'s record to the stage (its strings to the batch's arena);
 * FALSE once the stage has no room for another. */
static gboolean
stage_event (gpointer data, const LttvEvent *ev)
{
  Stage *st = data;
  StateReader *r = st->r;
  StateRec *rec = (StateRec *) (st->out.buf + st->out.len);
  LttvEventBasics eb;
  lttv_event_basics (ev, &eb);
  rec->time = eb.time;
  rec->cpu = eb.cpu;
  rec->cls = eb.class_index;
  guint cur = st->trace = trace_of (r, eb.trace, st->trace);
  if (cur >= STATE_REC_NO_TRACE)
    {
      rec->trace = STATE_REC_NO_TRACE;
      rec->words = sizeof (StateRec) / 8;
      st->trace = 0;
    }
  else
    {
      rec->trace = (guint16) cur;
      rec->type = r->types[cur][rec->cls];
      /* (the arena as the iterator left it; it may move) */
      Writer *arena = &st->b->arena;
      arena->len = st->out.strings_len;
      state_layout_extract (r->layouts[cur], ev, rec, arena);
      st->out.strings = arena->data;
      st->out.strings_len = arena->len;
      st->out.strings_room = arena->cap;
    }
  st->out.len += rec->words * 8u;
  return st->out.len <= st->out.room;
}

/* Fills the stage with the records of the next events, up to `room`
 * bytes (their strings go to `b`'s arena) and sets `len`; FALSE when the
 * events ended first (or reading failed). */
static gboolean
fill_stage (StateReader *r, LttvIter *it, StateBatch *b, gsize room, gsize *len,
            GError **error)
{
  Stage st = { r, b, { r->stage, 0, room - STATE_REC_MAX, b->arena.data, b->arena.len,
                        b->arena.cap }, 0 };
  gboolean more = lttv_iter_each_records (it, stage_event, &st, &st.out, error);
  *len = st.out.len;
  b->arena.len = st.out.strings_len;
  return more;
}

/* Fills `b` with the next events; FALSE when they ended first (or
 * reading failed). */
static gboolean
fill (StateReader *r, LttvIter *it, StateBatch *b, GError **error)
{
  gboolean more = TRUE;
  while (more && b->len + STATE_REC_MAX <= r->batch_bytes)
    {
      gsize len = 0;
      more = fill_stage (r, it, b, MIN (STAGE_BYTES, r->batch_bytes - b->len), &len, error);
      state_counter_add (r->counter, r->stage, len);
      stream_out (b->recs + b->len, r->stage, len);
      b->len += len;
    }
  /* (before the batch goes to the builder) */
  stream_out_fence ();
  return more;
}

/* The calling thread's CPU time so far. */
static double
thread_cpu_ms (void)
{
  struct timespec ts;
  if (clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts) != 0)
    return 0;
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static gpointer
reader_thread (gpointer data)
{
  StateReader *r = data;
  g_autoptr (LttvIter) it = lttv_iter_new_to_end (r->ts);
  /* Only the fields the classes' handlers read are decoded; the other
   * events are counted from their time, class and CPU. */
  lttv_iter_set_all_fields_wanted (it, FALSE);
  for (guint i = 0; i < r->n_traces; i++)
    {
      const LttvTrace *trace = r->traces[i];
      for (guint k = 0; k < lttv_trace_n_event_classes (trace); k++)
        {
          const LttvEventClass *ec = lttv_trace_get_event_class (trace, k);
          LttvFieldRef fields[STATE_REC_FIELDS];
          guint n = state_layout_fields (r->layouts[i], lttv_event_class_index (ec), fields);
          /* (a handler that reads no field, like a system call's exit:
           * skipped like the classes without one) */
          if (n > 0)
            lttv_iter_set_fields_wanted_only (it, ec, fields, n);
          /* (most events: the reader makes their records itself) */
          LttvRecordForm form;
          guint index = lttv_event_class_index (ec);
          if (i < STATE_REC_NO_TRACE
              && state_layout_record_form (r->layouts[i], index, (guint16) i,
                                           r->types[i][index], &form))
            lttv_iter_set_record_form (it, ec, &form);
        }
    }
  /* A live build's step: from the first event not applied yet (the
   * runs before applied those before `from`), to the complete time. */
  if (r->from != LTTV_TIME_NONE)
    lttv_iter_seek_time (it, r->from, NULL);
  if (r->until != LTTV_TIME_NONE)
    lttv_iter_set_until (it, r->until);
  for (;;)
    {
      StateBatch *b = pop_counting (r->free, &r->reader_waits);
      b->len = 0;
      b->error = NULL;
      b->arena.len = 0;
      /* Short: the end, an error or a stop. */
      b->last = g_atomic_int_get (&r->stop) || !fill (r, it, b, &b->error);
      if (b->last && r->report)
        r->reader_cpu_ms = thread_cpu_ms ();
      g_async_queue_push (r->full, b);
      if (b->last)
        return NULL;
    }
}

StateReader *
state_reader_start (LttvTraceset *ts, const LttvTrace **traces,
                    StateLayout **layouts, guint **types, guint n_traces,
                    StateCounter *counter)
{
  return state_reader_start_range (ts, traces, layouts, types, n_traces, counter,
                                   LTTV_TIME_NONE, LTTV_TIME_NONE);
}

StateReader *
state_reader_start_range (LttvTraceset *ts, const LttvTrace **traces,
                          StateLayout **layouts, guint **types, guint n_traces,
                          StateCounter *counter, LttvTime from, LttvTime until)
{
  StateReader *r = g_new0 (StateReader, 1);
  r->from = from;
  r->until = until;
  r->ts = ts;
  r->traces = traces;
  r->layouts = layouts;
  r->types = types;
  r->n_traces = n_traces;
  r->counter = counter;
  r->report = g_getenv ("LTTV_STATE_WAITS") != NULL;
  /* (the tests make batches of one record: what the builder does between
   * batches then happens after every event) */
  const char *bytes = g_getenv ("LTTV_STATE_BATCH_BYTES");
  r->batch_bytes = bytes == NULL ? BATCH_BYTES
                   : CLAMP (g_ascii_strtoull (bytes, NULL, 10), STATE_REC_MAX, BATCH_BYTES);
  r->full = g_async_queue_new ();
  r->free = g_async_queue_new ();
  for (guint i = 0; i < N_BATCHES; i++)
    {
      r->batches[i].recs = g_malloc (BATCH_BYTES);
      /* (16 bytes a record: room for most batches' strings) */
      r->batches[i].arena.cap = BATCH_BYTES / 2;
      r->batches[i].arena.data = g_malloc (r->batches[i].arena.cap);
      g_async_queue_push (r->free, &r->batches[i]);
    }
  r->thread = g_thread_new ("lttv-state-reader", reader_thread, r);
  return r;
}

StateBatch *
state_reader_next (StateReader *r)
{
  StateBatch *b = pop_counting (r->full, &r->builder_waits);
  if (b->last)
    r->seen_last = TRUE;
  return b;
}

void
state_reader_done (StateReader *r, StateBatch *b)
{
  g_async_queue_push (r->free, b);
}

void
state_reader_stop (StateReader *r)
{
  g_atomic_int_set (&r->stop, 1);
  /* Take what the reader still sends until its last batch. */
  while (!r->seen_last)
    {
      StateBatch *b = state_reader_next (r);
      g_clear_error (&b->error);
      state_reader_done (r, b);
    }
  g_thread_join (r->thread);
  if (r->report)
    g_printerr ("state build: the builder waited %u times (%.1f ms) for the reader's "
                "batches, the reader %u times (%.1f ms) for free ones; CPU time: "
                "reader %.1f ms, builder %.1f ms so far\n",
                r->builder_waits.n, r->builder_waits.us / 1e3,
                r->reader_waits.n, r->reader_waits.us / 1e3,
                r->reader_cpu_ms, thread_cpu_ms ());
  for (guint i = 0; i < N_BATCHES; i++)
    {
      g_free (r->batches[i].recs);
      g_free (r->batches[i].arena.data);
    }
  g_async_queue_unref (r->full);
  g_async_queue_unref (r->free);
  g_free (r);
}
