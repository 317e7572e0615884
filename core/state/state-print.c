/* The state at given times as `lttv state` prints it (docs/cli.md). Only
 * the attributes holding a value are printed: their paths are made once,
 * when first printed, and only they are sorted. */
#include "config.h"

#include <string.h>

#include "state-private.h"

typedef struct {
  const char *path;
  LttvValue value;
} PathEntry;

static int
compare_paths (gconstpointer a, gconstpointer b)
{
  return strcmp (((const PathEntry *) a)->path, ((const PathEntry *) b)->path);
}

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
 * changes, the state at the end holds (still in increasing order). */
static LttvTime *
query_times (LttvHistory *h, const LttvTime *times, guint n)
{
  LttvTime end = lttv_history_committed_end (h);
  gboolean clamp = lttv_history_is_finished (h) && end != LTTV_TIME_NONE;
  LttvTime *q = g_new (LttvTime, MAX (1, n));
  for (guint k = 0; k < n; k++)
    q[k] = clamp && times[k] > end ? end : times[k];
  return q;
}

static LttvFullStates *
query_states (LttvState *s, const LttvTime *times, guint n)
{
  g_autofree LttvTime *q = query_times (s->history, times, n);
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
  q = query_times (s->history, times, n);
  return lttv_history_query_full_sorted (s->history, q, n);
}

static void
print_state (LttvState *s, LttvTime t, const LttvAttrValue *state, guint n, GArray *shown,
             GString *out)
{
  g_array_set_size (shown, 0);
  for (guint i = 0; i < n; i++)
    {
      const LttvAttrValue *av = &state[i];
      PathEntry e = { path_of (s, av->attr), av->value };
      g_array_append_val (shown, e);
    }
  g_array_sort (shown, compare_paths);
  char prefix[32];
  int prefix_len = g_snprintf (prefix, sizeof prefix, "%" G_GUINT64_FORMAT "\t", t);
  for (guint i = 0; i < shown->len; i++)
    {
      const PathEntry *e = &g_array_index (shown, PathEntry, i);
      char buf[32];
      const char *v = lttv_history_format_value (s->history, e->value, buf);
      g_string_append_len (out, prefix, prefix_len);
      g_string_append (out, e->path);
      g_string_append_c (out, '\t');
      g_string_append (out, v);
      g_string_append_c (out, '\n');
    }
}

guint
lttv_state_print_sorted (LttvState *s, const LttvTime *times, guint n,
                         LttvStateTextFunc func, gpointer data)
{
  g_autoptr (LttvFullStates) states = query_states (s, times, n);
  g_autoptr (GArray) shown = g_array_new (FALSE, FALSE, sizeof (PathEntry));
  /* One buffer for every time: growing it again for each would cost
   * fresh pages, each a fault. */
  GString *out = g_string_sized_new (64 * 1024);
  guint printed = lttv_full_states_n_answered (states);
  for (guint k = 0; k < printed; k++)
    {
      guint n_values;
      const LttvAttrValue *values = lttv_full_states_at (states, k, &n_values);
      g_string_truncate (out, 0);
      print_state (s, times[k], values, n_values, shown, out);
      func (out->str, out->len, data);
    }
  g_string_free (out, TRUE);
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
