/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "config.h"

#include <lttv/lttv.h>

#include "lttv-timeline-matches.h"

LttvTimelineMatches *
lttv_timeline_matches_new (LttvTime t0, LttvTime t1, int width, const char *filter, guint generation)
{
  LttvTimelineMatches *m = g_new0 (LttvTimelineMatches, 1);
  m->t0 = t0;
  m->t1 = MAX (t1, t0 + 1);
  m->width = MAX (width, 1);
  m->filter = g_strdup (filter);
  m->generation = generation;
  m->by_tid = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  m->by_cpu = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  return m;
}

void
lttv_timeline_matches_free (gpointer p)
{
  LttvTimelineMatches *m = p;
  if (m == NULL)
    return;
  g_free (m->filter);
  g_hash_table_destroy (m->by_tid);
  g_hash_table_destroy (m->by_cpu);
  g_free (m);
}

static void
mark (LttvTimelineMatches *m, GHashTable *table, gint64 key, guint x)
{
  guint8 *pixels = g_hash_table_lookup (table, &key);
  if (pixels == NULL)
    {
      gint64 *k = g_new (gint64, 1);
      *k = key;
      pixels = g_new0 (guint8, m->width);
      g_hash_table_insert (table, k, pixels);
    }
  pixels[x] = 1;
}

gboolean
lttv_timeline_matches_run (LttvTimelineMatches *m, LttvState *s, GCancellable *cancellable,
                           GError **error)
{
  g_autoptr (LttvFilter) filter = lttv_filter_new (m->filter, error);
  g_autoptr (LttvStateThreads) threads = NULL;
  g_autoptr (LttvIter) it = NULL;
  const LttvEvent *ev;
  guint64 read = 0;
  double per_px = (double) m->width / (double) (m->t1 - m->t0);

  if (filter == NULL)
    return FALSE;
  threads = lttv_state_threads_new (s);
  it = lttv_iter_new (lttv_state_get_traceset (s));
  if (!lttv_iter_seek_time (it, m->t0, error))
    return FALSE;
  while ((ev = lttv_iter_next (it, NULL)) != NULL)
    {
      LttvTime t = lttv_event_time (ev);
      LttvStateThread th;
      int cpu;

      if (t > m->t1)
        break;
      if ((++read & 0x3fff) == 0 && g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      if (t < m->t0 || !lttv_filter_match (filter, ev, lttv_state_threads_source (threads)))
        continue;
      guint x = (guint) MIN ((double) (t - m->t0) * per_px, (double) (m->width - 1));
      m->n_matches++;
      cpu = lttv_event_cpu (ev);
      if (cpu < 0)
        continue;
      mark (m, m->by_cpu, cpu, x);
      if (lttv_state_threads_lookup (threads, t, cpu, &th) && th.tid >= 0)
        mark (m, m->by_tid, th.tid, x);
    }
  return TRUE;
}

const guint8 *
lttv_timeline_matches_of_tid (const LttvTimelineMatches *m, gint64 tid)
{
  return g_hash_table_lookup (m->by_tid, &tid);
}

const guint8 *
lttv_timeline_matches_of_cpu (const LttvTimelineMatches *m, gint64 cpu)
{
  return g_hash_table_lookup (m->by_cpu, &cpu);
}
