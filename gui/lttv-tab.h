/* SPDX-License-Identifier: GPL-2.0-or-later */
/* LttvTab: one traceset in a window: its problems (an info bar), the time
 * bar, the background jobs, the time ruler and the viewers in resizable
 * panes, all sharing one LttvTimeContext. */
#pragma once

#include <gtk/gtk.h>

#include "lttv-job-bar.h"
#include "lttv-marks.h"
#include "lttv-module.h"
#include "lttv-time-bar.h"
#include "lttv-time-context.h"

G_BEGIN_DECLS

#define LTTV_TYPE_TAB (lttv_tab_get_type ())
G_DECLARE_FINAL_TYPE (LttvTab, lttv_tab, LTTV, TAB, GtkBox)

LttvTab *lttv_tab_new (void);
/* Adds `files` to the tab's traces and opens the whole set again in a
 * job. Emits "opened" when it is done, whatever the outcome. */
void lttv_tab_add_traces (LttvTab *self, GFile **files, int n_files);
/* lttv_tab_add_traces with `note` shown above the traces' problems (a
 * session's missing traces). */
void lttv_tab_add_traces_noted (LttvTab *self, GFile **files, int n_files, const char *note);
/* Shows `text` in the tab's problem bar (NULL hides it). */
void lttv_tab_show_problem (LttvTab *self, const char *text);
/* Takes trace `index` (of the paths asked for) out of the tab and opens
 * the others again; the viewers follow as on any open. */
void lttv_tab_remove_trace (LttvTab *self, guint index);
guint lttv_tab_get_n_traces (LttvTab *self);
const char *lttv_tab_get_trace_path (LttvTab *self, guint index);
/* The timelines (control flow, resource view, histogram) above and the
 * event list in the dock, or the sets
 * the user left (GSettings org.lttv.Lttv.Layout); those installed, else
 * the trace information. They are built one a main-loop
 * turn, after this returns: "viewers-changed" is emitted as each comes,
 * and once more when they are all there (lttv_tab_viewers_ready). */
void lttv_tab_add_default_viewers (LttvTab *self);
/* Like lttv_tab_add_default_viewers, with the viewers of `entries`
 * ("u:ID" upper area, "d:ID" dock, in order) at the heights of `heights`
 * (one per upper viewer, or NULL) and the dock `dock_height` high (-1:
 * the user's): a saved session's layout. */
void lttv_tab_add_viewer_set (LttvTab *self, const char *const *entries, const int *heights,
                              guint n_heights, int dock_height);
/* What lttv_tab_add_viewer_set takes back: each viewer's height in the
 * upper area (0 when docked), the dock's height (-1 hidden) and its
 * current page. */
void lttv_tab_get_layout (LttvTab *self, GArray *heights, int *dock_height, int *dock_page);
void lttv_tab_set_dock_page (LttvTab *self, int page);
/* FALSE while default viewers are still to be built. */
gboolean lttv_tab_viewers_ready (LttvTab *self);
/* Timelines (viewers on the tab's time axis) go to the upper area, the
 * others to the dock (a GtkNotebook below). Adding, removing or moving a
 * viewer leaves the others' widgets in place. */
gboolean lttv_tab_add_viewer (LttvTab *self, const char *id);
void lttv_tab_remove_viewer (LttvTab *self, guint index);
/* Swaps viewer `index` with its neighbour in its area (-1 up or left, +1
 * down or right); nothing when it is the first or last there. */
void lttv_tab_move_viewer (LttvTab *self, guint index, int delta);
/* Moves viewer `index` to the dock (TRUE) or the upper area. */
void lttv_tab_dock_viewer (LttvTab *self, guint index, gboolean docked);
gboolean lttv_tab_viewer_is_docked (LttvTab *self, guint index);
/* Maximises viewer `index` in the tab (the others hide), or restores them
 * when it is maximised. */
void lttv_tab_toggle_maximised (LttvTab *self, guint index);
/* The maximised viewer, -1 for none. */
int lttv_tab_get_maximised (LttvTab *self);
/* The viewer the maximise key acts on: the maximised one, the one with
 * the keyboard focus, the dock's current one or the first; -1 for none. */
int lttv_tab_get_focus_viewer (LttvTab *self);

/* Takes the tab out of its window and stops its work at once, then
 * destroys its viewers one a main-loop turn, then the tab. */
void lttv_tab_close (LttvTab *self);

guint lttv_tab_get_n_viewers (LttvTab *self);
const char *lttv_tab_get_viewer_id (LttvTab *self, guint index);
LttvViewerContext *lttv_tab_get_viewer_context (LttvTab *self, guint index);
GtkWidget *lttv_tab_get_viewer_widget (LttvTab *self, guint index);

LttvTimeContext *lttv_tab_get_time_context (LttvTab *self);
/* The traceset's bookmarks (the same object for the tab's life). */
LttvBookmarks *lttv_tab_get_bookmarks (LttvTab *self);
/* The status's text: the selection's measure. */
const char *lttv_tab_get_status (LttvTab *self);
/* The widget that shows it, for the window's bar (the tab does not show
 * it itself; it destroys it with itself). */
GtkWidget *lttv_tab_get_status_widget (LttvTab *self);
LttvTraceset *lttv_tab_get_traceset (LttvTab *self);
/* The traceset's state, building or built; NULL before it opens. */
LttvState *lttv_tab_get_state (LttvTab *self);
LttvJobBar *lttv_tab_get_job_bar (LttvTab *self);
LttvTimeBar *lttv_tab_get_time_bar (LttvTab *self);
/* "trace, trace", or a placeholder before anything opened. */
const char *lttv_tab_get_title (LttvTab *self);
/* A title that replaces the traces' names (a live session's name and
 * state), NULL for the names; "title-changed" follows. */
void lttv_tab_set_live_title (LttvTab *self, const char *title);
/* The state of the tab's traces neither comes from nor goes to the cache
 * (a live session's mirror, opened again as it grows). */
void lttv_tab_set_uncached (LttvTab *self);
/* The tab's traces grow (a live session's mirror): they open to grow in
 * place (lttv_traceset_open_growable), and their state is made but not
 * built: the caller builds it on (lttv_state_build_more) and calls
 * lttv_tab_traceset_grew. Implies lttv_tab_set_uncached. */
void lttv_tab_set_growing (LttvTab *self);
/* The tab's traceset grew in place: the bounds' end moves on and the
 * viewers are told ("traceset-grew", "history-changed"); the window stays. */
void lttv_tab_traceset_grew (LttvTab *self);
/* The text of the info bar, NULL when it is hidden. */
const char *lttv_tab_get_problems (LttvTab *self);
gboolean lttv_tab_is_opening (LttvTab *self);
/* Shows the times again in the current format. */
void lttv_tab_refresh_times (LttvTab *self);
void lttv_tab_focus_current_time (LttvTab *self);
/* The compact style of the tabs' title rows and time bar, for the screen
 * (once; before a window shows, so that nothing shown is restyled). */
void lttv_tab_add_compact_style (void);
/* Shows or hides the notebook's tab strip, which never takes the keyboard
 * focus: a change of its :focus state makes GTK 3 match again the style
 * of every widget under it (a frame of 20-35 ms for the window's tabs). */
void lttv_tab_strip_show (GtkNotebook *notebook, gboolean show);

G_END_DECLS
