/* ctf-stream.c: one data stream file: mapped, its packets indexed by a
 * header scan, events decoded in place. Pages already read are given back
 * (madvise) so that memory stays flat on huge traces. */
#include "config.h"

#include "ctf-trace.h"

#include <lttv/error.h>

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define CTF_MAGIC 0xC1FC1FC1u

static gboolean
stream_error (CtfStream *s, GError **error, uint64_t byte, const char *what)
{
  g_set_error (error, LTTV_ERROR, LTTV_ERROR_CORRUPT,
               "%s: byte %" G_GUINT64_FORMAT ": %s", s->path, byte, what);
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

/* Decodes the packet header and context at `off`; fills `pk`. */
static gboolean
read_packet_header (CtfStream *s, uint64_t off, CtfPacket *pk,
                    GError **error)
{
  CtfTraceClass *tc = s->trace->tc;
  CtfCursor *c = &s->cur;
  uint64_t avail_bits = (s->size - off) * 8;

  c->buf = s->map + off;
  c->pos = 0;
  c->limit = avail_bits;
  c->gen++;
  s->packet_gen = c->gen;
  c->values = s->values;

  /* the header tells the stream class: decode it with the first class's
   * copy (all classes share the trace's packet header) */
  CtfStreamClass *sc0 = tc->streams->pdata[0];
  if (sc0->packet_header != NULL && !ctf_decode (c, sc0->packet_header))
    return stream_error (s, error, off + c->err_pos / 8, c->err);
  if (sc0->slot_magic >= 0 && (uint32_t) s->values[sc0->slot_magic].u
                              != CTF_MAGIC)
    {
      char msg[96];
      g_snprintf (msg, sizeof msg, "bad packet magic number 0x%08x "
                  "(expected 0xc1fc1fc1)",
                  (unsigned) s->values[sc0->slot_magic].u);
      return stream_error (s, error, off, msg);
    }
  uint64_t sid = 0;
  if (sc0->slot_stream_id >= 0)
    sid = s->values[sc0->slot_stream_id].u;
  CtfStreamClass *sc = find_stream_class (tc, sid);
  if (sc == NULL)
    {
      char msg[96];
      g_snprintf (msg, sizeof msg, "unknown stream class id %"
                  G_GUINT64_FORMAT, sid);
      return stream_error (s, error, off, msg);
    }
  if (s->sc != NULL && s->sc != sc)
    return stream_error (s, error, off, "stream class changes within a "
                         "stream file");
  s->sc = sc;
  if (sc->packet_context != NULL && !ctf_decode (c, sc->packet_context))
    return stream_error (s, error, off + c->err_pos / 8, c->err);

  memset (pk, 0, sizeof *pk);
  pk->offset = off;
  if (sc->slot_packet_size >= 0)
    pk->packet_bits = s->values[sc->slot_packet_size].u;
  else
    pk->packet_bits = avail_bits;
  if (sc->slot_content_size >= 0)
    pk->content_bits = s->values[sc->slot_content_size].u;
  else
    pk->content_bits = pk->packet_bits;
  if (sc->slot_ts_begin >= 0)
    pk->ts_begin = s->values[sc->slot_ts_begin].u;
  if (sc->slot_ts_end >= 0)
    pk->ts_end = s->values[sc->slot_ts_end].u;
  if (sc->slot_discarded >= 0)
    pk->discarded = s->values[sc->slot_discarded].u;
  if (pk->packet_bits % 8 != 0 || pk->packet_bits == 0)
    return stream_error (s, error, off, "packet size is not a positive "
                         "whole number of bytes");
  if (pk->content_bits > pk->packet_bits)
    return stream_error (s, error, off, "packet content size is larger "
                         "than the packet size");
  if (pk->packet_bits > avail_bits)
    {
      /* a truncated file: read what is there, then report it */
      pk->truncated = TRUE;
      pk->packet_bits = avail_bits;
      pk->content_bits = MIN (pk->content_bits, avail_bits);
    }
  if (c->pos > pk->content_bits)
    return stream_error (s, error, off, "packet header and context are "
                         "larger than the packet content");
  if (sc->clock != NULL)
    {
      if (!ctf_clock_to_ns (sc->clock, pk->ts_begin, &pk->ns_begin)
          || !ctf_clock_to_ns (sc->clock, pk->ts_end, &pk->ns_end))
        return stream_error (s, error, off, "packet time out of range");
    }
  return TRUE;
}

/* A bad packet ends the index: the packets before it are read, then its
 * error is reported where it is met (s->index_error). */
static gboolean
index_packets (CtfStream *s, GError **error)
{
  uint64_t off = 0;
  while (off < s->size)
    {
      CtfPacket pk;
      if (!read_packet_header (s, off, &pk, &s->index_error))
        return s->packets->len > 0 || (g_propagate_error (
            error, g_steal_pointer (&s->index_error)), FALSE);
      g_array_append_val (s->packets, pk);
      if (pk.truncated)
        {
          g_set_error (&s->index_error, LTTV_ERROR, LTTV_ERROR_CORRUPT,
                       "%s: byte %" G_GUINT64_FORMAT ": packet goes past the "
                       "end of the file (truncated file?)", s->path, off);
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
  s->packets = g_array_new (FALSE, FALSE, sizeof (CtfPacket));

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
      void *m = mmap (NULL, s->size, PROT_READ, MAP_PRIVATE, fd, 0);
      if (m == MAP_FAILED)
        {
          g_set_error (error, LTTV_ERROR, LTTV_ERROR_IO, "%s: cannot map: "
                       "%s", path, g_strerror (errno));
          close (fd);
          ctf_stream_free (s);
          return NULL;
        }
      s->map = m;
    }
  close (fd);

  int max_slots = 1;
  CtfTraceClass *tc = trace->tc;
  for (guint i = 0; i < tc->streams->len; i++)
    max_slots = MAX (max_slots, ((CtfStreamClass *) tc->streams->pdata[i])
                                ->max_slots);
  s->values = g_new0 (CtfValue, max_slots);
  s->cur.values = s->values;
  s->event.stream = s;
  if (!index_packets (s, error))
    {
      ctf_stream_free (s);
      return NULL;
    }
  s->done = s->packets->len == 0;
  return s;
}

void
ctf_stream_free (CtfStream *s)
{
  if (s == NULL)
    return;
  if (s->map != NULL)
    munmap ((void *) s->map, s->size);
  g_array_free (s->packets, TRUE);
  g_clear_error (&s->index_error);
  g_free (s->values);
  g_free (s->path);
  g_free (s);
}

/* Gives back the pages of the packets before `off`. */
static void
release_before (CtfStream *s, uint64_t off)
{
  uint64_t page = (uint64_t) sysconf (_SC_PAGESIZE);
  uint64_t upto = off & ~(page - 1);
  if (upto > s->released + (4u << 20))
    {
      madvise ((void *) (s->map + s->released), upto - s->released,
               MADV_DONTNEED);
      s->released = upto;
    }
}

static gboolean
enter_packet (CtfStream *s, guint i, GError **error)
{
  CtfPacket *pk = &g_array_index (s->packets, CtfPacket, i);
  CtfPacket again;
  release_before (s, pk->offset);
  if (!read_packet_header (s, pk->offset, &again, error))
    return FALSE;
  s->cur.limit = pk->content_bits;
  s->packet = i;
  s->in_packet = TRUE;
  return TRUE;
}

gboolean
ctf_stream_seek (CtfStream *s, int64_t ns, GError **error)
{
  guint i = 0;
  s->in_packet = FALSE;
  s->pending = FALSE;
  s->done = FALSE;
  s->released = 0;
  if (ns != INT64_MIN && s->sc != NULL && s->sc->slot_ts_end >= 0)
    while (i < s->packets->len
           && g_array_index (s->packets, CtfPacket, i).ns_end < ns
           && g_array_index (s->packets, CtfPacket, i).ts_end != 0)
      i++;
  if (i >= s->packets->len)
    {
      s->done = TRUE;
      return TRUE;
    }
  if (!enter_packet (s, i, error))
    return FALSE;
  if (ns == INT64_MIN)
    return TRUE;
  while (ctf_stream_next (s, error))
    if (s->event.ns >= ns)
      {
        s->pending = TRUE;   /* the next call returns this event */
        return TRUE;
      }
  return s->done;
}

gboolean
ctf_stream_next (CtfStream *s, GError **error)
{
  CtfCursor *c = &s->cur;
  if (s->pending)
    {
      s->pending = FALSE;
      return TRUE;
    }
  if (s->done)
    return FALSE;
  for (;;)
    {
      if (!s->in_packet)
        {
          if (!enter_packet (s, 0, error))
            return FALSE;
        }
      if (c->pos < c->limit)
        break;
      if (s->packet + 1 >= s->packets->len)
        {
          s->done = TRUE;
          if (s->index_error != NULL)
            g_propagate_error (error, g_error_copy (s->index_error));
          return FALSE;
        }
      if (!enter_packet (s, s->packet + 1, error))
        return FALSE;
    }

  CtfStreamClass *sc = s->sc;
  uint64_t start = c->pos;
  c->gen++;
  c->has_event_id = FALSE;
  c->event_id = 0;
  if (sc->event_header != NULL && !ctf_decode (c, sc->event_header))
    goto corrupt;
  CtfEventClass *ec = NULL;
  if (c->event_id < sc->n_dense)
    ec = sc->events_dense[c->event_id];
  else if (sc->events_by_id != NULL)
    ec = g_hash_table_lookup (sc->events_by_id, &c->event_id);
  if (ec == NULL)
    {
      g_snprintf (c->err, sizeof c->err, "unknown event id %"
                  G_GUINT64_FORMAT " in stream class %" G_GUINT64_FORMAT,
                  c->event_id, sc->id);
      c->err_pos = start;
      goto corrupt;
    }
  if (sc->event_context != NULL && !ctf_decode (c, sc->event_context))
    goto corrupt;
  if (ec->context != NULL && !ctf_decode (c, ec->context))
    goto corrupt;
  if (ec->fields != NULL && !ctf_decode (c, ec->fields))
    goto corrupt;
  if (c->pos == start)
    {
      g_strlcpy (c->err, "empty event (no bits read)", sizeof c->err);
      c->err_pos = start;
      goto corrupt;
    }
  s->event.cls = &s->trace->classes[ec->index];
  s->event.cycles = c->clock;
  s->event.ns = 0;
  if (sc->clock != NULL && !ctf_clock_to_ns (sc->clock, c->clock,
                                             &s->event.ns))
    {
      g_strlcpy (c->err, "event time out of range", sizeof c->err);
      c->err_pos = start;
      goto corrupt;
    }
  s->n_events++;
  return TRUE;

corrupt:
  s->done = TRUE;
  {
    CtfPacket *pk = &g_array_index (s->packets, CtfPacket, s->packet);
    return stream_error (s, error, pk->offset + c->err_pos / 8, c->err);
  }
}
