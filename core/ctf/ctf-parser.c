/* ctf-parser.c: the TSDL (CTF 1.8 metadata) parser. A recursive descent
 * over ctf-lexer's tokens that builds the type model and the trace class
 * directly, with scopes for typealias, typedef and named compound types. */
#include "config.h"

#include "ctf-lexer.h"
#include "ctf-types.h"

#include <lttv/error.h>
#include <string.h>

#define CTF_NATIVE (-1)

typedef struct {
  CtfLexer lx;
  CtfTraceClass *tc;
  GPtrArray *scopes;       /* GHashTable*: name -> CtfType* */
  GError **error;
  gboolean failed;
  gboolean in_typedef;     /* sequences need a field to refer to */
  int body_depth;          /* structure and variant bodies being parsed */
} Parser;

typedef enum { V_INT, V_STRING, V_PATH } ValueKind;

typedef struct {
  ValueKind kind;
  gboolean negative;
  uint64_t u;              /* magnitude */
  char *s;                 /* string or dotted path (g_free) */
  int line;
} Value;

static CtfType *parse_type_spec (Parser *ps);
static gboolean parse_struct_body (Parser *ps, GArray *fields);

/* --- Errors and tokens ---------------------------------------------------- */

static gboolean
fail_at (Parser *ps, int line, const char *fmt, ...) G_GNUC_PRINTF (3, 4);

static gboolean
fail_at (Parser *ps, int line, const char *fmt, ...)
{
  if (ps->failed)
    return FALSE;
  va_list ap;
  va_start (ap, fmt);
  g_autofree char *msg = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  g_set_error (ps->error, LTTV_ERROR, LTTV_ERROR_METADATA,
               "%s: metadata line %d: %s", ps->lx.path, line, msg);
  ps->failed = TRUE;
  return FALSE;
}

#define TOK (&ps->lx.tok)

static gboolean
next (Parser *ps)
{
  if (ps->failed)
    return FALSE;
  if (!ctf_lexer_next (&ps->lx, ps->error))
    {
      ps->failed = TRUE;
      return FALSE;
    }
  return TRUE;
}

static gboolean
is_punct (Parser *ps, char c)
{
  return TOK->kind == CTF_TOK_PUNCT && TOK->c == c;
}

static gboolean
is_ident (Parser *ps, const char *s)
{
  return TOK->kind == CTF_TOK_IDENT && strcmp (TOK->text->str, s) == 0;
}

static const char *
tok_desc (Parser *ps)
{
  static char buf[96];
  switch (TOK->kind)
    {
    case CTF_TOK_EOF: return "end of metadata";
    case CTF_TOK_IDENT:
      g_snprintf (buf, sizeof buf, "'%.60s'", TOK->text->str);
      return buf;
    case CTF_TOK_INT: return "a number";
    case CTF_TOK_STRING: return "a string";
    case CTF_TOK_CHAR_LIT: return "a character literal";
    case CTF_TOK_TYPE_ASSIGN: return "':='";
    case CTF_TOK_ELLIPSIS: return "'...'";
    case CTF_TOK_PUNCT:
      g_snprintf (buf, sizeof buf, "'%c'", TOK->c);
      return buf;
    }
  return "?";
}

static gboolean
expect_punct (Parser *ps, char c)
{
  if (ps->failed)
    return FALSE;
  if (!is_punct (ps, c))
    return fail_at (ps, TOK->line, "expected '%c', found %s", c,
                    tok_desc (ps));
  return next (ps);
}

/* --- Scopes --------------------------------------------------------------- */

static void
push_scope (Parser *ps)
{
  g_ptr_array_add (ps->scopes,
                   g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                          NULL));
}

static void
pop_scope (Parser *ps)
{
  g_ptr_array_remove_index (ps->scopes, ps->scopes->len - 1);
}

static CtfType *
lookup_type (Parser *ps, const char *name)
{
  for (guint i = ps->scopes->len; i-- > 0;)
    {
      CtfType *t = g_hash_table_lookup (ps->scopes->pdata[i], name);
      if (t != NULL)
        return t;
    }
  return NULL;
}

static gboolean
register_type (Parser *ps, const char *name, CtfType *t, int line)
{
  GHashTable *scope = ps->scopes->pdata[ps->scopes->len - 1];
  if (g_hash_table_contains (scope, name))
    return fail_at (ps, line, "type '%s' declared twice in the same scope",
                    name);
  g_hash_table_insert (scope, g_strdup (name), t);
  return TRUE;
}

/* --- Values ---------------------------------------------------------------- */

static gboolean
parse_value (Parser *ps, Value *v)
{
  memset (v, 0, sizeof *v);
  v->line = TOK->line;
  if (is_punct (ps, '-') || is_punct (ps, '+'))
    {
      v->negative = is_punct (ps, '-');
      if (!next (ps))
        return FALSE;
      if (TOK->kind != CTF_TOK_INT)
        return fail_at (ps, TOK->line, "expected a number after the sign");
    }
  switch (TOK->kind)
    {
    case CTF_TOK_INT:
    case CTF_TOK_CHAR_LIT:
      v->kind = V_INT;
      v->u = TOK->u;
      return next (ps);
    case CTF_TOK_STRING:
      v->kind = V_STRING;
      v->s = g_strdup (TOK->text->str);
      return next (ps);
    case CTF_TOK_IDENT:
      {
        GString *path = g_string_new (TOK->text->str);
        v->kind = V_PATH;
        if (!next (ps))
          {
            g_string_free (path, TRUE);
            return FALSE;
          }
        while (is_punct (ps, '.'))
          {
            if (!next (ps))
              break;
            if (TOK->kind != CTF_TOK_IDENT)
              {
                g_string_free (path, TRUE);
                return fail_at (ps, TOK->line, "expected a name after '.'");
              }
            g_string_append_c (path, '.');
            g_string_append (path, TOK->text->str);
            if (!next (ps))
              break;
          }
        v->s = g_string_free (path, FALSE);
        return !ps->failed;
      }
    default:
      return fail_at (ps, TOK->line, "expected a value, found %s",
                      tok_desc (ps));
    }
}

