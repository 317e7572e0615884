/* SPDX-License-Identifier: GPL-2.0-or-later */
/**
 * SECTION:lttv-timeline-losses
 * @title: LttvTimelineLosses
 * @short_description: the tracer's losses drawn over a timeline
 * @include: lttv-timeline-losses.h
 *
 * LttvTimelineLosses: what the tracer lost (discarded events, lost
 * packets: lttv_traceset_discarded), drawn over a timeline's rows as a
 * hatched span on the rows a loss affects, with a legend key and a line
 * for the tooltip. Installed with lttv-module.h.
 */
#pragma once

#include "lttv-timeline-model.h"

G_BEGIN_DECLS

/**
 * LttvTimelineLosses:
 *
 * The tracer's losses as a timeline draws them, freed with
 * lttv_timeline_losses_free().
 */
typedef struct _LttvTimelineLosses LttvTimelineLosses;

/**
 * LttvTimelineLossRowFunc:
 * @row: a row
 * @cpu: the CPU of the loss
 *
 * Says which rows a loss shows on.
 *
 * Returns: %TRUE when a loss on @cpu shows on @row
 */
typedef gboolean (*LttvTimelineLossRowFunc) (const LttvTimelineRow *row,
                                             int cpu);

/**
 * lttv_timeline_losses_new:
 * @ts: (nullable): a traceset
 * @rows: (nullable): which rows a loss spans
 *
 * The losses of @ts (NULL: none); @rows NULL: each spans every row.
 *
 * Returns: (transfer full): new losses, to free with
 * lttv_timeline_losses_free()
 */
LttvTimelineLosses *lttv_timeline_losses_new (LttvTraceset *ts,
                                              LttvTimelineLossRowFunc rows);
/**
 * lttv_timeline_losses_free:
 * @l: the losses
 *
 * Frees @l and what it owns.
 */
void lttv_timeline_losses_free (LttvTimelineLosses *l);
/**
 * lttv_timeline_losses_copy:
 * @l: (nullable): the losses
 *
 * Another holder of the same losses.
 *
 * Returns: (transfer full) (nullable): new losses (NULL for NULL), to free
 * with lttv_timeline_losses_free()
 */
LttvTimelineLosses *lttv_timeline_losses_copy (const LttvTimelineLosses *l);
/**
 * lttv_timeline_losses_n:
 * @l: the losses
 *
 * How many losses there are.
 *
 * Returns: the number of losses
 */
guint lttv_timeline_losses_n (const LttvTimelineLosses *l);
/**
 * lttv_timeline_losses_draw:
 * @l: the losses
 * @m: a timeline model
 * @cr: a cairo context to draw into
 * @width: the width in pixels
 * @height: the height in pixels
 * @y0: the y of the first visible row
 * @t0: the start of the range
 * @t1: the end of the range
 *
 * Draws the spans in [t0, t1] over the visible rows of @m in
 * width x height, visible row position p at y0 + p * ROW_HEIGHT.
 */
void lttv_timeline_losses_draw (const LttvTimelineLosses *l,
                                LttvTimelineModel *m, cairo_t *cr,
                                int width, int height, double y0,
                                LttvTime t0, LttvTime t1);
/**
 * lttv_timeline_losses_describe:
 * @l: the losses
 * @row: a row
 * @t: a time
 * @slack: a time
 *
 * What @row lost around @t (within @slack ns), for a tooltip; NULL
 * when nothing (newly allocated).
 *
 * Returns: (transfer full) (nullable): a new string, to free with g_free()
 */
char *lttv_timeline_losses_describe (const LttvTimelineLosses *l,
                                     const LttvTimelineRow *row, LttvTime t,
                                     LttvTime slack);
/**
 * lttv_timeline_losses_draw_key:
 * @cr: a cairo context to draw into
 * @x: left
 * @y: top
 * @w: width
 * @h: height
 *
 * The legend's key: the hatch in a w x h box at (x, y).
 */
void lttv_timeline_losses_draw_key (cairo_t *cr, double x, double y,
                                    double w, double h);

G_END_DECLS
