/* traceset.c: the traceset API of traceset.h over CTF traces: opening
 * folders at any depth, and an iterator merging every stream of every
 * trace by time with a binary heap (ties: trace, then stream order). */
#include "config.h"

#include "ctf-trace.h"

#include <lttv/error.h>
#include <string.h>

struct _LttvIter {
  LttvTraceset *ts;
  CtfStream **heap;
  guint n;
  CtfStream *last;      /* returned by the previous call: to advance */
  GError **errors;      /* per heap entry: a fault met in that stream */
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
          g_ptr_array_add (ts->traces, t);
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

LttvTime
lttv_traceset_begin (const LttvTraceset *ts)
{
  LttvTime b = LTTV_TIME_NONE;
  for (guint i = 0; i < ts->traces->len; i++)
    {
      LttvTrace *t = ts->traces->pdata[i];
      if (t->has_range && (b == LTTV_TIME_NONE || (LttvTime) t->begin < b))
        b = (LttvTime) t->begin;
    }
  return b;
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
lttv_trace_end (const LttvTrace *trace)
{
  return trace->has_range ? (LttvTime) trace->end : LTTV_TIME_NONE;
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

/* --- Iteration ------------------------------------------------------------ */

static inline gboolean
before (const CtfStream *a, const CtfStream *b)
{
  if (a->event.ns != b->event.ns)
    return a->event.ns < b->event.ns;
  if (a->trace->index != b->trace->index)
    return a->trace->index < b->trace->index;
  return a->index < b->index;
}

static void
sift_down (LttvIter *it, guint i)
{
  for (;;)
    {
      guint l = 2 * i + 1, r = l + 1, m = i;
      if (l < it->n && before (it->heap[l], it->heap[m]))
        m = l;
      if (r < it->n && before (it->heap[r], it->heap[m]))
        m = r;
      if (m == i)
        return;
      CtfStream *tmp = it->heap[i];
      GError *te = it->errors[i];
      it->heap[i] = it->heap[m];
      it->errors[i] = it->errors[m];
      it->heap[m] = tmp;
      it->errors[m] = te;
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
    g_clear_error (&it->errors[i]);
  it->n = 0;
  it->last = NULL;
}

/* Loads every stream's first event at or after `ns`. A stream whose first
 * read fails enters the heap with its error, ordered as its fault. */
static void
iter_fill (LttvIter *it, int64_t ns)
{
  iter_clear (it);
  for (guint t = 0; t < it->ts->traces->len; t++)
    {
      LttvTrace *tr = it->ts->traces->pdata[t];
      for (guint i = 0; i < tr->streams->len; i++)
        {
          CtfStream *s = tr->streams->pdata[i];
          GError *err = NULL;
          s->event.ns = INT64_MIN;
          if (ctf_stream_seek (s, ns, &err) && ctf_stream_next (s, &err))
            {
              it->errors[it->n] = NULL;
              it->heap[it->n++] = s;
            }
          else if (err != NULL)
            {
              it->errors[it->n] = err;
              it->heap[it->n++] = s;
            }
        }
    }
  heap_build (it);
}

LttvIter *
lttv_iter_new (LttvTraceset *ts)
{
  LttvIter *it = g_new0 (LttvIter, 1);
  guint n = 0;
  it->ts = ts;
  for (guint t = 0; t < ts->traces->len; t++)
    n += ((LttvTrace *) ts->traces->pdata[t])->streams->len;
  it->heap = g_new0 (CtfStream *, n + 1);
  it->errors = g_new0 (GError *, n + 1);
  iter_fill (it, INT64_MIN);
  return it;
}

void
lttv_iter_free (LttvIter *it)
{
  if (it == NULL)
    return;
  iter_clear (it);
  g_free (it->heap);
  g_free (it->errors);
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
      CtfStream *s = it->heap[0];
      GError *err = NULL;
      if (!ctf_stream_next (s, &err))
        {
          if (err != NULL)
            it->errors[0] = err;   /* keeps its place: the fault's time */
          else
            {
              it->n--;
              it->heap[0] = it->heap[it->n];
              it->errors[0] = it->errors[it->n];
              it->errors[it->n] = NULL;
            }
        }
      sift_down (it, 0);
      it->last = NULL;
    }
  if (it->n == 0)
    return NULL;
  if (it->errors[0] != NULL)
    {
      g_propagate_error (error, it->errors[0]);
      it->errors[0] = NULL;
      it->n--;
      it->heap[0] = it->heap[it->n];
      it->errors[0] = it->errors[it->n];
      it->errors[it->n] = NULL;
      sift_down (it, 0);
      return NULL;
    }
  it->last = it->heap[0];
  return &it->last->event;
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
  const CtfStream *s = ev->stream;
  if (s->sc->slot_cpu_id < 0)
    return -1;
  return (int) s->values[s->sc->slot_cpu_id].u;
}

const LttvEventClass *
lttv_event_get_class (const LttvEvent *ev)
{
  return ev->cls;
}

static const CtfType *
slot_type (const LttvEvent *ev, LttvFieldRef field, const CtfValue **val)
{
  const CtfStream *s = ev->stream;
  const CtfStreamClass *sc = s->sc;
  const CtfType *t;
  if (field < 0)
    return NULL;
  const CtfValue *v = &s->values[field];
  if (field < sc->n_slots)
    {
      t = sc->slot_types[field];
      if (field < sc->n_packet_slots ? v->gen < s->packet_gen
                                     : v->gen != s->cur.gen)
        return NULL;
    }
  else
    {
      const CtfEventClass *ec = ev->cls->ec;
      if (field - sc->n_slots >= ec->n_slots || v->gen != s->cur.gen)
        return NULL;
      t = ec->slot_types[field - sc->n_slots];
    }
  *val = v;
  return t;
}

gboolean
lttv_event_get_int (const LttvEvent *ev, LttvFieldRef field, int64_t *out)
{
  const CtfValue *v;
  const CtfType *t = slot_type (ev, field, &v);
  if (t == NULL || t->kind != CTF_T_INT)
    return FALSE;
  *out = v->i;
  return TRUE;
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

const char *
lttv_event_get_string (const LttvEvent *ev, LttvFieldRef field, size_t *len)
{
  const CtfValue *v;
  const CtfType *t = slot_type (ev, field, &v);
  if (t == NULL)
    return NULL;
  if (t->kind == CTF_T_STRING)
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
