/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ctf-reader.c: one iterator's reading of a stream file: its packet, bit
 * position and decoded values, over the stream's shared mapping. Pages
 * already read are given back (madvise) so that memory stays flat on huge
 * traces; another reader of the same file faults them in again from the
 * page cache. */
#include "config.h"

#include "ctf-map-guard.h"
#include "ctf-trace.h"

#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

void
ctf_reader_init (CtfReader *r, CtfStream *s, const guint8 *wanted,
                 const CtfPlanSubset *subsets)
{
  memset (r, 0, sizeof *r);
  r->slide_at = G_MAXUINT64;
  r->s = s;
  r->wanted = wanted;
  r->subsets = subsets;
  r->sc = s->sc;
  ctf_packet_copy_init (&r->copy);
  r->values = g_new0 (CtfValue, s->max_slots);
  r->cur.values = r->values;
  r->event.rd = r;
  r->done = ctf_stream_n_packets (s) == 0;
}

void
ctf_reader_clear (CtfReader *r)
{
  ctf_seek_points_publish (r);
  if (r->track != NULL)
    g_array_free (g_steal_pointer (&r->track), TRUE);
  g_clear_pointer (&r->values, g_free);
  ctf_packet_copy_clear (&r->copy);
  ctf_reader_forget_forms (r);
}

#define WINDOW (8u << 20)
/* A copy's window slides on when fewer bytes than this part of it are
 * left (4 KB of 1 MB; the bytes left are moved to its start): an event
 * longer than that is read again once the window holds it. */
#define WINDOW_MARGIN_PART 256

/* Maps the pages ahead of `off` in one call rather than one fault per
 * few pages (when the kernel can), and gives back the pages of the
 * packets before it, so that memory stays flat. */
static void
release_before (CtfReader *r, uint64_t off)
{
  const CtfStream *s = r->s;
  uint64_t page = (uint64_t) sysconf (_SC_PAGESIZE);
#ifdef MADV_POPULATE_READ
  if (off + (WINDOW / 2) > r->populated && r->populated < s->size)
    {
      uint64_t from = MAX (r->populated, off) & ~(page - 1);
      uint64_t to = MIN (s->size, from + WINDOW);
      if (to > from)
        madvise ((void *) (s->map + from), to - from, MADV_POPULATE_READ);
      /* and the window after it read from the disk meanwhile, so that
       * the next populate finds it in the page cache */
      if (to < s->size)
        madvise ((void *) (s->map + to), MIN (s->size, to + WINDOW) - to, MADV_WILLNEED);
      r->populated = to;
    }
#endif
  uint64_t upto = off & ~(page - 1);
  if (upto > r->released + (4u << 20))
    {
      madvise ((void *) (s->map + r->released), upto - r->released,
               MADV_DONTNEED);
      r->released = upto;
    }
}

/* After a jump to packet `i`: nothing behind it to give back, and no
 * window mapped ahead until the reader moves on (a seek or restore often
 * reads a few events only: faults map those pages). */
static void
jump_to (CtfReader *r, guint i)
{
  uint64_t page = (uint64_t) sysconf (_SC_PAGESIZE);
  uint64_t off = g_array_index (r->s->packets, CtfPacket, i).offset;
  r->released = off & ~(page - 1);
  r->populated = off + WINDOW / 2;
}

/* Reads packet `i`'s header from the reader's copy of the packet (see
 * ctf-packet-copy.c); FALSE when there is none or the header cannot be
 * read from it (the mapping then reads it, and says what is wrong). */
static gboolean
header_from_copy (CtfReader *r, const CtfPacket *pk, CtfPacket *again,
                  CtfStreamClass **sc)
{
  const CtfStream *s = r->s;
  uint64_t n = MIN (pk->packet_bits / 8, s->size - pk->offset);
  return n > 0 && ctf_packet_copy_read (&r->copy, s, pk->offset, n)
         && ctf_packet_read_header_in (s, &r->cur, pk->offset, r->copy.data,
                                       r->copy.have, again, sc, NULL);
}

