/* SPDX-License-Identifier: GPL-2.0-or-later */
/* LttvModulesDialog: lists the modules found, loaded or refused, with
 * their versions, files and the reasons for refusals. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define LTTV_TYPE_MODULES_DIALOG (lttv_modules_dialog_get_type ())
G_DECLARE_FINAL_TYPE (LttvModulesDialog, lttv_modules_dialog, LTTV, MODULES_DIALOG, GtkDialog)

GtkWidget *lttv_modules_dialog_new (GtkWindow *parent);

G_END_DECLS
