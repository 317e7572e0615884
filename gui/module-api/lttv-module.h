/* SPDX-License-Identifier: GPL-2.0-or-later */
/**
 * SECTION:lttv-module
 * @title: Modules
 * @short_description: the interface between lttv-gui and its viewer modules
 * @include: lttv-module.h
 *
 * The interface between lttv-gui and its viewer modules.
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
 * lttv_job_* functions marked as callable from the worker.
 */
#pragma once

#include <gmodule.h>
#include <gtk/gtk.h>

#include <lttv/state.h>
#include <lttv/traceset.h>

G_BEGIN_DECLS

/**
 * LTTV_MODULE_ABI_VERSION:
 *
 * Bumped on any incompatible change to this header.
 */
#define LTTV_MODULE_ABI_VERSION 1

typedef struct _LttvViewerContext LttvViewerContext;
/**
 * LttvJob:
 *
 * A background job (lttv_viewer_context_run_job()), owned by its viewer
 * context.
 */
typedef struct _LttvJob LttvJob;

/* --- Module description ------------------------------------------------- */

/**
 * LttvModuleInfo:
 * @abi_version: LTTV_MODULE_ABI_VERSION
 * @struct_size: sizeof (LttvModuleInfo)
 * @id: "traceinfo": unique; a later one of the same id is skipped
 * @name: for people, marked N_()
 * @gettext_domain: where the host translates `name`
 * @version: the module's version
 * @init: registers the module's viewers; %FALSE with its #GError set: not
 * loaded
 * @shutdown: (nullable): called once before the host exits
 *
 * What a module is: lttv_module_entry() returns it, static (the host
 * keeps the pointer while the module is loaded). LTTV_DEFINE_MODULE()
 * fills it.
 */
