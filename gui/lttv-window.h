/* LttvWindow: a main window of lttv-gui, showing one traceset. */
#pragma once

#include <gtk/gtk.h>

#include "lttv-application.h"

G_BEGIN_DECLS

#define LTTV_TYPE_WINDOW (lttv_window_get_type ())
G_DECLARE_FINAL_TYPE (LttvWindow, lttv_window, LTTV, WINDOW, GtkApplicationWindow)

LttvWindow *lttv_window_new (LttvApplication *app);
/* Opens `files` as one traceset, in a worker; the window shows progress,
 * then the traceset (or the reader's error). */
void lttv_window_open_traces (LttvWindow *self, GFile **files, int n_files);

G_END_DECLS
