/* SPDX-License-Identifier: GPL-2.0-or-later */
/**
 * SECTION:density
 * @title: Event density
 * @short_description: how many events fall in any time range, in O(1)
 * @include: lttv/lttv.h
 *
 * How many events, and how many discarded events, fall in any
 * time range, answered in O(1) whatever the trace size. The build pass
 * counts events per fixed-width time bucket (a power of two nanoseconds,
 * at most LTTV_DENSITY_MAX_BUCKETS of them over the traceset) and keeps
 * the running sums, so a coarser level is a subtraction: a histogram of
 * any resolution costs one lookup per bar, never a read of the events.
 * Inside one bucket the count is interpolated; at bucket edges it is
 * exact. Discarded events come from the packet contexts (the tracer's
 * events_discarded counter), placed where the loss began.
 */
#pragma once

#include <lttv/state.h>

G_BEGIN_DECLS

/**
 * LTTV_DENSITY_MAX_BUCKETS:
 *
 * The most buckets a density has over its traceset.
 */
#define LTTV_DENSITY_MAX_BUCKETS (1u << 21)

/**
 * LttvDensity:
 *
 * Event counts per time bucket, built with a state and owned by it
 * (lttv_state_get_density()).
 */
typedef struct _LttvDensity LttvDensity;

/**
 * lttv_state_get_density:
 * @s: a state
 *
 * The density built with @s; owned by the state. Queryable from any
 * thread while the build goes on (up to lttv_density_committed_end).
 *
 * Returns: (transfer none): owned by @s
 */
LttvDensity *lttv_state_get_density (LttvState *s);

/**
 * lttv_density_bucket_width:
 * @d: a state's density
 *
 * Width of the finest bucket in nanoseconds, and where bucket 0 begins.
 *
 * Returns: the width in nanoseconds
 */
LttvTime lttv_density_bucket_width (LttvDensity *d);
/**
 * lttv_density_begin:
 * @d: a state's density
 *
 * Where bucket 0 begins.
 *
 * Returns: a time
 */
LttvTime lttv_density_begin (LttvDensity *d);
/**
 * lttv_density_committed_end:
 * @d: a state's density
 *
 * Events before this time are all counted; LTTV_TIME_NONE before any.
 *
 * Returns: a time, or %LTTV_TIME_NONE
 */
LttvTime lttv_density_committed_end (LttvDensity *d);

/**
 * lttv_density_count:
 * @d: a state's density
 * @t0: the start of the range
 * @t1: the end of the range
 *
 * Events with a time in [t0, t1) (exact when both are bucket edges, else
 * interpolated inside the edge buckets), and discarded events there.
 *
 * Returns: the number of events, interpolated
 */
double lttv_density_count (LttvDensity *d, LttvTime t0, LttvTime t1);
/**
 * lttv_density_count_discarded:
 * @d: a state's density
 * @t0: the start of the range
 * @t1: the end of the range
 *
 * Events the tracer discarded in [@t0, @t1).
 *
 * Returns: the number of discarded events
 */
guint64 lttv_density_count_discarded (LttvDensity *d, LttvTime t0,
                                      LttvTime t1);
/**
 * lttv_density_count_exact:
 * @d: a state's density
 * @t0: the start of the range
 * @t1: the end of the range
 * @out: return location for the count
 *
 * Events with a time in [t0, t1] counted exactly when t0 and t1 + 1 are
 * bucket edges; FALSE (and nothing in *out) when they are not or when the
 * range is past the committed part.
 *
 * Returns: %TRUE when *@out was set
 */
gboolean lttv_density_count_exact (LttvDensity *d, LttvTime t0, LttvTime t1,
                                   guint64 *out);

/**
 * LttvDensitySample:
 * @events: interpolated at edges inside a bucket
 * @discarded: discarded events placed in the bar
 *
 * One bar of lttv_density_query().
 */
typedef struct {
  double events;       /* interpolated at edges inside a bucket */
  guint64 discarded;
} LttvDensitySample;

/**
 * lttv_density_query:
 * @d: a state's density
 * @t0: the start of the range
 * @step: the width of a bar
 * @n: the number of bars
 * @out: an array of @n samples to fill
 *
 * One sample per bar over [t0, t0 + n * step): out[i] covers
 * [t0 + i step, t0 + (i + 1) step). Returns how many bars are covered by
 * the committed part (the others get 0).
 *
 * Returns: how many bars the committed part covers
 */
guint lttv_density_query (LttvDensity *d, LttvTime t0, LttvTime step,
                          guint n, LttvDensitySample *out);

G_END_DECLS
