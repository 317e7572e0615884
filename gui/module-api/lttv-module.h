/* SPDX-License-Identifier: GPL-2.0-or-later */
/* lttv-module.h: the interface between lttv-gui and its viewer modules.
 *
 * A module is a libtool module (-module -avoid-version) that exports one
 * symbol, lttv_module_entry(), returning a static LttvModuleInfo. The host
 * refuses a module whose abi_version or struct_size differs from its own.
 * The module's init() registers viewers with lttv_viewer_register(); each
 * viewer instance gets an LttvViewerContext, which is all it needs: the
 * traceset, the tab's time window, current time, selection and filter (with
 * change signals), background jobs and the shared state colours.
 *
 * Build a module against pkg-config's lttv-gui; install it in the
 * `moduledir` variable of lttv-gui.pc. The functions below are provided by
 * lttv-gui itself at load time. Only the main thread may call them, except
 * lttv_job_* functions marked as callable from the worker. */
#pragma once

#include <gmodule.h>
#include <gtk/gtk.h>

#include <lttv/state.h>
#include <lttv/traceset.h>

G_BEGIN_DECLS

/* Bumped on any incompatible change to this header. */
#define LTTV_MODULE_ABI_VERSION 1

typedef struct _LttvViewerContext LttvViewerContext;
typedef struct _LttvJob LttvJob;

/* --- Module description ------------------------------------------------- */

typedef struct
{
  guint32 abi_version;   /* LTTV_MODULE_ABI_VERSION */
  guint32 struct_size;   /* sizeof (LttvModuleInfo) */
  const char *id;        /* "traceinfo": unique; a later one of the same id is skipped */
  const char *name;      /* for people, marked N_() */
  const char *gettext_domain; /* where the host translates `name` */
  const char *version;
  /* Registers the module's viewers. FALSE and `error` set: not loaded. */
  gboolean (*init) (GError **error);
  /* Called once before the host exits; may be NULL. */
  void (*shutdown) (void);
} LttvModuleInfo;

#define LTTV_MODULE_ENTRY_SYMBOL "lttv_module_entry"
/* Implemented by each module; the only symbol it exports. */
G_MODULE_EXPORT const LttvModuleInfo *lttv_module_entry (void);

/* --- Viewers ------------------------------------------------------------ */

typedef struct
{
  const char *id;         /* "eventlist": used by --export and layouts */
  const char *label;      /* menu label with a mnemonic, marked N_() */
  const char *gettext_domain; /* where the host translates `label` */
  const char *icon_name;  /* themed icon for the toolbar */
  /* Builds one viewer on `ctx` (kept alive by the host as long as the
   * widget lives) and returns its top widget, floating. */
  GtkWidget *(*create) (LttvViewerContext *ctx);
  /* Draws the viewer for ctx's current window into `cr`, width x height,
   * without a widget (headless export). May be NULL: the host then draws
   * the widget off screen. */
  gboolean (*render) (LttvViewerContext *ctx, cairo_t *cr, int width,
                      int height, GError **error);
} LttvViewerInfo;

/* Registers a viewer; call from init(). `info` and its strings must stay
 * valid while the module is loaded (static data). */
void lttv_viewer_register (const LttvViewerInfo *info);

/* --- Viewer context ----------------------------------------------------- */

#define LTTV_TYPE_VIEWER_CONTEXT (lttv_viewer_context_get_type ())
G_DECLARE_FINAL_TYPE (LttvViewerContext, lttv_viewer_context, LTTV,
                      VIEWER_CONTEXT, GObject)

/* Signals (all without arguments, emitted on the main thread):
 *   "traceset-changed"      the traceset was opened or traces added
 *   "window-changed"        the visible time window moved (throttled while
 *                           someone drags it)
 *   "current-time-changed", "selection-changed", "filter-changed"
 *   "history-changed"       more of the state history is built
 * Setting a value to what it already is emits nothing, so a viewer may set
 * from its own handlers without loops. */

