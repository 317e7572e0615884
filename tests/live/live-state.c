/* SPDX-License-Identifier: GPL-2.0-or-later */
/* live-state URL | live-state --stored PATH: the state of a live session
 * built as it arrives (the open traceset grown in place after each poll,
 * the state built on up to the complete time: lttv_traceset_grow,
 * lttv_state_build_more), or of a stored trace built whole; prints what
 * test-live-state.sh compares: the events, the checkpoints, the state at
 * each checkpoint's time. On stderr: how many steps, grows and events
 * applied (each once). */
#include <stdio.h>
#include <string.h>

#include <lttv/lttv.h>
#include <lttv/live.h>
#include <lttv/state.h>

static void
print_state (LttvState *s)
{
  g_autoptr (GString) out = g_string_new (NULL);
  guint n = lttv_state_n_checkpoints (s);
  printf ("events %" G_GUINT64_FORMAT "\ncheckpoints %u\n", lttv_state_n_events (s), n);
  for (guint i = 0; i < n; i++)
    {
      const LttvCheckpoint *cp = lttv_state_get_checkpoint (s, i);
      g_string_truncate (out, 0);
      lttv_state_print (s, cp->time, out);
      printf ("checkpoint %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT "\n%s", cp->rank,
              (guint64) cp->time, out->str);
    }
}

static int
stored (const char *path)
{
  const char *paths[] = { path, NULL };
  g_autoptr (GError) error = NULL;
  g_autoptr (LttvTraceset) ts = lttv_traceset_open (paths, &error);
  if (ts == NULL)
    {
      fprintf (stderr, "live-state: %s\n", error->message);
      return 1;
    }
  g_autoptr (LttvState) s = lttv_state_new (ts);
  if (!lttv_state_build (s, FALSE, LTTV_CANCEL_NONE, &error))
    {
      fprintf (stderr, "live-state: %s\n", error->message);
      return 1;
    }
  print_state (s);
  return 0;
}

int
main (int argc, char **argv)
{
  if (argc == 3 && strcmp (argv[1], "--stored") == 0)
    return stored (argv[2]);
  if (argc != 2)
    {
      fprintf (stderr, "usage: live-state URL | live-state --stored PATH\n");
      return 2;
    }
  g_autoptr (GError) error = NULL;
  g_autoptr (LttvLive) live = lttv_live_attach (argv[1], &error);
  if (live == NULL)
    {
      fprintf (stderr, "live-state: %s\n", error->message);
      return 1;
    }
  LttvTraceset *ts = NULL;
  LttvState *s = NULL;
  guint steps = 0, grows = 0;
  guint64 packets = 0;
  for (;;)
    {
      LttvLiveStatus st = lttv_live_poll (live, &error);
      if (st == LTTV_LIVE_ERROR)
        {
          fprintf (stderr, "live-state: %s\n", error->message);
          return 1;
        }
      if (lttv_live_n_packets (live) > 0 && ts == NULL)
        {
          const char *paths[] = { lttv_live_folder (live), NULL };
          if ((ts = lttv_traceset_open_growable (paths, &error)) == NULL)
            {
              fprintf (stderr, "live-state: %s\n", error->message);
              return 1;
            }
          s = lttv_state_new (ts);
          packets = lttv_live_n_packets (live);
        }
      else if (ts != NULL && lttv_live_n_packets (live) != packets)
        {
          guint64 n_new = 0;
          if (!lttv_traceset_grow (ts, &n_new, &error))
            {
              fprintf (stderr, "live-state: %s\n", error->message);
              return 1;
            }
          packets = lttv_live_n_packets (live);
          grows++;
        }
      if (s != NULL)
        {
          LttvTime until = st == LTTV_LIVE_ENDED ? LTTV_TIME_NONE
                                                 : lttv_live_complete_before (live, ts);
          if (until > 0 && !lttv_state_build_more (s, until, LTTV_CANCEL_NONE, &error))
            {
              fprintf (stderr, "live-state: %s\n", error->message);
              return 1;
            }
          if (until > 0)
            steps++;
        }
      if (st == LTTV_LIVE_ENDED)
        break;
      if (st == LTTV_LIVE_IDLE)
        g_usleep (50000);
    }
  if (s == NULL)
    {
      fprintf (stderr, "live-state: no event arrived\n");
      return 1;
    }
  fprintf (stderr, "steps %u grows %u applied %" G_GUINT64_FORMAT "\n", steps, grows,
           lttv_state_events_applied (s));
  print_state (s);
  lttv_state_free (s);
  lttv_traceset_free (ts);
  return 0;
}
