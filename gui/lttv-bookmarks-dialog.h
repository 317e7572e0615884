/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The bookmarks' dialogs: adding one on the current time or the selection
 * (Ctrl+D), and the list (rename, note, delete, go to); and going to a
 * bookmark. */
#pragma once

#include "lttv-tab.h"

G_BEGIN_DECLS

/* Asks for a name, a note and a colour, then bookmarks the selection (or
 * the current time when nothing is selected). Returns the dialog. */
GtkWidget *lttv_bookmarks_dialog_add (GtkWindow *parent, LttvTab *tab);
/* The list of the tab's bookmarks. Returns the dialog. */
GtkWidget *lttv_bookmarks_dialog_list (GtkWindow *parent, LttvTab *tab);
/* Moves the current time to bookmark `i` (and selects its range), and the
 * window to show it. */
void lttv_bookmarks_go_to (LttvTab *tab, guint i);
/* The next (previous) bookmark after (before) the current time; FALSE
 * when there is none. */
gboolean lttv_bookmarks_step (LttvTab *tab, gboolean forward);

G_END_DECLS
