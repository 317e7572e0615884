/* SPDX-License-Identifier: GPL-2.0-or-later */
/* traceset-event.c: an event of traceset.h: its time, CPU, class and
 * typed field access. */
#include "config.h"

#include "ctf-trace.h"

/* --- Events -------------------------------------------------------------- */

LttvTime
lttv_event_time (const LttvEvent *ev)
{
  return (LttvTime) ev->ns;
}

int
lttv_event_cpu (const LttvEvent *ev)
{
  const CtfReader *r = ev->rd;
  if (r->sc->slot_cpu_id < 0)
    return -1;
  return (int) r->values[r->sc->slot_cpu_id].u;
}

const LttvEventClass *
lttv_event_get_class (const LttvEvent *ev)
{
  return ev->cls;
}

void
lttv_event_basics (const LttvEvent *ev, LttvEventBasics *out)
{
  const CtfReader *r = ev->rd;
  out->time = (LttvTime) ev->ns;
  out->cpu = r->sc->slot_cpu_id < 0 ? -1 : (int) r->values[r->sc->slot_cpu_id].u;
  out->class_index = ev->cls->ec->index;
  out->trace = ev->cls->trace;
}

static inline const CtfType *
slot_type (const LttvEvent *ev, LttvFieldRef field, const CtfValue **val)
{
  const CtfReader *r = ev->rd;
  const CtfStreamClass *sc = r->sc;
  const CtfType *t;
  if (field < 0)
    return NULL;
  const CtfValue *v = &r->values[field];
  if (field < sc->n_slots)
    {
      t = sc->slot_types[field];
      if (field < sc->n_packet_slots ? v->gen < r->packet_gen
                                     : v->gen != r->cur.gen)
        return NULL;
    }
  else
    {
      const CtfEventClass *ec = ev->cls->ec;
      if (field - sc->n_slots >= ec->n_slots || v->gen != r->cur.gen)
        return NULL;
      t = ec->slot_types[field - sc->n_slots];
    }
  *val = v;
  return t;
}

gboolean
lttv_event_get_int (const LttvEvent *ev, LttvFieldRef field, int64_t *out)
{
  return lttv_event_get_ints (ev, &field, 1, out) != 0;
}

guint
lttv_event_get_ints (const LttvEvent *ev, const LttvFieldRef *fields,
                     guint n, int64_t *out)
{
  guint has = 0;
  for (guint i = 0; i < n; i++)
    {
      const CtfValue *v;
      const CtfType *t = slot_type (ev, fields[i], &v);
      if (t != NULL && t->kind == CTF_T_INT)
        {
          out[i] = v->i;
          has |= 1u << i;
        }
    }
  return has;
}

void
lttv_event_class_int_fields (const LttvEventClass *ec, const LttvFieldRef *fields,
                             guint n, LttvIntFields *out)
{
  g_return_if_fail (n <= LTTV_INT_FIELDS_MAX);
  const CtfEventClass *c = ec->ec;
  int first = c->sc->n_slots;
  *out = (LttvIntFields) { .n = n };
  for (guint i = 0; i < n; i++)
    {
      LttvFieldRef f = fields[i];
      out->refs[i] = f;
      out->slots[i] = -1;
      if (f < 0)
        continue;
      if (f < first || f - first >= (int) c->n_slots)
        out->general = TRUE;       /* a context of the stream or packet */
      else if (c->slot_types[f - first]->kind == CTF_T_INT)
        out->slots[i] = f;
    }
}

guint
lttv_event_get_int_fields (const LttvEvent *ev, const LttvIntFields *f, int64_t *out)
{
  if (G_UNLIKELY (f->general))
    return lttv_event_get_ints (ev, f->refs, f->n, out);
  /* (what slot_type checks per event: decoded for this event) */
  const CtfValue *vals = ev->rd->values;
  const uint32_t gen = ev->rd->cur.gen;
  guint has = 0;
  for (guint i = 0; i < f->n; i++)
    {
      int slot = f->slots[i];
      if (slot >= 0 && vals[slot].gen == gen)
        {
          out[i] = vals[slot].i;
          has |= 1u << i;
        }
    }
  return has;
}

gboolean
lttv_event_get_uint (const LttvEvent *ev, LttvFieldRef field, uint64_t *out)
{
  const CtfValue *v;
  const CtfType *t = slot_type (ev, field, &v);
  if (t == NULL || t->kind != CTF_T_INT)
    return FALSE;
  *out = v->u;
  return TRUE;
}

LttvFieldKind
lttv_event_field_kind (const LttvEvent *ev, LttvFieldRef field)
{
  const CtfValue *v;
  const CtfType *t = slot_type (ev, field, &v);
  if (t == NULL)
    return LTTV_FIELD_ABSENT;
  switch (t->kind)
    {
    case CTF_T_INT:
      return t->is_signed ? LTTV_FIELD_SIGNED : LTTV_FIELD_UNSIGNED;
    case CTF_T_FLOAT:
      return LTTV_FIELD_FLOAT;
    case CTF_T_STRING:
      /* UTF-16/32 (CTF 2): bytes, not UTF-8 text */
      return t->str_enc == 0 ? LTTV_FIELD_STRING : LTTV_FIELD_COMPOUND;
    case CTF_T_ARRAY:
    case CTF_T_SEQ:
      return t->is_text ? LTTV_FIELD_STRING : LTTV_FIELD_COMPOUND;
    case CTF_T_STRUCT:
    case CTF_T_VARIANT:
      break;
    }
  return LTTV_FIELD_COMPOUND;
}

const char *
lttv_event_get_string (const LttvEvent *ev, LttvFieldRef field, size_t *len)
{
  const CtfValue *v;
  const CtfType *t = slot_type (ev, field, &v);
  if (t == NULL)
    return NULL;
  if (t->kind == CTF_T_STRING && t->str_enc == 0)
    {
      if (len != NULL)
        *len = v->len;
      return v->str;
    }
  if ((t->kind == CTF_T_ARRAY || t->kind == CTF_T_SEQ) && t->is_text)
    {
      size_t n = v->len == 0 ? 0 : strnlen (v->str, v->len);
      if (len != NULL)
        *len = n;
      return v->len == 0 ? "" : v->str;
    }
  return NULL;
}
