/* SPDX-License-Identifier: GPL-2.0-or-later */
/* LttvTimelineHost (lttv-timeline-host.h): the listing of a timeline
 * viewer's rows, in a worker, and what surrounds the view. */
#include "config.h"

#include <glib/gi18n.h>

#include "lttv-timeline-host.h"
#include "lttv-job.h"
#include "lttv-timeline-model-private.h"
#include "lttv-timeline-rows.h"

/* Least time between two listings while the history grows. */
#define REFILL_INTERVAL_MS 1000

struct _LttvTimelineHost
{
  LttvViewerContext *ctx;
  LttvTimelineView *view;
  const LttvTimelineHostFuncs *funcs;
  gpointer user_data;
  GtkStack *stack;
  GtkLabel *status;

  LttvHistory *history;       /* of the last listing */
  LttvTimelineModel *previous;/* shown before the traceset changed */
  GCancellable *filling;
  gboolean fill_again;
  gboolean filled_finished;   /* listed from a finished history */
  guint refill_source;
  gint64 last_fill;
};

typedef struct
{
  LttvTimelineModel *model;
  LttvHistory *history;
  gpointer data;
  GDestroyNotify data_free;
  void (*fill) (LttvTimelineModel *model, LttvHistory *history, gpointer fill_data);
} Fill;

static void start_fill (LttvTimelineHost *self);

void
lttv_timeline_host_show_status (LttvTimelineHost *self, const char *text)
{
  gtk_label_set_text (self->status, text);
  gtk_stack_set_visible_child_name (self->stack, "status");
}

static LttvState *
get_state (LttvTimelineHost *self)
{
  return self->funcs->get_state != NULL ? self->funcs->get_state (self->ctx)
                                        : lttv_viewer_context_get_state (self->ctx);
}

static void
fill_free (Fill *f)
{
  lttv_timeline_model_unref (f->model);
  if (f->data_free != NULL && f->data != NULL)
    f->data_free (f->data);
  g_free (f);
}

static void
fill_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Fill *f = data;
  f->fill (f->model, f->history, f->data);
  g_task_return_boolean (task, TRUE);
}

/* A row's identity across listings: its kind, tag, birth and name. */
char *
lttv_timeline_row_key (const LttvTimelineRow *r)
{
  return g_strdup_printf ("%u:%" G_GUINT64_FORMAT ":%" G_GUINT64_FORMAT ":%s", r->kind, r->tag,
                          (guint64) r->birth, r->cells[0]);
}

/* The user's sort, and the rows they hid or folded, on the new listing:
 * a table of the few rows marked, not a search per row. */
static void
carry_over (LttvTimelineModel *old, LttvTimelineModel *m)
{
  g_autoptr (GHashTable) marked = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  gboolean descending = FALSE;
  int sort;

  if (old == NULL)
    return;
  sort = lttv_timeline_model_get_sort (old, &descending);
  lttv_timeline_model_set_sort (m, sort, descending);
  lttv_timeline_model_set_tree (m, lttv_timeline_model_get_tree (old));
  for (guint i = 0; i < lttv_timeline_model_n_rows (old); i++)
    {
      const LttvTimelineRow *r = lttv_timeline_model_get_row (old, i);
      if (r->user_hidden || r->collapsed)
        g_hash_table_insert (marked, lttv_timeline_row_key (r),
                             GUINT_TO_POINTER ((r->user_hidden ? 1u : 0u) | (r->collapsed ? 2u : 0u)));
    }
  if (g_hash_table_size (marked) == 0)
    return;
  for (guint i = 0; i < lttv_timeline_model_n_rows (m); i++)
    {
      LttvTimelineRow *r = lttv_timeline_model_get_row (m, i);
      g_autofree char *key = lttv_timeline_row_key (r);
      guint flags = GPOINTER_TO_UINT (g_hash_table_lookup (marked, key));
      r->user_hidden = (flags & 1) != 0;
      r->collapsed = (flags & 2) != 0;
    }
}

/* --- The rows' state of a session (lttv-timeline-rows.h) ---------------- */

#define ROWS_KEY "lttv-session-rows"

