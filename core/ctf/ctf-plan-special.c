/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ctf-plan-special.c: the special fields of a stream class (packet magic,
 * stream ids, packet sizes, timestamps, discarded events, sequence
 * number, event ids), which the reader consumes and babeltrace2 does not
 * show. CTF 1.8 finds them by name, as babeltrace2 does; CTF 2 by the
 * roles the metadata gives them (their names do not matter). One table
 * says both. */
#include "config.h"

#include "ctf-plan.h"

#include <stddef.h>
#include <string.h>

CtfType *
ctf_plan_member_of (CtfType *st, const char *name, gboolean exact)
{
  if (st == NULL || st->kind != CTF_T_STRUCT)
    return NULL;
  if (name[0] == '_' && !exact)
    name++;
  for (guint i = 0; i < st->n_fields; i++)
    if (strcmp (st->fields[i].name, name) == 0)
      return st->fields[i].type;
  return NULL;
}

/* CTF 2: the first field of `t` (depth first) that has `role`. */
static CtfType *
with_role (CtfType *t, int role)
{
  if (t == NULL)
    return NULL;
  if (t->role == role)
    return t;
  for (guint i = 0; i < t->n_fields; i++)
    {
      CtfType *f = with_role (t->fields[i].type, role);
      if (f != NULL)
        return f;
    }
  return NULL;
}

typedef struct {
  const char *name;              /* CTF 1.8: a member of the scope */
  uint8_t role;                  /* CTF 2 (NONE: by name there too) */
  uint8_t meaning;
  uint8_t scope;                 /* SC_PH or SC_PC */
  uint8_t kind;                  /* the field's CtfKind */
  ptrdiff_t slot;                /* offset of its CtfStreamClass slot, or
                                    -1 */
} Special;

#define SLOT(f) offsetof (CtfStreamClass, f)
static const Special specials[] = {
  { "magic", CTF_ROLE_MAGIC, CTF_MEAN_MAGIC, SC_PH, CTF_T_INT,
    SLOT (slot_magic) },
  { "stream_id", CTF_ROLE_STREAM_ID, CTF_MEAN_STREAM_ID, SC_PH, CTF_T_INT,
    SLOT (slot_stream_id) },
  { "stream_instance_id", CTF_ROLE_STREAM_INSTANCE_ID,
    CTF_MEAN_STREAM_INSTANCE_ID, SC_PH, CTF_T_INT,
    SLOT (slot_stream_instance_id) },
  { "uuid", CTF_ROLE_UUID, CTF_MEAN_UUID, SC_PH, CTF_T_ARRAY, -1 },
  { "timestamp_begin", CTF_ROLE_DEFAULT_TS, CTF_MEAN_TS_BEGIN, SC_PC,
    CTF_T_INT, SLOT (slot_ts_begin) },
  { "timestamp_end", CTF_ROLE_TS_END, CTF_MEAN_TS_END, SC_PC, CTF_T_INT,
    SLOT (slot_ts_end) },
  { "events_discarded", CTF_ROLE_DISCARDED, CTF_MEAN_DISCARDED, SC_PC,
    CTF_T_INT, SLOT (slot_discarded) },
  { "packet_seq_num", CTF_ROLE_SEQ_NUM, CTF_MEAN_SEQ_NUM, SC_PC, CTF_T_INT,
    SLOT (slot_seq_num) },
  { "packet_size", CTF_ROLE_PACKET_SIZE, CTF_MEAN_PACKET_SIZE, SC_PC,
    CTF_T_INT, SLOT (slot_packet_size) },
  { "content_size", CTF_ROLE_CONTENT_SIZE, CTF_MEAN_CONTENT_SIZE, SC_PC,
    CTF_T_INT, SLOT (slot_content_size) },
  /* not special, but the reader wants it (CTF 2 has no role for it) */
  { "cpu_id", CTF_ROLE_NONE, CTF_MEAN_NONE, SC_PC, CTF_T_INT,
    SLOT (slot_cpu_id) },
};

/* Every field of `t` that is an event record class id (CTF 1.8: an
 * integer named `id`, also inside arrays; CTF 2: its role): the first is
 * the compact header's, a second the extended one's. */
static void
mark_event_ids (CtfStreamClass *sc, CtfType *t, const char *name,
                gboolean exact)
{
  if (t == NULL)
    return;
  if (t->kind == CTF_T_INT
      && (exact ? t->role == CTF_ROLE_EVENT_ID
                : name != NULL && strcmp (name, "id") == 0))
    {
      t->meaning = CTF_MEAN_EVENT_ID;
      if (sc->slot_event_id < 0)
        sc->slot_event_id = t->slot;
      else
        sc->slot_event_id_ext = t->slot;
    }
  for (guint i = 0; i < t->n_fields; i++)
    mark_event_ids (sc, t->fields[i].type,
                    t->kind == CTF_T_STRUCT ? t->fields[i].name : NULL,
                    exact);
  if (t->elem != NULL && !exact)
    mark_event_ids (sc, t->elem, NULL, exact);
}

/* CTF 1.8: the stream's clock is its first mapped integer's. */
static void
clock_by_names (Compiler *c, CtfStreamClass *sc)
{
  CtfType *ts = ctf_plan_member_of (sc->event_header, "timestamp", FALSE);
  CtfType *tb = ctf_plan_member_of (sc->packet_context, "timestamp_begin",
                                    FALSE);
  sc->clock = ts && ts->clock ? ts->clock : tb && tb->clock ? tb->clock
              : NULL;
  if (sc->clock == NULL && sc->event_header != NULL)
    {
      /* compact/extended headers keep the timestamp in a variant */
      for (int s = 0; s < sc->n_slots && sc->clock == NULL; s++)
        if (c->slot_types[s]->kind == CTF_T_INT && c->slot_types[s]->clock)
          sc->clock = c->slot_types[s]->clock;
    }
}

/* Gives the special fields of `sc`'s packet header and context their
 * meanings and `sc` their slots (-1 when absent), and its event header's
 * ids; CTF 1.8: the stream's clock too (CTF 2 names it). */
void
ctf_plan_special_fields (Compiler *c, CtfStreamClass *sc)
{
  for (guint k = 0; k < G_N_ELEMENTS (specials); k++)
    {
      const Special *s = &specials[k];
      CtfType *st = s->scope == SC_PH ? sc->packet_header
                    : sc->packet_context;
      CtfType *t = c->exact && s->role != CTF_ROLE_NONE
                   ? with_role (st, s->role)
                   : ctf_plan_member_of (st, s->name, FALSE);
      if (t != NULL && t->kind != s->kind)
        t = NULL;
      if (t != NULL && s->meaning != CTF_MEAN_NONE)
        t->meaning = s->meaning;
      /* read, but it does not move the clock (CTF 2: it maps none) */
      if (t != NULL && s->meaning == CTF_MEAN_TS_END)
        t->clock = NULL;
      if (s->slot >= 0)
        *(int *) ((char *) sc + s->slot) = t != NULL ? t->slot : -1;
    }
  sc->slot_event_id = sc->slot_event_id_ext = -1;
  mark_event_ids (sc, sc->event_header, NULL, c->exact);
  if (!c->exact)
    clock_by_names (c, sc);
}
