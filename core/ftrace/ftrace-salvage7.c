/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ftrace-salvage7.c: a version 7 .dat file cut before its end.
 * Version 7 is a chain of sections; the table of a buffer's CPU data (its
 * BUFFER option) is written in an options section after the data, so a
 * cut file has none and libtracecmd refuses it whole. The sections are
 * walked here from the start; for each buffer's CPU data (a flyrecord
 * section) the table is made again and appended, in an options section
 * of its own the last whole one points to, to a copy of the file:
 * - the buffers are the top one then the instances, in the order
 *   trace-cmd writes them, named by the "Buffer: NAME" markers of the
 *   first options section's CPU statistics, which also give each buffer's
 *   CPU count and which CPUs read no event (those have no data);
 * - each CPU's data starts at a page boundary; compressed, it is a count
 *   of chunks then the chunks: its end is known, and a cut one keeps its
 *   whole chunks (its count is mended in the copy);
 * - uncompressed, nothing marks where a CPU's pages end: a page whose time
 *   is before the previous page's starts the next CPU (the CPUs of a
 *   recording cover the same time), which the problem says.
 * Every CPU whose data are cut or missing is a problem. */
#include "config.h"

#include "ftrace.h"

#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>

#include <lttv/error.h>

#define MAX_SECTIONS 4096u
#define MAX_CPUS 4096u
#define SEC_OPTIONS 0
#define SEC_BUFFER 3
#define OPT_DONE 0
#define OPT_CPUSTAT 2
#define OPT_BUFFER 3
#define OPT_TRACECLOCK 4
#define OPT_CPUCOUNT 8
#define SEC_FL_COMPRESS 1

typedef struct
{
  FILE *f;
  guint64 size;
  gboolean big;
} In;

typedef struct
{
  guint64 at, size;   /* the header's offset; the size after it */
  guint id, flags;
  gboolean whole;
} Section;

typedef struct
{
  char *name;
  guint n_cpus;
  GArray *read;   /* per CPU: events read per the statistics + 1 (0: unsaid) */
} Buffer;

static gboolean
rd (In *in, guint64 off, void *buf, gsize n)
{
  return off <= in->size && n <= in->size - off
         && fseeko (in->f, (off_t) off, SEEK_SET) == 0 && fread (buf, 1, n, in->f) == n;
}

static guint64
num (const In *in, const guint8 *p, guint n)
{
  guint64 v = 0;
  for (guint i = 0; i < n; i++)
    v |= (guint64) p[in->big ? n - 1 - i : i] << (8 * i);
  return v;
}

static void
put (GByteArray *b, const In *in, guint64 v, guint n)
{
  guint8 p[8];
  for (guint i = 0; i < n; i++)
    p[in->big ? n - 1 - i : i] = (guint8) (v >> (8 * i));
  g_byte_array_append (b, p, n);
}

static void
buffer_clear (gpointer p)
{
  Buffer *b = p;
  g_free (b->name);
  g_array_free (b->read, TRUE);
}

/* The buffers the first options section's CPU statistics describe: the
 * top one's CPUs, then after each "Buffer: NAME" marker an instance's. */
static void
stats_buffers (const char *stat, GArray *buffers)
{
  if (g_str_has_prefix (stat, "\nBuffer: "))
    {
      Buffer b = { g_strdup (stat + 9), 0, g_array_new (FALSE, TRUE, sizeof (guint64)) };
      g_strchomp (b.name);
      g_array_append_val (buffers, b);
      return;
    }
  Buffer *b = &g_array_index (buffers, Buffer, buffers->len - 1);
  const char *r = strstr (stat, "\nread events:");
  guint64 read = r != NULL ? g_ascii_strtoull (r + 13, NULL, 10) + 1 : 0;
  g_array_append_val (b->read, read);
  b->n_cpus++;
}

/* One CPU's compressed data at `off`: the bytes of its whole chunks
 * (after the count) in `*len`; FALSE when they do not look like chunks.
 * `*cut`: fewer whole chunks than counted (their number in `*kept`). */
