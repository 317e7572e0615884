/* SPDX-License-Identifier: GPL-2.0-or-later */
/* lttv state --at=T[,T...] TRACE...: the state of the system at each time
 * (docs/cli.md), from the state history (built, or loaded from the cache). */
#include "config.h"

#include <glib.h>
#include <glib/gi18n.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lttv/lttv.h>

#include "cli-common.h"
#include "commands.h"
#include "state-before.h"

/* Times answered by one pass over the history (lttv_state_print_sorted):
 * enough to share the pass, few enough to bound the memory of the states
 * kept meanwhile. */
#define STATE_TIMES_PER_PASS 256

static void
write_text (const char *text, gsize len, gpointer out)
{
  fwrite (text, 1, len, out);
}

static int
compare_times (gconstpointer a, gconstpointer b)
{
  LttvTime x = *(const LttvTime *) a, y = *(const LttvTime *) b;
  return x < y ? -1 : x > y;
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
  int usage = lttv_cli_parse (ctx, "state", &argc, &argv, &paths);
  if (usage != 0)
    return usage;

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

  /* Each time once; then in batches, each one pass over the history,
   * printed as it comes. */
  guint n = 0;
  LttvTime *t = (LttvTime *) times->data;
  for (guint i = 0; i < times->len; i++)
    if (n == 0 || t[i] != t[n - 1])
      t[n++] = t[i];
  /* Before the first event nothing has happened: the statedump's threads
   * are all that is known, and the user is told why so little. */
  guint first = 0;
  LttvTime begin = lttv_traceset_begin (ts);
  g_autoptr (GPtrArray) known = NULL;
  for (; first < n && begin != LTTV_TIME_NONE && t[first] < begin; first++)
    {
      char when[32], asked[32];
      lttv_time_format_seconds (begin, when);
      g_snprintf (asked, sizeof asked, "%" G_GUINT64_FORMAT, t[first]);
      fprintf (stderr, _("lttv state: %s precedes the first event (%s): only "
                         "the statedump's threads are known\n"), asked, when);
      if (known == NULL)
        known = state_before_statedump (ts);
      for (guint k = 0; k < known->len; k++)
        printf ("%" G_GUINT64_FORMAT "\t%s\n", t[first],
                (const char *) known->pdata[k]);
    }
  t += first;
  n -= first;
  for (guint i = 0; i < n; i += STATE_TIMES_PER_PASS)
    {
      guint batch = MIN (STATE_TIMES_PER_PASS, n - i);
      if (lttv_state_print_sorted (state, t + i, batch, write_text, stdout) < batch)
        break;
    }
  lttv_cli_close (state, ts);
  return status;
}
