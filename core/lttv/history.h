/* SPDX-License-Identifier: GPL-2.0-or-later */
/**
 * SECTION:history
 * @title: State history
 * @short_description: the values of the state's attributes over time
 * @include: lttv/lttv.h
 *
 * The state history. Attributes form a tree of paths
 * ("Threads/42/Exec_name"), each interned once as an integer id; every
 * attribute holds, over time, a sequence of values (integer, interned
 * string, or nothing). The history is append-only: one builder thread
 * writes in time order and publishes a committed end time; any thread may
 * query the committed part while the build goes on.
 *
 * Storage: per attribute, an array of changes (start time, value) in
 * growing chunks, with a sparse index of the chunks' first times; the
 * value before a change ends one nanosecond before it. Chosen over a
 * history tree (bench/history.sh, figures in bench/README.md): fewer bytes
 * per interval and much faster one-attribute (row) queries; the tree
 * inserts faster and answers a full state faster, which a finished
 * history recovers with a per-attribute summary (first and last change).
 * A history loaded from the state cache decodes each chunk when a query
 * first needs it; rows of busy attributes use a rank index (change counts
 * per time bucket), made at their first row query.
 */
#pragma once

#include <glib.h>
#include <stdint.h>

#include <lttv/time.h>

G_BEGIN_DECLS

/**
 * LttvHistory:
 *
 * An opaque structure, freed with lttv_history_free().
 */
typedef struct _LttvHistory LttvHistory;

/**
 * LttvAttr:
 *
 * An attribute id: dense, 0..n-1, in creation order.
 */
typedef guint LttvAttr;
/**
 * LTTV_ATTR_NONE:
 *
 * No attribute: the parent of the roots, or not found.
 */
#define LTTV_ATTR_NONE G_MAXUINT

/**
 * LttvValue:
 *
 * A value: nothing, a 62-bit signed integer, or an interned string.
 */
typedef uint64_t LttvValue;
/**
 * LttvValueType:
 * @LTTV_VALUE_NULL: lttv value null
 * @LTTV_VALUE_INT: lttv value int
 * @LTTV_VALUE_STRING: lttv value string
 *
 * What an #LttvValue holds (lttv_value_type()).
 */
typedef enum {
  LTTV_VALUE_NULL = 0,
  LTTV_VALUE_INT = 1,
  LTTV_VALUE_STRING = 2,
} LttvValueType;

/**
 * LTTV_VALUE_NONE:
 *
 * The value of an attribute that holds nothing.
 */
#define LTTV_VALUE_NONE ((LttvValue) 0)

/**
 * lttv_value_int:
 * @i: an integer
 *
 * The value of integer @i (62 bits kept).
 *
 * Returns: an #LttvValue
 */
static inline LttvValue
lttv_value_int (int64_t i)
{
  return ((uint64_t) i << 2) | LTTV_VALUE_INT;
}
/**
 * lttv_value_type:
 * @v: a value
 *
 * What @v holds.
 *
 * Returns: its #LttvValueType
 */
static inline LttvValueType
lttv_value_type (LttvValue v)
{
  return (LttvValueType) (v & 3);
}
/**
 * lttv_value_get_int:
 * @v: a value
 *
 * The integer of a value of type %LTTV_VALUE_INT.
 *
 * Returns: the integer
 */
static inline int64_t
lttv_value_get_int (LttvValue v)
{
  return (int64_t) v >> 2;
}

/**
 * lttv_history_new:
 *
 * An empty history, for a builder to fill.
 *
 * An empty history, for a builder.
 *
 * Returns: (transfer full): a new #LttvHistory, to free with
 * lttv_history_free()
 */
LttvHistory *lttv_history_new (void);
/**
 * lttv_history_free:
 * @h: a history
 *
 * Frees @h and what it owns.
 */
void lttv_history_free (LttvHistory *h);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LttvHistory, lttv_history_free)

/* --- Attributes and strings --------------------------------------------- *
 * Created by the builder thread; looked up from any thread. */

