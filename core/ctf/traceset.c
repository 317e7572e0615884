/* SPDX-License-Identifier: GPL-2.0-or-later */
/* traceset.c: the traceset API of traceset.h over CTF traces: opening
 * folders at any depth, and an iterator merging every stream of every
 * trace by time with a binary heap (ties: trace, then stream order). */
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
};

struct _LttvIterPos {
  const LttvTraceset *ts;
  int last;             /* the reader of the event last returned, or -1 */
  guint n;
  CtfReaderPos pos[];   /* per reader */
};

/* --- Opening ------------------------------------------------------------ */

static gint
compare_paths (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

static void
find_traces (const char *dir, GPtrArray *out, int depth)
{
  g_autofree char *meta = g_build_filename (dir, "metadata", NULL);
  if (g_file_test (meta, G_FILE_TEST_IS_REGULAR))
    {
      g_ptr_array_add (out, g_strdup (dir));
      return;
    }
  if (depth > 16)
    return;
  GDir *d = g_dir_open (dir, 0, NULL);
  if (d == NULL)
    return;
  GPtrArray *subs = g_ptr_array_new_with_free_func (g_free);
  const char *name;
  while ((name = g_dir_read_name (d)) != NULL)
    {
      char *p = g_build_filename (dir, name, NULL);
      if (g_file_test (p, G_FILE_TEST_IS_DIR)
          && !g_file_test (p, G_FILE_TEST_IS_SYMLINK))
        g_ptr_array_add (subs, p);
      else
        g_free (p);
    }
  g_dir_close (d);
  g_ptr_array_sort (subs, compare_paths);
  for (guint i = 0; i < subs->len; i++)
    find_traces (subs->pdata[i], out, depth + 1);
  g_ptr_array_free (subs, TRUE);
}

LttvTraceset *
lttv_traceset_open (const char *const *paths, GError **error)
{
  g_return_val_if_fail (paths != NULL, NULL);
  LttvTraceset *ts = g_new0 (LttvTraceset, 1);
  ts->traces = g_ptr_array_new_with_free_func (
      (GDestroyNotify) ctf_trace_free);
  ts->problems = g_ptr_array_new_with_free_func (
      (GDestroyNotify) g_error_free);

  for (const char *const *p = paths; *p != NULL; p++)
    {
      if (!g_file_test (*p, G_FILE_TEST_IS_DIR))
        {
          g_ptr_array_add (ts->problems,
                           g_error_new (LTTV_ERROR, LTTV_ERROR_NOT_FOUND,
                                        "%s: no such folder", *p));
          continue;
        }
      GPtrArray *dirs = g_ptr_array_new_with_free_func (g_free);
      find_traces (*p, dirs, 0);
      if (dirs->len == 0)
        g_ptr_array_add (ts->problems,
                         g_error_new (LTTV_ERROR, LTTV_ERROR_NOT_FOUND,
                                      "%s: no CTF trace (no 'metadata' "
                                      "file) in this folder", *p));
      for (guint i = 0; i < dirs->len; i++)
        {
          GError *err = NULL;
          LttvTrace *t = ctf_trace_open (dirs->pdata[i], &err);
          if (t == NULL)
            {
              g_ptr_array_add (ts->problems, err);
              continue;
            }
          t->index = ts->traces->len;
          t->traceset = ts;
          g_ptr_array_add (ts->traces, t);
          if (t->metadata_cut != NULL)
            g_ptr_array_add (ts->problems, g_error_copy (t->metadata_cut));
        }
      g_ptr_array_free (dirs, TRUE);
    }
  if (ts->traces->len == 0)
    {
      if (ts->problems->len > 0)
        g_propagate_error (error,
                           g_error_copy (ts->problems->pdata[0]));
      else
        g_set_error (error, LTTV_ERROR, LTTV_ERROR_NOT_FOUND,
                     "no trace given");
      lttv_traceset_free (ts);
      return NULL;
    }
  return ts;
}

void
lttv_traceset_free (LttvTraceset *ts)
{
  if (ts == NULL)
    return;
  g_ptr_array_free (ts->traces, TRUE);
  g_ptr_array_free (ts->problems, TRUE);
  g_free (ts);
}

guint
lttv_traceset_n_traces (const LttvTraceset *ts)
{
  return ts->traces->len;
}

LttvTrace *
lttv_traceset_get_trace (const LttvTraceset *ts, guint i)
{
  g_return_val_if_fail (i < ts->traces->len, NULL);
  return ts->traces->pdata[i];
}

/* The first event of all (of each trace, found once): what the event list
 * and babeltrace2 show first, where `+T` counts from. A traceset without
 * events begins where its packets do. */
static LttvTime
find_begin (const LttvTraceset *ts)
{
  LttvTime b = LTTV_TIME_NONE, packets = LTTV_TIME_NONE;
  for (guint i = 0; i < ts->traces->len; i++)
    {
      LttvTrace *t = ts->traces->pdata[i];
      LttvTime f = ctf_trace_first_event (t);
      if (f != LTTV_TIME_NONE && (b == LTTV_TIME_NONE || f < b))
        b = f;
      if (t->has_range && (packets == LTTV_TIME_NONE || (LttvTime) t->begin < packets))
        packets = (LttvTime) t->begin;
    }
  return b != LTTV_TIME_NONE ? b : packets;
}

LttvTime
lttv_traceset_begin (const LttvTraceset *ts)
{
  LttvTraceset *mts = (LttvTraceset *) ts;   /* (found once, then kept) */
  if (g_once_init_enter (&mts->begin_once))
    {
      mts->begin = find_begin (ts);
      g_once_init_leave (&mts->begin_once, 1);
    }
  return ts->begin;
}

LttvTime
lttv_traceset_end (const LttvTraceset *ts)
{
  LttvTime e = LTTV_TIME_NONE;
  for (guint i = 0; i < ts->traces->len; i++)
    {
      LttvTrace *t = ts->traces->pdata[i];
      if (t->has_range && (e == LTTV_TIME_NONE || (LttvTime) t->end > e))
        e = (LttvTime) t->end;
    }
  return e;
}

const GPtrArray *
lttv_traceset_get_problems (const LttvTraceset *ts)
{
  return ts->problems;
}

/* --- Trace and event class ------------------------------------------------ */

const char *
lttv_trace_path (const LttvTrace *trace)
{
  return trace->path;
}

const char *
lttv_trace_env_string (const LttvTrace *trace, const char *key)
{
  const CtfEnvEntry *e = ctf_trace_class_env (trace->tc, key);
  return e != NULL && !e->is_int ? e->s : NULL;
}

gboolean
lttv_trace_env_int (const LttvTrace *trace, const char *key, int64_t *out)
{
  const CtfEnvEntry *e = ctf_trace_class_env (trace->tc, key);
  if (e == NULL || !e->is_int)
    return FALSE;
  *out = e->i;
  return TRUE;
}

const char *
lttv_trace_format (const LttvTrace *trace)
{
  return trace->tc->major == 2 ? "CTF 2" : "CTF 1.8";
}

guint
lttv_trace_n_event_classes (const LttvTrace *trace)
{
  return trace->tc->events->len;
}

const LttvEventClass *
lttv_trace_get_event_class (const LttvTrace *trace, guint index)
{
  g_return_val_if_fail (index < trace->tc->events->len, NULL);
  return &trace->classes[index];
}

LttvTime
lttv_trace_begin (const LttvTrace *trace)
{
  return trace->has_range ? (LttvTime) trace->begin : LTTV_TIME_NONE;
}

LttvTime
lttv_trace_first_event (const LttvTrace *trace)
{
  return ctf_trace_first_event ((LttvTrace *) trace);
}

LttvTime
lttv_trace_traceset_begin (const LttvTrace *trace)
{
  return lttv_traceset_begin (trace->traceset);
}

LttvTime
lttv_trace_end (const LttvTrace *trace)
{
  return trace->has_range ? (LttvTime) trace->end : LTTV_TIME_NONE;
}

guint
lttv_trace_n_streams (const LttvTrace *trace)
{
  return trace->streams->len;
}

guint64
lttv_trace_n_packets (const LttvTrace *trace)
{
  guint64 n = 0;
  for (guint i = 0; i < trace->streams->len; i++)
    n += ((CtfStream *) trace->streams->pdata[i])->packets->len;
  return n;
}

const char *
lttv_trace_clock (const LttvTrace *trace, uint64_t *freq)
{
  for (guint i = 0; i < trace->streams->len; i++)
    {
      const CtfStream *s = trace->streams->pdata[i];
      if (s->sc != NULL && s->sc->clock != NULL)
        {
          if (freq != NULL)
            *freq = s->sc->clock->freq;
          return s->sc->clock->name;
        }
    }
  return NULL;
}

guint64
lttv_trace_discarded_events (const LttvTrace *trace)
{
  /* events_discarded is a running count per stream: its last value */
  guint64 n = 0;
  for (guint i = 0; i < trace->streams->len; i++)
    {
      const CtfStream *s = trace->streams->pdata[i];
      /* an index holds a count (all ones) even when the packet context
       * has none */
      if (s->packets->len > 0 && s->sc != NULL && s->sc->slot_discarded >= 0)
        n += g_array_index (s->packets, CtfPacket,
                            s->packets->len - 1).discarded;
    }
  return n;
}

const GPtrArray *
lttv_trace_get_anomalies (const LttvTrace *trace)
{
  return trace->anomalies;
}

GPtrArray *
lttv_trace_index_errors (const LttvTrace *trace)
{
  GPtrArray *errors = g_ptr_array_new ();
  for (guint i = 0; i < trace->streams->len; i++)
    {
      const CtfStream *s = trace->streams->pdata[i];
      if (s->index_error != NULL)
        g_ptr_array_add (errors, s->index_error);
    }
  return errors;
}

guint64
lttv_trace_n_time_regressions (const LttvTrace *trace)
{
  guint64 n = 0;
  for (guint i = 0; i < trace->streams->len; i++)
    n += __atomic_load_n (&((CtfStream *) trace->streams->pdata[i])
                          ->n_time_back, __ATOMIC_RELAXED);
  return n;
}

const char *
lttv_event_class_name (const LttvEventClass *ec)
{
  return ec->ec->name;
}

guint
lttv_event_class_index (const LttvEventClass *ec)
{
  return ec->ec->index;
}

const LttvTrace *
lttv_event_class_trace (const LttvEventClass *ec)
{
  return ec->trace;
}

static int
find_member (const CtfType *st, const char *name)
{
  if (st == NULL)
    return -1;
  for (guint i = 0; i < st->n_fields; i++)
    if (strcmp (st->fields[i].name, name) == 0)
      return st->fields[i].type->slot;
  return -1;
}

LttvFieldRef
lttv_event_class_field (const LttvEventClass *ec, const char *name)
{
  const CtfEventClass *c = ec->ec;
  int slot = find_member (c->fields, name);
  if (slot < 0)
    slot = find_member (c->context, name);
  if (slot < 0)
    slot = find_member (c->sc->event_context, name);
  if (slot < 0)
    slot = find_member (c->sc->packet_context, name);
  return slot;
}

LttvFieldRef
lttv_event_class_context_field (const LttvEventClass *ec, const char *name)
{
  const CtfEventClass *c = ec->ec;
  int slot = find_member (c->context, name);
  if (slot < 0)
    slot = find_member (c->sc->event_context, name);
  return slot;
}

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
  for (guint t = 0; t < ts->traces->len; t++)
    n += ((LttvTrace *) ts->traces->pdata[t])->streams->len;
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
      for (guint i = 0; i < tr->streams->len; i++)
        {
          CtfReader *r = &it->readers[it->n_readers++];
          ctf_reader_init (r, tr->streams->pdata[i], it->wanted[t], it->subsets[t]);
          r->forms = it->forms[t];
          r->whole = to_end;
        }
    }
  it->heap = g_new0 (HeapEntry, n + 1);
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
      CtfRunEnd end = ctf_reader_run (top->r, next != NULL ? next->ns : INT64_MAX,
                                      next != NULL ? next->r : NULL, sink, data, out, &err);
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

