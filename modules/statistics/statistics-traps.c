/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Trap events of a range per CPU and per thread (statistics-traps.h). */
#include "config.h"

#include <string.h>

#include "statistics-traps.h"

gboolean
stats_is_trap (const char *name)
{
  return strstr (name, "exceptions") != NULL || strstr (name, "trap") != NULL
         || strstr (name, "page_fault") != NULL;
}

gboolean
stats_traceset_has_traps (const LttvTraceset *ts)
{
  for (guint i = 0; ts != NULL && i < lttv_traceset_n_traces (ts); i++)
    {
      const LttvTrace *trace = lttv_traceset_get_trace (ts, i);
      for (guint k = 0; k < lttv_trace_n_event_classes (trace); k++)
        if (stats_is_trap (lttv_event_class_name (lttv_trace_get_event_class (trace, k))))
          return TRUE;
    }
  return FALSE;
}

void
stats_traps_free (StatsTraps *traps)
{
  if (traps == NULL)
    return;
  for (guint k = 0; k < 2; k++)
    {
      GArray *a = k == 0 ? traps->cpus : traps->threads;
      for (guint i = 0; a != NULL && i < a->len; i++)
        {
          g_free (g_array_index (a, LttvStatsItem, i).owner);
          g_free (g_array_index (a, LttvStatsItem, i).name);
        }
      if (a != NULL)
        g_array_unref (a);
    }
  g_free (traps);
}

/* Counts keyed "owner\tname"; looked up with a key on the stack, so that
 * only a new pair allocates. */
static void
bump (GHashTable *counts, const char *owner, const char *name)
{
  char key[160];
  guint64 *n;

  g_snprintf (key, sizeof key, "%s\t%s", owner, name);
  if ((n = g_hash_table_lookup (counts, key)) == NULL)
    {
      n = g_new0 (guint64, 1);
      g_hash_table_insert (counts, g_strdup (key), n);
    }
  (*n)++;
}

static int
compare_items (gconstpointer a, gconstpointer b)
{
  const LttvStatsItem *x = a, *y = b;
  int c = strcmp (x->owner, y->owner);
  return c != 0 ? c : strcmp (x->name, y->name);
}

static GArray *
to_items (GHashTable *counts)
{
  GArray *items = g_array_new (FALSE, FALSE, sizeof (LttvStatsItem));
  GHashTableIter iter;
  gpointer key, value;

  g_hash_table_iter_init (&iter, counts);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      const char *tab = strchr (key, '\t');
      LttvStatsItem it = { g_strndup (key, tab - (const char *) key), g_strdup (tab + 1),
                           *(guint64 *) value, 0 };
      g_array_append_val (items, it);
    }
  g_array_sort (items, compare_items);
  return items;
}

StatsTraps *
stats_traps_count (LttvState *s, const char *const *paths, LttvTime t0, LttvTime t1,
                   StatsTrapsProgress progress, gpointer data, GCancellable *cancellable,
                   GError **error)
{
  g_autoptr (LttvTraceset) ts = lttv_traceset_open (paths, error);
  g_autoptr (GHashTable) cpus = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr (GHashTable) threads = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr (LttvStateThreads) lookup = NULL;
  g_autoptr (LttvIter) it = NULL;
  g_autoptr (GPtrArray) is_trap = NULL;     /* per trace: guint8 per class */
  const LttvTrace *last_trace = NULL;
  const guint8 *last_flags = NULL;
  GError *local = NULL;
  const LttvEvent *ev;
  StatsTraps *traps;
  LttvTime end;
  guint64 n = 0, total = 0;

  if (ts == NULL)
    return NULL;
  is_trap = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < lttv_traceset_n_traces (ts); i++)
    {
      const LttvTrace *trace = lttv_traceset_get_trace (ts, i);
      guint8 *flags = g_new0 (guint8, MAX (lttv_trace_n_event_classes (trace), 1));
      for (guint k = 0; k < lttv_trace_n_event_classes (trace); k++)
        flags[k] = stats_is_trap (lttv_event_class_name (lttv_trace_get_event_class (trace, k)));
      g_ptr_array_add (is_trap, flags);
    }
  end = MIN (t1, lttv_traceset_end (ts));
  it = lttv_iter_new (ts);
  lookup = lttv_state_threads_new (s);
  if (!lttv_iter_seek_time (it, t0, error))
    return NULL;
  while ((ev = lttv_iter_next (it, &local)) != NULL)
    {
      LttvTime t = lttv_event_time (ev);
      const LttvEventClass *ec;
      const LttvTrace *trace;

      if (t > t1)
        break;
      if ((++n & 0xffff) == 0)
        {
          if (g_cancellable_set_error_if_cancelled (cancellable, error))
            return NULL;
          if (progress != NULL && end > t0)
            progress ((double) (t - t0) / (double) (end - t0), n, data);
        }
      ec = lttv_event_get_class (ev);
      trace = lttv_event_class_trace (ec);
      if (trace != last_trace)
        {
          last_trace = trace;
          last_flags = NULL;
          for (guint i = 0; i < lttv_traceset_n_traces (ts); i++)
            if (lttv_traceset_get_trace (ts, i) == trace)
              last_flags = is_trap->pdata[i];
        }
      if (last_flags != NULL && last_flags[lttv_event_class_index (ec)])
        {
          int cpu = lttv_event_cpu (ev);
          LttvStateThread th;
          char owner[32];

          total++;
          g_snprintf (owner, sizeof owner, "%d", cpu);
          bump (cpus, owner, lttv_event_class_name (ec));
          if (cpu >= 0 && lttv_state_threads_lookup (lookup, t, cpu, &th) && th.tid >= 0)
            {
              if (th.tid == 0)
                g_snprintf (owner, sizeof owner, "0_%d", cpu);
              else
                g_snprintf (owner, sizeof owner, "%" G_GINT64_FORMAT, (gint64) th.tid);
              bump (threads, owner, lttv_event_class_name (ec));
            }
        }
    }
  if (local != NULL)
    {
      g_propagate_error (error, local);
      return NULL;
    }
  traps = g_new0 (StatsTraps, 1);
  traps->cpus = to_items (cpus);
  traps->threads = to_items (threads);
  traps->total = total;
  traps->events_read = n;
  return traps;
}
