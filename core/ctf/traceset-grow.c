/* SPDX-License-Identifier: GPL-2.0-or-later */
/* traceset-grow.c: lttv_traceset_grow. A live session's mirror grows by
 * whole packets; its open traceset learns of them without opening it
 * again: the streams' packet index and the traces' stream lists grow
 * into reserves made at open (ctf-trace.h), each entry written before
 * the length that publishes it, so readers in other threads read on
 * without a lock (the reader's hot path is unchanged). */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include <lttv/error.h>

#include "ctf-trace.h"

static gboolean
has_stream (const LttvTrace *t, const char *path)
{
  for (guint i = 0; i < t->streams->len; i++)
    if (strcmp (((const CtfStream *) t->streams->pdata[i])->path, path) == 0)
      return TRUE;
  return FALSE;
}

/* Stream files that appeared in the trace's folder, in name order. */
static gboolean
add_new_streams (LttvTrace *t, guint64 *n_new, GError **error)
{
  GError *err = NULL;
  GDir *d = g_dir_open (t->path, 0, &err);
  if (d == NULL)
    {
      g_set_error (error, LTTV_ERROR, LTTV_ERROR_IO, "%s: %s", t->path, err->message);
      g_error_free (err);
      return FALSE;
    }
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;
  while ((name = g_dir_read_name (d)) != NULL)
    {
      if (name[0] == '.' || strcmp (name, "metadata") == 0)
        continue;
      g_autofree char *p = g_build_filename (t->path, name, NULL);
      if (g_file_test (p, G_FILE_TEST_IS_REGULAR) && !has_stream (t, p))
        g_ptr_array_add (names, g_steal_pointer (&p));
    }
  g_dir_close (d);
  g_ptr_array_sort (names, (GCompareFunc) g_strcmp0);
  for (guint i = 0; i < names->len; i++)
    {
      /* (the array holds pointers to the names) */
      const char *path = *(const char **) &names->pdata[i];
      if (t->streams->len >= CTF_GROW_STREAMS)
        {
          g_set_error (error, LTTV_ERROR, LTTV_ERROR_IO, "%s: more than %u streams: the "
                       "trace cannot grow in place", t->path, CTF_GROW_STREAMS);
          return FALSE;
        }
      CtfStream *s = ctf_stream_open (t, path, error);
      if (s == NULL)
        return FALSE;
      if (s->packets->len == 0)
        {
          ctf_stream_free (s);
          continue;
        }
      s->index = t->streams->len;
      *n_new += s->packets->len;
      /* (in the reserve: the array does not move) */
      t->streams->pdata[t->streams->len] = s;
      __atomic_store_n (&t->streams->len, t->streams->len + 1, __ATOMIC_RELEASE);
    }
  return TRUE;
}

/* The trace's range, from its streams' last packets. */
static void
extend_range (LttvTrace *t)
{
  for (guint i = 0; i < t->streams->len; i++)
    {
      const CtfStream *s = t->streams->pdata[i];
      if (s->sc == NULL || s->sc->clock == NULL || s->packets->len == 0)
        continue;
      const CtfPacket *first = &g_array_index (s->packets, CtfPacket, 0);
      const CtfPacket *last = &g_array_index (s->packets, CtfPacket, s->packets->len - 1);
      int64_t b = first->ns_begin, e = MAX (last->ns_end, last->ns_begin);
      if (!t->has_range || b < t->begin)
        t->begin = b;
      if (!t->has_range || e > t->end)
        __atomic_store_n (&t->end, e, __ATOMIC_RELAXED);
      t->has_range = TRUE;
    }
}

gboolean
lttv_traceset_grow (LttvTraceset *ts, guint64 *n_new, GError **error)
{
  guint64 added = 0;
  g_return_val_if_fail (ts != NULL, FALSE);
  for (guint i = 0; i < ts->traces->len; i++)
    {
      LttvTrace *t = ts->traces->pdata[i];
      GStatBuf st;
      if (!t->growable)
        {
          g_set_error (error, LTTV_ERROR, LTTV_ERROR_IO,
                       "%s: not opened to grow", t->path);
          return FALSE;
        }
      /* new event classes would change every iterator's tables */
      if (g_stat (t->metadata_path, &st) == 0 && (uint64_t) st.st_size != t->metadata_size)
        {
          g_set_error (error, LTTV_ERROR, LTTV_ERROR_IO,
                       "%s: the metadata grew: the trace cannot grow in place",
                       t->metadata_path);
          return FALSE;
        }
      for (guint k = 0; k < t->streams->len; k++)
        {
          int n = ctf_stream_grow (t->streams->pdata[k], error);
          if (n < 0)
            return FALSE;
          added += (guint64) n;
        }
      if (!add_new_streams (t, &added, error))
        return FALSE;
      extend_range (t);
    }
  if (n_new != NULL)
    *n_new = added;
  return TRUE;
}
