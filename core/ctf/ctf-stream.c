/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ctf-stream.c: one data stream file: mapped whole, its packets indexed
 * (index file or header scan) when the trace opens. Reading its events is
 * ctf-reader.c's. */
#include "config.h"

#include "ctf-index.h"
#include "ctf-map-guard.h"
#include "ctf-trace.h"

#include <lttv/error.h>

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define CTF_MAGIC 0xC1FC1FC1u

/* The stream as its errors name it: its file; in the CTF copy of a
 * trace-cmd .dat file (lttv's own, in the cache folder), the .dat file
 * first, then the copy's stream. */
static char *
stream_label (const CtfStream *s)
{
  if (s->trace != NULL && s->trace->format_name != NULL)
    {
      g_autofree char *base = g_path_get_basename (s->path);
      return g_strdup_printf ("%s: its CTF copy's %s", s->trace->path, base);
    }
  return g_strdup (s->path);
}

gboolean
ctf_stream_error (const CtfStream *s, GError **error, uint64_t byte,
                  const char *what)
{
  g_autofree char *label = stream_label (s);
  g_set_error (error, LTTV_ERROR, LTTV_ERROR_CORRUPT,
               "%s: byte %" G_GUINT64_FORMAT ": %s", label, byte, what);
  return FALSE;
}

static CtfStreamClass *
find_stream_class (CtfTraceClass *tc, uint64_t id)
{
  for (guint i = 0; i < tc->streams->len; i++)
    {
      CtfStreamClass *sc = tc->streams->pdata[i];
      if (sc->id == id)
        return sc;
    }
  return NULL;
}

gboolean
ctf_packet_read_header (const CtfStream *s, CtfCursor *c, uint64_t off,
                        CtfPacket *pk, CtfStreamClass **scp, GError **error)
{
  return ctf_packet_read_header_in (s, c, off, s->map + off, s->size - off,
                                    pk, scp, error);
}

gboolean
ctf_packet_read_header_in (const CtfStream *s, CtfCursor *c, uint64_t off,
                           const uint8_t *bytes, uint64_t n_bytes,
                           CtfPacket *pk, CtfStreamClass **scp,
                           GError **error)
{
  CtfTraceClass *tc = s->trace->tc;
  CtfValue *values = c->values;
  uint64_t avail_bits = (s->size - off) * 8;

  c->buf = bytes;
  c->mapped = n_bytes;
  c->pos = 0;
  c->limit = MIN (avail_bits, n_bytes * 8);
  c->gen++;

  /* the header tells the stream class: decode it with the first class's
   * copy (all classes share the trace's packet header) */
  CtfStreamClass *sc0 = tc->streams->pdata[0];
  if (sc0->packet_header != NULL && !ctf_decode (c, sc0->packet_header))
    return ctf_stream_error (s, error, off + c->err_pos / 8, c->err);
  if (sc0->slot_magic >= 0 && (uint32_t) values[sc0->slot_magic].u
                              != CTF_MAGIC)
    {
      char msg[96];
      g_snprintf (msg, sizeof msg, "bad packet magic number 0x%08x "
                  "(expected 0xc1fc1fc1)",
                  (unsigned) values[sc0->slot_magic].u);
      return ctf_stream_error (s, error, off, msg);
    }
  uint64_t sid = 0;
  if (sc0->slot_stream_id >= 0)
    sid = values[sc0->slot_stream_id].u;
  CtfStreamClass *sc = find_stream_class (tc, sid);
  if (sc == NULL)
    {
      char msg[96];
      g_snprintf (msg, sizeof msg, "unknown stream class id %"
                  G_GUINT64_FORMAT, sid);
      return ctf_stream_error (s, error, off, msg);
    }
  if (*scp != NULL && *scp != sc)
    return ctf_stream_error (s, error, off, "stream class changes within a "
                         "stream file");
  *scp = sc;
  if (sc->packet_context != NULL && !ctf_decode (c, sc->packet_context))
    return ctf_stream_error (s, error, off + c->err_pos / 8, c->err);

  memset (pk, 0, sizeof *pk);
  pk->offset = off;
  /* without packet_size, the packet ends with its content (as
     babeltrace2 reads it), or with the file */
  if (sc->slot_packet_size >= 0)
    pk->packet_bits = values[sc->slot_packet_size].u;
  else if (sc->slot_content_size >= 0)
    pk->packet_bits = (values[sc->slot_content_size].u + 7) & ~7ull;
  else
    pk->packet_bits = avail_bits;
  if (sc->slot_content_size >= 0)
    pk->content_bits = values[sc->slot_content_size].u;
  else
    pk->content_bits = pk->packet_bits;
  if (sc->slot_ts_begin >= 0)
    pk->ts_begin = values[sc->slot_ts_begin].u;
  if (sc->slot_ts_end >= 0)
    pk->ts_end = values[sc->slot_ts_end].u;
  if (sc->slot_discarded >= 0)
    pk->discarded = values[sc->slot_discarded].u;
  if (sc->slot_seq_num >= 0)
    {
      pk->seq_num = values[sc->slot_seq_num].u;
      pk->has_seq_num = TRUE;
    }
  if (pk->packet_bits % 8 != 0 || pk->packet_bits == 0)
    return ctf_stream_error (s, error, off, "packet size is not a positive "
                         "whole number of bytes");
  if (pk->content_bits > pk->packet_bits)
    return ctf_stream_error (s, error, off, "packet content size is larger "
                         "than the packet size");
  if (pk->packet_bits > avail_bits)
    {
      /* a truncated file: read what is there, then report it */
      pk->truncated = TRUE;
      pk->packet_bits = avail_bits;
      pk->content_bits = MIN (pk->content_bits, avail_bits);
    }
  if (c->pos > pk->content_bits)
    return ctf_stream_error (s, error, off, "packet header and context are "
                         "larger than the packet content");
  if (sc->clock != NULL)
    {
      if (!ctf_clock_to_ns (sc->clock, pk->ts_begin, &pk->ns_begin)
          || !ctf_clock_to_ns (sc->clock, pk->ts_end, &pk->ns_end))
        return ctf_stream_error (s, error, off, "packet time out of range");
    }
  return TRUE;
}