/* The cursor reads the copy's window: positions stay the packet's, and
 * the limit is the window's end until it holds the packet's end. */
static void
read_window (CtfReader *r)
{
  const CtfPacketCopy *pc = &r->copy;
  CtfCursor *c = &r->cur;
  c->buf = pc->data - pc->from;
  c->mapped = pc->from + pc->have;
  r->windowed = pc->from + pc->have < pc->n;
  c->limit = r->windowed ? MIN (r->packet_limit, c->mapped * 8) : r->packet_limit;
  uint64_t margin = pc->window / WINDOW_MARGIN_PART * 8;
  r->slide_at = !r->windowed ? G_MAXUINT64 : c->limit > margin ? c->limit - margin : 0;
}

/* The stream's file no longer holds byte `need` - 1, or `cut` is its first
 * page gone from the mapping: it was cut while the trace was open (a
 * trace still being written, a file truncated or written again). The
 * reader stops; the error says where the bytes end now. */
static gboolean
cut_error (CtfReader *r, uint64_t from, uint64_t need, uint64_t cut,
           GError **error)
{
  const CtfStream *s = r->s;
  int64_t now = ctf_packet_copy_file_size (&r->copy, s);
  if (now >= 0)
    cut = MIN (cut, (uint64_t) now);
  if (cut >= need)
    return TRUE;
  r->done = TRUE;
  char msg[192];
  if (now >= 0)
    g_snprintf (msg, sizeof msg, "the file was cut to %" G_GINT64_FORMAT
                " bytes while it was read (it had %" G_GUINT64_FORMAT " when "
                "the trace was opened)", now, s->size);
  else
    g_snprintf (msg, sizeof msg, "the file was cut while it was read (it "
                "had %" G_GUINT64_FORMAT " bytes when the trace was opened)",
                s->size);
  return ctf_stream_error (s, error, MAX (from, cut), msg);
}

/* An event read from the mapping after some file was cut somewhere
 * (ctf_map_faults): TRUE when its bytes, up to `need`, are still the
 * file's (out of line: the check before it runs every event). */
static G_GNUC_NO_INLINE gboolean
still_there (CtfReader *r, uint64_t from, uint64_t need, GError **error)
{
  uint64_t cut = __atomic_load_n (&r->s->map_cut, __ATOMIC_SEQ_CST);
  return cut == UINT64_MAX || cut_error (r, from, need, cut, error);
}

/* Slides the window to the byte of bit `pos`, holding `want` bytes from
 * there (or the packet's end). */
static gboolean
slide_window (CtfReader *r, uint64_t pos, uint64_t want, GError **error)
{
  if (!ctf_packet_copy_slide (&r->copy, pos >> 3, want))
    {
      const CtfPacketCopy *pc = &r->copy;
      if (!cut_error (r, pc->off + (pos >> 3), pc->off + MIN (pc->n, (pos >> 3) + MAX (want, 1)),
                      UINT64_MAX, error))
        return FALSE;
      r->done = TRUE;
      return ctf_stream_error (r->s, error, r->copy.off + r->copy.from + r->copy.have,
                               pc->out_of_memory ? "out of memory for an event this long"
                                                 : "the file could not be read");
    }
  read_window (r);
  return TRUE;
}

/* Enters packet `i`: from a copy when `in_sequence` (the reader goes on
 * from the packet before) or the reader reads the whole stream, else (a
 * seek, or a new reader's first packet: both often read a few events
 * only, as a viewer's first rows) from the mapping. */
