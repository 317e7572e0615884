/* SPDX-License-Identifier: GPL-2.0-or-later */
/* check-wakeups TRACE: the state's wakeup edges (lttv_state_wakeups), one
 * a line, TIME WAKEE WAKER CPU KIND ID, for test-critpath.sh; with
 * LTTV_CHECK_CACHE=1 the state is saved to the cache and loaded back
 * first. */
#include <stdio.h>

#include <lttv/lttv.h>

int
main (int argc, char **argv)
{
  if (argc < 2)
    {
      fprintf (stderr, "usage: check-wakeups TRACE...\n");
      return 2;
    }
  g_autoptr (GError) error = NULL;
  LttvTraceset *ts = lttv_traceset_open ((const char *const *) argv + 1, &error);
  if (ts == NULL)
    {
      fprintf (stderr, "check-wakeups: %s\n", error->message);
      return 1;
    }
  gboolean cache = g_strcmp0 (g_getenv ("LTTV_CHECK_CACHE"), "1") == 0;
  LttvState *s = lttv_state_new (ts);
  if (!lttv_state_build (s, cache, LTTV_CANCEL_NONE, &error))
    {
      fprintf (stderr, "check-wakeups: %s\n", error->message);
      return 1;
    }
  if (cache)
    {
      lttv_state_free (s);
      s = lttv_state_new (ts);
      if (!lttv_state_build (s, TRUE, LTTV_CANCEL_NONE, &error) || !lttv_state_from_cache (s))
        {
          fprintf (stderr, "check-wakeups: not loaded from the cache\n");
          return 1;
        }
    }
  static const char *const kinds[] = { "thread", "irq", "softirq", "timer", "unknown" };
  const GArray *w = lttv_state_wakeups (s);
  for (guint i = 0; i < w->len; i++)
    {
      const LttvWakeup *e = &g_array_index (w, LttvWakeup, i);
      printf ("%" G_GUINT64_FORMAT "\t%" G_GINT64_FORMAT "\t%" G_GINT64_FORMAT "\t%d\t%s\t%d\n",
              e->time, e->wakee, e->waker, e->cpu,
              e->kind >= 0 && e->kind <= LTTV_WAKER_UNKNOWN ? kinds[e->kind] : "?", e->id);
      if (lttv_state_wakeup_at (s, e->wakee, e->time) == NULL)
        printf ("# lttv_state_wakeup_at does not find it\n");
    }
  lttv_state_free (s);
  lttv_traceset_free (ts);
  return 0;
}
