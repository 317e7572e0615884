/* SPDX-License-Identifier: GPL-2.0-or-later */
/* filter-lexer.c: splits a filter expression into tokens. */
#include "config.h"

#include <string.h>

#include "filter-private.h"

void
filter_lexer_init (FilterLexer *lx, const char *expression)
{
  lx->expression = expression;
  lx->p = expression;
}

void
filter_token_clear (FilterToken *tok)
{
  g_clear_pointer (&tok->text, g_free);
}

static void
set_error (FilterToken *tok, const char *message)
{
  tok->kind = TOK_ERROR;
  tok->text = g_strdup (message);
}

static gboolean
is_name_char (char c, gboolean first)
{
  return g_ascii_isalpha (c) || c == '_' || (!first && (g_ascii_isdigit (c) || c == '.'));
}

static void
lex_string (FilterLexer *lx, FilterToken *tok)
{
  GString *s = g_string_new (NULL);
  const char *p = lx->p + 1;

  for (; *p != '\0' && *p != '"'; p++)
    {
      if (*p != '\\')
        {
          g_string_append_c (s, *p);
          continue;
        }
      p++;
      switch (*p)
        {
        case 'n': g_string_append_c (s, '\n'); break;
        case 't': g_string_append_c (s, '\t'); break;
        case '"': case '\\': g_string_append_c (s, *p); break;
        case '\0': p--; break;
        default:
          /* Unknown escapes stay as written: regular expressions need them. */
          g_string_append_c (s, '\\');
          g_string_append_c (s, *p);
        }
    }
  if (*p != '"')
    {
      g_string_free (s, TRUE);
      set_error (tok, "unterminated string: expected a closing '\"'");
      return;
    }
  tok->kind = TOK_STRING;
  tok->text = g_string_free (s, FALSE);
  lx->p = p + 1;
}

/* Reads a decimal, hex or seconds (with '.') number. */
static void
lex_number (FilterLexer *lx, FilterToken *tok)
{
  const char *p = lx->p;
  uint64_t v = 0;

  tok->kind = TOK_NUMBER;
  if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
    {
      p += 2;
      if (!g_ascii_isxdigit (*p))
        {
          set_error (tok, "expected hexadecimal digits after '0x'");
          return;
        }
      for (; g_ascii_isxdigit (*p); p++)
        {
          if (v > UINT64_MAX >> 4)
            {
              set_error (tok, "number too large (more than 64 bits)");
              return;
            }
          v = v << 4 | (uint64_t) g_ascii_xdigit_value (*p);
        }
    }
  else
    {
      for (; g_ascii_isdigit (*p); p++)
        {
          uint64_t d = (uint64_t) (*p - '0');
          if (v > (UINT64_MAX - d) / 10)
            {
              set_error (tok, "number too large (more than 64 bits)");
              return;
            }
          v = v * 10 + d;
        }
      if (*p == '.')
        {
          uint64_t ns = 0;
          int digits = 0;
          for (p++; g_ascii_isdigit (*p); p++, digits++)
            if (digits < 9)
              ns = ns * 10 + (uint64_t) (*p - '0');
          for (; digits < 9; digits++)
            ns *= 10;
          if (v > (UINT64_MAX - ns) / 1000000000u)
            {
              set_error (tok, "time too large");
              return;
            }
          tok->is_seconds = TRUE;
          tok->seconds_ns = v * 1000000000u + ns;
        }
    }
  if (is_name_char (*p, TRUE))
    {
      set_error (tok, "unexpected letter in a number");
      return;
    }
  tok->number = filter_number_from_uint (v);
  lx->p = p;
}

void
filter_lexer_next (FilterLexer *lx, FilterToken *tok)
{
  static const struct { const char *text; FilterTokenKind kind; } ops[] = {
    { "&&", TOK_AND }, { "||", TOK_OR }, { "==", TOK_EQ }, { "!=", TOK_NE },
    { "<=", TOK_LE }, { ">=", TOK_GE }, { "=~", TOK_MATCH }, { "!~", TOK_NOMATCH },
    { "<", TOK_LT }, { ">", TOK_GT }, { "!", TOK_NOT }, { "(", TOK_LPAREN },
    { ")", TOK_RPAREN }, { "=", TOK_EQ },
  };
  const char *start;

  memset (tok, 0, sizeof *tok);
  while (g_ascii_isspace (*lx->p))
    lx->p++;
  start = lx->p;
  tok->column = (int) (start - lx->expression);

  if (*start == '\0')
    tok->kind = TOK_END;
  else if (*start == '"')
    lex_string (lx, tok);
  else if (g_ascii_isdigit (*start))
    lex_number (lx, tok);
  else if (*start == '-' && g_ascii_isdigit (start[1]))
    {
      lx->p++;
      lex_number (lx, tok);
      if (tok->kind == TOK_NUMBER && tok->is_seconds)
        set_error (tok, "a time cannot be negative");
      else if (tok->kind == TOK_NUMBER)
        tok->number.negative = tok->number.magnitude != 0;
    }
  else if (*start == '+' && g_ascii_isdigit (start[1]))
    {
      /* `+S`: seconds from the traceset's begin, as on the command line */
      lx->p++;
      lex_number (lx, tok);
      if (tok->kind == TOK_NUMBER && !tok->is_seconds)
        {
          if (start[1] == '0' && (start[2] == 'x' || start[2] == 'X'))
            set_error (tok, "a time from the start is in seconds (+0.25)");
          else if (tok->number.magnitude > UINT64_MAX / 1000000000u)
            set_error (tok, "time too large");
          else
            {
              tok->is_seconds = TRUE;
              tok->seconds_ns = tok->number.magnitude * 1000000000u;
            }
        }
      tok->is_relative = tok->kind == TOK_NUMBER;
    }
  else if (is_name_char (*start, TRUE))
    {
      const char *p = start;
      while (is_name_char (*p, p == start))
        p++;
      tok->kind = TOK_NAME;
      tok->text = g_strndup (start, (gsize) (p - start));
      lx->p = p;
    }
  else
    {
      for (gsize i = 0; i < G_N_ELEMENTS (ops); i++)
        if (strncmp (start, ops[i].text, strlen (ops[i].text)) == 0)
          {
            tok->kind = ops[i].kind;
            lx->p += strlen (ops[i].text);
            break;
          }
      if (tok->kind == TOK_END)
        set_error (tok, "unexpected character");
    }
  tok->length = (int) (lx->p - start);
  if (tok->length == 0)
    tok->length = 1;
}

FilterNumber
filter_number_from_int (int64_t v)
{
  FilterNumber n = { v < 0, v < 0 ? (uint64_t) 0 - (uint64_t) v : (uint64_t) v };
  return n;
}

FilterNumber
filter_number_from_uint (uint64_t v)
{
  FilterNumber n = { FALSE, v };
  return n;
}

int
filter_number_compare (FilterNumber a, FilterNumber b)
{
  if (a.magnitude == 0 && b.magnitude == 0)
    return 0;
  if (a.negative != b.negative)
    return a.negative ? -1 : 1;
  if (a.magnitude == b.magnitude)
    return 0;
  return (a.magnitude < b.magnitude) != a.negative ? -1 : 1;
}
