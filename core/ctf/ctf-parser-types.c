/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ctf-parser-types.c: TSDL type specifiers: attribute lists, integer,
 * floating_point, string and types named by words; structures, variants
 * and enumerations are in ctf-parser-compound.c, declarators in
 * ctf-parser-decl.c. */
#include "config.h"

#include "ctf-parser.h"

#include <string.h>

/* --- Attribute lists: `{ name = value; ... }` ----------------------------- */

typedef gboolean (*AttrFunc) (Parser *ps, const char *name, Value *v,
                              gpointer data);

static gboolean
parse_attr_list (Parser *ps, AttrFunc func, gpointer data)
{
  if (!ctf_p_expect_punct (ps, '{'))
    return FALSE;
  while (!ctf_p_is_punct (ps, '}'))
    {
      if (TOK->kind != CTF_TOK_IDENT)
        return ctf_p_fail_at (ps, TOK->line, "expected an attribute name, found %s",
                        ctf_p_tok_desc (ps));
      /* the usual short names without an allocation each */
      char buf[32];
      g_autofree char *long_name = NULL;
      const char *name = TOK->text->len < sizeof buf
                         ? memcpy (buf, TOK->text->str, TOK->text->len + 1)
                         : (long_name = g_strdup (TOK->text->str));
      if (!ctf_p_next (ps) || !ctf_p_expect_punct (ps, '='))
        return FALSE;
      Value v;
      if (!ctf_p_parse_value (ps, &v))
        return FALSE;
      gboolean ok = func (ps, name, &v, data);
      ctf_p_value_clear (&v);
      if (!ok || !ctf_p_expect_punct (ps, ';'))
        return FALSE;
    }
  return ctf_p_next (ps);
}

static gboolean
int_attr (Parser *ps, const char *name, Value *v, gpointer data)
{
  CtfType *t = data;
  uint64_t u = 0;

  if (ctf_streq (name, "size"))
    {
      if (!ctf_p_value_uint (ps, v, "size", &u))
        return FALSE;
      if (u < 1 || u > 64)
        return ctf_p_fail_at (ps, v->line, "integer size %" G_GUINT64_FORMAT
                        " out of range (1 to 64 bits)", u);
      t->size = (guint) u;
    }
  else if (ctf_streq (name, "align"))
    {
      if (!ctf_p_value_uint (ps, v, "align", &u))
        return FALSE;
      if (u == 0 || (u & (u - 1)) != 0 || u > 4096)
        return ctf_p_fail_at (ps, v->line, "align must be a power of two");
      t->align = (guint) u;
    }
  else if (ctf_streq (name, "signed"))
    return ctf_p_value_bool (ps, v, "signed", &t->is_signed);
  else if (ctf_streq (name, "byte_order"))
    return ctf_p_value_byte_order (ps, v, TRUE, &t->byte_order);
  else if (ctf_streq (name, "base"))
    {
      if (v->kind == V_INT && !v->negative)
        u = v->u;
      else if (v->kind == V_PATH)
        {
          const char *s = v->s;
          if (ctf_streq (s, "decimal") || ctf_streq (s, "dec") || ctf_streq (s, "d")
              || ctf_streq (s, "i") || ctf_streq (s, "u"))
            u = 10;
          else if (ctf_streq (s, "hexadecimal") || ctf_streq (s, "hex")
                   || ctf_streq (s, "x") || ctf_streq (s, "X")
                   || ctf_streq (s, "p"))
            u = 16;
          else if (ctf_streq (s, "octal") || ctf_streq (s, "oct")
                   || ctf_streq (s, "o"))
            u = 8;
          else if (ctf_streq (s, "binary") || ctf_streq (s, "b"))
            u = 2;
          else
            u = 0;
        }
      else
        u = 0;
      if (u != 2 && u != 8 && u != 10 && u != 16)
        return ctf_p_fail_at (ps, v->line, "invalid integer base");
      t->base = (int) u;
    }
  else if (ctf_streq (name, "encoding"))
    {
      if (v->kind != V_PATH)
        return ctf_p_fail_at (ps, v->line, "invalid encoding");
      if (ctf_streq (v->s, "UTF8") || ctf_streq (v->s, "utf8")
          || ctf_streq (v->s, "ASCII") || ctf_streq (v->s, "ascii"))
        t->encoded = TRUE;
      else if (ctf_streq (v->s, "none"))
        t->encoded = FALSE;
      else
        return ctf_p_fail_at (ps, v->line, "invalid encoding '%s'", v->s);
    }
  else if (ctf_streq (name, "map"))
    {
      /* (longer than both: "clock.value" names no clock) */
      if (v->kind != V_PATH || strlen (v->s) <= 12 || !g_str_has_prefix (v->s, "clock.")
          || !g_str_has_suffix (v->s, ".value"))
        return ctf_p_fail_at (ps, v->line, "map: expected clock.NAME.value");
      g_autofree char *clk = g_strndup (v->s + 6, strlen (v->s) - 12);
      t->map_clock = ctf_strdup (ps->tc, clk);
    }
  /* unknown attributes are ignored, as babeltrace2 does */
  return TRUE;
}

