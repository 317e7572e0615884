/* LttvTimeBar: shows and edits a tab's visible window (start, end, span),
 * current time and selection, in the format chosen in Preferences. */
#pragma once

#include <gtk/gtk.h>

#include "lttv-time-context.h"

G_BEGIN_DECLS

#define LTTV_TYPE_TIME_BAR (lttv_time_bar_get_type ())
G_DECLARE_FINAL_TYPE (LttvTimeBar, lttv_time_bar, LTTV, TIME_BAR, GtkBox)

GtkWidget *lttv_time_bar_new (LttvTimeContext *context);
/* Shows the values again (after the time format changed). */
void lttv_time_bar_refresh (LttvTimeBar *self);
/* Puts the focus on the current-time field (Go to time). */
void lttv_time_bar_focus_current (LttvTimeBar *self);

G_END_DECLS
