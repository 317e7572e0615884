/* SPDX-License-Identifier: GPL-2.0-or-later */
/* history.h: the state history. Attributes form a tree of paths
 * ("Threads/42/Exec_name"), each interned once as an integer id; every
 * attribute holds, over time, a sequence of values (integer, interned
 * string, or nothing). The history is append-only: one builder thread
 * writes in time order and publishes a committed end time; any thread may
 * query the committed part while the build goes on.
 *
 * Storage: per attribute, an array of changes (start time, value) in
 * growing chunks, with a sparse index of the chunks' first times; the
 * value before a change ends one nanosecond before it. Chosen over a
 * history tree by bench/history-bench (figures in bench/README.md): half
 * the bytes per interval and one-attribute (row) queries about 20x faster;
 * the tree inserts faster and answers a full state faster, which a
 * finished history recovers with a per-attribute summary (first and last
 * change). A history loaded from the state cache decodes each chunk when a
 * query first needs it; rows of busy attributes use a rank index (change
 * counts per time bucket), made at their first row query. */
#pragma once

#include <glib.h>
#include <stdint.h>

#include <lttv/time.h>

G_BEGIN_DECLS

typedef struct _LttvHistory LttvHistory;

/* An attribute id: dense, 0..n-1, in creation order. */
typedef guint LttvAttr;
#define LTTV_ATTR_NONE G_MAXUINT

/* A value: nothing, a 62-bit signed integer, or an interned string. */
typedef uint64_t LttvValue;
typedef enum {
  LTTV_VALUE_NULL = 0,
  LTTV_VALUE_INT = 1,
  LTTV_VALUE_STRING = 2,
} LttvValueType;

#define LTTV_VALUE_NONE ((LttvValue) 0)

static inline LttvValue
lttv_value_int (int64_t i)
{
  return ((uint64_t) i << 2) | LTTV_VALUE_INT;
}
static inline LttvValueType
lttv_value_type (LttvValue v)
{
  return (LttvValueType) (v & 3);
}
static inline int64_t
lttv_value_get_int (LttvValue v)
{
  return (int64_t) v >> 2;
}

LttvHistory *lttv_history_new (void);
void lttv_history_free (LttvHistory *h);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LttvHistory, lttv_history_free)

/* --- Attributes and strings --------------------------------------------- *
 * Created by the builder thread; looked up from any thread. */

/* The id of `path` ("A/B/C"), created with its parents when absent. */
LttvAttr lttv_history_attr (LttvHistory *h, const char *path);
/* The id of child `name` of `parent` (LTTV_ATTR_NONE: a root), created
 * when absent. */
LttvAttr lttv_history_attr_child (LttvHistory *h, LttvAttr parent,
                                  const char *name);
/* The id of `path`, or LTTV_ATTR_NONE when it does not exist. */
LttvAttr lttv_history_attr_lookup (LttvHistory *h, const char *path);
guint lttv_history_n_attrs (LttvHistory *h);
/* The full path of `attr`, newly allocated. */
char *lttv_history_attr_path (LttvHistory *h, LttvAttr attr);
LttvAttr lttv_history_attr_parent (LttvHistory *h, LttvAttr attr);
/* The last component of the path; owned by the history. */
const char *lttv_history_attr_name (LttvHistory *h, LttvAttr attr);

/* A string value: interned once, the same value for the same text. */
LttvValue lttv_history_intern (LttvHistory *h, const char *text);
/* The value of `text` if the history has it, else LTTV_VALUE_NONE (nothing
 * is added). */
LttvValue lttv_history_find_string (LttvHistory *h, const char *text);
LttvValue lttv_history_intern_len (LttvHistory *h, const char *text,
                                   size_t len);
/* The text of a string value; owned by the history, valid until it is
 * freed. NULL when `v` is not a string. */
const char *lttv_history_string (LttvHistory *h, LttvValue v);
/* Formats any value into `buf` (integers in decimal); returns buf, or NULL
 * for nothing. */
const char *lttv_history_format_value (LttvHistory *h, LttvValue v,
                                       char buf[32]);

/* --- Building (one thread) ---------------------------------------------- */

/* Sets `attr` to `v` from time `t` on. Times never go back; the last write
 * at one `t` wins; writing the value the attribute holds adds nothing. */
void lttv_history_set (LttvHistory *h, LttvAttr attr, LttvTime t,
                       LttvValue v);
