/* SPDX-License-Identifier: GPL-2.0-or-later */
/**
 * SECTION:lttv-thread-selection
 * @title: Thread selection
 * @short_description: the thread selected in a tab, shared by its viewers
 * @include: lttv-thread-selection.h
 *
 * The thread selected in a tab, shared by its viewers (modules do not know
 * one another): the control flow view selects a thread, the resource view
 * highlights where it ran, and the reverse. Installed with lttv-module.h.
 */
#pragma once

#include "lttv-module.h"

G_BEGIN_DECLS

/**
 * lttv_viewer_context_select_thread:
 * @ctx: the viewer's context
 * @tid: a thread id, or a negative one to clear
 * @birth: a time
 *
 * Selects thread @tid of the lifetime that began at @birth (LTTV_TIME_NONE
 * when unknown) for every viewer of ctx's tab; tid < 0 clears. Emits
 * "thread-selected" on the tab's viewer contexts when it changes.
 */
void lttv_viewer_context_select_thread (LttvViewerContext *ctx, gint64 tid,
                                        LttvTime birth);
/**
 * lttv_viewer_context_get_selected_thread:
 * @ctx: the viewer's context
 * @tid: (out) (optional): return location for the thread id
 * @birth: (out) (optional): return location for its birth
 *
 * FALSE when no thread is selected. From the first call (or
 * lttv_viewer_context_select_thread) on, "thread-selected" is emitted on
 * ctx when the tab's selected thread changes.
 *
 * Returns: %TRUE when a thread is selected
 */
gboolean lttv_viewer_context_get_selected_thread (LttvViewerContext *ctx,
                                                  gint64 *tid,
                                                  LttvTime *birth);

G_END_DECLS
