/* SPDX-License-Identifier: GPL-2.0-or-later */
/* event-format.c: babeltrace2 2.0's `text.pretty` output, field by field:
 * integers in their display base, enumerations with their labels, escaped
 * strings, arrays, sequences, variants, structures, floats with %g. Only
 * what babeltrace2 shows as data is printed (ctf-plan-shown.c's in_ir). */
#include "config.h"

#include <lttv/event-format.h>

#include "ctf-digits.h"
#include "ctf-trace.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

struct _LttvTextFormat {
  gboolean has_last;
  int64_t last_ns;
  int64_t cached_sec;
  char cached_hms[16];
};


/* GString appends without the per-call checks of g_string_append: the
 * formatter runs for every field of every event. */
static inline void
put (GString *g, const char *s, size_t n)
{
  if (G_UNLIKELY (g->len + n >= g->allocated_len))
    {
      g_string_append_len (g, s, (gssize) n);
      return;
    }
  memcpy (g->str + g->len, s, n);
  g->len += n;
  g->str[g->len] = '\0';
}

static inline void
putc1 (GString *g, char c)
{
  if (G_UNLIKELY (g->len + 1 >= g->allocated_len))
    {
      g_string_append_c (g, c);
      return;
    }
  g->str[g->len++] = c;
  g->str[g->len] = '\0';
}

#define PUTS(g, lit) put ((g), (lit), sizeof (lit) - 1)

/* put() for the model's names and labels, which have 8 readable bytes
 * after them (ctf_strdup): copied by words, without a call. */
static inline void
put_name (GString *g, const char *s, size_t n)
{
  if (G_UNLIKELY (g->len + n + 8 >= g->allocated_len))
    {
      g_string_append_len (g, s, (gssize) n);
      return;
    }
  char *d = g->str + g->len;
  for (size_t i = 0; i < n; i += 8)
    memcpy (d + i, s + i, 8);
  g->len += n;
  g->str[g->len] = '\0';
}

/* Room for `n` more bytes, so that numbers are written in place. */
static inline char *
reserve (GString *g, size_t n)
{
  if (G_UNLIKELY (g->len + n >= g->allocated_len))
    {
      gsize len = g->len;
      g_string_set_size (g, len + n);
      g_string_truncate (g, len);
    }
  return g->str + g->len;
}

static inline void
append_u64 (GString *out, uint64_t v)
{
  char *d = reserve (out, 21);
  out->len += (gsize) (ctf_write_u64 (d, v) - d);
  out->str[out->len] = '\0';
}

static inline void
append_hex (GString *out, uint64_t v)
{
  static const char digits[] = "0123456789ABCDEF";
  size_t n = v == 0 ? 1 : (size_t) ((64 - __builtin_clzll (v) + 3) / 4);
  char *d = reserve (out, n + 1);
  for (size_t i = n; i-- > 0;)
    {
      d[i] = digits[v & 15];
      v >>= 4;
    }
  out->len += n;
  out->str[out->len] = '\0';
}

void
ctf_format_int (const CtfType *t, const CtfValue *v, GString *out)
{
  uint64_t u = v->u;
  switch (t->base)
    {
    case 2:
      g_string_append (out, "0b");
      for (guint b = t->size; b-- > 0;)
        g_string_append_c (out, (u >> b) & 1 ? '1' : '0');
      break;
    case 8:
      if (t->is_signed && t->size < 64)
        {
          guint rounded = ((t->size - 1) / 3 + 1) * 3;
          if (rounded < 64)
            u &= (UINT64_C (1) << rounded) - 1;
        }
      g_string_append_printf (out, "0%" G_GINT64_MODIFIER "o", u);
      break;
    case 16:
      if (t->size < 64)
        {
          guint rounded = (t->size + 3) & ~3u;
          if (rounded < 64)
            u &= (UINT64_C (1) << rounded) - 1;
        }
      PUTS (out, "0x");
      append_hex (out, u);
      break;
    default:
      if (t->is_signed && v->i < 0)
        {
          putc1 (out, '-');
          append_u64 (out, 0 - u);
        }
      else
        append_u64 (out, u);
      break;
    }
}

