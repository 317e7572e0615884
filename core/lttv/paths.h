/* SPDX-License-Identifier: GPL-2.0-or-later */
/* paths.h: where LTTV finds its installed files. Each folder is the one
 * chosen at configure time, unless an environment variable overrides it
 * (the build tree and the tests use that). */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* $LTTV_DATA_DIR, else $(pkgdatadir). Static string, never freed. */
const char *lttv_paths_data_dir (void);
/* The bundled sample trace: $LTTV_SAMPLE_TRACE, else <data dir>/sample-trace.
 * Static string, never freed. */
const char *lttv_paths_sample_trace (void);
/* $LTTV_LOCALE_DIR, else $(localedir). Static string, never freed. */
const char *lttv_paths_locale_dir (void);
/* The user's cache folder for LTTV ($XDG_CACHE_HOME/lttv); newly allocated. */
char *lttv_paths_cache_dir (void);

G_END_DECLS
