/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "config.h"

#include "lttv-job-bar.h"
#include "lttv-time-axis.h"
#include "lttv-marks.h"
#include "lttv-time-text.h"
#include "lttv-trace-data.h"
#include "lttv-viewer-context-private.h"

struct _LttvViewerContext
{
  GObject parent_instance;

  LttvTimeContext *time_context;
  GtkWidget *job_bar;          /* weak */
  LttvTraceset *traceset;      /* owned by the tab */
  LttvState *state;            /* exposed to the viewer until detached */
  LttvTraceData *data;         /* keeps the traceset and state alive */
  char *open_error;            /* why the traces could not be opened */
  GPtrArray *jobs;
  LttvTimeAxis *axis;          /* the tab's, or NULL (headless) */
  gboolean uses_axis;          /* the viewer asked for it: a timeline */
  LttvBookmarks *bookmarks;    /* the tab's (an empty one of its own until set) */
};

enum {
  TRACESET_CHANGED,
  WINDOW_CHANGED,
  CURRENT_TIME_CHANGED,
  SELECTION_CHANGED,
  FILTER_CHANGED,
  HISTORY_CHANGED,
  THREAD_SELECTED,
  AXIS_CHANGED,
  TRACESET_GREW,
  N_SIGNALS
};
static guint signals[N_SIGNALS];

G_DEFINE_TYPE (LttvViewerContext, lttv_viewer_context, G_TYPE_OBJECT)

/* One legend for every view: the state-model.md statuses. */
static const struct { const char *state; const char *colour; } state_colours[] = {
  { "UNKNOWN", "#9a9996" },
  { "WAIT_BLOCKED", "#e5a50a" },
  { "WAIT_FOR_CPU", "#ed333b" },
  { "WAIT_UNKNOWN", "#c0bfbc" },
  { "WAIT_FORK", "#dc8add" },
  { "RUN_USERMODE", "#33d17a" },
  { "RUN_SYSCALL", "#3584e4" },
  { "INTERRUPTED", "#ff7800" },
  { "IDLE", "#deddda" },
  { "IRQ", "#ff7800" },
  { "SOFTIRQ", "#f6d32d" },
  { "RUNNING", "#ff7800" },
  { "RAISED", "#f9f06b" },
  { "RAISED_RUNNING", "#f6d32d" },
};

gboolean
lttv_viewer_context_nth_state_colour (guint i, const char **state, const char **colour)
{
  if (i >= G_N_ELEMENTS (state_colours))
    return FALSE;
  *state = state_colours[i].state;
  *colour = state_colours[i].colour;
  return TRUE;
}

void
lttv_viewer_context_set_bookmarks (LttvViewerContext *self, LttvBookmarks *bookmarks)
{
  g_return_if_fail (LTTV_IS_VIEWER_CONTEXT (self));
  g_set_object (&self->bookmarks, bookmarks);
}

LttvBookmarks *
lttv_viewer_context_get_bookmarks (LttvViewerContext *self)
{
  g_return_val_if_fail (LTTV_IS_VIEWER_CONTEXT (self), NULL);
  return self->bookmarks;
}

static void
forward (LttvViewerContext *self, guint signal_id)
{
  g_signal_emit (self, signals[signal_id], 0);
}

void
lttv_viewer_context_thread_selected (LttvViewerContext *self)
{
  g_signal_emit (self, signals[THREAD_SELECTED], 0);
}

static void window_cb (LttvTimeContext *tc, LttvViewerContext *self) { forward (self, WINDOW_CHANGED); }
static void current_cb (LttvTimeContext *tc, LttvViewerContext *self) { forward (self, CURRENT_TIME_CHANGED); }
static void selection_cb (LttvTimeContext *tc, LttvViewerContext *self) { forward (self, SELECTION_CHANGED); }
static void filter_cb (LttvTimeContext *tc, LttvViewerContext *self) { forward (self, FILTER_CHANGED); }
static void axis_cb (LttvTimeAxis *axis, LttvViewerContext *self) { forward (self, AXIS_CHANGED); }

void
lttv_viewer_context_set_axis (LttvViewerContext *self, LttvTimeAxis *axis)
{
  g_return_if_fail (LTTV_IS_VIEWER_CONTEXT (self));
  if (self->axis != NULL)
    g_signal_handlers_disconnect_by_data (self->axis, self);
  g_set_object (&self->axis, axis);
  if (axis != NULL)
    g_signal_connect (axis, "changed", G_CALLBACK (axis_cb), self);
  forward (self, AXIS_CHANGED);
}

gboolean
lttv_viewer_context_uses_axis (LttvViewerContext *self)
{
  return self->uses_axis;
}