/* The tab's traceset; NULL while it opens or when no trace could be read. */
LttvTraceset *lttv_viewer_context_get_traceset (LttvViewerContext *ctx);
/* The tab's state (<lttv/state.h>: history, checkpoints, statistics),
 * NULL until its build starts. While it builds, the history's committed
 * part (up to lttv_history_committed_end) can be queried; "history-changed"
 * is emitted as it grows and when the build ends. */
LttvState *lttv_viewer_context_get_state (LttvViewerContext *ctx);
/* The state's history, or NULL: lttv_state_get_history of the above. */
LttvHistory *lttv_viewer_context_get_history (LttvViewerContext *ctx);

void lttv_viewer_context_get_bounds (LttvViewerContext *ctx, LttvTime *begin,
                                     LttvTime *end);
void lttv_viewer_context_get_window (LttvViewerContext *ctx, LttvTime *start,
                                     LttvTime *end);
/* Moves the window (clamped to the traceset); recorded for Back. */
void lttv_viewer_context_set_window (LttvViewerContext *ctx, LttvTime start,
                                     LttvTime end);
/* Same while the user drags: other viewers are told at most every frame,
 * and one drag is one Back step. End with lttv_viewer_context_end_drag. */
void lttv_viewer_context_drag_window (LttvViewerContext *ctx, LttvTime start,
                                      LttvTime end);
void lttv_viewer_context_end_drag (LttvViewerContext *ctx);
LttvTime lttv_viewer_context_get_current_time (LttvViewerContext *ctx);
void lttv_viewer_context_set_current_time (LttvViewerContext *ctx, LttvTime t);
/* FALSE when nothing is selected. */
gboolean lttv_viewer_context_get_selection (LttvViewerContext *ctx,
                                            LttvTime *start, LttvTime *end);
void lttv_viewer_context_set_selection (LttvViewerContext *ctx,
                                        LttvTime start, LttvTime end);
/* The active filter expression, "" for none. */
const char *lttv_viewer_context_get_filter (LttvViewerContext *ctx);
void lttv_viewer_context_set_filter (LttvViewerContext *ctx, const char *expr);

/* Formats a time as the user chose in Preferences; newly allocated. */
char *lttv_viewer_context_format_time (LttvViewerContext *ctx, LttvTime t);

/* The colour of a state (thread or CPU status of state-model.md, e.g.
 * "RUN_USERMODE"), the same in every viewer. FALSE for an unknown name. */
gboolean lttv_viewer_context_get_state_colour (LttvViewerContext *ctx,
                                               const char *state,
                                               GdkRGBA *colour);

/* --- Background jobs ---------------------------------------------------- */

/* Runs in a worker thread; must not touch widgets. Reports progress with
 * lttv_job_report and returns early when `cancellable` is cancelled. */
typedef gboolean (*LttvJobFunc) (LttvJob *job, gpointer data,
                                 GCancellable *cancellable, GError **error);

/* Starts `func` in a worker; the tab shows its title, progress (percent,
 * events per second, time left) and a Cancel button. `done` runs on the
 * main thread with the job as source; get the result with
 * lttv_job_finish. The job is cancelled when the viewer goes away. */
LttvJob *lttv_viewer_context_run_job (LttvViewerContext *ctx,
                                      const char *title, LttvJobFunc func,
                                      gpointer data, GDestroyNotify destroy,
                                      GAsyncReadyCallback done,
                                      gpointer user_data);
/* From the worker: `fraction` done (0..1) and `events` processed so far. */
void lttv_job_report (LttvJob *job, double fraction, guint64 events);
gboolean lttv_job_finish (LttvJob *job, GAsyncResult *result, GError **error);
void lttv_job_cancel (LttvJob *job);
/* `cancellable` as the core's long calls take it (lttv_state_build,
 * lttv_stats_compute_in_job). */
LttvCancel lttv_cancel_from_cancellable (GCancellable *cancellable);

G_END_DECLS
