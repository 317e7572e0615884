/* SPDX-License-Identifier: GPL-2.0-or-later */
/**
 * SECTION:paths
 * @title: Paths
 * @short_description: where LTTV finds its installed files
 * @include: lttv/lttv.h
 *
 * Where LTTV finds its installed files. Each folder is the one
 * chosen at configure time, unless an environment variable overrides it
 * (the build tree and the tests use that).
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * lttv_paths_data_dir:
 *
 * $LTTV_DATA_DIR, else $(pkgdatadir). Static string, never freed.
 *
 * Returns: (transfer none): a static string
 */
const char *lttv_paths_data_dir (void);
/**
 * lttv_paths_sample_trace:
 *
 * The bundled sample trace: $LTTV_SAMPLE_TRACE, else the sample-trace
 * folder of the data folder. Static string, never freed.
 *
 * Returns: (transfer none): a static string
 */
const char *lttv_paths_sample_trace (void);
/**
 * lttv_paths_locale_dir:
 *
 * $LTTV_LOCALE_DIR, else $(localedir). Static string, never freed.
 *
 * Returns: (transfer none): a static string
 */
const char *lttv_paths_locale_dir (void);
/**
 * lttv_paths_cache_dir:
 *
 * The user's cache folder for LTTV ($XDG_CACHE_HOME/lttv); newly allocated.
 *
 * Returns: (transfer full): a new string, to free with g_free()
 */
char *lttv_paths_cache_dir (void);

G_END_DECLS
