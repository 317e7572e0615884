/* SPDX-License-Identifier: GPL-2.0-or-later */
/* histogram-count.h: exact per-bar event counts read from the trace, with
 * or without the tab's filter; the density gives the immediate picture,
 * this refines it in a background job. */
#pragma once

#include <gio/gio.h>

#include <lttv/density.h>
#include <lttv/filter.h>
#include <lttv/state.h>

typedef struct {
  LttvTime t0, step;
  guint n;
  char *filter;             /* "" for none */
  guint64 *counts;          /* [n], filled by the job */
  guint64 total;            /* events read in [t0, t0 + n step) */
  LttvState *state;         /* for a job: what it reads (not owned) */
} HistogramCount;

HistogramCount *histogram_count_new (LttvTime t0, LttvTime step, guint n,
                                     const char *filter);
void histogram_count_free (gpointer data);

/* Counts the events of `s`'s traceset in the request's bars that match its
 * filter (all events when it has none). Worker-thread safe; FALSE when
 * cancelled or on a read error. `report` (may be NULL) gets the fraction
 * done and the events read so far. */
gboolean histogram_count_run (HistogramCount *req, LttvState *s,
                              void (*report) (gpointer, double, guint64),
                              gpointer report_data,
                              GCancellable *cancellable, GError **error);
