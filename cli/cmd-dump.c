/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cmd-dump.c: `lttv dump`: every event of the traceset in time order, in
 * babeltrace2's default text format (docs/cli.md). */
#include "config.h"

#include <glib.h>
#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include <lttv/event-format.h>
#include <lttv/lttv.h>

#include "cli-common.h"
#include "commands.h"
#include "dump-filter.h"

static void
print_problems (const LttvTraceset *ts)
{
  const GPtrArray *p = lttv_traceset_get_problems (ts);
  for (guint i = 0; i < p->len; i++)
    fprintf (stderr, "lttv: %s\n", ((GError *) p->pdata[i])->message);
}

/* What follows the events: the traceset's problems, the events met out of
 * order, the error that stopped the reading; returns the exit status. */
static int
finish (LttvTraceset *ts, const GError *error, int status)
{
  fflush (stdout);
  print_problems (ts);
  for (guint i = 0; i < lttv_traceset_n_traces (ts); i++)
    {
      LttvTrace *t = lttv_traceset_get_trace (ts, i);
      guint64 back = lttv_trace_n_time_regressions (t);
      if (back > 0)
        fprintf (stderr, _("lttv: %s: warning: %llu event(s) earlier than "
                           "the previous event of their stream (shown in "
                           "stream order)\n"), lttv_trace_path (t),
                 (unsigned long long) back);
    }
  if (error != NULL)
    {
      fprintf (stderr, "lttv: %s\n", error->message);
      status = 1;
    }
  return status;
}

/* Threads for --count: LTTV_COUNT_THREADS, or one per core (0). */
static guint
count_threads (void)
{
  const char *v = g_getenv ("LTTV_COUNT_THREADS");
  return v != NULL ? (guint) g_ascii_strtoull (v, NULL, 10) : 0;
}

int
lttv_cmd_dump (int argc, char **argv)
{
  gboolean count = FALSE;
  g_autofree char *begin = NULL, *end = NULL, *filter = NULL;
  g_auto (GStrv) traces = NULL;
  GOptionEntry entries[] = {
    { "count", 0, 0, G_OPTION_ARG_NONE, &count,
      N_("Decode every event, print only how many there are"), NULL },
    { "begin", 0, 0, G_OPTION_ARG_STRING, &begin,
      N_("Only events at or after T"), "T" },
    { "end", 0, 0, G_OPTION_ARG_STRING, &end,
      N_("Only events at or before T"), "T" },
    { "filter", 0, 0, G_OPTION_ARG_STRING, &filter,
      N_("Only events matching the filter expression EXPR"), "EXPR" },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &traces, NULL,
      N_("TRACE...") },
    { NULL }
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new (NULL);
  g_autoptr (GError) error = NULL;
  g_option_context_set_summary (ctx, _("Print every event in time order, "
                                       "as babeltrace2 does."));
  g_option_context_add_main_entries (ctx, entries, GETTEXT_PACKAGE);
  int usage = lttv_cli_parse (ctx, "dump", &argc, &argv, &traces);
  if (usage != 0)
    return usage;
  if (lttv_cli_is_live_url (traces[0]))
    {
      if (traces[1] != NULL || count || begin != NULL || end != NULL
          || filter != NULL)
        {
          fprintf (stderr, _("lttv dump: a relay daemon's session is "
                             "dumped alone and whole (no other trace, no "
                             "option)\n"));
          return 2;
        }
      return lttv_cli_live_dump (traces[0]);
    }
  g_autoptr (LttvCliTraceset) ts = lttv_cli_open_traceset (traces);
  if (ts == NULL)
    return 1;
  int status = lttv_traceset_get_problems (ts)->len > 0 ? 1 : 0;
  LttvTime t_begin = 0, t_end = LTTV_TIME_NONE;
  LttvTime ts_begin = lttv_traceset_begin (ts);
  if (ts_begin == LTTV_TIME_NONE)
    ts_begin = 0;
  if ((begin != NULL && !lttv_time_parse (begin, ts_begin, &t_begin, &error))
      || (end != NULL && !lttv_time_parse (end, ts_begin, &t_end, &error)))
    {
      fprintf (stderr, "lttv dump: %s\n", error->message);
      return 2;
    }

  g_autoptr (DumpFilter) df = NULL;
  if (filter != NULL)
    {
      int fstatus;
      if ((df = dump_filter_new (filter, ts, &fstatus, &error)) == NULL)
        {
          fprintf (stderr, "lttv dump: %s\n", error->message);
          return fstatus;
        }
    }

  /* --count decodes every field as for text (cli.md): it is the decoding
   * benchmark, and it finds every error the text would. Without a filter,
   * streams are counted side by side; a stream's error needs the merge to
   * say how many events come before it, so the count then runs again. */
  uint64_t n = 0;
  if (count && df == NULL
      && lttv_traceset_count_events (ts, begin != NULL ? &t_begin : NULL,
                                     end != NULL ? &t_end : NULL,
                                     count_threads (), &n))
    {
      printf ("%" G_GUINT64_FORMAT "\n", n);
      return finish (ts, NULL, status);
    }

  g_autoptr (LttvIter) it = lttv_iter_new_to_end (ts);
  if (begin != NULL && !lttv_iter_seek_time (it, t_begin, &error))
    {
      fprintf (stderr, "lttv: %s\n", error->message);
      return 1;
    }
  g_autoptr (LttvTextFormat) fmt = lttv_text_format_new ();
  GString *out = g_string_sized_new (1 << 17);
  const LttvEvent *ev;
  while ((ev = lttv_iter_next (it, &error)) != NULL)
    {
      if (end != NULL && lttv_event_time (ev) > t_end)
        break;
      if (df != NULL && !dump_filter_match (df, ev))
        continue;
      n++;
      if (count)
        continue;
      lttv_text_format_event (fmt, ev, out);
      if (out->len >= (1 << 16))
        {
          fwrite (out->str, 1, out->len, stdout);
          g_string_truncate (out, 0);
        }
    }
  fwrite (out->str, 1, out->len, stdout);
  g_string_free (out, TRUE);
  if (count)
    printf ("%" G_GUINT64_FORMAT "\n", n);
  return finish (ts, error, status);
}