static gboolean
enter_packet (CtfReader *r, guint i, gboolean in_sequence, GError **error)
{
  const CtfStream *s = r->s;
  CtfPacket *pk = &g_array_index (s->packets, CtfPacket, i);
  CtfPacket again;
  CtfStreamClass *sc = r->sc;
  ctf_seek_points_publish (r);
  gboolean copied = (in_sequence || r->whole) && header_from_copy (r, pk, &again, &sc);
  if (!copied)
    {
      /* (the file cut under the mapping: said here rather than read as
       * zeros; one fstat per packet read from the mapping) */
      uint64_t end = pk->offset + MIN (pk->packet_bits / 8, s->size - pk->offset);
      if (!cut_error (r, pk->offset, end, __atomic_load_n (&s->map_cut, __ATOMIC_SEQ_CST),
                      error))
        return FALSE;
      release_before (r, pk->offset);
      if (!ctf_packet_read_header (s, &r->cur, pk->offset, &again, &sc,
                                   error))
        return FALSE;
    }
  r->from_map = !copied;
  r->packet_cut = again.truncated;
  r->packet_gen = r->cur.gen;
  /* the header is the authority; an index only tells where packets are */
  r->packet_limit = MIN (again.content_bits, pk->packet_bits);
  r->cur.limit = r->packet_limit;
  r->windowed = FALSE;
  r->slide_at = G_MAXUINT64;
  if (copied)
    read_window (r);
  r->packet = i;
  r->in_packet = TRUE;
  ctf_seek_points_track (r, i);
  return TRUE;
}

static void
reset (CtfReader *r)
{
  ctf_seek_points_publish (r);
  r->in_packet = FALSE;
  r->pending = FALSE;
  r->done = FALSE;
  r->n_events = 0;
  r->n_time_back = 0;
}

gboolean
ctf_reader_seek (CtfReader *r, int64_t ns, GError **error)
{
  const CtfStream *s = r->s;
  guint i = 0, n = ctf_stream_n_packets (s);
  reset (r);
  if (ns != INT64_MIN && r->sc != NULL && r->sc->slot_ts_end >= 0)
    while (i < n
           && g_array_index (s->packets, CtfPacket, i).ns_end < ns
           && g_array_index (s->packets, CtfPacket, i).ts_end != 0)
      i++;
  if (i >= n)
    {
      r->done = TRUE;
      return TRUE;
    }
  r->ev_packet = i;
  r->ev_in_packet = FALSE;
  jump_to (r, i);
  if (!enter_packet (r, i, FALSE, error))
    return FALSE;
  if (ns == INT64_MIN)
    return TRUE;
  ctf_seek_points_jump (r, ns);
  r->seeking = TRUE;
  for (;;)
    {
      if (!ctf_reader_next (r, error))
        break;
      if (r->event.ns >= ns)
        {
          /* Read it again, fields included, as if the seek had not. */
          r->seeking = FALSE;
          r->cur.pos = r->head.pos;
          r->cur.clock = r->head.clock;
          r->n_events--;
          r->last_ns = r->head.last_ns;
          r->n_time_back = r->head.n_time_back;
          r->track_n = r->head.track_n;
          g_array_set_size (r->track, r->head.track_len);
          if (!ctf_reader_next (r, error))
            return FALSE;
          r->pending = TRUE;   /* the next call returns this event */
          return TRUE;
        }
    }
  r->seeking = FALSE;
  return r->done;
}

/* Keeps the largest count any reader met, for lttv_trace_n_time_regressions
 * (readers of several threads). */
static void
note_time_back (CtfStream *s, uint64_t n)
{
  uint64_t old = __atomic_load_n (&s->n_time_back, __ATOMIC_RELAXED);
  while (old < n
         && !__atomic_compare_exchange_n (&s->n_time_back, &old, n, TRUE,
                                          __ATOMIC_RELAXED,
                                          __ATOMIC_RELAXED))
    ;
}

/* Reads the fields a subset wants through its picks, or passes over a
 * class's fields (ec->skip: `reads` FALSE, a constant, as its picks keep
 * nothing); FALSE (nothing moved) when they do not fit the packet or a
 * read would go past the mapping: decoding then tells which field goes
 * past the end. */
