/* SPDX-License-Identifier: GPL-2.0-or-later */
/**
 * SECTION:library-version
 * @title: Version
 * @short_description: the version of liblttv
 * @include: lttv/lttv.h
 *
 * Version of liblttv.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * lttv_version:
 *
 * The library's version string ("0.1.0"); static, never freed.
 *
 * Returns: (transfer none): a static string
 */
const char *lttv_version (void);

G_END_DECLS
