/* SPDX-License-Identifier: GPL-2.0-or-later */
/* traceset.c: the traceset API of traceset.h over CTF traces: opening
 * folders at any depth, and what a trace and its event classes tell.
 * The iterator is in traceset-iter.c, events' fields in
 * traceset-event.c. */
#include "config.h"

#include "ctf-trace.h"
#include "ftrace.h"

#include <lttv/error.h>
#include <lttv-internal/saved-names.h>
#include <stdlib.h>
#include <string.h>

/* --- Opening ------------------------------------------------------------ */

/* The kinds of trace a path may name: a folder of CTF traces, or a
 * trace-cmd .dat file (core/ftrace: converted once into a CTF trace in
 * the cache folder, then read as one; the trace keeps the file's path
 * and says its format). */

static void
add_trace (LttvTraceset *ts, LttvTrace *t)
{
  t->index = ts->traces->len;
  t->traceset = ts;
  g_ptr_array_add (ts->traces, t);
  if (t->metadata_cut != NULL)
    g_ptr_array_add (ts->problems, g_error_copy (t->metadata_cut));
}

static void
open_dat (LttvTraceset *ts, const char *path)
{
  GError *err = NULL;
  char *format = NULL;
  g_autofree char *dir = ftrace_ctf_folder (path, &format, ts->problems, &err);
  LttvTrace *t = dir != NULL ? ctf_trace_open (dir, &err) : NULL;
  if (t == NULL && dir != NULL)
    {
      /* a copy damaged in the cache folder: made again, once */
      g_clear_error (&err);
      g_clear_pointer (&format, g_free);
      ftrace_ctf_forget (dir);
      g_free (dir);
      GPtrArray *again = g_ptr_array_new_with_free_func ((GDestroyNotify) g_error_free);
      dir = ftrace_ctf_folder (path, &format, again, &err);
      t = dir != NULL ? ctf_trace_open (dir, &err) : NULL;
      if (t == NULL && dir != NULL)
        {
          /* errors name the .dat file, the copy after it */
          GError *e = g_error_new (LTTV_ERROR, LTTV_ERROR_CORRUPT,
                                   "%s: its CTF copy cannot be read: %s", path, err->message);
          g_error_free (err);
          err = e;
        }
      g_ptr_array_free (again, TRUE);
    }
  if (t == NULL)
    {
      g_free (format);
      g_ptr_array_add (ts->problems, err);
      return;
    }
  g_free (t->path);
  t->path = g_strdup (path);
  t->format_name = format;
  t->thread_names = ftrace_thread_names (dir);
  add_trace (ts, t);
}

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

