/* SPDX-License-Identifier: GPL-2.0-or-later */
/* LttvTimeAxis: the horizontal geometry one tab's timelines share, so that
 * they all draw a given time at the same x. Every timeline of the tab is as
 * wide as the tab's viewer area; its chart starts `start` pixels from its
 * left edge (the name or tree column is left of it) and ends `end_margin`
 * pixels before its right edge (a scrollbar's width). The user drags the
 * name column's edge in any timeline: the axis moves them all, with the
 * tab's ruler. */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/* The smallest and default chart start, in pixels. */
#define LTTV_TIME_AXIS_MIN_START 60
#define LTTV_TIME_AXIS_DEFAULT_START 280

#define LTTV_TYPE_TIME_AXIS (lttv_time_axis_get_type ())
G_DECLARE_FINAL_TYPE (LttvTimeAxis, lttv_time_axis, LTTV, TIME_AXIS, GObject)

LttvTimeAxis *lttv_time_axis_new (int start, int end_margin);
int lttv_time_axis_get_start (LttvTimeAxis *self);
int lttv_time_axis_get_end_margin (LttvTimeAxis *self);
/* Emits "changed" when it changes (clamped to MIN_START or more). */
void lttv_time_axis_set_start (LttvTimeAxis *self, int start);
void lttv_time_axis_set_end_margin (LttvTimeAxis *self, int end_margin);

G_END_DECLS