/* The bytes a packet header is read from first (header and context are
 * a few dozen bytes; larger ones are read from the mapping). */
#define HEADER_READ 4096

/* Reads the packet header at `off` from a pread copy of its first bytes,
 * so that opening a trace maps no page of it (each mapped page costs a
 * fault, and a large folio of the page cache maps up to 2 MB at once);
 * from the mapping when that fails, which then tells what is wrong. */
static gboolean
read_header (CtfStream *s, int fd, CtfCursor *c, uint64_t off, CtfPacket *pk,
             CtfStreamClass **scp, GError **error)
{
  uint8_t bytes[HEADER_READ];
  uint64_t want = MIN ((uint64_t) HEADER_READ, s->size - off);
  ssize_t got = fd >= 0 ? pread (fd, bytes, want, (off_t) off) : -1;
  CtfStreamClass *sc = *scp;
  if (got >= 0 && got < (ssize_t) want)
    {
      char msg[128];
      g_snprintf (msg, sizeof msg, "the file was cut to %" G_GUINT64_FORMAT
                  " bytes while the trace was opened (it had %" G_GUINT64_FORMAT
                  ")", off + (uint64_t) got, s->size);
      return ctf_stream_error (s, error, off + (uint64_t) got, msg);
    }
  if (got == (ssize_t) want
      && ctf_packet_read_header_in (s, c, off, bytes, want, pk, &sc, NULL))
    {
      *scp = sc;
      /* (the values point into `bytes`: none is kept but numbers) */
      return TRUE;
    }
  s->map_touched = TRUE;
  return ctf_packet_read_header (s, c, off, pk, scp, error);
}

/* A bad packet ends the index: the packets before it are read, then its
 * error is reported where it is met (s->index_error). */