/* --- Events -------------------------------------------------------------- */

LttvTime
lttv_event_time (const LttvEvent *ev)
{
  return (LttvTime) ev->ns;
}

int
lttv_event_cpu (const LttvEvent *ev)
{
  const CtfReader *r = ev->rd;
  if (r->sc->slot_cpu_id < 0)
    return -1;
  return (int) r->values[r->sc->slot_cpu_id].u;
}

const LttvEventClass *
lttv_event_get_class (const LttvEvent *ev)
{
  return ev->cls;
}

void
lttv_event_basics (const LttvEvent *ev, LttvEventBasics *out)
{
  const CtfReader *r = ev->rd;
  out->time = (LttvTime) ev->ns;
  out->cpu = r->sc->slot_cpu_id < 0 ? -1 : (int) r->values[r->sc->slot_cpu_id].u;
  out->class_index = ev->cls->ec->index;
  out->trace = ev->cls->trace;
}

static inline const CtfType *
slot_type (const LttvEvent *ev, LttvFieldRef field, const CtfValue **val)
{
  const CtfReader *r = ev->rd;
  const CtfStreamClass *sc = r->sc;
  const CtfType *t;
  if (field < 0)
    return NULL;
  const CtfValue *v = &r->values[field];
  if (field < sc->n_slots)
    {
      t = sc->slot_types[field];
      if (field < sc->n_packet_slots ? v->gen < r->packet_gen
                                     : v->gen != r->cur.gen)
        return NULL;
    }
  else
    {
      const CtfEventClass *ec = ev->cls->ec;
      if (field - sc->n_slots >= ec->n_slots || v->gen != r->cur.gen)
        return NULL;
      t = ec->slot_types[field - sc->n_slots];
    }
  *val = v;
  return t;
}

