/* SPDX-License-Identifier: GPL-2.0-or-later */
/* text-plan.c: an event class's fields as babeltrace2 prints them,
 * compiled when its trace opens: literal text (braces, names, separators,
 * merged across fields and scopes) between value steps. Running it writes
 * through a local pointer into room reserved ahead, rather than a GString
 * call per piece; what it does not handle goes to event-format.c's
 * ctf_format_value. */
#include "config.h"

#include "ctf-digits.h"
#include "ctf-trace.h"

#include <string.h>

enum { TP_LIT, TP_DEC, TP_SDEC, TP_HEX, TP_INT, TP_STRING, TP_TEXT,
       TP_ELEM, TP_VALUE };

struct _CtfTextOp {
  guint8 op;
  guint32 len;             /* TP_LIT; TP_ELEM: the element's index */
  uint64_t mask;           /* TP_HEX: the bits shown */
  const char *lit;         /* TP_LIT: 8 readable bytes after it */
  int slot;
  const CtfType *t;
};

typedef struct {
  GArray *ops;             /* CtfTextOp, lit as an offset in text */
  GString *text;
} TextBuilder;

static void
tp_lit (TextBuilder *b, const char *s, size_t n)
{
  CtfTextOp *last = b->ops->len > 0
                    ? &g_array_index (b->ops, CtfTextOp, b->ops->len - 1)
                    : NULL;
  if (last == NULL || last->op != TP_LIT)
    {
      CtfTextOp op = { .op = TP_LIT, .lit = (const char *) (gsize) b->text->len };
      g_array_append_val (b->ops, op);
      last = &g_array_index (b->ops, CtfTextOp, b->ops->len - 1);
    }
  g_string_append_len (b->text, s, (gssize) n);
  last->len += (guint32) n;
}

static void
tp_op (TextBuilder *b, guint8 kind, const CtfType *t)
{
  CtfTextOp op = { .op = kind, .slot = MAX (t->slot, 0), .t = t };
  if (kind == TP_HEX)
    {
      /* format_int's masking: whole hex digits of the size */
      guint rounded = (t->size + 3) & ~3u;
      op.mask = rounded < 64 ? (UINT64_C (1) << rounded) - 1 : ~UINT64_C (0);
    }
  g_array_append_val (b->ops, op);
}

/* A plain integer, printed by format_int's rules. */
static guint8
tp_int_kind (const CtfType *t)
{
  if (t->base == 10)
    return t->is_signed ? TP_SDEC : TP_DEC;
  return t->base == 16 ? TP_HEX : TP_INT;
}

/* An array of a few plain integers: its elements one by one, read in
 * place like format_array does. */
static gboolean
tp_int_array (TextBuilder *b, const CtfType *t)
{
  const CtfType *e = t->elem;
  if (t->kind != CTF_T_ARRAY || t->length > 64 || e->kind != CTF_T_INT
      || e->is_enum || e->varint || e->bit_rev || e->clock != NULL
      || e->meaning != CTF_MEAN_NONE || e->size % e->align != 0)
    return FALSE;
  tp_lit (b, "[", 1);
  for (guint i = 0; i < t->length; i++)
    {
      char idx[32];
      int n = g_snprintf (idx, sizeof idx, "%s[%u] = ", i > 0 ? ", " : " ",
                          i);
      tp_lit (b, idx, (size_t) n);
      CtfTextOp op = { .op = TP_ELEM, .len = i, .slot = MAX (t->slot, 0),
                       .t = e };
      g_array_append_val (b->ops, op);
    }
  tp_lit (b, " ]", 2);
  return TRUE;
}

/* What format_value prints, as text and value steps. */
static void
tp_value (TextBuilder *b, const CtfType *t)
{
  switch (t->kind)
    {
    case CTF_T_STRUCT:
      {
        guint n = 0;
        tp_lit (b, "{", 1);
        for (guint i = 0; i < t->n_fields; i++)
          {
            const CtfField *f = &t->fields[i];
            if (!f->type->in_ir)
              continue;
            if (n++ > 0)
              tp_lit (b, f->label, f->name_len + 5);
            else
              tp_lit (b, f->label + 1, f->name_len + 4);
            tp_value (b, f->type);
          }
        tp_lit (b, " }", 2);
        return;
      }
    case CTF_T_INT:
      if (t->is_enum)
        break;
      tp_op (b, tp_int_kind (t), t);
      return;
    case CTF_T_STRING:
      if (t->str_enc != 0)
        break;                    /* UTF-16/32: event-format.c */
      tp_op (b, TP_STRING, t);
      return;
    case CTF_T_ARRAY:
    case CTF_T_SEQ:
      if (t->is_text)
        {
          tp_op (b, TP_TEXT, t);
          return;
        }
      if (t->str_enc == 0 && tp_int_array (b, t))
        return;
      break;
    case CTF_T_FLOAT:
    case CTF_T_VARIANT:
      break;
    }
  tp_op (b, TP_VALUE, t);
}

