/* SPDX-License-Identifier: GPL-2.0-or-later */
/* filter-parse.c: recursive-descent parser of the filter language.
 *
 *   or      := and ( "||" and )*
 *   and     := unary ( "&&" unary )*
 *   unary   := "!" unary | "(" or ")" | compare
 *   compare := value OP value         OP: == != < <= > >= =~ !~
 *   value   := NAME | NUMBER | STRING
 */
#include "config.h"

#include <string.h>

#include <lttv/error.h>

#include "filter-private.h"

typedef struct {
  FilterLexer lexer;
  FilterToken tok;          /* the current token, not yet consumed */
  GPtrArray *field_names;
  gboolean needs_threads;
  GError *error;
} Parser;

static void
fail_at (Parser *ps, int column, int length, const char *what)
{
  g_autoptr (GString) caret = g_string_new (NULL);

  if (ps->error != NULL)
    return;
  while ((int) caret->len < column)
    g_string_append_c (caret, ' ');
  g_string_append_c (caret, '^');
  for (int i = 1; i < length; i++)
    g_string_append_c (caret, '~');
  g_set_error (&ps->error, LTTV_ERROR, LTTV_ERROR_USAGE,
               "filter: column %d: %s\n  %s\n  %s", column + 1, what,
               ps->lexer.expression, caret->str);
}

static void
advance (Parser *ps)
{
  filter_token_clear (&ps->tok);
  filter_lexer_next (&ps->lexer, &ps->tok);
  if (ps->tok.kind == TOK_ERROR)
    fail_at (ps, ps->tok.column, ps->tok.length, ps->tok.text);
}

static FilterNode *
node_new (FilterNodeKind kind)
{
  FilterNode *node = g_new0 (FilterNode, 1);
  node->kind = kind;
  return node;
}

void
filter_node_free (FilterNode *node)
{
  if (node == NULL)
    return;
  filter_node_free (node->left);
  filter_node_free (node->right);
  g_free (node->a.text);
  g_free (node->b.text);
  if (node->regex != NULL)
    g_regex_unref (node->regex);
  if (node->glob != NULL)
    g_pattern_spec_free (node->glob);
  g_free (node);
}

static int
field_slot (Parser *ps, const char *name)
{
  for (guint i = 0; i < ps->field_names->len; i++)
    if (strcmp (ps->field_names->pdata[i], name) == 0)
      return (int) i;
  g_ptr_array_add (ps->field_names, g_strdup (name));
  return (int) ps->field_names->len - 1;
}

/* Builtin names first; anything else is an event field. */
static void
operand_from_name (Parser *ps, const char *name, FilterOperand *op)
{
  static const struct { const char *name; FilterOperandKind kind; LttvFilterThreadValue thread; } builtins[] = {
    { "name", OPERAND_NAME, 0 }, { "event.name", OPERAND_NAME, 0 },
    { "time", OPERAND_TIME, 0 }, { "event.time", OPERAND_TIME, 0 },
    { "cpu", OPERAND_CPU, 0 }, { "event.cpu", OPERAND_CPU, 0 },
    { "trace", OPERAND_TRACE, 0 },
    { "tid", OPERAND_THREAD, LTTV_FILTER_THREAD_TID },
    { "pid", OPERAND_THREAD, LTTV_FILTER_THREAD_PID },
    { "ppid", OPERAND_THREAD, LTTV_FILTER_THREAD_PPID },
    { "comm", OPERAND_THREAD, LTTV_FILTER_THREAD_COMM },
    { "syscall", OPERAND_THREAD, LTTV_FILTER_THREAD_SYSCALL },
    { "thread.tid", OPERAND_THREAD, LTTV_FILTER_THREAD_TID },
    { "thread.pid", OPERAND_THREAD, LTTV_FILTER_THREAD_PID },
    { "thread.ppid", OPERAND_THREAD, LTTV_FILTER_THREAD_PPID },
    { "thread.comm", OPERAND_THREAD, LTTV_FILTER_THREAD_COMM },
    { "thread.syscall", OPERAND_THREAD, LTTV_FILTER_THREAD_SYSCALL },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (builtins); i++)
    if (strcmp (name, builtins[i].name) == 0)
      {
        op->kind = builtins[i].kind;
        op->thread_value = builtins[i].thread;
        if (op->kind == OPERAND_THREAD)
          ps->needs_threads = TRUE;
        return;
      }
  if (g_str_has_prefix (name, "field."))
    name += strlen ("field.");
  op->kind = OPERAND_FIELD;
  op->text = g_strdup (name);
  op->field_slot = field_slot (ps, name);
}

