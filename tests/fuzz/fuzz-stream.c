/* fuzz-stream.c: libFuzzer harness for the stream decoder. The input is
 * a trace: a 4-byte little-endian metadata length, the metadata text, then
 * the bytes of one stream file. Written to a temporary trace folder, read
 * through the traceset API and printed with the babeltrace2 formatter. */
#include "config.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lttv/lttv.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static char *dir;

/* The trace folder is made once and removed at exit. */
static void
remove_dir (void)
{
  g_autofree char *meta = g_build_filename (dir, "metadata", NULL);
  g_autofree char *stream = g_build_filename (dir, "stream_0", NULL);
  g_unlink (meta);
  g_unlink (stream);
  g_rmdir (dir);
  g_free (dir);
}

/* Decodes only some fields of each class (every other slot from
 * `first`, as the state build picks a few), without printing, by an
 * iterator that copies its first packets too (the build's): each field
 * it gives must be the one a whole decoding gives. */
static void
check_subset (LttvTraceset *ts, int first)
{
  LttvIter *it = lttv_iter_new_to_end (ts);
  LttvIter *whole = lttv_iter_new (ts);
  LttvFieldRef refs[32];
  for (int k = 0; k < 32; k++)
    refs[k] = first + 2 * k;
  LttvTrace *tr = lttv_traceset_get_trace (ts, 0);
  for (guint i = 0; i < lttv_trace_n_event_classes (tr); i++)
    lttv_iter_set_fields_wanted_only (it, lttv_trace_get_event_class (tr, i), refs, 32);
  const LttvEvent *ev, *full;
  GError *error = NULL;
  int n = 0;
  while (n++ < 2000 && (ev = lttv_iter_next (it, &error)) != NULL
         && (full = lttv_iter_next (whole, NULL)) != NULL)
    for (int k = 0; k < 32; k++)
      {
        uint64_t v, w;
        size_t len, wlen;
        const char *str, *wstr;
        if (lttv_event_get_uint (ev, refs[k], &v)
            && (!lttv_event_get_uint (full, refs[k], &w) || v != w))
          abort ();
        if ((str = lttv_event_get_string (ev, refs[k], &len)) != NULL
            && ((wstr = lttv_event_get_string (full, refs[k], &wlen)) == NULL
                || len != wlen || memcmp (str, wstr, len) != 0))
          abort ();
      }
  g_clear_error (&error);
  lttv_iter_free (whole);
  lttv_iter_free (it);
}

/* A record as the fuzzer's forms make it: time, CPU, then the fields. */
#define REC_FIELDS 16

/* The record of `ev` from its decoded values, at `out` (its class's
 * `n` fields `refs`); its size. */
static size_t
decoded_record (const LttvEvent *ev, const LttvFieldRef *refs, guint n, uint8_t *out)
{
  LttvEventBasics eb;
  lttv_event_basics (ev, &eb);
  memset (out, 0, REC_FIELDS + 8 * n);
  int64_t t = (int64_t) eb.time;
  gint32 cpu = eb.cpu;
  memcpy (out, &t, 8);
  memcpy (out + 8, &cpu, 4);
  int64_t v[LTTV_RECORD_FIELDS];
  if (lttv_event_get_ints (ev, refs, n, v) != (1u << n) - 1)
    abort ();   /* a form's fields are at fixed places: always there */
  memcpy (out + REC_FIELDS, v, 8 * n);
  return REC_FIELDS + 8 * n;
}

typedef struct {
  LttvIter *whole;
  const LttvFieldRef (*refs)[LTTV_RECORD_FIELDS];
  const guint *n;               /* per class: the form's fields, or 0 */
  const gboolean *has_form;
  LttvRecordOut out;
  int events;
} Records;

/* The sink: records of the events the reader left to it, made the same
 * way. */
static gboolean
records_sink (gpointer data, const LttvEvent *ev)
{
  Records *rs = data;
  guint cls = lttv_event_class_index (lttv_event_get_class (ev));
  guint n = rs->has_form[cls] ? rs->n[cls] : 0;
  rs->out.len += decoded_record (ev, rs->refs[cls], n, rs->out.buf + rs->out.len);
  return rs->out.len <= rs->out.room;
}

/* Records of every class that takes a form (fields: every other slot from
 * `first`), through lttv_iter_each_records in small stages: each must be
 * the one made from a whole decoding of the same event. */
