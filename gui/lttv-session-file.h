/* SPDX-License-Identifier: GPL-2.0-or-later */
/* lttv-session-file.h: a saved view of a tab (.lttv-session, JSON; the
 * format is docs/session-format.md): what it holds, read and written
 * without GTK, so that the fuzzer (tests/fuzz/fuzz-session.c) drives the
 * very parser lttv-gui uses. */
#pragma once

#include <glib.h>

#include <lttv/time.h>

G_BEGIN_DECLS

#define LTTV_SESSION_VERSION 1
#define LTTV_SESSION_SUFFIX ".lttv-session"

typedef struct
{
  char *path;           /* absolute, as saved */
  char *relative;       /* to the session file's folder, or NULL */
} LttvSessionTrace;

typedef struct
{
  char *name;           /* the switch's widget name: "wakeup-arrows" */
  gboolean active;
} LttvSessionToggle;

typedef struct
{
  char *id;             /* the viewer's id: "controlflow" */
  gboolean docked;      /* in the lower dock, else in the upper area */
  int height;           /* its height in pixels when saved, 0: unknown */
  GPtrArray *toggles;   /* LttvSessionToggle*: its switches, as they were */
} LttvSessionViewer;

typedef struct
{
  LttvTime start, end;
  char *name;
  char *note;           /* NULL: none */
  char *colour;         /* "#rrggbb", NULL: the default palette */
} LttvSessionBookmark;

typedef struct
{
  char *viewer;         /* the viewer's id */
  int sort_column;      /* -1: the model's order */
  gboolean descending;
  GPtrArray *hidden;    /* char*: "KIND:TAG" of the rows the user hid */
  GPtrArray *folded;    /* char*: those of the rows whose children they hid */
} LttvSessionRows;

typedef struct
{
  int version;
  GPtrArray *traces;    /* LttvSessionTrace* */
  GPtrArray *viewers;   /* LttvSessionViewer* */
  int maximised;        /* index in viewers, -1: none */
  int dock_height;      /* pixels, -1: unknown */
  int dock_page;        /* the dock's current page, -1: unknown */
  gboolean has_window;
  LttvTime window_start, window_end;
  gboolean has_current;
  LttvTime current;
  gboolean has_selection;
  LttvTime selection_start, selection_end;
  char *filter;         /* "" for none */
  GPtrArray *bookmarks; /* LttvSessionBookmark* */
  GPtrArray *rows;      /* LttvSessionRows* */
} LttvSession;

LttvSession *lttv_session_new (void);
/* A viewer entry, without toggles yet (for lttv_session_capture). */
LttvSessionViewer *lttv_session_viewer_new (const char *id, gboolean docked, int height);
void lttv_session_viewer_add_toggle (LttvSessionViewer *v, const char *name, gboolean active);
LttvSessionRows *lttv_session_rows_new (const char *viewer);
void lttv_session_rows_free (LttvSessionRows *r);
void lttv_session_free (LttvSession *s);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LttvSession, lttv_session_free)

/* Parses `len` bytes of a session file named `name` (for the messages).
 * NULL with `error` "NAME: WHERE: WHAT" on anything malformed: the whole
 * file is refused rather than half read. */
LttvSession *lttv_session_parse (const char *data, gsize len, const char *name, GError **error);
LttvSession *lttv_session_load (const char *file, GError **error);
/* The JSON text; relative paths are worked out from `file`'s folder. */
char *lttv_session_to_data (const LttvSession *s, const char *file);
/* Writes it atomically (never into a trace folder: the caller's choice). */
gboolean lttv_session_save (const LttvSession *s, const char *file, GError **error);

/* Where trace `i` is now: its absolute path when it exists, else its
 * relative path from `file`'s folder when that exists, else NULL. */
char *lttv_session_resolve_trace (const LttvSession *s, guint i, const char *file);
/* TRUE when `path` names a session file (by its suffix). */
gboolean lttv_session_is_session_file (const char *path);

G_END_DECLS