static void
value_clear (Value *v)
{
  g_free (v->s);
  v->s = NULL;
}

static gboolean
value_uint (Parser *ps, const Value *v, const char *what, uint64_t *out)
{
  if (v->kind != V_INT || v->negative)
    return fail_at (ps, v->line, "%s: expected an unsigned integer", what);
  *out = v->u;
  return TRUE;
}

static gboolean
value_int (Parser *ps, const Value *v, const char *what, int64_t *out)
{
  if (v->kind != V_INT)
    return fail_at (ps, v->line, "%s: expected an integer", what);
  if (v->negative)
    {
      if (v->u > (uint64_t) INT64_MAX + 1)
        return fail_at (ps, v->line, "%s: integer out of range", what);
      *out = (int64_t) (0 - v->u);
    }
  else
    {
      if (v->u > (uint64_t) INT64_MAX)
        return fail_at (ps, v->line, "%s: integer out of range", what);
      *out = (int64_t) v->u;
    }
  return TRUE;
}

static gboolean
value_bool (Parser *ps, const Value *v, const char *what, gboolean *out)
{
  if (v->kind == V_INT && !v->negative && v->u <= 1)
    *out = v->u == 1;
  else if (v->kind == V_PATH && (!strcmp (v->s, "true")
                                 || !strcmp (v->s, "TRUE")))
    *out = TRUE;
  else if (v->kind == V_PATH && (!strcmp (v->s, "false")
                                 || !strcmp (v->s, "FALSE")))
    *out = FALSE;
  else
    return fail_at (ps, v->line, "%s: expected true or false", what);
  return TRUE;
}

static gboolean
value_byte_order (Parser *ps, const Value *v, gboolean allow_native,
                  int *out)
{
  if (v->kind == V_PATH)
    {
      if (!strcmp (v->s, "le") || !strcmp (v->s, "little_endian"))
        {
          *out = CTF_LE;
          return TRUE;
        }
      if (!strcmp (v->s, "be") || !strcmp (v->s, "big_endian")
          || !strcmp (v->s, "network"))
        {
          *out = CTF_BE;
          return TRUE;
        }
      if (allow_native && !strcmp (v->s, "native"))
        {
          *out = CTF_NATIVE;
          return TRUE;
        }
    }
  return fail_at (ps, v->line, "invalid byte_order: expected le, be%s",
                  allow_native ? ", network or native" : " or network");
}

static gboolean
parse_uuid (const char *s, uint8_t out[16])
{
  int n = 0;
  for (const char *p = s; *p; p++)
    {
      if (*p == '-')
        continue;
      if (n >= 32 || !g_ascii_isxdigit (p[0]) || !g_ascii_isxdigit (p[1]))
        return FALSE;
      out[n / 2] = (uint8_t) (g_ascii_xdigit_value (p[0]) * 16
                              + g_ascii_xdigit_value (p[1]));
      n += 2;
      p++;
    }
  return n == 32 && strlen (s) == 36;
}

/* --- Attribute lists: `{ name = value; ... }` ----------------------------- */

typedef gboolean (*AttrFunc) (Parser *ps, const char *name, Value *v,
                              gpointer data);

static gboolean
parse_attr_list (Parser *ps, AttrFunc func, gpointer data)
{
  if (!expect_punct (ps, '{'))
    return FALSE;
  while (!is_punct (ps, '}'))
    {
      if (TOK->kind != CTF_TOK_IDENT)
        return fail_at (ps, TOK->line, "expected an attribute name, found %s",
                        tok_desc (ps));
      g_autofree char *name = g_strdup (TOK->text->str);
      if (!next (ps) || !expect_punct (ps, '='))
        return FALSE;
      Value v;
      if (!parse_value (ps, &v))
        return FALSE;
      gboolean ok = func (ps, name, &v, data);
      value_clear (&v);
      if (!ok || !expect_punct (ps, ';'))
        return FALSE;
    }
  return next (ps);
}

