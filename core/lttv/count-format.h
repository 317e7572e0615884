/* SPDX-License-Identifier: GPL-2.0-or-later */
/**
 * SECTION:count-format
 * @title: Counts
 * @short_description: counts as people read them
 * @include: lttv/lttv.h
 *
 * Counts as people read them, grouped by thousands
 * ("6,165,713"), the same in every view.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * lttv_format_count:
 * @n: a count
 *
 * @n in decimal, its thousands grouped ("6,165,713").
 *
 * Returns: (transfer full): a new string, to free with g_free()
 */
char *lttv_format_count (guint64 n);

G_END_DECLS