typedef struct
{
  int sort;
  gboolean descending;
  GHashTable *hidden;   /* keys */
  GHashTable *folded;   /* keys */
} RowsState;

static void
rows_state_free (gpointer p)
{
  RowsState *r = p;
  g_hash_table_unref (r->hidden);
  g_hash_table_unref (r->folded);
  g_free (r);
}

LttvTimelineView *
lttv_timeline_view_find (GtkWidget *widget)
{
  if (LTTV_IS_TIMELINE_VIEW (widget))
    return LTTV_TIMELINE_VIEW (widget);
  if (!GTK_IS_CONTAINER (widget))
    return NULL;
  g_autoptr (GList) children = gtk_container_get_children (GTK_CONTAINER (widget));
  for (GList *l = children; l != NULL; l = l->next)
    {
      LttvTimelineView *v = lttv_timeline_view_find (l->data);
      if (v != NULL)
        return v;
    }
  return NULL;
}

gboolean
lttv_timeline_view_get_rows_state (LttvTimelineView *view, int *sort, gboolean *descending,
                                   GPtrArray *hidden, GPtrArray *folded)
{
  LttvTimelineModel *m = lttv_timeline_view_get_model (view);
  RowsState *pending = g_object_get_data (G_OBJECT (view), ROWS_KEY);

  /* (not listed yet: what the session gave it still stands) */
  if (m == NULL && pending != NULL)
    {
      GHashTableIter it;
      gpointer key;
      *sort = pending->sort;
      *descending = pending->descending;
      g_hash_table_iter_init (&it, pending->hidden);
      while (g_hash_table_iter_next (&it, &key, NULL))
        g_ptr_array_add (hidden, g_strdup (key));
      g_hash_table_iter_init (&it, pending->folded);
      while (g_hash_table_iter_next (&it, &key, NULL))
        g_ptr_array_add (folded, g_strdup (key));
      return TRUE;
    }
  if (m == NULL)
    return FALSE;
  *sort = lttv_timeline_model_get_sort (m, descending);
  for (guint i = 0; i < lttv_timeline_model_n_rows (m); i++)
    {
      const LttvTimelineRow *row = lttv_timeline_model_get_row (m, i);
      if (row->user_hidden)
        g_ptr_array_add (hidden, lttv_timeline_row_key (row));
      /* (a leaf marked folded folds nothing) */
      if (row->collapsed && lttv_timeline_model_has_children (m, i))
        g_ptr_array_add (folded, lttv_timeline_row_key (row));
    }
  return TRUE;
}

void
lttv_timeline_view_set_rows_state (LttvTimelineView *view, int sort, gboolean descending,
                                   const GPtrArray *hidden, const GPtrArray *folded)
{
  RowsState *r = g_new0 (RowsState, 1);

  r->sort = sort;
  r->descending = descending;
  r->hidden = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  r->folded = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (guint i = 0; hidden != NULL && i < hidden->len; i++)
    g_hash_table_add (r->hidden, g_strdup (hidden->pdata[i]));
  for (guint i = 0; folded != NULL && i < folded->len; i++)
    g_hash_table_add (r->folded, g_strdup (folded->pdata[i]));
  g_object_set_data_full (G_OBJECT (view), ROWS_KEY, r, rows_state_free);
  if (lttv_timeline_view_get_model (view) != NULL)
    {
      LttvTimelineModel *m = lttv_timeline_view_get_model (view);
      for (guint i = 0; i < lttv_timeline_model_n_rows (m); i++)
        {
          LttvTimelineRow *row = lttv_timeline_model_get_row (m, i);
          g_autofree char *key = lttv_timeline_row_key (row);
          row->user_hidden = g_hash_table_contains (r->hidden, key);
          row->collapsed = g_hash_table_contains (r->folded, key);
        }
      lttv_timeline_model_set_sort (m, sort, descending);
      lttv_timeline_view_refilter (view);
    }
}

/* A session's rows on a new listing, until one from the finished history
 * (rows born later than the last listing are then all there). */
