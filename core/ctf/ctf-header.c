/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ctf-header.c: the event header's fast path. Most headers are a few
 * integers (perf: id and timestamp; LTTng: a 5-bit id then, by a variant,
 * a 27-bit timestamp or an extended id and 64-bit timestamp). From a byte
 * boundary their layout is fixed per variant option, so they are read at
 * precomputed offsets instead of through the plan interpreter. */
#include "config.h"

#include "ctf-trace.h"

#define MAX_ITEMS 6

enum { H_SIGNED = 1, H_CLOCK = 2, H_ID = 4 };

typedef struct {
  uint16_t off;                  /* bits from the header's start */
  uint8_t size;
  uint8_t be;
  uint8_t flags;                 /* H_* */
  int slot;
} HdrItem;

typedef struct {
  HdrItem items[MAX_ITEMS];
  guint n;
  uint32_t bits;                 /* the header's size with this layout */
} HdrLayout;

struct _CtfHeaderFast {
  CtfHeaderIdTs id_ts;
  CtfHeaderTagged tagged;        /* options: NULL unless every option is
                                    an id then a timestamp (LTTng's) */
  /* LTTng's: the id alone before the variant (its tag), every integer
   * unsigned and little-endian. */
  gboolean tag_first;
  HdrLayout base;                /* the integers before the variant */
  int tag;                       /* index of the variant's tag in base */
  const CtfType *variant;        /* NULL: no variant */
  HdrLayout *options;            /* per option: its integers */
};

/* Appends the integers of `t` (an integer or a structure of integers,
 * alignments of at most a byte) to `l` from bit `*pos`. */
static gboolean
add_items (HdrLayout *l, const CtfType *t, uint32_t *pos)
{
  if (t->align > 8)
    return FALSE;
  *pos = (*pos + t->align - 1) & ~(t->align - 1);
  if (t->kind == CTF_T_STRUCT)
    {
      for (guint i = 0; i < t->n_fields; i++)
        if (!add_items (l, t->fields[i].type, pos))
          return FALSE;
      return TRUE;
    }
  if (t->kind != CTF_T_INT || t->varint || t->bit_rev || t->size == 0
      || t->size > 64
      || l->n >= MAX_ITEMS || t->slot < 0 || *pos > 512)
    return FALSE;
  l->items[l->n++] = (HdrItem) {
    (uint16_t) *pos, (uint8_t) t->size, t->byte_order == CTF_BE,
    (uint8_t) ((t->is_signed && t->size < 64 ? H_SIGNED : 0)
               | (t->clock != NULL ? H_CLOCK : 0)
               | (t->meaning == CTF_MEAN_EVENT_ID ? H_ID : 0)),
    t->slot };
  *pos += t->size;
  return TRUE;
}

static gboolean
whole_le_bytes (const HdrItem *it)
{
  return !it->be && it->off % 8 == 0 && it->size % 8 == 0;
}

static void
detect_id_ts (CtfHeaderFast *f)
{
  const HdrItem *id = &f->base.items[0], *ts = &f->base.items[1];
  if (G_BYTE_ORDER != G_LITTLE_ENDIAN || f->variant != NULL || f->base.n != 2
      || id->flags != H_ID || ts->flags != H_CLOCK
      || !whole_le_bytes (id) || !whole_le_bytes (ts))
    return;
  f->id_ts = (CtfHeaderIdTs) {
    .bits = f->base.bits, .id_off = (uint8_t) (id->off / 8), .ts_off = (uint8_t) (ts->off / 8),
    .ts_size = ts->size,
    .id_mask = id->size < 64 ? (UINT64_C (1) << id->size) - 1 : ~UINT64_C (0),
    .ts_mask = ts->size < 64 ? (UINT64_C (1) << ts->size) - 1 : ~UINT64_C (0),
    .id_slot = id->slot, .ts_slot = ts->slot,
  };
}

