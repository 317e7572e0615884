/* SPDX-License-Identifier: GPL-2.0-or-later */
/* latency-table: the latency viewer's lists (statistics per group, the
 * longest intervals) as stores of numbers, durations written for people,
 * and the statistics as the tab-separated lines of `lttv latency`. */
#pragma once

#include <gtk/gtk.h>
#include <lttv/latency.h>

G_BEGIN_DECLS

/* The statistics store: numbers, so that every column sorts by value. */
enum {
  LAT_COL_NAME,      /* string */
  LAT_COL_COUNT,     /* guint64 */
  LAT_COL_CUT,       /* guint64 */
  LAT_COL_MIN,       /* guint64 ns, and so on */
  LAT_COL_MAX,
  LAT_COL_MEAN,      /* double */
  LAT_COL_STDDEV,    /* double */
  LAT_COL_TOTAL,
  LAT_COL_P50,
  LAT_COL_P90,
  LAT_COL_P99,
  LAT_N_COLS
};

/* The longest intervals' store. */
enum {
  LAT_TOP_BEGIN,     /* guint64 */
  LAT_TOP_DURATION,  /* guint64 */
  LAT_TOP_TID,       /* int */
  LAT_TOP_CPU,       /* int */
  LAT_TOP_NAME,      /* string */
  LAT_TOP_N_COLS
};

/* A duration for people: "850 ns", "12.4 µs", "3.25 ms", "1.500 s". */
char *latency_format_duration (double ns);
/* The name of a group: the name, "tid 42", "CPU 1". */
char *latency_group_name (LttvLatency *l, LttvLatencyKind kind, LttvLatencyGroupBy by,
                          gint64 key);

GtkListStore *latency_stats_store_new (void);
/* Fills `store` (emptied first) with `stats` (LttvLatencyStats). */
void latency_stats_store_fill (GtkListStore *store, LttvLatency *l, LttvLatencyKind kind,
                               LttvLatencyGroupBy by, const GArray *stats);
GtkListStore *latency_top_store_new (void);
void latency_top_store_fill (GtkListStore *store, LttvLatency *l, LttvLatencyKind kind,
                             const GArray *top);

/* Appends `stats` as `lttv latency --format=tsv` writes them:
 * "stats KIND BY KEY COUNT CUT MIN MAX MEAN STDDEV TOTAL P50 P90 P99". */
void latency_stats_to_tsv (GString *out, LttvLatency *l, LttvLatencyKind kind,
                           LttvLatencyGroupBy by, const GArray *stats);

G_END_DECLS
