/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The host's side of LttvViewerContext (lttv-module.h has the viewer's):
 * one context per viewer instance, bound to its tab's time context. */
#pragma once

#include "lttv-marks.h"
#include "lttv-module.h"
#include "lttv-time-axis.h"
#include "lttv-time-context.h"
#include "lttv-trace-data.h"

G_BEGIN_DECLS

/* `job_bar` (an LttvJobBar, may be NULL when headless) shows the jobs the
 * viewer starts. */
LttvViewerContext *lttv_viewer_context_new (LttvTimeContext *time_context,
                                            GtkWidget *job_bar);
LttvTimeContext *lttv_viewer_context_get_time_context (LttvViewerContext *ctx);
/* The tab's traceset changed (not owned); emits "traceset-changed". */
void lttv_viewer_context_set_traceset (LttvViewerContext *ctx, LttvTraceset *ts);
/* Why the tab's traces could not be opened, or NULL (copied); emits
 * "traceset-changed" when it changes. */
void lttv_viewer_context_set_open_error (LttvViewerContext *ctx, const char *message);
/* The tab's state (not owned), building or built; emits "history-changed". */
void lttv_viewer_context_set_state (LttvViewerContext *ctx, LttvState *state);
/* Keeps a reference to `data` (the traceset and state the viewer reads)
 * until the context is finalized or holds another: viewers and their jobs
 * may still read them after the tab has moved on or closed. */
void lttv_viewer_context_hold (LttvViewerContext *ctx, LttvTraceData *data);
/* What the context holds now (not owned; NULL before a traceset opens):
 * workers take a reference to it, so that the traceset and history they
 * read outlive a traceset change (a trace added) while they run. */
LttvTraceData *lttv_viewer_context_get_held (LttvViewerContext *ctx);
/* The traceset grew in place (a live session: lttv_traceset_grow): emits
 * "traceset-grew", then "history-changed". */
void lttv_viewer_context_traceset_grew (LttvViewerContext *ctx);
/* More of the history is built: emits "history-changed". */
void lttv_viewer_context_history_grew (LttvViewerContext *ctx);
/* The tab's selected thread changed (lttv-thread-selection.c): emits
 * "thread-selected". */
void lttv_viewer_context_thread_selected (LttvViewerContext *ctx);
/* The tab's time axis (a reference is taken; NULL: none, as headless);
 * emits "axis-changed". */
void lttv_viewer_context_set_axis (LttvViewerContext *ctx, LttvTimeAxis *axis);
/* TRUE once the viewer asked for the axis (lttv_viewer_context_get_axis):
 * a timeline, which the tab puts in its upper area. */
gboolean lttv_viewer_context_uses_axis (LttvViewerContext *ctx);
/* The tab's bookmarks (a reference is taken): what
 * lttv_viewer_context_get_bookmarks gives. */
void lttv_viewer_context_set_bookmarks (LttvViewerContext *ctx, LttvBookmarks *bookmarks);
/* The i-th of the shared state colours ("#rrggbb"); FALSE past the last. */
gboolean lttv_viewer_context_nth_state_colour (guint i, const char **state, const char **colour);
/* Cancels the viewer's jobs and stops forwarding signals. */
void lttv_viewer_context_detach (LttvViewerContext *ctx);

G_END_DECLS
