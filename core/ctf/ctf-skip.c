/* ctf-skip.c: how an event's fields are passed over without their plan:
 * the steps that skip all of them (a class whose fields are not wanted),
 * and the picks that read a few and skip the rest (a subset). Both only
 * for fields of whole bytes: strings, and integers, floats, structures and
 * arrays of them, aligned at most on bytes. */
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
      if (t->size % 8 != 0 || t->clock != NULL
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

/* The steps that skip a class's fields, built once per class of the
 * trace (a kernel trace has a thousand): in a fixed array, as more than
 * MAX_SKIP_STEPS are not worth it. */
#define MAX_SKIP_STEPS 64
typedef struct {
  int64_t step[MAX_SKIP_STEPS];
  guint n;
} SkipSteps;

static gboolean
add_step (SkipSteps *s, int64_t step)
{
  if (step >= 0 && s->n > 0 && s->step[s->n - 1] >= 0)
    {
      s->step[s->n - 1] += step;
      return TRUE;
    }
  if (s->n == MAX_SKIP_STEPS)
    return FALSE;
  s->step[s->n++] = step;
  return TRUE;
}

/* Appends the steps skipping `t` from a byte boundary: bytes (>= 0), or a
 * string (-1). */
static gboolean
skip_steps (const CtfType *t, SkipSteps *s)
{
  if (t == NULL)
    return TRUE;
  if (t->kind == CTF_T_STRING)
    return add_step (s, -1);     /* byte-aligned, like every step before */
  if (t->kind == CTF_T_STRUCT && t->align <= 8)
    {
      for (guint i = 0; i < t->n_fields; i++)
        if (!skip_steps (t->fields[i].type, s))
          return FALSE;
      return TRUE;
    }
  int64_t b = fixed_bits (t);
  return b >= 0 && add_step (s, b / 8);
}

void
ctf_event_skip_build (CtfTraceClass *tc, CtfEventClass *ec)
{
  SkipSteps s;
  s.n = 0;
  ec->skip = NULL;
  ec->n_skip = 0;
  if (skip_steps (ec->context, &s) && skip_steps (ec->fields, &s) && s.n > 0)
    {
      ec->n_skip = s.n;
      ec->skip = ctf_alloc (tc, s.n * sizeof (int64_t));
      memcpy (ec->skip, s.step, s.n * sizeof (int64_t));
    }
}

/* --- Picks --------------------------------------------------------------- */

typedef struct {
  GArray *steps;                 /* CtfPick */
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
  if (p->skip > G_MAXUINT32)
    return FALSE;
  CtfPick step = { .skip = (uint32_t) p->skip, .kind = kind, .size = size,
                   .shift = (uint8_t) (64 - 8 * size), .is_signed = is_signed,
                   .slot = slot };
  g_array_append_val (p->steps, step);
  p->skip = 0;
  return TRUE;
}

static gboolean
pick_steps (const CtfType *t, Picks *p)
{
  if (t->align > 8)
    return FALSE;
  if (t->kind == CTF_T_STRUCT)
    {
      for (guint i = 0; i < t->n_fields; i++)
        if (!pick_steps (t->fields[i].type, p))
          return FALSE;
      return TRUE;
    }
  if (t->kind == CTF_T_STRING)
    return add_pick (p, kept (p, t->slot) ? CTF_PICK_STRING : CTF_PICK_SKIP_STRING,
                     0, 0, t->slot);
  if (kept (p, t->slot))
    {
      if (t->kind != CTF_T_INT || t->byte_order != CTF_LE
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

CtfPick *
ctf_pick_build (const CtfType *st, const int *keep, guint n_keep,
                guint *n_pick)
{
  Picks p = { .steps = g_array_new (FALSE, FALSE, sizeof (CtfPick)),
              .keep = keep, .n_keep = n_keep };
  if (st == NULL || st->kind != CTF_T_STRUCT || !pick_steps (st, &p)
      || (p.skip > 0 && !add_pick (&p, CTF_PICK_END, 0, 0, -1)))
    {
      g_array_free (p.steps, TRUE);
      return NULL;
    }
  *n_pick = p.steps->len;
  return (CtfPick *) g_array_free (p.steps, FALSE);
}
