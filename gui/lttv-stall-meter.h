/* lttv-stall-meter: measures how long the main loop goes without running
 * (a callback that takes too long freezes the window for that time), and
 * the time from launch to the first paint of a tab. Enabled by
 * $LTTV_STALL_REPORT; the figures are printed on stderr at exit. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Call first thing in main(): the launch time. */
void lttv_stall_meter_mark_launch (void);
/* Starts measuring when $LTTV_STALL_REPORT is set; stalls before the
 * first paint of a tab (start-up) are not counted. */
void lttv_stall_meter_start (void);
/* Records the first time `widget` is drawn (once per process). */
void lttv_stall_meter_watch_first_paint (GtkWidget *widget);
/* Longest gap between two ticks beyond the tick period, in ms. */
double lttv_stall_meter_longest_ms (void);
/* Prints the figures if measuring. */
void lttv_stall_meter_report (void);

G_END_DECLS