static gboolean
chunks (In *in, guint64 off, guint64 page, guint64 *len, guint32 *kept, gboolean *cut)
{
  guint8 h[8];
  *len = 0;
  *kept = 0;
  *cut = FALSE;
  if (!rd (in, off, h, 4))
    {
      *cut = TRUE;
      return TRUE;
    }
  guint64 count = num (in, h, 4), at = off + 4;
  for (guint64 i = 0; i < count; i++)
    {
      if (!rd (in, at, h, 8))
        {
          *cut = TRUE;
          break;
        }
      guint64 csize = num (in, h, 4), usize = num (in, h + 4, 4);
      if (usize == 0 || usize % page != 0 || csize == 0)
        return FALSE;
      if (csize > in->size - MIN (in->size, at + 8))
        {
          *cut = TRUE;
          break;
        }
      at += 8 + csize;
      (*kept)++;
    }
  *len = at - off - 4;
  return count > 0;
}

/* The CPU table of the buffer whose flyrecord section is `s`, into the
 * BUFFER option's body `opt` (after its offset, name and clock), and the
 * copy's mended chunk counts. */
static void
rebuild (In *in, FILE *out, const Section *s, const Buffer *b, guint64 page,
         const char *path, GByteArray *opt, GPtrArray *problems)
{
  const char *name = b->name[0] ? b->name : NULL;
  g_autofree char *who = name ? g_strdup_printf ("buffer %s's ", name) : g_strdup ("");
  gboolean compressed = (s->flags & SEC_FL_COMPRESS) != 0;
  guint64 end = s->whole ? s->at + 16 + s->size : in->size;
  guint64 at = (s->at + 16 + page - 1) / page * page;
  put (opt, in, page, 4);
  put (opt, in, b->n_cpus, 4);
  gboolean lost = FALSE;
  guint said = problems->len, lost_cpu = 0;
  for (guint cpu = 0; cpu < b->n_cpus; cpu++)
    {
      guint64 read = cpu < b->read->len ? g_array_index (b->read, guint64, cpu) : 0;
      guint64 len = 0;
      if (lost || read == 1)
        ;   /* after the cut, or no event read: no data */
      else if (at + (compressed ? 4 : 1) > in->size)
        {
          g_ptr_array_add (problems, g_error_new (LTTV_ERROR, LTTV_ERROR_CORRUPT,
              "%s: byte %" G_GUINT64_FORMAT ": the file ends before %sCPU %u's data "
              "(a cut file?): none of its events are read", path, in->size, who, cpu));
          lost = TRUE;
        }
      else if (compressed)
        {
          guint32 kept;
          gboolean cut;
          if (!chunks (in, at, page, &len, &kept, &cut))
            {
              g_ptr_array_add (problems, g_error_new (LTTV_ERROR, LTTV_ERROR_CORRUPT,
                  "%s: byte %" G_GUINT64_FORMAT ": %sCPU %u's data are not compressed "
                  "chunks; this CPU and the next ones are left out", path, at, who, cpu));
              len = 0;
              lost = TRUE;
            }
          else if (cut)
            {
              guint8 c[4];
              for (guint i = 0; i < 4; i++)
                c[in->big ? 3 - i : i] = (guint8) (kept >> (8 * i));
              if (len > 0 && (fseeko (out, (off_t) at, SEEK_SET) != 0 || fwrite (c, 1, 4, out) != 4))
                len = 0;
              g_ptr_array_add (problems, g_error_new (LTTV_ERROR, LTTV_ERROR_CORRUPT,
                  "%s: byte %" G_GUINT64_FORMAT ": the file ends inside %sCPU %u's data "
                  "(from byte %" G_GUINT64_FORMAT "; a cut file?): its events from byte %"
                  G_GUINT64_FORMAT " on are missing", path, in->size, who, cpu, at,
                  at + 4 + len));
              lost = TRUE;
            }
        }
      else
        {
          /* pages until one goes back in time, or the data end */
          guint64 prev = 0;
          guint8 h[8];
          while (at + len + page <= end && rd (in, at + len, h, 8))
            {
              guint64 ts = num (in, h, 8);
              if (len > 0 && ts < prev && cpu + 1 < b->n_cpus)
                break;
              prev = ts;
              len += page;
            }
          if (at + len + page > end && !s->whole)
            {
              g_ptr_array_add (problems, g_error_new (LTTV_ERROR, LTTV_ERROR_CORRUPT,
                  "%s: byte %" G_GUINT64_FORMAT ": the file ends inside %sCPU %u's data "
                  "(from byte %" G_GUINT64_FORMAT "; a cut file?): its events from byte %"
                  G_GUINT64_FORMAT " on are missing (the data are not compressed: where each "
                  "CPU's end was told from the pages' times)", path, in->size, who, cpu, at,
                  at + len));
              lost = TRUE;
            }
        }
      if (lost && lost_cpu == 0)
        lost_cpu = cpu + 1;
      put (opt, in, cpu, 4);
      put (opt, in, len > 0 ? at : 0, 8);
      put (opt, in, len, 8);
      if (len > 0)
        at = (at + (compressed ? 4 : 0) + len + page - 1) / page * page;
    }
  if (lost && lost_cpu < b->n_cpus)
    {
      g_autofree char *cpus = lost_cpu + 1 < b->n_cpus
        ? g_strdup_printf ("CPUs %u to %u", lost_cpu, b->n_cpus - 1)
        : g_strdup_printf ("CPU %u", lost_cpu);
      g_ptr_array_add (problems, g_error_new (LTTV_ERROR, LTTV_ERROR_CORRUPT,
          "%s: byte %" G_GUINT64_FORMAT ": the file ends before %s%s's data (a cut "
          "file?): none of %s events are read", path, in->size, who, cpus,
          lost_cpu + 1 < b->n_cpus ? "their" : "its"));
    }
  if (problems->len == said)
    g_ptr_array_add (problems, g_error_new (LTTV_ERROR, LTTV_ERROR_CORRUPT,
        "%s: byte %" G_GUINT64_FORMAT ": the file ends after %sCPU data, before their "
        "table (a cut file?): the table is made again from the data%s", path, in->size,
        who, compressed ? "" : " (not compressed: where each CPU's data end was told "
        "from the pages' times)"));
}

