/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ftrace-salvage.c: a version 6 .dat file cut inside its CPU data.
 * libtracecmd refuses the whole file when a CPU's data ends past the
 * file's end; what is before the cut is whole pages of events, which a
 * copy whose flyrecord table ends each CPU's data at the last whole page
 * lets it read. (Version 7 keeps the table of its CPU data at the end:
 * a cut one has none.) */
#include "config.h"

#include "ftrace.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>

#include <lttv/error.h>

#define CHUNK (1u << 20)
static const char marker[] = "flyrecord";   /* with its NUL */

static guint64
get_u64 (const guint8 *p, gboolean big)
{
  guint64 v = 0;
  for (guint i = 0; i < 8; i++)
    v |= (guint64) p[big ? 7 - i : i] << (8 * i);
  return v;
}

static void
put_u64 (guint8 *p, guint64 v, gboolean big)
{
  for (guint i = 0; i < 8; i++)
    p[big ? 7 - i : i] = (guint8) (v >> (8 * i));
}

static const guint8 *
find (const guint8 *buf, gsize len)
{
  for (const guint8 *p = buf; len >= sizeof marker; )
    {
      const guint8 *f = memchr (p, marker[0], len - sizeof marker + 1);
      if (f == NULL)
        return NULL;
      if (memcmp (f, marker, sizeof marker) == 0)
        return f;
      len -= (gsize) (f + 1 - p);
      p = f + 1;
    }
  return NULL;
}

/* Copies `in` to `out` whole, and finds where the first "flyrecord\0"
 * is (-1: none). */
static gboolean
copy_finding (FILE *in, FILE *out, gint64 *at)
{
  guint8 *buf = g_malloc (CHUNK + sizeof marker);
  gsize keep = 0;
  guint64 base = 0;   /* the file offset of buf[0] */
  size_t n;
  gboolean ok = TRUE;
  *at = -1;
  while ((n = fread (buf + keep, 1, CHUNK, in)) > 0)
    {
      if (fwrite (buf + keep, 1, n, out) != n)
        {
          ok = FALSE;
          break;
        }
      gsize len = keep + n;
      if (*at < 0)
        {
          const guint8 *p = find (buf, len);
          if (p != NULL)
            *at = (gint64) (base + (guint64) (p - buf));
        }
      /* the last bytes again, for a marker across two chunks */
      keep = MIN (len, sizeof marker - 1);
      memmove (buf, buf + len - keep, keep);
      base += len - keep;
    }
  g_free (buf);
  return ok && !ferror (in);
}

gboolean
ftrace_salvage_cut (const char *path, const char *copy, int n_cpus,
                    guint64 page, gboolean big, GPtrArray *problems)
{
  GStatBuf st;
  if (n_cpus <= 0 || n_cpus > 4096 || page == 0 || g_stat (path, &st) != 0)
    return FALSE;
  guint64 size = (guint64) st.st_size;
  FILE *in = fopen (path, "rb");
  if (in == NULL)
    return FALSE;
  FILE *out = fopen (copy, "w+b");
  if (out == NULL)
    {
      fclose (in);
      return FALSE;
    }
  gint64 at = -1;
  gboolean ok = copy_finding (in, out, &at) && at >= 0;
  fclose (in);
  gsize table_len = (gsize) n_cpus * 16;
  guint8 *table = g_malloc (table_len);
  guint64 table_at = (guint64) at + sizeof marker;
  ok = ok && table_at + table_len <= size
       && fseeko (out, (off_t) table_at, SEEK_SET) == 0
       && fread (table, 1, table_len, out) == table_len;
  /* the table must be one: page-aligned offsets in order, past itself */
  guint64 prev = table_at + table_len;
  gboolean cut = FALSE;
  for (int cpu = 0; ok && cpu < n_cpus; cpu++)
    {
      guint64 off = get_u64 (table + 16 * cpu, big);
      guint64 len = get_u64 (table + 16 * cpu + 8, big);
      ok = off % page == 0 && off >= prev && len <= G_MAXUINT64 - off;
      prev = off + len;
      cut = cut || off + len > size;
    }
  ok = ok && cut;
  for (int cpu = 0; ok && cpu < n_cpus; cpu++)
    {
      guint64 off = get_u64 (table + 16 * cpu, big);
      guint64 len = get_u64 (table + 16 * cpu + 8, big);
      if (off + len <= size)
        continue;
      guint64 kept = off < size ? (size - off) / page * page : 0;
      put_u64 (table + 16 * cpu + 8, kept, big);
      if (off >= size)
        put_u64 (table + 16 * cpu, 0, big);
      g_ptr_array_add (problems, g_error_new (LTTV_ERROR, LTTV_ERROR_CORRUPT,
          "%s: byte %" G_GUINT64_FORMAT ": the file ends inside CPU %d's data "
          "(bytes %" G_GUINT64_FORMAT " to %" G_GUINT64_FORMAT "; a cut file?): "
          "its events from byte %" G_GUINT64_FORMAT " on are missing",
          path, size, cpu, off, off + len, off + kept));
    }
  ok = ok && fseeko (out, (off_t) table_at, SEEK_SET) == 0
       && fwrite (table, 1, table_len, out) == table_len;
  g_free (table);
  if (fclose (out) != 0)
    ok = FALSE;
  if (!ok)
    g_unlink (copy);
  return ok;
}
