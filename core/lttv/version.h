/* SPDX-License-Identifier: GPL-2.0-or-later */
/* version.h: version of liblttv. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The library's version string ("0.1.0"); static, never freed. */
const char *lttv_version (void);

G_END_DECLS