typedef struct {
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

/**
 * LTTV_MODULE_ENTRY_SYMBOL:
 *
 * The name of the symbol the host looks up in a module.
 */
#define LTTV_MODULE_ENTRY_SYMBOL "lttv_module_entry"
/**
 * lttv_module_entry:
 *
 * Implemented by each module; the only symbol it exports.
 *
 * Returns: (transfer none): the module's static description
 */
G_MODULE_EXPORT const LttvModuleInfo *lttv_module_entry (void);

/**
 * LTTV_DEFINE_MODULE:
 * @ID: the module's id, a string
 * @NAME: its name for people, marked N_()
 * @DOMAIN: the gettext domain of @NAME
 * @VERSION: the module's version, a string
 * @INIT: its #LttvModuleInfo init function
 * @SHUTDOWN: its shutdown function, or %NULL
 *
 * Defines lttv_module_entry() returning the module's description, with
 * the host's ABI version and struct size: a module's whole registration
 * when it is written as `init` and `shutdown` (may be NULL). ID, NAME
 * (marked N_()), DOMAIN (gettext domain of NAME) and VERSION are string
 * constants. Use once per module, at file scope.
 */
#define LTTV_DEFINE_MODULE(ID, NAME, DOMAIN, VERSION, INIT, SHUTDOWN)      \
  static const LttvModuleInfo lttv_module_info_ = {                       \
    .abi_version = LTTV_MODULE_ABI_VERSION,                               \
    .struct_size = sizeof (LttvModuleInfo),                               \
    .id = (ID),                                                           \
    .name = (NAME),                                                       \
    .gettext_domain = (DOMAIN),                                           \
    .version = (VERSION),                                                 \
    .init = (INIT),                                                       \
    .shutdown = (SHUTDOWN),                                               \
  };                                                                      \
  G_MODULE_EXPORT const LttvModuleInfo *                                  \
  lttv_module_entry (void)                                                \
  {                                                                       \
    return &lttv_module_info_;                                            \
  }

/* --- Viewers ------------------------------------------------------------ */

/**
 * LttvViewerInfo:
 * @id: "eventlist": used by --export and layouts
 * @label: menu label with a mnemonic, marked N_()
 * @gettext_domain: where the host translates @label
 * @icon_name: themed icon for the toolbar
 * @create: builds one viewer on its context (kept alive by the host as long as the widget lives) and returns its top widget, floating
 * @render: (nullable): draws the viewer for the context's current window into a cairo context, width x height, without a widget (headless export); %NULL: the host draws the widget off screen
 *
 * A viewer a module registers (lttv_viewer_register()): static data, kept
 * by the host while the module is loaded.
 */
typedef struct {
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

/**
 * LTTV_VIEWER_TOOLBAR_CLASS:
 *
 * The style class that marks a viewer's toolbar, a horizontal #GtkBox in
 * the widget create() returns: in the tab's upper area the tab adds the
 * viewer's title and its own buttons to it and shows it as the viewer's
 * one title row (over a timeline view, in the place of its ruler: the
 * tab's ruler is right above). Keep it to small buttons and entries.
 *
 * A toggle button (or check button) of the viewer that has a name
 * (gtk_widget_set_name(), e.g. "wakeup-arrows") is one of its switches: a
 * session saves its state under that name and, opened again, sets it as
 * a click would (its handlers or its action follow).
 */
#define LTTV_VIEWER_TOOLBAR_CLASS "lttv-viewer-toolbar"

/**
 * lttv_viewer_register:
 * @info: the viewer's description
 *
 * Registers a viewer; call from init(). @info and its strings must stay
 * valid while the module is loaded (static data).
 */
void lttv_viewer_register (const LttvViewerInfo *info);

/**
 * LttvViewerTextFunc:
 * @ctx: the viewer's context (the window and selection to export)
 * @out: where to append the text
 * @error: return location for a #GError, or %NULL
 *
 * Writes what a viewer shows as tab-separated text, without a widget
 * (lttv-gui --export=VIEW:FILE.tsv).
 *
 * Returns: %TRUE on success, else %FALSE with @error set
 */
typedef gboolean (*LttvViewerTextFunc) (LttvViewerContext *ctx, GString *out, GError **error);

/**
 * lttv_viewer_register_text_export:
 * @viewer_id: the id of a viewer the module registers
 * @func: writes its table as tab-separated text
 *
 * Lets --export (and the export-view action) write viewer @viewer_id to a
 * file whose name ends in .tsv; call from init(), after
 * lttv_viewer_register().
 */
void lttv_viewer_register_text_export (const char *viewer_id, LttvViewerTextFunc func);

/**
 * LTTV_DEFINE_VIEWER_MODULE:
 * @ID: the module's id, a string
 * @NAME: its name for people, marked N_()
 * @VIEWER: its viewer, a static #LttvViewerInfo
 *
 * A module of one viewer, the usual case, in one line: its description
 * (LTTV_DEFINE_MODULE, no shutdown) and an init that registers the viewer
 * @VIEWER (a static LttvViewerInfo). Module and viewer share the gettext
 * domain GETTEXT_PACKAGE and the version PACKAGE_VERSION, which the
 * module defines (autoconf's config.h).
 */
#define LTTV_DEFINE_VIEWER_MODULE(ID, NAME, VIEWER)                         \
  static gboolean                                                         \
  lttv_module_init_ (GError **error)                                      \
  {                                                                       \
    (void) error;                                                         \
    lttv_viewer_register (&(VIEWER));                                     \
    return TRUE;                                                          \
  }                                                                       \
  LTTV_DEFINE_MODULE (ID, NAME, GETTEXT_PACKAGE, PACKAGE_VERSION,         \
                      lttv_module_init_, NULL)

/* --- Viewer context ----------------------------------------------------- */

/**
 * LTTV_TYPE_VIEWER_CONTEXT:
 *
 * The #GType of #LttvViewerContext.
 */
#define LTTV_TYPE_VIEWER_CONTEXT (lttv_viewer_context_get_type ())
/**
 * LttvViewerContext:
 *
 * What a viewer instance knows of its tab: the traceset, the time window,
 * current time, selection and filter (with change signals), background
 * jobs and the shared state colours. The host creates it and keeps it
 * alive as long as the viewer's widget; its fields are private.
 */
G_DECLARE_FINAL_TYPE (LttvViewerContext, lttv_viewer_context, LTTV,
                      VIEWER_CONTEXT, GObject)

/* Signals (all without arguments, emitted on the main thread):
 *   "traceset-changed"      the traceset was opened or traces added
 *   "window-changed"        the visible time window moved (throttled while
 *                           someone drags it)
 *   "current-time-changed", "selection-changed", "filter-changed"
 *   "history-changed"       more of the state history is built
 *   "axis-changed"          the tab's time axis moved (the name column
 *                           was dragged): see lttv_viewer_context_get_axis
 *   "traceset-grew"         the same traceset has more events (a live
 *                           session): its end and the bounds moved on;
 *                           "history-changed" follows. What was drawn
 *                           before the old end stays true.
 * Setting a value to what it already is emits nothing, so a viewer may set
 * from its own handlers without loops. */

/**
 * lttv_viewer_context_get_traceset:
 * @ctx: the viewer's context
 *
 * The tab's traceset; NULL while it opens or when no trace could be read.
 *
 * Returns: (transfer none) (nullable): owned by the tab
 */
LttvTraceset *lttv_viewer_context_get_traceset (LttvViewerContext *ctx);
/**
 * lttv_viewer_context_get_traces_title:
 * @ctx: the viewer's context
 * @none: what to return when the tab has no trace
 *
 * The traces' folder names, comma-separated: the title of a row or a tree
 * that stands for the whole traceset.
 *
 * Returns: (transfer full): a new string, a copy of @none without traces
 */
char *lttv_viewer_context_get_traces_title (LttvViewerContext *ctx, const char *none);
/**
 * lttv_viewer_context_get_open_error:
 * @ctx: the viewer's context
 *
 * Why the tab's traces could not be opened (what its info bar says): while
 * it is NULL and the traceset too, they are still opening.
 * "traceset-changed" is emitted when it changes.
 *
 * Returns: (transfer none) (nullable): owned by the tab
 */
const char *lttv_viewer_context_get_open_error (LttvViewerContext *ctx);
/**
 * lttv_viewer_context_get_state:
 * @ctx: the viewer's context
 *
 * The tab's state (lttv/state.h: history, checkpoints, statistics),
 * NULL until its build starts. While it builds, the history's committed
 * part (up to lttv_history_committed_end) can be queried; "history-changed"
 * is emitted as it grows and when the build ends.
 *
 * Returns: (transfer none) (nullable): owned by the tab
 */
LttvState *lttv_viewer_context_get_state (LttvViewerContext *ctx);
/**
 * lttv_viewer_context_get_history:
 * @ctx: the viewer's context
 *
 * The state's history, or NULL: lttv_state_get_history of the above.
 *
 * Returns: (transfer none) (nullable): owned by the state
 */
LttvHistory *lttv_viewer_context_get_history (LttvViewerContext *ctx);

/**
 * lttv_viewer_context_get_bounds:
 * @ctx: the viewer's context
 * @begin: (out) (optional): return location for its begin
 * @end: (out) (optional): return location for its end
 *
 * The traceset's time range.
 */
void lttv_viewer_context_get_bounds (LttvViewerContext *ctx, LttvTime *begin,
                                     LttvTime *end);
/**
 * lttv_viewer_context_get_window:
 * @ctx: the viewer's context
 * @start: (out) (optional): return location for its start
 * @end: (out) (optional): return location for its end
 *
 * The tab's visible time window.
 */
void lttv_viewer_context_get_window (LttvViewerContext *ctx, LttvTime *start,
                                     LttvTime *end);
/**
 * lttv_viewer_context_set_window:
 * @ctx: the viewer's context
 * @start: the start of the range
 * @end: the end of the range
 *
 * Moves the window (clamped to the traceset); recorded for Back.
 */
void lttv_viewer_context_set_window (LttvViewerContext *ctx, LttvTime start,
                                     LttvTime end);
/**
 * lttv_viewer_context_drag_window:
 * @ctx: the viewer's context
 * @start: the start of the range
 * @end: the end of the range
 *
 * Same while the user drags: other viewers are told at most every frame,
 * and one drag is one Back step. End with lttv_viewer_context_end_drag.
 */
void lttv_viewer_context_drag_window (LttvViewerContext *ctx, LttvTime start,
                                      LttvTime end);
/**
 * lttv_viewer_context_end_drag:
 * @ctx: the viewer's context
 *
 * Ends a drag (lttv_viewer_context_drag_window()).
 */
void lttv_viewer_context_end_drag (LttvViewerContext *ctx);
/**
 * lttv_viewer_context_get_current_time:
 * @ctx: the viewer's context
 *
 * The tab's current time.
 *
 * Returns: a time
 */
LttvTime lttv_viewer_context_get_current_time (LttvViewerContext *ctx);
/**
 * lttv_viewer_context_set_current_time:
 * @ctx: the viewer's context
 * @t: a time
 *
 * Moves the tab's current time.
 */
void lttv_viewer_context_set_current_time (LttvViewerContext *ctx, LttvTime t);
/**
 * lttv_viewer_context_get_selection:
 * @ctx: the viewer's context
 * @start: (out) (optional): return location
 * @end: (out) (optional): return location
 *
 * FALSE when nothing is selected.
 *
 * Returns: %TRUE when a range is selected
 */
gboolean lttv_viewer_context_get_selection (LttvViewerContext *ctx,
                                            LttvTime *start, LttvTime *end);
/**
 * lttv_viewer_context_set_selection:
 * @ctx: the viewer's context
 * @start: the start of the range
 * @end: the end of the range
 *
 * Selects [@start, @end] in the tab.
 */
void lttv_viewer_context_set_selection (LttvViewerContext *ctx,
                                        LttvTime start, LttvTime end);
/**
 * lttv_viewer_context_get_filter:
 * @ctx: the viewer's context
 *
 * The active filter expression, "" for none.
 *
 * Returns: (transfer none): a string owned by @ctx
 */
const char *lttv_viewer_context_get_filter (LttvViewerContext *ctx);
/**
 * lttv_viewer_context_set_filter:
 * @ctx: the viewer's context
 * @expr: an expression (copied)
 *
 * Sets the tab's filter expression ("" for none).
 */
void lttv_viewer_context_set_filter (LttvViewerContext *ctx, const char *expr);

/**
 * lttv_viewer_context_format_time:
 * @ctx: the viewer's context
 * @t: a time
 *
 * Formats a time as the user chose in Preferences; newly allocated.
 *
 * Returns: (transfer full): a new string, to free with g_free()
 */
char *lttv_viewer_context_format_time (LttvViewerContext *ctx, LttvTime t);

/**
 * lttv_viewer_context_get_state_colour:
 * @ctx: the viewer's context
 * @state: a string
 * @colour: return location for the colour
 *
 * The colour of a state (thread or CPU status of state-model.md, e.g.
 * "RUN_USERMODE"), the same in every viewer. FALSE for an unknown name.
 *
 * Returns: %TRUE when @state is known
 */
gboolean lttv_viewer_context_get_state_colour (LttvViewerContext *ctx,
                                               const char *state,
                                               GdkRGBA *colour);

/* --- The tab's time axis ----------------------------------------------- */

/**
 * lttv_viewer_context_get_axis:
 * @ctx: the viewer's context
 * @start: (out) (optional): return location for the chart's first x
 * @end_margin: (out) (optional): return location for the pixels right of
 *   the chart
 *
 * Where a timeline draws its chart so that every timeline of the tab, and
 * the tab's ruler, draw a given time at the same x. A viewer is as wide as
 * the tab's timeline area: its chart spans from @start pixels after its
 * left edge (names or a tree go left of it) to @end_margin pixels before
 * its right edge (a scrollbar's width). Map times in the chart with
 * lttv_viewer_context_time_to_x(); redraw on "axis-changed". Without a
 * tab (headless export) @start is 280 and @end_margin 0.
 */
void lttv_viewer_context_get_axis (LttvViewerContext *ctx, int *start,
                                   int *end_margin);
/**
 * lttv_viewer_context_set_axis_start:
 * @ctx: the viewer's context
 * @start: the chart's first x, in pixels
 *
 * The user dragged the edge of a name column: moves the charts of every
 * timeline of the tab (at least 60 pixels); emits "axis-changed".
 */
void lttv_viewer_context_set_axis_start (LttvViewerContext *ctx, int start);
/**
 * lttv_viewer_context_time_to_x:
 * @ctx: the viewer's context
 * @t: a time
 * @chart_width: the chart's width in pixels
 *
 * The x of @t in a chart @chart_width wide showing the tab's window (it
 * may be outside [0, chart_width]).
 *
 * Returns: an x, from the chart's left edge
 */
double lttv_viewer_context_time_to_x (LttvViewerContext *ctx, LttvTime t,
                                      int chart_width);
/**
 * lttv_viewer_context_x_to_time:
 * @ctx: the viewer's context
 * @x: an x from the chart's left edge
 * @chart_width: the chart's width in pixels
 *
 * The time at @x (clamped to the chart) in a chart showing the tab's
 * window.
 *
 * Returns: a time
 */
LttvTime lttv_viewer_context_x_to_time (LttvViewerContext *ctx, double x,
                                        int chart_width);

/* --- Background jobs ---------------------------------------------------- */

/**
 * LttvJobFunc:
 * @job: the job, for lttv_job_report()
 * @data: the data given to the callback
 * @cancellable: a #GCancellable
 * @error: return location for a #GError, or %NULL
 *
 * Runs in a worker thread; must not touch widgets. Reports progress with
 * lttv_job_report and returns early when @cancellable is cancelled.
 *
 * Returns: %TRUE on success, %FALSE with @error set
 */
typedef gboolean (*LttvJobFunc) (LttvJob *job, gpointer data,
                                 GCancellable *cancellable, GError **error);

/**
 * lttv_viewer_context_run_job:
 * @ctx: the viewer's context
 * @title: a string
 * @func: the work, run in a worker
 * @data: the data given to @func
 * @destroy: (nullable): frees @data when the job is done
 * @done: called on the main thread when it ends
 * @user_data: the data given to @done
 *
 * Starts @func in a worker; the tab shows its title, progress (percent,
 * events per second, time left) and a Cancel button. @done runs on the
 * main thread with the job as source; get the result with
 * lttv_job_finish. The job is cancelled when the viewer goes away.
 *
 * Returns: (transfer none): the job, owned by @ctx
 */
LttvJob *lttv_viewer_context_run_job (LttvViewerContext *ctx,
                                      const char *title, LttvJobFunc func,
                                      gpointer data, GDestroyNotify destroy,
                                      GAsyncReadyCallback done,
                                      gpointer user_data);
/**
 * lttv_job_report:
 * @job: a job
 * @fraction: the fraction done, 0 to 1
 * @events: events processed so far
 *
 * From the worker: @fraction done (0..1) and @events processed so far.
 */
void lttv_job_report (LttvJob *job, double fraction, guint64 events);
/**
 * lttv_job_finish:
 * @job: a job
 * @result: the result given to the callback
 * @error: return location for a #GError, or %NULL
 *
 * The result of @job, from its done callback.
 *
 * Returns: %TRUE when the job succeeded, else %FALSE with @error set
 */
gboolean lttv_job_finish (LttvJob *job, GAsyncResult *result, GError **error);
/**
 * lttv_job_cancel:
 * @job: a job
 *
 * Cancels @job; its done callback still runs.
 */
void lttv_job_cancel (LttvJob *job);
/**
 * lttv_cancel_from_cancellable:
 * @cancellable: a #GCancellable
 *
 * @cancellable as the core's long calls take it (lttv_state_build,
 * lttv_stats_compute_in_job).
 *
 * Returns: an #LttvCancel valid while @cancellable is
 */
LttvCancel lttv_cancel_from_cancellable (GCancellable *cancellable);

G_END_DECLS