static gboolean
plain_le (const HdrLayout *l)
{
  for (guint k = 0; k < l->n; k++)
    if (l->items[k].be || (l->items[k].flags & H_SIGNED))
      return FALSE;
  return TRUE;
}

static void
detect_tag_first (CtfHeaderFast *f)
{
  if (G_BYTE_ORDER != G_LITTLE_ENDIAN || f->variant == NULL || f->base.n != 1 || f->tag != 0
      || !plain_le (&f->base))
    return;
  for (guint o = 0; o < f->variant->n_fields; o++)
    if (!plain_le (&f->options[o]))
      return;
  f->tag_first = TRUE;
}

/* Fills `o` from an option's items when they are an optional id then
 * a timestamp, within 16 bytes. */
static gboolean
tagged_option (const HdrLayout *l, CtfHeaderTaggedOption *o)
{
  *o = (CtfHeaderTaggedOption) { .id_slot = -1, .ts_slot = -1,
                                 .bits = l->bits };
  for (guint k = 0; k < l->n; k++)
    {
      const HdrItem *it = &l->items[k];
      uint64_t mask = it->size < 64 ? (UINT64_C (1) << it->size) - 1
                      : ~UINT64_C (0);
      if (it->off + it->size > 128)
        return FALSE;
      if (it->flags == H_ID && o->id_slot < 0 && o->ts_slot < 0)
        {
          o->id_off = (uint8_t) it->off;
          o->id_mask = mask;
          o->id_slot = it->slot;
        }
      else if (it->flags == H_CLOCK && o->ts_slot < 0)
        {
          o->ts_off = (uint8_t) it->off;
          o->ts_size = it->size;
          o->ts_mask = mask;
          o->ts_slot = it->slot;
        }
      else
        return FALSE;
    }
  return o->ts_slot >= 0;
}

static void
detect_tagged (CtfTraceClass *tc, CtfHeaderFast *f)
{
  const HdrItem *tag = &f->base.items[0];
  if (!f->tag_first || tag->flags != H_ID || tag->off != 0 || tag->size >= 64)
    return;
  guint n = f->variant->n_fields;
  CtfHeaderTaggedOption *opts = ctf_alloc (tc, n * sizeof *opts);
  for (guint o = 0; o < n; o++)
    if (!tagged_option (&f->options[o], &opts[o]))
      return;
  f->tagged = (CtfHeaderTagged) {
    .tag_mask = (UINT64_C (1) << tag->size) - 1,
    .tag_slot = tag->slot, .variant = f->variant, .options = opts };
}

CtfHeaderFast *
ctf_header_fast_new (CtfTraceClass *tc, const CtfType *h)
{
  if (h == NULL || h->kind != CTF_T_STRUCT || h->align > 8)
    return NULL;
  CtfHeaderFast *f = ctf_alloc (tc, sizeof *f);
  f->tag = -1;
  uint32_t pos = 0;
  for (guint i = 0; i < h->n_fields; i++)
    {
      const CtfType *t = h->fields[i].type;
      if (t->kind != CTF_T_VARIANT)
        {
          if (!add_items (&f->base, t, &pos))
            return NULL;
          continue;
        }
      /* a variant: the last field, its tag among the integers before,
         options chosen by a table */
      if (i + 1 != h->n_fields || t->option_of_value == NULL || t->slot < 0)
        return NULL;
      for (guint k = 0; k < f->base.n; k++)
        if (f->base.items[k].slot == t->ref_slot)
          f->tag = (int) k;
      if (f->tag < 0)
        return NULL;
      f->variant = t;
      f->options = ctf_alloc (tc, t->n_fields * sizeof (HdrLayout));
      for (guint o = 0; o < t->n_fields; o++)
        {
          uint32_t p = pos;
          if (!add_items (&f->options[o], t->fields[o].type, &p))
            return NULL;
          f->options[o].bits = p;
        }
    }
  f->base.bits = pos;
  detect_id_ts (f);
  detect_tag_first (f);
  detect_tagged (tc, f);
  return f;
}

