/* SPDX-License-Identifier: GPL-2.0-or-later */
/* lttv stats TRACE...: statistics over the traceset or a range
 * (docs/cli.md), as text for people or tab-separated for scripts. */
#include "config.h"

#include <glib.h>
#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include <lttv/lttv.h>
#include <lttv/stats.h>

#include "cli-common.h"
#include "commands.h"

static double
seconds (LttvTime ns)
{
  return ns / 1e9;
}

/* TSV: one record per line, the first column names the record. */
static void
print_tsv (const LttvStats *st)
{
  printf ("range\t%" G_GUINT64_FORMAT "\t%" G_GUINT64_FORMAT "\n", st->t0, st->t1);
  printf ("events_total\t%" G_GUINT64_FORMAT "\n", st->n_events);
  printf ("discarded\t%" G_GUINT64_FORMAT "\n", st->discarded);
  for (guint i = 0; i < st->types->len; i++)
    {
      LttvStatsCount *c = &g_array_index (st->types, LttvStatsCount, i);
      printf ("events\t%s\t%" G_GUINT64_FORMAT "\n", c->name, c->count);
    }
  for (guint i = 0; i < st->cpus->len; i++)
    {
      LttvStatsCpu *c = &g_array_index (st->cpus, LttvStatsCpu, i);
      printf ("cpu_events\t%d\t%" G_GUINT64_FORMAT "\n", c->cpu, c->events);
      for (guint k = 0; k < LTTV_STATS_N_CPU_STATES; k++)
        printf ("cpu_time\t%d\t%s\t%" G_GUINT64_FORMAT "\n", c->cpu,
                lttv_stats_cpu_states[k], c->time[k]);
    }
  for (guint i = 0; i < st->threads->len; i++)
    {
      LttvStatsThread *t = &g_array_index (st->threads, LttvStatsThread, i);
      for (guint k = 0; k < LTTV_STATS_N_THREAD_STATES; k++)
        if (t->time[k] > 0)
          printf ("thread_time\t%s\t%s\t%s\t%" G_GUINT64_FORMAT "\n", t->tid,
                  t->exec_name ? t->exec_name : "", lttv_stats_thread_states[k], t->time[k]);
    }
  const struct { const char *label; GArray *items; } groups[] = {
    { "syscall", st->syscalls }, { "irq", st->irqs }, { "softirq", st->softirqs },
  };
  for (guint g = 0; g < G_N_ELEMENTS (groups); g++)
    for (guint i = 0; i < groups[g].items->len; i++)
      {
        LttvStatsItem *it = &g_array_index (groups[g].items, LttvStatsItem, i);
        printf ("%s\t%s\t%s\t%" G_GUINT64_FORMAT "\t%" G_GUINT64_FORMAT "\n",
                groups[g].label, it->owner, it->name, it->count, it->time);
      }
  for (guint i = 0; i < st->block->len; i++)
    {
      LttvStatsBlock *b = &g_array_index (st->block, LttvStatsBlock, i);
      printf ("block\t%" G_GINT64_FORMAT "\t%" G_GUINT64_FORMAT "\t%" G_GUINT64_FORMAT
              "\t%" G_GUINT64_FORMAT "\t%" G_GUINT64_FORMAT "\t%" G_GUINT64_FORMAT "\n",
              b->dev, b->count, b->total, b->max, b->not_issued, b->not_completed);
    }
  for (guint k = 0; k < LTTV_N_ANOMALIES; k++)
    if (st->anomalies[k] > 0)
      printf ("anomaly\t%s\t%" G_GUINT64_FORMAT "\n",
              lttv_anomaly_describe (k), st->anomalies[k]);
}

