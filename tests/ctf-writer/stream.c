/* SPDX-License-Identifier: GPL-2.0-or-later */
/* stream.c: encodes one CPU's events into CTF packets, bit for bit as
 * the tracers lay them out: packet header, packet context, then per event
 * the event header (LTTng compact or large with their extended form, or
 * perf's id + timestamp) and the payload. */
#include "ctf-writer.h"

#include <string.h>

#define CTF_MAGIC 0xC1FC1FC1u

/* byte_order = le fills each byte from its least significant bit, a
 * value's low bits first; be fills from the most significant bit, the
 * value's high bits first (CTF 1.8, section 4.1.5). */
typedef struct {
  GArray *buf;    /* guint8, zero-filled as it grows */
  guint64 bit;
  gboolean be;
} BitWriter;

static void
bw_reserve (BitWriter *w, guint64 end_bit)
{
  guint64 bytes = (end_bit + 7) / 8;
  if (bytes > w->buf->len)
    g_array_set_size (w->buf, (guint) bytes);
}

static void
bw_align (BitWriter *w, guint align)
{
  w->bit = (w->bit + align - 1) / align * align;
  bw_reserve (w, w->bit);
}

static void
bw_int (BitWriter *w, guint64 v, guint size, guint align)
{
  guint8 *data;

  bw_align (w, align);
  bw_reserve (w, w->bit + size);
  data = (guint8 *) w->buf->data;
  if (w->bit % 8 == 0 && size % 8 == 0)
    {
      for (guint i = 0; i < size / 8; i++)
        data[w->bit / 8 + i] = (guint8) (v >> (8 * (w->be ? size / 8 - 1 - i : i)));
    }
  else if (w->be)
    {
      for (guint i = 0; i < size; i++)
        {
          guint64 pos = w->bit + i;
          guint8 mask = (guint8) (0x80u >> (pos % 8));
          if ((v >> (size - 1 - i)) & 1)
            data[pos / 8] |= mask;
          else
            data[pos / 8] &= (guint8) ~mask;
        }
    }
  else
    {
      for (guint i = 0; i < size; i++)
        {
          guint64 pos = w->bit + i;
          if ((v >> i) & 1)
            data[pos / 8] |= (guint8) (1u << (pos % 8));
          else
            data[pos / 8] &= (guint8) ~(1u << (pos % 8));
        }
    }
  w->bit += size;
}

static void
bw_bytes (BitWriter *w, const void *bytes, gsize len)
{
  bw_align (w, 8);
  bw_reserve (w, w->bit + 8 * len);
  memcpy (w->buf->data + w->bit / 8, bytes, len);
  w->bit += 8 * len;
}

guint
cw_int_align (const CwConfig *config, guint size)
{
  if (config->tracer == CW_TRACER_PERF)
    return 1;
  return config->arm32 ? size : 8;
}

guint
cw_field_int_size (const CwConfig *config, const CwFieldDesc *field)
{
  if (field->kind == CW_FT_LONG)
    return config->arm32 ? 32 : 64;
  return field->size;
}

static gboolean
has_v28_fields (const CwConfig *c)
{
  return c->tracer == CW_TRACER_LTTNG && cw_version_at_least (c, 2, 8);
}

typedef struct {
  guint64 begin, end, content_bits, packet_bits, seq, discarded;
  guint cpu;
} PacketInfo;

/* LTTng's packet index (index/channel0_N.idx), version 1.0 as both
 * reference traces have it: a header (magic 0xC1F1DCC1, major 1, minor 0,
 * entry size 56) then per packet offset (bytes), packet_size and
 * content_size (bits), timestamp_begin, timestamp_end, events_discarded,
 * stream_id; all big-endian. */
#define INDEX_MAGIC 0xC1F1DCC1u
#define INDEX_ENTRY 56

static void
put_be (GByteArray *a, guint64 v, guint bytes)
{
  for (guint i = 0; i < bytes; i++)
    {
      guint8 b = (guint8) (v >> (8 * (bytes - 1 - i)));
      g_byte_array_append (a, &b, 1);
    }
}

static void
index_append (GByteArray *index, guint64 offset, const PacketInfo *pi)
{
  put_be (index, offset, 8);
  put_be (index, pi->packet_bits, 8);
  put_be (index, pi->content_bits, 8);
  put_be (index, pi->begin, 8);
  put_be (index, pi->end, 8);
  put_be (index, pi->discarded, 8);
  put_be (index, 0, 8);
}