static inline __attribute__ ((always_inline)) gboolean
pick_fields (CtfCursor *c, const CtfPick *p, guint n, const gboolean reads)
{
  if (G_UNLIKELY ((c->pos & 7) != 0))
    return FALSE;
  const uint8_t *buf = c->buf;
  uint64_t at = c->pos >> 3, end = c->limit >> 3;
  CtfValue *vals = c->values;
  const uint32_t gen = c->gen;
  for (const CtfPick *q = p + n; p < q; p++)
    {
      if (end - at < (uint64_t) p->skip + p->size)
        return FALSE;
      at += p->skip;
      if (reads && p->kind == CTF_PICK_INT)
        {
          uint64_t raw;
          if (at + 8 > c->mapped)
            return FALSE;
          memcpy (&raw, buf + at, 8);
          /* its bytes to the top, then back with the sign (or not) */
          raw <<= p->shift;
          vals[p->slot].u = p->is_signed ? (uint64_t) ((int64_t) raw >> p->shift)
                                         : raw >> p->shift;
          vals[p->slot].gen = gen;
          at += p->size;
        }
      else if (p->kind != CTF_PICK_END)
        {
          const uint8_t *s = buf + at;
          const uint8_t *nul = memchr (s, 0, end - at);
          if (nul == NULL)
            return FALSE;
          if (reads && p->kind == CTF_PICK_STRING)
            {
              vals[p->slot].str = (const char *) s;
              vals[p->slot].len = (uint64_t) (nul - s);
              vals[p->slot].gen = gen;
            }
          at += (uint64_t) (nul - s) + 1;
        }
    }
  c->pos = at << 3;
  return TRUE;
}

/* The fields a subset wants: through its picks, else its plan. */
static inline gboolean
some_fields (CtfCursor *c, const CtfPlanSubset *sub)
{
  return (sub->pick != NULL && pick_fields (c, sub->pick, sub->n_pick, TRUE))
         || ctf_run_ops (c, sub->ops, sub->n);
}

/* The context or fields `t` of class `ec`, through its plan, compiled
 * the first time (a scope that is not a structure has none). */
static inline gboolean
decode_event_scope (CtfReader *r, CtfEventClass *ec, const CtfType *t)
{
  const CtfOp *plan = ctf_plan_of (t);
  if (G_LIKELY (plan != NULL))
    return ctf_run_ops (&r->cur, plan, t->n_plan);
  ctf_event_plans_ensure (r->s->trace->tc, ec);
  return ctf_decode_scope (&r->cur, t);
}

static gboolean read_again (CtfReader *r, uint64_t start, uint64_t start_clock,
                            GError **error, gboolean for_count);

/* The next event (ctf_reader_next). `for_count` (a constant, for
 * ctf_reader_count's copy of it): only its time is wanted, neither its
 * class nor where it began. */
