/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ftrace-convert.c: a trace-cmd .dat recording written as a CTF 1.8
 * trace. libtracecmd reads the file (versions 6 and 7, compressed or
 * not, every buffer instance) and libtraceevent its event formats; each
 * CPU of each buffer becomes a stream file of packets, each event class
 * that occurs an event class whose fields are the format's own (numbers
 * as they are, character arrays and __data_loc strings as strings), the
 * common fields the stream's event context. Lost events (a page's missed
 * events, the CPU statistics' overruns and drops) become the packets'
 * events_discarded counts. */
#include "config.h"

#include "ftrace.h"
#include "tracecmd-extra.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>

#include <lttv/error.h>

#include "writer.h"
#include "ftrace-convert-private.h"

#define PACKET_BYTES (1u << 20)
#define PACKET_MAGIC 0xC1FC1FC1u
/* The packet header and context: magic, stream_id, then timestamp_begin,
 * timestamp_end, content_size, packet_size, packet_seq_num,
 * events_discarded (64 bits each) and cpu_id (32). */
#define PACKET_HEAD (4 + 4 + 6 * 8 + 4)
#define PACKET_DISCARDED_AT (4 + 4 + 5 * 8)
/* The event header: a 16-bit class id and the timestamp's low 32 bits
 * (the reader carries the high bits over from the previous event, or
 * from the packet's timestamp_begin): 6 bytes where 12 were. A gap of
 * 2^32 ns or more (4.3 s) between two events of a CPU starts a packet. */
#define MAX_CLASSES 0xffffu
/* Numbers are written in the width their value needs (1, 2, 4 or 8
 * bytes; an array in its widest element's): each combination of widths
 * an event format's records need is an event class of its own (same
 * name, same fields, narrower integers), up to MAX_PROFILES per format,
 * for the first NARROW_FIELDS fields. Kernel records are mostly longs
 * holding small numbers (system call ids and returns). */
#define MAX_PROFILES 64u
#define NARROW_FIELDS 32u
#define TS_GAP_MAX (G_GUINT64_CONSTANT (1) << 32)

static void
problem (Conv *c, const char *fmt, ...) G_GNUC_PRINTF (2, 3);

static void
problem (Conv *c, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  g_autofree char *what = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  g_ptr_array_add (c->problems, g_error_new (LTTV_ERROR, LTTV_ERROR_CORRUPT,
                                             "%s: %s", c->path, what));
}

/* --- Fields --------------------------------------------------------------- */

static gboolean
is_char_type (const char *type)
{
  return g_str_has_prefix (type, "char") || g_str_has_prefix (type, "const char")
         || g_str_has_prefix (type, "__data_loc char") || g_str_has_prefix (type, "__rel_loc char");
}

static void
field_from_format (Field *f, const struct tep_format_field *ff)
{
  memset (f, 0, sizeof *f);
  f->name = ff->name;
  f->offset = ff->offset;
  f->size = ff->size;
  f->is_signed = (ff->flags & TEP_FIELD_IS_SIGNED) != 0;
  f->hex = (ff->flags & TEP_FIELD_IS_POINTER) != 0;
  f->relative = (ff->flags & TEP_FIELD_IS_RELATIVE) != 0;
  guint elem = ff->elementsize;
  if (elem != 1 && elem != 2 && elem != 4 && elem != 8)
    elem = 1;
  if (ff->flags & TEP_FIELD_IS_DYNAMIC)
    {
      f->kind = (ff->flags & TEP_FIELD_IS_STRING) || is_char_type (ff->type)
                ? K_DYN_STRING : K_DYN_ARRAY;
      f->elem = elem;
      f->size = 4;
    }
  else if (ff->flags & TEP_FIELD_IS_ARRAY)
    {
      if ((ff->flags & TEP_FIELD_IS_STRING) || (elem == 1 && is_char_type (ff->type)))
        f->kind = K_STRING;
      else
        {
          f->kind = K_ARRAY;
          f->elem = elem;
          f->count = ff->size > 0 ? (guint) ff->size / elem : 0;
        }
    }
  else if (ff->size == 1 || ff->size == 2 || ff->size == 4 || ff->size == 8)
    f->kind = K_INT;
  else
    {
      f->kind = K_ARRAY;            /* any other size: its bytes */
      f->elem = 1;
      f->count = ff->size > 0 ? (guint) ff->size : 0;
    }
  f->src_size = f->size;
  f->src_elem = f->elem;
}

