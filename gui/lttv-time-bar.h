/* SPDX-License-Identifier: GPL-2.0-or-later */
/* LttvTimeBar: shows and edits a tab's visible window (start, end, span),
 * current time and selection, in the format chosen in Preferences. */
#pragma once

#include <gtk/gtk.h>

#include "lttv-time-context.h"

G_BEGIN_DECLS

typedef enum {
  LTTV_TIME_BAR_START,
  LTTV_TIME_BAR_END,
  LTTV_TIME_BAR_SPAN,
  LTTV_TIME_BAR_CURRENT,
  LTTV_TIME_BAR_SELECTION_START,
  LTTV_TIME_BAR_SELECTION_END,
  LTTV_TIME_BAR_N_FIELDS
} LttvTimeBarField;

#define LTTV_TYPE_TIME_BAR (lttv_time_bar_get_type ())
G_DECLARE_FINAL_TYPE (LttvTimeBar, lttv_time_bar, LTTV, TIME_BAR, GtkBox)

GtkWidget *lttv_time_bar_new (LttvTimeContext *context);
/* Shows the values again (after the time format changed). */
void lttv_time_bar_refresh (LttvTimeBar *self);
/* What a field shows (or what the user is typing in it). */
const char *lttv_time_bar_get_text (LttvTimeBar *self, LttvTimeBarField field);
/* Types `text` into a field and presses Enter; FALSE when it is refused
 * (the field is then marked as an error). */
gboolean lttv_time_bar_enter (LttvTimeBar *self, LttvTimeBarField field, const char *text);
/* Puts the focus on the current-time field (Go to time). */
void lttv_time_bar_focus_current (LttvTimeBar *self);

G_END_DECLS
