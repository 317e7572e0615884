/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ctf-decode.c: the field decoder. Walks a compiled type over the mapped
 * packet: byte-aligned little-endian integers take a direct load, other
 * integers a bit-field read; everything is bounds-checked against the
 * packet's content size. */
#include "config.h"

#include "ctf-decode.h"

static gboolean
fault (CtfCursor *c, const char *what)
{
  g_strlcpy (c->err, what, sizeof c->err);
  c->err_pos = c->pos;
  return FALSE;
}

static inline gboolean
align_to (CtfCursor *c, guint align)
{
  if (align > 1)
    c->pos = (c->pos + align - 1) & ~(uint64_t) (align - 1);
  return c->pos <= c->limit;
}

static gboolean
decode_int (CtfCursor *c, const CtfType *t)
{
  if (!align_to (c, t->align) || c->limit - c->pos < t->size)
    return fault (c, "integer field goes past the end of the packet "
                  "content");
  uint64_t v;
#if G_BYTE_ORDER == G_LITTLE_ENDIAN
  if ((c->pos & 7) == 0 && t->byte_order == CTF_LE)
    {
      const uint8_t *p = c->buf + (c->pos >> 3);
      switch (t->size)
        {
        case 8: v = *p; goto loaded;
        case 16: { uint16_t x; memcpy (&x, p, 2); v = x; goto loaded; }
        case 32: { uint32_t x; memcpy (&x, p, 4); v = x; goto loaded; }
        case 64: memcpy (&v, p, 8); goto loaded;
        default: break;
        }
    }
#endif
  if (G_LIKELY ((c->pos >> 3) + 16 <= c->mapped))
    v = ctf_read_bits_fast (c->buf, c->pos, t->size, t->byte_order == CTF_BE);
  else
    v = ctf_read_bits (c->buf, c->pos, t->size, t->byte_order == CTF_BE);
loaded:
  c->pos += t->size;
  if (G_UNLIKELY (t->bit_rev))
    v = ctf_reverse_bits (v, t->size);
  if (t->clock != NULL)
    ctf_clock_update (c, v, t->size);
  if (t->meaning == CTF_MEAN_EVENT_ID)
      c->event_id = v;
  if (t->is_signed && t->size < 64 && (v >> (t->size - 1)) & 1)
    v |= ~UINT64_C (0) << t->size;
  CtfValue *val = &c->values[t->slot];
  val->u = v;
  val->gen = c->gen;
  return TRUE;
}

/* CTF 2's variable-length integers: unsigned or signed LEB128, 7 bits a
 * byte, least significant first, the last byte's top bit clear. */
static gboolean
decode_varint (CtfCursor *c, const CtfType *t)
{
  if (!align_to (c, 8))
    return fault (c, "variable-length integer goes past the end of the "
                  "packet content");
  uint64_t v = 0;
  guint shift = 0;
  uint8_t b;
  do
    {
      if (c->limit - c->pos < 8)
        return fault (c, "variable-length integer goes past the end of the "
                      "packet content");
      b = c->buf[c->pos >> 3];
      c->pos += 8;
      if (shift >= 64 || (shift == 63 && (b & 0x7e) != 0))
        return fault (c, "variable-length integer longer than 64 bits");
      v |= (uint64_t) (b & 0x7f) << shift;
      shift += 7;
    }
  while (b & 0x80);
  if (t->is_signed && shift < 64 && (b & 0x40))
    v |= ~UINT64_C (0) << shift;
  if (t->clock != NULL)
    ctf_clock_update (c, v, 64);
  if (t->meaning == CTF_MEAN_EVENT_ID)
    c->event_id = v;
  CtfValue *val = &c->values[t->slot];
  val->u = v;
  val->gen = c->gen;
  return TRUE;
}

