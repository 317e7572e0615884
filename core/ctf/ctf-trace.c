/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ctf-trace.c: opening a CTF trace folder: metadata, stream files and
 * their packet index, time range. */
#include "config.h"

#include <glib/gstdio.h>

#include "ctf-trace.h"

#include <lttv/error.h>
#include <string.h>

static gint
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

void
ctf_trace_free (LttvTrace *t)
{
  if (t == NULL)
    return;
  if (t->streams != NULL)
    g_ptr_array_free (t->streams, TRUE);
  ctf_trace_class_free (t->tc);
  g_free (t->classes);
  g_free (t->header_prefix);
  if (t->anomalies != NULL)
    g_ptr_array_free (t->anomalies, TRUE);
  g_clear_error (&t->metadata_cut);
  g_free (t->metadata_path);
  g_free (t->format_name);
  if (t->thread_names != NULL)
    g_hash_table_destroy (t->thread_names);
  g_free (t->path);
  g_free (t);
}

static void
compute_range (LttvTrace *t)
{
  for (guint i = 0; i < t->streams->len; i++)
    {
      CtfStream *s = t->streams->pdata[i];
      if (s->sc == NULL || s->sc->clock == NULL || s->packets->len == 0)
        continue;
      const CtfPacket *first = &g_array_index (s->packets, CtfPacket, 0);
      const CtfPacket *last = &g_array_index (s->packets, CtfPacket,
                                              s->packets->len - 1);
      int64_t b = first->ns_begin, e = MAX (last->ns_end, last->ns_begin);
      if (!t->has_range || b < t->begin)
        t->begin = b;
      if (!t->has_range || e > t->end)
        t->end = e;
      t->has_range = TRUE;
    }
}

/* What the packet index shows: packets lost (gaps in packet_seq_num),
 * packets beginning before the previous one ended, missing end times. */
static void
find_anomalies (LttvTrace *t)
{
  t->anomalies = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < t->streams->len; i++)
    {
      CtfStream *s = t->streams->pdata[i];
      g_autofree char *base = g_path_get_basename (s->path);
      guint64 lost = 0, back = 0, no_end = 0;
      for (guint p = 0; p < s->packets->len; p++)
        {
          const CtfPacket *pk = &g_array_index (s->packets, CtfPacket, p);
          if (s->sc != NULL && s->sc->slot_ts_end >= 0 && pk->ts_end == 0)
            no_end++;
          if (p == 0)
            continue;
          const CtfPacket *prev = &g_array_index (s->packets, CtfPacket,
                                                  p - 1);
          if (pk->has_seq_num && prev->has_seq_num
              && pk->seq_num > prev->seq_num + 1)
            lost += pk->seq_num - prev->seq_num - 1;
          if (prev->ts_end != 0 && pk->ns_begin < prev->ns_end)
            back++;
        }
      if (lost > 0)
        g_ptr_array_add (t->anomalies, g_strdup_printf (
            "%s: %" G_GUINT64_FORMAT " packet(s) lost (packet_seq_num)",
            base, lost));
      if (back > 0)
        g_ptr_array_add (t->anomalies, g_strdup_printf (
            "%s: %" G_GUINT64_FORMAT " packet(s) begin before the previous "
            "one ends", base, back));
      if (no_end > 0)
        g_ptr_array_add (t->anomalies, g_strdup_printf (
            "%s: %" G_GUINT64_FORMAT " packet(s) without an end time "
            "(timestamp_end = 0)", base, no_end));
    }
}

static LttvTrace *
trace_open (const char *dir, gboolean growable, GError **error)
{
  LttvTrace *t = g_new0 (LttvTrace, 1);
  t->path = g_strdup (dir);
  t->metadata_path = g_build_filename (dir, "metadata", NULL);
  t->tc = ctf_trace_class_new ();
  t->growable = growable;
  t->streams = g_ptr_array_new_full (growable ? CTF_GROW_STREAMS : 0,
                                     (GDestroyNotify) ctf_stream_free);
  GStatBuf st;
  if (g_stat (t->metadata_path, &st) == 0)
    t->metadata_size = (uint64_t) st.st_size;

  if (!ctf_metadata_load (t->tc, t->metadata_path, &t->metadata_cut, error)
      || !ctf_trace_class_compile (t->tc, t->metadata_path, error))
    goto fail;
  t->classes = g_new0 (LttvEventClass, t->tc->events->len + 1);
  t->header_prefix = ctf_trace_prefix (t->tc);
  for (guint i = 0; i < t->tc->streams->len; i++)
    {
      CtfStreamClass *sc = t->tc->streams->pdata[i];
      sc->header_fast = ctf_header_fast_new (t->tc, sc->event_header);
      sc->header_id_ts = ctf_header_fast_id_ts (sc->header_fast);
      sc->header_tagged = ctf_header_fast_tagged (sc->header_fast);
    }
  for (guint i = 0; i < t->tc->events->len; i++)
    {
      t->classes[i].ec = t->tc->events->pdata[i];
      t->classes[i].trace = t;
      ctf_event_skip_build (t->tc, t->classes[i].ec);
    }

  GError *err = NULL;
  GDir *d = g_dir_open (dir, 0, &err);
  if (d == NULL)
    {
      g_set_error (error, LTTV_ERROR, LTTV_ERROR_IO, "%s: %s", dir,
                   err->message);
      g_error_free (err);
      goto fail;
    }
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  const char *name;
  while ((name = g_dir_read_name (d)) != NULL)
    {
      if (name[0] == '.' || strcmp (name, "metadata") == 0)
        continue;
      g_autofree char *p = g_build_filename (dir, name, NULL);
      if (!g_file_test (p, G_FILE_TEST_IS_REGULAR))
        continue;
      g_ptr_array_add (names, g_steal_pointer (&p));
    }
  g_dir_close (d);
  g_ptr_array_sort (names, compare_names);
  for (guint i = 0; i < names->len; i++)
    {
      CtfStream *s = ctf_stream_open (t, names->pdata[i], error);
      if (s == NULL)
        {
          g_ptr_array_free (names, TRUE);
          goto fail;
        }
      if (s->packets->len == 0)
        {
          ctf_stream_free (s);
          continue;
        }
      s->index = t->streams->len;
      g_ptr_array_add (t->streams, s);
    }
  g_ptr_array_free (names, TRUE);
  compute_range (t);
  find_anomalies (t);
  return t;
fail:
  ctf_trace_free (t);
  return NULL;
}

LttvTrace *
ctf_trace_open (const char *dir, GError **error)
{
  return trace_open (dir, FALSE, error);
}

LttvTrace *
ctf_trace_open_growable (const char *dir, GError **error)
{
  return trace_open (dir, TRUE, error);
}
