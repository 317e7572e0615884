/* SPDX-License-Identifier: GPL-2.0-or-later */
/* filter.c: compiling and evaluating filters against events. */
#include "config.h"

#include <string.h>

#include <lttv/filter.h>

#include "filter-private.h"

/* A value read from an event for one comparison. */
typedef struct {
  enum { VALUE_NONE, VALUE_NUMBER, VALUE_STRING } kind;
  FilterNumber number;
  const char *string;
  size_t length;
} Value;

LttvFilter *
lttv_filter_new (const char *expression, GError **error)
{
  g_return_val_if_fail (expression != NULL, NULL);

  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  gboolean needs_threads = FALSE;
  FilterNode *root = filter_parse (expression, names, &needs_threads, error);
  if (root == NULL)
    return NULL;

  LttvFilter *filter = g_new0 (LttvFilter, 1);
  filter->expression = g_strdup (expression);
  filter->root = root;
  filter->field_names = g_steal_pointer (&names);
  filter->needs_threads = needs_threads;
  filter->class_refs = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  return filter;
}

void
lttv_filter_free (LttvFilter *filter)
{
  if (filter == NULL)
    return;
  filter_node_free (filter->root);
  g_ptr_array_unref (filter->field_names);
  g_hash_table_unref (filter->class_refs);
  g_free (filter->expression);
  g_free (filter);
}

const char *
lttv_filter_get_expression (const LttvFilter *filter)
{
  return filter->expression;
}

gboolean
lttv_filter_needs_thread_state (const LttvFilter *filter)
{
  return filter->needs_threads;
}

/* Field names resolved once per event class, then kept; after the refs,
 * one more slot holds the class's verdict (see class_verdict). */
enum { VERDICT_FALSE = 0, VERDICT_TRUE = 1, VERDICT_EVENT = 2, VERDICT_UNSET = -1 };

static LttvFieldRef *
refs_for_class (LttvFilter *filter, const LttvEventClass *ec)
{
  if (ec == filter->last_class)
    return (LttvFieldRef *) filter->last_refs;
  LttvFieldRef *refs = g_hash_table_lookup (filter->class_refs, ec);

  if (refs == NULL)
    {
      refs = g_new (LttvFieldRef, filter->field_names->len + 1);
      for (guint i = 0; i < filter->field_names->len; i++)
        refs[i] = lttv_event_class_field (ec, filter->field_names->pdata[i]);
      refs[filter->field_names->len] = VERDICT_UNSET;
      g_hash_table_insert (filter->class_refs, (gpointer) ec, refs);
    }
  filter->last_class = ec;
  filter->last_refs = refs;
  return refs;
}

static Value
read_field (const LttvEvent *ev, LttvFieldRef ref)
{
  Value v = { VALUE_NONE };
  int64_t i;
  uint64_t u;

  if (ref < 0)
    return v;
  /* The field's kind, so that a negative signed value stays negative. */
  switch (lttv_event_field_kind (ev, ref))
    {
    case LTTV_FIELD_SIGNED:
      if (lttv_event_get_int (ev, ref, &i))
        {
          v.kind = VALUE_NUMBER;
          v.number = filter_number_from_int (i);
        }
      break;
    case LTTV_FIELD_UNSIGNED:
      if (lttv_event_get_uint (ev, ref, &u))
        {
          v.kind = VALUE_NUMBER;
          v.number = filter_number_from_uint (u);
        }
      break;
    case LTTV_FIELD_STRING:
      if ((v.string = lttv_event_get_string (ev, ref, &v.length)) != NULL)
        v.kind = VALUE_STRING;
      break;
    default:
      break;
    }
  return v;
}

