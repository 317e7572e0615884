/* SPDX-License-Identifier: GPL-2.0-or-later */
/* latency-draw: the latency viewer's charts, drawn with cairo only (the
 * widget, the headless export and the benchmark share them): a scatter of
 * durations over time sampled once per pixel column with
 * lttv_latency_max_in, so that its cost does not grow with the number of
 * intervals, and a density histogram of durations. */
#pragma once

#include <cairo.h>
#include <lttv/latency.h>

G_BEGIN_DECLS

/* The plot inside a chart's axes, in the chart's pixels. */
typedef struct {
  double x, y, w, h;
} LatencyArea;

/* The longest interval beginning in each pixel column of [t0, t1). */
typedef struct {
  LttvTime t0, t1;
  guint n;
  LttvLatencyInterval *col;   /* n; duration 0 and tid -2: none */
  guint64 lo, hi;             /* the shortest and longest of them */
  guint n_points;
} LatencySamples;

typedef char *(*LatencyTimeFormat) (LttvTime t, gpointer data);

/* The plot of a chart width x height, leaving room for the axes. */
void latency_chart_area (int width, int height, LatencyArea *area);

void latency_samples_compute (LatencySamples *s, LttvLatency *l, LttvLatencyKind kind,
                              LttvTime t0, LttvTime t1, guint columns);
void latency_samples_clear (LatencySamples *s);
/* The column of the point near (x, y) (within 6 pixels), else -1. */
int latency_samples_hit (const LatencySamples *s, const LatencyArea *a, gboolean log_y,
                         double x, double y);

/* The colour of a kind's points and bars. */
void latency_kind_colour (LttvLatencyKind kind, double rgb[3]);

/* The scatter: axes (time from t0 below, the duration left) and one point
 * per column; `fmt` writes t0 under the axis. */
void latency_scatter_draw (cairo_t *cr, const LatencySamples *s, const LatencyArea *a,
                           gboolean log_y, LttvLatencyKind kind, LatencyTimeFormat fmt,
                           gpointer fmt_data);

/* The histogram of `counts` over [lo, hi] in n buckets (of equal ratio
 * when `log_x`). */
void latency_histogram_draw (cairo_t *cr, const guint64 *counts, guint n, guint64 lo,
                             guint64 hi, gboolean log_x, const LatencyArea *a,
                             LttvLatencyKind kind);
/* The bucket under x, else -1. */
int latency_histogram_hit (guint n, const LatencyArea *a, double x, double y);

/* A message in the middle of a chart (nothing to draw, and why). */
void latency_draw_message (cairo_t *cr, int width, int height, const char *text);

G_END_DECLS