/**
 * lttv_history_attr:
 * @h: a history
 * @path: a string
 *
 * The id of @path ("A/B/C"), created with its parents when absent.
 *
 * Returns: an attribute id
 */
LttvAttr lttv_history_attr (LttvHistory *h, const char *path);
/**
 * lttv_history_attr_child:
 * @h: a history
 * @parent: an attribute id, or %LTTV_ATTR_NONE
 * @name: a string
 *
 * The id of child @name of @parent (LTTV_ATTR_NONE: a root), created
 * when absent.
 *
 * Returns: an attribute id
 */
LttvAttr lttv_history_attr_child (LttvHistory *h, LttvAttr parent,
                                  const char *name);
/**
 * lttv_history_attr_lookup:
 * @h: a history
 * @path: a string
 *
 * The id of @path, or LTTV_ATTR_NONE when it does not exist.
 *
 * Returns: an attribute id, or %LTTV_ATTR_NONE
 */
LttvAttr lttv_history_attr_lookup (LttvHistory *h, const char *path);
/**
 * lttv_history_n_attrs:
 * @h: a history
 *
 * How many attributes @h has (ids are 0 to this minus one).
 *
 * Returns: the number of attributes
 */
guint lttv_history_n_attrs (LttvHistory *h);
/**
 * lttv_history_attr_path:
 * @h: a history
 * @attr: an attribute id
 *
 * The full path of @attr, newly allocated.
 *
 * Returns: (transfer full): a new string, to free with g_free()
 */
char *lttv_history_attr_path (LttvHistory *h, LttvAttr attr);
/**
 * lttv_history_attr_parent:
 * @h: a history
 * @attr: an attribute id
 *
 * The parent of @attr.
 *
 * Returns: an attribute id, or %LTTV_ATTR_NONE for a root
 */
LttvAttr lttv_history_attr_parent (LttvHistory *h, LttvAttr attr);
/**
 * lttv_history_attr_name:
 * @h: a history
 * @attr: an attribute id
 *
 * The last component of the path; owned by the history.
 *
 * Returns: (transfer none): a string owned by @h
 */
const char *lttv_history_attr_name (LttvHistory *h, LttvAttr attr);

/**
 * lttv_history_intern:
 * @h: a history
 * @text: a string
 *
 * A string value: interned once, the same value for the same text.
 *
 * Returns: a string value
 */
LttvValue lttv_history_intern (LttvHistory *h, const char *text);
/**
 * lttv_history_find_string:
 * @h: a history
 * @text: a string
 *
 * The value of @text if the history has it, else LTTV_VALUE_NONE (nothing
 * is added).
 *
 * Returns: a string value, or %LTTV_VALUE_NONE
 */
LttvValue lttv_history_find_string (LttvHistory *h, const char *text);
/**
 * lttv_history_intern_len:
 * @h: a history
 * @text: a string
 * @len: the length of @text in bytes
 *
 * lttv_history_intern() of the @len first bytes of @text.
 *
 * Returns: a string value
 */
LttvValue lttv_history_intern_len (LttvHistory *h, const char *text,
                                   size_t len);
/**
 * lttv_history_string:
 * @h: a history
 * @v: a value
 *
 * The text of a string value; owned by the history, valid until it is
 * freed. NULL when @v is not a string.
 *
 * Returns: (transfer none) (nullable): a string owned by @h
 */
const char *lttv_history_string (LttvHistory *h, LttvValue v);
/**
 * lttv_history_format_value:
 * @h: a history
 * @v: a value
 * @buf: a buffer of 32 bytes
 *
 * Formats any value into @buf (integers in decimal); returns buf, or NULL
 * for nothing.
 *
 * Returns: (transfer none) (nullable): @buf, a string owned by @h, or %NULL
 */
const char *lttv_history_format_value (LttvHistory *h, LttvValue v,
                                       char buf[32]);

/* --- Building (one thread) ---------------------------------------------- */

/**
 * lttv_history_set:
 * @h: a history
 * @attr: an attribute id
 * @t: a time
 * @v: a value
 *
 * Sets @attr to @v from time @t on. Times never go back; the last write
 * at one @t wins; writing the value the attribute holds adds nothing.
 */
