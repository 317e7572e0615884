/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ctf-plan-paths.c: sequence lengths and variant tags resolved to the value
 * slots of the fields they name (CTF 1.8 paths, CTF 2 field locations),
 * and variants' options chosen by their tags' values. */
#include "config.h"

#include "ctf-plan.h"

#include <string.h>

static CtfType *
descend (Compiler *c, CtfType *t, char **parts)
{
  for (; t != NULL && *parts != NULL; parts++)
    t = ctf_plan_member_of (t, *parts, c->exact);
  return t;
}

/* The stack level of the structure whose body has serial `body`, or -1. */
static int
level_of_body (Compiler *c, guint body)
{
  for (int d = c->depth - 1; d >= 0; d--)
    if (c->stack[d]->body_id == body)
      return d;
  return -1;
}

/* `from` is the sequence or variant whose path this is: when it was
 * declared in a type named inside a structure, the lookup leaves the named
 * type for that structure (the members declared before the name), not for
 * the structure the type is used in. */
static CtfType *
resolve_path (Compiler *c, const char *path, const CtfType *from)
{
  /* CTF 2 names may hold a '.' (ctf-types.h) */
  const char sep[2] = { c->exact ? CTF2_PATH_SEP : '.', '\0' };
  for (int s = 0; s < 6; s++)
    if (g_str_has_prefix (path, ctf_plan_scope_prefix[s]))
      {
        if (s > c->cur_scope)
          return NULL;      /* only earlier scopes are decoded */
        g_auto (GStrv) parts
          = g_strsplit (path + strlen (ctf_plan_scope_prefix[s]), sep, -1);
        return descend (c, c->scopes[s], parts);
      }
  g_auto (GStrv) all = g_strsplit (path, sep, -1);
  /* CTF 2 null elements: that many structures up, then only there */
  guint up = 0;
  while (c->exact && all[up] != NULL && all[up][0] == '\0')
    up++;
  char **parts = all + up;
  gboolean climbed = up > 0;
  /* innermost structure first, among the members declared before */
  const CtfDeclScope *decl = from->decl;
  int declared = decl != NULL ? level_of_body (c, decl->body) : -1;
  for (int d = c->depth - 1; d >= 0; d--)
    {
      CtfType *st = c->stack[d];
      guint before = c->stack_idx[d];
      if (declared >= 0 && d > declared
          && (st->body_id < decl->first_body || st->body_id > decl->last_body))
        continue;         /* where the named type is used: not its scope */
      if (d == declared)
        before = MIN (before, decl->count);
      if (st->kind != CTF_T_STRUCT)
        continue;
      if (up > 0)
        {
          up--;
          continue;
        }
      const char *first = parts[0][0] == '_' && !c->exact ? parts[0] + 1
                          : parts[0];
      for (guint i = 0; i < before && i < st->n_fields; i++)
        if (strcmp (st->fields[i].name, first) == 0)
          return descend (c, st->fields[i].type, parts + 1);
      if (climbed)
        return NULL;
    }
  if (climbed)
    return NULL;          /* above the scope's root */
  /* then the scopes decoded before this one */
  for (int s = c->cur_scope - 1; s >= 0; s--)
    {
      CtfType *t = ctf_plan_member_of (c->scopes[s], parts[0], c->exact);
      if (t != NULL)
        return descend (c, t, parts + 1);
    }
  return NULL;
}

static gboolean
label_matches (const char *label, const char *option)
{
  if (strcmp (label, option) == 0)
    return TRUE;
  /* bt2 accepts an option named `_x` for the label `x` and vice versa */
  if (option[0] == '_' && strcmp (label, option + 1) == 0)
    return TRUE;
  if (label[0] == '_' && strcmp (label + 1, option) == 0)
    return TRUE;
  return FALSE;
}

/* A path for messages: as written in CTF 1.8 and for plain CTF 2 names;
 * else as its elements ("event.fields." then [null, "a.b"]). */
