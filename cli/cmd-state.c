/* lttv state --at=T[,T...] TRACE...: the state of the system at each time
 * (docs/cli.md), from the state history (built, or loaded from the cache). */
#include "config.h"

#include <glib.h>
#include <glib/gi18n.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lttv/lttv.h>

#include "commands.h"

static int
compare_times (gconstpointer a, gconstpointer b)
{
  LttvTime x = *(const LttvTime *) a, y = *(const LttvTime *) b;
  return x < y ? -1 : x > y;
}

/* Opens the traceset and builds its state; prints problems as
 * "lttv: PATH: WHERE: WHAT". Sets *status to 1 when something could not be
 * read; returns NULL when nothing could. */
LttvState *
lttv_cli_open_state (char **paths, gboolean use_cache, LttvTraceset **ts_out,
                     int *status)
{
  g_autoptr (GError) error = NULL;
  LttvTraceset *ts = lttv_traceset_open ((const char *const *) paths, &error);
  if (ts == NULL)
    {
      fprintf (stderr, "lttv: %s\n", error->message);
      *status = 1;
      return NULL;
    }
  const GPtrArray *problems = lttv_traceset_get_problems (ts);
  for (guint i = 0; problems != NULL && i < problems->len; i++)
    {
      fprintf (stderr, "lttv: %s\n", ((GError *) g_ptr_array_index (problems, i))->message);
      *status = 1;
    }
  LttvState *state = lttv_state_new (ts);
  if (!lttv_state_build (state, use_cache, NULL, &error))
    {
      /* What was read before the fault is still shown. */
      fprintf (stderr, "lttv: %s\n", error->message);
      *status = 1;
    }
  *ts_out = ts;
  return state;
}

int
lttv_cmd_state (int argc, char **argv)
{
  g_autofree char *at = NULL;
  gboolean no_cache = FALSE;
  g_auto (GStrv) paths = NULL;
  GOptionEntry entries[] = {
    { "at", 0, 0, G_OPTION_ARG_STRING, &at,
      N_("Times to print the state at (comma-separated)"), N_("T[,T...]") },
    { "no-cache", 0, 0, G_OPTION_ARG_NONE, &no_cache,
      N_("Neither read nor write the state cache"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &paths, NULL,
      N_("TRACE...") },
    { NULL, 0, 0, 0, NULL, NULL, NULL },
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new (NULL);
  g_option_context_set_summary (ctx, _("Print the state of the system at given times."));
  g_option_context_add_main_entries (ctx, entries, GETTEXT_PACKAGE);
  g_autoptr (GError) error = NULL;
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    {
      fprintf (stderr, "lttv state: %s\n", error->message);
      return 2;
    }
  if (paths == NULL || paths[0] == NULL)
    {
      fprintf (stderr, _("lttv state: no trace given\n"));
      return 2;
    }

  int status = 0;
  LttvTraceset *ts = NULL;
  LttvState *state = lttv_cli_open_state (paths, !no_cache, &ts, &status);
  if (state == NULL)
    return status;

  LttvHistory *h = lttv_state_get_history (state);
  LttvTime end = lttv_history_committed_end (h);
  g_autoptr (GArray) times = g_array_new (FALSE, FALSE, sizeof (LttvTime));
  if (at != NULL)
    {
      g_auto (GStrv) parts = g_strsplit (at, ",", -1);
      for (guint i = 0; parts[i] != NULL; i++)
        {
          LttvTime t;
          if (!lttv_time_parse (g_strstrip (parts[i]), lttv_traceset_begin (ts), &t, &error))
            {
              fprintf (stderr, "lttv state: %s\n", error->message);
              lttv_state_free (state);
              lttv_traceset_free (ts);
              return 2;
            }
          g_array_append_val (times, t);
        }
      g_array_sort (times, compare_times);
    }
  else if (end != LTTV_TIME_NONE)
    g_array_append_val (times, end);

  GString *out = g_string_new (NULL);
  for (guint i = 0; i < times->len; i++)
    {
      LttvTime t = g_array_index (times, LttvTime, i);
      if (i > 0 && t == g_array_index (times, LttvTime, i - 1))
        continue;
      g_string_truncate (out, 0);
      if (lttv_state_print (state, t, out))
        fputs (out->str, stdout);
    }
  g_string_free (out, TRUE);
  lttv_state_free (state);
  lttv_traceset_free (ts);
  return status;
}