void lttv_history_set (LttvHistory *h, LttvAttr attr, LttvTime t,
                       LttvValue v);
/**
 * lttv_history_current:
 * @h: a history
 * @attr: an attribute id
 *
 * The value @attr holds now, at the builder's current time.
 *
 * Returns: the value
 */
LttvValue lttv_history_current (LttvHistory *h, LttvAttr attr);
/**
 * lttv_history_commit:
 * @h: a history
 * @t: a time
 *
 * Publishes every change before @t (exclusive) to readers: they will
 * never change again. Call with the time of the next event.
 */
void lttv_history_commit (LttvHistory *h, LttvTime t);
/**
 * lttv_history_finish:
 * @h: a history
 * @end: the end of the range
 *
 * Ends the build at @end: every value holds until @end, and the whole
 * history is committed.
 */
void lttv_history_finish (LttvHistory *h, LttvTime end);
/**
 * lttv_history_set_begin:
 * @h: a history
 * @begin: a time
 *
 * Sets where the history begins (lttv_history_begin()).
 */
void lttv_history_set_begin (LttvHistory *h, LttvTime begin);

/* --- Queries (any thread, the committed part) --------------------------- */

/**
 * lttv_history_begin:
 * @h: a history
 *
 * Readers see [begin, committed_end]; committed_end is LTTV_TIME_NONE
 * before anything is committed.
 *
 * Returns: a time
 */
LttvTime lttv_history_begin (LttvHistory *h);
/**
 * lttv_history_committed_end:
 * @h: a history
 *
 * The end of the part readers see.
 *
 * Returns: a time, or %LTTV_TIME_NONE
 */
LttvTime lttv_history_committed_end (LttvHistory *h);
/**
 * lttv_history_is_finished:
 * @h: a history
 *
 * Whether lttv_history_finish() was called.
 *
 * Returns: %TRUE when the build has ended
 */
gboolean lttv_history_is_finished (LttvHistory *h);

/**
 * LttvInterval:
 * @start: its first time
 * @end: inclusive; the committed end for the last one
 * @value: what the attribute holds over it
 *
 * A time range over which an attribute holds one value.
 */
typedef struct {
  LttvTime start;
  LttvTime end;   /* inclusive; the committed end for the last one */
  LttvValue value;
} LttvInterval;

/**
 * lttv_history_query:
 * @h: a history
 * @attr: an attribute id
 * @t: a time
 * @out: return location for the interval
 *
 * The interval of @attr that holds @t; FALSE when @t is outside the
 * committed part.
 *
 * Returns: %TRUE when *@out was set
 */
gboolean lttv_history_query (LttvHistory *h, LttvAttr attr, LttvTime t,
                             LttvInterval *out);
/**
 * lttv_history_query_full:
 * @h: a history
 * @t: a time
 * @n_attrs: return location for the length
 *
 * The value of every attribute at @t: an array of n_attrs values indexed
 * by attribute id (newly allocated, g_free), or NULL when @t is outside
 * the committed part. @n_attrs receives its length.
 *
 * Returns: (transfer full) (nullable): a new array, to free with g_free()
 */
LttvValue *lttv_history_query_full (LttvHistory *h, LttvTime t,
                                    guint *n_attrs);

/**
 * LttvAttrValue:
 * @attr: the attribute
 * @value: its value
 *
 * One attribute's value, in a full state that keeps only the attributes
 * holding one.
 */
typedef struct {
  LttvAttr attr;
  LttvValue value;
} LttvAttrValue;

/**
 * LttvFullStates:
 *
 * The full state at each of `n` times given in increasing order. One pass
 * over the attributes answers every time: most attributes (threads not
 * born yet or long dead) are settled for all the times at once.
 * An opaque structure, freed with lttv_full_states_free().
 */
typedef struct _LttvFullStates LttvFullStates;
/**
 * lttv_history_query_full_sorted:
 * @h: a history
 * @times: times in increasing order
 * @n: the number of @times
 *
 * Answers the full state at each of @times in one pass.
 *
 * Returns: (transfer full): a new #LttvFullStates, to free with
 * lttv_full_states_free()
 */