/* The value `attr` holds now, at the builder's current time. */
LttvValue lttv_history_current (LttvHistory *h, LttvAttr attr);
/* Publishes every change before `t` (exclusive) to readers: they will
 * never change again. Call with the time of the next event. */
void lttv_history_commit (LttvHistory *h, LttvTime t);
/* Ends the build at `end`: every value holds until `end`, and the whole
 * history is committed. */
void lttv_history_finish (LttvHistory *h, LttvTime end);
void lttv_history_set_begin (LttvHistory *h, LttvTime begin);

/* --- Queries (any thread, the committed part) --------------------------- */

/* Readers see [begin, committed_end]; committed_end is LTTV_TIME_NONE
 * before anything is committed. */
LttvTime lttv_history_begin (LttvHistory *h);
LttvTime lttv_history_committed_end (LttvHistory *h);
gboolean lttv_history_is_finished (LttvHistory *h);

typedef struct {
  LttvTime start;
  LttvTime end;   /* inclusive; the committed end for the last one */
  LttvValue value;
} LttvInterval;

/* The interval of `attr` that holds `t`; FALSE when `t` is outside the
 * committed part. */
gboolean lttv_history_query (LttvHistory *h, LttvAttr attr, LttvTime t,
                             LttvInterval *out);
/* The value of every attribute at `t`: an array of n_attrs values indexed
 * by attribute id (newly allocated, g_free), or NULL when `t` is outside
 * the committed part. `n_attrs` receives its length. */
LttvValue *lttv_history_query_full (LttvHistory *h, LttvTime t,
                                    guint *n_attrs);

/* One attribute's value, in a full state that keeps only the attributes
 * holding one. */
typedef struct {
  LttvAttr attr;
  LttvValue value;
} LttvAttrValue;

/* The full state at each of `n` times given in increasing order. One pass
 * over the attributes answers every time: most attributes (threads not
 * born yet or long dead) are settled for all the times at once. */
typedef struct _LttvFullStates LttvFullStates;
LttvFullStates *lttv_history_query_full_sorted (LttvHistory *h, const LttvTime *times,
                                                guint n);
/* How many times were answered: the first ones, inside the committed
 * part. */
guint lttv_full_states_n_answered (const LttvFullStates *fs);
/* The `n` attributes holding a value at time `k` (< n_answered), in
 * attribute order; owned by `fs`. */
const LttvAttrValue *lttv_full_states_at (const LttvFullStates *fs, guint k, guint *n);
void lttv_full_states_free (LttvFullStates *fs);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LttvFullStates, lttv_full_states_free)

/* One pixel of a row: the value that holds most of [t, t + step), and
 * whether other values held part of it (sub-pixel changes merged). */
typedef struct {
  LttvValue value;
  guint32 mixed;     /* number of changes inside the pixel */
} LttvSample;

/* Samples `attr` over [t0, t0 + n_samples * step) into `out` (n_samples
 * entries). Pixels after the committed end get LTTV_VALUE_NONE and
 * mixed = 0; returns how many pixels are covered by the committed part. */
guint lttv_history_query_row (LttvHistory *h, LttvAttr attr, LttvTime t0,
                              LttvTime step, guint n_samples,
                              LttvSample *out);

/* A history loaded from the cache decodes each block of changes when a
 * query first needs it, checking it then. FALSE, with `error` naming the
 * cache file and the byte, once a damaged block has been found: queries
 * answered nothing (LTTV_VALUE_NONE) in its place, and the history should
 * be built again from the trace. */
gboolean lttv_history_check (LttvHistory *h, GError **error);

/* Statistics of the store, for benchmarks and `lttv info`. */
guint64 lttv_history_n_intervals (LttvHistory *h);
gsize lttv_history_memory (LttvHistory *h);

/* The committed intervals of `attr` that meet [t0, t1], in time order:
 * a new array of LttvInterval (g_array_unref). */
GArray *lttv_history_intervals (LttvHistory *h, LttvAttr attr, LttvTime t0,
                                LttvTime t1);
/* The same into `out` (emptied first): one array reused for many
 * attributes grows once, instead of fresh memory for each. */
void lttv_history_intervals_into (LttvHistory *h, LttvAttr attr, LttvTime t0,
                                  LttvTime t1, GArray *out);

G_END_DECLS
