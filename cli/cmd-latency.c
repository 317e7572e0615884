/* SPDX-License-Identifier: GPL-2.0-or-later */
/* lttv latency TRACE...: the latency analyses' statistics and longest
 * intervals (docs/cli.md), as text for people or tab-separated for
 * scripts. */
#include "config.h"

#include <glib.h>
#include <glib/gi18n.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lttv/latency.h>
#include <lttv/lttv.h>

#include "cli-common.h"
#include "commands.h"

static const char *const by_names[] = { "kind", "name", "thread", "cpu" };

/* The group's key as text: the name, the tid, the CPU or "all". */
static void
key_text (LttvLatency *l, LttvLatencyKind kind, LttvLatencyGroupBy by, gint64 key,
          char buf[64])
{
  switch (by)
    {
    case LTTV_LATENCY_BY_NAME:
      g_strlcpy (buf, lttv_latency_name (l, kind, (guint32) key), 64);
      break;
    case LTTV_LATENCY_BY_KIND:
      g_strlcpy (buf, "all", 64);
      break;
    default:
      g_snprintf (buf, 64, "%" G_GINT64_FORMAT, key);
      break;
    }
}

static void
print_stats (LttvLatency *l, LttvLatencyKind kind, LttvTime t0, LttvTime t1,
             LttvLatencyGroupBy by, gboolean tsv)
{
  g_autoptr (GArray) st = lttv_latency_stats (l, kind, t0, t1, by);
  const char *kn = lttv_latency_kind_name (kind);
  if (!tsv)
    {
      guint64 n = 0, cut = 0;
      for (guint i = 0; i < st->len; i++)
        {
          n += g_array_index (st, LttvLatencyStats, i).count;
          cut += g_array_index (st, LttvLatencyStats, i).n_cut;
        }
      char n_text[32], cut_text[32];
      g_snprintf (n_text, sizeof n_text, "%" G_GUINT64_FORMAT, n);
      g_snprintf (cut_text, sizeof cut_text, "%" G_GUINT64_FORMAT, cut);
      printf (_("\n%s: %s intervals, %s cut (no end in the trace); durations in "
                "microseconds, by %s:\n"), kn, n_text, cut_text, by_names[by]);
      if (st->len > 0)
        printf ("  %-24s %9s %6s %11s %11s %11s %11s %11s %11s %11s %13s\n", by_names[by],
                "count", "cut", "min", "mean", "max", "stddev", "p50", "p90", "p99", "total");
    }
  for (guint i = 0; i < st->len; i++)
    {
      LttvLatencyStats *s = &g_array_index (st, LttvLatencyStats, i);
      char key[64];
      key_text (l, kind, by, s->key, key);
      if (tsv)
        printf ("stats\t%s\t%s\t%s\t%" G_GUINT64_FORMAT "\t%" G_GUINT64_FORMAT "\t%"
                G_GUINT64_FORMAT "\t%" G_GUINT64_FORMAT "\t%.3f\t%.3f\t%" G_GUINT64_FORMAT
                "\t%" G_GUINT64_FORMAT "\t%" G_GUINT64_FORMAT "\t%" G_GUINT64_FORMAT "\n",
                kn, by_names[by], key, s->count, s->n_cut, s->min, s->max, s->mean, s->stddev,
                s->total, s->p50, s->p90, s->p99);
      else
        printf ("  %-24s %9" G_GUINT64_FORMAT " %6" G_GUINT64_FORMAT
                " %11.3f %11.3f %11.3f %11.3f %11.3f %11.3f %11.3f %13.3f\n",
                key, s->count, s->n_cut, s->min / 1e3, s->mean / 1e3, s->max / 1e3,
                s->stddev / 1e3, s->p50 / 1e3, s->p90 / 1e3, s->p99 / 1e3, s->total / 1e3);
    }
}

static void
print_top (LttvLatency *l, LttvLatencyKind kind, LttvTime t0, LttvTime t1, guint n,
           gboolean tsv)
{
  g_autoptr (GArray) top = lttv_latency_top (l, kind, t0, t1, n);
  const char *kn = lttv_latency_kind_name (kind);
  if (!tsv)
    printf (_("\n%s: the %u longest (begin in seconds, duration in microseconds):\n"), kn,
            top->len);
  for (guint i = 0; i < top->len; i++)
    {
      LttvLatencyInterval *x = &g_array_index (top, LttvLatencyInterval, i);
      char begin[32];
      lttv_time_format_seconds (x->begin, begin);
      const char *name = lttv_latency_name (l, kind, x->name);
      if (tsv)
        printf ("top\t%s\t%" G_GUINT64_FORMAT "\t%" G_GUINT64_FORMAT "\t%d\t%d\t%s\t%u\t%s\n",
                kn, x->begin, x->duration, x->tid, x->cpu, name, x->size,
                (x->flags & LTTV_LATENCY_WRITE) ? "write"
                : (x->flags & LTTV_LATENCY_READ) ? "read" : "-");
      else
        printf ("  %s  %13.3f  tid %-8d cpu %-4d %s\n", begin, x->duration / 1e3, x->tid,
                x->cpu, name);
    }
}