void
lttv_viewer_context_get_axis (LttvViewerContext *self, int *start, int *end_margin)
{
  g_return_if_fail (LTTV_IS_VIEWER_CONTEXT (self));
  self->uses_axis = TRUE;
  if (start != NULL)
    *start = self->axis != NULL ? lttv_time_axis_get_start (self->axis) : LTTV_TIME_AXIS_DEFAULT_START;
  if (end_margin != NULL)
    *end_margin = self->axis != NULL ? lttv_time_axis_get_end_margin (self->axis) : 0;
}

void
lttv_viewer_context_set_axis_start (LttvViewerContext *self, int start)
{
  g_return_if_fail (LTTV_IS_VIEWER_CONTEXT (self));
  if (self->axis != NULL)
    lttv_time_axis_set_start (self->axis, start);
}

double
lttv_viewer_context_time_to_x (LttvViewerContext *self, LttvTime t, int chart_width)
{
  LttvTime start, end;

  g_return_val_if_fail (LTTV_IS_VIEWER_CONTEXT (self), 0);
  lttv_time_context_get_window (self->time_context, &start, &end);
  if (end <= start)
    end = start + 1;
  return ((double) t - (double) start) * chart_width / (double) (end - start);
}

LttvTime
lttv_viewer_context_x_to_time (LttvViewerContext *self, double x, int chart_width)
{
  LttvTime start, end;

  g_return_val_if_fail (LTTV_IS_VIEWER_CONTEXT (self), 0);
  lttv_time_context_get_window (self->time_context, &start, &end);
  if (end <= start)
    end = start + 1;
  x = CLAMP (x, 0, MAX (chart_width, 1));
  return start + (LttvTime) ((double) (end - start) * x / MAX (chart_width, 1));
}

LttvViewerContext *
lttv_viewer_context_new (LttvTimeContext *time_context, GtkWidget *job_bar)
{
  LttvViewerContext *self = g_object_new (LTTV_TYPE_VIEWER_CONTEXT, NULL);

  self->time_context = g_object_ref (time_context);
  g_signal_connect (time_context, "window-changed", G_CALLBACK (window_cb), self);
  g_signal_connect (time_context, "current-time-changed", G_CALLBACK (current_cb), self);
  g_signal_connect (time_context, "selection-changed", G_CALLBACK (selection_cb), self);
  g_signal_connect (time_context, "filter-changed", G_CALLBACK (filter_cb), self);
  if (job_bar != NULL)
    {
      self->job_bar = job_bar;
      g_object_add_weak_pointer (G_OBJECT (job_bar), (gpointer *) &self->job_bar);
    }
  return self;
}

LttvTimeContext *
lttv_viewer_context_get_time_context (LttvViewerContext *self)
{
  return self->time_context;
}

void
lttv_viewer_context_set_traceset (LttvViewerContext *self, LttvTraceset *ts)
{
  g_return_if_fail (LTTV_IS_VIEWER_CONTEXT (self));
  self->traceset = ts;
  g_signal_emit (self, signals[TRACESET_CHANGED], 0);
}

void
lttv_viewer_context_set_open_error (LttvViewerContext *self, const char *message)
{
  g_return_if_fail (LTTV_IS_VIEWER_CONTEXT (self));
  if (g_strcmp0 (message, self->open_error) == 0)
    return;
  g_free (self->open_error);
  self->open_error = g_strdup (message);
  g_signal_emit (self, signals[TRACESET_CHANGED], 0);
}

const char *
lttv_viewer_context_get_open_error (LttvViewerContext *self)
{
  g_return_val_if_fail (LTTV_IS_VIEWER_CONTEXT (self), NULL);
  return self->open_error;
}

void
lttv_viewer_context_detach (LttvViewerContext *self)
{
  g_return_if_fail (LTTV_IS_VIEWER_CONTEXT (self));

  for (guint i = 0; i < self->jobs->len; i++)
    lttv_job_cancel (self->jobs->pdata[i]);
  if (self->time_context != NULL)
    g_signal_handlers_disconnect_by_data (self->time_context, self);
  if (self->axis != NULL)
    g_signal_handlers_disconnect_by_data (self->axis, self);
  if (self->job_bar != NULL)
    g_object_remove_weak_pointer (G_OBJECT (self->job_bar), (gpointer *) &self->job_bar);
  self->job_bar = NULL;
  self->traceset = NULL;
  self->state = NULL;
}

void
lttv_viewer_context_set_state (LttvViewerContext *self, LttvState *state)
{
  g_return_if_fail (LTTV_IS_VIEWER_CONTEXT (self));
  self->state = state;
  g_signal_emit (self, signals[HISTORY_CHANGED], 0);
}

