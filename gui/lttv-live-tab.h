/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A tab that follows a live LTTng session (lttv/live.h): the session is
 * polled in a worker; its mirror folder is opened again at a bounded
 * rate as it grows; the time window follows the newest events until the
 * user moves it; a lost connection is retried. Also the window's live
 * actions: win.open-live (the dialog), win.attach-live(URL) and
 * win.live-follow (the toolbar's Follow toggle). */
#pragma once

#include "lttv-window.h"

G_BEGIN_DECLS

/* Adds the live actions and the Follow toggle to `toolbar` (the window's
 * init calls it). */
void lttv_live_window_setup (LttvWindow *window, GtkToolbar *toolbar, GtkNotebook *notebook);

/* Attaches to the session `url` (net://HOST[:PORT]/host/HOSTNAME/SESSION)
 * in a new tab of `window`. */
LttvTab *lttv_live_tab_attach (LttvWindow *window, const char *url);

/* At exit, after the windows are gone: waits for the live sessions to
 * detach and their mirror folders to be removed (bounded by the live
 * timeout). */
void lttv_live_tab_shutdown (void);
/* TRUE for a tab made by lttv_live_tab_attach (its folder is a private
 * mirror, not a trace to remember among the recent ones). */
gboolean lttv_live_tab_is_live (LttvTab *tab);

G_END_DECLS
