/* SPDX-License-Identifier: GPL-2.0-or-later */
/* critpath: why did the selected thread wait? The critical path
 * (lttv/critpath.h) of the tab's selected thread over the tab's selection,
 * or the whole traceset when there is none, computed in a background job:
 * a timeline on the tab's time axis above, the time per cause below. A
 * click on a segment or a cause selects that stretch of time in the tab. */
#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include <lttv-thread-selection.h>

#include "critpath.h"

enum { COL_SHARE, COL_SHARE_TEXT, COL_TIME, COL_COUNT, COL_WHAT, COL_CAUSE, N_COLS };

typedef struct
{
  gint ref;
  gboolean dead;
  LttvViewerContext *ctx;
  GtkWidget *top, *status, *area, *table, *export, *paned;
  GtkListStore *store;
  LttvJob *job;                 /* the computation running, or NULL */
  CpResult *result;             /* the path shown, or NULL */
  const char *why_empty;        /* the status drawn when there is none */
  /* what the result (or the job) is for */
  gint64 tid;
  LttvTime begin, end;
  /* the selection this viewer set (a click): not a new range */
  LttvTime set0, set1;
} CritPath;

static CritPath *
cp_ref (CritPath *self)
{
  g_atomic_int_inc (&self->ref);
  return self;
}

static void
cp_unref (CritPath *self)
{
  if (!g_atomic_int_dec_and_test (&self->ref))
    return;
  cp_result_free (self->result);
  g_clear_object (&self->store);
  g_object_unref (self->ctx);
  g_free (self);
}

/* --- Drawing -------------------------------------------------------------- */

static void
fill_draw (CritPath *self, CpDraw *d)
{
  int start, end_margin;

  lttv_viewer_context_get_axis (self->ctx, &start, &end_margin);
  *d = (CpDraw) { .ctx = self->ctx, .r = self->result, .chart_x = start, .status = NULL };
  /* (the chart spans the viewer's width as the other timelines' do) */
  d->chart_w = MAX (gtk_widget_get_allocated_width (self->top) - start - end_margin, 1);
  lttv_viewer_context_get_window (self->ctx, &d->t0, &d->t1);
  if (!lttv_viewer_context_get_selection (self->ctx, &d->sel0, &d->sel1))
    d->sel0 = d->sel1 = LTTV_TIME_NONE;
  if (self->result == NULL)
    d->status = self->why_empty;
}

static gboolean
area_draw_cb (GtkWidget *area, cairo_t *cr, CritPath *self)
{
  CpDraw d;
  int used;

  fill_draw (self, &d);
  used = cp_draw (&d, cr, gtk_widget_get_allocated_width (area), gtk_widget_get_allocated_height (area));
  if (used != gtk_widget_get_allocated_height (area))
    gtk_widget_set_size_request (area, -1, used);
  return FALSE;
}

static void
redraw (CritPath *self)
{
  gtk_widget_queue_draw (self->area);
}

/* --- The table ------------------------------------------------------------ */

static void
fill_table (CritPath *self)
{
  const CpResult *r = self->result;

  gtk_list_store_clear (self->store);
  if (r == NULL)
    return;
  for (guint i = 0; i < r->causes->len; i++)
    {
      const LttvPathCause *c = &g_array_index (r->causes, LttvPathCause, i);
      double share = r->end > r->begin ? 100.0 * c->total / (double) (r->end - r->begin) : 0;
      g_autofree char *share_text = g_strdup_printf ("%.1f %%", share);
      g_autofree char *time = g_strdup_printf ("%.9f s", c->total / 1e9);
      gtk_list_store_insert_with_values (self->store, NULL, -1, COL_SHARE, (int) lround (share),
                                         COL_SHARE_TEXT, share_text, COL_TIME, time, COL_COUNT, c->count,
                                         COL_WHAT, g_ptr_array_index (r->cause_texts, i),
                                         COL_CAUSE, i, -1);
    }
}