void
lttv_viewer_context_hold (LttvViewerContext *self, LttvTraceData *data)
{
  g_return_if_fail (LTTV_IS_VIEWER_CONTEXT (self));
  if (data != NULL)
    lttv_trace_data_ref (data);
  g_clear_pointer (&self->data, lttv_trace_data_unref);
  self->data = data;
}

LttvTraceData *
lttv_viewer_context_get_held (LttvViewerContext *self)
{
  g_return_val_if_fail (LTTV_IS_VIEWER_CONTEXT (self), NULL);
  return self->data;
}

void
lttv_viewer_context_traceset_grew (LttvViewerContext *self)
{
  g_return_if_fail (LTTV_IS_VIEWER_CONTEXT (self));
  if (self->traceset != NULL)
    g_signal_emit (self, signals[TRACESET_GREW], 0);
  lttv_viewer_context_history_grew (self);
}

void
lttv_viewer_context_history_grew (LttvViewerContext *self)
{
  g_return_if_fail (LTTV_IS_VIEWER_CONTEXT (self));
  if (self->state != NULL)
    g_signal_emit (self, signals[HISTORY_CHANGED], 0);
}

LttvTraceset *
lttv_viewer_context_get_traceset (LttvViewerContext *self)
{
  g_return_val_if_fail (LTTV_IS_VIEWER_CONTEXT (self), NULL);
  return self->traceset;
}

char *
lttv_viewer_context_get_traces_title (LttvViewerContext *self, const char *none)
{
  g_return_val_if_fail (LTTV_IS_VIEWER_CONTEXT (self), NULL);
  GString *s = g_string_new (NULL);
  for (guint i = 0; self->traceset != NULL && i < lttv_traceset_n_traces (self->traceset); i++)
    {
      g_autofree char *base = g_path_get_basename (lttv_trace_path (lttv_traceset_get_trace (self->traceset, i)));
      g_string_append_printf (s, "%s%s", i > 0 ? ", " : "", base);
    }
  if (s->len == 0)
    g_string_append (s, none);
  return g_string_free (s, FALSE);
}

LttvState *
lttv_viewer_context_get_state (LttvViewerContext *self)
{
  g_return_val_if_fail (LTTV_IS_VIEWER_CONTEXT (self), NULL);
  return self->state;
}

LttvHistory *
lttv_viewer_context_get_history (LttvViewerContext *self)
{
  g_return_val_if_fail (LTTV_IS_VIEWER_CONTEXT (self), NULL);
  return self->state != NULL ? lttv_state_get_history (self->state) : NULL;
}

void
lttv_viewer_context_get_bounds (LttvViewerContext *self, LttvTime *begin, LttvTime *end)
{
  g_return_if_fail (LTTV_IS_VIEWER_CONTEXT (self));
  lttv_time_context_get_bounds (self->time_context, begin, end);
}

void
lttv_viewer_context_get_window (LttvViewerContext *self, LttvTime *start, LttvTime *end)
{
  g_return_if_fail (LTTV_IS_VIEWER_CONTEXT (self));
  lttv_time_context_get_window (self->time_context, start, end);
}

void
lttv_viewer_context_set_window (LttvViewerContext *self, LttvTime start, LttvTime end)
{
  g_return_if_fail (LTTV_IS_VIEWER_CONTEXT (self));
  lttv_time_context_set_window (self->time_context, start, end);
}

void
lttv_viewer_context_drag_window (LttvViewerContext *self, LttvTime start, LttvTime end)
{
  g_return_if_fail (LTTV_IS_VIEWER_CONTEXT (self));
  lttv_time_context_drag_window (self->time_context, start, end);
}

void
lttv_viewer_context_end_drag (LttvViewerContext *self)
{
  g_return_if_fail (LTTV_IS_VIEWER_CONTEXT (self));
  lttv_time_context_end_drag (self->time_context);
}

LttvTime
lttv_viewer_context_get_current_time (LttvViewerContext *self)
{
  g_return_val_if_fail (LTTV_IS_VIEWER_CONTEXT (self), 0);
  return lttv_time_context_get_current_time (self->time_context);
}

void
lttv_viewer_context_set_current_time (LttvViewerContext *self, LttvTime t)
{
  g_return_if_fail (LTTV_IS_VIEWER_CONTEXT (self));
  lttv_time_context_set_current_time (self->time_context, t);
}

gboolean
lttv_viewer_context_get_selection (LttvViewerContext *self, LttvTime *start, LttvTime *end)
{
  g_return_val_if_fail (LTTV_IS_VIEWER_CONTEXT (self), FALSE);
  return lttv_time_context_get_selection (self->time_context, start, end);
}

void
lttv_viewer_context_set_selection (LttvViewerContext *self, LttvTime start, LttvTime end)
{
  g_return_if_fail (LTTV_IS_VIEWER_CONTEXT (self));
  lttv_time_context_set_selection (self->time_context, start, end);
}

