/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ctf-parser-compound.c: TSDL compound type specifiers: struct, variant
 * (with its tag's checks) and enum. */
#include "config.h"

#include "ctf-parser.h"

#include <string.h>

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

CtfType *
ctf_p_parse_struct (Parser *ps)
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

CtfType *
ctf_p_parse_variant (Parser *ps)
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

CtfType *
ctf_p_parse_enum (Parser *ps)
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