static gboolean
decode_float (CtfCursor *c, const CtfType *t)
{
  if (!align_to (c, t->align) || c->limit - c->pos < t->size)
    return fault (c, "floating point field goes past the end of the "
                  "packet content");
  uint64_t v = ctf_read_bits (c->buf, c->pos, t->size,
                              t->byte_order == CTF_BE);
  if (G_UNLIKELY (t->bit_rev))
    v = ctf_reverse_bits (v, t->size);
  c->pos += t->size;
  CtfValue *val = &c->values[t->slot];
  if (t->size == 32)
    {
      uint32_t x = (uint32_t) v;
      float f;
      memcpy (&f, &x, 4);
      val->d = f;
    }
  else
    memcpy (&val->d, &v, 8);
  val->gen = c->gen;
  return TRUE;
}

/* CTF 2 null-terminated UTF-16/32 string: its bytes up to the zero code
 * unit (2 or 4 bytes, from the start) which ends it. */
static gboolean
decode_wide_string (CtfCursor *c, const CtfType *t)
{
  guint unit = t->str_enc == CTF_ENC_UTF32BE || t->str_enc == CTF_ENC_UTF32LE
               ? 4 : 2;
  const uint8_t *s = c->buf + (c->pos >> 3);
  uint64_t avail = (c->limit - c->pos) >> 3;
  uint64_t n = 0;
  for (;; n += unit)
    {
      if (avail - n < unit || n > avail)
        return fault (c, "string without its terminating null code unit "
                      "before the end of the packet content");
      gboolean zero = TRUE;
      for (guint k = 0; k < unit; k++)
        zero = zero && s[n + k] == 0;
      if (zero)
        break;
    }
  CtfValue *val = &c->values[t->slot];
  val->str = (const char *) s;
  val->len = n;
  val->gen = c->gen;
  c->pos += (n + unit) * 8;
  return TRUE;
}

static gboolean
decode_string (CtfCursor *c, const CtfType *t)
{
  if (!align_to (c, 8))
    return fault (c, "string goes past the end of the packet content");
  if (G_UNLIKELY (t->str_enc != 0))
    return decode_wide_string (c, t);
  const uint8_t *s = c->buf + (c->pos >> 3);
  uint64_t avail = (c->limit - c->pos) >> 3;
  const uint8_t *nul = memchr (s, 0, avail);
  if (nul == NULL)
    return fault (c, "string without its terminating NUL byte before the "
                  "end of the packet content");
  CtfValue *val = &c->values[t->slot];
  val->str = (const char *) s;
  val->len = (uint64_t) (nul - s);
  val->gen = c->gen;
  c->pos += (val->len + 1) * 8;
  return TRUE;
}

static gboolean
decode_array (CtfCursor *c, const CtfType *t, uint64_t n)
{
  const CtfType *e = t->elem;
  if (!align_to (c, t->align))
    return fault (c, "array goes past the end of the packet content");
  CtfValue *val = &c->values[t->slot];
  val->pos = c->pos;
  val->len = n;
  val->gen = c->gen;
  if (n == 0)
    return TRUE;
  if (n > c->limit - c->pos && n > (UINT64_C (1) << 20))
    return fault (c, "array or sequence length larger than the packet");
  if (t->is_text || ((e->kind == CTF_T_INT || e->kind == CTF_T_FLOAT)
                     && !e->varint && e->size % e->align == 0 && e->clock == NULL
                     && e->meaning == CTF_MEAN_NONE))
    {
      /* elements are contiguous: skip them at once */
      if (n > (c->limit - c->pos) / e->size)
        return fault (c, "array or sequence goes past the end of the "
                      "packet content");
      if (t->is_text)
        val->str = (const char *) c->buf + (c->pos >> 3);
      c->pos += n * e->size;
      return TRUE;
    }
  for (uint64_t i = 0; i < n; i++)
    {
      if (c->pos >= c->limit && e->kind != CTF_T_STRUCT)
        return fault (c, "array or sequence goes past the end of the "
                      "packet content");
      if (!ctf_decode (c, e))
        return FALSE;
    }
  return TRUE;
}