/* --- Widths ------------------------------------------------------------ */

static guint
width_code (guint bytes)
{
  return bytes >= 8 ? 3 : bytes >= 4 ? 2 : bytes >= 2 ? 1 : 0;
}

/* Whether field `f`'s width can change: numbers wider than a byte. */
static gboolean
narrowable (const Field *f)
{
  return (f->kind == K_INT && f->src_size >= 2)
         || (f->kind == K_ARRAY && f->src_elem >= 2 && f->count > 0);
}

/* The width code (0..3: 1, 2, 4, 8 bytes) value `u` of `bytes` bytes
 * needs to read back the same (a signed value sign-extended; a
 * hexadecimal one, printed masked to its width, as it is unless it is
 * a non-negative number). */
static guint
need_code (guint64 u, guint bytes, gboolean is_signed, gboolean hex)
{
  guint full = width_code (bytes);
  if (bytes < 8)
    u &= (G_GUINT64_CONSTANT (1) << (8 * bytes)) - 1;
  if (is_signed)
    {
      gint64 v = bytes < 8 && (u >> (8 * bytes - 1)) & 1
                 ? (gint64) (u | ~((G_GUINT64_CONSTANT (1) << (8 * bytes)) - 1))
                 : (gint64) u;
      if (v < 0 && hex)
        return full;
      guint code = v >= G_MININT8 && v <= G_MAXINT8 ? 0 : v >= G_MININT16 && v <= G_MAXINT16 ? 1
                   : v >= G_MININT32 && v <= G_MAXINT32 ? 2 : 3;
      return MIN (code, full);
    }
  guint code = u <= G_MAXUINT8 ? 0 : u <= G_MAXUINT16 ? 1 : u <= G_MAXUINT32 ? 2 : 3;
  return MIN (code, full);
}

/* TSDL drops one leading underscore of a field's name: each name gets
 * one, so that none is taken for a keyword and names beginning with '_'
 * keep theirs. */
static void
tsdl_int (GString *m, guint bytes, gboolean is_signed, gboolean hex)
{
  g_string_append_printf (m, "integer { size = %u; align = 8; signed = %s;%s }",
                          bytes * 8, is_signed ? "true" : "false",
                          hex ? " base = 16;" : "");
}

void
ftrace_tsdl_field (GString *m, const Field *f)
{
  g_string_append (m, "\t\t");
  switch (f->kind)
    {
    case K_INT:
      tsdl_int (m, (guint) f->size, f->is_signed, f->hex);
      g_string_append_printf (m, " _%s;\n", f->name);
      break;
    case K_STRING:
    case K_DYN_STRING:
      g_string_append_printf (m, "string _%s;\n", f->name);
      break;
    case K_ARRAY:
      tsdl_int (m, f->elem, f->is_signed, f->hex);
      g_string_append_printf (m, " _%s[%u];\n", f->name, f->count);
      break;
    case K_DYN_ARRAY:
      g_string_append_printf (m, "integer { size = 32; align = 8; signed = false; } __%s_length;\n\t\t",
                              f->name);
      tsdl_int (m, f->elem, f->is_signed, f->hex);
      g_string_append_printf (m, " _%s[__%s_length];\n", f->name, f->name);
      break;
    }
}