/* The head (magic, "7", byte order, long size, page size, compression
 * name and version, the first options section's offset), then the
 * sections one after the other, up to the first not whole. */
static gboolean
walk (In *in, GArray *secs, guint64 *page, guint64 *first)
{
  guint8 head[128];
  gsize hn = MIN (sizeof head, (gsize) in->size);
  if (!rd (in, 0, head, hn) || hn < 16)
    return FALSE;
  in->big = head[12] == 1;
  *page = num (in, head + 14, 4);
  gsize at = 18;
  for (int k = 0; k < 2; k++)
    {
      const guint8 *z = at < hn ? memchr (head + at, 0, hn - at) : NULL;
      if (z == NULL)
        return FALSE;
      at = (gsize) (z - head) + 1;
    }
  if (at + 8 > hn || *page < 1024 || (*page & (*page - 1)) != 0)
    return FALSE;
  *first = num (in, head + at, 8);
  for (guint64 p = at + 8; p + 16 <= in->size && secs->len < MAX_SECTIONS; )
    {
      guint8 h[16];
      if (!rd (in, p, h, 16))
        break;
      Section s = { p, num (in, h + 8, 8), (guint) num (in, h, 2), (guint) num (in, h + 2, 2), FALSE };
      if (s.id > 22)
        break;
      s.whole = s.size <= in->size - (p + 16);
      g_array_append_val (secs, s);
      if (!s.whole)
        break;
      p += 16 + s.size;
    }
  return TRUE;
}

void
ftrace_check_end7 (const char *path, GPtrArray *problems)
{
  In in = { 0 };
  GStatBuf st;
  if (g_stat (path, &st) != 0 || (in.f = fopen (path, "rb")) == NULL)
    return;
  in.size = (guint64) st.st_size;
  g_autoptr (GArray) secs = g_array_new (FALSE, FALSE, sizeof (Section));
  guint64 page, first;
  if (walk (&in, secs, &page, &first) && secs->len > 0)
    {
      const Section *s = &g_array_index (secs, Section, secs->len - 1);
      if (!s->whole)
        g_ptr_array_add (problems, g_error_new (LTTV_ERROR, LTTV_ERROR_CORRUPT,
            "%s: byte %" G_GUINT64_FORMAT ": the file ends inside its section of bytes %"
            G_GUINT64_FORMAT " to %" G_GUINT64_FORMAT " (id %u; a cut file?)", path,
            in.size, s->at, s->at + 16 + s->size, s->id));
    }
  fclose (in.f);
}