const char *
lttv_viewer_context_get_filter (LttvViewerContext *self)
{
  g_return_val_if_fail (LTTV_IS_VIEWER_CONTEXT (self), "");
  return lttv_time_context_get_filter (self->time_context);
}

void
lttv_viewer_context_set_filter (LttvViewerContext *self, const char *expr)
{
  g_return_if_fail (LTTV_IS_VIEWER_CONTEXT (self));
  lttv_time_context_set_filter (self->time_context, expr);
}

char *
lttv_viewer_context_format_time (LttvViewerContext *self, LttvTime t)
{
  LttvTime begin = 0;

  g_return_val_if_fail (LTTV_IS_VIEWER_CONTEXT (self), NULL);
  lttv_time_context_get_bounds (self->time_context, &begin, NULL);
  return lttv_time_text_format (t, lttv_time_text_get_format (), begin);
}

gboolean
lttv_viewer_context_get_state_colour (LttvViewerContext *self, const char *state, GdkRGBA *colour)
{
  for (guint i = 0; i < G_N_ELEMENTS (state_colours); i++)
    if (g_strcmp0 (state, state_colours[i].state) == 0)
      return gdk_rgba_parse (colour, state_colours[i].colour);
  return FALSE;
}

static void
job_finished_cb (LttvJob *job, LttvViewerContext *self)
{
  g_signal_handlers_disconnect_by_data (job, self);
  g_ptr_array_remove (self->jobs, job);
}

LttvJob *
lttv_viewer_context_run_job (LttvViewerContext *self, const char *title, LttvJobFunc func,
                             gpointer data, GDestroyNotify destroy,
                             GAsyncReadyCallback done, gpointer user_data)
{
  LttvJob *job;

  g_return_val_if_fail (LTTV_IS_VIEWER_CONTEXT (self), NULL);
  g_return_val_if_fail (func != NULL, NULL);

  job = lttv_job_new (title, func, data, destroy);
  /* The job may outlive the viewer (a cancelled worker returns when it
   * can), and the tab may move on to another traceset while it runs: it
   * keeps the context and the traceset and state it was started on. */
  g_object_set_data_full (G_OBJECT (job), "lttv-viewer-context", g_object_ref (self),
                          g_object_unref);
  if (self->data != NULL)
    g_object_set_data_full (G_OBJECT (job), "lttv-trace-data", lttv_trace_data_ref (self->data),
                            (GDestroyNotify) lttv_trace_data_unref);
  g_ptr_array_add (self->jobs, job);
  g_signal_connect (job, "finished", G_CALLBACK (job_finished_cb), self);
  lttv_job_start (job, done, user_data);
  if (self->job_bar != NULL)
    lttv_job_bar_add (LTTV_JOB_BAR (self->job_bar), job);
  return job;
}

static void
lttv_viewer_context_dispose (GObject *object)
{
  LttvViewerContext *self = LTTV_VIEWER_CONTEXT (object);

  lttv_viewer_context_detach (self);
  for (guint i = 0; i < self->jobs->len; i++)
    g_signal_handlers_disconnect_by_data (self->jobs->pdata[i], self);
  g_ptr_array_set_size (self->jobs, 0);
  if (self->axis != NULL)
    g_signal_handlers_disconnect_by_data (self->axis, self);
  g_clear_object (&self->axis);
  g_clear_object (&self->time_context);
  G_OBJECT_CLASS (lttv_viewer_context_parent_class)->dispose (object);
}

static void
lttv_viewer_context_finalize (GObject *object)
{
  LttvViewerContext *self = LTTV_VIEWER_CONTEXT (object);

  g_ptr_array_unref (self->jobs);
  g_free (self->open_error);
  g_clear_pointer (&self->data, lttv_trace_data_unref);
  g_clear_object (&self->bookmarks);
  G_OBJECT_CLASS (lttv_viewer_context_parent_class)->finalize (object);
}

static void
lttv_viewer_context_class_init (LttvViewerContextClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  static const char *names[N_SIGNALS] = {
    "traceset-changed", "window-changed", "current-time-changed",
    "selection-changed", "filter-changed", "history-changed",
    "thread-selected", "axis-changed", "traceset-grew",
  };

  object_class->dispose = lttv_viewer_context_dispose;
  object_class->finalize = lttv_viewer_context_finalize;
  for (int i = 0; i < N_SIGNALS; i++)
    signals[i] = g_signal_new (names[i], G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                               0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
lttv_viewer_context_init (LttvViewerContext *self)
{
  self->jobs = g_ptr_array_new_with_free_func (g_object_unref);
  self->bookmarks = lttv_bookmarks_new ();
}
