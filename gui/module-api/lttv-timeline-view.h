/* SPDX-License-Identifier: GPL-2.0-or-later */
/**
 * SECTION:lttv-timeline-view
 * @title: LttvTimelineView
 * @short_description: the timeline widget of the control flow and resource views
 * @include: lttv-timeline-view.h
 *
 * LttvTimelineView: the timeline widget the control flow and resource
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
 *   Shift+click           extend the selection to the time clicked
 *   click                 set the current time, select the row
 *   Left / Right          previous / next state change of the selected row
 *   Up / Down             select the row above / below
 *
 * The same as actions of the group "timeline" on the widget: zoom-in,
 * zoom-out (around the current time), pan-left, pan-right, zoom-selection,
 * previous-change, next-change.
 *
 * Installed with lttv-module.h.
 */
#pragma once

#include "lttv-timeline-model.h"

G_BEGIN_DECLS

/**
 * LTTV_TYPE_TIMELINE_VIEW:
 *
 * The #GType of #LttvTimelineView.
 */
#define LTTV_TYPE_TIMELINE_VIEW (lttv_timeline_view_get_type ())
/**
 * LttvTimelineView:
 *
 * The timeline widget (see above); its fields are private.
 */
G_DECLARE_FINAL_TYPE (LttvTimelineView, lttv_timeline_view, LTTV, TIMELINE_VIEW, GtkGrid)

/**
 * LttvTimelineTooltipFunc:
 * @m: a timeline model
 * @row: a row
 * @t: a time
 * @data: the data given to the callback
 *
 * Extra tooltip lines for @row at time @t (newly allocated, or NULL).
 *
 * Returns: (transfer full) (nullable): a new string, or %NULL
 */
typedef char *(*LttvTimelineTooltipFunc) (LttvTimelineModel *m,
                                          const LttvTimelineRow *row,
                                          LttvTime t, gpointer data);

/**
 * LttvTimelineOverlayFunc:
 * @view: a timeline view
 * @cr: a cairo context to draw into
 * @width: the width in pixels
 * @height: the height in pixels
 * @t0: the start of the range
 * @t1: the end of the range
 * @data: the data given to the callback
 *
 * Draws over the rows (after the cached image, before the current time):
 * @cr is the rows area, width x height, showing [t0, t1].
 */
typedef void (*LttvTimelineOverlayFunc) (LttvTimelineView *view, cairo_t *cr,
                                         int width, int height, LttvTime t0,
                                         LttvTime t1, gpointer data);

/**
 * lttv_timeline_view_new:
 * @ctx: the viewer's context
 *
 * A timeline view on @ctx's tab.
 *
 * Returns: (transfer floating): a new #LttvTimelineView
 */
GtkWidget *lttv_timeline_view_new (LttvViewerContext *ctx);
/**
 * lttv_timeline_view_set_overlay_func:
 * @self: a timeline view
 * @func: (nullable): the overlay function
 * @data: the data given to the callback
 *
 * Sets what is drawn over the rows.
 */
void lttv_timeline_view_set_overlay_func (LttvTimelineView *self,
                                          LttvTimelineOverlayFunc func,
                                          gpointer data);
/**
 * lttv_timeline_view_row_y:
 * @self: a timeline view
 * @row: a row index
 *
 * The y of the middle of row @row in the canvas (it may be outside it);
 * -1 when the row is not shown.
 *
 * Returns: a y, or -1
 */
double lttv_timeline_view_row_y (LttvTimelineView *self, int row);
/**
 * lttv_timeline_view_set_model:
 * @self: a timeline view
 * @model: (nullable): a model
 *
 * Shows @model (a reference is taken); NULL shows nothing.
 */
void lttv_timeline_view_set_model (LttvTimelineView *self,
                                   LttvTimelineModel *model);
/**
 * lttv_timeline_view_get_model:
 * @self: a timeline view
 *
 * The model shown.
 *
 * Returns: (transfer none) (nullable): owned by @self
 */
LttvTimelineModel *lttv_timeline_view_get_model (LttvTimelineView *self);
/**
 * lttv_timeline_view_set_tooltip_func:
 * @self: a timeline view
 * @func: (nullable): the tooltip function
 * @data: the data given to the callback
 *
 * Sets the extra tooltip lines.
 */
void lttv_timeline_view_set_tooltip_func (LttvTimelineView *self,
                                          LttvTimelineTooltipFunc func,
                                          gpointer data);
/**
 * lttv_timeline_view_invalidate:
 * @self: a timeline view
 *
 * The rows' contents changed (history grew, highlight): redraw them.
 */
void lttv_timeline_view_invalidate (LttvTimelineView *self);
/**
 * lttv_timeline_view_refilter:
 * @self: a timeline view
 *
 * Rows were added, hidden, sorted or collapsed: refilter and redraw.
 */
void lttv_timeline_view_refilter (LttvTimelineView *self);

/**
 * lttv_timeline_view_get_selected_row:
 * @self: a timeline view
 *
 * The selected row (an index in the model), -1 for none.
 *
 * Returns: a row index, or -1
 */
int lttv_timeline_view_get_selected_row (LttvTimelineView *self);
/**
 * lttv_timeline_view_select_row:
 * @self: a timeline view
 * @row: a row index, or -1
 *
 * Selects row @row and scrolls to it; emits "row-selected" when it
 * changes.
 */
void lttv_timeline_view_select_row (LttvTimelineView *self, int row);

/**
 * lttv_timeline_view_zoom:
 * @self: a timeline view
 * @factor: the zoom factor
 * @at: a time
 *
 * Zooms by @factor (2: twice as close) keeping time @at at its place.
 */
