/* SPDX-License-Identifier: GPL-2.0-or-later */
/* LttvWindow: a main window of lttv-gui: a notebook of tabs (one traceset
 * each), the toolbar, and the window's actions (win.*). */
#pragma once

#include <gtk/gtk.h>

#include "lttv-application.h"
#include "lttv-tab.h"

G_BEGIN_DECLS

#define LTTV_TYPE_WINDOW (lttv_window_get_type ())
G_DECLARE_FINAL_TYPE (LttvWindow, lttv_window, LTTV, WINDOW, GtkApplicationWindow)

LttvWindow *lttv_window_new (LttvApplication *app);
/* Opens `files` as one traceset in a new tab (or in the current tab when
 * it is still empty), with the default viewers. */
LttvTab *lttv_window_open_traces (LttvWindow *self, GFile **files, int n_files);
/* Opens session file `file` in a new tab (or the current one when it is
 * empty); files ending in .lttv-session given to lttv_window_open_traces
 * come here. */
LttvTab *lttv_window_open_session (LttvWindow *self, const char *file);
LttvTab *lttv_window_new_tab (LttvWindow *self);
LttvTab *lttv_window_get_current_tab (LttvWindow *self);
guint lttv_window_get_n_tabs (LttvWindow *self);
LttvTab *lttv_window_get_tab (LttvWindow *self, guint index);
/* Times shown again after the time format changed. */
void lttv_window_refresh_times (LttvWindow *self);

/* Names of the window actions that take the current tab as their object;
 * the application exports a twin of each on the bus (NULL-terminated). */
extern const char *const lttv_window_scriptable_actions[];

G_END_DECLS
