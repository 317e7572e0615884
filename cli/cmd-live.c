/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cmd-live.c: `lttv info net://HOST` and `lttv dump net://.../SESSION`
 * (docs/cli.md): a relay daemon's sessions, and a session's events printed
 * as they arrive. */
#include "config.h"

#include <glib.h>
#include <glib/gi18n.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include <lttv/event-format.h>
#include <lttv/lttv.h>

#include "cli-common.h"
#include "commands.h"

gboolean
lttv_cli_is_live_url (const char *arg)
{
  return g_str_has_prefix (arg, "net://") || g_str_has_prefix (arg, "net4://")
    || g_str_has_prefix (arg, "net6://");
}

int
lttv_cli_live_info (const char *url)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) sessions = lttv_live_list_sessions (url, &error);
  if (sessions == NULL)
    {
      fprintf (stderr, "lttv: %s\n", error->message);
      return 1;
    }
  /* babeltrace2 --input-format=lttng-live's lines */
  for (guint i = 0; i < sessions->len; i++)
    {
      const LttvLiveSession *s = sessions->pdata[i];
      printf ("%s (timer = %u, %u stream(s), %u client(s) connected)\n",
              s->url, s->live_timer, s->streams, s->clients);
    }
  return 0;
}

static volatile sig_atomic_t stop_signal;

static void
on_signal (int sig)
{
  stop_signal = sig;
}

/* The events of the mirror in [*from, bound), printed; *from moves to
 * bound. Returns FALSE with `error` set when the folder cannot be read. */
static gboolean
print_range (LttvLive *live, gboolean all, LttvTime *from,
             LttvTextFormat *fmt, GString *out, gboolean *problems,
             GError **error)
{
  const char *paths[] = { lttv_live_folder (live), NULL };
  g_autoptr (LttvTraceset) ts = lttv_traceset_open (paths, error);
  if (ts == NULL)
    return FALSE;
  LttvTime bound = all ? LTTV_TIME_NONE
    : lttv_live_complete_before (live, ts);
  if (bound <= *from && !all)
    return TRUE;
  if (all)
    {
      const GPtrArray *p = lttv_traceset_get_problems (ts);
      for (guint i = 0; i < p->len; i++)
        fprintf (stderr, "lttv: %s\n", ((GError *) p->pdata[i])->message);
      *problems = p->len > 0;
    }
  g_autoptr (LttvIter) it = lttv_iter_new_to_end (ts);
  if (*from > 0 && !lttv_iter_seek_time (it, *from, error))
    return FALSE;
  const LttvEvent *ev;
  while ((ev = lttv_iter_next (it, error)) != NULL)
    {
      if (lttv_event_time (ev) >= bound)
        break;
      lttv_text_format_event (fmt, ev, out);
      if (out->len >= (1 << 16))
        {
          fwrite (out->str, 1, out->len, stdout);
          g_string_truncate (out, 0);
        }
    }
  fwrite (out->str, 1, out->len, stdout);
  g_string_truncate (out, 0);
  fflush (stdout);
  if (error != NULL && *error != NULL)
    return FALSE;
  *from = bound;
  return TRUE;
}

/* LTTV_LIVE_POLL_MS between polls that found nothing (100 by default, as
 * babeltrace2 retries). */
static gulong
poll_interval_us (void)
{
  const char *v = g_getenv ("LTTV_LIVE_POLL_MS");
  guint64 ms = v != NULL ? g_ascii_strtoull (v, NULL, 10) : 100;
  return (gulong) (CLAMP (ms, 1, 10000) * 1000);
}

/* LTTV_LIVE_RETRIES reconnections in a row before giving up (5 by
 * default: some 17 s, lttv_live_retry_delay()). */
static guint
retry_attempts (void)
{
  const char *v = g_getenv ("LTTV_LIVE_RETRIES");
  return v != NULL ? (guint) MIN (g_ascii_strtoull (v, NULL, 10), 1000) : 5;
}

int
lttv_cli_live_dump (const char *url)
{
  /* G_MESSAGES_DEBUG=lttv-live traces the protocol: on stderr, not
   * among the events */
#if GLIB_CHECK_VERSION(2, 68, 0)
  g_log_writer_default_set_use_stderr (TRUE);
#endif
  g_autoptr (GError) error = NULL;
  g_autoptr (LttvLive) live = lttv_live_attach (url, &error);
  if (live == NULL)
    {
      fprintf (stderr, "lttv: %s\n", error->message);
      return 1;
    }
  struct sigaction sa = { .sa_handler = on_signal };
  sigaction (SIGINT, &sa, NULL);
  sigaction (SIGTERM, &sa, NULL);
  sigaction (SIGHUP, &sa, NULL);

  g_autoptr (LttvTextFormat) fmt = lttv_text_format_new ();
  GString *out = g_string_sized_new (1 << 17);
  LttvTime from = 0;
  gboolean problems = FALSE;
  int status = 0;
  gulong interval = poll_interval_us ();
  guint attempt = 0, max_attempts = retry_attempts ();
  for (;;)
    {
      LttvLiveStatus st = lttv_live_poll (live, &error);
      /* A lost connection is retried, as the GUI does: what arrived
       * stays mirrored, nothing is printed twice. */
      while (st == LTTV_LIVE_ERROR && attempt < max_attempts
             && stop_signal == 0)
        {
          guint delay = lttv_live_retry_delay (attempt++);
          fprintf (stderr, "lttv: %s; reconnecting in %u ms\n",
                   error->message, delay);
          g_clear_error (&error);
          for (guint slept = 0; slept < delay && stop_signal == 0;
               slept += 50)
            g_usleep (50000);
          if (stop_signal != 0)
            {
              st = LTTV_LIVE_IDLE;
              break;
            }
          if (lttv_live_reconnect (live, &error))
            {
              fprintf (stderr, "lttv: %s: reconnected\n", url);
              attempt = 0;
              st = lttv_live_poll (live, &error);
            }
        }
      gboolean over = st == LTTV_LIVE_ENDED || st == LTTV_LIVE_ERROR
        || stop_signal != 0;
      if (st == LTTV_LIVE_ERROR)
        {
          /* what arrived is printed before the reason it stopped */
          fprintf (stderr, "lttv: %s\n", error->message);
          g_clear_error (&error);
          status = 1;
        }
      if ((st != LTTV_LIVE_IDLE || over) && lttv_live_n_packets (live) > 0
          && !print_range (live, over, &from, fmt, out, &problems, &error))
        {
          fprintf (stderr, "lttv: %s\n", error->message);
          g_clear_error (&error);
          status = 1;
          over = TRUE;
        }
      if (over)
        break;
      if (st == LTTV_LIVE_IDLE)
        g_usleep (interval);
    }
  g_string_free (out, TRUE);
  if (stop_signal != 0)
    return 128 + stop_signal;
  return problems ? 1 : status;
}