static gboolean
float_attr (Parser *ps, const char *name, Value *v, gpointer data)
{
  CtfType *t = data;
  uint64_t u = 0;

  if (ctf_streq (name, "exp_dig") || ctf_streq (name, "mant_dig"))
    {
      if (!ctf_p_value_uint (ps, v, name, &u))
        return FALSE;
      if (u > 64)
        return ctf_p_fail_at (ps, v->line, "%s out of range", name);
      if (name[0] == 'e')
        t->exp_dig = (guint) u;
      else
        t->mant_dig = (guint) u;
    }
  else if (ctf_streq (name, "align"))
    {
      if (!ctf_p_value_uint (ps, v, "align", &u))
        return FALSE;
      if (u == 0 || (u & (u - 1)) != 0 || u > 4096)
        return ctf_p_fail_at (ps, v->line, "align must be a power of two");
      t->align = (guint) u;
    }
  else if (ctf_streq (name, "byte_order"))
    return ctf_p_value_byte_order (ps, v, TRUE, &t->byte_order);
  /* unknown attributes are ignored, as babeltrace2 does */
  return TRUE;
}

static gboolean
string_attr (Parser *ps, const char *name, Value *v, gpointer data)
{
  return TRUE;     /* encoding: every string is shown as bytes */
}

/* --- Type specifiers ------------------------------------------------------- */

gboolean
ctf_p_is_type_keyword (const char *s)
{
  static const char *const words[] = {
    "const", "char", "short", "int", "long", "signed", "unsigned", "float",
    "double", "void", "_Bool", "_Complex", "_Imaginary", NULL };
  for (int i = 0; words[i]; i++)
    if (ctf_streq (s, words[i]))
      return TRUE;
  return FALSE;
}

gboolean
ctf_p_is_reserved (const char *s)
{
  static const char *const words[] = {
    "align", "callsite", "clock", "enum", "env", "event", "floating_point",
    "integer", "stream", "string", "struct", "trace", "typealias",
    "typedef", "variant", NULL };
  for (int i = 0; words[i]; i++)
    if (ctf_streq (s, words[i]))
      return TRUE;
  return ctf_p_is_type_keyword (s);
}

/* An attribute list's text, in the metadata (which outlives the parse). */
typedef struct {
  const char *text;
  gsize len;
  guint hash;
  int newlines;
} AttrText;

static guint
attr_text_hash (gconstpointer k)
{
  return ((const AttrText *) k)->hash;
}

static gboolean
attr_text_equal (gconstpointer a, gconstpointer b)
{
  const AttrText *x = a, *y = b;
  return x->len == y->len && memcmp (x->text, y->text, x->len) == 0;
}

/* The text of the attribute list whose `{` is the current token, up to
 * its `}`, when nothing in it could lex differently elsewhere (no string,
 * character, comment or brace): a key for the integer memo. */
static gboolean
attr_list_text (Parser *ps, AttrText *out)
{
  const CtfLexer *lx = &ps->lx;
  if (!ctf_p_is_punct (ps, '{') || lx->has_peek)
    return FALSE;
  guint h = 2166136261u;
  int n = 0;
  for (const char *p = lx->p; p < lx->end; p++)
    {
      switch (*p)
        {
        case '}':
          *out = (AttrText) { lx->p, (gsize) (p - lx->p), h, n };
          return TRUE;
        case '\n':
          n++;
          break;
        case '"': case '\'': case '/': case '{': case '\0':
          return FALSE;
        default:
          break;
        }
      h = (h ^ (guint8) *p) * 16777619u;
    }
  return FALSE;
}

/* LTTng's kernel metadata writes the same few integer specifiers two
 * thousand times: each distinct text is parsed once, and the others copy
 * what it gave (attributes mean the same wherever they appear; byte order
 * and clock are resolved later). */