/* perf declares its packet header and context integers with align = 8
 * (but cpu_id with align = 1); LTTng uses its usual alignment. */
static guint
packet_align (const CwConfig *c, guint size)
{
  return c->tracer == CW_TRACER_PERF ? 8 : cw_int_align (c, size);
}

static void
write_header (BitWriter *w, const CwConfig *c, guint cpu)
{
  bw_int (w, CTF_MAGIC, 32, packet_align (c, 32));
  bw_bytes (w, c->uuid, 16);
  bw_int (w, 0, 32, packet_align (c, 32));
  if (has_v28_fields (c))
    bw_int (w, cpu, 64, packet_align (c, 64));
}

static void
write_context (BitWriter *w, const CwConfig *c, const PacketInfo *pi)
{
  guint long_size = c->tracer == CW_TRACER_PERF || !c->arm32 ? 64 : 32;

  bw_int (w, pi->begin, 64, packet_align (c, 64));
  bw_int (w, pi->end, 64, packet_align (c, 64));
  bw_int (w, pi->content_bits, 64, packet_align (c, 64));
  bw_int (w, pi->packet_bits, 64, packet_align (c, 64));
  if (has_v28_fields (c))
    bw_int (w, pi->seq, 64, packet_align (c, 64));
  bw_int (w, pi->discarded, long_size, packet_align (c, long_size));
  bw_int (w, pi->cpu, 32, cw_int_align (c, 32));
}

/* The alignment of a class's payload struct: its widest member's. */
static guint
payload_align (const CwConfig *c, const CwClass *klass)
{
  guint align = 1;

  for (guint i = 0; i < klass->n_fields; i++)
    {
      const CwFieldDesc *f = klass->fields[i];
      guint a;

      if (klass->omitted & (1u << i))
        continue;
      switch (f->kind)
        {
        case CW_FT_INT: case CW_FT_LONG:
          a = cw_int_align (c, cw_field_int_size (c, f));
          break;
        case CW_FT_VTIDS:
          a = MAX (cw_int_align (c, 8), cw_int_align (c, 32));
          break;
        case CW_FT_CMD:
          a = cw_int_align (c, 32);
          break;
        case CW_FT_ARGS6:
          a = cw_int_align (c, 64);
          break;
        default:
          a = 8;
        }
      align = MAX (align, a);
    }
  return align;
}

static gint64
value_of (const CwEvent *ev, const char *name)
{
  for (guint i = 0; i < ev->klass->n_fields; i++)
    if (strcmp (ev->klass->fields[i]->name, name) == 0)
      return (gint64) (gint32) ev->values[i].u;
  return 0;
}

static void
write_payload (BitWriter *w, const CwConfig *c, const CwEvent *ev)
{
  const CwClass *klass = ev->klass;

  bw_align (w, payload_align (c, klass));
  for (guint i = 0; i < klass->n_fields; i++)
    {
      const CwFieldDesc *f = klass->fields[i];
      const CwValue *v = &ev->values[i];
      char text[16] = { 0 };
      guint size;

      if (klass->omitted & (1u << i))
        continue;
      switch (f->kind)
        {
        case CW_FT_INT:
        case CW_FT_LONG:
          size = cw_field_int_size (c, f);
          bw_int (w, v->u, size, cw_int_align (c, size));
          break;
        case CW_FT_TEXT16:
          if (v->s != NULL)
            memcpy (text, v->s, strlen (v->s));
          bw_bytes (w, text, sizeof text);
          break;
        case CW_FT_STRING:
          bw_bytes (w, v->s != NULL ? v->s : "", v->s != NULL ? strlen (v->s) + 1 : 1);
          break;
        case CW_FT_VTIDS:
          /* A task of the root PID namespace: one level, its own tid. */
          bw_int (w, 1, 8, cw_int_align (c, 8));
          bw_int (w, (guint64) value_of (ev, "child_tid"), 32, cw_int_align (c, 32));
          break;
        case CW_FT_CMD:
          bw_int (w, 0, 32, cw_int_align (c, 32));
          break;
        case CW_FT_ARGS6:
          for (guint k = 0; k < 6; k++)
            bw_int (w, 0, 64, cw_int_align (c, 64));
          break;
        }
    }
}