static gboolean
index_packets (CtfStream *s, int fd, CtfCursor *c, GError **error)
{
  uint64_t off = 0, released = 0;
  if (s->map_reserved != 0)
    return ctf_stream_index_more (s, fd, c, 0, error) >= 0;
  uint64_t page = (uint64_t) sysconf (_SC_PAGESIZE);
  while (off < s->size)
    {
      /* the pages read so far given back every 8 MB of file (see
       * ctf_stream_open) */
      if (s->map_touched && off - released >= (8u << 20))
        {
          uint64_t upto = off & ~(page - 1);
          madvise ((void *) (s->map + released), upto - released, MADV_DONTNEED);
          released = upto;
        }
      CtfPacket pk;
      if (!read_header (s, fd, c, off, &pk, &s->sc, &s->index_error))
        return s->packets->len > 0 || (g_propagate_error (
            error, g_steal_pointer (&s->index_error)), FALSE);
      g_array_append_val (s->packets, pk);
      if (pk.truncated)
        {
          g_autofree char *label = stream_label (s);
          g_set_error (&s->index_error, LTTV_ERROR, LTTV_ERROR_CORRUPT,
                       "%s: byte %" G_GUINT64_FORMAT ": packet goes past the "
                       "end of the file (truncated file?)", label, off);
          break;
        }
      off += pk.packet_bits / 8;
    }
  return TRUE;
}

CtfStream *
ctf_stream_open (LttvTrace *trace, const char *path, GError **error)
{
  CtfStream *s = g_new0 (CtfStream, 1);
  s->trace = trace;
  s->path = g_strdup (path);
  s->packets = trace->growable
    ? g_array_sized_new (FALSE, FALSE, sizeof (CtfPacket), CTF_GROW_PACKETS)
    : g_array_new (FALSE, FALSE, sizeof (CtfPacket));

  int fd = open (path, O_RDONLY | O_CLOEXEC);
  struct stat st;
  if (fd < 0 || fstat (fd, &st) != 0)
    {
      g_set_error (error, LTTV_ERROR, LTTV_ERROR_IO, "%s: %s", path,
                   g_strerror (errno));
      if (fd >= 0)
        close (fd);
      ctf_stream_free (s);
      return NULL;
    }
  s->size = (uint64_t) st.st_size;
  if (s->size > 0)
    {
      /* A growing trace's file is mapped past its end: the pages of what
       * is appended are read through the same addresses, which readers in
       * other threads hold. */
      if (trace->growable && s->size < CTF_GROW_MAP)
        s->map_reserved = CTF_GROW_MAP;
      void *m = mmap (NULL, s->map_reserved != 0 ? s->map_reserved : s->size,
                      PROT_READ, MAP_PRIVATE, fd, 0);
      if (m == MAP_FAILED)
        {
          g_set_error (error, LTTV_ERROR, LTTV_ERROR_IO, "%s: cannot map: "
                       "%s", path, g_strerror (errno));
          close (fd);
          ctf_stream_free (s);
          return NULL;
        }
      s->map = m;
      s->dev = st.st_dev;
      s->ino = st.st_ino;
      ctf_map_guard_add (s);
    }

  int max_slots = 1;
  CtfTraceClass *tc = trace->tc;
  for (guint i = 0; i < tc->streams->len; i++)
    max_slots = MAX (max_slots, ((CtfStreamClass *) tc->streams->pdata[i])
                                ->max_slots);
  s->max_slots = max_slots;
  /* a cursor for the header scan only: readers have their own */
  g_autofree CtfValue *values = g_new0 (CtfValue, max_slots);
  CtfCursor cur = { .values = values };
  if (s->size > 0 && g_getenv ("LTTV_NO_INDEX") == NULL && s->map_reserved == 0
      && ctf_index_load (path, s->size, s->packets))
    {
      /* the first packet's header tells the stream class and checks that
         the index belongs to this file */
      CtfPacket first;
      CtfPacket *pk0 = &g_array_index (s->packets, CtfPacket, 0);
      if (read_header (s, fd, &cur, 0, &first, &s->sc, NULL)
          && first.packet_bits == pk0->packet_bits
          && first.content_bits == pk0->content_bits)
        {
          s->from_index = TRUE;
          for (guint i = 0; i < s->packets->len; i++)
            {
              CtfPacket *pk = &g_array_index (s->packets, CtfPacket, i);
              if (s->sc->clock != NULL
                  && (!ctf_clock_to_ns (s->sc->clock, pk->ts_begin,
                                        &pk->ns_begin)
                      || !ctf_clock_to_ns (s->sc->clock, pk->ts_end,
                                           &pk->ns_end)))
                {
                  s->from_index = FALSE;
                  break;
                }
            }
        }
      if (!s->from_index)
        {
          g_array_set_size (s->packets, 0);
          s->sc = NULL;
        }
    }
  gboolean indexed = s->from_index || index_packets (s, fd, &cur, error);
  close (fd);
  if (!indexed)
    {
      ctf_stream_free (s);
      return NULL;
    }
  /* The pages headers were read from are given back: in the page
   * cache's large folios, each header read maps up to 2 MB, so a trace of
   * large packets would keep most of its size mapped for being opened. */
  if (s->map != NULL && s->map_touched)
    madvise ((void *) s->map, s->size, MADV_DONTNEED);
  ctf_seek_points_init (s);
  return s;
}

