/* SPDX-License-Identifier: GPL-2.0-or-later */
/* LttvApplication: the GtkApplication of lttv-gui. It opens the traces
 * named on the command line as one traceset in a tab, or the bundled
 * sample trace when none is named; its actions (and a twin of each window
 * command) are exported on the session bus for `gapplication action`.
 * --export and --list-views run without a window (cli.md). */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define LTTV_APPLICATION_ID "org.lttv.Lttv"

#define LTTV_TYPE_APPLICATION (lttv_application_get_type ())
G_DECLARE_FINAL_TYPE (LttvApplication, lttv_application, LTTV, APPLICATION, GtkApplication)

LttvApplication *lttv_application_new (void);
/* NULL when the GSettings schema is not installed. */
GSettings *lttv_application_get_settings (LttvApplication *self);

G_END_DECLS