static Class *
class_for (Conv *c, int type)
{
  Class *k = g_hash_table_lookup (c->by_id, GINT_TO_POINTER (type));
  if (k != NULL)
    return k;
  struct tep_event *ev = tep_find_event (c->tep, type);
  if (ev == NULL)
    return NULL;
  k = g_new0 (Class, 1);
  k->ev = ev;
  k->id = c->classes->len;
  k->n = (guint) MAX (ev->format.nr_fields, 0);
  k->fields = g_new0 (Field, MAX (k->n, 1));
  guint i = 0;
  k->plain = !c->big;
  for (struct tep_format_field *ff = ev->format.fields; ff != NULL && i < k->n; ff = ff->next)
    {
      field_from_format (&k->fields[i], ff);
      if (k->fields[i].kind == K_STRING || k->fields[i].kind == K_DYN_STRING
          || k->fields[i].kind == K_DYN_ARRAY)
        k->plain = FALSE;
      i++;
    }
  k->n = i;
  for (i = 0; i < k->n && i < NARROW_FIELDS; i++)
    if (narrowable (&k->fields[i]))
      {
        const Field *f = &k->fields[i];
        k->full_key |= (guint64) width_code (f->kind == K_INT ? (guint) f->src_size : f->src_elem)
                       << (2 * i);
        if (k->profiles == NULL)
          k->profiles = g_hash_table_new (g_int64_hash, g_int64_equal);
      }
  g_ptr_array_add (c->classes, k);
  g_hash_table_insert (c->by_id, GINT_TO_POINTER (type), k);
  return k;
}

/* --- Writing events ------------------------------------------------------- */

static guint64 get_int (Conv *c, const guint8 *data, int size, int off, int bytes);

/* The class of format `k` whose widths record `data` needs: `k` itself,
 * or a copy with narrower numbers, made on first use. */
static Class *
profile_for (Conv *c, Class *k, const guint8 *data, int size)
{
  guint64 key = 0;
  for (guint i = 0; i < k->n && i < NARROW_FIELDS; i++)
    {
      const Field *f = &k->fields[i];
      if (!narrowable (f))
        continue;
      guint code = 0;
      if (f->kind == K_INT)
        code = need_code (get_int (c, data, size, f->offset, f->src_size),
                          (guint) f->src_size, f->is_signed, f->hex);
      else
        for (guint e = 0; e < f->count && code < 3; e++)
          code = MAX (code, need_code (get_int (c, data, size, f->offset + (int) (e * f->src_elem),
                                                (int) f->src_elem),
                                       f->src_elem, f->is_signed, f->hex));
      key |= (guint64) code << (2 * i);
    }
  if (key == k->full_key)
    return k;
  Class *p = g_hash_table_lookup (k->profiles, &key);
  if (p != NULL)
    return p;
  if (g_hash_table_size (k->profiles) >= MAX_PROFILES || c->classes->len >= MAX_CLASSES)
    return k;
  p = g_new0 (Class, 1);
  p->ev = k->ev;
  p->id = c->classes->len;
  p->n = k->n;
  p->fields = g_memdup2 (k->fields, MAX (k->n, 1) * sizeof (Field));
  p->full_key = key;
  for (guint i = 0; i < p->n && i < NARROW_FIELDS; i++)
    {
      Field *f = &p->fields[i];
      if (!narrowable (f))
        continue;
      guint bytes = 1u << ((key >> (2 * i)) & 3);
      if (f->kind == K_INT)
        f->size = (int) bytes;
      else
        f->elem = bytes;
    }
  g_ptr_array_add (c->classes, p);
  guint64 *stored = g_new (guint64, 1);
  *stored = key;
  g_hash_table_insert (k->profiles, stored, p);
  return p;
}

static void
put_le (Writer *w, guint64 v, guint bytes)
{
  writer_reserve (w, bytes);
  for (guint i = 0; i < bytes; i++)
    w->data[w->len++] = (guint8) (v >> (8 * i));
}

/* An integer of the record, in the file's byte order, or 0 past its end. */
static guint64
get_int (Conv *c, const guint8 *data, int size, int off, int bytes)
{
  if (off < 0 || bytes <= 0 || off + bytes > size)
    return 0;
  return tep_read_number (c->tep, data + off, bytes);
}

