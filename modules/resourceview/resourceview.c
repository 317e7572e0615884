/* SPDX-License-Identifier: GPL-2.0-or-later */
/* resourceview: the resource viewer. Rows per CPU, IRQ, soft IRQ and
 * block device, grouped per trace, on the shared timeline widget (listed
 * by the timeline host); the thread selected in the tab is outlined where
 * it ran, and a click on a CPU selects the thread it ran. Actions
 * (group "resourceview"): tint (a colour per thread on the CPUs), hide-empty
 * (rows that hold nothing in the window), export. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include <lttv-thread-selection.h>
#include <lttv-timeline-host.h>
#include <lttv-timeline-view.h>

#include "resourceview.h"

typedef struct
{
  LttvViewerContext *ctx;
  GtkWidget *top;
  LttvTimelineHost *host;
  LttvTimelineView *view;
  GtkToggleButton *tint;
  GSimpleActionGroup *actions;
  /* Rows empty in the window, hidden on demand (worked out in a worker). */
  GCancellable *emptying;
  guint empty_source;
} ResourceView;

static gboolean
action_on (ResourceView *self, const char *name)
{
  g_autoptr (GVariant) state = g_action_group_get_action_state (G_ACTION_GROUP (self->actions), name);
  return state != NULL && g_variant_get_boolean (state);
}

static void
apply_tint (ResourceView *self, LttvTimelineModel *m)
{
  gboolean tint = action_on (self, "tint");
  for (guint i = 0; i < lttv_timeline_model_n_rows (m); i++)
    {
      LttvTimelineRow *row = lttv_timeline_model_get_row (m, i);
      row->tint = tint && row->kind == RV_CPU;
    }
}

/* Outlines the selected thread where it ran. */
static void
apply_highlight (ResourceView *self)
{
  LttvTimelineModel *m = lttv_timeline_view_get_model (self->view);
  gint64 tid;

  if (m == NULL)
    return;
  if (lttv_viewer_context_get_selected_thread (self->ctx, &tid, NULL) && tid > 0)
    lttv_timeline_model_set_highlight (m, lttv_value_int (tid));
  else
    lttv_timeline_model_set_highlight (m, LTTV_VALUE_NONE);
  lttv_timeline_view_invalidate (self->view);
}

/* --- Rows empty in the window --------------------------------------------- */

typedef struct
{
  LttvTimelineModel *model;
  LttvTime t0, t1;
  guint8 *empty;
} EmptyScan;

static void
empty_scan_free (EmptyScan *e)
{
  lttv_timeline_model_unref (e->model);
  g_free (e->empty);
  g_free (e);
}

static void
empty_scan_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  EmptyScan *e = data;
  rv_rows_empty (e->model, e->t0, e->t1, e->empty);
  g_task_return_boolean (task, TRUE);
}

static void
empty_scan_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  ResourceView *self = user_data;
  EmptyScan *e = g_task_get_task_data (G_TASK (result));

  if (g_cancellable_is_cancelled (g_task_get_cancellable (G_TASK (result))))
    return;
  g_clear_object (&self->emptying);
  if (e->model != lttv_timeline_view_get_model (self->view) || !action_on (self, "hide-empty"))
    return;
  for (guint i = 0; i < lttv_timeline_model_n_rows (e->model); i++)
    lttv_timeline_model_get_row (e->model, i)->hidden = e->empty[i];
  lttv_timeline_view_refilter (self->view);
}

static gboolean
empty_scan_cb (gpointer data)
{
  ResourceView *self = data;
  LttvTimelineModel *m = lttv_timeline_view_get_model (self->view);
  EmptyScan *e;
  GTask *task;

  self->empty_source = 0;
  if (self->emptying != NULL)
    g_cancellable_cancel (self->emptying);
  g_clear_object (&self->emptying);
  if (m == NULL || !action_on (self, "hide-empty"))
    return G_SOURCE_REMOVE;
  e = g_new0 (EmptyScan, 1);
  e->model = lttv_timeline_model_ref (m);
  e->empty = g_new0 (guint8, MAX (lttv_timeline_model_n_rows (m), 1));
  lttv_viewer_context_get_window (self->ctx, &e->t0, &e->t1);
  self->emptying = g_cancellable_new ();
  task = g_task_new (NULL, self->emptying, empty_scan_done, self);
  g_task_set_task_data (task, e, (GDestroyNotify) empty_scan_free);
  g_task_run_in_thread (task, empty_scan_thread);
  g_object_unref (task);
  return G_SOURCE_REMOVE;
}

