/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ctf-plan-types.c: the types of a trace class made ready to decode: byte
 * orders inherited, clocks resolved (and babeltrace2's default clock),
 * fixed sizes, text arrays, value slots; clock offsets normalized. */
#include "config.h"

#include "ctf-decode.h"
#include "ctf-plan.h"

#include <string.h>

gboolean
ctf_plan_prepare_type (Compiler *c, CtfType *t)
{
  if (t == NULL)
    return TRUE;
  if (t->kind == CTF_T_INT || t->kind == CTF_T_FLOAT)
    {
      if (t->byte_order < 0)
        t->byte_order = c->tc->byte_order;
      t->fixed_size = !t->varint;
      t->static_bits = t->size;
      if (t->map_clock != NULL && t->clock == NULL)
        {
          t->clock = ctf_trace_class_clock (c->tc, t->map_clock);
          if (t->clock == NULL)
            return ctf_plan_fail (c, "integer mapped to unknown clock '%s'",
                                  t->map_clock);
        }
    }
  for (guint i = 0; i < t->n_fields; i++)
    if (!ctf_plan_prepare_type (c, t->fields[i].type))
      return FALSE;
  if (t->elem != NULL)
    {
      if (!ctf_plan_prepare_type (c, t->elem))
        return FALSE;
      /* (CTF 2 arrays may have a larger minimum alignment) */
      t->align = MAX (t->align, t->elem->align);
    }
  if (t->kind == CTF_T_ARRAY || t->kind == CTF_T_SEQ)
    {
      const CtfType *e = t->elem;
      t->is_text = (e->kind == CTF_T_INT && e->size == 8 && e->align == 8
                    && e->encoded);
      if (t->is_text)
        t->elem->is_signed = FALSE;
    }
  return TRUE;
}

/* bt2's rule: a `timestamp` integer that maps no clock maps the trace's
 * only clock, or a default 1 GHz one. */
gboolean
ctf_plan_auto_map (Compiler *c, CtfType *st, const char *name)
{
  if (st == NULL || st->kind != CTF_T_STRUCT)
    return TRUE;
  for (guint i = 0; i < st->n_fields; i++)
    {
      CtfType *t = st->fields[i].type;
      if (strcmp (st->fields[i].name, name) != 0 || t->kind != CTF_T_INT
          || t->clock != NULL)
        continue;
      if (c->tc->clocks->len == 0)
        {
          CtfClock *k = ctf_alloc (c->tc, sizeof *k);
          k->name = ctf_strdup (c->tc, "default");
          k->freq = 1000000000;
          k->freq_d = 1e9;
          g_ptr_array_add (c->tc->clocks, k);
        }
      if (c->tc->clocks->len > 1)
        return ctf_plan_fail (c, "'%s' maps no clock and the trace has "
                              "several", name);
      t->clock = c->tc->clocks->pdata[0];
    }
  return TRUE;
}

void
ctf_plan_assign_slots (Compiler *c, CtfType *t)
{
  if (t == NULL)
    return;
  if (c->next_slot >= c->slot_cap)
    {
      c->slot_cap = c->slot_cap ? c->slot_cap * 2 : 64;
      c->slot_types = g_renew (CtfType *, c->slot_types, c->slot_cap);
    }
  t->slot = c->next_slot++;
  c->slot_types[t->slot] = t;
  t->slot_first = t->slot;
  for (guint i = 0; i < t->n_fields; i++)
    ctf_plan_assign_slots (c, t->fields[i].type);
  if (t->elem != NULL)
    ctf_plan_assign_slots (c, t->elem);
  t->slot_end = c->next_slot;
}

gboolean
ctf_plan_prepare_clocks (Compiler *c)
{
  for (guint i = 0; i < c->tc->clocks->len; i++)
    {
      CtfClock *k = c->tc->clocks->pdata[i];
      k->freq_d = (double) k->freq;
      if (k->offset_neg)
        {
          uint64_t whole = (k->offset + k->freq - 1) / k->freq;
          if (whole > (uint64_t) INT64_MAX
              || k->offset_s < INT64_MIN + (int64_t) whole)
            return ctf_plan_fail (c, "clock '%s': offset out of range",
                                  k->name);
          k->offset_s -= (int64_t) whole;
          k->offset = whole * k->freq - k->offset;
          k->offset_neg = FALSE;
        }
      if (k->offset >= k->freq)
        {
          uint64_t whole = k->offset / k->freq;
          if (whole > (uint64_t) INT64_MAX
              || k->offset_s > INT64_MAX - (int64_t) whole)
            return ctf_plan_fail (c, "clock '%s': offset out of range",
                                  k->name);
          k->offset_s += (int64_t) whole;
          k->offset %= k->freq;
        }
      if (k->offset_s <= INT64_MIN / 1000000000 - 1
          || k->offset_s >= INT64_MAX / 1000000000 - 1)
        k->overflows = TRUE;
      else
        k->base_ns = k->offset_s * 1000000000
                     + (int64_t) ctf_cycles_to_ns (k->freq, k->freq_d,
                                                   k->offset);
      /* as ctf_clock_to_ns: the sum must fit */
      if (k->freq == 1000000000u && !k->overflows)
        k->direct_below = k->base_ns <= 0 ? (uint64_t) INT64_MAX
                          : (uint64_t) (INT64_MAX - k->base_ns) + 1;
    }
  return TRUE;
}