void
ctf_format_escaped (const char *s, size_t len, GString *out)
{
  putc1 (out, '"');
  for (size_t i = 0; i < len; i++)
    {
      size_t run = i;
      while (run < len && (unsigned char) s[run] >= 32
             && (unsigned char) s[run] != 127 && s[run] != '\\'
             && s[run] != '\'' && s[run] != '"' && s[run] != '?')
        run++;
      if (run > i)
        {
          put (out, s + i, run - i);
          i = run;
          if (i == len)
            break;
        }
      unsigned char ch = (unsigned char) s[i];
      switch (ch)
        {
        case '\\': g_string_append (out, "\\\\"); continue;
        case '\'': g_string_append (out, "\\'"); continue;
        case '"': g_string_append (out, "\\\""); continue;
        case '?': g_string_append (out, "\\?"); continue;
        default: break;
        }
      if (ch >= 32 && ch != 127)
        {
          g_string_append_c (out, (char) ch);
          continue;
        }
      switch (ch)
        {
        case '\a': g_string_append (out, "\\a"); break;
        case '\b': g_string_append (out, "\\b"); break;
        case 033: g_string_append (out, "\\e"); break;
        case '\f': g_string_append (out, "\\f"); break;
        case '\n': g_string_append (out, "\\n"); break;
        case '\r': g_string_append (out, "\\r"); break;
        case '\t': g_string_append (out, "\\t"); break;
        case '\v': g_string_append (out, "\\v"); break;
        default: g_string_append_printf (out, "\\x%02x", ch); break;
        }
    }
  putc1 (out, '"');
}

/* CTF 2's bit maps: the value in hexadecimal, then the labels of its
 * flags that are set, as bt2 2.1 prints them. */
static void
format_flags (const CtfType *t, const CtfValue *v, GString *out)
{
  g_string_append_printf (out, "0x%" G_GINT64_MODIFIER "X", v->u);
  guint n = 0;
  for (guint m = 0; m < t->n_mappings; m++)
    {
      const CtfMapping *mp = &t->mappings[m];
      gboolean set = FALSE;
      for (int64_t b = mp->lo; b <= mp->hi && !set; b++)
        set = (v->u >> b) & 1;
      if (!set)
        continue;
      /* a label of several ranges is listed once */
      gboolean dup = FALSE;
      for (guint k = 0; k < m && !dup; k++)
        if (strcmp (t->mappings[k].label, mp->label) == 0)
          for (int64_t b = t->mappings[k].lo; b <= t->mappings[k].hi; b++)
            dup = dup || ((v->u >> b) & 1);
      if (dup)
        continue;
      g_string_append (out, n++ > 0 ? ", " : " { ");
      ctf_format_escaped (mp->label, strlen (mp->label), out);
    }
  if (n > 0)
    g_string_append (out, " }");
}

static void
format_enum (const CtfType *t, const CtfValue *v, GString *out)
{
  guint n = 0;
  switch (t->form)
    {
    case CTF_FORM_BOOL:
      g_string_append (out, v->u != 0 ? "true" : "false");
      return;
    case CTF_FORM_BITS:
      g_string_append_printf (out, "0x%" G_GINT64_MODIFIER "X", v->u);
      return;
    case CTF_FORM_FLAGS:
      format_flags (t, v, out);
      return;
    default:
      break;
    }
  g_string_append (out, "( ");
  /* labels in declaration order, each once (bt2 merges same labels) */
  for (guint m = 0; m < t->n_mappings; m++)
    {
      const CtfMapping *mp = &t->mappings[m];
      gboolean in = t->is_signed ? (v->i >= mp->lo && v->i <= mp->hi)
                    : (v->u >= (uint64_t) mp->lo && v->u <= (uint64_t) mp->hi);
      if (!in)
        continue;
      gboolean dup = FALSE;
      for (guint k = 0; k < m && !dup; k++)
        dup = strcmp (t->mappings[k].label, mp->label) == 0
              && (t->is_signed
                  ? (v->i >= t->mappings[k].lo && v->i <= t->mappings[k].hi)
                  : (v->u >= (uint64_t) t->mappings[k].lo
                     && v->u <= (uint64_t) t->mappings[k].hi));
      if (dup)
        continue;
      if (n++ > 0)
        g_string_append (out, ", ");
      ctf_format_escaped (mp->label, strlen (mp->label), out);
    }
  if (n == 0)
    g_string_append (out, "<unknown>");
  g_string_append (out, " : container = ");
  ctf_format_int (t, v, out);
  g_string_append (out, " )");
}

