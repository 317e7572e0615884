/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ctf-parser.c: the TSDL (CTF 1.8 metadata) parser. A recursive descent
 * over ctf-lexer's tokens that builds the type model and the trace class
 * directly, with scopes for typealias, typedef and named compound types.
 * This file: tokens, scopes, values, and the trace/env/clock/stream/event
 * blocks; ctf-parser-types.c, -compound.c and -decl.c parse the types. */
#include "config.h"

#include "ctf-parser.h"

#include <lttv/error.h>
#include <string.h>

/* --- Errors and tokens ---------------------------------------------------- */


gboolean
ctf_p_fail_at (Parser *ps, int line, const char *fmt, ...)
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


gboolean
ctf_p_next (Parser *ps)
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

gboolean
ctf_p_is_punct (Parser *ps, char c)
{
  return TOK->kind == CTF_TOK_PUNCT && TOK->c == c;
}

const char *
ctf_p_tok_desc (Parser *ps)
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

gboolean
ctf_p_expect_punct (Parser *ps, char c)
{
  if (ps->failed)
    return FALSE;
  if (!ctf_p_is_punct (ps, c))
    return ctf_p_fail_at (ps, TOK->line, "expected '%c', found %s", c,
                    ctf_p_tok_desc (ps));
  return ctf_p_next (ps);
}

/* --- Scopes --------------------------------------------------------------- */

void
ctf_p_push_scope (Parser *ps)
{
  /* most scopes declare nothing: their table is made on first use */
  g_ptr_array_add (ps->scopes, NULL);
}

void
ctf_p_pop_scope (Parser *ps)
{
  g_ptr_array_remove_index (ps->scopes, ps->scopes->len - 1);
}

CtfType *
ctf_p_lookup_type (Parser *ps, const char *name)
{
  for (guint i = ps->scopes->len; i-- > 0;)
    {
      CtfType *t = ps->scopes->pdata[i] == NULL ? NULL
                   : g_hash_table_lookup (ps->scopes->pdata[i], name);
      if (t != NULL)
        return t;
    }
  return NULL;
}

gboolean
ctf_p_register_type (Parser *ps, const char *name, CtfType *t, int line)
{
  GHashTable *scope = ps->scopes->pdata[ps->scopes->len - 1];
  if (scope == NULL)
    {
      scope = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      ps->scopes->pdata[ps->scopes->len - 1] = scope;
    }
  t->named = TRUE;
  if (g_hash_table_contains (scope, name))
    return ctf_p_fail_at (ps, line, "type '%s' declared twice in the same scope",
                    name);
  g_hash_table_insert (scope, g_strdup (name), t);
  return TRUE;
}

/* --- Values ---------------------------------------------------------------- */

static gboolean parse_value_inner (Parser *ps, Value *v);

/* A value; on failure nothing is left to free. */
gboolean
ctf_p_parse_value (Parser *ps, Value *v)
{
  if (parse_value_inner (ps, v))
    return TRUE;
  ctf_p_value_clear (v);
  return FALSE;
}

