/* SPDX-License-Identifier: GPL-2.0-or-later */
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
#include <lttv-internal/iter-records.h>

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

/* A record as the fuzzer's forms make it: time, CPU, then the integer
 * fields, then per string its place and length among the strings. */
#define REC_FIELDS 16
#define REC_MAX (REC_FIELDS + 8 * LTTV_RECORD_FIELDS + 8 * LTTV_RECORD_STRINGS)

/* A class's form: its integer fields and its strings. */
typedef struct {
  LttvFieldRef ints[LTTV_RECORD_FIELDS], strings[LTTV_RECORD_STRINGS];
  guint n_ints, n_strings;
  gboolean has_form;
} Form;

typedef struct {
  guint8 *data;
  size_t len, cap;
} Strings;

static size_t
rec_size (const Form *f)
{
  return f->has_form ? REC_FIELDS + 8 * f->n_ints + 8 * f->n_strings : REC_FIELDS;
}

/* The record of `ev` from its decoded values, at `out` (its strings
 * appended to `strings`); its size. */
static size_t
decoded_record (const LttvEvent *ev, const Form *f, uint8_t *out, Strings *strings)
{
  LttvEventBasics eb;
  lttv_event_basics (ev, &eb);
  memset (out, 0, rec_size (f));
  int64_t t = (int64_t) eb.time;
  gint32 cpu = eb.cpu;
  memcpy (out, &t, 8);
  memcpy (out + 8, &cpu, 4);
  if (!f->has_form)
    return REC_FIELDS;
  int64_t v[LTTV_RECORD_FIELDS];
  /* (a form's fields are always there: its events are read whole) */
  if (lttv_event_get_ints (ev, f->ints, f->n_ints, v) != (1u << f->n_ints) - 1)
    abort ();
  memcpy (out + REC_FIELDS, v, 8 * f->n_ints);
  for (guint k = 0; k < f->n_strings; k++)
    {
      size_t n;
      const char *str = lttv_event_get_string (ev, f->strings[k], &n);
      if (str == NULL)
        abort ();
      if (strings->len + n > strings->cap)
        {
          strings->cap = MAX (64, 2 * (strings->len + n));
          strings->data = g_realloc (strings->data, strings->cap);
        }
      guint32 place[2] = { (guint32) strings->len, (guint32) n };
      if (n > 0)
        memcpy (strings->data + strings->len, str, n);
      strings->len += n;
      memcpy (out + REC_FIELDS + 8 * f->n_ints + 8 * k, place, 8);
    }
  return rec_size (f);
}

typedef struct {
  const Form *forms;
  LttvRecordOut out;
  Strings strings;
} Records;

/* The sink: records of the events the reader left to it, made the same
 * way (the strings' buffer may move). */
static gboolean
records_sink (gpointer data, const LttvEvent *ev)
{
  Records *rs = data;
  const Form *f = &rs->forms[lttv_event_class_index (lttv_event_get_class (ev))];
  rs->strings.len = rs->out.strings_len;
  rs->out.len += decoded_record (ev, f, rs->out.buf + rs->out.len, &rs->strings);
  rs->out.strings = rs->strings.data;
  rs->out.strings_len = rs->strings.len;
  rs->out.strings_room = rs->strings.cap;
  return rs->out.len <= rs->out.room;
}

/* Whether class `ec` takes a form of the integer `ints` and `strings`. */
static gboolean
try_form (LttvIter *it, const LttvEventClass *ec, const Form *f)
{
  LttvRecordForm form = { .size = (guint8) rec_size (f), .cpu_at = 8,
                          .n_fields = (guint8) f->n_ints, .n_strings = (guint8) f->n_strings };
  for (guint i = 0; i < f->n_ints; i++)
    {
      form.fields[i] = f->ints[i];
      form.field_at[i] = (guint8) (REC_FIELDS + 8 * i);
    }
  for (guint k = 0; k < f->n_strings; k++)
    {
      form.strings[k] = f->strings[k];
      form.string_at[k] = (guint8) (REC_FIELDS + 8 * f->n_ints + 8 * k);
    }
  return lttv_iter_set_record_form (it, ec, &form);
}

