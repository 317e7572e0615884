/* cmd-info.c: `lttv info`: what is in each trace, from the metadata and
 * the packet index only (docs/cli.md). */
#include "config.h"

#include <glib.h>
#include <glib/gi18n.h>
#include <stdio.h>

#include <lttv/lttv.h>

#include "cli-common.h"
#include "commands.h"

static void
print_time (const char *label, LttvTime t)
{
  char buf[32];
  if (t == LTTV_TIME_NONE)
    {
      printf ("  %s: -\n", label);
      return;
    }
  lttv_time_format_seconds (t, buf);
  printf ("  %s: %s\n", label, buf);
}

int
lttv_cmd_info (int argc, char **argv)
{
  g_auto (GStrv) traces = NULL;
  GOptionEntry entries[] = {
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &traces, NULL,
      N_("TRACE...") },
    { NULL }
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new (NULL);
  g_option_context_set_summary (ctx, _("Describe each trace: tracer, host, "
                                       "streams, event classes, time "
                                       "range."));
  g_option_context_add_main_entries (ctx, entries, GETTEXT_PACKAGE);
  int usage = lttv_cli_parse (ctx, "info", &argc, &argv, &traces);
  if (usage != 0)
    return usage;
  g_autoptr (LttvCliTraceset) ts = lttv_cli_open_traceset (traces);
  if (ts == NULL)
    return 1;
  for (guint i = 0; i < lttv_traceset_n_traces (ts); i++)
    {
      LttvTrace *t = lttv_traceset_get_trace (ts, i);
      const char *s;
      int64_t v;
      printf (_("Trace %s\n"), lttv_trace_path (t));
      if ((s = lttv_trace_env_string (t, "tracer_name")) != NULL)
        {
          int64_t major = 0, minor = 0;
          lttv_trace_env_int (t, "tracer_major", &major);
          lttv_trace_env_int (t, "tracer_minor", &minor);
          printf (_("  tracer: %s %lld.%lld\n"), s, (long long) major,
                  (long long) minor);
        }
      if ((s = lttv_trace_env_string (t, "domain")) != NULL)
        printf (_("  domain: %s\n"), s);
      if ((s = lttv_trace_env_string (t, "hostname")) != NULL)
        printf (_("  host: %s\n"), s);
      if ((s = lttv_trace_env_string (t, "sysname")) != NULL)
        printf (_("  system: %s %s\n"), s,
                lttv_trace_env_string (t, "kernel_release") ?: "");
      if (lttv_trace_env_int (t, "vpid", &v))
        printf (_("  process: %s (%lld)\n"),
                lttv_trace_env_string (t, "procname") ?: "?", (long long) v);
      uint64_t freq = 0;
      if ((s = lttv_trace_clock (t, &freq)) != NULL)
        printf (_("  clock: %s (%llu Hz)\n"), s, (unsigned long long) freq);
      printf (_("  streams: %u (%llu packets)\n"), lttv_trace_n_streams (t),
              (unsigned long long) lttv_trace_n_packets (t));
      printf (_("  event classes: %u\n"), lttv_trace_n_event_classes (t));
      print_time (_("begin"), lttv_trace_begin (t));
      print_time (_("end"), lttv_trace_end (t));
      printf (_("  discarded events: %llu\n"),
              (unsigned long long) lttv_trace_discarded_events (t));
      const GPtrArray *an = lttv_trace_get_anomalies (t);
      for (guint k = 0; k < an->len; k++)
        printf (_("  anomaly: %s\n"), (const char *) an->pdata[k]);
    }
  /* (after the text: what could not be read, as dump says it) */
  fflush (stdout);
  int status = 0;
  for (guint i = 0; i < lttv_traceset_n_traces (ts); i++)
    {
      g_autoptr (GPtrArray) errors = lttv_trace_index_errors (lttv_traceset_get_trace (ts, i));
      for (guint k = 0; k < errors->len; k++, status = 1)
        fprintf (stderr, "lttv: %s\n", ((GError *) errors->pdata[k])->message);
    }
  const GPtrArray *p = lttv_traceset_get_problems (ts);
  for (guint i = 0; i < p->len; i++)
    fprintf (stderr, "lttv: %s\n", ((GError *) p->pdata[i])->message);
  return p->len > 0 ? 1 : status;
}
