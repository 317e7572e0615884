/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cmd-info.c: `lttv info`: what is in each trace, from the metadata and
 * the packet index only, and the state's anomalies when its cache is
 * there (docs/cli.md). */
#include "config.h"

#include <glib.h>
#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include <lttv/lttv.h>

#include "cli-common.h"
#include "commands.h"

/* The trace's event classes as its recorder has them: a .dat file's CTF
 * copy splits an event format into classes by the widths its numbers
 * need (core/ftrace), which are one class of the file each. */
static guint
event_classes (const LttvTrace *t)
{
  guint n = lttv_trace_n_event_classes (t);
  if (!g_str_has_prefix (lttv_trace_format (t), "trace-cmd"))
    return n;
  g_autoptr (GHashTable) names = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < n; i++)
    g_hash_table_add (names, (gpointer) lttv_event_class_name (lttv_trace_get_event_class (t, i)));
  return g_hash_table_size (names);
}

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

/* The loss runs of trace `ti` (lttv_traceset_loss_runs): one line each. */
static void
print_losses (LttvTrace *t, guint ti, const GArray *runs)
{
  for (guint k = 0; k < runs->len; k++)
    {
      const LttvDiscarded *r = &g_array_index (runs, LttvDiscarded, k);
      if (r->trace != ti)
        continue;
      g_autofree char *name = lttv_trace_stream_name (t, r->stream);
      char b[32], e[32];
      lttv_time_format_seconds (r->begin, b);
      lttv_time_format_seconds (r->end, e);
      g_autofree char *where = r->cpu >= 0
        ? g_strdup_printf (_("%s (CPU %d)"), name, r->cpu) : g_strdup (name);
      if (r->packets > 0)
        printf (ngettext ("  lost: %s from %s to %s: %llu packet\n",
                          "  lost: %s from %s to %s: %llu packets\n",
                          r->packets > 1 ? 2 : 1),
                where, b, e, (unsigned long long) r->packets);
      else
        printf (ngettext ("  lost: %s from %s to %s: %llu event\n",
                          "  lost: %s from %s to %s: %llu events\n",
                          r->count > 1 ? 2 : 1),
                where, b, e, (unsigned long long) r->count);
    }
}

/* What CTF 2 metadata says of the trace class, and the environment
 * (sorted: CTF 1.8 and CTF 2 metadata list it in different orders). */
static void
print_identity (LttvTrace *t)
{
  LttvTraceIdentity id;
  lttv_trace_identity (t, &id);
  if (id.name != NULL)
    printf (_("  name: %s\n"), id.name);
  if (id.ns != NULL)
    printf (_("  namespace: %s\n"), id.ns);
  if (id.uid != NULL)
    printf (_("  uid: %s\n"), id.uid);
  if (id.attributes != NULL)
    printf (_("  attributes: %s\n"), id.attributes);
  g_auto (GStrv) keys = lttv_trace_env_keys (t);
  for (guint k = 0; keys[k] != NULL; k++)
    {
      int64_t v;
      const char *s = lttv_trace_env_string (t, keys[k]);
      if (s != NULL)
        {
          g_autofree char *e = g_strescape (s, NULL);
          printf ("  env: %s = \"%s\"\n", keys[k], e);
        }
      else if (lttv_trace_env_int (t, keys[k], &v))
        printf ("  env: %s = %lld\n", keys[k], (long long) v);
    }
}

/* The trace clock: name and frequency, then what the metadata says of
 * it, each line only when said. */
static void
print_clock (LttvTrace *t)
{
  LttvClockInfo k;
  if (!lttv_trace_clock_info (t, &k))
    return;
  printf (_("  clock: %s (%llu Hz)\n"), k.name, (unsigned long long) k.freq);
  if (k.ident != NULL && strcmp (k.ident, k.name) != 0)
    printf (_("  clock name: %s\n"), k.ident);
  if (k.ns != NULL)
    printf (_("  clock namespace: %s\n"), k.ns);
  if (k.uid != NULL)
    printf (_("  clock uid: %s\n"), k.uid);
  if (k.description != NULL)
    printf (_("  clock description: %s\n"), k.description);
  if (k.has_precision)
    printf (_("  clock precision: %llu cycles\n"),
            (unsigned long long) k.precision);
  if (k.has_accuracy)
    printf (_("  clock accuracy: %llu cycles\n"),
            (unsigned long long) k.accuracy);
  if (k.origin == LTTV_CLOCK_ORIGIN_UNIX_EPOCH)
    printf (_("  clock origin: Unix epoch\n"));
  else if (k.origin == LTTV_CLOCK_ORIGIN_CUSTOM)
    printf (_("  clock origin: %s (namespace: %s, uid: %s)\n"),
            k.origin_name ?: "?", k.origin_ns ?: "-", k.origin_uid ?: "-");
  if (k.attributes != NULL)
    printf (_("  clock attributes: %s\n"), k.attributes);
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
  if (lttv_cli_is_live_url (traces[0]))
    {
      int status = 0;
      for (char **u = traces; *u != NULL; u++)
        if (!lttv_cli_is_live_url (*u))
          {
            fprintf (stderr, _("lttv info: %s: relay daemon URLs and trace "
                               "folders cannot be mixed\n"), *u);
            return 2;
          }
        else if (lttv_cli_live_info (*u) != 0)
          status = 1;
      return status;
    }
  g_autoptr (LttvCliTraceset) ts = lttv_cli_open_traceset (traces);
  if (ts == NULL)
    return 1;
  g_autoptr (GArray) runs = lttv_traceset_loss_runs (ts);
  for (guint i = 0; i < lttv_traceset_n_traces (ts); i++)
    {
      LttvTrace *t = lttv_traceset_get_trace (ts, i);
      const char *s;
      int64_t v;
      printf (_("Trace %s\n"), lttv_trace_path (t));
      printf (_("  format: %s\n"), lttv_trace_format (t));
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
      print_identity (t);
      print_clock (t);
      printf (_("  streams: %u (%llu packets)\n"), lttv_trace_n_streams (t),
              (unsigned long long) lttv_trace_n_packets (t));
      printf (_("  event classes: %u\n"), event_classes (t));
      print_time (_("begin"), lttv_trace_begin (t));
      print_time (_("first event"), lttv_trace_first_event (t));
      print_time (_("end"), lttv_trace_end (t));
      printf (_("  discarded events: %llu\n"),
              (unsigned long long) lttv_trace_discarded_events (t));
      print_losses (t, i, runs);
      const GPtrArray *an = lttv_trace_get_anomalies (t);
      for (guint k = 0; k < an->len; k++)
        printf (_("  anomaly: %s\n"), (const char *) an->pdata[k]);
    }
  /* The state model's anomalies, when a build left its cache (no event
   * is read here). */
  g_autoptr (LttvState) state = lttv_state_new (ts);
  if (lttv_state_load_cached (state))
    {
      const guint64 *an = lttv_state_anomalies (state);
      gboolean any = FALSE;
      for (guint k = 0; k < LTTV_N_ANOMALIES; k++)
        if (an[k] > 0)
          {
            if (!any)
              printf (_("State anomalies (events that did not fit the state model):\n"));
            any = TRUE;
            printf ("  %s: %llu\n", lttv_anomaly_describe (k), (unsigned long long) an[k]);
          }
      if (!any)
        printf (_("State anomalies: none\n"));
    }
  else
    printf (_("State anomalies: not known until the state is built (lttv state or lttv stats)\n"));
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
