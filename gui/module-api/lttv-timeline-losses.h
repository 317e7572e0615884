/* SPDX-License-Identifier: GPL-2.0-or-later */
/* LttvTimelineLosses: what the tracer lost (discarded events, lost
 * packets: lttv_traceset_discarded), drawn over a timeline's rows as a
 * hatched span on the rows a loss affects, with a legend key and a line
 * for the tooltip. Installed with lttv-module.h. */
#pragma once

#include "lttv-timeline-model.h"

G_BEGIN_DECLS

typedef struct _LttvTimelineLosses LttvTimelineLosses;

/* TRUE for a row that a loss on CPU `cpu` shows on. */
typedef gboolean (*LttvTimelineLossRowFunc) (const LttvTimelineRow *row,
                                             int cpu);

/* The losses of `ts` (NULL: none); `rows` NULL: each spans every row. */
LttvTimelineLosses *lttv_timeline_losses_new (LttvTraceset *ts,
                                              LttvTimelineLossRowFunc rows);
void lttv_timeline_losses_free (LttvTimelineLosses *l);
guint lttv_timeline_losses_n (const LttvTimelineLosses *l);
/* Draws the spans in [t0, t1] over the visible rows of `m` in
 * width x height, visible row position p at y0 + p * ROW_HEIGHT. */
void lttv_timeline_losses_draw (const LttvTimelineLosses *l,
                                LttvTimelineModel *m, cairo_t *cr,
                                int width, int height, double y0,
                                LttvTime t0, LttvTime t1);
/* What `row` lost around `t` (within `slack` ns), for a tooltip; NULL
 * when nothing (newly allocated). */
char *lttv_timeline_losses_describe (const LttvTimelineLosses *l,
                                     const LttvTimelineRow *row, LttvTime t,
                                     LttvTime slack);
/* The legend's key: the hatch in a w x h box at (x, y). */
void lttv_timeline_losses_draw_key (cairo_t *cr, double x, double y,
                                    double w, double h);

G_END_DECLS