static gboolean
int_attr (Parser *ps, const char *name, Value *v, gpointer data)
{
  CtfType *t = data;
  uint64_t u = 0;

  if (!strcmp (name, "size"))
    {
      if (!value_uint (ps, v, "size", &u))
        return FALSE;
      if (u < 1 || u > 64)
        return fail_at (ps, v->line, "integer size %" G_GUINT64_FORMAT
                        " out of range (1 to 64 bits)", u);
      t->size = (guint) u;
    }
  else if (!strcmp (name, "align"))
    {
      if (!value_uint (ps, v, "align", &u))
        return FALSE;
      if (u == 0 || (u & (u - 1)) != 0 || u > 4096)
        return fail_at (ps, v->line, "align must be a power of two");
      t->align = (guint) u;
    }
  else if (!strcmp (name, "signed"))
    return value_bool (ps, v, "signed", &t->is_signed);
  else if (!strcmp (name, "byte_order"))
    return value_byte_order (ps, v, TRUE, &t->byte_order);
  else if (!strcmp (name, "base"))
    {
      if (v->kind == V_INT && !v->negative)
        u = v->u;
      else if (v->kind == V_PATH)
        {
          const char *s = v->s;
          if (!strcmp (s, "decimal") || !strcmp (s, "dec") || !strcmp (s, "d")
              || !strcmp (s, "i") || !strcmp (s, "u"))
            u = 10;
          else if (!strcmp (s, "hexadecimal") || !strcmp (s, "hex")
                   || !strcmp (s, "x") || !strcmp (s, "X")
                   || !strcmp (s, "p"))
            u = 16;
          else if (!strcmp (s, "octal") || !strcmp (s, "oct")
                   || !strcmp (s, "o"))
            u = 8;
          else if (!strcmp (s, "binary") || !strcmp (s, "b"))
            u = 2;
          else
            u = 0;
        }
      else
        u = 0;
      if (u != 2 && u != 8 && u != 10 && u != 16)
        return fail_at (ps, v->line, "invalid integer base");
      t->base = (int) u;
    }
  else if (!strcmp (name, "encoding"))
    {
      if (v->kind != V_PATH)
        return fail_at (ps, v->line, "invalid encoding");
      if (!strcmp (v->s, "UTF8") || !strcmp (v->s, "utf8")
          || !strcmp (v->s, "ASCII") || !strcmp (v->s, "ascii"))
        t->encoded = TRUE;
      else if (!strcmp (v->s, "none"))
        t->encoded = FALSE;
      else
        return fail_at (ps, v->line, "invalid encoding '%s'", v->s);
    }
  else if (!strcmp (name, "map"))
    {
      if (v->kind != V_PATH || !g_str_has_prefix (v->s, "clock.")
          || !g_str_has_suffix (v->s, ".value"))
        return fail_at (ps, v->line, "map: expected clock.NAME.value");
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

  if (!strcmp (name, "exp_dig") || !strcmp (name, "mant_dig"))
    {
      if (!value_uint (ps, v, name, &u))
        return FALSE;
      if (u > 64)
        return fail_at (ps, v->line, "%s out of range", name);
      if (name[0] == 'e')
        t->exp_dig = (guint) u;
      else
        t->mant_dig = (guint) u;
    }
  else if (!strcmp (name, "align"))
    {
      if (!value_uint (ps, v, "align", &u))
        return FALSE;
      if (u == 0 || (u & (u - 1)) != 0 || u > 4096)
        return fail_at (ps, v->line, "align must be a power of two");
      t->align = (guint) u;
    }
  else if (!strcmp (name, "byte_order"))
    return value_byte_order (ps, v, TRUE, &t->byte_order);
  /* unknown attributes are ignored, as babeltrace2 does */
  return TRUE;
}

static gboolean
string_attr (Parser *ps, const char *name, Value *v, gpointer data)
{
  return TRUE;     /* encoding: every string is shown as bytes */
}

/* --- Type specifiers ------------------------------------------------------- */

static gboolean
is_type_keyword (const char *s)
{
  static const char *const words[] = {
    "const", "char", "short", "int", "long", "signed", "unsigned", "float",
    "double", "void", "_Bool", "_Complex", "_Imaginary", NULL };
  for (int i = 0; words[i]; i++)
    if (!strcmp (s, words[i]))
      return TRUE;
  return FALSE;
}

static gboolean
is_reserved (const char *s)
{
  static const char *const words[] = {
    "align", "callsite", "clock", "enum", "env", "event", "floating_point",
    "integer", "stream", "string", "struct", "trace", "typealias",
    "typedef", "variant", NULL };
  for (int i = 0; words[i]; i++)
    if (!strcmp (s, words[i]))
      return TRUE;
  return is_type_keyword (s);
}

static CtfType *
parse_integer (Parser *ps)
{
  int line = TOK->line;
  CtfType *t = ctf_type_new (ps->tc, CTF_T_INT);
  t->byte_order = CTF_NATIVE;
  t->base = 10;
  t->align = 0;
  if (!next (ps) || !parse_attr_list (ps, int_attr, t))
    return NULL;
  if (t->size == 0)
    {
      fail_at (ps, line, "integer without a size");
      return NULL;
    }
  if (t->align == 0)
    t->align = t->size % 8 == 0 ? 8 : 1;
  return t;
}

static CtfType *
parse_float (Parser *ps)
{
  int line = TOK->line;
  CtfType *t = ctf_type_new (ps->tc, CTF_T_FLOAT);
  t->byte_order = CTF_NATIVE;
  t->align = 0;
  if (!next (ps) || !parse_attr_list (ps, float_attr, t))
    return NULL;
  t->size = t->exp_dig + t->mant_dig;
  if (!((t->exp_dig == 8 && t->mant_dig == 24)
        || (t->exp_dig == 11 && t->mant_dig == 53)))
    {
      fail_at (ps, line, "unsupported floating point type (exp_dig %u, "
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
  if (!is_ident (ps, "align"))
    return TRUE;
  if (!next (ps) || !expect_punct (ps, '('))
    return FALSE;
  Value v;
  uint64_t u = 0;
  if (!parse_value (ps, &v))
    return FALSE;
  gboolean ok = value_uint (ps, &v, "align", &u);
  value_clear (&v);
  if (!ok)
    return FALSE;
  if (u == 0 || (u & (u - 1)) != 0 || u > 4096)
    return fail_at (ps, TOK->line, "align must be a power of two");
  if (u > t->align)
    t->align = (guint) u;
  return expect_punct (ps, ')');
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
        return fail_at (ps, line, "variant '%s': its tag '%s' is not an "
                        "enumeration", st->fields[i].name, v->tag_path);
      gboolean found = FALSE;
      for (guint m = 0; m < t->n_mappings && !found; m++)
        for (guint o = 0; o < v->n_fields && !found; o++)
          found = label_matches_option (t->mappings[m].label,
                                        v->fields[o].name);
      if (!found && v->n_fields > 0)
        return fail_at (ps, line, "variant '%s': no label of its tag '%s' "
                        "names one of its options", st->fields[i].name,
                        v->tag_path);
    }
  return TRUE;
}

static CtfType *
parse_struct (Parser *ps)
{
  int line = TOK->line;
  g_autofree char *name = NULL;
  if (!next (ps))
    return NULL;
  if (TOK->kind == CTF_TOK_IDENT && !is_ident (ps, "align"))
    {
      name = g_strconcat ("struct ", TOK->text->str, NULL);
      if (!next (ps))
        return NULL;
    }
  if (!is_punct (ps, '{'))
    {
      if (name == NULL)
        {
          fail_at (ps, line, "expected a structure body");
          return NULL;
        }
      CtfType *t = lookup_type (ps, name);
      if (t == NULL)
        fail_at (ps, line, "unknown type '%s'", name);
      return t;
    }
  CtfType *t = ctf_type_new (ps->tc, CTF_T_STRUCT);
  t->align = 1;
  GArray *fields = g_array_new (FALSE, TRUE, sizeof (CtfField));
  gboolean ok = next (ps) && parse_struct_body (ps, fields);
  if (ok)
    fields_to_type (ps, t, fields);
  g_array_free (fields, TRUE);
  if (!ok)
    return NULL;
  for (guint i = 0; i < t->n_fields; i++)
    if (t->fields[i].type->align > t->align)
      t->align = t->fields[i].type->align;
  if (!check_variant_tags (ps, t, line))
    return NULL;
  if (!parse_align_suffix (ps, t))
    return NULL;
  if (name != NULL && !register_type (ps, name, t, line))
    return NULL;
  return t;
}

static gboolean
parse_path_in_angles (Parser *ps, char **out)
{
  GString *path = g_string_new (NULL);
  if (!next (ps))
    goto fail;
  for (;;)
    {
      if (TOK->kind != CTF_TOK_IDENT || is_reserved (TOK->text->str))
        {
          fail_at (ps, TOK->line, "expected a variant tag name, found %s",
                   tok_desc (ps));
          goto fail;
        }
      g_string_append (path, TOK->text->str);
      if (!next (ps))
        goto fail;
      if (!is_punct (ps, '.'))
        break;
      g_string_append_c (path, '.');
      if (!next (ps))
        goto fail;
    }
  if (!expect_punct (ps, '>'))
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
  if (!next (ps))
    return NULL;
  if (TOK->kind == CTF_TOK_IDENT)
    {
      name = g_strconcat ("variant ", TOK->text->str, NULL);
      if (!next (ps))
        return NULL;
    }
  if (is_punct (ps, '<') && !parse_path_in_angles (ps, &tag))
    return NULL;
  CtfType *t;
  if (!is_punct (ps, '{'))
    {
      if (name == NULL)
        {
          fail_at (ps, line, "expected a variant body");
          return NULL;
        }
      CtfType *named = lookup_type (ps, name);
      if (named == NULL)
        {
          fail_at (ps, line, "unknown type '%s'", name);
          return NULL;
        }
      t = ctf_type_copy (ps->tc, named);
    }
  else
    {
      t = ctf_type_new (ps->tc, CTF_T_VARIANT);
      t->align = 1;
      GArray *fields = g_array_new (FALSE, TRUE, sizeof (CtfField));
      gboolean ok = next (ps) && parse_struct_body (ps, fields);
      if (ok)
        fields_to_type (ps, t, fields);
      g_array_free (fields, TRUE);
      if (!ok)
        return NULL;
      for (guint i = 0; i < t->n_fields; i++)
        for (guint j = 0; j < i; j++)
          if (!strcmp (t->fields[i].name, t->fields[j].name))
            {
              fail_at (ps, line, "variant option '%s' declared twice",
                       t->fields[i].name);
              return NULL;
            }
      if (name != NULL && !register_type (ps, name, t, line))
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
    return fail_at (ps, v->line, "enumeration value: expected an integer");
  if (is_signed)
    return value_int (ps, v, "enumeration value", out);
  if (v->negative)
    return fail_at (ps, v->line, "negative value in an unsigned "
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
  if (!next (ps))
    return NULL;
  if (TOK->kind == CTF_TOK_IDENT)
    {
      name = g_strconcat ("enum ", TOK->text->str, NULL);
      if (!next (ps))
        return NULL;
    }
  if (is_punct (ps, ':'))
    {
      if (!next (ps) || (container = parse_type_spec (ps)) == NULL)
        return NULL;
    }
  if (!is_punct (ps, '{'))
    {
      if (name == NULL)
        {
          fail_at (ps, line, "expected an enumeration body");
          return NULL;
        }
      CtfType *t = lookup_type (ps, name);
      if (t == NULL)
        fail_at (ps, line, "unknown type '%s'", name);
      return t;
    }
  if (container == NULL)
    {
      container = lookup_type (ps, "int");
      if (container == NULL)
        {
          fail_at (ps, line, "enumeration without a container type, and "
                   "no 'int' type declared");
          return NULL;
        }
    }
  if (container->kind != CTF_T_INT)
    {
      fail_at (ps, line, "enumeration container must be an integer");
      return NULL;
    }
  CtfType *t = ctf_type_copy (ps->tc, container);
  t->is_enum = TRUE;
  GArray *maps = g_array_new (FALSE, TRUE, sizeof (CtfMapping));
  int64_t last = -1;
  gboolean has_last = FALSE, ok = next (ps);
  while (ok && !is_punct (ps, '}'))
    {
      if (TOK->kind != CTF_TOK_IDENT && TOK->kind != CTF_TOK_STRING)
        {
          ok = fail_at (ps, TOK->line, "expected an enumerator, found %s",
                        tok_desc (ps));
          break;
        }
      g_autofree char *label = g_strdup (TOK->text->str);
      int64_t lo, hi;
      if (!(ok = next (ps)))
        break;
      if (is_punct (ps, '='))
        {
          Value v;
          if (!(ok = next (ps) && parse_value (ps, &v)))
            break;
          ok = enum_value (ps, &v, t->is_signed, &lo);
          value_clear (&v);
          if (!ok)
            break;
          hi = lo;
          if (TOK->kind == CTF_TOK_ELLIPSIS)
            {
              if (!(ok = next (ps) && parse_value (ps, &v)))
                break;
              ok = enum_value (ps, &v, t->is_signed, &hi);
              value_clear (&v);
              if (!ok)
                break;
            }
        }
      else
        {
          if (has_last && (t->is_signed ? last == INT64_MAX
                           : (uint64_t) last == UINT64_MAX))
            {
              ok = fail_at (ps, TOK->line, "enumerator value overflows");
              break;
            }
          lo = hi = has_last ? last + 1 : 0;
        }
      if (!value_fits (t, lo) || !value_fits (t, hi))
        {
          ok = fail_at (ps, TOK->line, "enumerator '%s' out of the range of "
                        "its %u-bit container", label, t->size);
          break;
        }
      add_mapping (ps, maps, label, t->is_signed, lo, hi);
      last = hi;
      has_last = TRUE;
      if (is_punct (ps, ','))
        ok = next (ps);
      else if (!is_punct (ps, '}'))
        ok = fail_at (ps, TOK->line, "expected ',' or '}' in an "
                      "enumeration, found %s", tok_desc (ps));
    }
  if (ok && maps->len == 0)
    ok = fail_at (ps, line, "enumeration without enumerators");
  if (ok)
    ok = next (ps);
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
  if (name != NULL && !register_type (ps, name, t, line))
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
      gboolean kw = is_type_keyword (TOK->text->str);
      if (!kw && name->len > 0)
        break;
      if (name->len > 0)
        g_string_append_c (name, ' ');
      g_string_append (name, TOK->text->str);
      if (!next (ps))
        break;
      if (!kw)
        break;
    }
  CtfType *t = ps->failed ? NULL : lookup_type (ps, name->str);
  if (t == NULL && !ps->failed)
    fail_at (ps, line, "unknown type '%s'", name->str);
  g_string_free (name, TRUE);
  return t;
}

static CtfType *
parse_type_spec (Parser *ps)
{
  if (TOK->kind != CTF_TOK_IDENT)
    {
      fail_at (ps, TOK->line, "expected a type, found %s", tok_desc (ps));
      return NULL;
    }
  if (is_ident (ps, "integer"))
    return parse_integer (ps);
  if (is_ident (ps, "floating_point"))
    return parse_float (ps);
  if (is_ident (ps, "string"))
    {
      CtfType *t = ctf_type_new (ps->tc, CTF_T_STRING);
      t->align = 8;
      if (!next (ps))
        return NULL;
      if (is_punct (ps, '{') && !parse_attr_list (ps, string_attr, t))
        return NULL;
      return t;
    }
  if (is_ident (ps, "struct"))
    return parse_struct (ps);
  if (is_ident (ps, "variant"))
    return parse_variant (ps);
  if (is_ident (ps, "enum"))
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
    return fail_at (ps, TOK->line, "expected a field name, found %s",
                    tok_desc (ps));
  if (is_reserved (TOK->text->str))
    return fail_at (ps, TOK->line, "'%s' is a reserved keyword, not a valid "
                    "name", TOK->text->str);
  *name_out = g_strdup (TOK->text->str);
  if (!next (ps))
    return FALSE;
  GPtrArray *dims = g_ptr_array_new ();   /* CtfType* of each [ ] */
  while (is_punct (ps, '['))
    {
      int line = TOK->line;
      if (!next (ps))
        break;
      CtfType *d;
      if (TOK->kind == CTF_TOK_INT)
        {
          d = ctf_type_new (ps->tc, CTF_T_ARRAY);
          d->length = TOK->u;
          if (!next (ps))
            break;
        }
      else if (TOK->kind == CTF_TOK_IDENT && !ps->in_typedef
               && !is_reserved (TOK->text->str))
        {
          Value v;
          if (!parse_value (ps, &v))
            break;
          d = ctf_type_new (ps->tc, CTF_T_SEQ);
          d->length_path = ctf_strdup (ps->tc, v.s);
          value_clear (&v);
        }
      else
        {
          fail_at (ps, line, "expected an array length or a sequence "
                   "length field, found %s", tok_desc (ps));
          break;
        }
      g_ptr_array_add (dims, d);
      if (!expect_punct (ps, ']'))
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

static gboolean
parse_typealias (Parser *ps)
{
  int line = TOK->line;
  if (!next (ps))
    return FALSE;
  CtfType *t = parse_type_spec (ps);
  if (t == NULL)
    return FALSE;
  if (TOK->kind != CTF_TOK_TYPE_ASSIGN)
    return fail_at (ps, TOK->line, "expected ':=' in typealias, found %s",
                    tok_desc (ps));
  if (!next (ps))
    return FALSE;
  GString *name = g_string_new (NULL);
  while (TOK->kind == CTF_TOK_IDENT || is_punct (ps, '*'))
    {
      if (name->len > 0)
        g_string_append_c (name, ' ');
      g_string_append (name, TOK->kind == CTF_TOK_IDENT ? TOK->text->str
                       : "*");
      if (!next (ps))
        break;
    }
  gboolean ok = !ps->failed;
  if (ok && name->len == 0)
    ok = fail_at (ps, line, "typealias without a name");
  if (ok && is_reserved (name->str) && !is_type_keyword (name->str))
    ok = fail_at (ps, line, "'%s' is a reserved keyword, not a valid type "
                  "name", name->str);
  if (ok)
    ok = register_type (ps, name->str, t, line);
  g_string_free (name, TRUE);
  return ok && expect_punct (ps, ';');
}

static gboolean
parse_typedef (Parser *ps)
{
  int line = TOK->line;
  if (!next (ps))
    return FALSE;
  CtfType *base = parse_type_spec (ps);
  if (base == NULL)
    return FALSE;
  for (;;)
    {
      char *name = NULL;
      CtfType *t;
      /* a sequence in a type definition needs an enclosing structure
         whose fields it can refer to */
      ps->in_typedef = ps->body_depth == 0;
      gboolean decl_ok = parse_declarator (ps, base, &name, &t);
      ps->in_typedef = FALSE;
      if (!decl_ok)
        return FALSE;
      gboolean ok = register_type (ps, name, t, line);
      g_free (name);
      if (!ok)
        return FALSE;
      if (!is_punct (ps, ','))
        break;
      if (!next (ps))
        return FALSE;
    }
  return expect_punct (ps, ';');
}

/* Members of a struct or variant body, after '{', through '}'. */
static gboolean
parse_struct_body (Parser *ps, GArray *fields)
{
  push_scope (ps);
  ps->body_depth++;
  while (!ps->failed && !is_punct (ps, '}'))
    {
      if (TOK->kind == CTF_TOK_EOF)
        {
          fail_at (ps, TOK->line, "unexpected end of metadata in a "
                   "structure");
          break;
        }
      if (is_ident (ps, "typealias"))
        {
          parse_typealias (ps);
          continue;
        }
      if (is_ident (ps, "typedef"))
        {
          parse_typedef (ps);
          continue;
        }
      int line = TOK->line;
      CtfType *base = parse_type_spec (ps);
      if (base == NULL)
        break;
      if (is_punct (ps, ';'))
        {
          next (ps);    /* a named type's declaration only */
          continue;
        }
      for (;;)
        {
          CtfField f;
          if (!parse_declarator (ps, base, &f.name, &f.type))
            break;
          for (guint i = 0; i < fields->len; i++)
            if (!strcmp (g_array_index (fields, CtfField, i).name, f.name))
              {
                fail_at (ps, line, "field '%s' declared twice", f.name);
                break;
              }
          /* TSDL: a leading underscore only protects the name */
          char *n = ctf_strdup (ps->tc, f.name[0] == '_' ? f.name + 1
                                                         : f.name);
          g_free (f.name);
          f.name = n;
          g_array_append_val (fields, f);
          if (ps->failed || !is_punct (ps, ','))
            break;
          if (!next (ps))
            break;
        }
      expect_punct (ps, ';');
    }
  pop_scope (ps);
  ps->body_depth--;
  return !ps->failed && next (ps);
}

/* --- Blocks: trace, env, clock, stream, event -------------------------------- */

typedef enum { B_TRACE, B_ENV, B_CLOCK, B_STREAM, B_EVENT, B_OTHER } Block;

typedef struct {
  Block kind;
  CtfClock *clock;
  CtfStreamClass *sc;
  CtfEventClass *ec;
  gboolean seen_major, seen_minor, seen_id, seen_name;
} BlockState;

static gboolean
block_type (Parser *ps, BlockState *b, const char *key, CtfType *t, int line)
{
  if (b->kind == B_TRACE && !strcmp (key, "packet.header"))
    ps->tc->packet_header = t;
  else if (b->kind == B_STREAM && !strcmp (key, "packet.context"))
    b->sc->packet_context = t;
  else if (b->kind == B_STREAM && !strcmp (key, "event.header"))
    b->sc->event_header = t;
  else if (b->kind == B_STREAM && !strcmp (key, "event.context"))
    b->sc->event_context = t;
  else if (b->kind == B_EVENT && !strcmp (key, "context"))
    b->ec->context = t;
  else if (b->kind == B_EVENT && !strcmp (key, "fields"))
    b->ec->fields = t;
  else
    return TRUE;    /* unknown assignments are ignored, as babeltrace2 does */
  if (t->kind != CTF_T_STRUCT)
    return fail_at (ps, line, "'%s' must be a structure", key);
  return TRUE;
}

static gboolean
block_value (Parser *ps, BlockState *b, const char *key, Value *v)
{
  CtfTraceClass *tc = ps->tc;
  uint64_t u = 0;

  switch (b->kind)
    {
    case B_TRACE:
      if (!strcmp (key, "major") || !strcmp (key, "minor"))
        {
          if (!value_uint (ps, v, key, &u))
            return FALSE;
          if (key[1] == 'a')
            tc->major = (guint) u, b->seen_major = TRUE;
          else
            tc->minor = (guint) u, b->seen_minor = TRUE;
        }
      else if (!strcmp (key, "uuid"))
        {
          if (v->kind != V_STRING || !parse_uuid (v->s, tc->uuid))
            return fail_at (ps, v->line, "invalid trace uuid");
          tc->has_uuid = TRUE;
        }
      else if (!strcmp (key, "byte_order"))
        return value_byte_order (ps, v, FALSE, &tc->byte_order);
      return TRUE;
    case B_ENV:
      {
        CtfEnvEntry *e = ctf_alloc (tc, sizeof *e);
        e->key = ctf_strdup (tc, key);
        if (v->kind == V_INT)
          {
            if (!value_int (ps, v, key, &e->i))
              return FALSE;
            e->is_int = TRUE;
          }
        else
          e->s = ctf_strdup (tc, v->s);
        for (guint i = 0; i < tc->env->len; i++)
          if (!strcmp (((CtfEnvEntry *) tc->env->pdata[i])->key, key))
            {
              tc->env->pdata[i] = e;
              return TRUE;
            }
        g_ptr_array_add (tc->env, e);
        return TRUE;
      }
    case B_CLOCK:
      {
        CtfClock *c = b->clock;
        if (!strcmp (key, "name"))
          {
            if (v->kind == V_INT)
              return fail_at (ps, v->line, "invalid clock name");
            c->name = ctf_strdup (tc, v->s);
          }
        else if (!strcmp (key, "freq"))
          {
            if (!value_uint (ps, v, key, &c->freq))
              return FALSE;
            if (c->freq == 0)
              return fail_at (ps, v->line, "clock frequency of 0");
          }
        else if (!strcmp (key, "offset_s"))
          return value_int (ps, v, key, &c->offset_s);
        else if (!strcmp (key, "offset"))
          {
            int64_t off;
            if (!value_int (ps, v, key, &off))
              return FALSE;
            if (off < 0)
              {
                /* whole seconds go to offset_s (needs freq: kept for
                   ctf-plan.c, which normalizes) */
                c->offset_neg = TRUE;
                c->offset = 0 - (uint64_t) off;
              }
            else
              c->offset = (uint64_t) off;
          }
        else if (!strcmp (key, "absolute"))
          return value_bool (ps, v, key, &c->absolute);
        else if (!strcmp (key, "description"))
          {
            if (v->kind != V_STRING)
              return fail_at (ps, v->line, "invalid clock description");
            c->description = ctf_strdup (tc, v->s);
          }
        else if (!strcmp (key, "uuid"))
          {
            if (v->kind != V_STRING || !parse_uuid (v->s, c->uuid))
              return fail_at (ps, v->line, "invalid clock uuid");
            c->has_uuid = TRUE;
          }
        return TRUE;
      }
    case B_STREAM:
      if (!strcmp (key, "id"))
        {
          if (!value_uint (ps, v, key, &b->sc->id))
            return FALSE;
          b->sc->has_id = TRUE;
        }
      return TRUE;
    case B_EVENT:
      if (!strcmp (key, "name"))
        {
          if (v->kind == V_INT)
            return fail_at (ps, v->line, "invalid event name");
          b->ec->name = ctf_strdup (tc, v->s);
          b->seen_name = TRUE;
        }
      else if (!strcmp (key, "id"))
        {
          if (!value_uint (ps, v, key, &b->ec->id))
            return FALSE;
          b->seen_id = TRUE;
        }
      else if (!strcmp (key, "stream_id"))
        {
          b->ec->has_stream_id = TRUE;
          return value_uint (ps, v, key, &b->ec->stream_id);
        }
      else if (!strcmp (key, "loglevel"))
        {
          if (!value_int (ps, v, key, &b->ec->loglevel))
            return FALSE;
          b->ec->has_loglevel = TRUE;
        }
      else if (!strcmp (key, "model.emf.uri"))
        {
          if (v->kind != V_STRING)
            return fail_at (ps, v->line, "invalid model.emf.uri");
          b->ec->model_emf_uri = ctf_strdup (tc, v->s);
        }
      return TRUE;
    case B_OTHER:
      return TRUE;
    }
  return TRUE;
}

static gboolean
parse_block (Parser *ps, Block kind)
{
  int line = TOK->line;
  BlockState b = { .kind = kind };
  CtfTraceClass *tc = ps->tc;

  if (kind == B_CLOCK)
    {
      b.clock = ctf_alloc (tc, sizeof (CtfClock));
      b.clock->freq = 1000000000;
    }
  else if (kind == B_STREAM)
    {
      b.sc = ctf_alloc (tc, sizeof (CtfStreamClass));
      b.sc->events = g_ptr_array_new ();
    }
  else if (kind == B_EVENT)
    {
      b.ec = ctf_alloc (tc, sizeof (CtfEventClass));
      b.ec->line = line;
    }
  if (!next (ps) || !expect_punct (ps, '{'))
    return FALSE;
  push_scope (ps);
  while (!ps->failed && !is_punct (ps, '}'))
    {
      if (is_ident (ps, "typealias"))
        {
          parse_typealias (ps);
          continue;
        }
      if (is_ident (ps, "typedef"))
        {
          parse_typedef (ps);
          continue;
        }
      if (TOK->kind != CTF_TOK_IDENT)
        {
          fail_at (ps, TOK->line, "expected an attribute, found %s",
                   tok_desc (ps));
          break;
        }
      const CtfToken *pk = ctf_lexer_peek (&ps->lx, ps->error);
      if (pk == NULL)
        {
          ps->failed = TRUE;
          break;
        }
      if ((is_ident (ps, "struct") || is_ident (ps, "variant")
           || is_ident (ps, "enum")) && !(pk->kind == CTF_TOK_PUNCT
                                          && pk->c == '.'))
        {
          /* a named type declared inside a block */
          if (parse_type_spec (ps) == NULL)
            break;
          expect_punct (ps, ';');
          continue;
        }
      GString *key = g_string_new (TOK->text->str);
      int kline = TOK->line;
      next (ps);
      while (!ps->failed && is_punct (ps, '.'))
        {
          if (!next (ps))
            break;
          if (TOK->kind != CTF_TOK_IDENT)
            {
              fail_at (ps, TOK->line, "expected a name after '.'");
              break;
            }
          g_string_append_c (key, '.');
          g_string_append (key, TOK->text->str);
          next (ps);
        }
      if (!ps->failed && TOK->kind == CTF_TOK_TYPE_ASSIGN)
        {
          CtfType *t;
          if (next (ps) && (t = parse_type_spec (ps)) != NULL)
            block_type (ps, &b, key->str, t, kline);
        }
      else if (!ps->failed && is_punct (ps, '='))
        {
          Value v;
          if (next (ps) && parse_value (ps, &v))
            {
              block_value (ps, &b, key->str, &v);
              value_clear (&v);
            }
        }
      else if (!ps->failed)
        fail_at (ps, TOK->line, "expected '=' or ':=' after '%s', found %s",
                 key->str, tok_desc (ps));
      g_string_free (key, TRUE);
      expect_punct (ps, ';');
    }
  pop_scope (ps);
  if (ps->failed || !next (ps) || !expect_punct (ps, ';'))
    return FALSE;

  switch (kind)
    {
    case B_TRACE:
      if (!b.seen_major || !b.seen_minor)
        return fail_at (ps, line, "trace block without major and minor "
                        "version");
      if (tc->major != 1 || tc->minor != 8)
        return fail_at (ps, line, "unsupported CTF version %u.%u (expected "
                        "1.8)", tc->major, tc->minor);
      break;
    case B_CLOCK:
      if (b.clock->name == NULL)
        return fail_at (ps, line, "clock without a name");
      if (ctf_trace_class_clock (tc, b.clock->name) != NULL)
        return fail_at (ps, line, "clock '%s' declared twice",
                        b.clock->name);
      g_ptr_array_add (tc->clocks, b.clock);
      break;
    case B_STREAM:
      for (guint i = 0; i < tc->streams->len; i++)
        {
          CtfStreamClass *o = tc->streams->pdata[i];
          if (o->id == b.sc->id || !b.sc->has_id || !o->has_id)
            return fail_at (ps, line, "stream class %" G_GUINT64_FORMAT
                            " declared twice (or several streams without "
                            "an id)", b.sc->id);
        }
      g_ptr_array_add (tc->streams, b.sc);
      break;
    case B_EVENT:
      if (!b.seen_name)
        return fail_at (ps, line, "event without a name");
      g_ptr_array_add (tc->pending_events, b.ec);
      break;
    default:
      break;
    }
  return TRUE;
}

static gboolean
parse_top (Parser *ps)
{
  while (!ps->failed && TOK->kind != CTF_TOK_EOF)
    {
      if (is_ident (ps, "typealias"))
        parse_typealias (ps);
      else if (is_ident (ps, "typedef"))
        parse_typedef (ps);
      else if (TOK->kind == CTF_TOK_IDENT)
        {
          const CtfToken *pk = ctf_lexer_peek (&ps->lx, ps->error);
          if (pk == NULL)
            return FALSE;
          gboolean brace = pk->kind == CTF_TOK_PUNCT && pk->c == '{';
          if (brace && is_ident (ps, "trace"))
            parse_block (ps, B_TRACE);
          else if (brace && is_ident (ps, "env"))
            parse_block (ps, B_ENV);
          else if (brace && is_ident (ps, "clock"))
            parse_block (ps, B_CLOCK);
          else if (brace && is_ident (ps, "stream"))
            parse_block (ps, B_STREAM);
          else if (brace && is_ident (ps, "event"))
            parse_block (ps, B_EVENT);
          else if (brace && is_ident (ps, "callsite"))
            parse_block (ps, B_OTHER);
          else
            {
              int line = TOK->line;
              CtfType *t = parse_type_spec (ps);
              if (t == NULL)
                break;
              if (is_ident (ps, "struct") || is_ident (ps, "variant")
                  || is_ident (ps, "enum") || is_ident (ps, "typealias")
                  || is_ident (ps, "typedef"))
                continue;   /* tolerated: a missing ';' between types */
              if (!is_punct (ps, ';'))
                {
                  fail_at (ps, line, "expected ';' after a type "
                           "declaration, found %s", tok_desc (ps));
                  break;
                }
              next (ps);
            }
        }
      else
        fail_at (ps, TOK->line, "expected a declaration, found %s",
                 tok_desc (ps));
    }
  return !ps->failed;
}

gboolean
ctf_metadata_parse (CtfTraceClass *tc, const char *text, gsize len,
                    const char *path, GError **error)
{
  Parser ps = { .tc = tc, .error = error };
  ctf_lexer_init (&ps.lx, text, len, path);
  ps.scopes = g_ptr_array_new_with_free_func (
      (GDestroyNotify) g_hash_table_unref);
  push_scope (&ps);
  gboolean ok = next (&ps) && parse_top (&ps);
  tc->last_line = ps.lx.line;
  g_ptr_array_free (ps.scopes, TRUE);
  ctf_lexer_clear (&ps.lx);
  return ok;
}