static gboolean
parse_value_inner (Parser *ps, Value *v)
{
  memset (v, 0, sizeof *v);
  v->line = TOK->line;
  if (ctf_p_is_punct (ps, '-') || ctf_p_is_punct (ps, '+'))
    {
      v->negative = ctf_p_is_punct (ps, '-');
      if (!ctf_p_next (ps))
        return FALSE;
      if (TOK->kind != CTF_TOK_INT)
        return ctf_p_fail_at (ps, TOK->line, "expected a number after the sign");
    }
  switch (TOK->kind)
    {
    case CTF_TOK_INT:
    case CTF_TOK_CHAR_LIT:
      v->kind = V_INT;
      v->u = TOK->u;
      return ctf_p_next (ps);
    case CTF_TOK_STRING:
      v->kind = V_STRING;
      v->s = g_strdup (TOK->text->str);
      return ctf_p_next (ps);
    case CTF_TOK_IDENT:
      {
        GString *path = g_string_new (TOK->text->str);
        v->kind = V_PATH;
        if (!ctf_p_next (ps))
          {
            g_string_free (path, TRUE);
            return FALSE;
          }
        while (ctf_p_is_punct (ps, '.'))
          {
            if (!ctf_p_next (ps))
              break;
            if (TOK->kind != CTF_TOK_IDENT)
              {
                g_string_free (path, TRUE);
                return ctf_p_fail_at (ps, TOK->line, "expected a name after '.'");
              }
            g_string_append_c (path, '.');
            g_string_append (path, TOK->text->str);
            if (!ctf_p_next (ps))
              break;
          }
        v->s = g_string_free (path, FALSE);
        return !ps->failed;
      }
    default:
      return ctf_p_fail_at (ps, TOK->line, "expected a value, found %s",
                      ctf_p_tok_desc (ps));
    }
}

void
ctf_p_value_clear (Value *v)
{
  g_free (v->s);
  v->s = NULL;
}

gboolean
ctf_p_value_uint (Parser *ps, const Value *v, const char *what, uint64_t *out)
{
  if (v->kind != V_INT || v->negative)
    return ctf_p_fail_at (ps, v->line, "%s: expected an unsigned integer", what);
  *out = v->u;
  return TRUE;
}

gboolean
ctf_p_value_int (Parser *ps, const Value *v, const char *what, int64_t *out)
{
  if (v->kind != V_INT)
    return ctf_p_fail_at (ps, v->line, "%s: expected an integer", what);
  if (v->negative)
    {
      if (v->u > (uint64_t) INT64_MAX + 1)
        return ctf_p_fail_at (ps, v->line, "%s: integer out of range", what);
      *out = (int64_t) (0 - v->u);
    }
  else
    {
      if (v->u > (uint64_t) INT64_MAX)
        return ctf_p_fail_at (ps, v->line, "%s: integer out of range", what);
      *out = (int64_t) v->u;
    }
  return TRUE;
}

gboolean
ctf_p_value_bool (Parser *ps, const Value *v, const char *what, gboolean *out)
{
  if (v->kind == V_INT && !v->negative && v->u <= 1)
    *out = v->u == 1;
  else if (v->kind == V_PATH && (ctf_streq (v->s, "true")
                                 || ctf_streq (v->s, "TRUE")))
    *out = TRUE;
  else if (v->kind == V_PATH && (ctf_streq (v->s, "false")
                                 || ctf_streq (v->s, "FALSE")))
    *out = FALSE;
  else
    return ctf_p_fail_at (ps, v->line, "%s: expected true or false", what);
  return TRUE;
}

