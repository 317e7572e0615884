/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ctf-parser-types.c: TSDL type specifiers (integer, floating_point,
 * string, struct, variant, enum, named types), declarators (arrays and
 * sequences), typealias, typedef and structure bodies. */
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

static gboolean
parse_align_suffix (Parser *ps, CtfType *t)
{
  if (!ctf_p_is_ident (ps, "align"))
    return TRUE;
  if (!ctf_p_next (ps) || !ctf_p_expect_punct (ps, '('))
    return FALSE;
  Value v;
  uint64_t u = 0;
  if (!ctf_p_parse_value (ps, &v))
    return FALSE;
  gboolean ok = ctf_p_value_uint (ps, &v, "align", &u);
  ctf_p_value_clear (&v);
  if (!ok)
    return FALSE;
  if (u == 0 || (u & (u - 1)) != 0 || u > 4096)
    return ctf_p_fail_at (ps, TOK->line, "align must be a power of two");
  if (u > t->align)
    t->align = (guint) u;
  return ctf_p_expect_punct (ps, ')');
}

static void
fields_to_type (Parser *ps, CtfType *t, GArray *fields)
{
  t->n_fields = fields->len;
  t->fields = ctf_alloc (ps->tc, sizeof (CtfField) * (fields->len + 1));
  if (fields->len > 0)
    memcpy (t->fields, fields->data, sizeof (CtfField) * fields->len);
}

static gboolean
label_matches_option (const char *label, const char *option)
{
  return strcmp (label, option) == 0
         || (option[0] == '_' && strcmp (label, option + 1) == 0)
         || (label[0] == '_' && strcmp (label + 1, option) == 0);
}

/* A variant whose tag is a sibling: the tag must be an enumeration whose
 * every label selects an option. */
static gboolean
check_variant_tags (Parser *ps, const CtfType *st, int line)
{
  for (guint i = 0; i < st->n_fields; i++)
    {
      const CtfType *v = st->fields[i].type;
      if (v->kind != CTF_T_VARIANT || v->tag_path == NULL
          || strchr (v->tag_path, '.') != NULL)
        continue;
      const char *tag = v->tag_path[0] == '_' ? v->tag_path + 1
                                              : v->tag_path;
      const CtfType *t = NULL;
      for (guint j = 0; j < i; j++)
        if (strcmp (st->fields[j].name, tag) == 0)
          t = st->fields[j].type;
      if (t == NULL)
        continue;
      if (t->kind != CTF_T_INT || !t->is_enum)
        return ctf_p_fail_at (ps, line, "variant '%s': its tag '%s' is not an "
                        "enumeration", st->fields[i].name, v->tag_path);
      gboolean found = FALSE;
      for (guint m = 0; m < t->n_mappings && !found; m++)
        for (guint o = 0; o < v->n_fields && !found; o++)
          found = label_matches_option (t->mappings[m].label,
                                        v->fields[o].name);
      if (!found && v->n_fields > 0)
        return ctf_p_fail_at (ps, line, "variant '%s': no label of its tag '%s' "
                        "names one of its options", st->fields[i].name,
                        v->tag_path);
    }
  return TRUE;
}

/* Naming a type (typedef, typealias): inside a structure body, its paths
 * get a lexical scope (CtfDeclScope). Returns the outer naming's scope, to
 * give back to end_naming. */
static CtfDeclScope *
begin_naming (Parser *ps)
{
  CtfDeclScope *outer = ps->decl;
  if (ps->body_id != 0 && ps->body_fields != NULL)
    {
      ps->decl = ctf_alloc (ps->tc, sizeof *ps->decl);
      ps->decl->body = ps->body_id;
      ps->decl->count = ps->body_fields->len;
      ps->decl->first_body = ps->body_serial + 1;
      ps->decl->last_body = G_MAXUINT;
    }
  return outer;
}

static void
end_naming (Parser *ps, CtfDeclScope *outer)
{
  if (ps->decl != outer)
    ps->decl->last_body = ps->body_serial;
  ps->decl = outer;
}

/* The members of a structure or the options of a variant, from '{' (the
 * current token) through '}', into `t`, with the serial of its body. */
static gboolean
parse_body (Parser *ps, CtfType *t)
{
  GArray *fields = g_array_new (FALSE, TRUE, sizeof (CtfField));
  gboolean ok = ctf_p_next (ps) && ctf_p_parse_struct_body (ps, fields);
  t->body_id = ps->last_body_id;
  if (ok)
    fields_to_type (ps, t, fields);
  g_array_free (fields, TRUE);
  return ok;
}

