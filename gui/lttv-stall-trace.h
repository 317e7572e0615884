/* SPDX-License-Identifier: GPL-2.0-or-later */
/* lttv-stall-trace: with $LTTV_STALL_TRACE set, names what a long
 * main-loop turn spent its time on (the frame clock's update, layout and
 * paint, or the other handlers), on stderr, with the monotonic time to find
 * the turn in a profile (perf record -k CLOCK_MONOTONIC). */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Times every turn of the default main context from now on. */
void lttv_stall_trace_start (void);
/* Times the phases of `window`'s frame clock (once it is realized). */
void lttv_stall_trace_watch_window (GtkWidget *window);

G_END_DECLS
