/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ftrace-check.c: what a .dat file must look like before libtracecmd
 * reads it. libtracecmd trusts the sizes it reads (a page size of 0
 * divides by zero, a huge one is allocated), so the file's head is
 * checked here first: its magic, version, byte order, long size, page
 * size and, for version 6, the sizes of the header sections against the
 * file's size. */
#include "config.h"

#include "ftrace.h"

#include <lttv/error.h>
#include <stdio.h>
#include <string.h>

static const guint8 magic[] = { 0x17, 0x08, 0x44, 't', 'r', 'a', 'c', 'i', 'n', 'g' };

gboolean
ftrace_is_dat (const char *path)
{
  if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
    return FALSE;
  FILE *f = fopen (path, "rb");
  if (f == NULL)
    return FALSE;
  guint8 head[sizeof magic];
  gboolean ok = fread (head, 1, sizeof head, f) == sizeof head
                && memcmp (head, magic, sizeof magic) == 0;
  fclose (f);
  return ok;
}

static gboolean
bad (GError **error, const char *path, guint64 off, const char *what)
{
  g_set_error (error, LTTV_ERROR, LTTV_ERROR_CORRUPT,
               "%s: byte %" G_GUINT64_FORMAT ": %s", path, off, what);
  return FALSE;
}

static guint64
read_uint (const guint8 *p, guint n, gboolean big)
{
  guint64 v = 0;
  for (guint i = 0; i < n; i++)
    v |= (guint64) p[big ? n - 1 - i : i] << (8 * i);
  return v;
}

gboolean
ftrace_check_head (const char *path, const guint8 *data, gsize len,
                   guint64 file_size, unsigned *version, GError **error)
{
  if (len < sizeof magic || memcmp (data, magic, sizeof magic) != 0)
    return bad (error, path, 0, "not a trace-cmd .dat file (no 'tracing' magic)");
  gsize at = sizeof magic;
  const guint8 *nul = memchr (data + at, 0, MIN (len - at, 16));
  if (nul == NULL)
    return bad (error, path, at, "no version string");
  char *end;
  guint64 v = g_ascii_strtoull ((const char *) data + at, &end, 10);
  if ((const guint8 *) end != nul || (v != 6 && v != 7))
    return bad (error, path, at, "file version not 6 or 7 (not read)");
  *version = (unsigned) v;
  at = (gsize) (nul - data) + 1;
  if (len < at + 6)
    return bad (error, path, at, "the file ends inside its header");
  if (data[at] > 1)
    return bad (error, path, at, "byte order neither 0 (little) nor 1 (big)");
  gboolean big = data[at] == 1;
  if (data[at + 1] != 4 && data[at + 1] != 8)
    return bad (error, path, at + 1, "size of a long neither 4 nor 8");
  guint64 page = read_uint (data + at + 2, 4, big);
  if (page < 1024 || page > (1u << 20) || (page & (page - 1)) != 0)
    return bad (error, path, at + 2, "page size not a power of two from 1 KiB to 1 MiB");
  at += 6;
  if (v == 7)
    {
      /* compression name and version, then the first section's offset */
      for (int k = 0; k < 2; k++)
        {
          const guint8 *z = at < len ? memchr (data + at, 0, MIN (len - at, 64)) : NULL;
          if (z == NULL)
            return bad (error, path, at, "no compression name");
          at = (gsize) (z - data) + 1;
        }
      if (len < at + 8)
        return bad (error, path, at, "the file ends inside its header");
      guint64 first = read_uint (data + at, 8, big);
      if (first < at + 8 || first >= file_size)
        return bad (error, path, at, "first section outside the file");
      return TRUE;
    }
  /* version 6: header_page and header_event, each a label and a size */
  static const char *const labels[] = { "header_page", "header_event" };
  for (int k = 0; k < 2; k++)
    {
      gsize n = strlen (labels[k]) + 1;
      if (len < at + n + 8)
        return TRUE;   /* (beyond what was read: libtracecmd checks) */
      if (memcmp (data + at, labels[k], n) != 0)
        return bad (error, path, at, k == 0 ? "no header_page section"
                                            : "no header_event section");
      guint64 size = read_uint (data + at + n, 8, big);
      if (size > file_size - MIN (file_size, at + n + 8))
        return bad (error, path, at + n, "section larger than the rest of the file");
      at += n + 8 + (gsize) size;
    }
  return TRUE;
}
