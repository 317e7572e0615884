/* SPDX-License-Identifier: GPL-2.0-or-later */
/* lttv-session.h: a tab saved as a session file (lttv-session-file.h) and
 * opened again in a new tab: traces, viewers and layout, times, filter,
 * bookmarks and the timelines' rows (docs/session-format.md). */
#pragma once

#include "lttv-session-file.h"
#include "lttv-tab.h"

G_BEGIN_DECLS

/* What `tab` shows now. */
LttvSession *lttv_session_capture (LttvTab *tab);
/* Saves it to `file`; refuses a file inside one of the tab's trace
 * folders. Remembers `file` as the tab's session. */
gboolean lttv_session_save_tab (LttvTab *tab, const char *file, GError **error);
/* The session file the tab was opened from or saved to, or NULL. */
const char *lttv_session_get_file (LttvTab *tab);
/* Opens `file` in `tab` (new, empty, without viewers): its viewers, its
 * traces (a missing one is named in the tab's problem bar, the others
 * open), then its times, filter, bookmarks and rows. A malformed file
 * leaves the tab empty with the error in its problem bar. FALSE then. */
gboolean lttv_session_restore (LttvTab *tab, const char *file);
/* The session's times and filter on a time context whose bounds are set
 * (what the tab does once the traces are open; --export too). */
void lttv_session_apply_times (const LttvSession *s, LttvTimeContext *tc);
/* Adds the session's bookmarks `store` does not hold yet. */
void lttv_session_apply_bookmarks (const LttvSession *s, LttvBookmarks *store);

G_END_DECLS