gboolean
ftrace_salvage_cut7 (const char *path, const char *copy, GPtrArray *problems)
{
  In in = { 0 };
  GStatBuf st;
  if (g_stat (path, &st) != 0 || (in.f = fopen (path, "rb")) == NULL)
    return FALSE;
  in.size = (guint64) st.st_size;
  gboolean ok = FALSE;
  FILE *out = NULL;
  GArray *secs = g_array_new (FALSE, FALSE, sizeof (Section));
  GArray *buffers = g_array_new (FALSE, FALSE, sizeof (Buffer));
  g_array_set_clear_func (buffers, buffer_clear);
  GHashTable *tabled = g_hash_table_new (g_int64_hash, g_int64_equal);
  GHashTable *options = g_hash_table_new (g_int64_hash, g_int64_equal);
  GPtrArray *keep = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *clock = NULL;
  guint32 cpucount = 0;

  guint64 page, first;
  if (!walk (&in, secs, &page, &first))
    goto out;

  /* the whole options sections: what the file says of its buffers */
  for (guint i = 0; i < secs->len; i++)
    {
      Section *s = &g_array_index (secs, Section, i);
      if (s->id != SEC_OPTIONS || !s->whole || (s->flags & SEC_FL_COMPRESS) || s->size > (64u << 20))
        continue;
      guint8 *body = g_malloc (s->size);
      g_ptr_array_add (keep, body);
      if (!rd (&in, s->at + 16, body, s->size))
        goto out;
      g_hash_table_add (options, &s->at);
      for (guint64 q = 0; q + 6 <= s->size; )
        {
          guint id = (guint) num (&in, body + q, 2);
          guint64 n = num (&in, body + q + 2, 4);
          const guint8 *d = body + q + 6;
          if (n > s->size - q - 6)
            break;
          if (id == OPT_BUFFER && n >= 8)
            {
              guint64 *o = g_new (guint64, 1);
              *o = num (&in, d, 8);
              g_ptr_array_add (keep, o);
              g_hash_table_add (tabled, o);
            }
          else if (id == OPT_CPUSTAT && n > 0 && d[n - 1] == 0)
            {
              if (buffers->len == 0)
                {
                  Buffer top = { g_strdup (""), 0, g_array_new (FALSE, TRUE, sizeof (guint64)) };
                  g_array_append_val (buffers, top);
                }
              stats_buffers ((const char *) d, buffers);
            }
          else if (id == OPT_TRACECLOCK && clock == NULL && n > 0)
            {
              g_autofree char *t = g_strndup ((const char *) d, n);
              const char *a = strchr (t, '['), *z = a ? strchr (a, ']') : NULL;
              if (z != NULL)
                clock = g_strndup (a + 1, (gsize) (z - a - 1));
            }
          else if (id == OPT_CPUCOUNT && n == 4)
            cpucount = (guint32) num (&in, d, 4);
          q += 6 + n;
        }
    }
  if (buffers->len == 0 && cpucount > 0 && cpucount <= MAX_CPUS)
    {
      Buffer top = { g_strdup (""), cpucount, g_array_new (FALSE, TRUE, sizeof (guint64)) };
      g_array_append_val (buffers, top);
    }

  /* the last whole options section of the chain: its next one is cut */
  guint64 last = 0, next = first;
  for (guint hops = 0; hops < MAX_SECTIONS && next != 0 && g_hash_table_contains (options, &next); hops++)
    {
      last = next;
      next = 0;
      for (guint i = 0; i < secs->len; i++)
        {
          Section *s = &g_array_index (secs, Section, i);
          if (s->at != last)
            continue;
          /* DONE is the last option: 6 bytes of header and 8 of offset */
          guint8 d[14];
          if (s->size >= 14 && rd (&in, s->at + 16 + s->size - 14, d, 14)
              && num (&in, d, 2) == OPT_DONE && num (&in, d + 2, 4) == 8)
            next = num (&in, d + 6, 8);
          break;
        }
    }
  if (last == 0)
    goto out;

  /* the copy, with the tables of the buffers none of its options hold */
  out = fopen (copy, "w+b");
  if (out == NULL)
    goto out;
  {
    guint8 *buf = g_malloc (1 << 20);
    size_t n;
    gboolean copied = fseeko (in.f, 0, SEEK_SET) == 0;
    while (copied && (n = fread (buf, 1, 1 << 20, in.f)) > 0)
      copied = fwrite (buf, 1, n, out) == n;
    g_free (buf);
    if (!copied || ferror (in.f))
      goto out;
  }
  guint said = problems->len;
  GByteArray *opts = g_byte_array_new ();
  guint nbuf = 0, rebuilt = 0;
  for (guint i = 0; i < secs->len; i++)
    {
      Section *s = &g_array_index (secs, Section, i);
      if (s->id != SEC_BUFFER)
        continue;
      guint bi = nbuf++;
      if (g_hash_table_contains (tabled, &s->at))
        continue;
      if (bi >= buffers->len)
        {
          g_ptr_array_add (problems, g_error_new (LTTV_ERROR, LTTV_ERROR_CORRUPT,
              "%s: byte %" G_GUINT64_FORMAT ": CPU data of a buffer the file does not "
              "describe (a cut file?): left out", path, s->at));
          continue;
        }
      Buffer *b = &g_array_index (buffers, Buffer, bi);
      if (b->n_cpus == 0 || b->n_cpus > MAX_CPUS)
        continue;
      GByteArray *opt = g_byte_array_new ();
      put (opt, &in, s->at, 8);
      g_byte_array_append (opt, (const guint8 *) b->name, (guint) strlen (b->name) + 1);
      const char *c = clock ? clock : "local";
      g_byte_array_append (opt, (const guint8 *) c, (guint) strlen (c) + 1);
      rebuild (&in, out, s, b, page, path, opt, problems);
      put (opts, &in, OPT_BUFFER, 2);
      put (opts, &in, opt->len, 4);
      g_byte_array_append (opts, opt->data, opt->len);
      g_byte_array_free (opt, TRUE);
      rebuilt++;
    }
  /* the buffers whose data are not in the file at all */
  for (guint bi = nbuf; bi < buffers->len; bi++)
    {
      Buffer *b = &g_array_index (buffers, Buffer, bi);
      g_autofree char *which = b->name[0] ? g_strdup_printf ("buffer %s", b->name)
                                          : g_strdup ("the top buffer");
      g_ptr_array_add (problems, g_error_new (LTTV_ERROR, LTTV_ERROR_CORRUPT,
          "%s: byte %" G_GUINT64_FORMAT ": the file ends before %s's CPU data "
          "(a cut file?): none of its events are read", path, in.size, which));
    }
  put (opts, &in, OPT_DONE, 2);
  put (opts, &in, 8, 4);
  put (opts, &in, 0, 8);
  GByteArray *sec = g_byte_array_new ();
  put (sec, &in, SEC_OPTIONS, 2);
  put (sec, &in, 0, 2);
  put (sec, &in, 0, 4);
  put (sec, &in, opts->len, 8);
  g_byte_array_append (sec, opts->data, opts->len);
  g_byte_array_free (opts, TRUE);
  GByteArray *done = g_byte_array_new ();
  put (done, &in, in.size, 8);
  Section *l = NULL;
  for (guint i = 0; i < secs->len && l == NULL; i++)
    if (g_array_index (secs, Section, i).at == last)
      l = &g_array_index (secs, Section, i);
  ok = problems->len > said && l != NULL
       && fseeko (out, (off_t) in.size, SEEK_SET) == 0
       && fwrite (sec->data, 1, sec->len, out) == sec->len
       && fseeko (out, (off_t) (l->at + 16 + l->size - 8), SEEK_SET) == 0
       && fwrite (done->data, 1, 8, out) == 8;
  g_byte_array_free (sec, TRUE);
  g_byte_array_free (done, TRUE);

out:
  if (out != NULL && fclose (out) != 0)
    ok = FALSE;
  if (!ok && out != NULL)
    g_unlink (copy);
  fclose (in.f);
  g_array_free (secs, TRUE);
  g_array_free (buffers, TRUE);
  g_hash_table_destroy (tabled);
  g_hash_table_destroy (options);
  g_ptr_array_free (keep, TRUE);
  return ok;
}