static void
format_struct (CtfCursor *c, const CtfType *t, GString *out)
{
  guint n = 0;
  putc1 (out, '{');
  for (guint i = 0; i < t->n_fields; i++)
    {
      const CtfField *f = &t->fields[i];
      if (!f->type->in_ir)
        continue;
      /* ", name = ", or " name = " for the first */
      if (n++ > 0)
        put_name (out, f->label, f->name_len + 5);
      else
        put_name (out, f->label + 1, f->name_len + 4);
      const CtfType *ft = f->type;
      if (ft->kind == CTF_T_INT && !ft->is_enum)
        {
          /* the common case, without format_value's dispatch */
          const CtfValue *v = &c->values[ft->slot];
          if (ft->base == 10)
            {
              if (ft->is_signed && v->i < 0)
                {
                  putc1 (out, '-');
                  append_u64 (out, 0 - v->u);
                }
              else
                append_u64 (out, v->u);
            }
          else
            ctf_format_int (ft, v, out);
        }
      else
        ctf_format_value (c, ft, out);
    }
  PUTS (out, " }");
}

/* A CTF 2 UTF-16/32 string of `n` bytes, printed as UTF-8 up to its first
 * U+0000 and escaped as any string. An invalid unit (lone surrogate, value
 * above U+10FFFF, bytes left over) prints U+FFFD, as g_utf8 validation
 * elsewhere would hide the rest of the event: the text goes on. */
static void
format_utf (const uint8_t *p, uint64_t n, int enc, GString *out)
{
  gboolean wide = enc == CTF_ENC_UTF32BE || enc == CTF_ENC_UTF32LE;
  gboolean be = enc == CTF_ENC_UTF16BE || enc == CTF_ENC_UTF32BE;
  guint unit = wide ? 4 : 2;
  g_autoptr (GString) s = g_string_new (NULL);
  uint64_t i = 0;
  while (i < n)
    {
      gunichar u;
      if (n - i < unit)
        {
          u = 0xfffd;                   /* a partial unit */
          i = n;
        }
      else if (wide)
        {
          u = be ? (guint32) p[i] << 24 | (guint32) p[i + 1] << 16
                   | (guint32) p[i + 2] << 8 | p[i + 3]
                 : (guint32) p[i + 3] << 24 | (guint32) p[i + 2] << 16
                   | (guint32) p[i + 1] << 8 | p[i];
          i += 4;
          if (u > 0x10ffff || (u >= 0xd800 && u <= 0xdfff))
            u = 0xfffd;
        }
      else
        {
          u = be ? (guint32) p[i] << 8 | p[i + 1]
                 : (guint32) p[i + 1] << 8 | p[i];
          i += 2;
          if (u >= 0xdc00 && u <= 0xdfff)
            u = 0xfffd;                 /* a low surrogate first */
          else if (u >= 0xd800 && u <= 0xdbff)
            {
              guint32 lo = n - i < 2 ? 0
                           : be ? (guint32) p[i] << 8 | p[i + 1]
                                : (guint32) p[i + 1] << 8 | p[i];
              if (lo >= 0xdc00 && lo <= 0xdfff)
                {
                  u = 0x10000 + ((u - 0xd800) << 10) + (lo - 0xdc00);
                  i += 2;
                }
              else
                u = 0xfffd;             /* a high surrogate alone */
            }
        }
      if (u == 0)
        break;
      g_string_append_unichar (s, u);
    }
  ctf_format_escaped (s->str, s->len, out);
}

