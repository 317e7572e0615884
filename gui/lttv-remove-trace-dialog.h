/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The dialog that asks which of a tab's traces to take out of it. */
#pragma once

#include "lttv-tab.h"

G_BEGIN_DECLS

/* Shows it, over parent, for a tab of two traces or more (nothing for
 * fewer); the trace chosen leaves the tab when the user confirms. */
void lttv_remove_trace_dialog_show (GtkWindow *parent, LttvTab *tab);

G_END_DECLS
