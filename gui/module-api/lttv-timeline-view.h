/* SPDX-License-Identifier: GPL-2.0-or-later */
/* LttvTimelineView: the timeline widget the control flow and resource
 * viewers share. A names pane (column headers, tree, sort) scrolls with
 * the rows; the shared time ruler sits above the rows; rows are drawn
 * from an LttvTimelineModel into a cached off-screen image (in a worker
 * when a draw is slow), with the current time, the selection and the
 * pointer drawn over it. Interaction changes the tab's time context:
 *
 *   Ctrl+wheel, W / S     zoom in / out at the pointer
 *   Shift+wheel, A / D    pan left / right
 *   wheel                 scroll the rows
 *   + / -                 zoom around the current time
 *   drag                  select a range; Z zooms to it
 *   click                 set the current time, select the row
 *   Left / Right          previous / next state change of the selected row
 *   Up / Down             select the row above / below
 *
 * The same as actions of the group "timeline" on the widget: zoom-in,
 * zoom-out (around the current time), pan-left, pan-right, zoom-selection,
 * previous-change, next-change.
 *
 * Installed with lttv-module.h. */
#pragma once

#include "lttv-timeline-model.h"

G_BEGIN_DECLS

#define LTTV_TYPE_TIMELINE_VIEW (lttv_timeline_view_get_type ())
G_DECLARE_FINAL_TYPE (LttvTimelineView, lttv_timeline_view, LTTV, TIMELINE_VIEW, GtkGrid)

/* Extra tooltip lines for `row` at time `t` (newly allocated, or NULL). */
typedef char *(*LttvTimelineTooltipFunc) (LttvTimelineModel *m,
                                          const LttvTimelineRow *row,
                                          LttvTime t, gpointer data);

/* Draws over the rows (after the cached image, before the current time):
 * `cr` is the rows area, width x height, showing [t0, t1]. */
typedef void (*LttvTimelineOverlayFunc) (LttvTimelineView *view, cairo_t *cr,
                                         int width, int height, LttvTime t0,
                                         LttvTime t1, gpointer data);

GtkWidget *lttv_timeline_view_new (LttvViewerContext *ctx);
void lttv_timeline_view_set_overlay_func (LttvTimelineView *self,
                                          LttvTimelineOverlayFunc func,
                                          gpointer data);
/* The y of the middle of row `row` in the canvas (it may be outside it);
 * -1 when the row is not shown. */
double lttv_timeline_view_row_y (LttvTimelineView *self, int row);
/* Shows `model` (a reference is taken); NULL shows nothing. */
void lttv_timeline_view_set_model (LttvTimelineView *self,
                                   LttvTimelineModel *model);
LttvTimelineModel *lttv_timeline_view_get_model (LttvTimelineView *self);
void lttv_timeline_view_set_tooltip_func (LttvTimelineView *self,
                                          LttvTimelineTooltipFunc func,
                                          gpointer data);
/* The rows' contents changed (history grew, highlight): redraw them. */
void lttv_timeline_view_invalidate (LttvTimelineView *self);
/* Rows were added, hidden, sorted or collapsed: refilter and redraw. */
void lttv_timeline_view_refilter (LttvTimelineView *self);

/* The selected row (an index in the model), -1 for none. */
int lttv_timeline_view_get_selected_row (LttvTimelineView *self);
/* Selects row `row` and scrolls to it; emits "row-selected" when it
 * changes. */
void lttv_timeline_view_select_row (LttvTimelineView *self, int row);

/* Zooms by `factor` (2: twice as close) keeping time `at` at its place. */
void lttv_timeline_view_zoom (LttvTimelineView *self, double factor,
                              LttvTime at);
/* Moves the window by `fraction` of its span (negative: earlier). */
void lttv_timeline_view_pan (LttvTimelineView *self, double fraction);
/* Moves the current time to the next (or previous) state change of the
 * selected row; FALSE when there is none. */
gboolean lttv_timeline_view_step_change (LttvTimelineView *self,
                                         gboolean forward);

/* The drawing area of the rows (for tests and key focus), and the time at
 * its x coordinate. */
GtkWidget *lttv_timeline_view_get_canvas (LttvTimelineView *self);
LttvTime lttv_timeline_view_time_at (LttvTimelineView *self, double x);
/* The row at y in the canvas, -1 for none. */
int lttv_timeline_view_row_at (LttvTimelineView *self, double y);
/* The tooltip text at (x, y) of the canvas, NULL for none (newly
 * allocated). */
char *lttv_timeline_view_tooltip_at (LttvTimelineView *self, double x,
                                     double y);
/* Milliseconds the last full draw of the rows took, -1 before one. */
double lttv_timeline_view_last_draw_ms (LttvTimelineView *self);
/* TRUE when the cached image shows the current window and rows. */
gboolean lttv_timeline_view_is_drawn (LttvTimelineView *self);

/* Signals:
 *   "row-selected" (int row)                the selection moved
 *   "row-clicked"  (int row, guint64 time)  a click on a row's timeline */

G_END_DECLS