static void
format_array (CtfCursor *c, const CtfType *t, GString *out)
{
  const CtfValue *v = &c->values[t->slot];
  uint64_t n = v->len;
  if (t->is_text)
    {
      size_t len = n == 0 ? 0 : strnlen (v->str, n);
      ctf_format_escaped (v->str, len, out);
      return;
    }
  if (G_UNLIKELY (t->str_enc != 0))
    {
      /* bytes in range: checked when the event was decoded */
      format_utf (c->buf + (v->pos >> 3), n, t->str_enc, out);
      return;
    }
  /* elements were skipped or overwritten: decode each again */
  CtfCursor sub = *c;
  sub.pos = v->pos;
  const CtfType *e = t->elem;
  if (e->kind == CTF_T_INT && !e->is_enum && !e->varint && !e->bit_rev
      && e->clock == NULL
      && e->meaning == CTF_MEAN_NONE && e->size % e->align == 0)
    {
      /* plain integers: contiguous, read in place (bounds were checked
         when the event was decoded) */
      CtfValue ev;
      putc1 (out, '[');
      for (uint64_t i = 0; i < n; i++)
        {
          if (i > 0)
            PUTS (out, ", [");
          else
            PUTS (out, " [");
          append_u64 (out, i);
          PUTS (out, "] = ");
          uint64_t pos = v->pos + i * e->size;
          uint64_t x = (pos >> 3) + 16 <= c->mapped
                       ? ctf_read_bits_fast (c->buf, pos, e->size,
                                             e->byte_order == CTF_BE)
                       : ctf_read_bits (c->buf, pos, e->size,
                                        e->byte_order == CTF_BE);
          if (e->is_signed && e->size < 64 && (x >> (e->size - 1)) & 1)
            x |= ~UINT64_C (0) << e->size;
          ev.u = x;
          ctf_format_int (e, &ev, out);
        }
      PUTS (out, " ]");
      return;
    }
  g_string_append_c (out, '[');
  for (uint64_t i = 0; i < n; i++)
    {
      if (i > 0)
        PUTS (out, ", [");
      else
        PUTS (out, " [");
      append_u64 (out, i);
      PUTS (out, "] = ");
      if (!ctf_decode (&sub, t->elem))
        {
          g_string_append (out, "<error>");
          break;
        }
      ctf_format_value (&sub, t->elem, out);
    }
  g_string_append (out, " ]");
}

void
ctf_format_value (CtfCursor *c, const CtfType *t, GString *out)
{
  const CtfValue *v = &c->values[t->slot];
  switch (t->kind)
    {
    case CTF_T_INT:
      if (t->is_enum)
        format_enum (t, v, out);
      else
        ctf_format_int (t, v, out);
      break;
    case CTF_T_FLOAT:
      g_string_append_printf (out, "%g", v->d);
      break;
    case CTF_T_STRING:
      if (G_UNLIKELY (t->str_enc != 0))
        format_utf ((const uint8_t *) v->str, v->len, t->str_enc, out);
      else
        ctf_format_escaped (v->str, v->len, out);
      break;
    case CTF_T_STRUCT:
      format_struct (c, t, out);
      break;
    case CTF_T_VARIANT:
      if (t->optional)
        {
          /* CTF 2 optional: its content in braces, as babeltrace2's
             sink.text.pretty prints an option field, or none */
          if (v->len == UINT64_MAX)
            g_string_append (out, "<none>");
          else
            {
              g_string_append (out, "{ ");
              ctf_format_value (c, t->fields[0].type, out);
              g_string_append (out, " }");
            }
          break;
        }
      g_string_append (out, "{ ");
      ctf_format_value (c, t->fields[v->len].type, out);
      g_string_append (out, " }");
      break;
    case CTF_T_ARRAY:
    case CTF_T_SEQ:
      format_array (c, t, out);
      break;
    }
}