int
lttv_cmd_latency (int argc, char **argv)
{
  g_autofree char *begin = NULL, *end = NULL, *format = NULL, *kind_arg = NULL, *by_arg = NULL;
  gint top = -1;
  gboolean no_cache = FALSE;
  g_auto (GStrv) paths = NULL;
  GOptionEntry entries[] = {
    { "kind", 0, 0, G_OPTION_ARG_STRING, &kind_arg,
      N_("syscall, sched, irq, softirq-latency, softirq or block (default: all)"), N_("KIND") },
    { "begin", 0, 0, G_OPTION_ARG_STRING, &begin, N_("Start of the range"), N_("T") },
    { "end", 0, 0, G_OPTION_ARG_STRING, &end, N_("End of the range"), N_("T") },
    { "by", 0, 0, G_OPTION_ARG_STRING, &by_arg,
      N_("Group by name (default), thread, cpu or kind"), N_("GROUP") },
    { "top", 0, 0, G_OPTION_ARG_INT, &top, N_("The N longest intervals instead"), N_("N") },
    { "format", 0, 0, G_OPTION_ARG_STRING, &format, N_("Output format: text or tsv"), N_("FORMAT") },
    { "no-cache", 0, 0, G_OPTION_ARG_NONE, &no_cache,
      N_("Neither read nor write the state cache"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &paths, NULL, N_("TRACE...") },
    { NULL, 0, 0, 0, NULL, NULL, NULL },
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new (NULL);
  g_option_context_set_summary (ctx, _("Print the latencies of system calls, scheduling, "
                                       "interrupts and block requests."));
  g_option_context_add_main_entries (ctx, entries, GETTEXT_PACKAGE);
  g_autoptr (GError) error = NULL;
  int usage = lttv_cli_parse (ctx, "latency", &argc, &argv, &paths);
  if (usage != 0)
    return usage;
  gboolean tsv;
  if (lttv_cli_parse_format ("latency", format, &tsv) != 0)
    return 2;
  LttvLatencyKind kind = LTTV_LATENCY_SYSCALL;
  if (kind_arg != NULL && !lttv_latency_kind_parse (kind_arg, &kind))
    {
      fprintf (stderr, _("lttv latency: unknown kind '%s' (syscall, sched, irq, "
                         "softirq-latency, softirq, block)\n"), kind_arg);
      return 2;
    }
  LttvLatencyGroupBy by = LTTV_LATENCY_BY_NAME;
  if (by_arg != NULL)
    {
      guint i = 0;
      while (i < G_N_ELEMENTS (by_names) && strcmp (by_arg, by_names[i]) != 0)
        i++;
      if (i == G_N_ELEMENTS (by_names))
        {
          fprintf (stderr, _("lttv latency: unknown grouping '%s' (name, thread, cpu, kind)\n"),
                   by_arg);
          return 2;
        }
      by = (LttvLatencyGroupBy) i;
    }
  if (top == 0 || top < -1)
    {
      fprintf (stderr, _("lttv latency: --top takes a number of intervals above 0\n"));
      return 2;
    }

  int status = 0;
  LttvTraceset *ts = NULL;
  LttvState *state = lttv_cli_open_state (paths, !no_cache, &ts, &status);
  if (state == NULL)
    return status;
  LttvTime t0 = 0, t1 = G_MAXUINT64;
  if ((begin != NULL && !lttv_time_parse (begin, lttv_traceset_begin (ts), &t0, &error))
      || (end != NULL && !lttv_time_parse (end, lttv_traceset_begin (ts), &t1, &error)))
    {
      fprintf (stderr, "lttv latency: %s\n", error->message);
      lttv_cli_close (state, ts);
      return 2;
    }
  /* (--end is included) */
  if (t1 < G_MAXUINT64)
    t1++;
  LttvLatency *l = lttv_state_latency (state);
  if (l == NULL)
    {
      fprintf (stderr, _("lttv latency: the latency analyses are turned off "
                         "(LTTV_NO_LATENCY is set)\n"));
      lttv_cli_close (state, ts);
      return 1;
    }
  if (tsv)
    printf ("range\t%" G_GUINT64_FORMAT "\t%" G_GUINT64_FORMAT "\n",
            begin != NULL ? t0 : lttv_traceset_begin (ts),
            end != NULL ? t1 - 1 : lttv_traceset_end (ts));
  for (guint k = 0; k < LTTV_LATENCY_N_KINDS; k++)
    {
      if (kind_arg != NULL && k != kind)
        continue;
      if (top > 0)
        print_top (l, (LttvLatencyKind) k, t0, t1, (guint) top, tsv);
      else
        print_stats (l, (LttvLatencyKind) k, t0, t1, by, tsv);
    }
  lttv_cli_close (state, ts);
  return status;
}
