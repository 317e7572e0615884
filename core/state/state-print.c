/* The state at one time as `lttv state` prints it (docs/cli.md). The
 * attributes' paths, sorted, are computed once per state and reused for
 * every time asked. */
#include "config.h"

#include <string.h>

#include "state-private.h"

typedef struct {
  char *path;
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
  if (s->paths == NULL)
    return;
  for (guint i = 0; i < s->paths->len; i++)
    g_free (g_array_index (s->paths, PathEntry, i).path);
  g_array_unref (s->paths);
  s->paths = NULL;
}

static GArray *
sorted_paths (LttvState *s)
{
  LttvHistory *h = s->history;
  guint n = lttv_history_n_attrs (h);
  if (s->paths != NULL && s->paths->len == n)
    return s->paths;
  state_paths_free (s);
  s->paths = g_array_sized_new (FALSE, FALSE, sizeof (PathEntry), n);
  for (guint i = 0; i < n; i++)
    {
      PathEntry e = { lttv_history_attr_path (h, i), i };
      g_array_append_val (s->paths, e);
    }
  g_array_sort (s->paths, compare_paths);
  return s->paths;
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
  GArray *paths = sorted_paths (s);
  char prefix[32];
  int prefix_len = g_snprintf (prefix, sizeof prefix, "%" G_GUINT64_FORMAT "\t", t);
  for (guint i = 0; i < paths->len; i++)
    {
      const PathEntry *e = &g_array_index (paths, PathEntry, i);
      if (e->attr >= n || values[e->attr] == LTTV_VALUE_NONE)
        continue;
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
