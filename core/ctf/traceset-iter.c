/* SPDX-License-Identifier: GPL-2.0-or-later */
/* traceset-iter.c: the iterator of traceset.h, merging every stream of
 * every trace by time with a binary heap (ties: trace, then stream
 * order); seeking, and saved positions. */
#include "config.h"

#include "ctf-trace.h"

#include <lttv/error.h>
#include <string.h>

/* A stream in the merge: its reader, and its event's time beside it so
 * that the heap compares without following the pointer. */
typedef struct {
  int64_t ns;
  CtfReader *r;         /* ties: the readers' order (trace, then stream) */
  GError *err;          /* a fault met in that stream */
} HeapEntry;

/* Each iterator reads every stream through its own CtfReader: iterators
 * of one traceset (in one thread or several) never disturb each other. */
struct _LttvIter {
  LttvTraceset *ts;
  CtfReader *readers;   /* one per stream of every trace, in order */
  guint n_readers;
  guint8 **wanted;      /* per trace, per event class: decode the fields */
  CtfPlanSubset **subsets; /* per trace, per event class: only some */
  CtfRecordForm ***forms;  /* per trace, per event class: or NULL */
  HeapEntry *heap;
  guint n;
  CtfReader *last;      /* returned by the previous call: to advance */
  int64_t until;        /* lttv_iter_each_records ends before it */
};

struct _LttvIterPos {
  const LttvTraceset *ts;
  int last;             /* the reader of the event last returned, or -1 */
  guint n;
  CtfReaderPos pos[];   /* per reader */
};

/* --- Iteration ------------------------------------------------------------ */

static inline gboolean
before (const HeapEntry *a, const HeapEntry *b)
{
  return a->ns != b->ns ? a->ns < b->ns : a->r < b->r;
}

static void
sift_down (LttvIter *it, guint i)
{
  HeapEntry *h = it->heap;
  for (;;)
    {
      guint l = 2 * i + 1, r = l + 1, m = i;
      if (l < it->n && before (&h[l], &h[m]))
        m = l;
      if (r < it->n && before (&h[r], &h[m]))
        m = r;
      if (m == i)
        return;
      HeapEntry tmp = h[i];
      h[i] = h[m];
      h[m] = tmp;
      i = m;
    }
}

static void
heap_build (LttvIter *it)
{
  for (guint i = it->n / 2; i-- > 0;)
    sift_down (it, i);
}

static void
iter_clear (LttvIter *it)
{
  for (guint i = 0; i < it->n; i++)
    g_clear_error (&it->heap[i].err);
  it->n = 0;
  it->last = NULL;
}

/* A reader enters the heap with its event, or with the error met reading
 * it (ordered as its fault); a reader at its end stays out. */
static void
heap_add (LttvIter *it, CtfReader *r, gboolean ok, GError *err)
{
  if (!ok && err == NULL)
    return;
  it->heap[it->n++] = (HeapEntry) { r->event.ns, r, ok ? NULL : err };
}

/* Loads every stream's first event at or after `ns`. */
static void
iter_fill (LttvIter *it, int64_t ns)
{
  iter_clear (it);
  for (guint i = 0; i < it->n_readers; i++)
    {
      CtfReader *r = &it->readers[i];
      GError *err = NULL;
      r->event.ns = INT64_MIN;
      gboolean ok = ctf_reader_seek (r, ns, &err)
                    && ctf_reader_next (r, &err);
      heap_add (it, r, ok, err);
    }
  heap_build (it);
}

static LttvIter *
iter_new (LttvTraceset *ts, gboolean to_end)
{
  LttvIter *it = g_new0 (LttvIter, 1);
  guint n = 0;
  it->ts = ts;
  /* (a growing trace's streams, as many as there are now: the count
   * may grow meanwhile, lttv_traceset_grow) */
  g_autofree guint *n_streams = g_new0 (guint, ts->traces->len + 1);
  for (guint t = 0; t < ts->traces->len; t++)
    n += n_streams[t] = __atomic_load_n (&((LttvTrace *) ts->traces->pdata[t])->streams->len,
                                         __ATOMIC_ACQUIRE);
  it->readers = g_new0 (CtfReader, n + 1);
  it->wanted = g_new0 (guint8 *, ts->traces->len + 1);
  it->subsets = g_new0 (CtfPlanSubset *, ts->traces->len + 1);
  it->forms = g_new0 (CtfRecordForm **, ts->traces->len + 1);
  for (guint t = 0; t < ts->traces->len; t++)
    {
      LttvTrace *tr = ts->traces->pdata[t];
      guint nc = tr->tc->events->len;
      it->wanted[t] = g_malloc (nc + 1);
      memset (it->wanted[t], 1, nc + 1);
      it->subsets[t] = g_new0 (CtfPlanSubset, nc + 1);
      it->forms[t] = g_new0 (CtfRecordForm *, nc + 1);
      for (guint i = 0; i < n_streams[t]; i++)
        {
          CtfReader *r = &it->readers[it->n_readers++];
          ctf_reader_init (r, tr->streams->pdata[i], it->wanted[t], it->subsets[t]);
          r->forms = it->forms[t];
          r->whole = to_end;
        }
    }
  it->heap = g_new0 (HeapEntry, n + 1);
  it->until = INT64_MAX;
  iter_fill (it, INT64_MIN);
  return it;
}

