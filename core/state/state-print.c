/* The state at one time as `lttv state` prints it (docs/cli.md). */
#include "config.h"

#include <string.h>

#include "state-private.h"

typedef struct {
  char *path;
  char *value;
} Line;

static int
compare_lines (gconstpointer a, gconstpointer b)
{
  return strcmp (((const Line *) a)->path, ((const Line *) b)->path);
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
  GArray *lines = g_array_new (FALSE, FALSE, sizeof (Line));
  for (guint i = 0; i < n; i++)
    {
      if (values[i] == LTTV_VALUE_NONE)
        continue;
      char buf[32];
      Line line = { lttv_history_attr_path (h, i),
                    g_strdup (lttv_history_format_value (h, values[i], buf)) };
      g_array_append_val (lines, line);
    }
  g_array_sort (lines, compare_lines);
  for (guint i = 0; i < lines->len; i++)
    {
      Line *l = &g_array_index (lines, Line, i);
      g_string_append_printf (out, "%" G_GUINT64_FORMAT "\t%s\t%s\n", t,
                              l->path, l->value);
      g_free (l->path);
      g_free (l->value);
    }
  g_array_unref (lines);
  return TRUE;
}