gboolean
ctf_p_value_byte_order (Parser *ps, const Value *v, gboolean allow_native,
                  int *out)
{
  if (v->kind == V_PATH)
    {
      if (ctf_streq (v->s, "le") || ctf_streq (v->s, "little_endian"))
        {
          *out = CTF_LE;
          return TRUE;
        }
      if (ctf_streq (v->s, "be") || ctf_streq (v->s, "big_endian")
          || ctf_streq (v->s, "network"))
        {
          *out = CTF_BE;
          return TRUE;
        }
      if (allow_native && ctf_streq (v->s, "native"))
        {
          *out = CTF_NATIVE;
          return TRUE;
        }
    }
  return ctf_p_fail_at (ps, v->line, "invalid byte_order: expected le, be%s",
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
  if (b->kind == B_TRACE && ctf_streq (key, "packet.header"))
    ps->tc->packet_header = t;
  else if (b->kind == B_STREAM && ctf_streq (key, "packet.context"))
    b->sc->packet_context = t;
  else if (b->kind == B_STREAM && ctf_streq (key, "event.header"))
    b->sc->event_header = t;
  else if (b->kind == B_STREAM && ctf_streq (key, "event.context"))
    b->sc->event_context = t;
  else if (b->kind == B_EVENT && ctf_streq (key, "context"))
    b->ec->context = t;
  else if (b->kind == B_EVENT && ctf_streq (key, "fields"))
    b->ec->fields = t;
  else
    return TRUE;    /* unknown assignments are ignored, as babeltrace2 does */
  if (t->kind != CTF_T_STRUCT)
    return ctf_p_fail_at (ps, line, "'%s' must be a structure", key);
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
      if (ctf_streq (key, "major") || ctf_streq (key, "minor"))
        {
          if (!ctf_p_value_uint (ps, v, key, &u))
            return FALSE;
          if (key[1] == 'a')
            tc->major = (guint) u, b->seen_major = TRUE;
          else
            tc->minor = (guint) u, b->seen_minor = TRUE;
        }
      else if (ctf_streq (key, "uuid"))
        {
          if (v->kind != V_STRING || !parse_uuid (v->s, tc->uuid))
            return ctf_p_fail_at (ps, v->line, "invalid trace uuid");
          tc->has_uuid = TRUE;
        }
      else if (ctf_streq (key, "byte_order"))
        return ctf_p_value_byte_order (ps, v, FALSE, &tc->byte_order);
      return TRUE;
    case B_ENV:
      {
        CtfEnvEntry *e = ctf_alloc (tc, sizeof *e);
        e->key = ctf_strdup (tc, key);
        if (v->kind == V_INT)
          {
            if (!ctf_p_value_int (ps, v, key, &e->i))
              return FALSE;
            e->is_int = TRUE;
          }
        else
          e->s = ctf_strdup (tc, v->s);
        for (guint i = 0; i < tc->env->len; i++)
          if (ctf_streq (((CtfEnvEntry *) tc->env->pdata[i])->key, key))
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
        if (ctf_streq (key, "name"))
          {
            if (v->kind == V_INT)
              return ctf_p_fail_at (ps, v->line, "invalid clock name");
            c->name = ctf_strdup (tc, v->s);
          }
        else if (ctf_streq (key, "freq"))
          {
            if (!ctf_p_value_uint (ps, v, key, &c->freq))
              return FALSE;
            if (c->freq == 0)
              return ctf_p_fail_at (ps, v->line, "clock frequency of 0");
          }
        else if (ctf_streq (key, "offset_s"))
          return ctf_p_value_int (ps, v, key, &c->offset_s);
        else if (ctf_streq (key, "offset"))
          {
            int64_t off;
            if (!ctf_p_value_int (ps, v, key, &off))
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
        else if (ctf_streq (key, "absolute"))
          return ctf_p_value_bool (ps, v, key, &c->absolute);
        else if (ctf_streq (key, "description"))
          {
            if (v->kind != V_STRING)
              return ctf_p_fail_at (ps, v->line, "invalid clock description");
            c->description = ctf_strdup (tc, v->s);
          }
        else if (ctf_streq (key, "uuid"))
          {
            if (v->kind != V_STRING || !parse_uuid (v->s, c->uuid))
              return ctf_p_fail_at (ps, v->line, "invalid clock uuid");
            c->has_uuid = TRUE;
            c->uid = ctf_strdup (tc, v->s);
          }
        else if (ctf_streq (key, "precision"))
          {
            /* only shown: a value of another kind is left out, as it
               was before it was shown */
            if (v->kind == V_INT && !v->negative)
              {
                c->precision = v->u;
                c->has_precision = TRUE;
              }
          }
        return TRUE;
      }
    case B_STREAM:
      if (ctf_streq (key, "id"))
        {
          if (!ctf_p_value_uint (ps, v, key, &b->sc->id))
            return FALSE;
          b->sc->has_id = TRUE;
        }
      return TRUE;
    case B_EVENT:
      if (ctf_streq (key, "name"))
        {
          if (v->kind == V_INT)
            return ctf_p_fail_at (ps, v->line, "invalid event name");
          b->ec->name = ctf_strdup (tc, v->s);
          b->seen_name = TRUE;
        }
      else if (ctf_streq (key, "id"))
        {
          if (!ctf_p_value_uint (ps, v, key, &b->ec->id))
            return FALSE;
          b->seen_id = TRUE;
        }
      else if (ctf_streq (key, "stream_id"))
        {
          b->ec->has_stream_id = TRUE;
          return ctf_p_value_uint (ps, v, key, &b->ec->stream_id);
        }
      else if (ctf_streq (key, "loglevel"))
        {
          if (!ctf_p_value_int (ps, v, key, &b->ec->loglevel))
            return FALSE;
          b->ec->has_loglevel = TRUE;
        }
      else if (ctf_streq (key, "model.emf.uri"))
        {
          if (v->kind != V_STRING)
            return ctf_p_fail_at (ps, v->line, "invalid model.emf.uri");
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
  if (!ctf_p_next (ps) || !ctf_p_expect_punct (ps, '{'))
    return FALSE;
  ctf_p_push_scope (ps);
  /* each attribute's dotted name, in one buffer */
  g_autoptr (GString) key = g_string_sized_new (64);
  while (!ps->failed && !ctf_p_is_punct (ps, '}'))
    {
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
      if (TOK->kind != CTF_TOK_IDENT)
        {
          ctf_p_fail_at (ps, TOK->line, "expected an attribute, found %s",
                   ctf_p_tok_desc (ps));
          break;
        }
      const CtfToken *pk = ctf_lexer_peek (&ps->lx, ps->error);
      if (pk == NULL)
        {
          ps->failed = TRUE;
          break;
        }
      if ((ctf_p_is_ident (ps, "struct") || ctf_p_is_ident (ps, "variant")
           || ctf_p_is_ident (ps, "enum")) && !(pk->kind == CTF_TOK_PUNCT
                                          && pk->c == '.'))
        {
          /* a named type declared inside a block */
          if (ctf_p_parse_type_spec (ps) == NULL)
            break;
          ctf_p_expect_punct (ps, ';');
          continue;
        }
      g_string_assign (key, TOK->text->str);
      int kline = TOK->line;
      ctf_p_next (ps);
      while (!ps->failed && ctf_p_is_punct (ps, '.'))
        {
          if (!ctf_p_next (ps))
            break;
          if (TOK->kind != CTF_TOK_IDENT)
            {
              ctf_p_fail_at (ps, TOK->line, "expected a name after '.'");
              break;
            }
          g_string_append_c (key, '.');
          g_string_append (key, TOK->text->str);
          ctf_p_next (ps);
        }
      if (!ps->failed && TOK->kind == CTF_TOK_TYPE_ASSIGN)
        {
          CtfType *t;
          if (ctf_p_next (ps) && (t = ctf_p_parse_type_spec (ps)) != NULL)
            block_type (ps, &b, key->str, t, kline);
        }
      else if (!ps->failed && ctf_p_is_punct (ps, '='))
        {
          Value v;
          if (ctf_p_next (ps) && ctf_p_parse_value (ps, &v))
            {
              block_value (ps, &b, key->str, &v);
              ctf_p_value_clear (&v);
            }
        }
      else if (!ps->failed)
        ctf_p_fail_at (ps, TOK->line, "expected '=' or ':=' after '%s', found %s",
                 key->str, ctf_p_tok_desc (ps));
      ctf_p_expect_punct (ps, ';');
    }
  ctf_p_pop_scope (ps);
  if (ps->failed || !ctf_p_next (ps) || !ctf_p_expect_punct (ps, ';'))
    return FALSE;

  switch (kind)
    {
    case B_TRACE:
      if (!b.seen_major || !b.seen_minor)
        return ctf_p_fail_at (ps, line, "trace block without major and minor "
                        "version");
      if (tc->major != 1 || tc->minor != 8)
        return ctf_p_fail_at (ps, line, "unsupported CTF version %u.%u (expected "
                        "1.8)", tc->major, tc->minor);
      break;
    case B_CLOCK:
      if (b.clock->name == NULL)
        return ctf_p_fail_at (ps, line, "clock without a name");
      if (ctf_trace_class_clock (tc, b.clock->name) != NULL)
        return ctf_p_fail_at (ps, line, "clock '%s' declared twice",
                        b.clock->name);
      g_ptr_array_add (tc->clocks, b.clock);
      break;
    case B_STREAM:
      for (guint i = 0; i < tc->streams->len; i++)
        {
          CtfStreamClass *o = tc->streams->pdata[i];
          if (o->id == b.sc->id || !b.sc->has_id || !o->has_id)
            return ctf_p_fail_at (ps, line, "stream class %" G_GUINT64_FORMAT
                            " declared twice (or several streams without "
                            "an id)", b.sc->id);
        }
      g_ptr_array_add (tc->streams, b.sc);
      break;
    case B_EVENT:
      if (!b.seen_name)
        return ctf_p_fail_at (ps, line, "event without a name");
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
      if (ctf_p_is_ident (ps, "typealias"))
        ctf_p_parse_typealias (ps);
      else if (ctf_p_is_ident (ps, "typedef"))
        ctf_p_parse_typedef (ps);
      else if (TOK->kind == CTF_TOK_IDENT)
        {
          const CtfToken *pk = ctf_lexer_peek (&ps->lx, ps->error);
          if (pk == NULL)
            return FALSE;
          gboolean brace = pk->kind == CTF_TOK_PUNCT && pk->c == '{';
          if (brace && ctf_p_is_ident (ps, "trace"))
            parse_block (ps, B_TRACE);
          else if (brace && ctf_p_is_ident (ps, "env"))
            parse_block (ps, B_ENV);
          else if (brace && ctf_p_is_ident (ps, "clock"))
            parse_block (ps, B_CLOCK);
          else if (brace && ctf_p_is_ident (ps, "stream"))
            parse_block (ps, B_STREAM);
          else if (brace && ctf_p_is_ident (ps, "event"))
            parse_block (ps, B_EVENT);
          else if (brace && ctf_p_is_ident (ps, "callsite"))
            parse_block (ps, B_OTHER);
          else
            {
              int line = TOK->line;
              CtfType *t = ctf_p_parse_type_spec (ps);
              if (t == NULL)
                break;
              if (ctf_p_is_ident (ps, "struct") || ctf_p_is_ident (ps, "variant")
                  || ctf_p_is_ident (ps, "enum") || ctf_p_is_ident (ps, "typealias")
                  || ctf_p_is_ident (ps, "typedef"))
                continue;   /* tolerated: a missing ';' between types */
              if (!ctf_p_is_punct (ps, ';'))
                {
                  ctf_p_fail_at (ps, line, "expected ';' after a type "
                           "declaration, found %s", ctf_p_tok_desc (ps));
                  break;
                }
              ctf_p_next (ps);
            }
        }
      else
        ctf_p_fail_at (ps, TOK->line, "expected a declaration, found %s",
                 ctf_p_tok_desc (ps));
    }
  return !ps->failed;
}

static void
free_scope (gpointer table)
{
  if (table != NULL)
    g_hash_table_unref (table);
}

gboolean
ctf_metadata_parse (CtfTraceClass *tc, const char *text, gsize len,
                    const char *path, GError **error)
{
  Parser ps = { .tc = tc, .error = error };
  ctf_lexer_init (&ps.lx, text, len, path);
  ps.scopes = g_ptr_array_new_with_free_func (free_scope);
  ctf_p_push_scope (&ps);
  gboolean ok = ctf_p_next (&ps) && parse_top (&ps);
  tc->last_line = ps.lx.line;
  g_ptr_array_free (ps.scopes, TRUE);
  g_clear_pointer (&ps.int_memo, g_hash_table_unref);
  ctf_lexer_clear (&ps.lx);
  return ok;
}