static gboolean
decode_variant (CtfCursor *c, const CtfType *t)
{
  const CtfType *tag = t->ref_type;
  const CtfValue *tv = &c->values[t->ref_slot];
  int option = -1;
  if (tv->u < t->n_option_values)
    option = t->option_of_value[tv->u];
  else
  for (guint m = 0; m < t->n_sel; m++)
    {
      const CtfMapping *mp = &t->sel[m];
      gboolean in = tag->is_signed
                    ? (tv->i >= mp->lo && tv->i <= mp->hi)
                    : (tv->u >= (uint64_t) mp->lo
                       && tv->u <= (uint64_t) mp->hi);
      if (in)
        {
          option = t->option_of_mapping[m];
          break;
        }
    }
  CtfValue *val = &c->values[t->slot];
  if (option < 0 && t->optional)
    {
      /* CTF 2 optional: absent */
      val->len = UINT64_MAX;
      val->gen = c->gen;
      return TRUE;
    }
  if (option < 0)
    {
      char buf[128];
      if (tag->is_signed)
        g_snprintf (buf, sizeof buf, "variant tag value %" G_GINT64_FORMAT
                    " selects no option", tv->i);
      else
        g_snprintf (buf, sizeof buf, "variant tag value %" G_GUINT64_FORMAT
                    " selects no option", tv->u);
      return fault (c, buf);
    }
  val->len = (uint64_t) option;
  val->gen = c->gen;
  return ctf_decode (c, t->fields[option].type);
}

/* A little-endian integer of 8 to 64 bits: a direct load when it starts
 * on a byte (always, with byte alignment; usually, with perf's align=1). */
#define LOAD_LE(type, bits)                                             \
  do                                                                    \
    {                                                                   \
      type x;                                                           \
      pos = (pos + op->align - 1) & ~(uint64_t) (op->align - 1);        \
      if (G_UNLIKELY (pos > limit || limit - pos < bits))               \
        goto overflow;                                                  \
      if (G_LIKELY ((pos & 7) == 0))                                    \
        {                                                               \
          memcpy (&x, buf + (pos >> 3), sizeof x);                      \
          v = (uint64_t) x;                                             \
        }                                                               \
      else                                                              \
        v = ctf_read_bits (buf, pos, bits, FALSE);                      \
      pos += bits;                                                      \
    }                                                                   \
  while (0)