static LttvTraceset *
traceset_open (const char *const *paths, gboolean growable, GError **error)
{
  g_return_val_if_fail (paths != NULL, NULL);
  LttvTraceset *ts = g_new0 (LttvTraceset, 1);
  ts->traces = g_ptr_array_new_with_free_func (
      (GDestroyNotify) ctf_trace_free);
  ts->problems = g_ptr_array_new_with_free_func (
      (GDestroyNotify) g_error_free);

  for (const char *const *p = paths; *p != NULL; p++)
    {
      if (g_file_test (*p, G_FILE_TEST_IS_REGULAR))
        {
          if (ftrace_is_dat (*p))
            open_dat (ts, *p);
          else
            g_ptr_array_add (ts->problems,
                             g_error_new (LTTV_ERROR, LTTV_ERROR_NOT_FOUND,
                                          "%s: neither a trace folder nor a "
                                          "trace-cmd .dat file", *p));
          continue;
        }
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
          LttvTrace *t = growable ? ctf_trace_open_growable (dirs->pdata[i], &err)
                                  : ctf_trace_open (dirs->pdata[i], &err);
          if (t == NULL)
            {
              g_ptr_array_add (ts->problems, err);
              continue;
            }
          add_trace (ts, t);
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

LttvTraceset *
lttv_traceset_open (const char *const *paths, GError **error)
{
  return traceset_open (paths, FALSE, error);
}

LttvTraceset *
lttv_traceset_open_growable (const char *const *paths, GError **error)
{
  return traceset_open (paths, TRUE, error);
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
  if (trace->format_name != NULL)
    return trace->format_name;
  return trace->tc->major == 2 ? "CTF 2" : "CTF 1.8";
}

gboolean
lttv_trace_has_saved_thread_names (const LttvTrace *trace)
{
  return trace->thread_names != NULL;
}

const char *
lttv_trace_saved_thread_name (const LttvTrace *trace, int64_t tid)
{
  if (trace->thread_names == NULL || tid <= 0 || tid > G_MAXINT)
    return NULL;
  return g_hash_table_lookup (trace->thread_names, GINT_TO_POINTER ((int) tid));
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
    n += ctf_stream_n_packets (trace->streams->pdata[i]);
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

gboolean
lttv_trace_clock_info (const LttvTrace *trace, LttvClockInfo *info)
{
  const CtfClock *k = NULL;
  for (guint i = 0; i < trace->streams->len && k == NULL; i++)
    {
      const CtfStream *s = trace->streams->pdata[i];
      if (s->sc != NULL)
        k = s->sc->clock;
    }
  /* (no stream read yet: the first data stream class's) */
  for (guint i = 0; i < trace->tc->streams->len && k == NULL; i++)
    k = ((const CtfStreamClass *) trace->tc->streams->pdata[i])->clock;
  if (k == NULL)
    return FALSE;
  *info = (LttvClockInfo) {
    .name = k->name, .freq = k->freq, .ident = k->ident, .ns = k->ns,
    .uid = k->uid, .description = k->description,
    .has_precision = k->has_precision, .precision = k->precision,
    .has_accuracy = k->has_accuracy, .accuracy = k->accuracy,
    .origin = k->custom_origin ? LTTV_CLOCK_ORIGIN_CUSTOM
              : k->absolute ? LTTV_CLOCK_ORIGIN_UNIX_EPOCH
              : LTTV_CLOCK_ORIGIN_UNKNOWN,
    .origin_ns = k->origin_ns, .origin_name = k->origin_name,
    .origin_uid = k->origin_uid, .attributes = k->attributes,
  };
  return TRUE;
}

void
lttv_trace_identity (const LttvTrace *trace, LttvTraceIdentity *id)
{
  const CtfTraceClass *tc = trace->tc;
  *id = (LttvTraceIdentity) { tc->uid, tc->ns, tc->name, tc->attributes };
}

static int
cmp_keys (const void *a, const void *b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

char **
lttv_trace_env_keys (const LttvTrace *trace)
{
  const GPtrArray *env = trace->tc->env;
  char **keys = g_new0 (char *, env->len + 1);
  for (guint i = 0; i < env->len; i++)
    keys[i] = g_strdup (((const CtfEnvEntry *) env->pdata[i])->key);
  qsort (keys, env->len, sizeof *keys, cmp_keys);
  return keys;
}

guint64
lttv_trace_discarded_events (const LttvTrace *trace)
{
  /* events_discarded is a running count per stream: its last value */
  guint64 n = 0;
  for (guint i = 0; i < trace->streams->len; i++)
    {
      const CtfStream *s = trace->streams->pdata[i];
      guint n_packets = ctf_stream_n_packets (s);
      /* an index holds a count (all ones) even when the packet context
       * has none */
      if (n_packets > 0 && s->sc != NULL && s->sc->slot_discarded >= 0)
        n += g_array_index (s->packets, CtfPacket, n_packets - 1).discarded;
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

gboolean
lttv_event_class_log_level (const LttvEventClass *ec, int *level)
{
  if (!ec->ec->has_loglevel)
    return FALSE;
  *level = (int) ec->ec->loglevel;
  return TRUE;
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