static void
check_records (LttvTraceset *ts, int first)
{
  LttvTrace *tr = lttv_traceset_get_trace (ts, 0);
  guint nc = lttv_trace_n_event_classes (tr);
  LttvFieldRef (*refs)[LTTV_RECORD_FIELDS] = g_malloc0 ((nc + 1) * sizeof *refs);
  guint *n = g_new0 (guint, nc + 1);
  gboolean *has_form = g_new0 (gboolean, nc + 1);
  LttvIter *it = lttv_iter_new_to_end (ts);
  lttv_iter_set_all_fields_wanted (it, FALSE);
  for (guint i = 0; i < nc; i++)
    {
      const LttvEventClass *ec = lttv_trace_get_event_class (tr, i);
      guint k = lttv_event_class_index (ec);
      if (k >= nc)
        abort ();
      /* its fields: slots a form of one field takes (an integer of the
       * payload at a fixed place), every other one from `first` */
      for (int slot = first; slot < 64 && n[k] < LTTV_RECORD_FIELDS; slot += 2)
        {
          LttvRecordForm one = { .size = REC_FIELDS + 8, .cpu_at = 8, .n_fields = 1,
                                 .field_at = { REC_FIELDS }, .fields = { slot } };
          if (lttv_iter_set_record_form (it, ec, &one))
            refs[k][n[k]++] = slot;
        }
      LttvRecordForm form = { .size = (guint8) (REC_FIELDS + 8 * n[k]), .cpu_at = 8,
                              .n_fields = (guint8) n[k] };
      memcpy (form.fields, refs[k], sizeof form.fields);
      for (guint f = 0; f < n[k]; f++)
        form.field_at[f] = (guint8) (REC_FIELDS + 8 * f);
      lttv_iter_set_fields_wanted_only (it, ec, refs[k], n[k]);
      has_form[k] = lttv_iter_set_record_form (it, ec, &form);
    }
  uint8_t stage[4 * (REC_FIELDS + 8 * LTTV_RECORD_FIELDS) + LTTV_RECORD_HEAD];
  Records rs = { lttv_iter_new (ts), (const LttvFieldRef (*)[LTTV_RECORD_FIELDS]) refs, n,
                 has_form, { stage, 0, 2 * (REC_FIELDS + 8 * LTTV_RECORD_FIELDS) }, 0 };
  GError *error = NULL;
  gboolean more;
  do
    {
      rs.out.len = 0;
      more = lttv_iter_each_records (it, records_sink, &rs, &rs.out, &error);
      /* each record against the whole decoding's event */
      for (size_t at = 0; at < rs.out.len;)
        {
          const LttvEvent *full = lttv_iter_next (rs.whole, NULL);
          if (full == NULL)
            abort ();
          guint cls = lttv_event_class_index (lttv_event_get_class (full));
          uint8_t want[REC_FIELDS + 8 * LTTV_RECORD_FIELDS];
          guint nf = has_form[cls] ? n[cls] : 0;
          size_t len = decoded_record (full, refs[cls], nf, want);
          if (at + len > rs.out.len || memcmp (stage + at, want, len) != 0)
            abort ();
          at += len;
          rs.events++;
        }
    }
  while (more && rs.events < 2000);
  g_clear_error (&error);
  lttv_iter_free (rs.whole);
  lttv_iter_free (it);
  g_free (refs);
  g_free (n);
  g_free (has_form);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  if (size < 4)
    return 0;
  uint32_t mlen = (uint32_t) data[0] | (uint32_t) data[1] << 8
                  | (uint32_t) data[2] << 16 | (uint32_t) data[3] << 24;
  if (mlen > size - 4)
    return 0;
  if (dir == NULL)
    {
      dir = g_dir_make_tmp ("lttv-fuzz-XXXXXX", NULL);
      if (dir == NULL)
        return 0;
      atexit (remove_dir);
    }
  g_autofree char *meta = g_build_filename (dir, "metadata", NULL);
  g_autofree char *stream = g_build_filename (dir, "stream_0", NULL);
  if (!g_file_set_contents (meta, (const char *) data + 4, mlen, NULL)
      || !g_file_set_contents (stream, (const char *) data + 4 + mlen,
                               (gssize) (size - 4 - mlen), NULL))
    return 0;

  const char *paths[] = { dir, NULL };
  GError *error = NULL;
  LttvTraceset *ts = lttv_traceset_open (paths, &error);
  g_clear_error (&error);
  if (ts != NULL)
    {
      LttvIter *it = lttv_iter_new (ts);
      LttvTextFormat *fmt = lttv_text_format_new ();
      GString *out = g_string_new (NULL);
      const LttvEvent *ev;
      int n = 0;
      while (n++ < 2000 && (ev = lttv_iter_next (it, &error)) != NULL)
        {
          g_string_truncate (out, 0);
          lttv_text_format_event (fmt, ev, out);
        }
      g_clear_error (&error);
      g_string_free (out, TRUE);
      lttv_text_format_free (fmt);
      lttv_iter_free (it);
      check_subset (ts, 0);
      check_subset (ts, 1);
      check_records (ts, 0);
      check_records (ts, 1);
      /* And counted stream by stream, as `lttv dump --count` does, which
       * skips the fields it can: it must count what a decoding iterator
       * reads, and fail where it fails. */
      guint64 count, decoded = 0;
      gboolean counted = lttv_traceset_count_events (ts, NULL, NULL, 1, &count);
      it = lttv_iter_new (ts);
      while (lttv_iter_next (it, &error) != NULL)
        decoded++;
      if (counted != (error == NULL) || (counted && count != decoded))
        {
          fprintf (stderr, "count %s %" G_GUINT64_FORMAT ", decoding %s after %"
                   G_GUINT64_FORMAT " events\n", counted ? "gives" : "fails",
                   count, error != NULL ? error->message : "ends", decoded);
          abort ();
        }
      g_clear_error (&error);
      lttv_iter_free (it);
      lttv_traceset_free (ts);
    }
  return 0;
}
