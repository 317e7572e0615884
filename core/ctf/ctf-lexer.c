/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ctf-lexer.c: the TSDL tokenizer (comments, literals with escapes,
 * integer constants with overflow checks). */
#include "config.h"

#include "ctf-lexer.h"

#include <lttv/error.h>
#include <string.h>

/* Character classes, so that the scanning loops test one table entry per
 * byte instead of a chain of compares. */
enum { C_SPACE = 1, C_IDENT = 2, C_DIGIT = 4, C_PUNCT = 8 };

static const uint8_t *
char_classes (void)
{
  static uint8_t classes[256];
  static gsize done = 0;
  if (g_once_init_enter (&done))
    {
      for (guint c = 0; c < 256; c++)
        {
          if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'
              || c == '\0')   /* NUL: padding of packetized metadata */
            classes[c] |= C_SPACE;
          if (g_ascii_isalnum (c) || c == '_')
            classes[c] |= C_IDENT;
          if (g_ascii_isdigit (c))
            classes[c] |= C_DIGIT;
          if (c != 0 && strchr ("{}[]()<>;,:=.*+-", (int) c) != NULL)
            classes[c] |= C_PUNCT;
        }
      g_once_init_leave (&done, 1);
    }
  return classes;
}

void
ctf_lexer_init (CtfLexer *lx, const char *text, gsize len, const char *path)
{
  memset (lx, 0, sizeof *lx);
  lx->p = text;
  lx->end = text + len;
  lx->line = 1;
  lx->path = path;
  lx->classes = char_classes ();
  lx->tok.text = g_string_new (NULL);
  lx->peek.text = g_string_new (NULL);
}

void
ctf_lexer_clear (CtfLexer *lx)
{
  g_string_free (lx->tok.text, TRUE);
  g_string_free (lx->peek.text, TRUE);
}

static gboolean
lex_error (CtfLexer *lx, GError **error, const char *what)
{
  g_set_error (error, LTTV_ERROR, LTTV_ERROR_METADATA,
               "%s: metadata line %d: %s", lx->path, lx->line, what);
  return FALSE;
}

static gboolean
skip_space (CtfLexer *lx, GError **error)
{
  const uint8_t *cls = lx->classes;
  const char *p = lx->p, *end = lx->end;
  while (p < end)
    {
      char c = *p;
      if (cls[(uint8_t) c] & C_SPACE)
        p++;
      else if (c == '\n')
        {
          lx->line++;
          p++;
        }
      else if (c == '/' && p + 1 < end && p[1] == '*')
        {
          const char *q = p + 2;
          for (; q + 1 < end && !(q[0] == '*' && q[1] == '/'); q++)
            if (*q == '\n')
              lx->line++;
          if (q + 1 >= end)
            {
              lx->p = p;
              return lex_error (lx, error, "unterminated comment");
            }
          p = q + 2;
        }
      else if (c == '/' && p + 1 < end && p[1] == '/')
        {
          while (p < end && *p != '\n')
            p++;
        }
      else
        break;
    }
  lx->p = p;
  return TRUE;
}

/* The token's text becomes `n` bytes at `s` (its buffer is reused). */
static void
set_text (CtfToken *t, const char *s, gsize n)
{
  if (n >= t->text->allocated_len)
    g_string_set_size (t->text, n);
  memcpy (t->text->str, s, n);
  t->text->str[n] = '\0';
  t->text->len = n;
}

