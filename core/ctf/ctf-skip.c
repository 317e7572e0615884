/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ctf-skip.c: how an event's fields are passed over without their plan,
 * by picks: bytes skipped, then a field read or a string passed over. A
 * subset's picks read the few fields it wants; a class's skip (its fields
 * not wanted) keeps none. Only for fields of whole bytes: strings, and
 * integers, floats, structures and arrays of them, aligned at most on
 * bytes. */
#include "config.h"

#include "ctf-trace.h"

#include <string.h>

/* The bits of `t` from a byte boundary when fixed and made of whole bytes
 * (alignments of at most 8 bits are then no-ops), else -1. Fields that
 * move the clock or mean something to the reader are always decoded. */
static int64_t
fixed_bits (const CtfType *t)
{
  if (t == NULL)
    return 0;
  if (t->align > 8)
    return -1;
  switch (t->kind)
    {
    case CTF_T_INT:
    case CTF_T_FLOAT:
      if (t->size % 8 != 0 || t->varint || t->clock != NULL
          || t->meaning != CTF_MEAN_NONE)
        return -1;
      return t->size;
    case CTF_T_STRUCT:
      {
        int64_t sum = 0;
        for (guint i = 0; i < t->n_fields; i++)
          {
            int64_t b = fixed_bits (t->fields[i].type);
            if (b < 0 || sum > (INT64_C (1) << 40))
              return -1;
            sum += b;
          }
        return sum;
      }
    case CTF_T_ARRAY:
      {
        int64_t b = fixed_bits (t->elem);
        if (b < 0 || t->length > (UINT64_C (1) << 24))
          return -1;
        return b * (int64_t) t->length;
      }
    case CTF_T_STRING:
    case CTF_T_VARIANT:
    case CTF_T_SEQ:
      break;
    }
  return -1;
}

/* --- Picks --------------------------------------------------------------- */

/* Picks are built in a fixed array, once per class of the trace at open
 * (a kernel trace has a thousand): more than MAX_PICKS steps are not
 * worth it. */
#define MAX_PICKS 64
typedef struct {
  CtfPick step[MAX_PICKS];
  guint n;
  uint64_t skip;                 /* bytes to skip before the next step */
  const int *keep;
  guint n_keep;
} Picks;

static gboolean
kept (const Picks *p, int slot)
{
  for (guint i = 0; i < p->n_keep; i++)
    if (p->keep[i] == slot)
      return TRUE;
  return FALSE;
}

static gboolean
add_pick (Picks *p, uint8_t kind, uint8_t size, uint8_t is_signed, int slot)
{
  if (p->skip > G_MAXUINT32 || p->n == MAX_PICKS)
    return FALSE;
  p->step[p->n++] = (CtfPick) { .skip = (uint32_t) p->skip, .kind = kind,
                                .size = size, .shift = (uint8_t) (64 - 8 * size),
                                .is_signed = is_signed, .slot = slot };
  p->skip = 0;
  return TRUE;
}

static gboolean
pick_steps (const CtfType *t, Picks *p)
{
  if (t == NULL)
    return TRUE;
  if (t->align > 8)
    return FALSE;
  if (t->kind == CTF_T_STRUCT)
    {
      for (guint i = 0; i < t->n_fields; i++)
        if (!pick_steps (t->fields[i].type, p))
          return FALSE;
      return TRUE;
    }
  if (t->kind == CTF_T_STRING && t->str_enc != 0)
    return FALSE;                 /* UTF-16/32: ends at a wider zero */
  if (t->kind == CTF_T_STRING)
    return add_pick (p, kept (p, t->slot) ? CTF_PICK_STRING : CTF_PICK_SKIP_STRING,
                     0, 0, t->slot);
  if (kept (p, t->slot))
    {
      if (t->kind != CTF_T_INT || t->varint || t->bit_rev
          || t->byte_order != CTF_LE
          || G_BYTE_ORDER != G_LITTLE_ENDIAN || t->clock != NULL
          || t->meaning != CTF_MEAN_NONE
          || (t->size != 8 && t->size != 16 && t->size != 32 && t->size != 64))
        return FALSE;
      return add_pick (p, CTF_PICK_INT, (uint8_t) (t->size / 8),
                       t->is_signed ? 1 : 0, t->slot);
    }
  int64_t bits = fixed_bits (t);
  if (bits < 0)
    return FALSE;
  p->skip += (uint64_t) bits / 8;
  return TRUE;
}

/* The picks of `scopes` in turn into `p`, keeping the slots `keep`;
 * FALSE when there are none (see ctf_pick_build). */
static gboolean
build (Picks *p, const CtfType *const *scopes, guint n_scopes, const int *keep,
       guint n_keep)
{
  p->n = 0;                      /* (the rest not zeroed: steps are written first) */
  p->skip = 0;
  p->keep = keep;
  p->n_keep = n_keep;
  for (guint i = 0; i < n_scopes; i++)
    if (!pick_steps (scopes[i], p))
      return FALSE;
  return (p->skip == 0 || add_pick (p, CTF_PICK_END, 0, 0, -1)) && p->n > 0;
}

CtfPick *
ctf_pick_build (const CtfType *st, const int *keep, guint n_keep,
                guint *n_pick)
{
  Picks p;
  if (st == NULL || st->kind != CTF_T_STRUCT || !build (&p, &st, 1, keep, n_keep))
    return NULL;
  *n_pick = p.n;
  return g_memdup2 (p.step, p.n * sizeof (CtfPick));
}

void
ctf_event_skip_build (CtfTraceClass *tc, CtfEventClass *ec)
{
  const CtfType *scopes[] = { ec->context, ec->fields };
  Picks p;
  ec->skip = NULL;
  ec->n_skip = 0;
  if (build (&p, scopes, 2, NULL, 0))
    {
      /* (in the trace class's memory, as the rest of the model) */
      ec->skip = ctf_alloc (tc, p.n * sizeof (CtfPick));
      memcpy (ec->skip, p.step, p.n * sizeof (CtfPick));
      ec->n_skip = p.n;
    }
}