/* Runs a plan: the loop every event's fields go through. */
gboolean
ctf_run_ops (CtfCursor *c, const CtfOp *ops, guint n_ops)
{
  const uint8_t *buf = c->buf;
  uint64_t pos = c->pos, limit = c->limit;
  CtfValue *vals = c->values;
  const uint32_t gen = c->gen;
  const CtfOp *op = ops, *end = ops + n_ops;
  uint64_t v = 0;

  for (; op < end; op++)
    {
      switch (op->op)
        {
        case CTF_OP_U8: LOAD_LE (uint8_t, 8); break;
        case CTF_OP_U16: LOAD_LE (uint16_t, 16); break;
        case CTF_OP_U32: LOAD_LE (uint32_t, 32); break;
        case CTF_OP_U64: LOAD_LE (uint64_t, 64); break;
        case CTF_OP_S8: LOAD_LE (int8_t, 8); v = (uint64_t) (int64_t) (int8_t) v; break;
        case CTF_OP_S16: LOAD_LE (int16_t, 16); v = (uint64_t) (int64_t) (int16_t) v; break;
        case CTF_OP_S32: LOAD_LE (int32_t, 32); v = (uint64_t) (int64_t) (int32_t) v; break;
        case CTF_OP_S64: LOAD_LE (int64_t, 64); break;
        case CTF_OP_ALIGN:
          pos = (pos + op->align - 1) & ~(uint64_t) (op->align - 1);
          if (G_UNLIKELY (pos > limit))
            goto overflow;
          vals[op->slot].gen = gen;
          continue;
        case CTF_OP_STRING:
          {
            pos = (pos + 7) & ~(uint64_t) 7;
            if (G_UNLIKELY (pos > limit))
              goto overflow;
            const uint8_t *s = buf + (pos >> 3);
            const uint8_t *nul = memchr (s, 0, (limit - pos) >> 3);
            if (G_UNLIKELY (nul == NULL))
              {
                c->pos = pos;
                return fault (c, "string without its terminating NUL byte "
                              "before the end of the packet content");
              }
            CtfValue *val = &vals[op->slot];
            val->str = (const char *) s;
            val->len = (uint64_t) (nul - s);
            val->gen = gen;
            pos += (val->len + 1) * 8;
            continue;
          }
        case CTF_OP_INT:
          {
            const CtfType *t = op->t;
            pos = (pos + op->align - 1) & ~(uint64_t) (op->align - 1);
            if (G_UNLIKELY (pos > limit || limit - pos < t->size))
              goto overflow;
            if (G_LIKELY ((pos >> 3) + 16 <= c->mapped))
              v = ctf_read_bits_fast (buf, pos, t->size,
                                      t->byte_order == CTF_BE);
            else
              v = ctf_read_bits (buf, pos, t->size, t->byte_order == CTF_BE);
            pos += t->size;
            if (t->clock != NULL)
              ctf_clock_update (c, v, t->size);
            if (t->meaning == CTF_MEAN_EVENT_ID)
                c->event_id = v;
            if (t->is_signed && t->size < 64 && (v >> (t->size - 1)) & 1)
              v |= ~UINT64_C (0) << t->size;
            break;
          }
        case CTF_OP_BLOCK:
          if (G_LIKELY ((pos & 7) == 0 && pos <= limit
                        && limit - pos >= op->bits
                        && (pos >> 3) + op->bits / 8 + 8 <= c->mapped))
            {
              /* Eight bytes loaded for every integer, its own bits kept
               * by two shifts (arithmetic for signed ones): no branch on
               * its size or sign. */
              const uint8_t *base = buf + (pos >> 3);
              const CtfOp *m = op + 1, *mend = op + 1 + op->off;
              for (; m < mend; m++)
                {
                  uint64_t raw;
                  memcpy (&raw, base + m->off, 8);
                  guint keep = m->bits;
                  uint64_t up = raw << keep;
                  gboolean sign = (guint) (m->op - CTF_OP_S8) < 4u;
                  v = sign ? (uint64_t) ((int64_t) up >> keep) : up >> keep;
                  if (G_UNLIKELY (m->op == CTF_OP_INT))
                    {
                      const CtfType *t = m->t;
                      if (t->clock != NULL)
                        ctf_clock_update (c, v, t->size);
                      if (t->meaning == CTF_MEAN_EVENT_ID)
                          c->event_id = v;
                      if (t->is_signed && t->size < 64
                          && (v >> (t->size - 1)) & 1)
                        v |= ~UINT64_C (0) << t->size;
                    }
                  vals[m->slot].u = v;
                  vals[m->slot].gen = gen;
                }
              pos += op->bits;
              op = mend - 1;
              continue;
            }
          if (op->full != NULL)
            {
              /* A subset's block: the whole plan's block, integer by
               * integer. */
              const CtfOp *head = op;
              c->pos = pos;
              if (!ctf_run_ops (c, head->full + 1, head->full->off))
                return FALSE;
              pos = c->pos;
              op = head + head->off;
            }
          continue;     /* else: each integer on its own */
        case CTF_OP_BLOCK_PLAIN:
          if (G_LIKELY ((pos & 7) == 0 && pos <= limit
                        && limit - pos >= op->bits
                        && (pos >> 3) + op->bits / 8 + 8 <= c->mapped))
            {
              const uint8_t *base = buf + (pos >> 3);
              const CtfPlainInt *m = op->plain, *mend = m + op->off;
              CtfValue *out = &vals[op->slot];
              for (; m < mend; m++, out++)
                {
                  uint64_t raw;
                  memcpy (&raw, base + m->off, 8);
                  out->u = ((raw & m->mask) ^ m->sign) - m->sign;
                  out->gen = gen;
                }
              pos += op->bits;
              op += op->off;
            }
          continue;     /* else: each integer on its own */
        case CTF_OP_INT_ARRAY:
          {
            const CtfType *t = op->t;
            uint64_t n = t->kind == CTF_T_ARRAY ? t->length
                         : vals[t->ref_slot].u;
            guint esize = t->elem->size;
            uint64_t bits;
            pos = (pos + op->align - 1) & ~(uint64_t) (op->align - 1);
            /* a multiplication, not a division: once per event */
            if (G_UNLIKELY (pos > limit
                            || __builtin_mul_overflow (n, (uint64_t) esize,
                                                       &bits)
                            || bits > limit - pos))
              goto overflow;
            CtfValue *val = &vals[op->slot];
            val->pos = pos;
            val->len = n;
            val->gen = gen;
            pos += bits;
            continue;
          }
        case CTF_OP_TEXT_ARRAY:
        case CTF_OP_TEXT_SEQ:
          {
            const CtfType *t = op->t;
            uint64_t n = op->op == CTF_OP_TEXT_ARRAY ? t->length
                         : vals[t->ref_slot].u;
            pos = (pos + 7) & ~(uint64_t) 7;
            if (G_UNLIKELY (pos > limit || n > (limit - pos) >> 3))
              goto overflow;
            CtfValue *val = &vals[op->slot];
            val->str = (const char *) buf + (pos >> 3);
            val->pos = pos;
            val->len = n;
            val->gen = gen;
            pos += n * 8;
            continue;
          }
        case CTF_OP_VARIANT:
          {
            const CtfType *t = op->t;
            uint64_t tag = vals[t->ref_slot].u;
            int option = tag < t->n_option_values ? t->option_of_value[tag]
                         : -1;
            if (G_UNLIKELY (option < 0))
              break;      /* the generic path reports it */
            const CtfType *o = t->fields[option].type;
            CtfValue *val = &vals[op->slot];
            val->len = (uint64_t) option;
            val->gen = gen;
            c->pos = pos;
            if (!ctf_decode_scope (c, o))
              return FALSE;
            pos = c->pos;
            continue;
          }
        default:
          break;
        }
      if (G_UNLIKELY (op->op >= CTF_OP_TEXT_ARRAY))
        {
          c->pos = pos;
          if (!ctf_decode (c, op->t))
            return FALSE;
          pos = c->pos;
          continue;
        }
      vals[op->slot].u = v;
      vals[op->slot].gen = gen;
    }
  c->pos = pos;
  return TRUE;

overflow:
  c->pos = pos;
  return fault (c, "field goes past the end of the packet content");
}

