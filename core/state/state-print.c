/* The state at one time as `lttv state` prints it (docs/cli.md). Only the
 * attributes holding a value are printed: their paths are made once, when
 * first printed, and only they are sorted. */
#include "config.h"

#include <string.h>

#include "state-private.h"

typedef struct {
  const char *path;
  LttvAttr attr;
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

gboolean
lttv_state_print (LttvState *s, LttvTime t, GString *out)
{
  LttvHistory *h = s->history;
  guint n = 0;
  /* After the end of a finished history nothing changes: the state at the
   * end holds. */
  LttvTime end = lttv_history_committed_end (h);
  LttvTime q = lttv_history_is_finished (h) && end != LTTV_TIME_NONE && t > end
               ? end : t;
  g_autofree LttvValue *values = lttv_history_query_full (h, q, &n);
  if (values == NULL)
    return FALSE;
  g_autoptr (GError) damage = NULL;
  if (!lttv_history_check (h, &damage))
    {
      /* A damaged block of the cache: never printed, the state is built
       * again from the trace (and the cache rewritten). */
      g_debug ("%s: building the state again", damage->message);
      g_autoptr (GError) error = NULL;
      if (!state_rebuild (s, &error))
        g_debug ("%s", error->message);
      h = s->history;
      g_free (values);
      values = lttv_history_query_full (h, q, &n);
      if (values == NULL)
        return FALSE;
    }
  g_autoptr (GArray) shown = g_array_new (FALSE, FALSE, sizeof (PathEntry));
  for (guint i = 0; i < n; i++)
    if (values[i] != LTTV_VALUE_NONE)
      {
        PathEntry e = { path_of (s, i), i };
        g_array_append_val (shown, e);
      }
  g_array_sort (shown, compare_paths);
  char prefix[32];
  int prefix_len = g_snprintf (prefix, sizeof prefix, "%" G_GUINT64_FORMAT "\t", t);
  for (guint i = 0; i < shown->len; i++)
    {
      const PathEntry *e = &g_array_index (shown, PathEntry, i);
      char buf[32];
      const char *v = lttv_history_format_value (h, values[e->attr], buf);
      g_string_append_len (out, prefix, prefix_len);
      g_string_append (out, e->path);
      g_string_append_c (out, '\t');
      g_string_append (out, v);
      g_string_append_c (out, '\n');
    }
  return TRUE;
}
