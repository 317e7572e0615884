/* SPDX-License-Identifier: GPL-2.0-or-later */
/**
 * SECTION:lttv-timeline-host
 * @title: LttvTimelineHost
 * @short_description: what a timeline viewer does around its rows
 * @include: lttv-timeline-host.h
 *
 * LttvTimelineHost: what a timeline viewer (control flow, resource view)
 * does around its rows, so that the viewer only says what they are. It
 * lists the rows in a worker when the viewer starts, again as the history
 * grows (at most once a second) and anew when the traceset changes; it
 * carries the user's sort, hidden and folded rows over to each new
 * listing; it shows a status line instead of the view while there is
 * nothing to draw; and it exports the view to a file the user picks.
 * Installed with lttv-module.h.
 */
#pragma once

#include "lttv-timeline-view.h"

G_BEGIN_DECLS

/**
 * LttvTimelineHostFuncs:
 * @new_model: main thread: a new, empty model for the history, and in its fill_data argument what @fill needs (freed with @fill_data_free)
 * @fill_data_free: frees the fill data
 * @fill: worker: adds the rows of the history's committed part; reads only
 * @shown: (nullable): main thread, after the model is shown (sort, hidden and folded rows carried over): the viewer's own filters and selection, with what @fill left in the fill data
 * @get_state: (nullable): the tab's state (%NULL: lttv_viewer_context_get_state())
 * @no_rows: status when a listing has no row; %NULL: the empty view
 * @export_title: title of the export dialog
 * @export_name: file name it suggests
 *
 * What a timeline viewer tells its #LttvTimelineHost.
 */
typedef struct {
  /* Main thread: a new, empty model for `history`, and in `fill_data`
   * what `fill` needs (freed with fill_data_free). */
  LttvTimelineModel *(*new_model) (LttvViewerContext *ctx, LttvHistory *history,
                                   gpointer *fill_data, gpointer user_data);
  GDestroyNotify fill_data_free;
  /* Worker: adds the rows of the history's committed part; reads only. */
  void (*fill) (LttvTimelineModel *model, LttvHistory *history, gpointer fill_data);
  /* Main thread, after `model` is shown (sort, hidden and folded rows
   * carried over): the viewer's own filters and selection, with what
   * `fill` left in `fill_data`. May be NULL. */
  void (*shown) (LttvTimelineModel *model, gpointer fill_data, gpointer user_data);
  /* The tab's state (NULL: lttv_viewer_context_get_state). */
  LttvState *(*get_state) (LttvViewerContext *ctx);
  const char *no_rows;       /* status when a listing has no row; NULL: the empty view */
  const char *export_title;  /* title of the export dialog */
  const char *export_name;   /* file name it suggests */
} LttvTimelineHostFuncs;

/**
 * LttvTimelineHost:
 *
 * A timeline viewer's host, owned by the widget lttv_timeline_host_new()
 * returns.
 */
typedef struct _LttvTimelineHost LttvTimelineHost;

/**
 * lttv_timeline_host_new:
 * @ctx: the viewer's context
 * @view: the view to host
 * @funcs: the viewer's functions (static)
 * @user_data: the data given to the callback
 * @host: (out) (optional): return location for the host, owned by the widget
 *
 * Hosts @view: returns the widget to pack in its place (the view and a
 * status line), which owns the host. @funcs must be static. Starts the
 * first listing.
 *
 * Returns: (transfer floating): the widget to pack
 */
GtkWidget *lttv_timeline_host_new (LttvViewerContext *ctx, LttvTimelineView *view,
                                   const LttvTimelineHostFuncs *funcs,
                                   gpointer user_data, LttvTimelineHost **host);
/**
 * lttv_timeline_host_show_status:
 * @host: a timeline host
 * @text: a string
 *
 * Shows @text instead of the view until the next listing.
 */
void lttv_timeline_host_show_status (LttvTimelineHost *host, const char *text);
/**
 * lttv_timeline_host_export:
 * @host: a timeline host
 *
 * Asks for a file and exports the view there (PNG, SVG or PDF).
 */
void lttv_timeline_host_export (LttvTimelineHost *host);

G_END_DECLS
