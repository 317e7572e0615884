/* SPDX-License-Identifier: GPL-2.0-or-later */
/* LttvTimeRuler: the time axis shared by timeline viewers. It shows the
 * tab's visible window with ticks, the current time and the selection;
 * a click sets the current time, a drag selects, the wheel zooms (Ctrl)
 * or scrolls the window. The shell's own (not installed). */
#pragma once

#include <gtk/gtk.h>

#include "lttv-module.h"

G_BEGIN_DECLS

#define LTTV_TYPE_TIME_RULER (lttv_time_ruler_get_type ())
G_DECLARE_FINAL_TYPE (LttvTimeRuler, lttv_time_ruler, LTTV, TIME_RULER, GtkDrawingArea)

GtkWidget *lttv_time_ruler_new (LttvViewerContext *ctx);
/* TRUE: the ruler spans the tab's timeline area and draws the time axis
 * above their charts only (lttv_viewer_context_get_axis); FALSE (the
 * default): over its whole width. */
void lttv_time_ruler_set_on_axis (LttvTimeRuler *self, gboolean on_axis);

/* Draws a ruler for [start, end] into `cr` (for render functions of
 * headless export); tick labels are seconds from `origin`. */
void lttv_time_ruler_render (cairo_t *cr, int width, int height,
                             LttvTime start, LttvTime end, LttvTime origin);

G_END_DECLS
