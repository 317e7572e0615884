/* SPDX-License-Identifier: GPL-2.0-or-later */
/* LttvSelectionStatus: the tab's status, right of the window's toolbar:
 * the selection's start, end and duration, and how many events it
 * holds, counted in a worker (a long selection takes longer than the main
 * thread may) and again when the selection moves (the count in flight is
 * cancelled). */
#pragma once

#include <gtk/gtk.h>

#include "lttv-time-context.h"
#include "lttv-trace-data.h"

G_BEGIN_DECLS

#define LTTV_TYPE_SELECTION_STATUS (lttv_selection_status_get_type ())
G_DECLARE_FINAL_TYPE (LttvSelectionStatus, lttv_selection_status, LTTV, SELECTION_STATUS, GtkBox)

GtkWidget *lttv_selection_status_new (LttvTimeContext *tc);
/* The traceset the events are counted in (a reference is taken). */
void lttv_selection_status_set_data (LttvSelectionStatus *self, LttvTraceData *data);
/* What it says now ("" with no selection). */
const char *lttv_selection_status_get_text (LttvSelectionStatus *self);
/* TRUE while a count runs. */
gboolean lttv_selection_status_is_counting (LttvSelectionStatus *self);

G_END_DECLS