static void
update_status (CritPath *self)
{
  g_autofree char *text = NULL;
  const CpResult *r = self->result;

  if (self->job != NULL)
    text = g_strdup (_("Computing the critical path…"));
  else if (r == NULL)
    text = g_strdup (self->why_empty);
  else
    {
      g_autofree char *a = lttv_viewer_context_format_time (self->ctx, r->begin);
      g_autofree char *b = lttv_viewer_context_format_time (self->ctx, r->end);
      GString *causes = g_string_new (NULL);
      /* "41 % running, 35 % blocked on …": the three largest */
      for (guint i = 0; i < MIN (r->causes->len, 3); i++)
        g_string_append_printf (causes, "%s%.0f %% %s", i > 0 ? ", " : "",
                                100.0 * g_array_index (r->causes, LttvPathCause, i).total
                                  / (double) MAX (r->end - r->begin, 1),
                                (const char *) g_ptr_array_index (r->cause_texts, i));
      text = g_strdup_printf (_("Critical path of %s from %s to %s: %s"),
                              r->row_names->len > 0 ? (const char *) g_ptr_array_index (r->row_names, 0) : "?",
                              a, b, causes->str);
      g_string_free (causes, TRUE);
    }
  gtk_label_set_text (GTK_LABEL (self->status), text);
  gtk_widget_set_tooltip_text (self->status, text);
  gtk_widget_set_sensitive (self->export, r != NULL);
}

/* --- The computation ------------------------------------------------------ */

typedef struct {
  LttvState *state;
  gint64 tid;
  LttvTime begin, end;
  CpResult *out;
} Request;

static void
request_free (gpointer data)
{
  Request *req = data;
  cp_result_free (req->out);
  g_free (req);
}

static gboolean
path_job (LttvJob *job, gpointer data, GCancellable *cancellable, GError **error)
{
  Request *req = data;

  /* (one call, no cancel inside: a cancelled path is dropped when done) */
  req->out = cp_result_compute (req->state, req->tid, req->begin, req->end);
  lttv_job_report (job, 1, 0);
  return !g_cancellable_set_error_if_cancelled (cancellable, error);
}

static void
path_done_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  CritPath *self = user_data;
  LttvJob *job = (LttvJob *) source;
  g_autoptr (GError) error = NULL;
  gboolean ok = lttv_job_finish (job, result, &error);

  if (!self->dead && self->job == job)
    {
      Request *req = g_object_get_data (G_OBJECT (job), "critpath-request");
      g_clear_object (&self->job);
      cp_result_free (self->result);
      self->result = ok && req != NULL ? g_steal_pointer (&req->out) : NULL;
      if (!ok && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        self->why_empty = _("The critical path could not be computed.");
      fill_table (self);
      update_status (self);
      redraw (self);
      /* the chart as tall as its rows and legend, up to 2/3 of the viewer */
      if (self->result != NULL)
        gtk_paned_set_position (GTK_PANED (self->paned),
                                MIN (CP_TOP + (int) self->result->rows->len * CP_ROW_HEIGHT + 42,
                                     gtk_widget_get_allocated_height (self->paned) * 2 / 3));
    }
  cp_unref (self);
}

static void
stop_job (CritPath *self)
{
  if (self->job != NULL)
    lttv_job_cancel (self->job);
  g_clear_object (&self->job);
}

/* What the path is for now; computes it again when that changed. */
static void
refresh (CritPath *self)
{
  LttvState *s = lttv_viewer_context_get_state (self->ctx);
  gint64 tid = -1;
  LttvTime b = 0, e = 0;
  const char *why = NULL;

  if (s == NULL || !lttv_history_is_finished (lttv_state_get_history (s)))
    why = _("Waiting for the state to be built…");
  else if (!lttv_viewer_context_get_selected_thread (self->ctx, &tid, NULL) || tid <= 0)
    why = _("Select a thread (in the control flow view) to see why it waited: its critical "
            "path over the tab's selection, or over the whole traceset without one.");
  else if (!lttv_viewer_context_get_selection (self->ctx, &b, &e) || e <= b)
    {
      lttv_viewer_context_get_bounds (self->ctx, &b, &e);
      e++;
    }
  if (why != NULL)
    {
      stop_job (self);
      g_clear_pointer (&self->result, cp_result_free);
      self->tid = -1;
      self->why_empty = why;
      fill_table (self);
      update_status (self);
      redraw (self);
      return;
    }
  if (self->tid == tid && self->begin == b && self->end == e && (self->result != NULL || self->job != NULL))
    return;
  stop_job (self);
  self->tid = tid, self->begin = b, self->end = e;
  Request *req = g_new0 (Request, 1);
  *req = (Request) { .state = s, .tid = tid, .begin = b, .end = e };
  self->job = lttv_viewer_context_run_job (self->ctx, _("Computing the critical path"), path_job, req,
                                           request_free, path_done_cb, cp_ref (self));
  g_object_ref (self->job);
  g_object_set_data (G_OBJECT (self->job), "critpath-request", req);
  update_status (self);
}

