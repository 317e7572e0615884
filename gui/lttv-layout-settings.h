/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The tab layout the user left (GSettings org.lttv.Lttv.Layout): which
 * viewers a new tab opens where, the dock's height, the timelines' share
 * of the height and the name column's width. */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define LTTV_LAYOUT_SCHEMA_ID "org.lttv.Lttv.Layout"

/* The settings, or NULL when the schema is not installed (the defaults
 * then apply and nothing is kept). Owned by the process. */
GSettings *lttv_layout_settings (void);

G_END_DECLS