static gboolean
format_scope (CtfCursor *c, const CtfType *t, gboolean first, GString *out)
{
  if (t == NULL || !t->in_ir)
    return first;
  if (!first)
    PUTS (out, ", ");
  ctf_format_value (c, t, out);
  return FALSE;
}

/* The class's text plan and line head, built on its first print. */
static inline void
ensure_text_plan (const LttvEvent *ev)
{
  const LttvEventClass *cls = ev->cls;
  ctf_text_plan_ensure (cls->trace->tc, cls->ec, cls->trace->header_prefix);
}

static void
format_fields_from (const LttvEvent *ev, gboolean first, GString *out)
{
  const CtfReader *r = ev->rd;
  const CtfEventClass *ec = ev->cls->ec;
  ensure_text_plan (ev);
  if (first && ec->text_plan != NULL)
    {
      ctf_text_plan_run (ec, &r->cur, out);
      return;
    }
  CtfCursor c = r->cur;       /* a copy: printing never moves the reader */
  first = format_scope (&c, r->sc->packet_context, first, out);
  first = format_scope (&c, r->sc->event_context, first, out);
  first = format_scope (&c, ec->context, first, out);
  format_scope (&c, ec->fields, first, out);
}

void
lttv_event_format_fields (const LttvEvent *ev, GString *out)
{
  format_fields_from (ev, TRUE, out);
}

LttvTextFormat *
lttv_text_format_new (void)
{
  LttvTextFormat *f = g_new0 (LttvTextFormat, 1);
  f->cached_sec = INT64_MIN;
  return f;
}

void
lttv_text_format_free (LttvTextFormat *f)
{
  g_free (f);
}

static inline void
append_nine (GString *out, uint64_t v)
{
  char *d = reserve (out, 9);
  d[8] = (char) ('0' + v % 10);
  v /= 10;
  for (int i = 6; i >= 0; i -= 2)
    {
      memcpy (d + i, ctf_digit_pairs + 2 * (v % 100), 2);
      v /= 100;
    }
  out->len += 9;
  out->str[out->len] = '\0';
}

static void
format_time (LttvTextFormat *f, int64_t ns, GString *out)
{
  int64_t sec = ns / 1000000000, nsec = ns % 1000000000;
  if (ns < 0)
    {
      /* babeltrace2 falls back to seconds for times before the epoch */
      uint64_t a = 0 - (uint64_t) ns;
      g_string_append_printf (out, "-%" G_GUINT64_FORMAT ".%09"
                              G_GUINT64_FORMAT, a / 1000000000,
                              a % 1000000000);
      return;
    }
  if (sec != f->cached_sec)
    {
      time_t tt = (time_t) sec;
      struct tm tm;
      if (localtime_r (&tt, &tm) == NULL)
        {
          g_string_append_printf (out, "%" G_GINT64_FORMAT ".%09"
                                  G_GINT64_FORMAT, sec, nsec);
          return;
        }
      g_snprintf (f->cached_hms, sizeof f->cached_hms, "%02d:%02d:%02d.",
                  tm.tm_hour, tm.tm_min, tm.tm_sec);
      f->cached_sec = sec;
    }
  put (out, f->cached_hms, 9);
  append_nine (out, (uint64_t) nsec);
}

/* "host:procname:(vpid) ": the env fields babeltrace2 2.0 shows by default
 * (field-trace:hostname, procname and vpid; not the domain). */