gboolean
ctf_decode (CtfCursor *c, const CtfType *t)
{
  switch (t->kind)
    {
    case CTF_T_INT:
      return G_UNLIKELY (t->varint) ? decode_varint (c, t)
                                    : decode_int (c, t);
    case CTF_T_FLOAT:
      return decode_float (c, t);
    case CTF_T_STRING:
      return decode_string (c, t);
    case CTF_T_STRUCT:
      if (ctf_plan_of (t) != NULL)
        return ctf_run_plan (c, t);
      if (!align_to (c, t->align))
        return fault (c, "structure goes past the end of the packet "
                      "content");
      for (guint i = 0; i < t->n_fields; i++)
        if (!ctf_decode (c, t->fields[i].type))
          return FALSE;
      c->values[t->slot].gen = c->gen;
      return TRUE;
    case CTF_T_VARIANT:
      return decode_variant (c, t);
    case CTF_T_ARRAY:
      return decode_array (c, t, t->length);
    case CTF_T_SEQ:
      return decode_array (c, t, c->values[t->ref_slot].u);
    }
  return fault (c, "unknown field type");
}

gboolean
ctf_clock_to_ns (const CtfClock *k, uint64_t cycles, int64_t *ns)
{
  if (k->overflows)
    return FALSE;
  uint64_t v = ctf_cycles_to_ns (k->freq, k->freq_d, cycles);
  if (v >= (uint64_t) INT64_MAX)
    return FALSE;
  if (k->base_ns > 0 && (int64_t) v > INT64_MAX - k->base_ns)
    return FALSE;
  *ns = k->base_ns + (int64_t) v;
  return TRUE;
}
