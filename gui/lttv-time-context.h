/* SPDX-License-Identifier: GPL-2.0-or-later */
/* LttvTimeContext: the time state one tab's viewers share: the traceset's
 * bounds, the visible window, the current time, the selected range and the
 * filter, with a signal per change and Back/Forward through past windows.
 * Setting a value to what it is emits nothing, so listeners that set in
 * return cannot loop. */
#pragma once

#include <glib-object.h>

#include <lttv/time.h>

G_BEGIN_DECLS

#define LTTV_TYPE_TIME_CONTEXT (lttv_time_context_get_type ())
G_DECLARE_FINAL_TYPE (LttvTimeContext, lttv_time_context, LTTV, TIME_CONTEXT, GObject)

/* Least time between two "window-changed" emissions while dragging (µs). */
#define LTTV_TIME_CONTEXT_DRAG_INTERVAL_US 33000

LttvTimeContext *lttv_time_context_new (void);

/* The traceset's range: the window becomes the whole of it, the current
 * time its start, the selection and the history are cleared. Until bounds
 * are set, nothing is clamped. */
void lttv_time_context_set_bounds (LttvTimeContext *self, LttvTime begin, LttvTime end);
/* The traceset grew (a live session): its end moves on, nothing else
 * does; emits "bounds-changed" only. */
void lttv_time_context_extend_end (LttvTimeContext *self, LttvTime end);
gboolean lttv_time_context_get_bounds (LttvTimeContext *self, LttvTime *begin, LttvTime *end);

void lttv_time_context_get_window (LttvTimeContext *self, LttvTime *start, LttvTime *end);
/* Clamped to the bounds; start > end are swapped. The window left is
 * recorded for go_back. */
void lttv_time_context_set_window (LttvTimeContext *self, LttvTime start, LttvTime end);
void lttv_time_context_drag_window (LttvTimeContext *self, LttvTime start, LttvTime end);
void lttv_time_context_end_drag (LttvTimeContext *self);

/* Zooms by `factor` (2: twice as close) around `centre`. */
void lttv_time_context_zoom (LttvTimeContext *self, double factor, LttvTime centre);
void lttv_time_context_zoom_fit (LttvTimeContext *self);
/* FALSE when nothing is selected. */
gboolean lttv_time_context_zoom_selection (LttvTimeContext *self);

gboolean lttv_time_context_can_go_back (LttvTimeContext *self);
gboolean lttv_time_context_can_go_forward (LttvTimeContext *self);
void lttv_time_context_go_back (LttvTimeContext *self);
void lttv_time_context_go_forward (LttvTimeContext *self);

LttvTime lttv_time_context_get_current_time (LttvTimeContext *self);
void lttv_time_context_set_current_time (LttvTimeContext *self, LttvTime t);

gboolean lttv_time_context_get_selection (LttvTimeContext *self, LttvTime *start, LttvTime *end);
void lttv_time_context_set_selection (LttvTimeContext *self, LttvTime start, LttvTime end);
void lttv_time_context_clear_selection (LttvTimeContext *self);

const char *lttv_time_context_get_filter (LttvTimeContext *self);
void lttv_time_context_set_filter (LttvTimeContext *self, const char *expr);

G_END_DECLS