static CtfType *
parse_struct (Parser *ps)
{
  int line = TOK->line;
  g_autofree char *name = NULL;
  if (!ctf_p_next (ps))
    return NULL;
  if (TOK->kind == CTF_TOK_IDENT && !ctf_p_is_ident (ps, "align"))
    {
      name = g_strconcat ("struct ", TOK->text->str, NULL);
      if (!ctf_p_next (ps))
        return NULL;
    }
  if (!ctf_p_is_punct (ps, '{'))
    {
      if (name == NULL)
        {
          ctf_p_fail_at (ps, line, "expected a structure body");
          return NULL;
        }
      CtfType *t = ctf_p_lookup_type (ps, name);
      if (t == NULL)
        ctf_p_fail_at (ps, line, "unknown type '%s'", name);
      return t;
    }
  CtfType *t = ctf_type_new (ps->tc, CTF_T_STRUCT);
  t->align = 1;
  if (!parse_body (ps, t))
    return NULL;
  for (guint i = 0; i < t->n_fields; i++)
    if (t->fields[i].type->align > t->align)
      t->align = t->fields[i].type->align;
  if (!check_variant_tags (ps, t, line))
    return NULL;
  if (!parse_align_suffix (ps, t))
    return NULL;
  if (name != NULL && !ctf_p_register_type (ps, name, t, line))
    return NULL;
  return t;
}

static gboolean
parse_path_in_angles (Parser *ps, char **out)
{
  GString *path = g_string_new (NULL);
  if (!ctf_p_next (ps))
    goto fail;
  for (;;)
    {
      if (TOK->kind != CTF_TOK_IDENT || ctf_p_is_reserved (TOK->text->str))
        {
          ctf_p_fail_at (ps, TOK->line, "expected a variant tag name, found %s",
                   ctf_p_tok_desc (ps));
          goto fail;
        }
      g_string_append (path, TOK->text->str);
      if (!ctf_p_next (ps))
        goto fail;
      if (!ctf_p_is_punct (ps, '.'))
        break;
      g_string_append_c (path, '.');
      if (!ctf_p_next (ps))
        goto fail;
    }
  if (!ctf_p_expect_punct (ps, '>'))
    goto fail;
  *out = g_string_free (path, FALSE);
  return TRUE;
fail:
  g_string_free (path, TRUE);
  return FALSE;
}

static CtfType *
parse_variant (Parser *ps)
{
  int line = TOK->line;
  g_autofree char *name = NULL;
  g_autofree char *tag = NULL;
  if (!ctf_p_next (ps))
    return NULL;
  if (TOK->kind == CTF_TOK_IDENT)
    {
      name = g_strconcat ("variant ", TOK->text->str, NULL);
      if (!ctf_p_next (ps))
        return NULL;
    }
  if (ctf_p_is_punct (ps, '<') && !parse_path_in_angles (ps, &tag))
    return NULL;
  CtfType *t;
  if (!ctf_p_is_punct (ps, '{'))
    {
      if (name == NULL)
        {
          ctf_p_fail_at (ps, line, "expected a variant body");
          return NULL;
        }
      CtfType *named = ctf_p_lookup_type (ps, name);
      if (named == NULL)
        {
          ctf_p_fail_at (ps, line, "unknown type '%s'", name);
          return NULL;
        }
      t = ctf_type_copy (ps->tc, named);
    }
  else
    {
      t = ctf_type_new (ps->tc, CTF_T_VARIANT);
      t->align = 1;
      t->decl = ps->decl;
      if (!parse_body (ps, t))
        return NULL;
      for (guint i = 0; i < t->n_fields; i++)
        for (guint j = 0; j < i; j++)
          if (ctf_streq (t->fields[i].name, t->fields[j].name))
            {
              ctf_p_fail_at (ps, line, "variant option '%s' declared twice",
                       t->fields[i].name);
              return NULL;
            }
      if (name != NULL && !ctf_p_register_type (ps, name, t, line))
        return NULL;
      if (tag != NULL)
        t = ctf_type_copy (ps->tc, t);
    }
  if (tag != NULL)
    t->tag_path = ctf_strdup (ps->tc, tag);
  return t;
}

static gboolean
add_mapping (Parser *ps, GArray *maps, const char *label, gboolean is_signed,
             int64_t lo, int64_t hi)
{
  CtfMapping m = { ctf_strdup (ps->tc, label), is_signed, lo, hi };
  g_array_append_val (maps, m);
  return TRUE;
}