LttvIter *
lttv_iter_new (LttvTraceset *ts)
{
  return iter_new (ts, FALSE);
}

LttvIter *
lttv_iter_new_to_end (LttvTraceset *ts)
{
  return iter_new (ts, TRUE);
}

static void
subset_clear (CtfPlanSubset *sub)
{
  g_clear_pointer (&sub->ops, g_free);
  g_clear_pointer (&sub->pick, g_free);
  sub->n = sub->n_pick = 0;
}

void
lttv_iter_free (LttvIter *it)
{
  if (it == NULL)
    return;
  iter_clear (it);
  for (guint i = 0; i < it->n_readers; i++)
    ctf_reader_clear (&it->readers[i]);
  g_free (it->readers);
  for (guint t = 0; t < it->ts->traces->len; t++)
    {
      const LttvTrace *tr = it->ts->traces->pdata[t];
      for (guint k = 0; k < tr->tc->events->len; k++)
        {
          subset_clear (&it->subsets[t][k]);
          g_free (it->forms[t][k]);
        }
      g_free (it->subsets[t]);
      g_free (it->forms[t]);
      g_free (it->wanted[t]);
    }
  g_free (it->subsets);
  g_free (it->forms);
  g_free (it->wanted);
  g_free (it->heap);
  g_free (it);
}

gboolean
lttv_iter_seek_time (LttvIter *it, LttvTime t, GError **error)
{
  iter_fill (it, t > (LttvTime) INT64_MAX ? INT64_MAX : (int64_t) t);
  return TRUE;
}

const LttvEvent *
lttv_iter_next (LttvIter *it, GError **error)
{
  if (it->last != NULL)
    {
      HeapEntry *top = &it->heap[0];
      GError *err = NULL;
      if (G_LIKELY (ctf_reader_next (top->r, &err)))
        {
          top->ns = top->r->event.ns;
          /* usually the same stream again: still ahead of the others */
          if (!((it->n < 2 || before (top, &it->heap[1]))
                && (it->n < 3 || before (top, &it->heap[2]))))
            sift_down (it, 0);
        }
      else
        {
          if (err != NULL)
            top->err = err;   /* keeps its place: the fault's time */
          else
            *top = it->heap[--it->n];
          sift_down (it, 0);
        }
      it->last = NULL;
    }
  if (it->n == 0)
    return NULL;
  if (it->heap[0].err != NULL)
    {
      g_propagate_error (error, it->heap[0].err);
      it->heap[0] = it->heap[--it->n];
      sift_down (it, 0);
      return NULL;
    }
  it->last = it->heap[0].r;
  return &it->last->event;
}

gboolean
lttv_iter_each (LttvIter *it, LttvEventSink sink, gpointer data, GError **error)
{
  return lttv_iter_each_records (it, sink, data, NULL, error);
}

gboolean
lttv_iter_each_records (LttvIter *it, LttvEventSink sink, gpointer data,
                        LttvRecordOut *out, GError **error)
{
  for (;;)
    {
      const LttvEvent *ev = lttv_iter_next (it, error);
      if (ev == NULL)
        return FALSE;
      /* (one compare per run of a stream, not per event) */
      if (G_UNLIKELY (ev->ns >= it->until))
        return FALSE;
      if (!sink (data, ev))
        return TRUE;
      /* Then the same stream's next events while they come before every
       * other stream's (the heap's root's children hold the first of
       * those): one loop of the reader's, no heap per event. */
      HeapEntry *top = &it->heap[0];
      const HeapEntry *next = NULL;
      if (it->n >= 2)
        next = it->n >= 3 && before (&it->heap[2], &it->heap[1]) ? &it->heap[2]
                                                                  : &it->heap[1];
      GError *err = NULL;
      int64_t limit = next != NULL ? next->ns : INT64_MAX;
      const CtfReader *limit_r = next != NULL ? next->r : NULL;
      if (it->until <= limit)
        {
          /* (before (until, NULL): strictly before until) */
          limit = it->until;
          limit_r = NULL;
        }
      CtfRunEnd end = ctf_reader_run (top->r, limit, limit_r, sink, data, out, &err);
      if (end == CTF_RUN_SINK)
        return TRUE;           /* it->last: the next call moves that reader on */
      /* (as lttv_iter_next after its reader's next event) */
      top->ns = top->r->event.ns;
      if (end == CTF_RUN_ENDED)
        {
          if (err != NULL)
            top->err = err;    /* keeps its place: the fault's time */
          else
            *top = it->heap[--it->n];
        }
      sift_down (it, 0);
      it->last = NULL;
    }
}