static void
put_int (Conv *c, Writer *w, const guint8 *data, int size, int off, guint bytes)
{
  if (!c->big && off >= 0 && off + (int) bytes <= size)
    writer_append (w, data + off, bytes);
  else
    put_le (w, get_int (c, data, size, off, (int) bytes), bytes);
}

/* Where a __data_loc field's data is: FALSE outside the record. */
static gboolean
dyn_loc (Conv *c, const Field *f, const guint8 *data, int size, int *off, int *len)
{
  guint64 v = get_int (c, data, size, f->offset, 4);
  *off = (int) (v & 0xffff);
  *len = (int) (v >> 16);
  if (f->relative)
    *off += f->offset + 4;
  return f->offset + 4 <= size && *off + *len <= size;
}

static void
put_string (Writer *w, const guint8 *p, int len)
{
  size_t n = len > 0 ? strnlen ((const char *) p, (size_t) len) : 0;
  writer_reserve (w, n + 1);
  memcpy (w->data + w->len, p, n);
  w->data[w->len + n] = 0;
  w->len += n + 1;
}

static void
put_fields (Conv *c, Writer *w, const Class *k, const guint8 *data, int size)
{
  for (guint i = 0; i < k->n; i++)
    {
      const Field *f = &k->fields[i];
      int off, len;
      switch (f->kind)
        {
        case K_INT:
          if (f->size == f->src_size)
            put_int (c, w, data, size, f->offset, (guint) f->size);
          else
            put_le (w, get_int (c, data, size, f->offset, f->src_size), (guint) f->size);
          break;
        case K_STRING:
          if (f->offset + f->size <= size)
            put_string (w, data + f->offset, f->size);
          else
            put_string (w, NULL, 0);
          break;
        case K_DYN_STRING:
          if (dyn_loc (c, f, data, size, &off, &len))
            put_string (w, data + off, len);
          else
            put_string (w, NULL, 0);
          break;
        case K_ARRAY:
          for (guint e = 0; e < f->count; e++)
            if (f->elem == f->src_elem)
              put_int (c, w, data, size, f->offset + (int) (e * f->elem), f->elem);
            else
              put_le (w, get_int (c, data, size, f->offset + (int) (e * f->src_elem),
                                  (int) f->src_elem), f->elem);
          break;
        case K_DYN_ARRAY:
          {
            guint n = dyn_loc (c, f, data, size, &off, &len) ? (guint) len / f->elem : 0;
            put_le (w, n, 4);
            for (guint e = 0; e < n; e++)
              put_int (c, w, data, size, off + (int) (e * f->elem), f->elem);
          }
          break;
        }
    }
}

static gboolean
flush_packet (Conv *c, Out *o, GError **error)
{
  if (!o->open)
    return TRUE;
  guint8 head[PACKET_HEAD];
  Writer h = { head, 0, sizeof head };
  guint64 bits = ((guint64) PACKET_HEAD + o->body.len) * 8;
  put_le (&h, PACKET_MAGIC, 4);
  put_le (&h, 0, 4);
  put_le (&h, o->ts_begin, 8);
  put_le (&h, o->ts_end, 8);
  put_le (&h, bits, 8);
  put_le (&h, bits, 8);
  put_le (&h, o->seq++, 8);
  put_le (&h, o->discarded, 8);
  put_le (&h, (guint64) o->cpu, 4);
  guint64 at[2] = { (guint64) ftello (o->f), o->discarded };
  g_array_append_vals (o->packets, at, 2);
  if (fwrite (head, 1, sizeof head, o->f) != sizeof head
      || fwrite (o->body.data, 1, o->body.len, o->f) != o->body.len)
    {
      g_set_error (error, LTTV_ERROR, LTTV_ERROR_IO, "%s: %s", o->file, g_strerror (errno));
      return FALSE;
    }
  o->body.len = 0;
  o->open = FALSE;
  return TRUE;
}

