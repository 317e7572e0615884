/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The shell's side of the marks (lttv-marks.h has the viewers'): where a
 * traceset's bookmarks are kept, and their file (docs/bookmarks.md; never
 * in the trace folder), and the marks' texts. */
#pragma once

#include "lttv-marks.h"

G_BEGIN_DECLS

/* $XDG_DATA_HOME/lttv/bookmarks/<key>.bookmarks, the key a SHA-256 of
 * every trace's absolute path and identity (its environment: host, tracer,
 * creation time), not of its files' sizes: an index rebuilt keeps them.
 * Newly allocated; NULL for an empty traceset. */
char *lttv_bookmarks_file_for (LttvTraceset *ts);

/* Replaces the bookmarks with those of `file` (none when it does not
 * exist); later changes are saved there. FALSE with `error` ("FILE: WHERE:
 * WHAT") when it cannot be read: the store is then empty, and the file is
 * kept aside (FILE.bad) the first time the store is saved. NULL: no file,
 * no bookmarks. Emits "changed". */
gboolean lttv_bookmarks_set_file (LttvBookmarks *self, const char *file, GError **error);
const char *lttv_bookmarks_get_file (LttvBookmarks *self);
/* Reads `file` into `self` (replacing what it held) without saving. */
gboolean lttv_bookmarks_load (LttvBookmarks *self, const char *file, GError **error);
/* Writes them (atomically; the folder is made). */
gboolean lttv_bookmarks_save (LttvBookmarks *self, const char *file, GError **error);
/* The traces' absolute paths, written in the file for people. */
void lttv_bookmarks_set_traces (LttvBookmarks *self, const char *const *paths);

/* A duration as people read it: "840 ns", "12.500 µs", "3.250 ms",
 * "1.500000 s". Newly allocated. */
char *lttv_marks_duration_text (LttvTime d);
/* One line for a status bar: the selection's start, end and duration. */
char *lttv_marks_selection_text (LttvTime start, LttvTime end, LttvTime origin);

G_END_DECLS