/* Rows are hidden a moment after the window settles, not per frame of a
 * drag. */
static void
schedule_empty_scan (ResourceView *self)
{
  if (self->empty_source == 0 && action_on (self, "hide-empty"))
    self->empty_source = g_timeout_add (120, empty_scan_cb, self);
}

static void
window_changed_cb (LttvViewerContext *ctx, ResourceView *self)
{
  schedule_empty_scan (self);
}

/* --- Rows ----------------------------------------------------------------- */

typedef struct
{
  LttvTraceset *ts;    /* not owned: the model keeps it alive */
  char *title;
} Fill;

static void
fill_free (gpointer data)
{
  Fill *f = data;
  g_free (f->title);
  g_free (f);
}

static LttvTimelineModel *
new_model (LttvViewerContext *ctx, LttvHistory *history, gpointer *fill_data, gpointer user_data)
{
  Fill *f = g_new0 (Fill, 1);

  f->ts = lttv_viewer_context_get_traceset (ctx);
  f->title = lttv_viewer_context_get_traces_title (ctx, _("Trace"));
  *fill_data = f;
  return rv_model_new (ctx, history);
}

static void
fill (LttvTimelineModel *model, LttvHistory *history, gpointer fill_data)
{
  Fill *f = fill_data;
  rv_model_fill (model, history, f->ts, f->title);
}

static void
shown (LttvTimelineModel *model, gpointer fill_data, gpointer user_data)
{
  ResourceView *self = user_data;

  apply_tint (self, model);
  apply_highlight (self);
  schedule_empty_scan (self);
}

static LttvTimelineHostFuncs host_funcs = {
  .new_model = new_model,
  .fill_data_free = fill_free,
  .fill = fill,
  .shown = shown,
  .export_name = "resources.png",
};

static void
thread_selected_cb (LttvViewerContext *ctx, ResourceView *self)
{
  apply_highlight (self);
}

/* A click on a CPU selects the thread it ran then, in every view. */
static void
row_clicked_cb (LttvTimelineView *view, int row, guint64 t, ResourceView *self)
{
  LttvTimelineModel *m = lttv_timeline_view_get_model (view);
  gint64 tid;

  if (m == NULL || row < 0)
    return;
  tid = rv_thread_at (m, lttv_timeline_model_get_row (m, row), t);
  if (tid >= 0)
    lttv_viewer_context_select_thread (self->ctx, tid, LTTV_TIME_NONE);
}

/* --- Actions ("resourceview" group) --------------------------------------- */

static void
tint_changed (GSimpleAction *action, GVariant *value, gpointer data)
{
  ResourceView *self = data;
  LttvTimelineModel *m = lttv_timeline_view_get_model (self->view);

  g_simple_action_set_state (action, value);
  if (m != NULL)
    apply_tint (self, m);
  lttv_timeline_view_invalidate (self->view);
}

static void
hide_empty_changed (GSimpleAction *action, GVariant *value, gpointer data)
{
  ResourceView *self = data;
  LttvTimelineModel *m = lttv_timeline_view_get_model (self->view);

  g_simple_action_set_state (action, value);
  if (g_variant_get_boolean (value))
    {
      schedule_empty_scan (self);
      return;
    }
  if (self->emptying != NULL)
    g_cancellable_cancel (self->emptying);
  g_clear_object (&self->emptying);
  for (guint i = 0; m != NULL && i < lttv_timeline_model_n_rows (m); i++)
    lttv_timeline_model_get_row (m, i)->hidden = FALSE;
  lttv_timeline_view_refilter (self->view);
}

static void export_cb (GtkButton *button, ResourceView *self);

static void
export_activated (GSimpleAction *action, GVariant *param, gpointer data)
{
  export_cb (NULL, data);
}