static gboolean
parse_value (Parser *ps, FilterOperand *op)
{
  switch (ps->tok.kind)
    {
    case TOK_NAME:
      operand_from_name (ps, ps->tok.text, op);
      break;
    case TOK_NUMBER:
      op->kind = OPERAND_LITERAL_NUMBER;
      op->number = ps->tok.number;
      op->is_seconds = ps->tok.is_seconds;
      op->is_relative = ps->tok.is_relative;
      op->seconds_ns = ps->tok.seconds_ns;
      break;
    case TOK_STRING:
      op->kind = OPERAND_LITERAL_STRING;
      op->text = g_strdup (ps->tok.text);
      break;
    case TOK_ERROR:
      return FALSE;
    default:
      fail_at (ps, ps->tok.column, ps->tok.length,
               ps->tok.kind == TOK_END ? "expected a value, found the end"
                                       : "expected a value (a name, a number or a \"string\")");
      return FALSE;
    }
  advance (ps);
  return ps->error == NULL;
}

static gboolean
is_comparison (FilterTokenKind kind)
{
  return kind >= TOK_EQ && kind <= TOK_NOMATCH;
}

static gboolean
is_string_operand (const FilterOperand *op)
{
  return op->kind == OPERAND_LITERAL_STRING || op->kind == OPERAND_NAME
         || op->kind == OPERAND_TRACE
         || (op->kind == OPERAND_THREAD
             && (op->thread_value == LTTV_FILTER_THREAD_COMM
                 || op->thread_value == LTTV_FILTER_THREAD_SYSCALL));
}

/* Regular expressions and globs are compiled once, here. */
static gboolean
compile_pattern (Parser *ps, FilterNode *node, int column, int length)
{
  const FilterOperand *pattern = &node->b;

  if (node->op == TOK_MATCH || node->op == TOK_NOMATCH)
    {
      g_autoptr (GError) regex_error = NULL;
      if (pattern->kind != OPERAND_LITERAL_STRING)
        {
          fail_at (ps, column, length, "the right of =~ and !~ must be a \"regular expression\"");
          return FALSE;
        }
      node->regex = g_regex_new (pattern->text, G_REGEX_OPTIMIZE, 0, &regex_error);
      if (node->regex == NULL)
        {
          g_autofree char *what = g_strdup_printf ("bad regular expression: %s", regex_error->message);
          fail_at (ps, column, length, what);
          return FALSE;
        }
    }
  else if (pattern->kind == OPERAND_LITERAL_STRING
           && (node->op == TOK_EQ || node->op == TOK_NE)
           && strpbrk (pattern->text, "*?") != NULL)
    node->glob = g_pattern_spec_new (pattern->text);
  return TRUE;
}