static char *
path_text (const Compiler *c, const char *path)
{
  if (!c->exact)
    return g_strdup (path);
  GString *s = g_string_new (NULL);
  for (int k = 0; k < 6; k++)
    if (g_str_has_prefix (path, ctf_plan_scope_prefix[k]))
      {
        g_string_append (s, ctf_plan_scope_prefix[k]);
        path += strlen (ctf_plan_scope_prefix[k]);
      }
  const char sep[2] = { CTF2_PATH_SEP, '\0' };
  g_auto (GStrv) parts = g_strsplit (path, sep, -1);
  gboolean plain = TRUE;
  for (int i = 0; parts[i] != NULL; i++)
    plain = plain && *parts[i] != '\0' && strchr (parts[i], '.') == NULL;
  if (plain)
    {
      g_autofree char *dotted = g_strjoinv (".", parts);
      g_string_append (s, dotted);
      return g_string_free (s, FALSE);
    }
  g_string_append_c (s, '[');
  for (int i = 0; parts[i] != NULL; i++)
    g_string_append_printf (s, i > 0 ? ", %s%s%s" : "%s%s%s",
                            *parts[i] ? "\"" : "",
                            *parts[i] ? parts[i] : "null",
                            *parts[i] ? "\"" : "");
  g_string_append_c (s, ']');
  return g_string_free (s, FALSE);
}

static gboolean
resolve_refs (Compiler *c, CtfType *t)
{
  if (t == NULL || c->failed)
    return !c->failed;
  if (t->kind == CTF_T_SEQ)
    {
      CtfType *len = resolve_path (c, t->length_path, t);
      g_autofree char *shown = path_text (c, t->length_path);
      if (len == NULL)
        return ctf_plan_fail (c, "sequence length field '%s' not found",
                              shown);
      if (len->kind != CTF_T_INT || len->is_signed)
        return ctf_plan_fail (c, "sequence length field '%s' is not an "
                              "unsigned integer", shown);
      t->ref_slot = len->slot;
      t->ref_type = len;
    }
  else if (t->kind == CTF_T_VARIANT)
    {
      if (t->tag_path == NULL)
        return ctf_plan_fail (c, "variant without a tag");
      CtfType *tag = resolve_path (c, t->tag_path, t);
      g_autofree char *shown = path_text (c, t->tag_path);
      if (tag == NULL)
        return ctf_plan_fail (c, "variant %s field '%s' not found",
                              c->exact ? "selector" : "tag", shown);
      if (c->exact && (tag->kind != CTF_T_INT
                       || !(tag->form == CTF_FORM_NUMBER
                            || (t->optional && tag->form == CTF_FORM_BOOL))))
        return ctf_plan_fail (c, "selector field '%s' is not an integer%s",
                              shown, t->optional ? " or a boolean" : "");
      if (!c->exact && (tag->kind != CTF_T_INT || !tag->is_enum))
        return ctf_plan_fail (c, "variant tag field '%s' is not an "
                              "enumeration", shown);
      t->ref_slot = tag->slot;
      t->ref_type = tag;
      if (!c->exact)
        {
          /* CTF 1.8: the tag's labels name the options */
          t->sel = tag->mappings;
          t->n_sel = tag->n_mappings;
          t->option_of_mapping = ctf_alloc (c->tc, sizeof (int)
                                            * (tag->n_mappings + 1));
          for (guint m = 0; m < tag->n_mappings; m++)
            {
              t->option_of_mapping[m] = -1;
              for (guint o = 0; o < t->n_fields; o++)
                if (label_matches (tag->mappings[m].label,
                                   t->fields[o].name))
                  {
                    t->option_of_mapping[m] = (int) o;
                    break;
                  }
            }
        }
      /* small unsigned tags (LTTng's event header ids): a direct table */
      if (!tag->is_signed && tag->size <= 8 && t->n_fields < 127)
        {
          t->n_option_values = 1u << tag->size;
          t->option_of_value = ctf_alloc (c->tc, t->n_option_values);
          for (guint v = 0; v < t->n_option_values; v++)
            {
              t->option_of_value[v] = -1;
              for (guint m = 0; m < t->n_sel; m++)
                if (v >= (uint64_t) t->sel[m].lo
                    && v <= (uint64_t) t->sel[m].hi)
                  {
                    t->option_of_value[v] = (int8_t) t->option_of_mapping[m];
                    break;
                  }
            }
        }
    }
  if (t->kind == CTF_T_STRUCT || t->kind == CTF_T_VARIANT)
    {
      if (c->depth >= 63)
        return ctf_plan_fail (c, "types nested too deeply");
      c->stack[c->depth] = t;
      c->depth++;
      for (guint i = 0; i < t->n_fields; i++)
        {
          c->stack_idx[c->depth - 1] = i;
          if (!resolve_refs (c, t->fields[i].type))
            break;
        }
      c->depth--;
    }
  if (t->elem != NULL)
    resolve_refs (c, t->elem);
  return !c->failed;
}

gboolean
ctf_plan_resolve_scope (Compiler *c, int scope)
{
  c->cur_scope = scope;
  c->depth = 0;
  return resolve_refs (c, c->scopes[scope]);
}