static void
changed_cb (LttvViewerContext *ctx, CritPath *self)
{
  refresh (self);
}

static void
selection_changed_cb (LttvViewerContext *ctx, CritPath *self)
{
  LttvTime a, b;

  /* a segment this viewer selected: the same path, that stretch marked */
  if (lttv_viewer_context_get_selection (ctx, &a, &b) && a == self->set0 && b == self->set1)
    {
      redraw (self);
      return;
    }
  self->set0 = self->set1 = LTTV_TIME_NONE;
  refresh (self);
  redraw (self);
}

static void
select_segment (CritPath *self, int k)
{
  const LttvPathSegment *seg;

  if (self->result == NULL || k < 0)
    return;
  seg = &g_array_index (self->result->segments, LttvPathSegment, k);
  self->set0 = seg->begin, self->set1 = seg->end;
  lttv_viewer_context_set_selection (self->ctx, seg->begin, seg->end);
  redraw (self);
}

/* --- Input ---------------------------------------------------------------- */

static gboolean
area_press_cb (GtkWidget *area, GdkEventButton *event, CritPath *self)
{
  CpDraw d;

  if (event->button != 1 || event->type != GDK_BUTTON_PRESS || self->result == NULL)
    return FALSE;
  fill_draw (self, &d);
  if (event->x < d.chart_x || event->x >= d.chart_x + d.chart_w
      || cp_row_at (self->result, event->y) < 0)
    return FALSE;
  gtk_widget_grab_focus (area);
  select_segment (self, cp_result_segment_at (self->result, lttv_viewer_context_x_to_time (self->ctx, event->x - d.chart_x, d.chart_w)));
  return TRUE;
}

static gboolean
area_tooltip_cb (GtkWidget *area, int x, int y, gboolean keyboard, GtkTooltip *tip, CritPath *self)
{
  CpDraw d;
  int k;

  if (self->result == NULL)
    return FALSE;
  fill_draw (self, &d);
  if (x < d.chart_x || x >= d.chart_x + d.chart_w || cp_row_at (self->result, y) < 0)
    return FALSE;
  k = cp_result_segment_at (self->result, lttv_viewer_context_x_to_time (self->ctx, x - d.chart_x, d.chart_w));
  if (k < 0)
    return FALSE;
  const LttvPathSegment *seg = &g_array_index (self->result->segments, LttvPathSegment, k);
  g_autofree char *a = lttv_viewer_context_format_time (self->ctx, seg->begin);
  g_autofree char *text = g_strdup_printf (_("%s: %s\nfrom %s for %.9f s (click: select it)"),
                                           (const char *) g_ptr_array_index (self->result->row_names,
                                                                             self->result->seg_row[k]),
                                           cp_kind_label (seg->kind), a, (seg->end - seg->begin) / 1e9);
  gtk_tooltip_set_text (tip, text);
  return TRUE;
}

static void
row_activated_cb (GtkTreeView *tree, GtkTreePath *path, GtkTreeViewColumn *column, CritPath *self)
{
  GtkTreeIter it;
  guint cause;

  if (self->result == NULL || !gtk_tree_model_get_iter (GTK_TREE_MODEL (self->store), &it, path))
    return;
  gtk_tree_model_get (GTK_TREE_MODEL (self->store), &it, COL_CAUSE, &cause, -1);
  select_segment (self, cp_result_cause_segment (self->result, cause));
}

static void
export_response_cb (GtkDialog *dialog, int response, CritPath *self)
{
  if (response == GTK_RESPONSE_ACCEPT && !self->dead)
    {
      g_autofree char *file = gtk_file_chooser_get_filename (GTK_FILE_CHOOSER (dialog));
      g_autoptr (GError) error = NULL;
      CpDraw d;
      fill_draw (self, &d);
      if (!cp_export_file (&d, file, MAX (gtk_widget_get_allocated_width (self->top), 600),
                           MAX (gtk_widget_get_allocated_height (self->area), 100), &error))
        {
          GtkWidget *msg = gtk_message_dialog_new (GTK_WINDOW (dialog), GTK_DIALOG_MODAL, GTK_MESSAGE_ERROR,
                                                   GTK_BUTTONS_CLOSE, "%s", error->message);
          gtk_dialog_run (GTK_DIALOG (msg));
          gtk_widget_destroy (msg);
        }
    }
  gtk_widget_destroy (GTK_WIDGET (dialog));
  cp_unref (self);
}