LttvFullStates *lttv_history_query_full_sorted (LttvHistory *h, const LttvTime *times,
                                                guint n);
/**
 * lttv_full_states_n_answered:
 * @fs: full states
 *
 * How many times were answered: the first ones, inside the committed
 * part.
 *
 * Returns: the number of times answered
 */
guint lttv_full_states_n_answered (const LttvFullStates *fs);
/**
 * lttv_full_states_at:
 * @fs: full states
 * @k: the index of a time
 * @n: return location for the number of values
 *
 * The @n attributes holding a value at time @k (< n_answered), in
 * attribute order; owned by @fs.
 *
 * Returns: (transfer none): owned by @fs
 */
const LttvAttrValue *lttv_full_states_at (const LttvFullStates *fs, guint k, guint *n);
/**
 * lttv_full_states_free:
 * @fs: full states
 *
 * Frees @fs and what it owns.
 */
void lttv_full_states_free (LttvFullStates *fs);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LttvFullStates, lttv_full_states_free)

/**
 * LttvSample:
 * @value: the value
 * @mixed: number of changes inside the pixel
 *
 * One pixel of a row: the value that holds most of [t, t + step), and
 * whether other values held part of it (sub-pixel changes merged).
 */
typedef struct {
  LttvValue value;
  guint32 mixed;     /* number of changes inside the pixel */
} LttvSample;

/**
 * lttv_history_query_row:
 * @h: a history
 * @attr: an attribute id
 * @t0: the start of the range
 * @step: the time a pixel covers
 * @n_samples: the number of pixels
 * @out: an array of @n_samples to fill
 *
 * Samples @attr over [t0, t0 + n_samples * step) into @out (n_samples
 * entries). Pixels after the committed end get LTTV_VALUE_NONE and
 * mixed = 0; returns how many pixels are covered by the committed part.
 *
 * Returns: how many pixels the committed part covers
 */
guint lttv_history_query_row (LttvHistory *h, LttvAttr attr, LttvTime t0,
                              LttvTime step, guint n_samples,
                              LttvSample *out);

/**
 * lttv_history_check:
 * @h: a history
 * @error: return location for a #GError, or %NULL
 *
 * A history loaded from the cache decodes each block of changes when a
 * query first needs it, checking it then. FALSE, with @error naming the
 * cache file and the byte, once a damaged block has been found: queries
 * answered nothing (LTTV_VALUE_NONE) in its place, and the history should
 * be built again from the trace.
 *
 * Returns: %FALSE once a damaged block was found
 */
gboolean lttv_history_check (LttvHistory *h, GError **error);

/**
 * lttv_history_n_intervals:
 * @h: a history
 *
 * Statistics of the store, for benchmarks and `lttv info`.
 *
 * Returns: the number of intervals stored
 */
guint64 lttv_history_n_intervals (LttvHistory *h);
/**
 * lttv_history_memory:
 * @h: a history
 *
 * The bytes the history takes.
 *
 * Returns: a size in bytes
 */
gsize lttv_history_memory (LttvHistory *h);

/**
 * lttv_history_intervals:
 * @h: a history
 * @attr: an attribute id
 * @t0: the start of the range
 * @t1: the end of the range
 *
 * The committed intervals of @attr that meet [t0, t1], in time order:
 * a new array of LttvInterval (g_array_unref).
 *
 * Returns: (transfer full) (element-type LttvInterval): a new array
 */
GArray *lttv_history_intervals (LttvHistory *h, LttvAttr attr, LttvTime t0,
                                LttvTime t1);
/**
 * lttv_history_intervals_into:
 * @h: a history
 * @attr: an attribute id
 * @t0: the start of the range
 * @t1: the end of the range
 * @out: an array of #LttvInterval
 *
 * The same into @out (emptied first): one array reused for many
 * attributes grows once, instead of fresh memory for each.
 */
void lttv_history_intervals_into (LttvHistory *h, LttvAttr attr, LttvTime t0,
                                  LttvTime t1, GArray *out);

G_END_DECLS