static void
tp_scope (TextBuilder *b, const CtfType *t, gboolean *first)
{
  if (t == NULL || !t->in_ir)
    return;
  if (!*first)
    tp_lit (b, ", ", 2);
  *first = FALSE;
  tp_value (b, t);
}

static void
text_plan_build (CtfTraceClass *tc, CtfEventClass *ec, const char *prefix)
{
  size_t plen = strlen (prefix);
  ec->line_head_len = (guint) (plen + ec->name_len + 2);
  ec->line_head = ctf_alloc (tc, ec->line_head_len + 8);
  memcpy (ec->line_head, prefix, plen);
  memcpy (ec->line_head + plen, ec->name, ec->name_len);
  memcpy (ec->line_head + plen + ec->name_len, ": ", 2);
  TextBuilder b = { g_array_new (FALSE, FALSE, sizeof (CtfTextOp)),
                    g_string_new (NULL) };
  gboolean first = TRUE;
  tp_scope (&b, ec->sc->packet_context, &first);
  tp_scope (&b, ec->sc->event_context, &first);
  tp_scope (&b, ec->context, &first);
  tp_scope (&b, ec->fields, &first);
  char *text = ctf_alloc (tc, b.text->len + 8);
  memcpy (text, b.text->str, b.text->len);
  ec->n_text_plan = b.ops->len;
  ec->text_plan = ctf_alloc (tc, (b.ops->len + 1) * sizeof (CtfTextOp));
  for (guint i = 0; i < b.ops->len; i++)
    {
      CtfTextOp *op = &g_array_index (b.ops, CtfTextOp, i);
      if (op->op == TP_LIT)
        op->lit = text + (gsize) op->lit;
      ec->text_plan[i] = *op;
    }
  g_array_free (b.ops, TRUE);
  g_string_free (b.text, TRUE);
}

void
ctf_text_plan_build_once (CtfTraceClass *tc, CtfEventClass *ec,
                          const char *prefix)
{
  /* (as ctf_event_plans_build_once: no g_once) */
  G_LOCK (ctf_model);
  if (__atomic_load_n (&ec->text_plan_ready, __ATOMIC_RELAXED) == 0)
    {
      text_plan_build (tc, ec, prefix);
      __atomic_store_n (&ec->text_plan_ready, 1, __ATOMIC_RELEASE);
    }
  G_UNLOCK (ctf_model);
}

/* --- Running a plan ---------------------------------------------------- */

typedef struct {
  GString *g;
  char *p, *end;     /* write position; end of the room reserved */
} Out;

/* Room for `n` more bytes (plus the NUL). */
static inline void
need (Out *o, size_t n)
{
  if (G_LIKELY ((size_t) (o->end - o->p) > n))
    return;
  gsize len = (gsize) (o->p - o->g->str);
  g_string_set_size (o->g, len + n + 4096);
  o->g->len = len;
  o->p = o->g->str + len;
  o->end = o->g->str + o->g->allocated_len - 1;
}

/* Hands the text written so far back to the GString, for a call that
 * appends to it; out_resume takes it again. */
static inline GString *
out_sync (Out *o)
{
  o->g->len = (gsize) (o->p - o->g->str);
  o->g->str[o->g->len] = '\0';
  return o->g;
}

static inline void
out_resume (Out *o)
{
  o->p = o->g->str + o->g->len;
  o->end = o->g->str + o->g->allocated_len - 1;
}

/* "00" to "FF" */
static const char hex_pairs[] =
  "000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F"
  "202122232425262728292A2B2C2D2E2F303132333435363738393A3B3C3D3E3F"
  "404142434445464748494A4B4C4D4E4F505152535455565758595A5B5C5D5E5F"
  "606162636465666768696A6B6C6D6E6F707172737475767778797A7B7C7D7E7F"
  "808182838485868788898A8B8C8D8E8F909192939495969798999A9B9C9D9E9F"
  "A0A1A2A3A4A5A6A7A8A9AAABACADAEAFB0B1B2B3B4B5B6B7B8B9BABBBCBDBEBF"
  "C0C1C2C3C4C5C6C7C8C9CACBCCCDCECFD0D1D2D3D4D5D6D7D8D9DADBDCDDDEDF"
  "E0E1E2E3E4E5E6E7E8E9EAEBECEDEEEFF0F1F2F3F4F5F6F7F8F9FAFBFCFDFEFF";

