/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ctf-plan-ops.c: a structure's flat decoding plan (run by
 * ctf-decode.c): nested structures flattened, direct loads for byte-aligned
 * little-endian integers, blocks of contiguous ones; event classes' plans
 * built on first use; subsets of a plan for readers of a few fields. */
#include "config.h"

#include "ctf-decode.h"
#include "ctf-plan.h"

#include <string.h>

static void
emit (GArray *ops, uint8_t op, guint align, int slot, const CtfType *t)
{
  CtfOp o = { .op = op, .align = (uint16_t) align, .slot = slot, .t = t };
  g_array_append_val (ops, o);
}

/* Whole-byte little-endian integers that follow one another need no
 * alignment or bounds check each once their block starts on a byte and
 * fits: a block op covers such a run. */
static gboolean
blockable (const CtfOp *o)
{
  const CtfType *t = o->t;
  if (o->op > CTF_OP_S64 && o->op != CTF_OP_INT)
    return FALSE;
  return t->kind == CTF_T_INT && t->byte_order == CTF_LE && t->align <= 8
         && (t->size == 8 || t->size == 16 || t->size == 32 || t->size == 64)
         && G_BYTE_ORDER == G_LITTLE_ENDIAN;
}

static GArray *
add_blocks (GArray *ops)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (CtfOp));
  for (guint i = 0; i < ops->len;)
    {
      guint j = i;
      while (j < ops->len && blockable (&g_array_index (ops, CtfOp, j)))
        j++;
      if (j - i >= 2)
        {
          CtfOp b = { .op = CTF_OP_BLOCK, .align = 8, .off = j - i,
                      .slot = -1 };
          guint idx = out->len;
          g_array_append_val (out, b);
          uint32_t off = 0;
          for (guint k = i; k < j; k++)
            {
              CtfOp m = g_array_index (ops, CtfOp, k);
              m.bytes = (uint8_t) (m.t->size / 8);
              m.bits = 64 - m.t->size;   /* the shift that keeps its bits */
              m.off = off;
              off += m.bytes;
              g_array_append_val (out, m);
            }
          g_array_index (out, CtfOp, idx).bits = off * 8;
          i = j;
        }
      else
        {
          g_array_append_val (out, g_array_index (ops, CtfOp, i));
          i++;
        }
    }
  g_array_free (ops, TRUE);
  return out;
}

static void
emit_struct (GArray *ops, const CtfType *st)
{
  if (st->align > 1)
    emit (ops, CTF_OP_ALIGN, st->align, st->slot, st);
  for (guint i = 0; i < st->n_fields; i++)
    {
      const CtfType *t = st->fields[i].type;
      if (t->kind == CTF_T_STRUCT)
        emit_struct (ops, t);
      else if (t->kind == CTF_T_STRING && t->str_enc == 0)
        emit (ops, CTF_OP_STRING, 8, t->slot, t);
      else if (t->kind == CTF_T_INT && (t->varint || t->bit_rev))
        emit (ops, CTF_OP_NODE, 1, t->slot, t);   /* LEB128, reversed bits:
                                                     ctf_decode */
      else if (t->kind == CTF_T_INT && t->byte_order == CTF_LE
               && t->clock == NULL
               && t->meaning == CTF_MEAN_NONE
               && (t->size == 8 || t->size == 16 || t->size == 32
                   || t->size == 64) && G_BYTE_ORDER == G_LITTLE_ENDIAN)
        {
          int k = t->size == 8 ? 0 : t->size == 16 ? 1 : t->size == 32 ? 2
                  : 3;
          emit (ops, (uint8_t) ((t->is_signed ? CTF_OP_S8 : CTF_OP_U8) + k),
                t->align, t->slot, t);
        }
      else if (t->kind == CTF_T_INT)
        emit (ops, CTF_OP_INT, t->align, t->slot, t);
      else if (t->kind == CTF_T_ARRAY && t->is_text)
        emit (ops, CTF_OP_TEXT_ARRAY, t->align, t->slot, t);
      else if (t->kind == CTF_T_SEQ && t->is_text)
        emit (ops, CTF_OP_TEXT_SEQ, t->align, t->slot, t);
      else if ((t->kind == CTF_T_ARRAY || t->kind == CTF_T_SEQ)
               && (t->elem->kind == CTF_T_INT || t->elem->kind == CTF_T_FLOAT)
               && !t->elem->varint && !t->elem->bit_rev
               && t->elem->size % t->elem->align == 0
               && t->elem->clock == NULL && t->elem->meaning == CTF_MEAN_NONE)
        emit (ops, CTF_OP_INT_ARRAY, t->align, t->slot, t);
      else if (t->kind == CTF_T_VARIANT && t->option_of_value != NULL)
        emit (ops, CTF_OP_VARIANT, 1, t->slot, t);
      else
        emit (ops, CTF_OP_NODE, 1, t->slot, t);
    }
}

/* The caller saw plans_ready at 0 (an acquire load, ctf-types.h). Not
 * g_once: its every completion wakes waiters with a system call, one per
 * event class on the first pass over a trace (180 for LTTng kernel). */