/* Records of every class that takes a form (of slots every other one
 * from `first`: integers, then up to two strings), through
 * lttv_iter_each_records in small stages: each must be the one made from
 * a whole decoding of the same event, its strings the same bytes. */
static void
check_records (LttvTraceset *ts, int first)
{
  LttvTrace *tr = lttv_traceset_get_trace (ts, 0);
  guint nc = lttv_trace_n_event_classes (tr);
  Form *forms = g_new0 (Form, nc + 1);
  LttvIter *it = lttv_iter_new_to_end (ts);
  lttv_iter_set_all_fields_wanted (it, FALSE);
  for (guint i = 0; i < nc; i++)
    {
      const LttvEventClass *ec = lttv_trace_get_event_class (tr, i);
      guint k = lttv_event_class_index (ec);
      if (k >= nc)
        abort ();
      Form *f = &forms[k];
      /* the slots a form of one integer, or of one string, takes */
      for (int slot = first; slot < 64; slot += 2)
        {
          Form one = { .ints = { slot }, .n_ints = 1, .has_form = TRUE };
          if (f->n_ints < LTTV_RECORD_FIELDS - 2 && try_form (it, ec, &one))
            f->ints[f->n_ints++] = slot;
          one = (Form) { .strings = { slot }, .n_strings = 1, .has_form = TRUE };
          if (f->n_strings < LTTV_RECORD_STRINGS && try_form (it, ec, &one))
            f->strings[f->n_strings++] = slot;
        }
      LttvFieldRef wanted[LTTV_RECORD_FIELDS + LTTV_RECORD_STRINGS];
      memcpy (wanted, f->ints, f->n_ints * sizeof (LttvFieldRef));
      memcpy (wanted + f->n_ints, f->strings, f->n_strings * sizeof (LttvFieldRef));
      lttv_iter_set_fields_wanted_only (it, ec, wanted, f->n_ints + f->n_strings);
      f->has_form = TRUE;
      f->has_form = try_form (it, ec, f);
    }
  uint8_t stage[4 * REC_MAX + LTTV_RECORD_HEAD];
  Records rs = { forms, { stage, 0, 2 * REC_MAX }, { 0 } };
  LttvIter *whole = lttv_iter_new (ts);
  Strings whole_strings = { 0 };
  GError *error = NULL;
  gboolean more;
  int events = 0;
  do
    {
      rs.out.len = 0;
      rs.out.strings = rs.strings.data;
      rs.out.strings_len = rs.strings.len;
      rs.out.strings_room = rs.strings.cap;
      more = lttv_iter_each_records (it, records_sink, &rs, &rs.out, &error);
      rs.strings.len = rs.out.strings_len;
      /* each record against the whole decoding's event */
      for (size_t at = 0; at < rs.out.len;)
        {
          const LttvEvent *full = lttv_iter_next (whole, NULL);
          if (full == NULL)
            abort ();
          const Form *f = &forms[lttv_event_class_index (lttv_event_get_class (full))];
          uint8_t want[REC_MAX];
          size_t len = decoded_record (full, f, want, &whole_strings);
          if (at + len > rs.out.len || memcmp (stage + at, want, len) != 0)
            abort ();
          at += len;
          events++;
        }
      if (rs.strings.len != whole_strings.len
          || (rs.strings.len > 0 && memcmp (rs.strings.data, whole_strings.data, rs.strings.len) != 0))
        abort ();
    }
  while (more && events < 2000);
  g_clear_error (&error);
  lttv_iter_free (whole);
  lttv_iter_free (it);
  g_free (rs.strings.data);
  g_free (whole_strings.data);
  g_free (forms);
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
