/* SPDX-License-Identifier: GPL-2.0-or-later */
/**
 * SECTION:filter
 * @title: Filters
 * @short_description: the filter language of the event list, lttv dump and the viewers
 * @include: lttv/lttv.h
 *
 * The filter language shared by the event list, `lttv dump
 * --filter` and every viewer (through the tab's filter).
 *
 * |[
 *   name == "sched_*" && (cpu == 1 || prev_tid >= 0x10) && !(comm =~ "^kworker")
 * ]|
 *
 * Values: the event's `name`, `time` (ns from origin; a literal with a
 * decimal point is seconds, `+S` seconds from the begin of the event's
 * traceset: lttv_traceset_begin), `cpu`, `trace` (its folder); the state of the
 * event's thread: `tid`, `pid`, `ppid`, `comm`, `syscall`; any other name
 * is a payload or context field (`field.NAME` when it collides with one of
 * the above). Operators: == != < <= > >= (strings compare with globs: * ?),
 * =~ and !~ (regular expressions), &&, ||, !, parentheses, usual
 * precedence. Numbers in decimal or hex; strings in double quotes.
 */
#pragma once

#include <glib.h>
#include <stdint.h>

#include <lttv/traceset.h>

G_BEGIN_DECLS

/**
 * LttvFilter:
 *
 * An opaque structure, freed with lttv_filter_free().
 */
typedef struct _LttvFilter LttvFilter;

/**
 * LttvFilterThreadValue:
 * @LTTV_FILTER_THREAD_TID: lttv filter thread tid
 * @LTTV_FILTER_THREAD_PID: lttv filter thread pid
 * @LTTV_FILTER_THREAD_PPID: lttv filter thread ppid
 * @LTTV_FILTER_THREAD_COMM: lttv filter thread comm
 * @LTTV_FILTER_THREAD_SYSCALL: lttv filter thread syscall
 *
 * What the filter asks of the state of the event's thread.
 */
typedef enum {
  LTTV_FILTER_THREAD_TID,
  LTTV_FILTER_THREAD_PID,
  LTTV_FILTER_THREAD_PPID,
  LTTV_FILTER_THREAD_COMM,
  LTTV_FILTER_THREAD_SYSCALL,
} LttvFilterThreadValue;

/**
 * LttvFilterThreadSource:
 * @number: gives an integer thread value of the event's thread in *out; %FALSE when unknown
 * @string: gives a string thread value (owned by the source), %NULL when unknown
 * @data: the first argument of both
 *
 * Where thread values come from (the state core, during a pass or from the
 * history). `number` / `string` return FALSE / NULL when unknown: a
 * comparison with an unknown value is false.
 */
typedef struct {
  gboolean (*number) (gpointer data, const LttvEvent *ev,
                      LttvFilterThreadValue what, int64_t *out);
  const char *(*string) (gpointer data, const LttvEvent *ev,
                         LttvFilterThreadValue what);
  gpointer data;
} LttvFilterThreadSource;

/**
 * lttv_filter_new:
 * @expression: a string
 * @error: return location for a #GError, or %NULL
 *
 * Compiles @expression. On a syntax error, returns NULL and sets @error
 * (LTTV_ERROR_USAGE) to a message giving the column and a caret line under
 * the expression. Free with lttv_filter_free.
 *
 * Returns: (transfer full) (nullable): a new #LttvFilter, to free with
 * lttv_filter_free()
 */
LttvFilter *lttv_filter_new (const char *expression, GError **error);
/**
 * lttv_filter_free:
 * @filter: a filter
 *
 * Frees @filter and what it owns.
 */
void lttv_filter_free (LttvFilter *filter);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LttvFilter, lttv_filter_free)

/**
 * lttv_filter_get_expression:
 * @filter: a filter
 *
 * The text @filter was compiled from.
 *
 * Returns: (transfer none): a string owned by @filter
 */
const char *lttv_filter_get_expression (const LttvFilter *filter);
/**
 * lttv_filter_needs_thread_state:
 * @filter: a filter
 *
 * TRUE when the filter uses thread values (it then needs a thread source).
 *
 * Returns: %TRUE when lttv_filter_match() needs a thread source
 */
gboolean lttv_filter_needs_thread_state (const LttvFilter *filter);

/**
 * lttv_filter_match:
 * @filter: a filter
 * @ev: an event
 * @threads: (nullable): where thread values come from
 *
 * Does @ev match? @threads may be NULL when the filter needs no thread
 * state. Field names are resolved once per event class, not per event. Not
 * thread-safe: use one filter per thread.
 *
 * Returns: %TRUE when @ev matches
 */
gboolean lttv_filter_match (LttvFilter *filter, const LttvEvent *ev,
                            const LttvFilterThreadSource *threads);

/**
 * lttv_filter_to_string:
 * @filter: a filter
 *
 * Debug form of the parsed expression, fully parenthesized
 * ("((name == \"a\") || ((cpu == 1) && (tid > 3)))"); newly allocated.
 *
 * Returns: (transfer full): a new string, to free with g_free()
 */
char *lttv_filter_to_string (const LttvFilter *filter);

G_END_DECLS