/* The raw bits (not sign-extended). */
static inline uint64_t
read_item (const CtfCursor *c, uint64_t start, const HdrItem *it)
{
  return ctf_read_bits_fast (c->buf, start + it->off, it->size, it->be);
}

static inline void
apply (CtfCursor *c, const HdrItem *it, uint64_t v)
{
  if (it->flags & H_CLOCK)
    ctf_clock_update (c, v, it->size);
  if (it->flags & H_ID)
      c->event_id = v;
  if ((it->flags & H_SIGNED) && (v >> (it->size - 1)) & 1)
    v |= ~UINT64_C (0) << it->size;
  c->values[it->slot].u = v;
  c->values[it->slot].gen = c->gen;
}

/* LTTng's header: the tag read, its option's integers after it (all
 * little-endian and unsigned: detect_tag_first). */
static gboolean
header_tag_first (CtfCursor *c, const CtfHeaderFast *f, uint64_t pos)
{
  const uint8_t *p = c->buf + (pos >> 3);
  const HdrItem *tag_item = &f->base.items[0];
  uint64_t tag = ctf_read_bits_fast (p, tag_item->off, tag_item->size, FALSE);
  int option;
  if (tag >= f->variant->n_option_values
      || (option = f->variant->option_of_value[tag]) < 0)
    return FALSE;     /* the plan reports it */
  const HdrLayout *opt = &f->options[option];
  if (G_UNLIKELY (pos > c->limit || c->limit - pos < opt->bits))
    return FALSE;
  apply (c, tag_item, tag);
  CtfValue *vv = &c->values[f->variant->slot];
  vv->len = (uint64_t) option;
  vv->gen = c->gen;
  for (guint k = 0; k < opt->n; k++)
    {
      const HdrItem *it = &opt->items[k];
      apply (c, it, ctf_read_bits_fast (p, it->off, it->size, FALSE));
    }
  c->pos = pos + opt->bits;
  return TRUE;
}

const CtfHeaderIdTs *
ctf_header_fast_id_ts (const CtfHeaderFast *f)
{
  return f != NULL && f->id_ts.bits != 0 ? &f->id_ts : NULL;
}

const CtfHeaderTagged *
ctf_header_fast_tagged (const CtfHeaderFast *f)
{
  return f != NULL && f->tagged.options != NULL ? &f->tagged : NULL;
}

gboolean
ctf_header_fast (CtfCursor *c, const CtfHeaderFast *f)
{
  uint64_t pos = c->pos;
  /* 16 bytes past the largest header (80 bytes): the fast reads' slack */
  if (G_UNLIKELY ((pos & 7) != 0 || (pos >> 3) + 96 > c->mapped))
    return FALSE;
  if (f->tag_first)
    return header_tag_first (c, f, pos);
  uint64_t base[MAX_ITEMS];
  for (guint k = 0; k < f->base.n; k++)
    base[k] = read_item (c, pos, &f->base.items[k]);
  const HdrLayout *opt = NULL;
  uint32_t bits = f->base.bits;
  int option = -1;
  if (f->variant != NULL)
    {
      uint64_t tag = base[f->tag];
      if (tag >= f->variant->n_option_values
          || (option = f->variant->option_of_value[tag]) < 0)
        return FALSE;     /* the plan reports it */
      opt = &f->options[option];
      bits = opt->bits;
    }
  if (G_UNLIKELY (pos > c->limit || c->limit - pos < bits))
    return FALSE;         /* the plan tells which field goes past the end */
  /* no side effect before this point: the plan can take over */
  for (guint k = 0; k < f->base.n; k++)
    apply (c, &f->base.items[k], base[k]);
  if (opt != NULL)
    {
      CtfValue *vv = &c->values[f->variant->slot];
      vv->len = (uint64_t) option;
      vv->gen = c->gen;
      for (guint k = 0; k < opt->n; k++)
        apply (c, &opt->items[k], read_item (c, pos, &opt->items[k]));
    }
  c->pos = pos + bits;
  return TRUE;
}