static void
export_cb (GtkButton *button, CritPath *self)
{
  GtkWidget *top = gtk_widget_get_toplevel (self->top);
  GtkWidget *dialog = gtk_file_chooser_dialog_new (_("Export the Critical Path"),
                                                   GTK_IS_WINDOW (top) ? GTK_WINDOW (top) : NULL,
                                                   GTK_FILE_CHOOSER_ACTION_SAVE, _("_Cancel"),
                                                   GTK_RESPONSE_CANCEL, _("_Export"),
                                                   GTK_RESPONSE_ACCEPT, NULL);
  gtk_file_chooser_set_do_overwrite_confirmation (GTK_FILE_CHOOSER (dialog), TRUE);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), "critpath.tsv");
  g_signal_connect (dialog, "response", G_CALLBACK (export_response_cb), cp_ref (self));
  gtk_widget_show (dialog);
}

/* --- Life cycle ----------------------------------------------------------- */

static void
top_destroy_cb (GtkWidget *widget, CritPath *self)
{
  self->dead = TRUE;
  g_signal_handlers_disconnect_by_data (self->ctx, self);
  stop_job (self);
  cp_unref (self);
}

static GtkTreeViewColumn *
column (const char *title, GtkCellRenderer *cell, const char *attr, int col, gboolean expand)
{
  GtkTreeViewColumn *c = gtk_tree_view_column_new_with_attributes (title, cell, attr, col, NULL);
  gtk_tree_view_column_set_resizable (c, TRUE);
  gtk_tree_view_column_set_expand (c, expand);
  return c;
}

