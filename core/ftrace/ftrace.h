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

/* Makes the next ftrace_ctf_folder convert again (a copy found
 * damaged). */
void ftrace_ctf_forget (const char *dir);

/* The thread names a conversion in `dir` kept (the file's
 * saved_cmdlines, for the threads its events name): tid
 * (GINT_TO_POINTER) -> name, NULL when there are none. */
GHashTable *ftrace_thread_names (const char *dir);

/* A version 6 file cut inside its CPU data: writes at `copy` the file
 * with each CPU's data ended at its last whole page before the cut (in
 * the flyrecord table), adding a problem per CPU cut. FALSE when the
 * file is not that (then nothing is left at `copy`). */
gboolean ftrace_salvage_cut (const char *path, const char *copy, int n_cpus,
                             guint64 page, gboolean big, GPtrArray *problems);

/* A version 7 file cut before its end (or inside its CPU data): writes
 * at `copy` the file with the tables of its buffers' CPU data, lost with
 * the cut, made again from what is left (whole pages, or whole compressed
 * chunks), adding a problem per CPU cut. FALSE when there is nothing to
 * read (then nothing is left at `copy`). */
gboolean ftrace_salvage_cut7 (const char *path, const char *copy,
                              GPtrArray *problems);

/* A version 7 file libtracecmd reads whole but whose last section ends
 * past the file's end (cut in its strings, which only name sections):
 * a problem saying so. */
void ftrace_check_end7 (const char *path, GPtrArray *problems);

/* Converts `path` into the (new, empty) folder `dir`. */
gboolean ftrace_convert (const char *path, const char *dir,
                         GPtrArray *problems, GError **error);