static gboolean
put_record (Conv *c, Out *o, struct tep_record *rec, GError **error)
{
  const guint8 *data = rec->data;
  int size = rec->size;
  if (data == NULL || size < c->common_type_size)
    {
      if (c->short_events++ == 0)
        c->first_short_offset = rec->offset;
      return TRUE;
    }
  int type = (int) get_int (c, data, size, 0, c->common_type_size);
  Class *k = class_for (c, type);
  if (k != NULL && k->profiles != NULL)
    k = profile_for (c, k, data, size);
  if (k == NULL || k->id >= MAX_CLASSES)
    {
      gpointer n = g_hash_table_lookup (c->unknown, GINT_TO_POINTER (type));
      if (n == NULL)
        problem (c, "byte %llu: event id %d has no format in the file; its events "
                 "are left out", rec->offset, type);
      g_hash_table_insert (c->unknown, GINT_TO_POINTER (type),
                           GSIZE_TO_POINTER (GPOINTER_TO_SIZE (n) + 1));
      return TRUE;
    }
  /* a new packet where the ring buffer lost events, every MiB, and
   * where the gap is too long for the header's 32-bit timestamp */
  if (rec->missed_events != 0 || o->body.len >= PACKET_BYTES
      || (o->open && rec->ts - o->ts_end >= TS_GAP_MAX))
    {
      if (!flush_packet (c, o, error))
        return FALSE;
      if (rec->missed_events != 0)
        {
          guint64 n = rec->missed_events > 0 ? (guint64) rec->missed_events : 1;
          o->discarded += n;
          o->missed += n;
        }
    }
  if (!o->open)
    {
      o->open = TRUE;
      o->ts_begin = rec->ts;
    }
  o->ts_end = rec->ts;
  if (c->pid_size > 0)
    {
      /* the threads seen, for their saved names (once per switch) */
      gint64 pid = (gint64) get_int (c, data, size, c->pid_off, c->pid_size);
      if (pid != o->last_pid)
        {
          o->last_pid = pid;
          g_hash_table_add (c->pids, GINT_TO_POINTER ((int) pid));
        }
    }
  Writer *w = &o->body;
  put_le (w, k->id, 2);
  put_le (w, rec->ts, 4);
  for (guint i = 0; i < c->n_common; i++)
    put_int (c, w, data, size, c->common[i].offset, (guint) c->common[i].size);
  if (k->plain && k->n > 0)
    {
      /* integers and arrays of them, in a little-endian file: the
       * record's bytes from the first field to the last */
      const Field *first = &k->fields[0], *last = &k->fields[k->n - 1];
      int end = last->offset + last->size;
      gboolean packed = TRUE;
      for (guint i = 1; i < k->n && packed; i++)
        packed = k->fields[i].offset == k->fields[i - 1].offset + k->fields[i - 1].size;
      if (packed && end <= size)
        {
          writer_append (w, data + first->offset, (gsize) (end - first->offset));
          c->n_events++;
          return TRUE;
        }
    }
  put_fields (c, w, k, data, size);
  c->n_events++;
  return TRUE;
}

/* --- Lost events from the CPU statistics ---------------------------------- */

/* "CPU: N" blocks with "overrun: N" and "dropped events: N" lines: the
 * events the kernel's buffer lost before what the file holds; "read
 * events: N": about how many the recorder read (a few more than the
 * file holds, at times), so whether a CPU's empty data should hold some. */
static void
cpustats_losses (const char *stats, GArray *lost, GArray *read)
{
  if (stats == NULL)
    return;
  g_auto (GStrv) lines = g_strsplit (stats, "\n", -1);
  int cpu = -1;
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *l = lines[i];
      guint64 v;
      if (g_str_has_prefix (l, "CPU:"))
        cpu = (int) g_ascii_strtoll (l + 4, NULL, 10);
      else if (cpu >= 0 && cpu < 4096
               && (g_str_has_prefix (l, "overrun:") || g_str_has_prefix (l, "dropped events:")))
        {
          v = g_ascii_strtoull (strchr (l, ':') + 1, NULL, 10);
          if ((guint) cpu >= lost->len)
            g_array_set_size (lost, (guint) cpu + 1);
          g_array_index (lost, guint64, cpu) += v;
        }
      else if (cpu >= 0 && cpu < 4096 && g_str_has_prefix (l, "read events:"))
        {
          v = g_ascii_strtoull (strchr (l, ':') + 1, NULL, 10);
          if ((guint) cpu >= read->len)
            g_array_set_size (read, (guint) cpu + 1);
          g_array_index (read, guint64, cpu) = v + 1;   /* (0: not said) */
        }
    }
}