static GtkWidget *
critpath_create (LttvViewerContext *ctx)
{
  CritPath *self = g_new0 (CritPath, 1);
  GtkWidget *bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *paned = gtk_paned_new (GTK_ORIENTATION_VERTICAL);
  GtkWidget *chart = gtk_scrolled_window_new (NULL, NULL);
  GtkWidget *list = gtk_scrolled_window_new (NULL, NULL);
  GtkCellRenderer *bar_cell = gtk_cell_renderer_progress_new ();

  self->ref = 1;
  self->ctx = g_object_ref (ctx);
  self->tid = -1;
  self->set0 = self->set1 = LTTV_TIME_NONE;
  self->top = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  self->status = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->status), 0);
  gtk_label_set_ellipsize (GTK_LABEL (self->status), PANGO_ELLIPSIZE_END);
  self->export = gtk_button_new_from_icon_name ("document-save-as-symbolic", GTK_ICON_SIZE_BUTTON);
  gtk_widget_set_tooltip_text (self->export, _("Export the critical path to a TSV file (its segments "
                                               "and causes), or the view to a PNG, SVG or PDF file"));
  g_object_set (bar, "margin", 4, NULL);
  gtk_box_pack_start (GTK_BOX (bar), self->status, TRUE, TRUE, 0);
  gtk_box_pack_end (GTK_BOX (bar), self->export, FALSE, FALSE, 0);

  self->area = gtk_drawing_area_new ();
  gtk_widget_set_name (self->area, "critpath-chart");   /* (for the tests) */
  gtk_widget_set_name (self->export, "critpath-export");
  gtk_widget_set_name (self->status, "critpath-status");
  gtk_widget_add_events (self->area, GDK_BUTTON_PRESS_MASK);
  gtk_widget_set_can_focus (self->area, TRUE);
  gtk_widget_set_has_tooltip (self->area, TRUE);
  atk_object_set_name (gtk_widget_get_accessible (self->area), _("Critical path"));
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (chart), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_overlay_scrolling (GTK_SCROLLED_WINDOW (chart), TRUE);
  gtk_container_add (GTK_CONTAINER (chart), self->area);

  self->store = gtk_list_store_new (N_COLS, G_TYPE_INT, G_TYPE_STRING, G_TYPE_STRING, G_TYPE_UINT,
                                    G_TYPE_STRING, G_TYPE_UINT);
  self->table = gtk_tree_view_new_with_model (GTK_TREE_MODEL (self->store));
  gtk_widget_set_tooltip_text (self->table, _("Time per cause over the path; activate a row "
                                              "(double-click, Enter) to select its longest segment"));
  gtk_tree_view_append_column (GTK_TREE_VIEW (self->table),
                               column (_("Share"), bar_cell, "value", COL_SHARE, FALSE));
  gtk_tree_view_column_add_attribute (gtk_tree_view_get_column (GTK_TREE_VIEW (self->table), 0), bar_cell,
                                      "text", COL_SHARE_TEXT);
  gtk_tree_view_append_column (GTK_TREE_VIEW (self->table),
                               column (_("Time"), gtk_cell_renderer_text_new (),
                                                             "text", COL_TIME, FALSE));
  gtk_tree_view_append_column (GTK_TREE_VIEW (self->table),
                               column (_("Segments"), gtk_cell_renderer_text_new (),
                                                             "text", COL_COUNT, FALSE));
  gtk_tree_view_append_column (GTK_TREE_VIEW (self->table),
                               column (_("Cause"), gtk_cell_renderer_text_new (),
                                                             "text", COL_WHAT, TRUE));
  gtk_tree_view_set_activate_on_single_click (GTK_TREE_VIEW (self->table), TRUE);
  gtk_container_add (GTK_CONTAINER (list), self->table);
  self->paned = paned;
  gtk_paned_pack1 (GTK_PANED (paned), chart, FALSE, TRUE);
  gtk_paned_pack2 (GTK_PANED (paned), list, TRUE, TRUE);
  gtk_widget_set_size_request (chart, -1, 60);
  gtk_widget_set_size_request (list, -1, 60);
  gtk_box_pack_start (GTK_BOX (self->top), bar, FALSE, FALSE, 0);
  gtk_box_pack_start (GTK_BOX (self->top), paned, TRUE, TRUE, 0);
  gtk_widget_set_size_request (self->top, 300, 160);

  g_signal_connect (self->area, "draw", G_CALLBACK (area_draw_cb), self);
  g_signal_connect (self->area, "button-press-event", G_CALLBACK (area_press_cb), self);
  g_signal_connect (self->area, "query-tooltip", G_CALLBACK (area_tooltip_cb), self);
  g_signal_connect (self->table, "row-activated", G_CALLBACK (row_activated_cb), self);
  g_signal_connect (self->export, "clicked", G_CALLBACK (export_cb), self);
  g_signal_connect (self->top, "destroy", G_CALLBACK (top_destroy_cb), self);
  lttv_viewer_context_get_selected_thread (ctx, NULL, NULL);   /* told of changes from now on */
  lttv_viewer_context_get_axis (ctx, NULL, NULL);               /* a timeline: the upper area */
  static const char *refresh_signals[] = { "traceset-changed", "history-changed", "thread-selected" };
  for (guint i = 0; i < G_N_ELEMENTS (refresh_signals); i++)
    g_signal_connect (ctx, refresh_signals[i], G_CALLBACK (changed_cb), self);
  g_signal_connect (ctx, "selection-changed", G_CALLBACK (selection_changed_cb), self);
  g_signal_connect_swapped (ctx, "window-changed", G_CALLBACK (redraw), self);
  g_signal_connect_swapped (ctx, "axis-changed", G_CALLBACK (redraw), self);
  refresh (self);
  gtk_widget_show_all (self->top);
  return self->top;
}

static const LttvViewerInfo critpath_viewer = {
  .id = "critpath",
  .label = N_("C_ritical Path"),
  .gettext_domain = GETTEXT_PACKAGE,
  .icon_name = "network-workgroup-symbolic",
  .create = critpath_create,
  .render = cp_render,
};

static gboolean
critpath_init (GError **error)
{
  lttv_viewer_register (&critpath_viewer);
  lttv_viewer_register_text_export ("critpath", cp_export_text);
  return TRUE;
}

LTTV_DEFINE_MODULE ("critpath", N_("Critical path"), GETTEXT_PACKAGE, PACKAGE_VERSION, critpath_init,
                    NULL)