/* Writes the event header; prev is the time of the stream's previous
 * event. Like LTTng, the compact form is chosen whenever the bits above
 * the compact timestamp did not change since that event, packet boundaries
 * or not (the reader starts each packet from timestamp_begin, which lies
 * between the two); the first event of a stream is always extended. */
static void
write_event_header (BitWriter *w, const CwConfig *c, guint id, guint64 t,
                    guint64 prev, gboolean first_in_stream)
{
  if (c->tracer == CW_TRACER_PERF)
    {
      bw_align (w, 8);
      bw_int (w, id, 32, 8);
      bw_int (w, t, 64, 8);
      return;
    }
  if (!c->large_header)
    {
      gboolean compact = id < 31 && !first_in_stream && (t >> 27) == (prev >> 27);

      bw_align (w, cw_int_align (c, 32));
      if (compact)
        {
          bw_int (w, id, 5, 1);
          bw_int (w, t & ((1u << 27) - 1), 27, 1);
          return;
        }
      bw_int (w, 31, 5, 1);
    }
  else
    {
      gboolean compact = id < 65535 && !first_in_stream && (t >> 32) == (prev >> 32);

      bw_align (w, cw_int_align (c, 16));
      if (compact)
        {
          bw_int (w, id, 16, cw_int_align (c, 16));
          bw_int (w, t & G_MAXUINT32, 32, cw_int_align (c, 32));
          return;
        }
      bw_int (w, 65535, 16, cw_int_align (c, 16));
    }
  /* The `extended` struct aligns as its widest member, the uint64. */
  bw_align (w, cw_int_align (c, 64));
  bw_int (w, id, 32, cw_int_align (c, 32));
  bw_int (w, t, 64, cw_int_align (c, 64));
}

typedef struct {
  const CwScenario *sc;
  GByteArray *out;
  GByteArray *index;      /* LTTng index/<stream>.idx, big-endian */
  BitWriter w;
  PacketInfo pi;
  guint64 ctx_bit;
  guint n_events;
  gboolean open;
  guint64 seq;
  guint64 discarded;      /* running total, as the tracer counts */
} StreamState;

static void
packet_open (StreamState *s, guint cpu, guint64 begin)
{
  const CwConfig *c = &s->sc->config;

  s->w.buf = g_array_new (FALSE, TRUE, 1);
  s->w.bit = 0;
  s->w.be = c->big_endian;
  memset (&s->pi, 0, sizeof s->pi);
  s->pi.cpu = cpu;
  s->pi.begin = begin;
  s->pi.end = begin;
  s->pi.seq = s->seq++;
  write_header (&s->w, c, cpu);
  /* Placeholder, rewritten with the final sizes when the packet closes. */
  s->ctx_bit = s->w.bit;
  write_context (&s->w, c, &s->pi);
  s->n_events = 0;
  s->open = TRUE;
}

static void
packet_close (StreamState *s)
{
  const CwConfig *c = &s->sc->config;
  guint64 end_bit = s->w.bit;

  s->pi.content_bits = end_bit;
  if (c->packet_size != 0)
    s->pi.packet_bits = (guint64) c->packet_size * 8;
  else
    s->pi.packet_bits = (end_bit + 4096 * 8 - 1) / (4096 * 8) * (4096 * 8);
  s->pi.discarded = s->discarded;
  s->w.bit = s->ctx_bit;
  write_context (&s->w, c, &s->pi);
  g_array_set_size (s->w.buf, (guint) (s->pi.packet_bits / 8));
  index_append (s->index, s->out->len, &s->pi);
  g_byte_array_append (s->out, (const guint8 *) s->w.buf->data, s->w.buf->len);
  g_array_unref (s->w.buf);
  s->w.buf = NULL;
  s->open = FALSE;
}

static GBytes *
index_file (StreamState *s)
{
  GByteArray *file = g_byte_array_new ();

  put_be (file, INDEX_MAGIC, 4);
  put_be (file, 1, 4);
  put_be (file, 0, 4);
  put_be (file, INDEX_ENTRY, 4);
  g_byte_array_append (file, s->index->data, s->index->len);
  g_byte_array_unref (s->index);
  s->index = NULL;
  return g_byte_array_free_to_bytes (file);
}

