/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ctf-lexer.h: TSDL tokens. */
#pragma once

#include <glib.h>
#include <stdint.h>

typedef enum {
  CTF_TOK_EOF,
  CTF_TOK_IDENT,
  CTF_TOK_INT,          /* value in `u`, never negative (see '-') */
  CTF_TOK_STRING,       /* unescaped text in `text` */
  CTF_TOK_CHAR_LIT,     /* 'c': value in `u` */
  CTF_TOK_TYPE_ASSIGN,  /* := */
  CTF_TOK_ELLIPSIS,     /* ... */
  CTF_TOK_PUNCT,        /* one character in `c` */
} CtfTokKind;

typedef struct {
  CtfTokKind kind;
  char c;
  uint64_t u;
  GString *text;        /* identifier or string */
  int line;
} CtfToken;

typedef struct {
  const char *p, *end;
  int line;
  const char *path;
  const uint8_t *classes;  /* per byte: C_* of ctf-lexer.c */
  CtfToken tok;         /* current token */
  CtfToken peek;        /* one token of look-ahead */
  gboolean has_peek;
} CtfLexer;

void ctf_lexer_init (CtfLexer *lx, const char *text, gsize len,
                     const char *path);
void ctf_lexer_clear (CtfLexer *lx);
/* Reads the next token into lx->tok. */
gboolean ctf_lexer_next (CtfLexer *lx, GError **error);
/* The token after lx->tok, without consuming it. */
const CtfToken *ctf_lexer_peek (CtfLexer *lx, GError **error);
