/* SPDX-License-Identifier: GPL-2.0-or-later */
/* lttv critical-path --tid=N TRACE...: why a thread waited over a range
 * (docs/cli.md): the segments of its critical path and the time per
 * cause, as text or tab-separated. */
#include "config.h"

#include <glib.h>
#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include <lttv/lttv.h>

#include "cli-common.h"
#include "commands.h"

static void
print_tsv (LttvState *state, const GArray *segs, const GArray *causes,
           LttvTime t0, LttvTime t1)
{
  printf ("range\t%" G_GUINT64_FORMAT "\t%" G_GUINT64_FORMAT "\n", t0, t1);
  for (guint i = 0; i < segs->len; i++)
    {
      const LttvPathSegment *s = &g_array_index (segs, LttvPathSegment, i);
      printf ("segment\t%" G_GUINT64_FORMAT "\t%" G_GUINT64_FORMAT "\t%" G_GUINT64_FORMAT
              "\t%" G_GINT64_FORMAT "\t%s\t%" G_GINT64_FORMAT "\t%u\n",
              s->begin, s->end, s->end - s->begin, s->tid, lttv_path_kind_name (s->kind),
              s->other, s->depth);
    }
  for (guint i = 0; i < causes->len; i++)
    {
      const LttvPathCause *c = &g_array_index (causes, LttvPathCause, i);
      g_autofree char *what = lttv_path_describe (state, c->kind, c->tid, c->other, t1 - 1);
      printf ("cause\t%s\t%" G_GINT64_FORMAT "\t%" G_GINT64_FORMAT "\t%" G_GUINT64_FORMAT
              "\t%u\t%s\n", lttv_path_kind_name (c->kind), c->tid, c->other, c->total,
              c->count, what);
    }
}

static void
print_text (LttvState *state, int64_t tid, const GArray *segs, const GArray *causes,
            LttvTime t0, LttvTime t1)
{
  printf (_("Critical path of thread %lld from %.9f s to %.9f s (%.9f s)\n"),
          (long long) tid, t0 / 1e9, t1 / 1e9, (t1 - t0) / 1e9);
  printf (_("\n  begin (s)              duration (s)  what\n"));
  for (guint i = 0; i < segs->len; i++)
    {
      const LttvPathSegment *s = &g_array_index (segs, LttvPathSegment, i);
      g_autofree char *what = lttv_path_describe (state, s->kind, s->tid, s->other, s->begin);
      printf ("  %.9f  %12.9f  %*s%s\n", s->begin / 1e9, (s->end - s->begin) / 1e9,
              (int) MIN (s->depth, 32) * 2, "", what);
    }
  printf (_("\nTime per cause:\n"));
  for (guint i = 0; i < causes->len; i++)
    {
      const LttvPathCause *c = &g_array_index (causes, LttvPathCause, i);
      g_autofree char *what = lttv_path_describe (state, c->kind, c->tid, c->other, t1 - 1);
      printf ("  %5.1f %%  %12.9f s  %s\n", 100.0 * c->total / (double) (t1 - t0),
              c->total / 1e9, what);
    }
}

int
lttv_cmd_critpath (int argc, char **argv)
{
  g_autofree char *begin = NULL, *end = NULL, *format = NULL;
  gint64 tid = 0;
  gboolean no_cache = FALSE;
  g_auto (GStrv) paths = NULL;
  GOptionEntry entries[] = {
    { "tid", 0, 0, G_OPTION_ARG_INT64, &tid, N_("The thread (required)"), N_("N") },
    { "begin", 0, 0, G_OPTION_ARG_STRING, &begin, N_("Start of the range"), N_("T") },
    { "end", 0, 0, G_OPTION_ARG_STRING, &end, N_("End of the range (included)"), N_("T") },
    { "format", 0, 0, G_OPTION_ARG_STRING, &format, N_("Output format: text or tsv"), N_("FORMAT") },
    { "no-cache", 0, 0, G_OPTION_ARG_NONE, &no_cache,
      N_("Neither read nor write the state cache"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &paths, NULL, N_("TRACE...") },
    { NULL, 0, 0, 0, NULL, NULL, NULL },
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new (NULL);
  g_option_context_set_summary (ctx, _("Print the critical path of a thread: why it waited."));
  g_option_context_add_main_entries (ctx, entries, GETTEXT_PACKAGE);
  g_autoptr (GError) error = NULL;
  int usage = lttv_cli_parse (ctx, "critical-path", &argc, &argv, &paths);
  if (usage != 0)
    return usage;
  gboolean tsv;
  if (lttv_cli_parse_format ("critical-path", format, &tsv) != 0)
    return 2;
  if (tid <= 0)
    {
      fprintf (stderr, _("lttv critical-path: --tid=N is required (a thread, not 0)\n"));
      return 2;
    }

  int status = 0;
  LttvTraceset *ts = NULL;
  LttvState *state = lttv_cli_open_state (paths, !no_cache, &ts, &status);
  if (state == NULL)
    return status;
  LttvHistory *h = lttv_state_get_history (state);
  LttvTime t0 = lttv_history_begin (h), last = lttv_history_committed_end (h);
  if ((begin != NULL && !lttv_time_parse (begin, lttv_traceset_begin (ts), &t0, &error))
      || (end != NULL && !lttv_time_parse (end, lttv_traceset_begin (ts), &last, &error)))
    {
      fprintf (stderr, "lttv critical-path: %s\n", error->message);
      lttv_cli_close (state, ts);
      return 2;
    }
  char path[64];
  g_snprintf (path, sizeof path, "Threads/%" G_GINT64_FORMAT, (int64_t) tid);
  if (lttv_history_attr_lookup (h, path) == LTTV_ATTR_NONE)
    {
      fprintf (stderr, _("lttv critical-path: no thread %lld in the trace\n"),
               (long long) tid);
      lttv_cli_close (state, ts);
      return 2;
    }
  if (last < t0 || last == G_MAXUINT64)
    {
      fprintf (stderr, _("lttv critical-path: the range is empty\n"));
      lttv_cli_close (state, ts);
      return 2;
    }
  g_autoptr (GArray) segs = lttv_critical_path (state, tid, t0, last + 1);
  g_autoptr (GArray) causes = lttv_critical_path_summary (segs);
  if (tsv)
    print_tsv (state, segs, causes, t0, last + 1);
  else
    print_text (state, tid, segs, causes, t0, last + 1);
  if (!lttv_history_check (h, &error))
    {
      fprintf (stderr, "lttv: %s\n", error->message);
      status = 1;
    }
  lttv_cli_close (state, ts);
  return status;
}
