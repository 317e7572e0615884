/* SPDX-License-Identifier: GPL-2.0-or-later */
/* stats-text: the statistics viewer's tree as text (what its Copy puts on
 * the clipboard), for the whole traceset, built without the cache: a tree
 * per trace (the root named "traceset" when there are several), traps per
 * CPU and thread.
 *
 *   stats-text TRACE... */
#include "config.h"

#include <stdio.h>

#include <lttv/lttv.h>

#include "statistics-model.h"

int
main (int argc, char **argv)
{
  if (argc < 2)
    {
      fprintf (stderr, "usage: stats-text TRACE...\n");
      return 2;
    }
  g_autoptr (GError) error = NULL;
  g_autoptr (LttvTraceset) ts = lttv_traceset_open ((const char *const *) argv + 1, &error);
  if (ts == NULL)
    {
      fprintf (stderr, "stats-text: %s\n", error->message);
      return 1;
    }
  g_autoptr (LttvState) s = lttv_state_new (ts);
  if (!lttv_state_build (s, FALSE, LTTV_CANCEL_NONE, &error))
    {
      fprintf (stderr, "stats-text: %s\n", error->message);
      return 1;
    }
  LttvTime t0 = MIN (lttv_traceset_begin (ts), lttv_history_begin (lttv_state_get_history (s)));
  g_autoptr (LttvStats) st = lttv_stats_compute (s, t0, G_MAXUINT64, &error);
  if (st == NULL)
    {
      fprintf (stderr, "stats-text: %s\n", error->message);
      return 1;
    }
  g_autoptr (GtkTreeStore) store = statistics_model_new ();
  g_autoptr (GPtrArray) groups = statistics_groups_new (ts);
  g_autoptr (StatsTraps) traps = NULL;
  if (stats_traceset_has_traps (ts)
      && (traps = stats_traps_count (s, (const char *const *) argv + 1, t0, G_MAXUINT64, NULL, NULL,
                                     NULL, &error)) == NULL)
    {
      fprintf (stderr, "stats-text: %s\n", error->message);
      return 1;
    }
  statistics_model_fill_groups (store, "traceset", groups, st,
                                lttv_density_count_discarded (lttv_state_get_density (s), t0, G_MAXUINT64),
                                traps, lttv_state_get_history (s));
  g_autofree char *text = statistics_model_to_text (GTK_TREE_MODEL (store), NULL);
  fputs (text, stdout);
  return 0;
}
