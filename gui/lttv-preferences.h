/* SPDX-License-Identifier: GPL-2.0-or-later */
/* LttvPreferences: the Preferences dialog (time format), kept in
 * GSettings when the schema is installed. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define LTTV_TYPE_PREFERENCES (lttv_preferences_get_type ())
G_DECLARE_FINAL_TYPE (LttvPreferences, lttv_preferences, LTTV, PREFERENCES, GtkDialog)

/* `settings` may be NULL (schema not installed): changes then last for
 * the session. */
GtkWidget *lttv_preferences_new (GtkWindow *parent, GSettings *settings);

G_END_DECLS