gboolean
lttv_event_get_int (const LttvEvent *ev, LttvFieldRef field, int64_t *out)
{
  return lttv_event_get_ints (ev, &field, 1, out) != 0;
}

guint
lttv_event_get_ints (const LttvEvent *ev, const LttvFieldRef *fields,
                     guint n, int64_t *out)
{
  guint has = 0;
  for (guint i = 0; i < n; i++)
    {
      const CtfValue *v;
      const CtfType *t = slot_type (ev, fields[i], &v);
      if (t != NULL && t->kind == CTF_T_INT)
        {
          out[i] = v->i;
          has |= 1u << i;
        }
    }
  return has;
}

void
lttv_event_class_int_fields (const LttvEventClass *ec, const LttvFieldRef *fields,
                             guint n, LttvIntFields *out)
{
  g_return_if_fail (n <= LTTV_INT_FIELDS_MAX);
  const CtfEventClass *c = ec->ec;
  int first = c->sc->n_slots;
  *out = (LttvIntFields) { .n = n };
  for (guint i = 0; i < n; i++)
    {
      LttvFieldRef f = fields[i];
      out->refs[i] = f;
      out->slots[i] = -1;
      if (f < 0)
        continue;
      if (f < first || f - first >= (int) c->n_slots)
        out->general = TRUE;       /* a context of the stream or packet */
      else if (c->slot_types[f - first]->kind == CTF_T_INT)
        out->slots[i] = f;
    }
}

