/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ctf-records.c: records a reader writes itself for the events of
 * classes whose wanted fields are integers and strings of whole bytes
 * (lttv_iter_each_records): a form compiled against the class's layout
 * (steps like a pick's), and the reader's loop over such events, which
 * makes each record from the event's bytes without decoding it into the
 * reader's values or calling the consumer's sink. Most events of a
 * kernel trace are of such classes (system call entries and exits), and
 * the state build's reader spends far fewer instructions on them
 * (bench/README.md). */
#include "config.h"

#include "ctf-trace.h"

#include <lttv/traceset.h>
#include <string.h>

G_STATIC_ASSERT (LTTV_RECORD_FIELDS == CTF_RECORD_FIELDS);
G_STATIC_ASSERT (LTTV_RECORD_HEAD == CTF_RECORD_HEAD);

/* The index of `slot` among the `n` of `refs`, or n. */
static guint
index_of (const LttvFieldRef *refs, guint n, int slot)
{
  guint k = 0;
  while (k < n && refs[k] != slot)
    k++;
  return k;
}

CtfRecordForm *
ctf_record_form_compile (const CtfEventClass *ec, const LttvRecordForm *form)
{
  const CtfStreamClass *sc = ec->sc;
  if (ec->context != NULL || sc->event_context != NULL || sc->header_id_ts == NULL
      || sc->clock == NULL || ec->fields == NULL || form->n_fields > CTF_RECORD_FIELDS
      || form->n_strings > CTF_RECORD_STRINGS
      || form->size < 8 || form->size % 8 != 0 || form->size > LTTV_RECORD_MAX
      || form->cpu_at + 4 > MIN (form->size, CTF_RECORD_HEAD))
    return NULL;
  int keep[CTF_RECORD_FIELDS + CTF_RECORD_STRINGS];
  memcpy (keep, form->fields, form->n_fields * sizeof (int));
  memcpy (keep + form->n_fields, form->strings, form->n_strings * sizeof (int));
  guint n_pick = 0;
  g_autofree CtfPick *pick = ctf_pick_build (ec->fields, keep,
                                             form->n_fields + form->n_strings, &n_pick);
  if (pick == NULL)
    return NULL;
  CtfRecordForm *f = g_new0 (CtfRecordForm, 1);
  f->size = form->size;
  f->cpu_at = form->cpu_at;
  memcpy (f->head, form->head, CTF_RECORD_HEAD);
  uint64_t at = 0;
  gboolean fixed = TRUE;
  guint n = 0, found = 0;
  for (guint i = 0; i < n_pick; i++)
    {
      const CtfPick *p = &pick[i];
      if (n + 1 >= CTF_RECORD_STEPS)
        goto refused;
      CtfRecordStep *step = &f->step[n++];
      *step = (CtfRecordStep) { p->skip, p->kind, p->size, p->shift, p->is_signed, 0 };
      at += p->skip + p->size;
      fixed = fixed && p->kind == CTF_PICK_INT;
      if (p->kind == CTF_PICK_INT)
        {
          guint k = index_of (form->fields, form->n_fields, p->slot);
          if (k == form->n_fields || form->field_at[k] + 8u > form->size)
            goto refused;
          step->at = form->field_at[k];
          found++;
        }
      else if (p->kind == CTF_PICK_STRING)
        {
          guint k = index_of (form->strings, form->n_strings, p->slot);
          if (k == form->n_strings || form->string_at[k] + 8u > form->size)
            goto refused;
          step->at = form->string_at[k];
          found++;
        }
    }
  if (n == 0 || f->step[n - 1].kind != CTF_PICK_END)
    f->step[n++] = (CtfRecordStep) { .kind = CTF_PICK_END };
  /* every field found once, and a payload of a fixed size not empty (an
   * empty event is the decoder's to report) */
  if (found != form->n_fields + form->n_strings || at > G_MAXUINT32 || (fixed && at == 0))
    goto refused;
  f->payload = fixed ? (uint32_t) at : 0;
  return f;
refused:
  g_free (f);
  return NULL;
}

/* The reader's record loop's constants (CtfRecordRun), from its stream
 * class and the iterator's forms. */
static CtfRecordRun *
record_run_new (const CtfReader *r)
{
  const CtfStreamClass *sc = r->sc;
  const CtfHeaderIdTs *h = sc->header_id_ts;
  CtfRecordRun *run = g_new0 (CtfRecordRun, 1);
  /* (no class of such a stream class takes a form: ctf_record_form_compile) */
  if (h == NULL || sc->clock == NULL || sc->n_dense == 0)
    return run;
  run->by_id = g_new0 (const CtfRecordForm *, sc->n_dense);
  for (uint64_t id = 0; id < sc->n_dense; id++)
    if (sc->events_dense[id] != NULL)
      run->by_id[id] = r->forms[sc->events_dense[id]->index];
  run->n_ids = sc->n_dense;
  run->head = h->bits / 8;
  run->id_off = h->id_off;
  run->ts_off = h->ts_off;
  run->id_mask = h->id_mask;
  run->ts_mask = h->ts_mask;
  run->ts_size = h->ts_size;
  run->direct_below = sc->clock->direct_below;
  run->base_ns = sc->clock->base_ns;
  return run;
}

/* What next_event does per event, this does too: the clock, the seek
 * points, the counts; anything odd about an event (a packet's end, a
 * window to slide, a time going back, a corrupt header) stops it, and
 * next_event reads that event the usual way. */
void
ctf_reader_run_records (CtfReader *r, int64_t limit_ns, const CtfReader *limit_r,
                        LttvRecordOut *out)
{
  if (G_UNLIKELY (r->record_run == NULL))
    r->record_run = record_run_new (r);
  const CtfRecordRun *run = r->record_run;
  CtfCursor *c = &r->cur;
  if (run->n_ids == 0 || r->pending || r->done || !r->in_packet || r->seeking
      || (c->pos & 7) != 0 || c->limit < run->head * 8 || c->mapped < 96)
    return;
  /* Everything the loop reads in locals: its stores go through byte
   * pointers, which may alias anything as far as the compiler knows. An
   * event may start before `stop`: its header then fits the packet and
   * the window, and the header's 8-byte loads (up to 96 bytes on) the
   * mapping. Its payload ends by `lim`, and a field's 8-byte load starts
   * by `last_load`. */
  const uint64_t stop = MIN (MIN (r->slide_at, c->limit - run->head * 8 + 1),
                             (c->mapped - 96 + 1) * 8);
  const uint8_t *const buf = c->buf;
  const uint8_t *const lim = buf + (c->limit >> 3);
  const uint8_t *const last_load = buf + c->mapped - 8;
  const int32_t cpu = r->sc->slot_cpu_id < 0 ? -1 : (int32_t) r->values[r->sc->slot_cpu_id].u;
  /* (an event at limit_ns from a later reader than limit_r comes after it) */
  const int64_t last = r > limit_r && limit_ns > INT64_MIN ? limit_ns - 1 : limit_ns;
  const uint32_t track_stop = r->tracking ? CTF_SEEK_POINT_EVENTS : G_MAXUINT32;
  uint8_t *const obuf = out->buf;
  const gsize room = out->room;
  gsize len = out->len;
  uint8_t *const strings = out->strings;
  const gsize str_room = out->strings_room;
  gsize str_len = out->strings_len, str_done = str_len;
  uint64_t pos = c->pos, clock = c->clock, n_events = r->n_events;
  int64_t last_ns = r->last_ns, floor = n_events > 0 ? last_ns : INT64_MIN;
  uint32_t track_n = r->track_n;
  while (pos < stop)
    {
      const uint8_t *p = buf + (pos >> 3);
      uint64_t id, ts;
      memcpy (&id, p + run->id_off, 8);
      memcpy (&ts, p + run->ts_off, 8);
      id &= run->id_mask;
      ts &= run->ts_mask;
      const CtfRecordForm *form;
      if (id >= run->n_ids || (form = run->by_id[id]) == NULL || len + form->size > room)
        break;
      const uint8_t *q = p + run->head;
      /* (a payload of a fixed size: its bounds checked once) */
      if (form->payload != 0 && (q + form->payload > lim || q + form->payload > last_load))
        break;
      /* (ctf_clock_update's) */
      uint64_t now = ts;
      if (run->ts_size < 64)
        {
          uint64_t mask = (UINT64_C (1) << run->ts_size) - 1;
          now = (clock & ~mask) | ts;
          if (ts < (clock & mask))
            now += mask + 1;
        }
      /* (the sum fits only below direct_below: test that first) */
      if (now >= run->direct_below)
        break;
      int64_t ns = run->base_ns + (int64_t) now;
      if (ns < floor || ns > last)
        break;
      uint8_t *rec = obuf + len;
      memcpy (rec, form->head, CTF_RECORD_HEAD);
      memcpy (rec, &ns, 8);
      if (form->cpu_at >= 0)
        memcpy (rec + form->cpu_at, &cpu, 4);
      const CtfRecordStep *st = form->step;
      for (;; st++)
        {
          q += st->skip;
          if (st->kind == CTF_PICK_INT)
            {
              if (form->payload == 0 && q > last_load)
                break;
              uint64_t raw;
              memcpy (&raw, q, 8);
              raw <<= st->shift;
              int64_t v = st->is_signed ? (int64_t) raw >> st->shift
                                        : (int64_t) (raw >> st->shift);
              memcpy (rec + st->at, &v, 8);
              q += st->size;
            }
          else if (st->kind != CTF_PICK_END)
            {
              const uint8_t *nul = q < lim ? memchr (q, 0, (size_t) (lim - q)) : NULL;
              if (nul == NULL)
                break;
              if (st->kind == CTF_PICK_STRING)
                {
                  /* (its bytes among the strings, its place in the record) */
                  gsize n = (gsize) (nul - q);
                  if (n > str_room - str_len || str_len + n > G_MAXUINT32)
                    break;
                  guint32 place[2] = { (guint32) str_len, (guint32) n };
                  if (n > 0)
                    memcpy (strings + str_len, q, n);
                  str_len += n;
                  memcpy (rec + st->at, place, 8);
                }
              q = nul + 1;
            }
          else
            break;
        }
      /* (a string or a field past the packet or the window: the decoder's
       * to read, or to report; a string without room: the sink's) */
      if (st->kind != CTF_PICK_END || q > lim)
        break;
      str_done = str_len;
      if (G_UNLIKELY (++track_n >= track_stop))
        {
          /* (the point: the clock before the event, the time before it) */
          c->clock = clock;
          r->last_ns = last_ns;
          ctf_seek_points_note (r, pos);
          track_n = 0;
        }
      len += form->size;
      clock = now;
      last_ns = floor = ns;
      n_events++;
      pos = (uint64_t) (q - buf) * 8;
    }
  c->pos = pos;
  c->clock = clock;
  r->last_ns = last_ns;
  r->n_events = n_events;
  if (r->tracking)
    r->track_n = track_n;
  out->len = len;
  out->strings_len = str_done;
}

void
ctf_reader_forget_forms (CtfReader *r)
{
  if (r->record_run != NULL)
    g_free (r->record_run->by_id);
  g_clear_pointer (&r->record_run, g_free);
}
