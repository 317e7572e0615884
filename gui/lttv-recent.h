/* SPDX-License-Identifier: GPL-2.0-or-later */
/* lttv-recent.h (shell only): opened traces among the recent files,
 * written in a worker. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Adds the traces at `paths` (NULL-terminated) to the user's recent files
 * (recently-used.xbel) for lttv-gui, in the group "lttv". The file is
 * written, and synced to the disk, in a worker: GtkRecentManager writes it
 * on the main thread, which then waits for the disk (100-300 ms on a busy
 * machine). Its file monitor reads the new list back. */
void lttv_recent_add_traces (const char *const *paths);
/* Adds a session file the same way (and through the same worker, so that
 * the two never write the file at once). */
void lttv_recent_add_session (const char *file);

G_END_DECLS