char *
ctf_trace_prefix (const CtfTraceClass *tc)
{
  static const char *const keys[] = { "hostname", "procname", "vpid" };
  GString *p = g_string_new (NULL);
  for (int k = 0; k < 3; k++)
    {
      const CtfEnvEntry *e = ctf_trace_class_env (tc, keys[k]);
      if (e == NULL)
        continue;
      if (p->len > 0)
        g_string_append_c (p, ':');
      if (k == 2 && e->is_int)
        g_string_append_printf (p, "(%" G_GINT64_FORMAT ")", e->i);
      else if (e->is_int)
        g_string_append_printf (p, "%" G_GINT64_FORMAT, e->i);
      else
        g_string_append (p, e->s);
    }
  if (p->len > 0)
    g_string_append_c (p, ' ');
  return g_string_free (p, FALSE);
}

static inline char *
write_nine (char *d, uint64_t v)
{
  d[8] = (char) ('0' + v % 10);
  v /= 10;
  for (int i = 6; i >= 0; i -= 2)
    {
      memcpy (d + i, ctf_digit_pairs + 2 * (v % 100), 2);
      v /= 100;
    }
  return d + 9;
}

/* "[hh:mm:ss.nnnnnnnnn] (+s.nnnnnnnnn) " in the common case: a time in the
 * second of the previous event's, a delta below 10^9 s. FALSE otherwise. */
static inline gboolean
fast_time (LttvTextFormat *f, int64_t ns, GString *out)
{
  if (G_UNLIKELY (!f->has_last || ns < 0 || ns / 1000000000 != f->cached_sec))
    return FALSE;
  uint64_t d = (uint64_t) ns - (uint64_t) f->last_ns;
  if (G_UNLIKELY (d >= UINT64_C (1000000000) * 1000000000))
    return FALSE;
  char *p = reserve (out, 64), *s = p;
  *p++ = '[';
  memcpy (p, f->cached_hms, 9);
  p = write_nine (p + 9, (uint64_t) (ns % 1000000000));
  memcpy (p, "] (+", 4);
  p += 4;
  uint64_t ds = d / 1000000000;
  if (ds < 10)
    *p++ = (char) ('0' + ds);
  else
    {
      char tmp[24];
      int n = g_snprintf (tmp, sizeof tmp, "%" G_GUINT64_FORMAT, ds);
      memcpy (p, tmp, (size_t) n);
      p += n;
    }
  *p++ = '.';
  p = write_nine (p, d % 1000000000);
  memcpy (p, ") ", 2);
  p += 2;
  out->len += (gsize) (p - s);
  out->str[out->len] = '\0';
  f->last_ns = ns;
  return TRUE;
}

void
lttv_text_format_event (LttvTextFormat *f, const LttvEvent *ev, GString *out)
{
  const CtfReader *r = ev->rd;
  const CtfEventClass *ec = ev->cls->ec;

  ensure_text_plan (ev);
  if (ec->line_head != NULL && r->sc->clock != NULL
      && fast_time (f, ev->ns, out))
    {
      put_name (out, ec->line_head, ec->line_head_len);
      ctf_text_plan_run (ec, &r->cur, out);
      putc1 (out, '\n');
      return;
    }
  if (r->sc->clock != NULL)
    {
      putc1 (out, '[');
      format_time (f, ev->ns, out);
      PUTS (out, "] (");
      if (f->has_last)
        {
          uint64_t d = (uint64_t) ev->ns - (uint64_t) f->last_ns;
          putc1 (out, '+');
          append_u64 (out, d / 1000000000);
          putc1 (out, '.');
          append_nine (out, d % 1000000000);
        }
      else
        PUTS (out, "+?.?????????");
      PUTS (out, ") ");
      f->has_last = TRUE;
      f->last_ns = ev->ns;
    }
  const LttvTrace *tr = r->s->trace;
  put (out, tr->header_prefix, strlen (tr->header_prefix));
  put_name (out, ec->name, ec->name_len);
  PUTS (out, ": ");
  format_fields_from (ev, TRUE, out);
  putc1 (out, '\n');
}
