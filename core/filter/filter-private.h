/* SPDX-License-Identifier: GPL-2.0-or-later */
/* filter-private.h: tokens and syntax tree of the filter language, shared
 * by its lexer, parser and evaluator. */
#pragma once

#include <glib.h>
#include <stdint.h>

#include <lttv/filter.h>

typedef enum {
  TOK_END,
  TOK_NAME,      /* identifier, possibly dotted: prev_tid, field.name */
  TOK_NUMBER,
  TOK_STRING,
  TOK_LPAREN, TOK_RPAREN,
  TOK_AND, TOK_OR, TOK_NOT,
  TOK_EQ, TOK_NE, TOK_LT, TOK_LE, TOK_GT, TOK_GE, TOK_MATCH, TOK_NOMATCH,
  TOK_ERROR,
} FilterTokenKind;

/* A number as sign and magnitude, so that every int64 and uint64 field
 * value compares exactly. */
typedef struct {
  gboolean negative;
  uint64_t magnitude;
} FilterNumber;

typedef struct {
  FilterTokenKind kind;
  int column;            /* 0-based offset in the expression */
  int length;
  char *text;            /* NAME and STRING: decoded text, owned */
  FilterNumber number;
  gboolean is_seconds;   /* NUMBER written with a decimal point or '+' */
  gboolean is_relative;  /* ... '+': seconds from the traceset's begin */
  uint64_t seconds_ns;   /* ... its value in ns when it is */
} FilterToken;

typedef struct {
  const char *expression;
  const char *p;
} FilterLexer;

void filter_lexer_init (FilterLexer *lx, const char *expression);
/* Reads the next token; TOK_ERROR leaves a message in tok->text. */
void filter_lexer_next (FilterLexer *lx, FilterToken *tok);
void filter_token_clear (FilterToken *tok);

int filter_number_compare (FilterNumber a, FilterNumber b);
FilterNumber filter_number_from_int (int64_t v);
FilterNumber filter_number_from_uint (uint64_t v);

/* Operands: what a comparison reads from an event. */
typedef enum {
  OPERAND_LITERAL_NUMBER,
  OPERAND_LITERAL_STRING,
  OPERAND_NAME,      /* event name */
  OPERAND_TIME,
  OPERAND_CPU,
  OPERAND_TRACE,
  OPERAND_THREAD,    /* thread state value: see thread_value */
  OPERAND_FIELD,     /* payload or context field: see text */
} FilterOperandKind;

typedef struct {
  FilterOperandKind kind;
  LttvFilterThreadValue thread_value;
  char *text;             /* literal string, or field name */
  FilterNumber number;    /* literal number */
  gboolean is_seconds;    /* literal written as seconds */
  gboolean is_relative;   /* ... from the traceset's begin (`+S`) */
  uint64_t seconds_ns;
  int field_slot;         /* OPERAND_FIELD: index in the per-class ref cache */
} FilterOperand;

typedef enum {
  NODE_AND, NODE_OR, NODE_NOT, NODE_COMPARE,
} FilterNodeKind;

typedef struct _FilterNode FilterNode;
struct _FilterNode {
  FilterNodeKind kind;
  FilterNode *left, *right;   /* AND, OR; NOT uses left */
  FilterTokenKind op;         /* COMPARE */
  FilterOperand a, b;         /* COMPARE */
  GRegex *regex;              /* COMPARE with =~ / !~ */
  GPatternSpec *glob;         /* COMPARE of a string with * or ? */
};

struct _LttvFilter {
  char *expression;
  FilterNode *root;
  GPtrArray *field_names;     /* distinct field names, by slot */
  gboolean needs_threads;
  GHashTable *class_refs;     /* LttvEventClass* -> LttvFieldRef[n slots + 1] */
  const LttvEventClass *last_class;   /* one-entry cache of class_refs */
  const LttvFieldRef *last_refs;
};

FilterNode *filter_parse (const char *expression, GPtrArray *field_names,
                          gboolean *needs_threads, GError **error);
void filter_node_free (FilterNode *node);