static void
print_text (const LttvStats *st)
{
  double range = seconds (st->t1 - st->t0 + 1);
  printf (_("Range: %.9f s to %.9f s (%.9f s)\n"), seconds (st->t0), seconds (st->t1), range);
  char count[32];
  g_snprintf (count, sizeof count, "%" G_GUINT64_FORMAT, st->n_events);
  printf (_("Events: %s\n"), count);
  g_snprintf (count, sizeof count, "%" G_GUINT64_FORMAT, st->discarded);
  printf (_("Discarded events: %s\n"), count);
  printf (_("\nEvents per type:\n"));
  for (guint i = 0; i < st->types->len; i++)
    {
      LttvStatsCount *c = &g_array_index (st->types, LttvStatsCount, i);
      printf ("  %-40s %12" G_GUINT64_FORMAT "\n", c->name, c->count);
    }
  printf (_("\nPer CPU (events, then seconds idle / user / system call / IRQ / soft IRQ, load):\n"));
  for (guint i = 0; i < st->cpus->len; i++)
    {
      LttvStatsCpu *c = &g_array_index (st->cpus, LttvStatsCpu, i);
      LttvTime known = 0;
      for (guint k = 0; k < LTTV_STATS_N_CPU_STATES; k++)
        known += c->time[k];
      double load = known > 0 ? 1.0 - (double) c->time[0] / known : 0;
      printf ("  %-4d %10" G_GUINT64_FORMAT "  %.6f / %.6f / %.6f / %.6f / %.6f  %5.1f %%\n",
              c->cpu, c->events, seconds (c->time[0]), seconds (c->time[1]),
              seconds (c->time[2]), seconds (c->time[3]), seconds (c->time[4]),
              100 * load);
    }
  printf (_("\nPer thread (seconds user mode / system call / interrupted / waiting for CPU):\n"));
  for (guint i = 0; i < st->threads->len; i++)
    {
      LttvStatsThread *t = &g_array_index (st->threads, LttvStatsThread, i);
      printf ("  %-8s %-16s %.6f / %.6f / %.6f / %.6f\n", t->tid,
              t->exec_name ? t->exec_name : "", seconds (t->time[2]),
              seconds (t->time[3]), seconds (t->time[4]), seconds (t->time[5]));
    }
  const struct { const char *title; GArray *items; } groups[] = {
    { N_("System calls per thread (count, seconds):"), st->syscalls },
    { N_("IRQs per CPU (count, seconds):"), st->irqs },
    { N_("Soft IRQs per CPU (count, seconds):"), st->softirqs },
  };
  for (guint g = 0; g < G_N_ELEMENTS (groups); g++)
    {
      printf ("\n%s\n", _(groups[g].title));
      for (guint i = 0; i < groups[g].items->len; i++)
        {
          LttvStatsItem *it = &g_array_index (groups[g].items, LttvStatsItem, i);
          printf ("  %-8s %-24s %10" G_GUINT64_FORMAT "  %.6f\n", it->owner, it->name,
                  it->count, seconds (it->time));
        }
    }
  if (st->block->len > 0)
    printf (_("\nBlock requests per device (completed, seconds total / mean / max latency;"
              " completed without issue, never completed):\n"));
  for (guint i = 0; i < st->block->len; i++)
    {
      LttvStatsBlock *b = &g_array_index (st->block, LttvStatsBlock, i);
      printf ("  %-12" G_GINT64_FORMAT " %10" G_GUINT64_FORMAT "  %.6f / %.6f / %.6f  %"
              G_GUINT64_FORMAT " %" G_GUINT64_FORMAT "\n",
              b->dev, b->count, seconds (b->total),
              b->count > 0 ? seconds (b->total) / b->count : 0.0, seconds (b->max),
              b->not_issued, b->not_completed);
    }
  gboolean any = FALSE;
  for (guint k = 0; k < LTTV_N_ANOMALIES; k++)
    if (st->anomalies[k] > 0)
      {
        if (!any)
          printf (_("\nAnomalies (events that did not fit the state model):\n"));
        any = TRUE;
        printf ("  %-40s %12" G_GUINT64_FORMAT "\n", lttv_anomaly_describe (k), st->anomalies[k]);
      }
}

int
lttv_cmd_stats (int argc, char **argv)
{
  g_autofree char *begin = NULL, *end = NULL, *format = NULL;
  gboolean no_cache = FALSE;
  g_auto (GStrv) paths = NULL;
  GOptionEntry entries[] = {
    { "begin", 0, 0, G_OPTION_ARG_STRING, &begin, N_("Start of the range"), N_("T") },
    { "end", 0, 0, G_OPTION_ARG_STRING, &end, N_("End of the range"), N_("T") },
    { "format", 0, 0, G_OPTION_ARG_STRING, &format, N_("Output format: text or tsv"), N_("FORMAT") },
    { "no-cache", 0, 0, G_OPTION_ARG_NONE, &no_cache,
      N_("Neither read nor write the state cache"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &paths, NULL, N_("TRACE...") },
    { NULL, 0, 0, 0, NULL, NULL, NULL },
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new (NULL);
  g_option_context_set_summary (ctx, _("Print statistics of the traceset."));
  g_option_context_add_main_entries (ctx, entries, GETTEXT_PACKAGE);
  g_autoptr (GError) error = NULL;
  int usage = lttv_cli_parse (ctx, "stats", &argc, &argv, &paths);
  if (usage != 0)
    return usage;
  gboolean tsv;
  if (lttv_cli_parse_format ("stats", format, &tsv) != 0)
    return 2;

  int status = 0;
  LttvTraceset *ts = NULL;
  LttvState *state = lttv_cli_open_state (paths, !no_cache, &ts, &status);
  if (state == NULL)
    return status;
  LttvTime t0 = lttv_traceset_begin (ts), t1 = G_MAXUINT64;
  if ((begin != NULL && !lttv_time_parse (begin, lttv_traceset_begin (ts), &t0, &error))
      || (end != NULL && !lttv_time_parse (end, lttv_traceset_begin (ts), &t1, &error)))
    {
      fprintf (stderr, "lttv stats: %s\n", error->message);
      lttv_state_free (state);
      lttv_traceset_free (ts);
      return 2;
    }
  LttvTime hist_begin = lttv_history_begin (lttv_state_get_history (state));
  if (begin == NULL && hist_begin < t0)
    t0 = hist_begin;
  g_autoptr (LttvStats) st = lttv_stats_compute (state, t0, t1, &error);
  if (st == NULL)
    {
      fprintf (stderr, "lttv: %s\n", error->message);
      status = 1;
    }
  else if (tsv)
    print_tsv (st);
  else
    print_text (st);
  lttv_cli_close (state, ts);
  return status;
}