/* --- A buffer's CPUs --------------------------------------------------------- */

static gboolean
convert_buffer (Conv *c, struct tracecmd_input *h, const char *instance,
                GError **error)
{
  int n_cpus = tracecmd_cpus (h);
  if (n_cpus < 0 || n_cpus > 4096)
    {
      problem (c, "%s: %d CPUs (not read)", instance ? instance : "top buffer", n_cpus);
      return TRUE;
    }
  g_autoptr (GArray) lost = g_array_new (FALSE, TRUE, sizeof (guint64));
  g_autoptr (GArray) read = g_array_new (FALSE, TRUE, sizeof (guint64));
  cpustats_losses (tracecmd_get_cpustats (h), lost, read);
  for (int cpu = 0; cpu < n_cpus; cpu++)
    {
      guint64 said = (guint) cpu < read->len ? g_array_index (read, guint64, cpu) : 0;
      struct tep_record *rec = tracecmd_read_cpu_first (h, cpu);
      if (rec == NULL)
        {
          if (said > 1 && !c->cut)
            problem (c, "%s CPU %d: no event readable, where the file's statistics "
                     "say %" G_GUINT64_FORMAT " were recorded (a damaged file?)",
                     instance ? instance : "top buffer", cpu, said - 1);
          continue;
        }
      Out o = { .cpu = cpu, .last_pid = -1 };
      o.file = instance ? g_strdup_printf ("%s/%s-cpu%d", c->dir, instance, cpu)
                        : g_strdup_printf ("%s/cpu%d", c->dir, cpu);
      o.f = fopen (o.file, "wb");
      if (o.f == NULL)
        {
          g_set_error (error, LTTV_ERROR, LTTV_ERROR_IO, "%s: %s", o.file, g_strerror (errno));
          tracecmd_free_record (rec);
          g_free (o.file);
          return FALSE;
        }
      o.packets = g_array_new (FALSE, FALSE, sizeof (guint64));
      gboolean ok = TRUE;
      guint64 last_ts = 0;
      while (rec != NULL && ok)
        {
          if (rec->ts < last_ts)
            {
              /* CTF streams go forward in time: an event before its
               * predecessor starts no new order, it ends the CPU's data */
              problem (c, "byte %llu: CPU %d goes back in time; its later events are left out",
                       rec->offset, cpu);
              tracecmd_free_record (rec);
              break;
            }
          last_ts = rec->ts;
          ok = put_record (c, &o, rec, error);
          tracecmd_free_record (rec);
          rec = ok ? tracecmd_read_data (h, cpu) : NULL;
        }
      if (rec != NULL)
        tracecmd_free_record (rec);
      ok = ok && flush_packet (c, &o, error);
      /* The CPU statistics count what the kernel overwrote or dropped,
       * which the first page read usually says too (a record's missed
       * events): what they count beyond that was lost before the first
       * event, in every packet's running count. */
      guint64 stats = (guint) cpu < lost->len ? g_array_index (lost, guint64, cpu) : 0;
      if (ok && stats > o.missed)
        for (guint p = 0; p + 1 < o.packets->len && ok; p += 2)
          {
            guint8 v[8];
            Writer w = { v, 0, sizeof v };
            put_le (&w, g_array_index (o.packets, guint64, p + 1) + stats - o.missed, 8);
            ok = fseeko (o.f, (off_t) g_array_index (o.packets, guint64, p) + PACKET_DISCARDED_AT, SEEK_SET) == 0
                 && fwrite (v, 1, 8, o.f) == 8;
            if (!ok)
              g_set_error (error, LTTV_ERROR, LTTV_ERROR_IO, "%s: %s", o.file, g_strerror (errno));
          }
      g_array_free (o.packets, TRUE);
      if (fclose (o.f) != 0 && ok)
        {
          g_set_error (error, LTTV_ERROR, LTTV_ERROR_IO, "%s: %s", o.file, g_strerror (errno));
          ok = FALSE;
        }
      writer_free (&o.body);
      g_free (o.file);
      if (!ok)
        return FALSE;
    }
  return TRUE;
}