static int
hexval (char c)
{
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

/* One escape sequence after the backslash; appends its byte. */
static gboolean
lex_escape (CtfLexer *lx, GString *out, GError **error)
{
  if (lx->p >= lx->end)
    return lex_error (lx, error, "unterminated escape sequence");
  char c = *lx->p++;
  switch (c)
    {
    case 'a': g_string_append_c (out, '\a'); return TRUE;
    case 'b': g_string_append_c (out, '\b'); return TRUE;
    case 'f': g_string_append_c (out, '\f'); return TRUE;
    case 'n': g_string_append_c (out, '\n'); return TRUE;
    case 'r': g_string_append_c (out, '\r'); return TRUE;
    case 't': g_string_append_c (out, '\t'); return TRUE;
    case 'v': g_string_append_c (out, '\v'); return TRUE;
    case 'e': g_string_append_c (out, '\033'); return TRUE;
    case '\\': case '\'': case '"': case '?':
      g_string_append_c (out, c);
      return TRUE;
    case 'x':
      {
        int v = 0, n = 0;
        /* up to three digits, as babeltrace2 reads them */
        while (lx->p < lx->end && n < 3 && hexval (*lx->p) >= 0)
          v = v * 16 + hexval (*lx->p++), n++;
        if (n == 0)
          return lex_error (lx, error, "invalid \\x escape sequence");
        g_string_append_c (out, (char) v);
        return TRUE;
      }
    default:
      if (c >= '0' && c <= '7')
        {
          int v = c - '0', n = 1;
          while (lx->p < lx->end && n < 3 && *lx->p >= '0' && *lx->p <= '7')
            v = v * 8 + (*lx->p++ - '0'), n++;
          g_string_append_c (out, (char) v);
          return TRUE;
        }
      return lex_error (lx, error, "invalid escape sequence in a literal");
    }
}

static gboolean
lex_number (CtfLexer *lx, CtfToken *t, GError **error)
{
  const char *p = lx->p;
  uint64_t v = 0;
  unsigned base = 10;

  if (p[0] == '0' && p + 1 < lx->end && (p[1] == 'x' || p[1] == 'X'))
    {
      base = 16;
      p += 2;
    }
  else if (p[0] == '0')
    base = 8;
  const char *digits = p;
  for (; p < lx->end; p++)
    {
      int d = hexval (*p);
      if (d < 0 || (unsigned) d >= base)
        break;
      if (v > (UINT64_MAX - (unsigned) d) / base)
        return lex_error (lx, error, "integer constant out of range (more "
                          "than 64 bits)");
      v = v * base + (unsigned) d;
    }
  if (base == 16 && p == digits)
    return lex_error (lx, error, "invalid hexadecimal constant");
  if (p < lx->end && (g_ascii_isdigit (*p)))
    return lex_error (lx, error, "invalid digit in an octal constant");
  /* integer suffixes: U, L, UL, LL, ULL... */
  while (p < lx->end && (*p == 'u' || *p == 'U' || *p == 'l' || *p == 'L'))
    p++;
  if (p < lx->end && (g_ascii_isalpha (*p) || *p == '_'))
    return lex_error (lx, error, "invalid integer constant");
  t->kind = CTF_TOK_INT;
  t->u = v;
  lx->p = p;
  return TRUE;
}

static gboolean
lex_token (CtfLexer *lx, CtfToken *t, GError **error)
{
  if (!skip_space (lx, error))
    return FALSE;
  t->line = lx->line;
  t->text->len = 0;
  t->text->str[0] = '\0';
  if (lx->p >= lx->end)
    {
      t->kind = CTF_TOK_EOF;
      return TRUE;
    }
  const uint8_t *cls = lx->classes;
  char c = *lx->p;
  uint8_t k = cls[(uint8_t) c];
  if ((k & (C_IDENT | C_DIGIT)) == C_IDENT)
    {
      const char *s = lx->p, *p = s + 1, *end = lx->end;
      while (p < end && (cls[(uint8_t) *p] & C_IDENT))
        p++;
      lx->p = p;
      t->kind = CTF_TOK_IDENT;
      set_text (t, s, (gsize) (p - s));
      return TRUE;
    }
  if (k & C_DIGIT)
    return lex_number (lx, t, error);
  if (c == '"')
    {
      lx->p++;
      t->kind = CTF_TOK_STRING;
      for (;;)
        {
          if (lx->p >= lx->end || *lx->p == '\n')
            return lex_error (lx, error, "unterminated string literal");
          c = *lx->p++;
          if (c == '"')
            break;
          if (c == '\\')
            {
              if (!lex_escape (lx, t->text, error))
                return FALSE;
            }
          else
            g_string_append_c (t->text, c);
        }
      return TRUE;
    }
  if (c == '\'')
    {
      GString *tmp = t->text;
      lx->p++;
      if (lx->p < lx->end && *lx->p == '\\')
        {
          lx->p++;
          if (!lex_escape (lx, tmp, error))
            return FALSE;
        }
      else if (lx->p < lx->end)
        g_string_append_c (tmp, *lx->p++);
      if (lx->p >= lx->end || *lx->p != '\'' || tmp->len != 1)
        return lex_error (lx, error, "invalid character literal");
      lx->p++;
      t->kind = CTF_TOK_CHAR_LIT;
      t->u = (unsigned char) tmp->str[0];
      return TRUE;
    }
  if (c == ':' && lx->p + 1 < lx->end && lx->p[1] == '=')
    {
      lx->p += 2;
      t->kind = CTF_TOK_TYPE_ASSIGN;
      return TRUE;
    }
  if (c == '.' && lx->p + 2 < lx->end && lx->p[1] == '.' && lx->p[2] == '.')
    {
      lx->p += 3;
      t->kind = CTF_TOK_ELLIPSIS;
      return TRUE;
    }
  if (k & C_PUNCT)
    {
      lx->p++;
      t->kind = CTF_TOK_PUNCT;
      t->c = c;
      return TRUE;
    }
  {
    char msg[64];
    if (g_ascii_isprint (c))
      g_snprintf (msg, sizeof msg, "unexpected character '%c'", c);
    else
      g_snprintf (msg, sizeof msg, "unexpected byte 0x%02x",
                  (unsigned) (unsigned char) c);
    return lex_error (lx, error, msg);
  }
}

/* The look-ahead becomes the token: their texts change hands, no copy. */
static void
tok_move (CtfToken *dst, CtfToken *src)
{
  GString *spare = dst->text;
  *dst = *src;
  src->text = spare;
}

gboolean
ctf_lexer_next (CtfLexer *lx, GError **error)
{
  if (lx->has_peek)
    {
      lx->has_peek = FALSE;
      tok_move (&lx->tok, &lx->peek);
      return TRUE;
    }
  return lex_token (lx, &lx->tok, error);
}

const CtfToken *
ctf_lexer_peek (CtfLexer *lx, GError **error)
{
  if (!lx->has_peek)
    {
      int line = lx->line;
      if (!lex_token (lx, &lx->peek, error))
        return NULL;
      (void) line;
      lx->has_peek = TRUE;
    }
  return &lx->peek;
}