guint
lttv_event_get_int_fields (const LttvEvent *ev, const LttvIntFields *f, int64_t *out)
{
  if (G_UNLIKELY (f->general))
    return lttv_event_get_ints (ev, f->refs, f->n, out);
  /* (what slot_type checks per event: decoded for this event) */
  const CtfValue *vals = ev->rd->values;
  const uint32_t gen = ev->rd->cur.gen;
  guint has = 0;
  for (guint i = 0; i < f->n; i++)
    {
      int slot = f->slots[i];
      if (slot >= 0 && vals[slot].gen == gen)
        {
          out[i] = vals[slot].i;
          has |= 1u << i;
        }
    }
  return has;
}

gboolean
lttv_event_get_uint (const LttvEvent *ev, LttvFieldRef field, uint64_t *out)
{
  const CtfValue *v;
  const CtfType *t = slot_type (ev, field, &v);
  if (t == NULL || t->kind != CTF_T_INT)
    return FALSE;
  *out = v->u;
  return TRUE;
}

LttvFieldKind
lttv_event_field_kind (const LttvEvent *ev, LttvFieldRef field)
{
  const CtfValue *v;
  const CtfType *t = slot_type (ev, field, &v);
  if (t == NULL)
    return LTTV_FIELD_ABSENT;
  switch (t->kind)
    {
    case CTF_T_INT:
      return t->is_signed ? LTTV_FIELD_SIGNED : LTTV_FIELD_UNSIGNED;
    case CTF_T_FLOAT:
      return LTTV_FIELD_FLOAT;
    case CTF_T_STRING:
      /* UTF-16/32 (CTF 2): bytes, not UTF-8 text */
      return t->str_enc == 0 ? LTTV_FIELD_STRING : LTTV_FIELD_COMPOUND;
    case CTF_T_ARRAY:
    case CTF_T_SEQ:
      return t->is_text ? LTTV_FIELD_STRING : LTTV_FIELD_COMPOUND;
    case CTF_T_STRUCT:
    case CTF_T_VARIANT:
      break;
    }
  return LTTV_FIELD_COMPOUND;
}

const char *
lttv_event_get_string (const LttvEvent *ev, LttvFieldRef field, size_t *len)
{
  const CtfValue *v;
  const CtfType *t = slot_type (ev, field, &v);
  if (t == NULL)
    return NULL;
  if (t->kind == CTF_T_STRING && t->str_enc == 0)
    {
      if (len != NULL)
        *len = v->len;
      return v->str;
    }
  if ((t->kind == CTF_T_ARRAY || t->kind == CTF_T_SEQ) && t->is_text)
    {
      size_t n = v->len == 0 ? 0 : strnlen (v->str, v->len);
      if (len != NULL)
        *len = n;
      return v->len == 0 ? "" : v->str;
    }
  return NULL;
}