static Value
read_operand (LttvFilter *filter, const FilterOperand *op, const LttvEvent *ev,
              const LttvFilterThreadSource *threads)
{
  Value v = { VALUE_NONE };
  int64_t n;

  switch (op->kind)
    {
    case OPERAND_LITERAL_NUMBER:
      v.kind = VALUE_NUMBER;
      v.number = op->number;
      /* A time written in seconds compares with time in ns; `+S` counts
       * from the begin of the event's traceset (its first event). */
      if (op->is_seconds)
        {
          uint64_t ns = op->seconds_ns;
          if (op->is_relative)
            {
              LttvTime origin = lttv_trace_traceset_begin (
                  lttv_event_class_trace (lttv_event_get_class (ev)));
              if (origin == LTTV_TIME_NONE || ns > UINT64_MAX - origin)
                {
                  v.kind = VALUE_NONE;
                  break;
                }
              ns += origin;
            }
          v.number = filter_number_from_uint (ns);
        }
      break;
    case OPERAND_LITERAL_STRING:
      v.kind = VALUE_STRING;
      v.string = op->text;
      v.length = strlen (op->text);
      break;
    case OPERAND_NAME:
      v.kind = VALUE_STRING;
      v.string = lttv_event_class_name (lttv_event_get_class (ev));
      v.length = strlen (v.string);
      break;
    case OPERAND_TIME:
      v.kind = VALUE_NUMBER;
      v.number = filter_number_from_uint (lttv_event_time (ev));
      break;
    case OPERAND_CPU:
      v.kind = VALUE_NUMBER;
      v.number = filter_number_from_int (lttv_event_cpu (ev));
      break;
    case OPERAND_TRACE:
      v.kind = VALUE_STRING;
      v.string = lttv_trace_path (lttv_event_class_trace (lttv_event_get_class (ev)));
      v.length = strlen (v.string);
      break;
    case OPERAND_THREAD:
      if (threads == NULL)
        break;
      if (op->thread_value == LTTV_FILTER_THREAD_COMM
          || op->thread_value == LTTV_FILTER_THREAD_SYSCALL)
        {
          v.string = threads->string (threads->data, ev, op->thread_value);
          if (v.string != NULL)
            {
              v.kind = VALUE_STRING;
              v.length = strlen (v.string);
            }
        }
      else if (threads->number (threads->data, ev, op->thread_value, &n))
        {
          v.kind = VALUE_NUMBER;
          v.number = filter_number_from_int (n);
        }
      break;
    case OPERAND_FIELD:
      v = read_field (ev, refs_for_class (filter, lttv_event_get_class (ev))[op->field_slot]);
      break;
    }
  return v;
}

static gboolean
order_holds (FilterTokenKind op, int cmp)
{
  switch (op)
    {
    case TOK_EQ: return cmp == 0;
    case TOK_NE: return cmp != 0;
    case TOK_LT: return cmp < 0;
    case TOK_LE: return cmp <= 0;
    case TOK_GT: return cmp > 0;
    case TOK_GE: return cmp >= 0;
    default: return FALSE;
    }
}

static int
compare_strings (const Value *a, const Value *b)
{
  int cmp = memcmp (a->string, b->string, MIN (a->length, b->length));
  if (cmp != 0)
    return cmp;
  return a->length < b->length ? -1 : a->length > b->length;
}

static gboolean
eval_compare (LttvFilter *filter, const FilterNode *node, const LttvEvent *ev,
              const LttvFilterThreadSource *threads)
{
  Value a = read_operand (filter, &node->a, ev, threads);
  Value b;

  if (a.kind == VALUE_NONE)
    return FALSE;

  if (node->regex != NULL || node->glob != NULL)
    {
      gboolean hit;
      if (a.kind != VALUE_STRING)
        return FALSE;
      /* Lengths, not NULs: trace strings need not be terminated. */
      hit = node->regex != NULL
            ? g_regex_match_full (node->regex, a.string, (gssize) a.length, 0, 0, NULL, NULL)
            : g_pattern_spec_match (node->glob, a.length, a.string, NULL);
      return hit == (node->op == TOK_MATCH || node->op == TOK_EQ);
    }

  b = read_operand (filter, &node->b, ev, threads);

  if (a.kind != b.kind)
    return FALSE;
  if (a.kind == VALUE_NUMBER)
    return order_holds (node->op, filter_number_compare (a.number, b.number));
  return order_holds (node->op, compare_strings (&a, &b));
}

static gboolean
eval (LttvFilter *filter, const FilterNode *node, const LttvEvent *ev,
      const LttvFilterThreadSource *threads)
{
  switch (node->kind)
    {
    case NODE_AND:
      return eval (filter, node->left, ev, threads) && eval (filter, node->right, ev, threads);
    case NODE_OR:
      return eval (filter, node->left, ev, threads) || eval (filter, node->right, ev, threads);
    case NODE_NOT:
      return !eval (filter, node->left, ev, threads);
    case NODE_COMPARE:
      return eval_compare (filter, node, ev, threads);
    }
  return FALSE;
}

/* What an event's class alone decides: comparisons of its name, its trace
 * and literals are the same for every event of the class, and one with a
 * field the class lacks is always false. When that settles the whole
 * expression, the events of the class are not looked at. */
static gboolean
class_constant (const FilterOperand *op)
{
  return op->kind == OPERAND_LITERAL_NUMBER || op->kind == OPERAND_LITERAL_STRING
         || op->kind == OPERAND_NAME || op->kind == OPERAND_TRACE;
}

