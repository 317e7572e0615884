/* SPDX-License-Identifier: GPL-2.0-or-later */
/* latency-table.c: see latency-table.h. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "latency-table.h"

/* Three significant digits, without an exponent. */
static int
decimals (double v)
{
  return v < 10 ? 2 : v < 100 ? 1 : 0;
}

char *
latency_format_duration (double ns)
{
  if (ns < 1e3)
    return g_strdup_printf (_("%.0f ns"), ns);
  if (ns < 1e6)
    return g_strdup_printf (_("%.*f µs"), decimals (ns / 1e3), ns / 1e3);
  if (ns < 1e9)
    return g_strdup_printf (_("%.*f ms"), decimals (ns / 1e6), ns / 1e6);
  return g_strdup_printf (_("%.*f s"), decimals (ns / 1e9), ns / 1e9);
}

char *
latency_group_name (LttvLatency *l, LttvLatencyKind kind, LttvLatencyGroupBy by, gint64 key)
{
  switch (by)
    {
    case LTTV_LATENCY_BY_NAME:
      return g_strdup (lttv_latency_name (l, kind, (guint32) key));
    case LTTV_LATENCY_BY_THREAD:
      return key < 0 ? g_strdup (_("unknown thread"))
                     : g_strdup_printf (_("tid %d"), (int) key);
    case LTTV_LATENCY_BY_CPU:
      return key < 0 ? g_strdup (_("unknown CPU"))
                     : g_strdup_printf (_("CPU %d"), (int) key);
    default:
      return g_strdup (_("all"));
    }
}

GtkListStore *
latency_stats_store_new (void)
{
  return gtk_list_store_new (LAT_N_COLS, G_TYPE_STRING, G_TYPE_UINT64, G_TYPE_UINT64,
                             G_TYPE_UINT64, G_TYPE_UINT64, G_TYPE_DOUBLE, G_TYPE_DOUBLE,
                             G_TYPE_UINT64, G_TYPE_UINT64, G_TYPE_UINT64, G_TYPE_UINT64);
}

void
latency_stats_store_fill (GtkListStore *store, LttvLatency *l, LttvLatencyKind kind,
                          LttvLatencyGroupBy by, const GArray *stats)
{
  gtk_list_store_clear (store);
  for (guint i = 0; i < stats->len; i++)
    {
      const LttvLatencyStats *s = &g_array_index (stats, LttvLatencyStats, i);
      g_autofree char *name = latency_group_name (l, kind, by, s->key);
      gtk_list_store_insert_with_values (store, NULL, -1, LAT_COL_NAME, name,
                                         LAT_COL_COUNT, s->count, LAT_COL_CUT, s->n_cut,
                                         LAT_COL_MIN, s->min, LAT_COL_MAX, s->max,
                                         LAT_COL_MEAN, s->mean, LAT_COL_STDDEV, s->stddev,
                                         LAT_COL_TOTAL, s->total, LAT_COL_P50, s->p50,
                                         LAT_COL_P90, s->p90, LAT_COL_P99, s->p99, -1);
    }
}

GtkListStore *
latency_top_store_new (void)
{
  return gtk_list_store_new (LAT_TOP_N_COLS, G_TYPE_UINT64, G_TYPE_UINT64, G_TYPE_INT,
                             G_TYPE_INT, G_TYPE_STRING);
}

void
latency_top_store_fill (GtkListStore *store, LttvLatency *l, LttvLatencyKind kind,
                        const GArray *top)
{
  gtk_list_store_clear (store);
  for (guint i = 0; i < top->len; i++)
    {
      const LttvLatencyInterval *x = &g_array_index (top, LttvLatencyInterval, i);
      gtk_list_store_insert_with_values (store, NULL, -1, LAT_TOP_BEGIN, (guint64) x->begin,
                                         LAT_TOP_DURATION, x->duration, LAT_TOP_TID, x->tid,
                                         LAT_TOP_CPU, (int) x->cpu, LAT_TOP_NAME,
                                         lttv_latency_name (l, kind, x->name), -1);
    }
}

void
latency_stats_to_tsv (GString *out, LttvLatency *l, LttvLatencyKind kind, LttvLatencyGroupBy by,
                      const GArray *stats)
{
  static const char *const by_names[] = { "kind", "name", "thread", "cpu" };
  for (guint i = 0; i < stats->len; i++)
    {
      const LttvLatencyStats *s = &g_array_index (stats, LttvLatencyStats, i);
      g_string_append_printf (out, "stats\t%s\t%s\t", lttv_latency_kind_name (kind), by_names[by]);
      if (by == LTTV_LATENCY_BY_NAME)
        g_string_append (out, lttv_latency_name (l, kind, (guint32) s->key));
      else if (by == LTTV_LATENCY_BY_KIND)
        g_string_append (out, "all");
      else
        g_string_append_printf (out, "%" G_GINT64_FORMAT, s->key);
      g_string_append_printf (out, "\t%" G_GUINT64_FORMAT "\t%" G_GUINT64_FORMAT "\t%" G_GUINT64_FORMAT
                              "\t%" G_GUINT64_FORMAT "\t%.3f\t%.3f\t%" G_GUINT64_FORMAT
                              "\t%" G_GUINT64_FORMAT "\t%" G_GUINT64_FORMAT "\t%" G_GUINT64_FORMAT "\n",
                              s->count, s->n_cut, s->min, s->max, s->mean, s->stddev, s->total,
                              s->p50, s->p90, s->p99);
    }
}
