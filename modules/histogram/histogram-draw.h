/* SPDX-License-Identifier: GPL-2.0-or-later */
/* histogram-draw.h: one histogram plot drawn with cairo, shared by the
 * widget and the headless export. */
#pragma once

#include <gtk/gtk.h>

#include <lttv/density.h>
#include <lttv-marks.h>

typedef struct {
  LttvTime t0, t1;                   /* the range shown, [t0, t1) */
  guint n;                           /* bars: one per pixel */
  const LttvDensitySample *density;  /* [n]: all events, from the density */
  const guint64 *exact;              /* [n] or NULL: counts read from the trace */
  gboolean exact_is_filtered;        /* exact counts only the matching events */
  gboolean log_scale;
  /* marks drawn over the bars; LTTV_TIME_NONE when absent */
  LttvTime window0, window1, current, sel0, sel1;
  guint committed;                   /* bars covered by the built part */
  const LttvMarks *marks;            /* the tab's marks drawn alike everywhere, or NULL */
} HistogramPlot;

/* The count of bar i as drawn: exact when known, else the density. */
double histogram_plot_value (const HistogramPlot *p, guint i);
double histogram_plot_max (const HistogramPlot *p);
/* Draws `p` into the rectangle (x, y, w, h): background, bars, the
 * discarded events, the marks, and the scale in the corner. */
void histogram_plot_draw (const HistogramPlot *p, cairo_t *cr, PangoLayout *layout,
                          double x, double y, double w, double h);
/* The x of time `t` in a plot of width `w`. */
double histogram_plot_x (const HistogramPlot *p, LttvTime t, double w);
