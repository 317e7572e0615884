/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The state at given times as `lttv state` prints it (docs/cli.md). Only
 * the attributes holding a value are printed: their paths are made once,
 * when first printed, and only they are sorted. */
#include "config.h"

#include <string.h>

#include "state-private.h"

void
state_paths_free (LttvState *s)
{
  if (s->paths != NULL)
    g_ptr_array_unref (s->paths);
  s->paths = NULL;
}

static const char *
path_of (LttvState *s, LttvAttr attr)
{
  if (s->paths == NULL)
    s->paths = g_ptr_array_new_with_free_func (g_free);
  if (attr >= s->paths->len)
    g_ptr_array_set_size (s->paths, (gint) attr + 1);
  char **slot = (char **) &g_ptr_array_index (s->paths, attr);
  if (*slot == NULL)
    *slot = lttv_history_attr_path (s->history, attr);
  return *slot;
}

/* The times to query: after the end of a finished history nothing
 * changes, the state at the end holds (still in increasing order); but
 * after a build stopped short, nothing is known. */
static LttvTime *
query_times (LttvState *s, const LttvTime *times, guint n)
{
  LttvHistory *h = s->history;
  LttvTime end = lttv_history_committed_end (h);
  gboolean clamp = lttv_history_is_finished (h) && end != LTTV_TIME_NONE && !s->short_of_memory;
  LttvTime *q = g_new (LttvTime, MAX (1, n));
  for (guint k = 0; k < n; k++)
    q[k] = clamp && times[k] > end ? end : times[k];
  return q;
}

static LttvFullStates *
query_states (LttvState *s, const LttvTime *times, guint n)
{
  g_autofree LttvTime *q = query_times (s, times, n);
  LttvFullStates *states = lttv_history_query_full_sorted (s->history, q, n);
  g_autoptr (GError) damage = NULL;
  if (lttv_history_check (s->history, &damage))
    return states;
  /* A damaged block of the cache: never printed, the state is built again
   * from the trace (and the cache rewritten). */
  g_debug ("%s: building the state again", damage->message);
  lttv_full_states_free (states);
  g_autoptr (GError) error = NULL;
  if (!state_rebuild (s, &error))
    g_debug ("%s", error->message);
  g_free (q);
  q = query_times (s, times, n);
  return lttv_history_query_full_sorted (s->history, q, n);
}

static int
compare_attr_paths (gconstpointer a, gconstpointer b, gpointer state)
{
  return strcmp (path_of (state, *(const LttvAttr *) a), path_of (state, *(const LttvAttr *) b));
}

/* The attributes printed at any of the times, in path order, and each
 * one's place in that order (rank[attr]; G_MAXUINT32 for the others):
 * sorted once for all the times, not once per time. */
static GArray *
printed_in_path_order (LttvState *s, const LttvFullStates *states, guint printed,
                       guint32 **rank_out)
{
  guint n_attrs = MAX (1, lttv_history_n_attrs (s->history));
  guint32 *rank = g_new (guint32, n_attrs);
  memset (rank, 0xff, n_attrs * sizeof *rank);
  GArray *order = g_array_new (FALSE, FALSE, sizeof (LttvAttr));
  for (guint k = 0; k < printed; k++)
    {
      guint n;
      const LttvAttrValue *values = lttv_full_states_at (states, k, &n);
      for (guint i = 0; i < n; i++)
        if (rank[values[i].attr] == G_MAXUINT32)
          {
            rank[values[i].attr] = 0;
            path_of (s, values[i].attr);   /* made before the sort */
            g_array_append_val (order, values[i].attr);
          }
    }
  g_array_sort_with_data (order, compare_attr_paths, s);
  for (guint r = 0; r < order->len; r++)
    rank[g_array_index (order, LttvAttr, r)] = r;
  *rank_out = rank;
  return order;
}

/* The text of one time, appended without a function call per piece. */
typedef struct {
  char *data;
  gsize len, cap;
} Text;

static inline void
text_add (Text *t, const char *p, gsize n)
{
  if (t->len + n > t->cap)
    {
      t->cap = MAX (t->cap * 2, t->len + n);
      t->data = g_realloc (t->data, t->cap);
    }
  memcpy (t->data + t->len, p, n);
  t->len += n;
}

/* Time `k`'s lines: its values put in their places, then read in order. */
static void
print_state (LttvState *s, LttvTime t, const LttvAttrValue *state, guint n,
             const char *const *paths, const guint32 *rank, guint n_ranks,
             LttvValue *by_rank, Text *out)
{
  for (guint i = 0; i < n; i++)
    by_rank[rank[state[i].attr]] = state[i].value;
  char prefix[32];
  int prefix_len = g_snprintf (prefix, sizeof prefix, "%" G_GUINT64_FORMAT "\t", t);
  for (guint r = 0; r < n_ranks; r++)
    {
      if (by_rank[r] == LTTV_VALUE_NONE)
        continue;
      char buf[32];
      const char *v = lttv_history_format_value (s->history, by_rank[r], buf);
      by_rank[r] = LTTV_VALUE_NONE;   /* ready for the next time */
      text_add (out, prefix, (gsize) prefix_len);
      text_add (out, paths[r], strlen (paths[r]));
      text_add (out, "\t", 1);
      text_add (out, v, strlen (v));
      text_add (out, "\n", 1);
    }
}

guint
lttv_state_print_sorted (LttvState *s, const LttvTime *times, guint n,
                         LttvStateTextFunc func, gpointer data)
{
  g_autoptr (LttvFullStates) states = query_states (s, times, n);
  guint printed = lttv_full_states_n_answered (states);
  g_autofree guint32 *rank = NULL;
  g_autoptr (GArray) order = printed_in_path_order (s, states, printed, &rank);
  guint n_ranks = order->len;
  g_autofree LttvValue *by_rank = g_new (LttvValue, MAX (1, n_ranks));
  g_autofree const char **paths = g_new (const char *, MAX (1, n_ranks));
  for (guint r = 0; r < n_ranks; r++)
    {
      by_rank[r] = LTTV_VALUE_NONE;
      paths[r] = path_of (s, g_array_index (order, LttvAttr, r));
    }
  /* One buffer for every time: growing it again for each would cost
   * fresh pages, each a fault. */
  Text out = { g_malloc (64 * 1024), 0, 64 * 1024 };
  for (guint k = 0; k < printed; k++)
    {
      guint n_values;
      const LttvAttrValue *values = lttv_full_states_at (states, k, &n_values);
      out.len = 0;
      print_state (s, times[k], values, n_values, paths, rank, n_ranks, by_rank, &out);
      func (out.data, out.len, data);
    }
  g_free (out.data);
  return printed;
}

static void
append_text (const char *text, gsize len, gpointer out)
{
  g_string_append_len (out, text, (gssize) len);
}

gboolean
lttv_state_print (LttvState *s, LttvTime t, GString *out)
{
  return lttv_state_print_sorted (s, &t, 1, append_text, out) == 1;
}