void
ctf_stream_free (CtfStream *s)
{
  if (s == NULL)
    return;
  if (s->map != NULL)
    {
      ctf_map_guard_remove (s);
      munmap ((void *) s->map, s->map_reserved != 0 ? s->map_reserved : s->size);
    }
  ctf_seek_points_clear (s);
  g_array_free (s->packets, TRUE);
  g_clear_error (&s->index_error);
  g_free (s->path);
  g_free (s);
}


/* --- Growing in place (a live session's mirror) ----------------------------- */

/* Indexes the whole packets from `off` to the file's end (s->size, which
 * the caller moved on): each written into the reserve, then published by
 * the array's length. A packet cut by the file's end is left for later
 * (s->size then stops before it). Returns the packets added, -1 with
 * `error` set. */
int
ctf_stream_index_more (CtfStream *s, int fd, CtfCursor *c, uint64_t off,
                       GError **error)
{
  int added = 0;
  uint64_t file_end = s->size;
  while (off < file_end)
    {
      CtfPacket pk;
      GError *err = NULL;
      if (s->packets->len >= CTF_GROW_PACKETS)
        {
          g_autofree char *label = stream_label (s);
          g_set_error (error, LTTV_ERROR, LTTV_ERROR_IO, "%s: more than %u "
                       "packets: the trace cannot grow in place", label,
                       CTF_GROW_PACKETS);
          return -1;
        }
      if (!read_header (s, fd, c, off, &pk, &s->sc, &err))
        {
          /* what came before it is read; the bad packet ends the stream */
          if (s->packets->len == 0)
            {
              g_propagate_error (error, err);
              return -1;
            }
          s->index_error = err;
          break;
        }
      if (pk.truncated)
        {
          __atomic_store_n (&s->size, off, __ATOMIC_RELEASE);
          break;
        }
      ((CtfPacket *) (void *) s->packets->data)[s->packets->len] = pk;
      __atomic_store_n (&s->packets->len, s->packets->len + 1,
                        __ATOMIC_RELEASE);
      added++;
      off += pk.packet_bits / 8;
    }
  return added;
}

int
ctf_stream_grow (CtfStream *s, GError **error)
{
  struct stat st;
  if (s->map_reserved == 0 || s->index_error != NULL)
    return 0;
  int fd = open (s->path, O_RDONLY | O_CLOEXEC);
  if (fd < 0 || fstat (fd, &st) != 0)
    {
      g_set_error (error, LTTV_ERROR, LTTV_ERROR_IO, "%s: %s", s->path,
                   g_strerror (errno));
      if (fd >= 0)
        close (fd);
      return -1;
    }
  if (st.st_dev != s->dev || st.st_ino != s->ino
      || (uint64_t) st.st_size > s->map_reserved)
    {
      g_set_error (error, LTTV_ERROR, LTTV_ERROR_IO, "%s: %s", s->path,
                   st.st_dev != s->dev || st.st_ino != s->ino
                   ? "the file was replaced" : "the file is too large to "
                   "grow in place");
      close (fd);
      return -1;
    }
  const CtfPacket *last = s->packets->len > 0
    ? &g_array_index (s->packets, CtfPacket, s->packets->len - 1) : NULL;
  uint64_t off = last != NULL ? last->offset + last->packet_bits / 8 : 0;
  if ((uint64_t) st.st_size <= off)
    {
      close (fd);
      return 0;
    }
  g_autofree CtfValue *values = g_new0 (CtfValue, s->max_slots);
  CtfCursor cur = { .values = values };
  ctf_map_guard_remove (s);
  __atomic_store_n (&s->size, (uint64_t) st.st_size, __ATOMIC_RELEASE);
  int added = ctf_stream_index_more (s, fd, &cur, off, error);
  ctf_map_guard_add (s);
  close (fd);
  return added;
}