static int
class_verdict (LttvFilter *filter, const FilterNode *node, const LttvEvent *ev,
               const LttvFieldRef *refs)
{
  int l, r;
  switch (node->kind)
    {
    case NODE_AND:
      if ((l = class_verdict (filter, node->left, ev, refs)) == VERDICT_FALSE
          || (r = class_verdict (filter, node->right, ev, refs)) == VERDICT_FALSE)
        return VERDICT_FALSE;
      return l == VERDICT_TRUE && r == VERDICT_TRUE ? VERDICT_TRUE : VERDICT_EVENT;
    case NODE_OR:
      if ((l = class_verdict (filter, node->left, ev, refs)) == VERDICT_TRUE
          || (r = class_verdict (filter, node->right, ev, refs)) == VERDICT_TRUE)
        return VERDICT_TRUE;
      return l == VERDICT_FALSE && r == VERDICT_FALSE ? VERDICT_FALSE : VERDICT_EVENT;
    case NODE_NOT:
      l = class_verdict (filter, node->left, ev, refs);
      return l == VERDICT_EVENT ? VERDICT_EVENT : 1 - l;
    case NODE_COMPARE:
      if ((node->a.kind == OPERAND_FIELD && refs[node->a.field_slot] < 0)
          || (node->b.kind == OPERAND_FIELD && refs[node->b.field_slot] < 0))
        return VERDICT_FALSE;
      if (!class_constant (&node->a) || !class_constant (&node->b))
        return VERDICT_EVENT;
      return eval_compare (filter, node, ev, NULL) ? VERDICT_TRUE : VERDICT_FALSE;
    }
  return VERDICT_EVENT;
}

gboolean
lttv_filter_match (LttvFilter *filter, const LttvEvent *ev,
                   const LttvFilterThreadSource *threads)
{
  g_return_val_if_fail (filter != NULL && ev != NULL, FALSE);
  LttvFieldRef *refs = refs_for_class (filter, lttv_event_get_class (ev));
  LttvFieldRef *verdict = &refs[filter->field_names->len];
  if (*verdict == VERDICT_UNSET)
    *verdict = class_verdict (filter, filter->root, ev, refs);
  if (*verdict != VERDICT_EVENT)
    return *verdict == VERDICT_TRUE;
  return eval (filter, filter->root, ev, threads);
}

static void
operand_to_string (const FilterOperand *op, GString *out)
{
  static const char *thread_names[] = { "tid", "pid", "ppid", "comm", "syscall" };

  switch (op->kind)
    {
    case OPERAND_LITERAL_NUMBER:
      if (op->is_seconds)
        g_string_append_printf (out, "%s%" G_GUINT64_FORMAT ".%09" G_GUINT64_FORMAT,
                                op->is_relative ? "+" : "", op->seconds_ns / 1000000000u, op->seconds_ns % 1000000000u);
      else
        g_string_append_printf (out, "%s%" G_GUINT64_FORMAT,
                                op->number.negative ? "-" : "", op->number.magnitude);
      break;
    case OPERAND_LITERAL_STRING:
      {
        g_autofree char *escaped = g_strescape (op->text, NULL);
        g_string_append_printf (out, "\"%s\"", escaped);
      }
      break;
    case OPERAND_NAME: g_string_append (out, "name"); break;
    case OPERAND_TIME: g_string_append (out, "time"); break;
    case OPERAND_CPU: g_string_append (out, "cpu"); break;
    case OPERAND_TRACE: g_string_append (out, "trace"); break;
    case OPERAND_THREAD: g_string_append (out, thread_names[op->thread_value]); break;
    case OPERAND_FIELD: g_string_append_printf (out, "field.%s", op->text); break;
    }
}

static void
node_to_string (const FilterNode *node, GString *out)
{
  static const char *ops[] = {
    [TOK_EQ] = "==", [TOK_NE] = "!=", [TOK_LT] = "<", [TOK_LE] = "<=",
    [TOK_GT] = ">", [TOK_GE] = ">=", [TOK_MATCH] = "=~", [TOK_NOMATCH] = "!~",
  };

  g_string_append_c (out, '(');
  switch (node->kind)
    {
    case NODE_AND:
    case NODE_OR:
      node_to_string (node->left, out);
      g_string_append (out, node->kind == NODE_AND ? " && " : " || ");
      node_to_string (node->right, out);
      break;
    case NODE_NOT:
      g_string_append_c (out, '!');
      node_to_string (node->left, out);
      break;
    case NODE_COMPARE:
      operand_to_string (&node->a, out);
      g_string_append_printf (out, " %s ", ops[node->op]);
      operand_to_string (&node->b, out);
      break;
    }
  g_string_append_c (out, ')');
}

char *
lttv_filter_to_string (const LttvFilter *filter)
{
  GString *out = g_string_new (NULL);
  node_to_string (filter->root, out);
  return g_string_free (out, FALSE);
}