static gboolean
enum_value (Parser *ps, const Value *v, gboolean is_signed, int64_t *out)
{
  if (v->kind != V_INT)
    return ctf_p_fail_at (ps, v->line, "enumeration value: expected an integer");
  if (is_signed)
    return ctf_p_value_int (ps, v, "enumeration value", out);
  if (v->negative)
    return ctf_p_fail_at (ps, v->line, "negative value in an unsigned "
                    "enumeration");
  *out = (int64_t) v->u;
  return TRUE;
}

static gboolean
value_fits (const CtfType *t, int64_t v)
{
  if (t->size >= 64)
    return TRUE;
  if (t->is_signed)
    return v >= -(INT64_C (1) << (t->size - 1))
           && v < (INT64_C (1) << (t->size - 1));
  return (uint64_t) v < (UINT64_C (1) << t->size);
}

static CtfType *
parse_enum (Parser *ps)
{
  int line = TOK->line;
  g_autofree char *name = NULL;
  CtfType *container = NULL;
  if (!ctf_p_next (ps))
    return NULL;
  if (TOK->kind == CTF_TOK_IDENT)
    {
      name = g_strconcat ("enum ", TOK->text->str, NULL);
      if (!ctf_p_next (ps))
        return NULL;
    }
  if (ctf_p_is_punct (ps, ':'))
    {
      if (!ctf_p_next (ps) || (container = ctf_p_parse_type_spec (ps)) == NULL)
        return NULL;
    }
  if (!ctf_p_is_punct (ps, '{'))
    {
      if (name == NULL)
        {
          ctf_p_fail_at (ps, line, "expected an enumeration body");
          return NULL;
        }
      CtfType *t = ctf_p_lookup_type (ps, name);
      if (t == NULL)
        ctf_p_fail_at (ps, line, "unknown type '%s'", name);
      return t;
    }
  if (container == NULL)
    {
      container = ctf_p_lookup_type (ps, "int");
      if (container == NULL)
        {
          ctf_p_fail_at (ps, line, "enumeration without a container type, and "
                   "no 'int' type declared");
          return NULL;
        }
    }
  if (container->kind != CTF_T_INT)
    {
      ctf_p_fail_at (ps, line, "enumeration container must be an integer");
      return NULL;
    }
  CtfType *t = ctf_type_copy (ps->tc, container);
  t->is_enum = TRUE;
  GArray *maps = g_array_new (FALSE, TRUE, sizeof (CtfMapping));
  int64_t last = -1;
  gboolean has_last = FALSE, ok = ctf_p_next (ps);
  while (ok && !ctf_p_is_punct (ps, '}'))
    {
      if (TOK->kind != CTF_TOK_IDENT && TOK->kind != CTF_TOK_STRING)
        {
          ok = ctf_p_fail_at (ps, TOK->line, "expected an enumerator, found %s",
                        ctf_p_tok_desc (ps));
          break;
        }
      g_autofree char *label = g_strdup (TOK->text->str);
      int64_t lo, hi;
      if (!(ok = ctf_p_next (ps)))
        break;
      if (ctf_p_is_punct (ps, '='))
        {
          Value v;
          if (!(ok = ctf_p_next (ps) && ctf_p_parse_value (ps, &v)))
            break;
          ok = enum_value (ps, &v, t->is_signed, &lo);
          ctf_p_value_clear (&v);
          if (!ok)
            break;
          hi = lo;
          if (TOK->kind == CTF_TOK_ELLIPSIS)
            {
              if (!(ok = ctf_p_next (ps) && ctf_p_parse_value (ps, &v)))
                break;
              ok = enum_value (ps, &v, t->is_signed, &hi);
              ctf_p_value_clear (&v);
              if (!ok)
                break;
            }
        }
      else
        {
          if (has_last && (t->is_signed ? last == INT64_MAX
                           : (uint64_t) last == UINT64_MAX))
            {
              ok = ctf_p_fail_at (ps, TOK->line, "enumerator value overflows");
              break;
            }
          lo = hi = has_last ? last + 1 : 0;
        }
      if (!value_fits (t, lo) || !value_fits (t, hi))
        {
          ok = ctf_p_fail_at (ps, TOK->line, "enumerator '%s' out of the range of "
                        "its %u-bit container", label, t->size);
          break;
        }
      add_mapping (ps, maps, label, t->is_signed, lo, hi);
      last = hi;
      has_last = TRUE;
      if (ctf_p_is_punct (ps, ','))
        ok = ctf_p_next (ps);
      else if (!ctf_p_is_punct (ps, '}'))
        ok = ctf_p_fail_at (ps, TOK->line, "expected ',' or '}' in an "
                      "enumeration, found %s", ctf_p_tok_desc (ps));
    }
  if (ok && maps->len == 0)
    ok = ctf_p_fail_at (ps, line, "enumeration without enumerators");
  if (ok)
    ok = ctf_p_next (ps);
  if (ok)
    {
      t->n_mappings = maps->len;
      t->mappings = ctf_alloc (ps->tc, sizeof (CtfMapping) * (maps->len + 1));
      if (maps->len > 0)
        memcpy (t->mappings, maps->data, sizeof (CtfMapping) * maps->len);
    }
  g_array_free (maps, TRUE);
  if (!ok)
    return NULL;
  if (name != NULL && !ctf_p_register_type (ps, name, t, line))
    return NULL;
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
    return parse_struct (ps);
  if (ctf_p_is_ident (ps, "variant"))
    return parse_variant (ps);
  if (ctf_p_is_ident (ps, "enum"))
    return parse_enum (ps);
  return parse_named_type (ps);
}