static const GActionEntry rv_actions[] = {
  { "tint", NULL, NULL, "false", tint_changed, { 0 } },
  { "hide-empty", NULL, NULL, "false", hide_empty_changed, { 0 } },
  { "export", export_activated, NULL, NULL, NULL, { 0 } },
};

static void
hierarchy_changed_cb (GtkWidget *widget, GtkWidget *previous, ResourceView *self)
{
  GtkWidget *top = gtk_widget_get_toplevel (widget);
  GtkApplication *app = GTK_IS_WINDOW (top) ? gtk_window_get_application (GTK_WINDOW (top)) : NULL;
  static const char *tint_accels[] = { "<Control><Alt>t", NULL };
  static const char *hide_accels[] = { "<Control><Alt>h", NULL };

  if (app == NULL)
    return;
  gtk_application_set_accels_for_action (app, "resourceview.tint", tint_accels);
  gtk_application_set_accels_for_action (app, "resourceview.hide-empty", hide_accels);
}

static void
export_cb (GtkButton *button, ResourceView *self)
{
  lttv_timeline_host_export (self->host);
}

static void
resource_view_free (gpointer data)
{
  ResourceView *self = data;

  if (self->emptying != NULL)
    g_cancellable_cancel (self->emptying);
  g_clear_object (&self->emptying);
  if (self->empty_source != 0)
    g_source_remove (self->empty_source);
  g_clear_object (&self->actions);
  g_signal_handlers_disconnect_by_data (self->ctx, self);
  g_object_unref (self->ctx);
  g_free (self);
}

/* A CPU's row marks the events of that CPU that match the tab's filter. */
static LttvTimelineMatchKind
match_func (const LttvTimelineRow *row, gint64 *id, gpointer data)
{
  *id = (gint64) row->tag;
  return row->kind == RV_CPU ? LTTV_TIMELINE_MATCH_CPU : LTTV_TIMELINE_MATCH_NONE;
}

static void
matches_only_toggled_cb (GtkToggleButton *b, ResourceView *self)
{
  lttv_timeline_view_set_matches_only (self->view, gtk_toggle_button_get_active (b));
}

