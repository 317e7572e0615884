/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Opening the tab's traces in a job, then building their state in
 * another, with progress; the viewers follow. */
#include "config.h"

#include <glib/gi18n.h>

#include "lttv-layout-settings.h"
#include "lttv-marks-private.h"
#include "lttv-module-host.h"
#include "lttv-pane-split.h"
#include "lttv-selection-status.h"
#include "lttv-stall-meter.h"
#include "lttv-trace-data.h"
#include "lttv-time-bar.h"
#include "lttv-time-ruler.h"
#include "lttv-viewer-context-private.h"
#include "lttv-tab-private.h"

/* --- Building the state ---------------------------------------------------- */

static void show_problems (LttvTab *self, const char *text);
static gboolean damage_tick (gpointer user_data);

static void
for_each_context (LttvTab *self, void (*fn) (LttvViewerContext *, gpointer), gpointer arg)
{
  for (guint i = 0; self->viewers != NULL && i < self->viewers->len; i++)
    fn (((Viewer *) self->viewers->pdata[i])->ctx, arg);
  if (self->ruler_context != NULL)
    fn (self->ruler_context, arg);
}

static void
grew (LttvViewerContext *ctx, gpointer unused)
{
  lttv_viewer_context_history_grew (ctx);
}

static void
traceset_grew (LttvViewerContext *ctx, gpointer unused)
{
  lttv_viewer_context_traceset_grew (ctx);
}

static void
set_state (LttvViewerContext *ctx, gpointer state)
{
  lttv_viewer_context_set_state (ctx, state);
}

static void
set_open_error (LttvViewerContext *ctx, gpointer message)
{
  lttv_viewer_context_set_open_error (ctx, message);
}

/* Tells the viewers, those there and those to come, why the traces could
 * not be opened (NULL: they could). */
static void
note_open_error (LttvTab *self, const char *message)
{
  g_free (self->open_error);
  self->open_error = g_strdup (message);
  for_each_context (self, set_open_error, self->open_error);
}

static void
hold (LttvViewerContext *ctx, gpointer data)
{
  lttv_viewer_context_hold (ctx, data);
}

/* Views redraw what is built a few times a second, not per event. */
static gboolean
build_tick (gpointer user_data)
{
  LttvTab *self = user_data;

  lttv_trace_data_report (self->data, self->build_job);
  for_each_context (self, grew, NULL);
  return G_SOURCE_CONTINUE;
}

void
lttv_tab_stop_build (LttvTab *self)
{
  if (self->build_job != NULL)
    lttv_job_cancel (self->build_job);
  g_clear_object (&self->build_job);
  g_clear_handle_id (&self->build_timer, g_source_remove);
}

static void
build_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  LttvTab *self = user_data;
  LttvJob *job = LTTV_JOB (source);
  g_autoptr (GError) error = NULL;
  gboolean ok = lttv_job_finish (job, result, &error);

  if (self->build_job == job)
    {
      g_clear_object (&self->build_job);
      g_clear_handle_id (&self->build_timer, g_source_remove);
      /* A read error leaves the history of what came before it: say why. */
      if (!ok && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        show_problems (self, error->message);
      for_each_context (self, grew, NULL);
      lttv_stall_meter_build_ended (FALSE);
    }
  g_object_unref (self);
}

static void
start_build (LttvTab *self)
{
  lttv_tab_stop_build (self);
  if (self->growing)
    {
      /* (built on by the live tab as the traces grow: no job) */
      for_each_context (self, set_state, lttv_trace_data_live_state (self->data));
      return;
    }
  self->build_job = lttv_trace_data_build_job (self->data);
  if (self->build_job == NULL)
    {
      lttv_stall_meter_build_ended (TRUE);
      return;
    }
  lttv_stall_meter_build_started ();
  for_each_context (self, set_state, lttv_trace_data_get_state (self->data));
  lttv_job_start (self->build_job, build_done, g_object_ref (self));
  lttv_job_bar_add (LTTV_JOB_BAR (self->job_bar), self->build_job);
  self->build_timer = g_timeout_add (250, build_tick, self);
  if (self->damage_timer == 0)
    self->damage_timer = g_timeout_add (500, damage_tick, self);
}

/* --- Opening ------------------------------------------------------------- */

typedef struct
{
  char **paths;
  gboolean rebuild;     /* the state from the trace, not the cache */
  gboolean growable;    /* lttv_traceset_open_growable */
  char *note;           /* shown with the traces' problems, or NULL */
  LttvTraceset *traceset;
  GError *error;
} OpenData;

static void
open_data_free (gpointer data)
{
  OpenData *d = data;
  g_strfreev (d->paths);
  g_free (d->note);
  g_clear_pointer (&d->traceset, lttv_traceset_free);
  g_clear_error (&d->error);
  g_free (d);
}