/* --- Declarators ------------------------------------------------------------ */

/* `name[N][path]...`: returns the field's type built around `base`. */
static gboolean
parse_declarator (Parser *ps, CtfType *base, char **name_out,
                  CtfType **type_out)
{
  if (TOK->kind != CTF_TOK_IDENT)
    return ctf_p_fail_at (ps, TOK->line, "expected a field name, found %s",
                    ctf_p_tok_desc (ps));
  if (ctf_p_is_reserved (TOK->text->str))
    return ctf_p_fail_at (ps, TOK->line, "'%s' is a reserved keyword, not a valid "
                    "name", TOK->text->str);
  *name_out = g_strdup (TOK->text->str);
  if (!ctf_p_next (ps))
    {
      g_clear_pointer (name_out, g_free);
      return FALSE;
    }
  GPtrArray *dims = g_ptr_array_new ();   /* CtfType* of each [ ] */
  while (ctf_p_is_punct (ps, '['))
    {
      int line = TOK->line;
      if (!ctf_p_next (ps))
        break;
      CtfType *d;
      if (TOK->kind == CTF_TOK_INT)
        {
          d = ctf_type_new (ps->tc, CTF_T_ARRAY);
          d->length = TOK->u;
          if (!ctf_p_next (ps))
            break;
        }
      else if (TOK->kind == CTF_TOK_IDENT && !ps->in_typedef
               && !ctf_p_is_reserved (TOK->text->str))
        {
          Value v;
          if (!ctf_p_parse_value (ps, &v))
            break;
          d = ctf_type_new (ps->tc, CTF_T_SEQ);
          d->length_path = ctf_strdup (ps->tc, v.s);
          d->decl = ps->decl;
          ctf_p_value_clear (&v);
        }
      else
        {
          ctf_p_fail_at (ps, line, "expected an array length or a sequence "
                   "length field, found %s", ctf_p_tok_desc (ps));
          break;
        }
      g_ptr_array_add (dims, d);
      if (!ctf_p_expect_punct (ps, ']'))
        break;
    }
  if (ps->failed)
    {
      g_ptr_array_free (dims, TRUE);
      g_clear_pointer (name_out, g_free);
      return FALSE;
    }
  CtfType *t = ctf_type_copy (ps->tc, base);
  for (guint i = dims->len; i-- > 0;)
    {
      CtfType *d = dims->pdata[i];
      d->elem = t;
      d->align = t->align;
      t = d;
    }
  g_ptr_array_free (dims, TRUE);
  *type_out = t;
  return TRUE;
}