static inline __attribute__ ((always_inline)) gboolean
next_event (CtfReader *r, GError **error, const gboolean for_count)
{
  CtfCursor *c = &r->cur;
  const CtfStream *s = r->s;
  if (r->pending)
    {
      r->pending = FALSE;
      return TRUE;
    }
  if (r->done)
    return FALSE;
  if (!for_count)
    {
      r->ev_packet = r->packet;
      r->ev_in_packet = r->in_packet;
      /* Two 8-byte loads: the compiler would otherwise read pos and clock
       * with 16-byte loads that overlap the last event's 8-byte stores to
       * them, and wait for those stores (perf: a quarter of this
       * function's time in the state build). */
      uint64_t pos0 = c->pos, clock0 = c->clock;
      __asm__ ("" : "+r" (pos0), "+r" (clock0));
      r->ev_pos = pos0;
      r->ev_clock = clock0;
    }
  for (;;)
    {
      if (!r->in_packet)
        {
          if (!enter_packet (r, 0, FALSE, error))
            return FALSE;
        }
      /* (the window's end near: on, so that an event fits) */
      if (G_UNLIKELY (c->pos >= r->slide_at) && !slide_window (r, c->pos, 0, error))
        return FALSE;
      if (c->pos < c->limit)
        break;
      if (r->packet + 1 >= ctf_stream_n_packets (s))
        {
          r->done = TRUE;
          if (s->index_error != NULL)
            g_propagate_error (error, g_error_copy (s->index_error));
          return FALSE;
        }
      if (!enter_packet (r, r->packet + 1, TRUE, error))
        return FALSE;
    }

  CtfStreamClass *sc = r->sc;
  uint64_t start = c->pos, start_clock = c->clock;
  if (r->seeking)
    {
      r->head.pos = start;
      r->head.clock = c->clock;
      r->head.last_ns = r->last_ns;
      r->head.n_time_back = r->n_time_back;
      r->head.track_n = r->track_n;
      r->head.track_len = r->tracking ? r->track->len : 0;
    }
  if (r->tracking && ++r->track_n >= CTF_SEEK_POINT_EVENTS)
    ctf_seek_points_note (r, start);
  c->gen++;
  /* the header's fast path (its commonest forms inline, which set the
   * event id), else its plan (id 0 when the header has none) */
  gboolean header_read;
  if (sc->header_id_ts != NULL)
    header_read = ctf_header_id_ts (c, sc->header_id_ts);
  else if (sc->header_tagged != NULL)
    header_read = ctf_header_tagged (c, sc->header_tagged);
  else
    {
      c->event_id = 0;
      header_read = sc->header_fast != NULL && ctf_header_fast (c, sc->header_fast);
    }
  if (!header_read)
    {
      c->event_id = 0;
      if (sc->event_header != NULL && !ctf_decode_scope (c, sc->event_header))
        goto corrupt;
    }
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
  if (sc->event_context != NULL && !ctf_decode_scope (c, sc->event_context))
    goto corrupt;
  const guint8 wanted = r->wanted[ec->index];
  if (G_UNLIKELY (!wanted || r->seeking) && ec->skip != NULL
      && pick_fields (c, ec->skip, ec->n_skip, FALSE))
    ;                                      /* not wanted: skipped */
  else
    {
      /* (a short packet: decoding tells which field goes past its end) */
      if (ec->context != NULL && !decode_event_scope (r, ec, ec->context))
        goto corrupt;
      if (ec->fields != NULL
          && !(G_UNLIKELY (wanted == CTF_WANTED_SOME)
               ? some_fields (c, &r->subsets[ec->index])
               : decode_event_scope (r, ec, ec->fields)))
        goto corrupt;
    }
  if (c->pos == start)
    {
      g_strlcpy (c->err, "empty event (no bits read)", sizeof c->err);
      c->err_pos = start;
      goto corrupt;
    }
  /* (a file cut under the mapping reads as zeros: not an event; a count,
   * which reads copies, finds the cut when it enters the next packet) */
  if (!for_count && G_UNLIKELY (__atomic_load_n (&ctf_map_faults, __ATOMIC_RELAXED) != 0)
      && r->from_map)
    {
      uint64_t off = g_array_index (s->packets, CtfPacket, r->packet).offset;
      if (!still_there (r, off + start / 8, off + (c->pos + 7) / 8, error))
        return FALSE;
    }
  if (!for_count)
    {
      r->event.cls = &s->trace->classes[ec->index];
      r->event.cycles = c->clock;
    }
  if (sc->clock == NULL)
    r->event.ns = 0;
  else if (!ctf_clock_to_ns_fast (sc->clock, c->clock, &r->event.ns))
    {
      g_strlcpy (c->err, "event time out of range", sizeof c->err);
      c->err_pos = start;
      goto corrupt;
    }
  r->n_events++;
  if (G_UNLIKELY (r->event.ns < r->last_ns) && r->n_events > 1)
    {
      note_time_back (r->s, ++r->n_time_back);
      /* the packet's points hold while its times go up: no more */
      ctf_seek_points_publish (r);
    }
  r->last_ns = r->event.ns;
  return TRUE;

corrupt:
  if (r->windowed)
    return read_again (r, start, start_clock, error, for_count);
  r->done = TRUE;
  {
    CtfPacket *pk = &g_array_index (s->packets, CtfPacket, r->packet);
    /* (the file ends inside the packet: a trace still being written, or
     * cut; the event is not whole rather than wrong) */
    if (r->packet_cut && strstr (c->err, "past the end") != NULL)
      return ctf_stream_error (s, error, pk->offset + start / 8, "the file ends "
                               "inside this event (its packet goes past the end "
                               "of the file: truncated, or still being written)");
    return ctf_stream_error (s, error, pk->offset + c->err_pos / 8, c->err);
  }
}