static gboolean
open_func (LttvJob *job, gpointer data, GCancellable *cancellable, GError **error)
{
  OpenData *d = data;
  d->traceset = d->growable ? lttv_traceset_open_growable ((const char *const *) d->paths, &d->error)
                            : lttv_traceset_open ((const char *const *) d->paths, &d->error);
  /* (its begin decodes each stream's first event: here, not on the main
   * thread) */
  if (d->traceset != NULL)
    lttv_traceset_begin (d->traceset);
  return TRUE;
}

static void
show_problems (LttvTab *self, const char *text)
{
  if (text == NULL)
    {
      gtk_widget_hide (GTK_WIDGET (self->problem_bar));
      return;
    }
  gtk_label_set_text (self->problem_label, text);
  gtk_widget_show (GTK_WIDGET (self->problem_bar));
}

static void
set_title (LttvTab *self)
{
  g_autoptr (GString) title = g_string_new (self->live_title);

  for (guint i = 0; self->live_title == NULL && i < self->paths->len; i++)
    {
      g_autofree char *name = g_path_get_basename (self->paths->pdata[i]);
      g_string_append_printf (title, "%s%s", i > 0 ? ", " : "", name);
    }
  g_free (self->title);
  self->title = g_string_free (g_steal_pointer (&title), FALSE);
  g_signal_emit (self, lttv_tab_signals[TITLE_CHANGED], 0);
}

static void
open_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  LttvTab *self = user_data;
  LttvJob *job = LTTV_JOB (source);
  OpenData *d = g_object_get_data (G_OBJECT (job), "lttv-open-data");
  g_autoptr (GError) error = NULL;
  LttvTraceData *old = self->data;

  /* A newer open replaced this one, or the tab is gone. */
  if (self->open_job != job || self->viewers == NULL)
    {
      g_object_unref (self);
      return;
    }
  g_clear_object (&self->open_job);
  if (!lttv_job_finish (job, result, &error))
    {
      show_problems (self, error->message);
      note_open_error (self, error->message);
      g_signal_emit (self, lttv_tab_signals[OPENED], 0);
      g_object_unref (self);
      return;
    }
  lttv_tab_stop_build (self);
  for_each_context (self, set_state, NULL);
  self->data = lttv_trace_data_new (g_steal_pointer (&d->traceset));
  if (d->rebuild)
    lttv_trace_data_set_rebuild (self->data);
  if (self->uncached)
    lttv_trace_data_set_uncached (self->data);
  self->traceset = lttv_trace_data_get_traceset (self->data);
  for_each_context (self, hold, self->data);
  for (guint i = 0; i < self->viewers->len; i++)
    lttv_viewer_context_set_traceset (((Viewer *) self->viewers->pdata[i])->ctx, self->traceset);
  lttv_viewer_context_set_traceset (self->ruler_context, self->traceset);
  g_clear_pointer (&old, lttv_trace_data_unref);

  if (self->traceset == NULL)
    {
      const char *error_text = d->error != NULL ? d->error->message : _("No trace could be opened.");
      g_autofree char *why = d->note != NULL ? g_strdup_printf ("%s\n%s", d->note, error_text)
                                             : g_strdup (error_text);
      show_problems (self, why);
      note_open_error (self, why);
    }
  else
    {
      note_open_error (self, NULL);
      const GPtrArray *problems = lttv_traceset_get_problems (self->traceset);
      g_autoptr (GString) text = g_string_new (d->note);
      g_autoptr (GError) bookmarks_error = NULL;
      g_autofree char *bookmarks_file = lttv_bookmarks_file_for (self->traceset);
      g_autoptr (GPtrArray) abs = g_ptr_array_new_with_free_func (g_free);

      for (guint i = 0; i < self->paths->len; i++)
        g_ptr_array_add (abs, g_canonicalize_filename (self->paths->pdata[i], NULL));
      g_ptr_array_add (abs, NULL);
      lttv_bookmarks_set_traces (self->bookmarks, (const char *const *) abs->pdata);
      if (!lttv_bookmarks_set_file (self->bookmarks, bookmarks_file, &bookmarks_error))
        g_string_append_printf (text, "%s%s", text->len > 0 ? "\n" : "", bookmarks_error->message);
      for (guint i = 0; problems != NULL && i < problems->len; i++)
        g_string_append_printf (text, "%s%s", text->len > 0 ? "\n" : "", ((GError *) problems->pdata[i])->message);
      show_problems (self, text->len > 0 ? text->str : NULL);
      lttv_time_context_set_bounds (self->time_context, lttv_traceset_begin (self->traceset),
                                    lttv_traceset_end (self->traceset));
      start_build (self);
      lttv_selection_status_set_data (LTTV_SELECTION_STATUS (self->status), self->data);
    }
  lttv_stall_meter_watch_opened_paint (GTK_WIDGET (self));
  g_signal_emit (self, lttv_tab_signals[OPENED], 0);
  g_object_unref (self);
}

