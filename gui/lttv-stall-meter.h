/* SPDX-License-Identifier: GPL-2.0-or-later */
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
/* Records the first time `widget` is drawn after this call (a tab whose
 * traceset just opened). */
void lttv_stall_meter_watch_opened_paint (GtkWidget *widget);
/* The state build of a tab started / ended (or the history came from the
 * cache): the end prints the build's time and its longest stall at once. */
void lttv_stall_meter_build_started (void);
void lttv_stall_meter_build_ended (gboolean cached);
/* Longest gap between two ticks beyond the tick period, in ms. */
double lttv_stall_meter_longest_ms (void);
/* Longest gap minus the time the main thread waited for a core meanwhile
 * (the run-queue wait the kernel reports): the stall the program caused,
 * by computing or by blocking, whatever the machine's load. */
double lttv_stall_meter_longest_own_ms (void);
/* Longest main-thread CPU time between two ticks, in ms: the cost of the
 * callbacks themselves, without the time the process waited for a core on
 * a busy machine. */
double lttv_stall_meter_longest_busy_ms (void);
/* Prints the figures if measuring. */
void lttv_stall_meter_report (void);

G_END_DECLS