GBytes *
cw_stream_build (const CwScenario *sc, guint cpu, GBytes **index,
                 GError **error)
{
  const CwConfig *c = &sc->config;
  StreamState s = { sc, g_byte_array_new (), g_byte_array_new () };
  guint64 prev = 0, first_time = G_MAXUINT64;
  gboolean have_prev = FALSE;
  gboolean pending = FALSE;    /* discarded events not yet in a packet */
  guint64 pending_time = 0;

  for (guint i = 0; i < sc->events->len; i++)
    {
      const CwEvent *ev = sc->events->pdata[i];
      first_time = MIN (first_time, ev->time);
    }

  /* Even an empty packet needs its header and context. */
  packet_open (&s, cpu, 0);
  if (c->packet_size != 0 && s.w.bit > (guint64) c->packet_size * 8)
    {
      g_set_error (error, CW_ERROR, 0, "%s:%u: packet-size %zu is smaller than "
                   "the packet header and context (%" G_GUINT64_FORMAT " bytes)",
                   sc->path, c->packet_size_line, c->packet_size, s.w.bit / 8);
      g_array_unref (s.w.buf);
      g_byte_array_unref (s.out);
      g_byte_array_unref (s.index);
      return NULL;
    }
  g_array_unref (s.w.buf);
  s.w.buf = NULL;
  s.open = FALSE;
  s.seq = 0;

  for (guint i = 0; i < sc->events->len; i++)
    {
      const CwEvent *ev = sc->events->pdata[i];
      guint64 save_bit;
      guint save_len;

      if (ev->cpu != cpu)
        continue;
      if (ev->klass == NULL && ev->lost_packets > 0)
        {
          /* Packets the consumer never wrote: this one ends, and the
           * next one's packet_seq_num jumps over them. */
          if (s.open)
            packet_close (&s);
          s.seq += ev->lost_packets;
          continue;
        }
      if (ev->klass == NULL)
        {
          /* The tracer lost events here: they show in the next packet's
           * events_discarded, so this packet ends now. */
          if (s.open)
            packet_close (&s);
          s.discarded += ev->discarded;
          pending = TRUE;
          pending_time = ev->time;
          continue;
        }
      if (!s.open)
        packet_open (&s, cpu, ev->time);
      for (;;)
        {
          save_bit = s.w.bit;
          save_len = s.w.buf->len;
          write_event_header (&s.w, c, ev->klass->id, ev->time, prev, !have_prev);
          if (c->context_tid)
            bw_int (&s.w, (guint64) (gint64) ev->ctx_tid, 32, cw_int_align (c, 32));
          if (c->context_pid)
            bw_int (&s.w, (guint64) (gint64) ev->ctx_pid, 32, cw_int_align (c, 32));
          if (c->context_procname)
            bw_bytes (&s.w, ev->ctx_procname, sizeof ev->ctx_procname);
          write_payload (&s.w, c, ev);
          if (c->packet_size == 0 || s.w.bit <= (guint64) c->packet_size * 8)
            break;
          if (s.n_events == 0)
            {
              g_set_error (error, CW_ERROR, 0,
                           "%s:%u: packet-size %zu is too small for this event "
                           "(it needs %" G_GUINT64_FORMAT " bytes with the packet "
                           "header and context)", sc->path, ev->line, c->packet_size,
                           (s.w.bit + 7) / 8);
              g_array_unref (s.w.buf);
              g_byte_array_unref (s.out);
              g_byte_array_unref (s.index);
              return NULL;
            }
          /* Does not fit: this packet ends, the event starts the next. */
          g_array_set_size (s.w.buf, save_len);
          s.w.bit = save_bit;
          packet_close (&s);
          packet_open (&s, cpu, ev->time);
        }
      s.n_events++;
      s.pi.end = ev->time;
      prev = ev->time;
      have_prev = TRUE;
      pending = FALSE;
    }
  if (s.open)
    packet_close (&s);
  if (pending || s.out->len == 0)
    {
      /* An empty packet: it carries the last discarded count, or stands for
       * a CPU that recorded nothing. */
      guint64 t = pending ? pending_time : first_time == G_MAXUINT64 ? 0 : first_time;
      packet_open (&s, cpu, t);
      packet_close (&s);
    }
  *index = index_file (&s);
  return g_byte_array_free_to_bytes (s.out);
}