static void open_paths (LttvTab *self, OpenData *d);

/* A block of the cached state found damaged by a query (lttv_history_check):
 * what it held reads as nothing, so the tab opens its traces again and
 * builds the state from them, saying why. */
static gboolean
damage_tick (gpointer user_data)
{
  LttvTab *self = user_data;
  LttvState *state = lttv_tab_get_state (self);
  g_autoptr (GError) damage = NULL;

  if (state == NULL || self->open_job != NULL
      || lttv_history_check (lttv_state_get_history (state), &damage))
    return G_SOURCE_CONTINUE;
  self->damage_timer = 0;
  OpenData *d = g_new0 (OpenData, 1);
  d->rebuild = TRUE;
  d->note = g_strdup_printf (_("%s: the state is built again from the trace."), damage->message);
  show_problems (self, d->note);
  open_paths (self, d);
  return G_SOURCE_REMOVE;
}

void
lttv_tab_show_problem (LttvTab *self, const char *text)
{
  g_return_if_fail (LTTV_IS_TAB (self));
  show_problems (self, text);
}

void
lttv_tab_add_traces (LttvTab *self, GFile **files, int n_files)
{
  lttv_tab_add_traces_noted (self, files, n_files, NULL);
}

void
lttv_tab_add_traces_noted (LttvTab *self, GFile **files, int n_files, const char *note)
{
  OpenData *d = g_new0 (OpenData, 1);

  g_return_if_fail (LTTV_IS_TAB (self));
  d->note = g_strdup (note);
  for (int i = 0; i < n_files; i++)
    {
      g_autofree char *path = g_file_get_path (files[i]);
      if (path != NULL && !g_ptr_array_find_with_equal_func (self->paths, path, g_str_equal, NULL))
        g_ptr_array_add (self->paths, g_steal_pointer (&path));
    }
  open_paths (self, d);
}

void
lttv_tab_remove_trace (LttvTab *self, guint index)
{
  g_return_if_fail (LTTV_IS_TAB (self));
  g_return_if_fail (index < self->paths->len);
  g_ptr_array_remove_index (self->paths, index);
  open_paths (self, g_new0 (OpenData, 1));
}

void
lttv_tab_set_live_title (LttvTab *self, const char *title)
{
  g_return_if_fail (LTTV_IS_TAB (self));
  if (g_strcmp0 (title, self->live_title) == 0)
    return;
  g_free (self->live_title);
  self->live_title = g_strdup (title);
  set_title (self);
}

void
lttv_tab_set_uncached (LttvTab *self)
{
  g_return_if_fail (LTTV_IS_TAB (self));
  self->uncached = TRUE;
}

void
lttv_tab_set_growing (LttvTab *self)
{
  g_return_if_fail (LTTV_IS_TAB (self));
  self->uncached = TRUE;
  self->growing = TRUE;
}

void
lttv_tab_traceset_grew (LttvTab *self)
{
  g_return_if_fail (LTTV_IS_TAB (self));
  if (self->traceset == NULL || self->open_job != NULL)
    return;
  lttv_time_context_extend_end (self->time_context, lttv_traceset_end (self->traceset));
  for_each_context (self, traceset_grew, NULL);
}

guint lttv_tab_get_n_traces (LttvTab *self) { return self->paths->len; }

const char *
lttv_tab_get_trace_path (LttvTab *self, guint index)
{
  g_return_val_if_fail (index < self->paths->len, NULL);
  return self->paths->pdata[index];
}

/* Opens the tab's paths again, replacing its traceset and state. */
static void
open_paths (LttvTab *self, OpenData *d)
{
  d->paths = g_new0 (char *, self->paths->len + 1);
  for (guint i = 0; i < self->paths->len; i++)
    d->paths[i] = g_strdup (self->paths->pdata[i]);
  d->growable = self->growing;

  if (self->open_job != NULL)
    lttv_job_cancel (self->open_job);
  g_clear_object (&self->open_job);
  self->open_job = lttv_job_new (_("Opening the traces…"), open_func, d, open_data_free);
  g_object_set_data (G_OBJECT (self->open_job), "lttv-open-data", d);
  lttv_job_start (self->open_job, open_done, g_object_ref (self));
  set_title (self);
  lttv_job_bar_add (LTTV_JOB_BAR (self->job_bar), self->open_job);
}