static GtkWidget *
resource_view_create (LttvViewerContext *ctx)
{
  ResourceView *self = g_new0 (ResourceView, 1);
  GtkWidget *bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *export = gtk_button_new_from_icon_name ("document-save-as-symbolic", GTK_ICON_SIZE_BUTTON);
  GtkWidget *hide = gtk_toggle_button_new ();
  GtkWidget *stack;

  self->ctx = g_object_ref (ctx);
  self->top = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  self->tint = GTK_TOGGLE_BUTTON (gtk_toggle_button_new ());
  gtk_button_set_image (GTK_BUTTON (self->tint),
                        gtk_image_new_from_icon_name ("preferences-color-symbolic", GTK_ICON_SIZE_BUTTON));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->tint), _("Colour each thread running on a CPU "
                                                          "with a tint of its own (Ctrl+Alt+T)"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->tint), "resourceview.tint");
  gtk_widget_set_name (GTK_WIDGET (self->tint), "tint");   /* (kept by sessions) */
  gtk_button_set_image (GTK_BUTTON (hide), gtk_image_new_from_icon_name ("view-conceal-symbolic",
                                                                         GTK_ICON_SIZE_BUTTON));
  gtk_widget_set_tooltip_text (hide, _("Hide the rows that hold nothing in the visible time window "
                                       "(Ctrl+Alt+H); right-click a name to hide one row"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (hide), "resourceview.hide-empty");
  gtk_widget_set_name (hide, "hide-empty");
  gtk_widget_set_tooltip_text (export, _("Export the view to a PNG, SVG or PDF file"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (export), "resourceview.export");
  g_object_set (bar, "margin", 4, NULL);
  gtk_style_context_add_class (gtk_widget_get_style_context (bar), LTTV_VIEWER_TOOLBAR_CLASS);
  gtk_box_pack_start (GTK_BOX (bar), GTK_WIDGET (self->tint), FALSE, FALSE, 0);
  gtk_box_pack_start (GTK_BOX (bar), hide, FALSE, FALSE, 0);
  GtkWidget *only = gtk_toggle_button_new ();
  gtk_widget_set_name (only, "matches-only");
  gtk_button_set_image (GTK_BUTTON (only), gtk_image_new_from_icon_name ("edit-find-symbolic", GTK_ICON_SIZE_BUTTON));
  gtk_widget_set_tooltip_text (only, _("Rows with matches only: hide the CPUs without an event "
                                       "matching the tab's filter in the visible window"));
  gtk_box_pack_start (GTK_BOX (bar), only, FALSE, FALSE, 0);
  gtk_box_pack_end (GTK_BOX (bar), export, FALSE, FALSE, 0);

  self->view = LTTV_TIMELINE_VIEW (lttv_timeline_view_new (ctx));
  lttv_timeline_view_set_tooltip_func (self->view, rv_tooltip, self);
  lttv_timeline_view_set_match_func (self->view, match_func, self);
  g_signal_connect (only, "toggled", G_CALLBACK (matches_only_toggled_cb), self);
  host_funcs.export_title = _("Export the Resource View");
  gtk_box_pack_start (GTK_BOX (self->top), bar, FALSE, FALSE, 0);
  gtk_widget_set_size_request (self->top, 300, 120);

  self->actions = g_simple_action_group_new ();
  g_action_map_add_action_entries (G_ACTION_MAP (self->actions), rv_actions, G_N_ELEMENTS (rv_actions), self);
  gtk_widget_insert_action_group (self->top, "resourceview", G_ACTION_GROUP (self->actions));
  g_signal_connect (self->top, "hierarchy-changed", G_CALLBACK (hierarchy_changed_cb), self);
  g_signal_connect (ctx, "window-changed", G_CALLBACK (window_changed_cb), self);
  g_signal_connect (self->view, "row-clicked", G_CALLBACK (row_clicked_cb), self);
  lttv_viewer_context_get_selected_thread (ctx, NULL, NULL);   /* told of changes from now on */
  g_signal_connect (ctx, "thread-selected", G_CALLBACK (thread_selected_cb), self);
  g_object_set_data_full (G_OBJECT (self->top), "lttv-resourceview", self, resource_view_free);
  /* the host lists the rows: after the viewer is ready for its callbacks */
  stack = lttv_timeline_host_new (ctx, self->view, &host_funcs, self, &self->host);
  gtk_box_pack_start (GTK_BOX (self->top), stack, TRUE, TRUE, 0);
  gtk_widget_show_all (self->top);
  return self->top;
}

/* Headless export: the rows are listed on the first render of a context
 * and kept while its history does not change. */
static gboolean
resource_view_render (LttvViewerContext *ctx, cairo_t *cr, int width, int height, GError **error)
{
  LttvState *state = lttv_viewer_context_get_state (ctx);
  LttvTimelineModel *m;
  LttvHistory *h;
  gint64 tid;

  if (state == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                   _("resourceview: no trace could be read, nothing to draw"));
      return FALSE;
    }
  h = lttv_state_get_history (state);
  m = g_object_get_data (G_OBJECT (ctx), "resourceview-model");
  if (m == NULL || lttv_timeline_model_get_history (m) != h || !lttv_history_is_finished (h))
    {
      g_autofree char *title = lttv_viewer_context_get_traces_title (ctx, _("Trace"));

      m = rv_model_new (ctx, h);
      rv_model_fill (m, h, lttv_viewer_context_get_traceset (ctx), title);
      g_object_set_data_full (G_OBJECT (ctx), "resourceview-model", m,
                              (GDestroyNotify) lttv_timeline_model_unref);
    }
  if (lttv_viewer_context_get_selected_thread (ctx, &tid, NULL) && tid > 0)
    lttv_timeline_model_set_highlight (m, lttv_value_int (tid));
  else
    lttv_timeline_model_set_highlight (m, LTTV_VALUE_NONE);
  lttv_timeline_model_refilter (m);
  lttv_timeline_model_render (m, ctx, cr, width, height);
  return TRUE;
}

static const LttvViewerInfo resource_view_viewer = {
  .id = "resourceview",
  .label = N_("_Resources"),
  .gettext_domain = GETTEXT_PACKAGE,
  .icon_name = "computer-symbolic",
  .create = resource_view_create,
  .render = resource_view_render,
};

LTTV_DEFINE_VIEWER_MODULE ("resourceview", N_("Resource view"), resource_view_viewer)