static void
apply_rows_state (LttvTimelineHost *self, LttvTimelineModel *m)
{
  RowsState *r = g_object_get_data (G_OBJECT (self->view), ROWS_KEY);

  if (r == NULL)
    return;
  lttv_timeline_model_set_sort (m, r->sort, r->descending);
  if (g_hash_table_size (r->hidden) > 0 || g_hash_table_size (r->folded) > 0)
    for (guint i = 0; i < lttv_timeline_model_n_rows (m); i++)
      {
        LttvTimelineRow *row = lttv_timeline_model_get_row (m, i);
        g_autofree char *key = lttv_timeline_row_key (row);
        if (g_hash_table_contains (r->hidden, key))
          row->user_hidden = TRUE;
        if (g_hash_table_contains (r->folded, key))
          row->collapsed = TRUE;
      }
  lttv_timeline_model_refilter (m);
  if (self->filled_finished)
    g_object_set_data (G_OBJECT (self->view), ROWS_KEY, NULL);
}

static void
fill_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  LttvTimelineHost *self = user_data;
  Fill *f = g_task_get_task_data (G_TASK (result));

  if (g_cancellable_is_cancelled (g_task_get_cancellable (G_TASK (result))))
    return;      /* the viewer is gone, or the traceset changed */
  g_clear_object (&self->filling);
  self->last_fill = g_get_monotonic_time ();
  carry_over (lttv_timeline_view_get_model (self->view) != NULL
              ? lttv_timeline_view_get_model (self->view) : self->previous, f->model);
  apply_rows_state (self, f->model);
  g_clear_pointer (&self->previous, lttv_timeline_model_unref);
  lttv_timeline_view_set_model (self->view, f->model);
  if (self->funcs->shown != NULL)
    self->funcs->shown (f->model, f->data, self->user_data);
  if (lttv_timeline_model_n_rows (f->model) == 0 && self->funcs->no_rows != NULL)
    lttv_timeline_host_show_status (self, self->funcs->no_rows);
  else
    gtk_stack_set_visible_child_name (self->stack, "view");
  if (self->fill_again)
    {
      self->fill_again = FALSE;
      start_fill (self);
    }
}

static void
start_fill (LttvTimelineHost *self)
{
  LttvState *state = get_state (self);
  Fill *f;
  GTask *task;

  if (self->filling != NULL)
    {
      self->fill_again = TRUE;
      return;
    }
  if (state == NULL)
    {
      lttv_timeline_host_show_status (self, lttv_viewer_context_get_traceset (self->ctx) == NULL
                                            ? _("No trace is open.") : _("Waiting for the state history…"));
      return;
    }
  self->history = lttv_state_get_history (state);
  if (lttv_history_committed_end (self->history) == LTTV_TIME_NONE)
    return;
  self->filled_finished = lttv_history_is_finished (self->history);
  f = g_new0 (Fill, 1);
  f->model = self->funcs->new_model (self->ctx, self->history, &f->data, self->user_data);
  f->history = self->history;
  f->data_free = self->funcs->fill_data_free;
  f->fill = self->funcs->fill;
  self->filling = g_cancellable_new ();
  task = g_task_new (NULL, self->filling, fill_done, self);
  g_task_set_task_data (task, f, (GDestroyNotify) fill_free);
  g_task_run_in_thread (task, fill_thread);
  g_object_unref (task);
}

static gboolean
refill_cb (gpointer data)
{
  LttvTimelineHost *self = data;
  self->refill_source = 0;
  start_fill (self);
  return G_SOURCE_REMOVE;
}

static void
history_changed_cb (LttvViewerContext *ctx, LttvTimelineHost *self)
{
  LttvState *state = get_state (self);
  gint64 since = (g_get_monotonic_time () - self->last_fill) / 1000;

  if (state == NULL)
    return;
  if (self->history != lttv_state_get_history (state))
    self->filled_finished = FALSE;
  else if (self->filled_finished)
    return;
  /* New rows appear while the history grows: list them again, at most
   * once a second; the view is redrawn with each listing, not at every
   * step of the build (the builder needs the cores more). */
  if (self->refill_source == 0)
    self->refill_source = g_timeout_add (since >= REFILL_INTERVAL_MS ? 0 : REFILL_INTERVAL_MS - since,
                                         refill_cb, self);
}

