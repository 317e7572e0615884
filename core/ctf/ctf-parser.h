/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ctf-parser.h: what the parts of the TSDL parser share: the parser's
 * state, tokens, scopes and values (ctf-parser.c), the type specifiers
 * (ctf-parser-types.c, ctf-parser-compound.c) and the declarators
 * (ctf-parser-decl.c). Internal to the metadata parser. */
#pragma once

#include "ctf-lexer.h"
#include "ctf-types.h"

#define CTF_NATIVE (-1)

#include <string.h>

/* strcmp (a, b) == 0, rejecting most other words on their first byte
 * without a call (b is usually a literal). */
static inline gboolean
ctf_streq (const char *a, const char *b)
{
  return a[0] == b[0] && strcmp (a, b) == 0;
}

typedef struct {
  CtfLexer lx;
  CtfTraceClass *tc;
  GPtrArray *scopes;       /* GHashTable*: name -> CtfType* */
  GError **error;
  gboolean failed;
  gboolean in_typedef;     /* sequences need a field to refer to */
  int body_depth;          /* structure and variant bodies being parsed */
  /* Lexical scope of paths (see CtfDeclScope): the structure or variant
   * body being parsed (a serial number, 0 outside any) and its members so
   * far; the scope of the type being named, NULL when none. */
  guint body_serial, body_id, last_body_id;
  GArray *body_fields;
  CtfDeclScope *decl;
  GHashTable *int_memo;    /* integer attribute text -> what it gave */
} Parser;

typedef enum { V_INT, V_STRING, V_PATH } ValueKind;

typedef struct {
  ValueKind kind;
  gboolean negative;
  uint64_t u;              /* magnitude */
  char *s;                 /* string or dotted path (g_free) */
  int line;
} Value;

#define TOK (&ps->lx.tok)

/* Errors (metadata line and what was expected) and tokens. */
gboolean ctf_p_fail_at (Parser *ps, int line, const char *fmt, ...)
  G_GNUC_PRINTF (3, 4);
gboolean ctf_p_next (Parser *ps);
gboolean ctf_p_is_punct (Parser *ps, char c);
static inline gboolean
ctf_p_is_ident (Parser *ps, const char *s)
{
  return TOK->kind == CTF_TOK_IDENT && ctf_streq (TOK->text->str, s);
}
const char *ctf_p_tok_desc (Parser *ps);
gboolean ctf_p_expect_punct (Parser *ps, char c);

/* Scopes of type names. */
void ctf_p_push_scope (Parser *ps);
void ctf_p_pop_scope (Parser *ps);
CtfType *ctf_p_lookup_type (Parser *ps, const char *name);
gboolean ctf_p_register_type (Parser *ps, const char *name, CtfType *t,
                              int line);

/* Values of attributes: on failure nothing is left to free. */
gboolean ctf_p_parse_value (Parser *ps, Value *v);
void ctf_p_value_clear (Value *v);
gboolean ctf_p_value_uint (Parser *ps, const Value *v, const char *what,
                           uint64_t *out);
gboolean ctf_p_value_int (Parser *ps, const Value *v, const char *what,
                          int64_t *out);
gboolean ctf_p_value_bool (Parser *ps, const Value *v, const char *what,
                           gboolean *out);
gboolean ctf_p_value_byte_order (Parser *ps, const Value *v,
                                 gboolean allow_native, int *out);

/* Types (ctf-parser-types.c). */
gboolean ctf_p_is_type_keyword (const char *s);
gboolean ctf_p_is_reserved (const char *s);
CtfType *ctf_p_parse_type_spec (Parser *ps);

/* Compound types, after their keyword (ctf-parser-compound.c). */
CtfType *ctf_p_parse_struct (Parser *ps);
CtfType *ctf_p_parse_variant (Parser *ps);
CtfType *ctf_p_parse_enum (Parser *ps);

/* Declarators, named types and structure bodies (ctf-parser-decl.c). */
gboolean ctf_p_parse_typealias (Parser *ps);
gboolean ctf_p_parse_typedef (Parser *ps);
gboolean ctf_p_parse_struct_body (Parser *ps, GArray *fields);
