/* event-format.c: babeltrace2 2.0's `text.pretty` output, field by field:
 * integers in their display base, enumerations with their labels, escaped
 * strings, arrays, sequences, variants, structures, floats with %g. Only
 * what babeltrace2 shows as data is printed (ctf-plan.c's in_ir). */
#include "config.h"

#include <lttv/event-format.h>

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

static void format_value (CtfCursor *c, const CtfType *t, GString *out);

static inline void
append_u64 (GString *out, uint64_t v)
{
  char buf[24];
  int i = sizeof buf;
  do
    {
      buf[--i] = (char) ('0' + v % 10);
      v /= 10;
    }
  while (v != 0);
  g_string_append_len (out, buf + i, (gssize) (sizeof buf - (size_t) i));
}

static void
format_int (const CtfType *t, const CtfValue *v, GString *out)
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
      g_string_append_printf (out, "0x%" G_GINT64_MODIFIER "X", u);
      break;
    default:
      if (t->is_signed && v->i < 0)
        {
          g_string_append_c (out, '-');
          append_u64 (out, 0 - u);
        }
      else
        append_u64 (out, u);
      break;
    }
}

static void
format_escaped (const char *s, size_t len, GString *out)
{
  g_string_append_c (out, '"');
  for (size_t i = 0; i < len; i++)
    {
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
  g_string_append_c (out, '"');
}

static void
format_enum (const CtfType *t, const CtfValue *v, GString *out)
{
  guint n = 0;
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
      format_escaped (mp->label, strlen (mp->label), out);
    }
  if (n == 0)
    g_string_append (out, "<unknown>");
  g_string_append (out, " : container = ");
  format_int (t, v, out);
  g_string_append (out, " )");
}

static void
format_struct (CtfCursor *c, const CtfType *t, GString *out)
{
  guint n = 0;
  g_string_append_c (out, '{');
  for (guint i = 0; i < t->n_fields; i++)
    {
      const CtfField *f = &t->fields[i];
      if (!f->type->in_ir)
        continue;
      g_string_append (out, n++ > 0 ? ", " : " ");
      g_string_append (out, f->name);
      g_string_append (out, " = ");
      format_value (c, f->type, out);
    }
  g_string_append (out, " }");
}

static void
format_array (CtfCursor *c, const CtfType *t, GString *out)
{
  const CtfValue *v = &c->values[t->slot];
  uint64_t n = v->len;
  if (t->is_text)
    {
      size_t len = n == 0 ? 0 : strnlen (v->str, n);
      format_escaped (v->str, len, out);
      return;
    }
  /* elements were skipped or overwritten: decode each again */
  CtfCursor sub = *c;
  sub.pos = v->pos;
  g_string_append_c (out, '[');
  for (uint64_t i = 0; i < n; i++)
    {
      g_string_append (out, i > 0 ? ", [" : " [");
      append_u64 (out, i);
      g_string_append (out, "] = ");
      if (!ctf_decode (&sub, t->elem))
        {
          g_string_append (out, "<error>");
          break;
        }
      format_value (&sub, t->elem, out);
    }
  g_string_append (out, " ]");
}

static void
format_value (CtfCursor *c, const CtfType *t, GString *out)
{
  const CtfValue *v = &c->values[t->slot];
  switch (t->kind)
    {
    case CTF_T_INT:
      if (t->is_enum)
        format_enum (t, v, out);
      else
        format_int (t, v, out);
      break;
    case CTF_T_FLOAT:
      g_string_append_printf (out, "%g", v->d);
      break;
    case CTF_T_STRING:
      format_escaped (v->str, v->len, out);
      break;
    case CTF_T_STRUCT:
      format_struct (c, t, out);
      break;
    case CTF_T_VARIANT:
      g_string_append (out, "{ ");
      format_value (c, t->fields[v->len].type, out);
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
    g_string_append (out, ", ");
  format_value (c, t, out);
  return FALSE;
}

static void
format_fields_from (const LttvEvent *ev, gboolean first, GString *out)
{
  CtfStream *s = ev->stream;
  const CtfEventClass *ec = ev->cls->ec;
  CtfCursor c = s->cur;       /* a copy: printing never moves the stream */
  first = format_scope (&c, s->sc->packet_context, first, out);
  first = format_scope (&c, s->sc->event_context, first, out);
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
  char buf[16];
  g_string_append (out, f->cached_hms);
  for (int i = 8; i >= 0; i--)
    {
      buf[i] = (char) ('0' + nsec % 10);
      nsec /= 10;
    }
  g_string_append_len (out, buf, 9);
}

void
lttv_text_format_event (LttvTextFormat *f, const LttvEvent *ev, GString *out)
{
  CtfStream *s = ev->stream;
  const CtfTraceClass *tc = s->trace->tc;
  gboolean dom = FALSE;

  if (s->sc->clock != NULL)
    {
      g_string_append_c (out, '[');
      format_time (f, ev->ns, out);
      g_string_append (out, "] (");
      if (f->has_last)
        {
          uint64_t d = (uint64_t) ev->ns - (uint64_t) f->last_ns;
          g_string_append_c (out, '+');
          append_u64 (out, d / 1000000000);
          g_string_append_printf (out, ".%09" G_GUINT64_FORMAT,
                                  d % 1000000000);
        }
      else
        g_string_append (out, "+?.?????????");
      g_string_append (out, ") ");
      f->has_last = TRUE;
      f->last_ns = ev->ns;
    }
  /* babeltrace2 2.0's defaults: hostname, procname and vpid, no domain */
  static const char *const keys[] = { "hostname", "procname", "vpid" };
  for (int k = 0; k < 3; k++)
    {
      const CtfEnvEntry *e = ctf_trace_class_env (tc, keys[k]);
      if (e == NULL)
        continue;
      if (dom)
        g_string_append_c (out, ':');
      if (k == 2 && e->is_int)
        g_string_append_printf (out, "(%" G_GINT64_FORMAT ")", e->i);
      else if (e->is_int)
        g_string_append_printf (out, "%" G_GINT64_FORMAT, e->i);
      else
        g_string_append (out, e->s);
      dom = TRUE;
    }
  if (dom)
    g_string_append_c (out, ' ');
  g_string_append (out, ev->cls->ec->name);
  g_string_append (out, ": ");
  format_fields_from (ev, TRUE, out);
  g_string_append_c (out, '\n');
}
