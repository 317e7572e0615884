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