/* An event longer than the window's margin ran past its end: read again
 * from its start, with the rest of the packet in the window (out of line:
 * a loop back in next_event cost every event a few instructions). */
static G_GNUC_NO_INLINE gboolean
read_again (CtfReader *r, uint64_t start, uint64_t start_clock,
            GError **error, gboolean for_count)
{
  if (!slide_window (r, start, r->copy.n - (start >> 3), error))
    return FALSE;
  r->cur.pos = start;
  r->cur.clock = start_clock;
  /* (its seek point, if it made one, stays: counted once) */
  if (r->tracking && r->track_n > 0)
    r->track_n--;
  return for_count ? next_event (r, error, TRUE) : next_event (r, error, FALSE);
}

gboolean
ctf_reader_next (CtfReader *r, GError **error)
{
  return next_event (r, error, FALSE);
}

CtfRunEnd
ctf_reader_run (CtfReader *r, int64_t limit_ns, const CtfReader *limit_r,
                LttvEventSink sink, void *data, LttvRecordOut *out, GError **error)
{
  for (;;)
    {
      if (out != NULL)
        ctf_reader_run_records (r, limit_ns, limit_r, out);
      if (!next_event (r, error, FALSE))
        return CTF_RUN_ENDED;
      int64_t ns = r->event.ns;
      if (ns > limit_ns || (ns == limit_ns && r > limit_r))
        return CTF_RUN_LIMIT;
      if (!sink (data, &r->event))
        return CTF_RUN_SINK;
    }
}

gboolean
ctf_reader_count (CtfReader *r, LttvTime end, guint64 *n, GError **error)
{
  GError *err = NULL;
  while (next_event (r, &err, TRUE) && (LttvTime) r->event.ns <= end)
    ++*n;
  if (err == NULL)
    return TRUE;
  g_propagate_error (error, err);
  return FALSE;
}

void
ctf_reader_save (const CtfReader *r, CtfReaderPos *pos)
{
  pos->state = r->ev_in_packet ? CTF_POS_HEAD : CTF_POS_START;
  pos->packet = r->ev_packet;
  pos->pos = r->ev_pos;
  pos->clock = r->ev_clock;
  pos->n_events = r->n_events;
  pos->n_time_back = r->n_time_back;
  pos->last_ns = r->last_ns;
}

gboolean
ctf_reader_restore (CtfReader *r, const CtfReaderPos *pos, GError **error)
{
  reset (r);
  if (pos->state == CTF_POS_DONE || pos->packet >= ctf_stream_n_packets (r->s))
    {
      r->done = TRUE;
      return FALSE;
    }
  jump_to (r, pos->packet);
  r->ev_packet = pos->packet;
  r->ev_in_packet = FALSE;
  if (!enter_packet (r, pos->packet, FALSE, error))
    return FALSE;
  if (pos->state == CTF_POS_HEAD)
    {
      r->tracking = FALSE;   /* not from the packet's start */
      r->cur.pos = pos->pos;
      r->cur.clock = pos->clock;
    }
  if (!ctf_reader_next (r, error))
    return FALSE;
  r->n_events = pos->n_events;
  r->n_time_back = pos->n_time_back;
  r->last_ns = pos->last_ns;
  return TRUE;
}
