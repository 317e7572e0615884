/* SPDX-License-Identifier: GPL-2.0-or-later */
/* gui-test.h: what the in-process GUI tests share: running the main loop
 * until something holds, waiting for a tab's history, finding a widget. */
#pragma once

#include <gtk/gtk.h>

#include "gui/lttv-window.h"
#include "gui/module-api/lttv-timeline-view.h"

/* GLib's tests and GTK started, and the resources and modules loaded as
 * lttv-gui has them. */
void gui_test_init (int *argc, char ***argv);

/* The tabs' layout settings back to their defaults: the memory backend
 * keeps what a test before left, for the process. */
void gui_test_reset_layout (void);

/* A new window, shown, whose tabs start from the default layout. */
LttvWindow *gui_test_new_window (void);

/* Activates window action `action` (the test fails if it is disabled). */
void gui_test_activate (LttvWindow *w, const char *action, GVariant *param);

/* Runs the main loop until done (data) or timeout_ms have passed;
 * returns done (data) then. */
gboolean gui_test_iterate_until (gboolean (*done) (gpointer), gpointer data, int timeout_ms);

/* Runs the main loop for ms milliseconds. */
void gui_test_iterate_for (int ms);

/* For gui_test_iterate_until: the tab (an LttvTab) is open, its viewers
 * made and its state history completely built. */
gboolean gui_test_tab_built (gpointer tab);

/* The first widget under w (w included, depth first) that match accepts. */
GtkWidget *gui_test_find_widget (GtkWidget *w, gboolean (*match) (GtkWidget *, gconstpointer),
                                 gconstpointer data);

/* For gui_test_find_widget: the widget's name (gtk_widget_set_name) is
 * the string data. */
gboolean gui_test_is_named (GtkWidget *w, gconstpointer name);

/* Runs xdotool with the arguments format gives (the test fails if it
 * does), then the main loop for settle_ms: its events reach us through
 * the X server. */
void gui_test_xdotool (int settle_ms, const char *format, ...) G_GNUC_PRINTF (2, 3);

/* The X window id of w's toplevel (for xdotool). */
gulong gui_test_xid (GtkWidget *w);

/* A timeline view's canvas as it is drawn on screen, once it is. */
cairo_surface_t *gui_test_snapshot (LttvTimelineView *view);

/* The colour at (x, y) of an RGB24 snapshot (the test fails outside it). */
GdkRGBA gui_test_pixel (cairo_surface_t *s, int x, int y);
