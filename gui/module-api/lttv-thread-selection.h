/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The thread selected in a tab, shared by its viewers (modules do not know
 * one another): the control flow view selects a thread, the resource view
 * highlights where it ran, and the reverse. Installed with lttv-module.h. */
#pragma once

#include "lttv-module.h"

G_BEGIN_DECLS

/* Selects thread `tid` of the lifetime that began at `birth` (LTTV_TIME_NONE
 * when unknown) for every viewer of ctx's tab; tid < 0 clears. Emits
 * "thread-selected" on the tab's viewer contexts when it changes. */
void lttv_viewer_context_select_thread (LttvViewerContext *ctx, gint64 tid,
                                        LttvTime birth);
/* FALSE when no thread is selected. Also makes the "thread-selected"
 * signal (no arguments) exist on ctx: call it before connecting. */
gboolean lttv_viewer_context_get_selected_thread (LttvViewerContext *ctx,
                                                  gint64 *tid,
                                                  LttvTime *birth);

G_END_DECLS