static void
traceset_changed_cb (LttvViewerContext *ctx, LttvTimelineHost *self)
{
  if (self->filling != NULL)
    g_cancellable_cancel (self->filling);
  g_clear_object (&self->filling);
  self->history = NULL;
  self->filled_finished = FALSE;
  /* a trace added: the rows of the others keep the user's choices */
  if (self->previous == NULL && lttv_timeline_view_get_model (self->view) != NULL)
    self->previous = lttv_timeline_model_ref (lttv_timeline_view_get_model (self->view));
  lttv_timeline_view_set_model (self->view, NULL);
  start_fill (self);
}

static void
export_done_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (GtkWidget) stack = data;
  LttvTimelineHost *self = g_object_get_data (G_OBJECT (stack), "lttv-timeline-host");
  g_autoptr (GError) error = NULL;

  if (!lttv_job_finish (LTTV_JOB (source), result, &error)
      && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) && self != NULL)
    lttv_timeline_host_show_status (self, error->message);
}

void
lttv_timeline_host_export (LttvTimelineHost *self)
{
  GtkWidget *toplevel = gtk_widget_get_toplevel (GTK_WIDGET (self->stack));
  LttvTimelineModel *m = lttv_timeline_view_get_model (self->view);
  g_autoptr (GtkFileChooserNative) chooser = NULL;

  if (m == NULL)
    return;
  chooser = gtk_file_chooser_native_new (self->funcs->export_title,
                                         GTK_IS_WINDOW (toplevel) ? GTK_WINDOW (toplevel) : NULL,
                                         GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), self->funcs->export_name);
  gtk_file_chooser_set_do_overwrite_confirmation (GTK_FILE_CHOOSER (chooser), TRUE);
  if (gtk_native_dialog_run (GTK_NATIVE_DIALOG (chooser)) == GTK_RESPONSE_ACCEPT)
    {
      g_autofree char *file = gtk_file_chooser_get_filename (GTK_FILE_CHOOSER (chooser));
      GtkAllocation a;

      gtk_widget_get_allocation (GTK_WIDGET (self->view), &a);
      /* In a job: a big view's rows and its file take seconds (#30). */
      lttv_timeline_model_export_async (m, self->ctx, file, MAX (a.width, 400), MAX (a.height, 300),
                                        export_done_cb, g_object_ref (self->stack));
    }
}

static void
host_free (gpointer data)
{
  LttvTimelineHost *self = data;

  if (self->filling != NULL)
    g_cancellable_cancel (self->filling);
  g_clear_object (&self->filling);
  if (self->refill_source != 0)
    g_source_remove (self->refill_source);
  g_clear_pointer (&self->previous, lttv_timeline_model_unref);
  g_signal_handlers_disconnect_by_data (self->ctx, self);
  g_object_unref (self->ctx);
  g_free (self);
}

GtkWidget *
lttv_timeline_host_new (LttvViewerContext *ctx, LttvTimelineView *view,
                        const LttvTimelineHostFuncs *funcs, gpointer user_data,
                        LttvTimelineHost **host)
{
  LttvTimelineHost *self = g_new0 (LttvTimelineHost, 1);
  GtkWidget *status = gtk_label_new (NULL);

  self->ctx = g_object_ref (ctx);
  self->view = view;
  self->funcs = funcs;
  self->user_data = user_data;
  self->status = GTK_LABEL (status);
  gtk_style_context_add_class (gtk_widget_get_style_context (status), "dim-label");
  self->stack = GTK_STACK (gtk_stack_new ());
  gtk_stack_add_named (self->stack, GTK_WIDGET (view), "view");
  gtk_stack_add_named (self->stack, status, "status");
  gtk_widget_set_vexpand (GTK_WIDGET (self->stack), TRUE);
  g_signal_connect (ctx, "traceset-changed", G_CALLBACK (traceset_changed_cb), self);
  g_signal_connect (ctx, "history-changed", G_CALLBACK (history_changed_cb), self);
  g_object_set_data_full (G_OBJECT (self->stack), "lttv-timeline-host", self, host_free);
  if (host != NULL)
    *host = self;
  start_fill (self);
  return GTK_WIDGET (self->stack);
}