void
ctf_event_plans_build_once (CtfTraceClass *tc, CtfEventClass *ec)
{
  G_LOCK (ctf_model);
  if (__atomic_load_n (&ec->plans_ready, __ATOMIC_RELAXED) == 0)
    {
      ctf_compile_plans (tc, ec->context);
      ctf_compile_plans (tc, ec->fields);
      __atomic_store_n (&ec->plans_ready, 1, __ATOMIC_RELEASE);
    }
  G_UNLOCK (ctf_model);
}

CtfOp *
ctf_plan_subset (const CtfType *st, const int *keep, guint n_keep,
                 guint *n_ops)
{
  if (st->plan == NULL)
    return NULL;
  const CtfOp *plan = st->plan, *end = st->plan + st->n_plan;
  guint n_slots = (guint) (st->slot_end - st->slot_first), dropped = 0;
  g_autofree gboolean *kept = g_new0 (gboolean, n_slots + 1);
  for (guint i = 0; i < n_keep; i++)
    if (keep[i] >= st->slot_first && keep[i] < st->slot_end)
      kept[keep[i] - st->slot_first] = TRUE;
  /* Lengths and tags are read by later ops; what a generically decoded
   * node or a variant's options refer to is not followed: no subset. */
  for (const CtfOp *o = plan; o < end; o++)
    {
      if (o->op == CTF_OP_NODE || o->op == CTF_OP_VARIANT)
        return NULL;
      if (o->op == CTF_OP_BLOCK || o->op == CTF_OP_BLOCK_PLAIN)
        {
          o += o->off;
          continue;
        }
      if (o->t != NULL && o->t->kind == CTF_T_SEQ
          && o->t->ref_slot >= st->slot_first && o->t->ref_slot < st->slot_end)
        kept[o->t->ref_slot - st->slot_first] = TRUE;
    }
  GArray *out = g_array_new (FALSE, FALSE, sizeof (CtfOp));
  for (const CtfOp *o = plan; o < end; o++)
    {
      if (o->op != CTF_OP_BLOCK && o->op != CTF_OP_BLOCK_PLAIN)
        {
          g_array_append_val (out, *o);
          continue;
        }
      guint head = out->len;
      CtfOp b = *o;
      b.op = CTF_OP_BLOCK;      /* its slots are no longer consecutive */
      b.slot = -1;
      b.full = o;
      g_array_append_val (out, b);
      for (const CtfOp *m = o + 1; m <= o + o->off; m++)
        if (m->op == CTF_OP_INT || kept[m->slot - st->slot_first])
          g_array_append_val (out, *m);
        else
          dropped++;
      g_array_index (out, CtfOp, head).off = out->len - head - 1;
      o += o->off;
    }
  if (dropped == 0)
    {
      g_array_free (out, TRUE);
      return NULL;
    }
  *n_ops = out->len;
  return (CtfOp *) g_array_free (out, FALSE);
}

/* Turns a block into a plain block when its integers need no check and
 * fill consecutive slots: the commonest block, read with no branch per
 * integer and no slot number to load. */
static void
make_plain (CtfTraceClass *tc, CtfOp *b)
{
  const CtfOp *m = b + 1;
  for (guint k = 0; k < b->off; k++)
    if (m[k].op > CTF_OP_S64 || m[k].slot != m[0].slot + (int) k)
      return;
  CtfPlainInt *plain = ctf_alloc (tc, b->off * sizeof *plain);
  for (guint k = 0; k < b->off; k++)
    {
      guint size = 64 - m[k].bits;
      gboolean is_signed = m[k].op >= CTF_OP_S8;
      plain[k].off = m[k].off;
      plain[k].mask = size < 64 ? (UINT64_C (1) << size) - 1 : ~UINT64_C (0);
      plain[k].sign = is_signed && size < 64 ? UINT64_C (1) << (size - 1) : 0;
    }
  b->op = CTF_OP_BLOCK_PLAIN;
  b->slot = m[0].slot;
  b->plain = plain;
}

/* Gives every structure of `t` its plan (structures inside arrays and
 * variants too, as they are decoded through ctf_decode). */
void
ctf_compile_plans (CtfTraceClass *tc, CtfType *t)
{
  if (t == NULL)
    return;
  if (t->kind == CTF_T_STRUCT && t->plan == NULL)
    {
      GArray *ops = g_array_new (FALSE, FALSE, sizeof (CtfOp));
      emit_struct (ops, t);
      ops = add_blocks (ops);
      CtfOp *plan = ctf_alloc (tc, sizeof (CtfOp) * (ops->len + 1));
      if (ops->len > 0)
        memcpy (plan, ops->data, sizeof (CtfOp) * ops->len);
      for (guint i = 0; i < ops->len; i++)
        if (plan[i].op == CTF_OP_BLOCK)
          make_plain (tc, &plan[i]);
      t->n_plan = ops->len;
      g_array_free (ops, TRUE);
      /* whole before it is seen: another thread may be decoding a class
       * that shares this structure */
      __atomic_store_n (&t->plan, plan, __ATOMIC_RELEASE);
    }
  for (guint i = 0; i < t->n_fields; i++)
    ctf_compile_plans (tc, t->fields[i].type);
  if (t->elem != NULL)
    ctf_compile_plans (tc, t->elem);
}
