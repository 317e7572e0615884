/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ctf-parser-decl.c: TSDL declarators (arrays and sequences), typealias,
 * typedef and structure bodies. */
#include "config.h"

#include "ctf-parser.h"

#include <string.h>

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