/* The common fields but common_type (the CTF event id says it). */
static void
find_common (Conv *c)
{
  int n = tep_get_events_count (c->tep);
  struct tep_event **events = tep_list_events (c->tep, TEP_EVENT_SORT_ID);
  c->common_type_size = 2;
  for (int i = 0; events != NULL && i < n; i++)
    {
      struct tep_event *ev = events[i];
      if (ev->format.nr_common <= 0)
        continue;
      c->common = g_new0 (Field, (guint) ev->format.nr_common);
      for (struct tep_format_field *ff = ev->format.common_fields; ff != NULL; ff = ff->next)
        {
          if (strcmp (ff->name, "common_type") == 0)
            {
              c->common_type_size = ff->size >= 1 && ff->size <= 4 ? ff->size : 2;
              continue;
            }
          if (c->n_common >= (guint) ev->format.nr_common)
            break;
          Field *f = &c->common[c->n_common];
          field_from_format (f, ff);
          if (f->kind != K_INT)
            continue;   /* (integers only, all a record has) */
          if (strcmp (ff->name, "common_pid") == 0 && ff->size <= 4)
            {
              c->pid_off = ff->offset;
              c->pid_size = ff->size;
            }
          /* TSDL names: the context is the stream's, named as ftrace does */
          c->n_common++;
        }
      break;
    }
}

static guint64
file_size (const char *path)
{
  GStatBuf st;
  return g_stat (path, &st) == 0 ? (guint64) st.st_size : 0;
}

/* The file's version (its head was checked before). */
static unsigned
file_version (const char *path)
{
  char head[12] = { 0 };
  FILE *f = fopen (path, "rb");
  if (f == NULL)
    return 0;
  size_t n = fread (head, 1, sizeof head, f);
  fclose (f);
  return n == sizeof head && head[11] == 0 ? (unsigned) (head[10] - '0') : 0;
}

