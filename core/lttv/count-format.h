/* SPDX-License-Identifier: GPL-2.0-or-later */
/* count-format.h: counts as people read them, grouped by thousands
 * ("6,165,713"), the same in every view. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* A new string (g_free). */
char *lttv_format_count (guint64 n);

G_END_DECLS
