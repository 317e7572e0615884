/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "asan.h"
#include "cli-common.h"

int
lttv_cli_parse (GOptionContext *ctx, const char *command, int *argc, char ***argv,
                char **const *traces)
{
  g_autoptr (GError) error = NULL;

  if (!g_option_context_parse (ctx, argc, argv, &error))
    {
      fprintf (stderr, "lttv %s: %s\n", command, error->message);
      return 2;
    }
  if (*traces == NULL || (*traces)[0] == NULL)
    {
      fprintf (stderr, _("lttv %s: no trace given\n"), command);
      return 2;
    }
  return 0;
}

int
lttv_cli_parse_format (const char *command, const char *format, gboolean *tsv)
{
  *tsv = format != NULL && strcmp (format, "tsv") == 0;
  if (format != NULL && !*tsv && strcmp (format, "text") != 0)
    {
      fprintf (stderr, _("lttv %s: unknown format '%s' (text or tsv)\n"), command, format);
      return 2;
    }
  return 0;
}

LttvTraceset *
lttv_cli_open_traceset (char **paths)
{
  g_autoptr (GError) error = NULL;
  LttvTraceset *ts = lttv_traceset_open ((const char *const *) paths, &error);

  if (ts == NULL)
    fprintf (stderr, "lttv: %s\n", error->message);
  return ts;
}

/* A test hook (LTTV_TEST_STOP_BUILD set): the process stops itself
 * (SIGSTOP) the first time the state build asks whether to cancel, after
 * its first events, so that a test can change the trace's files while
 * it is read (tests/ctf/cut-while-read.sh); never cancels. */
static gboolean
stop_once (gpointer data)
{
  gboolean *stopped = data;
  if (!*stopped)
    {
      *stopped = TRUE;
      raise (SIGSTOP);
    }
  return FALSE;
}

LttvState *
lttv_cli_open_state (char **paths, gboolean use_cache, LttvTraceset **ts_out,
                     int *status)
{
  g_autoptr (GError) error = NULL;
  LttvTraceset *ts = lttv_cli_open_traceset (paths);
  if (ts == NULL)
    {
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
  static gboolean stopped;
  LttvCancel cancel = LTTV_CANCEL_NONE;
  if (g_getenv ("LTTV_TEST_STOP_BUILD") != NULL)
    cancel = (LttvCancel) { stop_once, &stopped };
  if (!lttv_state_build (state, use_cache, cancel, &error))
    {
      /* What was read before the fault is still shown. */
      fprintf (stderr, "lttv: %s\n", error->message);
      *status = 1;
    }
  /* (a warning: the state is whole, the exit status stays) */
  if (lttv_state_cache_problem (state) != NULL)
    fprintf (stderr, _("lttv: warning: %s\n"), lttv_state_cache_problem (state));
  *ts_out = ts;
  return state;
}

void
lttv_cli_close (LttvState *state, LttvTraceset *ts)
{
#ifdef LTTV_ASAN
  if (state != NULL)
    lttv_state_free (state);
  lttv_traceset_free (ts);
#else
  (void) state;
  (void) ts;
#endif
}

void
lttv_cli_close_traceset (LttvCliTraceset *ts)
{
  lttv_cli_close (NULL, ts);
}