static inline char *
write_hex (char *d, uint64_t v)
{
  size_t n = v == 0 ? 1 : (size_t) ((64 - __builtin_clzll (v) + 3) / 4);
  memcpy (d, "0x", 2);
  d += 2;
  char *p = d + n;
  while (p - d >= 2)
    {
      p -= 2;
      memcpy (p, hex_pairs + 2 * (v & 255), 2);
      v >>= 8;
    }
  if (p > d)
    p[-1] = hex_pairs[2 * (v & 15) + 1];
  return d + n;
}

/* A string without anything to escape is copied as is. */
static inline gboolean
plain (const char *s, size_t len)
{
  for (size_t i = 0; i < len; i++)
    {
      unsigned char ch = (unsigned char) s[i];
      if (ch < 32 || ch == 127 || ch == '\\' || ch == '\'' || ch == '"'
          || ch == '?')
        return FALSE;
    }
  return TRUE;
}

static inline void
write_string (Out *o, const char *s, size_t len)
{
  if (len < 4096 && plain (s, len))
    {
      need (o, len + 2);
      *o->p++ = '"';
      memcpy (o->p, s, len);
      o->p += len;
      *o->p++ = '"';
      return;
    }
  ctf_format_escaped (s, len, out_sync (o));
  out_resume (o);
}

void
ctf_text_plan_run (const CtfEventClass *ec, const CtfCursor *cur,
                   GString *out)
{
  const CtfValue *vals = cur->values;
  Out o = { out, out->str + out->len, out->str + out->allocated_len - 1 };
  for (const CtfTextOp *op = ec->text_plan, *end = op + ec->n_text_plan;
       op < end; op++)
    {
      const CtfValue *v = &vals[op->slot];
      switch (op->op)
        {
        case TP_LIT:
          /* by words: literals have 8 readable bytes after them */
          need (&o, op->len + 8);
          for (size_t i = 0; i < op->len; i += 8)
            memcpy (o.p + i, op->lit + i, 8);
          o.p += op->len;
          break;
        case TP_DEC:
          need (&o, 24);
          o.p = ctf_write_u64 (o.p, v->u);
          break;
        case TP_SDEC:
          need (&o, 24);
          if (v->i < 0)
            {
              *o.p++ = '-';
              o.p = ctf_write_u64 (o.p, 0 - v->u);
            }
          else
            o.p = ctf_write_u64 (o.p, v->u);
          break;
        case TP_HEX:
          need (&o, 24);
          o.p = write_hex (o.p, v->u & op->mask);
          break;
        case TP_STRING:
          write_string (&o, v->str, v->len);
          break;
        case TP_TEXT:
          write_string (&o, v->str, v->len == 0 ? 0
                        : strnlen (v->str, v->len));
          break;
        case TP_ELEM:
          {
            const CtfType *e = op->t;
            uint64_t pos = v->pos + (uint64_t) op->len * e->size;
            uint64_t x = (pos >> 3) + 16 <= cur->mapped
                         ? ctf_read_bits_fast (cur->buf, pos, e->size,
                                               e->byte_order == CTF_BE)
                         : ctf_read_bits (cur->buf, pos, e->size,
                                          e->byte_order == CTF_BE);
            if (e->is_signed && e->size < 64 && (x >> (e->size - 1)) & 1)
              x |= ~UINT64_C (0) << e->size;
            need (&o, 24);
            if (e->base == 16)
              {
                guint rounded = (e->size + 3) & ~3u;
                if (rounded < 64)
                  x &= (UINT64_C (1) << rounded) - 1;
                o.p = write_hex (o.p, x);
              }
            else if (e->base == 10 && !(e->is_signed && (int64_t) x < 0))
              o.p = ctf_write_u64 (o.p, x);
            else
              {
                CtfValue ev = { .u = x };
                ctf_format_int (e, &ev, out_sync (&o));
                out_resume (&o);
              }
            break;
          }
        case TP_INT:
          ctf_format_int (op->t, v, out_sync (&o));
          out_resume (&o);
          break;
        default:
          {
            CtfCursor c = *cur;   /* printing never moves the reader */
            ctf_format_value (&c, op->t, out_sync (&o));
            out_resume (&o);
            break;
          }
        }
    }
  out_sync (&o);
}
