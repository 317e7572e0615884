/* SPDX-License-Identifier: GPL-2.0-or-later */
/* density.h: how many events, and how many discarded events, fall in any
 * time range, answered in O(1) whatever the trace size. The build pass
 * counts events per fixed-width time bucket (a power of two nanoseconds,
 * at most LTTV_DENSITY_MAX_BUCKETS of them over the traceset) and keeps
 * the running sums, so a coarser level is a subtraction: a histogram of
 * any resolution costs one lookup per bar, never a read of the events.
 * Inside one bucket the count is interpolated; at bucket edges it is
 * exact. Discarded events come from the packet contexts (the tracer's
 * events_discarded counter), placed where the loss began. */
#pragma once

#include <lttv/state.h>

G_BEGIN_DECLS

#define LTTV_DENSITY_MAX_BUCKETS (1u << 21)

typedef struct _LttvDensity LttvDensity;

/* The density built with `s`; owned by the state. Queryable from any
 * thread while the build goes on (up to lttv_density_committed_end). */
LttvDensity *lttv_state_get_density (LttvState *s);

/* Width of the finest bucket in nanoseconds, and where bucket 0 begins. */
LttvTime lttv_density_bucket_width (LttvDensity *d);
LttvTime lttv_density_begin (LttvDensity *d);
/* Events before this time are all counted; LTTV_TIME_NONE before any. */
LttvTime lttv_density_committed_end (LttvDensity *d);

/* Events with a time in [t0, t1) (exact when both are bucket edges, else
 * interpolated inside the edge buckets), and discarded events there. */
double lttv_density_count (LttvDensity *d, LttvTime t0, LttvTime t1);
guint64 lttv_density_count_discarded (LttvDensity *d, LttvTime t0,
                                      LttvTime t1);
/* Events with a time in [t0, t1] counted exactly when t0 and t1 + 1 are
 * bucket edges; FALSE (and nothing in *out) when they are not or when the
 * range is past the committed part. */
gboolean lttv_density_count_exact (LttvDensity *d, LttvTime t0, LttvTime t1,
                                   guint64 *out);

typedef struct {
  double events;       /* interpolated at edges inside a bucket */
  guint64 discarded;
} LttvDensitySample;

/* One sample per bar over [t0, t0 + n * step): out[i] covers
 * [t0 + i step, t0 + (i + 1) step). Returns how many bars are covered by
 * the committed part (the others get 0). */
guint lttv_density_query (LttvDensity *d, LttvTime t0, LttvTime step,
                          guint n, LttvDensitySample *out);

G_END_DECLS
