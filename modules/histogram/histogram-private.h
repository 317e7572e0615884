/* SPDX-License-Identifier: GPL-2.0-or-later */
/* histogram-private.h: the histogram viewer's fields, shared by its
 * widget (histogram.c) and its mouse handling (histogram-input.c). */
#pragma once

#include <lttv-module.h>

#include "histogram-count.h"

#define OVERVIEW_HEIGHT 90
#define LABEL_HEIGHT 18
/* On screen the plots may shrink to this, so that the default viewers fit
 * a laptop screen; the pane gives them more when there is room. */
#define OVERVIEW_MIN_HEIGHT 44
#define EDGE_GRAB 5         /* pixels around the window's edges that resize it */
/* Read the events of a window exactly when its bars are finer than this
 * many density buckets and it holds at most EXACT_MAX_EVENTS events. */
#define EXACT_BUCKETS_PER_BAR 16
#define EXACT_MAX_EVENTS 4000000

typedef enum { DRAG_NONE, DRAG_MOVE, DRAG_START, DRAG_END } DragKind;

/* One plot's job: what it counts and the last result. */
typedef struct {
  LttvJob *job;
  HistogramCount *pending;    /* the request of `job` */
  HistogramCount *result;     /* the last finished one */
} PlotJob;

typedef struct {
  gint ref;
  gboolean dead;
  LttvViewerContext *ctx;
  GtkWidget *top, *overview, *detail, *log_button, *status;
  GtkWidget *names[2], *margins[2]; /* left and right of the plots */
  GSimpleActionGroup *actions;
  gboolean log_scale;
  DragKind drag;
  double drag_x;
  gboolean selecting;         /* a press in the window's plot */
  double select_x;
  LttvTime drag_w0, drag_w1;
  PlotJob jobs[2];            /* 0: overview, 1: detail */
  guint refresh_id;
} Histogram;

Histogram *histogram_ref (Histogram *self);
void histogram_unref (Histogram *self);
/* Connects the plots' mouse and tooltips (histogram-input.c). */
void histogram_connect_input (Histogram *self);
/* The time range of plot `which` (0: the traceset, 1: the window). */
void histogram_plot_range (Histogram *self, guint which, LttvTime *t0, LttvTime *t1);
/* The time a bar stands for when [t0, t1] is drawn in `n` bars. */
LttvTime histogram_plot_step (LttvTime t0, LttvTime t1, guint n);
