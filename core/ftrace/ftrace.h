/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ftrace.h: trace-cmd .dat recordings, read with libtracecmd and
 * libtraceevent and written once as a CTF trace in the user's cache
 * folder, which the CTF reader then reads like any other (so every part
 * of LTTV that reads a traceset reads them unchanged). */
#pragma once

#include <glib.h>

/* Whether `path` is a regular file beginning with trace-cmd's magic. */
gboolean ftrace_is_dat (const char *path);

/* Checks what libtracecmd would read first (magic, version, byte order,
 * long size, page size, the first sections' sizes) so that it is never
 * given a file it might crash on. `data`/`len`: the file's first bytes,
 * `file_size` its whole size. FALSE with `error` naming `path` and the
 * byte offset. */
gboolean ftrace_check_head (const char *path, const guint8 *data, gsize len,
                            guint64 file_size, unsigned *version,
                            GError **error);

/* The CTF folder holding the recording at `path`: converted now, or
 * found from an earlier conversion of the same file (same size, time and
 * inode). `format`: "trace-cmd .dat vN"; `problems` gets a GError per
 * part of the file that could not be read (the rest is converted). NULL
 * with `error` set when nothing could be read. */
char *ftrace_ctf_folder (const char *path, char **format,
                         GPtrArray *problems, GError **error);

/* Converts `path` into the (new, empty) folder `dir`. */
gboolean ftrace_convert (const char *path, const char *dir,
                         GPtrArray *problems, GError **error);
