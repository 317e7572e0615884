/* SPDX-License-Identifier: GPL-2.0-or-later */
#pragma once

#include "lttv-window.h"

G_BEGIN_DECLS

/* Adds the session actions (win.open-session, win.save-session,
 * win.save-session-as, win.save-session-to) to a new window. */
void lttv_session_window_setup (LttvWindow *window);

G_END_DECLS