void
lttv_iter_set_until (LttvIter *it, LttvTime until)
{
  it->until = until > (LttvTime) INT64_MAX ? INT64_MAX : (int64_t) until;
}

gboolean
lttv_iter_set_record_form (LttvIter *it, const LttvEventClass *ec,
                           const LttvRecordForm *form)
{
  g_return_val_if_fail (it != NULL && ec != NULL && form != NULL, FALSE);
  const LttvTrace *tr = ec->trace;
  g_return_val_if_fail (tr->index < it->ts->traces->len
                        && it->ts->traces->pdata[tr->index] == tr, FALSE);
  CtfRecordForm **slot = &it->forms[tr->index][ec->ec->index];
  g_free (*slot);
  *slot = ctf_record_form_compile (ec->ec, form);
  for (guint i = 0; i < it->n_readers; i++)
    if (it->readers[i].forms == it->forms[tr->index])
      ctf_reader_forget_forms (&it->readers[i]);
  return *slot != NULL;
}

void
lttv_iter_set_fields_wanted (LttvIter *it, const LttvEventClass *ec,
                             gboolean wanted)
{
  g_return_if_fail (it != NULL && ec != NULL);
  const LttvTrace *tr = ec->trace;
  g_return_if_fail (tr->index < it->ts->traces->len
                    && it->ts->traces->pdata[tr->index] == tr);
  it->wanted[tr->index][ec->ec->index] = wanted ? 1 : 0;
  subset_clear (&it->subsets[tr->index][ec->ec->index]);
}

void
lttv_iter_set_fields_wanted_only (LttvIter *it, const LttvEventClass *ec,
                                  const LttvFieldRef *fields, guint n_fields)
{
  lttv_iter_set_fields_wanted (it, ec, TRUE);
  const CtfType *payload = ec->ec->fields;
  ctf_event_plans_ensure (ec->trace->tc, ec->ec);
  if (n_fields == 0 || payload == NULL || payload->plan == NULL)
    return;
  CtfPlanSubset *sub = &it->subsets[ec->trace->index][ec->ec->index];
  sub->ops = ctf_plan_subset (payload, fields, n_fields, &sub->n);
  if (sub->ops != NULL)
    {
      it->wanted[ec->trace->index][ec->ec->index] = CTF_WANTED_SOME;
      sub->pick = ctf_pick_build (payload, fields, n_fields, &sub->n_pick);
    }
}

void
lttv_iter_set_all_fields_wanted (LttvIter *it, gboolean wanted)
{
  g_return_if_fail (it != NULL);
  for (guint t = 0; t < it->ts->traces->len; t++)
    {
      const LttvTrace *tr = it->ts->traces->pdata[t];
      memset (it->wanted[t], wanted ? 1 : 0, tr->tc->events->len);
      for (guint k = 0; k < tr->tc->events->len; k++)
        subset_clear (&it->subsets[t][k]);
    }
}

/* --- Positions ------------------------------------------------------------ */

LttvIterPos *
lttv_iter_save (LttvIter *it)
{
  g_return_val_if_fail (it != NULL, NULL);
  LttvIterPos *p = g_malloc0 (sizeof *p + it->n_readers
                                          * sizeof (CtfReaderPos));
  p->ts = it->ts;
  p->n = it->n_readers;
  p->last = it->last != NULL ? (int) (it->last - it->readers) : -1;
  for (guint i = 0; i < p->n; i++)
    p->pos[i].state = CTF_POS_DONE;
  for (guint h = 0; h < it->n; h++)
    ctf_reader_save (it->heap[h].r, &p->pos[it->heap[h].r - it->readers]);
  return p;
}

gboolean
lttv_iter_restore (LttvIter *it, const LttvIterPos *pos, GError **error)
{
  g_return_val_if_fail (it != NULL && pos != NULL, FALSE);
  if (pos->ts != it->ts || pos->n != it->n_readers)
    {
      g_set_error (error, LTTV_ERROR, LTTV_ERROR_USAGE,
                   "a position saved from another traceset");
      return FALSE;
    }
  iter_clear (it);
  for (guint i = 0; i < it->n_readers; i++)
    {
      CtfReader *r = &it->readers[i];
      GError *err = NULL;
      r->event.ns = INT64_MIN;
      gboolean ok = ctf_reader_restore (r, &pos->pos[i], &err);
      heap_add (it, r, ok, err);
    }
  heap_build (it);
  /* the event last returned is the least of the heads again: the next
     call moves past it */
  if (pos->last >= 0 && it->n > 0
      && it->heap[0].r == &it->readers[pos->last] && it->heap[0].err == NULL)
    it->last = it->heap[0].r;
  return TRUE;
}

void
lttv_iter_pos_free (LttvIterPos *pos)
{
  g_free (pos);
}