void lttv_timeline_view_zoom (LttvTimelineView *self, double factor,
                              LttvTime at);
/**
 * lttv_timeline_view_pan:
 * @self: a timeline view
 * @fraction: the fraction of the span
 *
 * Moves the window by @fraction of its span (negative: earlier).
 */
void lttv_timeline_view_pan (LttvTimelineView *self, double fraction);
/**
 * lttv_timeline_view_step_change:
 * @self: a timeline view
 * @forward: %TRUE for the next change
 *
 * Moves the current time to the next (or previous) state change of the
 * selected row; FALSE when there is none.
 *
 * Returns: %TRUE when the current time moved
 */
gboolean lttv_timeline_view_step_change (LttvTimelineView *self,
                                         gboolean forward);

/**
 * lttv_timeline_view_get_canvas:
 * @self: a timeline view
 *
 * The drawing area of the rows (for tests and key focus), and the time at
 * its x coordinate.
 *
 * Returns: (transfer none): owned by @self
 */
GtkWidget *lttv_timeline_view_get_canvas (LttvTimelineView *self);
/**
 * lttv_timeline_view_time_at:
 * @self: a timeline view
 * @x: an x in the canvas
 *
 * The time at @x in the canvas.
 *
 * Returns: a time
 */
LttvTime lttv_timeline_view_time_at (LttvTimelineView *self, double x);
/**
 * lttv_timeline_view_row_at:
 * @self: a timeline view
 * @y: a y in the canvas
 *
 * The row at y in the canvas, -1 for none.
 *
 * Returns: a row index, or -1
 */
int lttv_timeline_view_row_at (LttvTimelineView *self, double y);
/**
 * lttv_timeline_view_tooltip_at:
 * @self: a timeline view
 * @x: an x in the canvas
 * @y: a y in the canvas
 *
 * The tooltip text at (x, y) of the canvas, NULL for none (newly
 * allocated).
 *
 * Returns: (transfer full) (nullable): a new string, to free with g_free()
 */
char *lttv_timeline_view_tooltip_at (LttvTimelineView *self, double x,
                                     double y);
/**
 * lttv_timeline_view_last_draw_ms:
 * @self: a timeline view
 *
 * Milliseconds the last full draw of the rows took, -1 before one.
 *
 * Returns: milliseconds, or -1
 */
double lttv_timeline_view_last_draw_ms (LttvTimelineView *self);
/**
 * lttv_timeline_view_is_drawn:
 * @self: a timeline view
 *
 * TRUE when the cached image shows the current window and rows.
 *
 * Returns: %TRUE when drawn
 */
gboolean lttv_timeline_view_is_drawn (LttvTimelineView *self);

/**
 * LttvTimelineMatchKind:
 * @LTTV_TIMELINE_MATCH_NONE: the row shows no matches
 * @LTTV_TIMELINE_MATCH_THREAD: the row is a thread's (its id: the tid)
 * @LTTV_TIMELINE_MATCH_CPU: the row is a CPU's (its id: the CPU number)
 *
 * Whose events a row marks when they match the tab's filter.
 */
typedef enum {
  LTTV_TIMELINE_MATCH_NONE,
  LTTV_TIMELINE_MATCH_THREAD,
  LTTV_TIMELINE_MATCH_CPU,
} LttvTimelineMatchKind;

/**
 * LttvTimelineMatchFunc:
 * @row: a row
 * @id: (out): return location for the thread's or CPU's id
 * @data: the data given to the callback
 *
 * Whose events @row marks.
 *
 * Returns: the kind of the row
 */
typedef LttvTimelineMatchKind (*LttvTimelineMatchFunc) (const LttvTimelineRow *row,
                                                        gint64 *id, gpointer data);

/**
 * lttv_timeline_view_set_match_func:
 * @self: a timeline view
 * @func: (nullable): says whose events each row marks; %NULL: none
 * @data: the data given to @func
 *
 * With a filter in the tab, the view marks, per pixel at the bottom of
 * each row, the events that match it (found in a worker, with cancel,
 * for the window shown), and offers "rows with matches only" (the
 * stateful action timeline.matches-only).
 */
void lttv_timeline_view_set_match_func (LttvTimelineView *self,
                                        LttvTimelineMatchFunc func,
                                        gpointer data);
/**
 * lttv_timeline_view_set_matches_only:
 * @self: a timeline view
 * @only: %TRUE to hide the rows without a match in the window
 *
 * Hides (or shows again) the rows without an event matching the tab's
 * filter in the window; without a filter, every row shows.
 */
void lttv_timeline_view_set_matches_only (LttvTimelineView *self,
                                          gboolean only);
/**
 * lttv_timeline_view_matches_ready:
 * @self: a timeline view
 *
 * FALSE while the matches of the window are being found.
 *
 * Returns: %TRUE when the marks shown are those of the window and filter
 */
gboolean lttv_timeline_view_matches_ready (LttvTimelineView *self);
/**
 * lttv_timeline_view_row_has_match:
 * @self: a timeline view
 * @row: a row index
 * @x: (out) (optional): the x of its first marked pixel
 *
 * Does @row mark a matching event in the window?
 *
 * Returns: %TRUE when it does
 */
gboolean lttv_timeline_view_row_has_match (LttvTimelineView *self, int row,
                                           int *x);

/* Signals:
 *   "row-selected" (int row)                the selection moved
 *   "row-clicked"  (int row, guint64 time)  a click on a row's timeline */

G_END_DECLS