static FilterNode *
parse_compare (Parser *ps)
{
  FilterNode *node = node_new (NODE_COMPARE);
  int column = ps->tok.column;

  if (!parse_value (ps, &node->a))
    goto fail;
  if (!is_comparison (ps->tok.kind))
    {
      fail_at (ps, ps->tok.column, ps->tok.length,
               "expected a comparison (== != < <= > >= =~ !~)");
      goto fail;
    }
  node->op = ps->tok.kind;
  advance (ps);
  if (ps->error != NULL || !parse_value (ps, &node->b))
    goto fail;

  /* Keep the literal on the right, so evaluation reads a field then
   * compares it with a constant. */
  if (node->a.kind <= OPERAND_LITERAL_STRING && node->b.kind > OPERAND_LITERAL_STRING
      && node->op != TOK_MATCH && node->op != TOK_NOMATCH)
    {
      FilterOperand tmp = node->a;
      node->a = node->b;
      node->b = tmp;
      switch (node->op)
        {
        case TOK_LT: node->op = TOK_GT; break;
        case TOK_LE: node->op = TOK_GE; break;
        case TOK_GT: node->op = TOK_LT; break;
        case TOK_GE: node->op = TOK_LE; break;
        default: break;
        }
    }
  if ((node->b.kind == OPERAND_LITERAL_NUMBER && is_string_operand (&node->a))
      || (node->b.kind == OPERAND_LITERAL_STRING && node->a.kind != OPERAND_FIELD
          && !is_string_operand (&node->a)))
    {
      int end = (int) (ps->lexer.p - ps->lexer.expression);
      fail_at (ps, column, end - column, "compares a text with a number");
      goto fail;
    }
  if (!compile_pattern (ps, node, column, (int) (ps->lexer.p - ps->lexer.expression) - column))
    goto fail;
  return node;

fail:
  filter_node_free (node);
  return NULL;
}

static FilterNode *parse_or (Parser *ps);

static FilterNode *
parse_unary (Parser *ps)
{
  if (ps->tok.kind == TOK_NOT)
    {
      FilterNode *node = node_new (NODE_NOT);
      advance (ps);
      node->left = ps->error == NULL ? parse_unary (ps) : NULL;
      if (node->left == NULL)
        {
          filter_node_free (node);
          return NULL;
        }
      return node;
    }
  if (ps->tok.kind == TOK_LPAREN)
    {
      int column = ps->tok.column;
      FilterNode *inner;
      advance (ps);
      inner = ps->error == NULL ? parse_or (ps) : NULL;
      if (inner == NULL)
        return NULL;
      if (ps->tok.kind != TOK_RPAREN)
        {
          fail_at (ps, ps->tok.column, ps->tok.length, "expected ')'");
          if (ps->tok.kind == TOK_END)
            {
              g_clear_error (&ps->error);
              fail_at (ps, column, 1, "this '(' is never closed");
            }
          filter_node_free (inner);
          return NULL;
        }
      advance (ps);
      return inner;
    }
  return parse_compare (ps);
}

static FilterNode *
parse_binary (Parser *ps, FilterTokenKind op, FilterNodeKind kind,
              FilterNode *(*operand) (Parser *))
{
  FilterNode *left = operand (ps);

  while (left != NULL && ps->tok.kind == op)
    {
      FilterNode *node = node_new (kind);
      advance (ps);
      node->left = left;
      node->right = ps->error == NULL ? operand (ps) : NULL;
      if (node->right == NULL)
        {
          filter_node_free (node);
          return NULL;
        }
      left = node;
    }
  return left;
}

static FilterNode *
parse_and (Parser *ps)
{
  return parse_binary (ps, TOK_AND, NODE_AND, parse_unary);
}

static FilterNode *
parse_or (Parser *ps)
{
  return parse_binary (ps, TOK_OR, NODE_OR, parse_and);
}

FilterNode *
filter_parse (const char *expression, GPtrArray *field_names,
              gboolean *needs_threads, GError **error)
{
  Parser ps = { .field_names = field_names };
  FilterNode *root = NULL;

  filter_lexer_init (&ps.lexer, expression);
  advance (&ps);
  if (ps.error == NULL && ps.tok.kind == TOK_END)
    fail_at (&ps, 0, 1, "empty filter: expected a comparison such as name == \"sched_switch\"");
  if (ps.error == NULL)
    root = parse_or (&ps);
  if (root != NULL && ps.tok.kind != TOK_END)
    {
      fail_at (&ps, ps.tok.column, ps.tok.length,
               ps.tok.kind == TOK_RPAREN ? "this ')' has no matching '('"
                                         : "expected && or || between comparisons");
      g_clear_pointer (&root, filter_node_free);
    }
  filter_token_clear (&ps.tok);
  if (ps.error != NULL)
    {
      g_clear_pointer (&root, filter_node_free);
      g_propagate_error (error, ps.error);
      return NULL;
    }
  *needs_threads = ps.needs_threads;
  return root;
}
