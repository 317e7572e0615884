/* SPDX-License-Identifier: GPL-2.0-or-later */
/* File › Open Live Session…: a relay daemon's host and port, its sessions
 * (listed by a worker; errors shown in the dialog), one or several chosen
 * and attached. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Called once per chosen session, with its URL. */
typedef void (*LttvLiveAttachFunc) (GtkWindow *parent, const char *url, gpointer data);

void lttv_live_dialog_show (GtkWindow *parent, LttvLiveAttachFunc attach, gpointer data);

G_END_DECLS