static CtfType *
parse_integer (Parser *ps)
{
  int line = TOK->line;
  if (!ctf_p_next (ps))
    return NULL;
  AttrText key;
  gboolean keyed = attr_list_text (ps, &key);
  const CtfType *known = keyed && ps->int_memo != NULL
                         ? g_hash_table_lookup (ps->int_memo, &key) : NULL;
  CtfType *t = ctf_type_new (ps->tc, CTF_T_INT);
  if (known != NULL)
    {
      *t = *known;
      ps->lx.p = key.text + key.len + 1;     /* past the `}` */
      ps->lx.line += key.newlines;
      return ctf_p_next (ps) ? t : NULL;
    }
  t->byte_order = CTF_NATIVE;
  t->base = 10;
  t->align = 0;
  if (!parse_attr_list (ps, int_attr, t))
    return NULL;
  if (t->size == 0)
    {
      ctf_p_fail_at (ps, line, "integer without a size");
      return NULL;
    }
  if (t->align == 0)
    t->align = t->size % 8 == 0 ? 8 : 1;
  if (keyed)
    {
      if (ps->int_memo == NULL)
        ps->int_memo = g_hash_table_new_full (attr_text_hash, attr_text_equal,
                                              g_free, NULL);
      CtfType *copy = ctf_alloc (ps->tc, sizeof *copy);
      *copy = *t;
      g_hash_table_replace (ps->int_memo, g_memdup2 (&key, sizeof key), copy);
    }
  return t;
}

static CtfType *
parse_float (Parser *ps)
{
  int line = TOK->line;
  CtfType *t = ctf_type_new (ps->tc, CTF_T_FLOAT);
  t->byte_order = CTF_NATIVE;
  t->align = 0;
  if (!ctf_p_next (ps) || !parse_attr_list (ps, float_attr, t))
    return NULL;
  t->size = t->exp_dig + t->mant_dig;
  if (!((t->exp_dig == 8 && t->mant_dig == 24)
        || (t->exp_dig == 11 && t->mant_dig == 53)))
    {
      ctf_p_fail_at (ps, line, "unsupported floating point type (exp_dig %u, "
               "mant_dig %u): only 32 and 64-bit IEEE 754", t->exp_dig,
               t->mant_dig);
      return NULL;
    }
  if (t->align == 0)
    t->align = 8;
  return t;
}

/* A type named by words ("uint32_t", "unsigned long"). */
static CtfType *
parse_named_type (Parser *ps)
{
  int line = TOK->line;
  GString *name = g_string_new (NULL);
  while (TOK->kind == CTF_TOK_IDENT)
    {
      gboolean kw = ctf_p_is_type_keyword (TOK->text->str);
      if (!kw && name->len > 0)
        break;
      if (name->len > 0)
        g_string_append_c (name, ' ');
      g_string_append (name, TOK->text->str);
      if (!ctf_p_next (ps))
        break;
      if (!kw)
        break;
    }
  CtfType *t = ps->failed ? NULL : ctf_p_lookup_type (ps, name->str);
  if (t == NULL && !ps->failed)
    ctf_p_fail_at (ps, line, "unknown type '%s'", name->str);
  g_string_free (name, TRUE);
  return t;
}

CtfType *
ctf_p_parse_type_spec (Parser *ps)
{
  if (TOK->kind != CTF_TOK_IDENT)
    {
      ctf_p_fail_at (ps, TOK->line, "expected a type, found %s", ctf_p_tok_desc (ps));
      return NULL;
    }
  if (ctf_p_is_ident (ps, "integer"))
    return parse_integer (ps);
  if (ctf_p_is_ident (ps, "floating_point"))
    return parse_float (ps);
  if (ctf_p_is_ident (ps, "string"))
    {
      CtfType *t = ctf_type_new (ps->tc, CTF_T_STRING);
      t->align = 8;
      if (!ctf_p_next (ps))
        return NULL;
      if (ctf_p_is_punct (ps, '{') && !parse_attr_list (ps, string_attr, t))
        return NULL;
      return t;
    }
  if (ctf_p_is_ident (ps, "struct"))
    return ctf_p_parse_struct (ps);
  if (ctf_p_is_ident (ps, "variant"))
    return ctf_p_parse_variant (ps);
  if (ctf_p_is_ident (ps, "enum"))
    return ctf_p_parse_enum (ps);
  return parse_named_type (ps);
}