gboolean
ctf_p_parse_typealias (Parser *ps)
{
  int line = TOK->line;
  if (!ctf_p_next (ps))
    return FALSE;
  CtfDeclScope *outer = begin_naming (ps);
  CtfType *t = ctf_p_parse_type_spec (ps);
  end_naming (ps, outer);
  if (t == NULL)
    return FALSE;
  if (TOK->kind != CTF_TOK_TYPE_ASSIGN)
    return ctf_p_fail_at (ps, TOK->line, "expected ':=' in typealias, found %s",
                    ctf_p_tok_desc (ps));
  if (!ctf_p_next (ps))
    return FALSE;
  GString *name = g_string_new (NULL);
  while (TOK->kind == CTF_TOK_IDENT || ctf_p_is_punct (ps, '*'))
    {
      if (name->len > 0)
        g_string_append_c (name, ' ');
      g_string_append (name, TOK->kind == CTF_TOK_IDENT ? TOK->text->str
                       : "*");
      if (!ctf_p_next (ps))
        break;
    }
  gboolean ok = !ps->failed;
  if (ok && name->len == 0)
    ok = ctf_p_fail_at (ps, line, "typealias without a name");
  if (ok && ctf_p_is_reserved (name->str) && !ctf_p_is_type_keyword (name->str))
    ok = ctf_p_fail_at (ps, line, "'%s' is a reserved keyword, not a valid type "
                  "name", name->str);
  if (ok)
    ok = ctf_p_register_type (ps, name->str, t, line);
  g_string_free (name, TRUE);
  return ok && ctf_p_expect_punct (ps, ';');
}

gboolean
ctf_p_parse_typedef (Parser *ps)
{
  int line = TOK->line;
  if (!ctf_p_next (ps))
    return FALSE;
  CtfDeclScope *outer = begin_naming (ps);
  CtfType *base = ctf_p_parse_type_spec (ps);
  end_naming (ps, outer);
  if (base == NULL)
    return FALSE;
  for (;;)
    {
      char *name = NULL;
      CtfType *t;
      /* a sequence in a type definition needs an enclosing structure
         whose fields it can refer to */
      ps->in_typedef = ps->body_depth == 0;
      outer = begin_naming (ps);
      gboolean decl_ok = parse_declarator (ps, base, &name, &t);
      end_naming (ps, outer);
      ps->in_typedef = FALSE;
      if (!decl_ok)
        return FALSE;
      gboolean ok = ctf_p_register_type (ps, name, t, line);
      g_free (name);
      if (!ok)
        return FALSE;
      if (!ctf_p_is_punct (ps, ','))
        break;
      if (!ctf_p_next (ps))
        return FALSE;
    }
  return ctf_p_expect_punct (ps, ';');
}

/* Members of a struct or variant body, after '{', through '}'. */
gboolean
ctf_p_parse_struct_body (Parser *ps, GArray *fields)
{
  guint outer_id = ps->body_id;
  GArray *outer_fields = ps->body_fields;
  ctf_p_push_scope (ps);
  ps->body_depth++;
  ps->body_id = ++ps->body_serial;
  ps->body_fields = fields;
  while (!ps->failed && !ctf_p_is_punct (ps, '}'))
    {
      if (TOK->kind == CTF_TOK_EOF)
        {
          ctf_p_fail_at (ps, TOK->line, "unexpected end of metadata in a "
                   "structure");
          break;
        }
      if (ctf_p_is_ident (ps, "typealias"))
        {
          ctf_p_parse_typealias (ps);
          continue;
        }
      if (ctf_p_is_ident (ps, "typedef"))
        {
          ctf_p_parse_typedef (ps);
          continue;
        }
      int line = TOK->line;
      CtfType *base = ctf_p_parse_type_spec (ps);
      if (base == NULL)
        break;
      if (ctf_p_is_punct (ps, ';'))
        {
          ctf_p_next (ps);    /* a named type's declaration only */
          continue;
        }
      for (;;)
        {
          CtfField f;
          if (!parse_declarator (ps, base, &f.name, &f.type))
            break;
          for (guint i = 0; i < fields->len; i++)
            if (ctf_streq (g_array_index (fields, CtfField, i).name, f.name))
              {
                ctf_p_fail_at (ps, line, "field '%s' declared twice", f.name);
                break;
              }
          /* TSDL: a leading underscore only protects the name */
          char *n = ctf_strdup (ps->tc, f.name[0] == '_' ? f.name + 1
                                                         : f.name);
          g_free (f.name);
          f.name = n;
          f.name_len = strlen (n);
          f.label = ctf_alloc (ps->tc, f.name_len + 6 + 8);
          memcpy (f.label, ", ", 2);
          memcpy (f.label + 2, n, f.name_len);
          memcpy (f.label + 2 + f.name_len, " = ", 4);
          g_array_append_val (fields, f);
          if (ps->failed || !ctf_p_is_punct (ps, ','))
            break;
          if (!ctf_p_next (ps))
            break;
        }
      ctf_p_expect_punct (ps, ';');
    }
  ctf_p_pop_scope (ps);
  ps->body_depth--;
  ps->last_body_id = ps->body_id;
  ps->body_id = outer_id;
  ps->body_fields = outer_fields;
  return !ps->failed && ctf_p_next (ps);
}