gboolean
ftrace_convert (const char *path, const char *dir, GPtrArray *problems,
                GError **error)
{
  tracecmd_set_loglevel (TEP_LOG_NONE);
  tep_set_loglevel (TEP_LOG_NONE);
  struct tracecmd_input *h = tracecmd_open_head (path, TRACECMD_FL_LOAD_NO_PLUGINS
                                                       | TRACECMD_FL_LOAD_NO_SYSTEM_PLUGINS);
  unsigned version = file_version (path);
  if (h == NULL && version != 7)
    {
      g_set_error (error, LTTV_ERROR, LTTV_ERROR_CORRUPT,
                   "%s: libtracecmd cannot read its headers (a damaged or cut file)", path);
      return FALSE;
    }
  /* (not tracecmd_open: on data it cannot read, it closes the handle
   * half made, and libtracecmd 1.3's tracecmd_close crashes on that; the
   * handle is left unclosed then) */
  g_autofree char *salvaged = NULL;
  if (h == NULL || tracecmd_init_data (h) < 0)
    {
      /* a file cut in its CPU data, or (version 7) anywhere after its
       * first options: what is before the cut, from a copy that says
       * where the CPU data end */
      struct tep_handle *tep = h != NULL ? tracecmd_get_tep (h) : NULL;
      salvaged = g_build_filename (dir, ".salvaged.dat", NULL);
      struct tracecmd_input *h2 = NULL;
      gboolean copied = version == 7
        ? ftrace_salvage_cut7 (path, salvaged, problems)
        : version == 6 && tep != NULL
          && ftrace_salvage_cut (path, salvaged, tracecmd_cpus (h),
                                 (guint64) MAX (tracecmd_page_size (h), 0),
                                 tep_is_file_bigendian (tep), problems);
      if (copied)
        h2 = tracecmd_open_head (salvaged, TRACECMD_FL_LOAD_NO_PLUGINS
                                           | TRACECMD_FL_LOAD_NO_SYSTEM_PLUGINS);
      if (h2 == NULL || tracecmd_init_data (h2) < 0)
        {
          g_unlink (salvaged);
          if (h == NULL)
            g_set_error (error, LTTV_ERROR, LTTV_ERROR_CORRUPT,
                         "%s: libtracecmd cannot read its headers (a damaged or cut file, "
                         "%" G_GUINT64_FORMAT " bytes)", path, file_size (path));
          else
            g_set_error (error, LTTV_ERROR, LTTV_ERROR_CORRUPT,
                         "%s: libtracecmd cannot read its CPU data: a section ends past "
                         "the file's end (%" G_GUINT64_FORMAT " bytes; a cut file?) or is damaged",
                         path, file_size (path));
          return FALSE;
        }
      h = h2;   /* (the first left unclosed, as above) */
    }
  else if (version == 7)
    ftrace_check_end7 (path, problems);
  Conv c = {
    .path = path,
    .dir = dir,
    .tep = tracecmd_get_tep (h),
    .by_id = g_hash_table_new (NULL, NULL),
    .classes = g_ptr_array_new (),
    .unknown = g_hash_table_new (NULL, NULL),
    .pids = g_hash_table_new (NULL, NULL),
    .problems = problems,
    .cut = salvaged != NULL,
  };
  gboolean ok = c.tep != NULL;
  if (!ok)
    g_set_error (error, LTTV_ERROR, LTTV_ERROR_CORRUPT, "%s: no event formats", path);
  if (ok)
    {
      c.big = tep_is_file_bigendian (c.tep);
      find_common (&c);
      ok = convert_buffer (&c, h, NULL, error);
    }
  int n_inst = ok ? tracecmd_buffer_instances (h) : 0;
  for (int i = 0; ok && i < n_inst; i++)
    {
      const char *name = tracecmd_buffer_instance_name (h, i);
      struct tracecmd_input *ih = tracecmd_buffer_instance_handle (h, i);
      if (ih == NULL)
        {
          problem (&c, "buffer instance %s cannot be read", name ? name : "?");
          continue;
        }
      g_autofree char *safe = g_strdup (name && *name ? name : "instance");
      for (char *p = safe; *p; p++)
        if (!g_ascii_isalnum (*p) && *p != '_' && *p != '-')
          *p = '_';
      ok = convert_buffer (&c, ih, safe, error);
      tracecmd_close (ih);
    }
  if (ok && c.short_events > 0)
    problem (&c, "byte %" G_GUINT64_FORMAT ": %" G_GUINT64_FORMAT
             " record(s) shorter than an event header, left out",
             c.first_short_offset, c.short_events);
  if (ok)
    ok = ftrace_write_metadata (&c, h, error) && ftrace_write_threads (&c, error);
  for (guint i = 0; i < c.classes->len; i++)
    {
      Class *k = c.classes->pdata[i];
      if (k->profiles != NULL)
        {
          GHashTableIter it;
          gpointer key;
          g_hash_table_iter_init (&it, k->profiles);
          while (g_hash_table_iter_next (&it, &key, NULL))
            g_free (key);
          g_hash_table_destroy (k->profiles);
        }
      g_free (k->fields);
      g_free (k);
    }
  g_ptr_array_free (c.classes, TRUE);
  g_hash_table_destroy (c.by_id);
  g_hash_table_destroy (c.unknown);
  g_hash_table_destroy (c.pids);
  g_free (c.common);
  tracecmd_close (h);
  if (salvaged != NULL)
    g_unlink (salvaged);
  return ok;
}
