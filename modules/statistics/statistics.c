/* SPDX-License-Identifier: GPL-2.0-or-later */
/* statistics: what happened, counted by the state core (the numbers of
 * `lttv stats`) over the whole traceset or the tab's selected range: a
 * sortable tree per trace of events per type, traps, CPU time per state
 * with IRQs, soft IRQs and traps, thread time per state with system calls
 * and traps, processes with their threads, discarded events and
 * anomalies. Computed in a background job (progress, cancel); copied as
 * text. */
#include "config.h"

#include <inttypes.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include <lttv-module.h>
#include <lttv/count-format.h>
#include <lttv/density.h>
#include <lttv/stats.h>

#include "statistics-model.h"


typedef struct {
  gint ref;
  gboolean dead;
  LttvViewerContext *ctx;
  GtkWidget *top, *view, *status, *whole_button, *selection_button;
  GtkTreeStore *store;
  GSimpleActionGroup *actions;
  LttvJob *job;
  guint refresh_id;
  gboolean shown_selection;   /* what the tree shows now */
  LttvTime shown_t0, shown_t1;
  gboolean have_shown;
} Statistics;

typedef struct {
  LttvState *state;
  LttvTime t0, t1;
  char *title;
  GPtrArray *groups;        /* StatsGroup */
  char **paths;             /* to count traps; NULL when the traces have none */
  LttvStats *result;
  StatsTraps *traps;
  GtkTreeStore *store;      /* filled in the worker, unseen until done */
} StatsJob;

static LttvState *
get_state (LttvViewerContext *ctx)
{
  return lttv_viewer_context_get_state (ctx);
}

static void
stats_job_free (gpointer data)
{
  StatsJob *sj = data;
  g_clear_pointer (&sj->result, lttv_stats_free);
  g_clear_pointer (&sj->traps, stats_traps_free);
  g_clear_pointer (&sj->groups, g_ptr_array_unref);
  g_strfreev (sj->paths);
  g_clear_object (&sj->store);
  g_free (sj->title);
  g_free (sj);
}

static void
traps_progress (double fraction, guint64 events, gpointer data)
{
  lttv_job_report (data, 0.05 + 0.9 * fraction, events);
}

/* The state core's share of the job: all of it, or the first 5 % when the
 * traps are read from the events after it. */
typedef struct
{
  LttvJob *job;
  double share;
} StatsProgress;

static void
stats_progress (double fraction, gpointer data)
{
  const StatsProgress *p = data;
  lttv_job_report (p->job, p->share * fraction, 0);
}

/* The paths of ctx's traces, when one of them has trap events. */
static char **
trap_paths (LttvViewerContext *ctx)
{
  LttvTraceset *ts = lttv_viewer_context_get_traceset (ctx);
  GPtrArray *paths;

  if (ts == NULL || !stats_traceset_has_traps (ts))
    return NULL;
  paths = g_ptr_array_new ();
  for (guint i = 0; i < lttv_traceset_n_traces (ts); i++)
    g_ptr_array_add (paths, g_strdup (lttv_trace_path (lttv_traceset_get_trace (ts, i))));
  g_ptr_array_add (paths, NULL);
  return (char **) g_ptr_array_free (paths, FALSE);
}

static gboolean
stats_job_run (LttvJob *job, gpointer data, GCancellable *cancellable, GError **error)
{
  StatsJob *sj = data;
  lttv_job_report (job, 0.0, 0);
  sj->result = lttv_stats_compute_in_job (sj->state, sj->t0, sj->t1, stats_progress,
                                          &(StatsProgress) { job, sj->paths != NULL ? 0.05 : 0.95 },
                                          lttv_cancel_from_cancellable (cancellable), error);
  if (sj->result == NULL)
    return FALSE;
  guint64 discarded = lttv_density_count_discarded (lttv_state_get_density (sj->state), sj->t0,
                                                    sj->t1 == G_MAXUINT64 ? sj->t1 : sj->t1 + 1);
  /* traps per CPU and thread: the one part read from the events */
  if (sj->paths != NULL)
    {
      lttv_job_report (job, 0.05, 0);
      sj->traps = stats_traps_count (sj->state, (const char *const *) sj->paths, sj->t0, sj->t1,
                                     traps_progress, job, cancellable, error);
      if (sj->traps == NULL)
        return FALSE;
    }
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  /* a store no view shows yet: tens of thousands of rows for a big trace
   * are no work for the main thread */
  sj->store = statistics_model_new ();
  statistics_model_fill_groups (sj->store, sj->title, sj->groups, sj->result, discarded, sj->traps,
                                lttv_state_get_history (sj->state));
  lttv_job_report (job, 1.0, sj->result->n_events);
  return TRUE;
}

static Statistics *
statistics_ref (Statistics *self)
{
  g_atomic_int_inc (&self->ref);
  return self;
}

static void
statistics_unref (Statistics *self)
{
  if (!g_atomic_int_dec_and_test (&self->ref))
    return;
  g_clear_object (&self->job);
  g_clear_object (&self->store);
  g_clear_object (&self->actions);
  g_object_unref (self->ctx);
  g_free (self);
}


/* The range asked for: the selection in selection mode, else everything. */
static gboolean
wanted_range (Statistics *self, gboolean *selection, LttvTime *t0, LttvTime *t1)
{
  *selection = gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (self->selection_button));
  if (*selection && lttv_viewer_context_get_selection (self->ctx, t0, t1))
    return TRUE;
  *selection = FALSE;
  LttvState *s = get_state (self->ctx);
  lttv_viewer_context_get_bounds (self->ctx, t0, t1);
  if (s != NULL)
    *t0 = MIN (*t0, lttv_history_begin (lttv_state_get_history (s)));
  *t1 = G_MAXUINT64;
  return TRUE;
}

static void
set_status (Statistics *self, const char *text)
{
  gtk_label_set_text (GTK_LABEL (self->status), text);
}

static void
job_done_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Statistics *self = user_data;
  LttvJob *job = (LttvJob *) source;
  g_autoptr (GError) error = NULL;
  gboolean ok = lttv_job_finish (job, result, &error);
  if (!self->dead && self->job == job)
    {
      StatsJob *sj = g_object_get_data (G_OBJECT (job), "statistics-job");
      if (ok && sj != NULL && sj->store != NULL)
        {
          GtkTreeView *view = GTK_TREE_VIEW (self->view);
          /* keep the user's sort order on the new rows */
          int sort_col;
          GtkSortType order;
          gboolean sorted = gtk_tree_sortable_get_sort_column_id (GTK_TREE_SORTABLE (self->store),
                                                                  &sort_col, &order);
          g_object_unref (self->store);
          self->store = g_steal_pointer (&sj->store);
          if (sorted)
            gtk_tree_sortable_set_sort_column_id (GTK_TREE_SORTABLE (self->store), sort_col, order);
          gtk_tree_view_set_model (view, GTK_TREE_MODEL (self->store));
          GtkTreePath *root = gtk_tree_path_new_first ();
          gtk_tree_view_expand_row (view, root, FALSE);
          gtk_tree_path_free (root);
          g_autofree char *a = lttv_viewer_context_format_time (self->ctx, sj->result->t0);
          g_autofree char *b = lttv_viewer_context_format_time (self->ctx, MIN (sj->result->t1, lttv_history_committed_end (lttv_state_get_history (sj->state))));
          g_autofree char *n = lttv_format_count (sj->result->n_events);
          g_autofree char *text = g_strdup_printf (
              self->shown_selection ? _("Selection %s – %s: %s events")
                                    : _("Whole traceset %s – %s: %s events"),
              a, b, n);
          set_status (self, text);
        }
      else if (error != NULL && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        set_status (self, error->message);
      g_clear_object (&self->job);
    }
  statistics_unref (self);
}

static gboolean
refresh (gpointer data)
{
  Statistics *self = data;
  self->refresh_id = 0;
  LttvState *s = get_state (self->ctx);
  if (s == NULL || !lttv_history_is_finished (lttv_state_get_history (s)))
    {
      set_status (self, _("Waiting for the state to be built…"));
      return G_SOURCE_REMOVE;
    }
  gboolean selection;
  LttvTime t0, t1;
  wanted_range (self, &selection, &t0, &t1);
  if (self->have_shown && self->shown_selection == selection && self->shown_t0 == t0
      && self->shown_t1 == t1)
    return G_SOURCE_REMOVE;
  if (self->job != NULL)
    {
      lttv_job_cancel (self->job);
      g_clear_object (&self->job);
    }
  StatsJob *sj = g_new0 (StatsJob, 1);
  sj->state = s;
  sj->t0 = t0;
  sj->t1 = t1;
  sj->title = lttv_viewer_context_get_traces_title (self->ctx, _("Traceset"));
  sj->groups = statistics_groups_new (lttv_viewer_context_get_traceset (self->ctx));
  sj->paths = trap_paths (self->ctx);
  self->have_shown = TRUE;
  self->shown_selection = selection;
  self->shown_t0 = t0;
  self->shown_t1 = t1;
  set_status (self, _("Computing statistics…"));
  self->job = lttv_viewer_context_run_job (self->ctx, _("Computing statistics"), stats_job_run,
                                           sj, stats_job_free, job_done_cb,
                                           statistics_ref (self));
  g_object_ref (self->job);
  g_object_set_data (G_OBJECT (self->job), "statistics-job", sj);
  return G_SOURCE_REMOVE;
}

static void
schedule_refresh (Statistics *self)
{
  if (self->refresh_id == 0)
    self->refresh_id = g_timeout_add (150, refresh, self);
}

static void
changed_cb (LttvViewerContext *ctx, Statistics *self)
{
  schedule_refresh (self);
}

static void
selection_changed_cb (LttvViewerContext *ctx, Statistics *self)
{
  if (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (self->selection_button)))
    schedule_refresh (self);
}

static void
mode_toggled_cb (GtkToggleButton *button, Statistics *self)
{
  if (gtk_toggle_button_get_active (button))
    schedule_refresh (self);
}

/* --- Actions -------------------------------------------------------------- */

static void
copy_activated (GSimpleAction *action, GVariant *param, gpointer data)
{
  Statistics *self = data;
  GtkTreeSelection *sel = gtk_tree_view_get_selection (GTK_TREE_VIEW (self->view));
  GtkTreeModel *model;
  GtkTreeIter iter;
  /* the selected row and what is under it, else the whole tree */
  g_autofree char *text = gtk_tree_selection_get_selected (sel, &model, &iter)
    ? statistics_model_to_text (model, &iter)
    : statistics_model_to_text (GTK_TREE_MODEL (self->store), NULL);
  gtk_clipboard_set_text (gtk_widget_get_clipboard (self->view, GDK_SELECTION_CLIPBOARD), text, -1);
}

static void
expand_activated (GSimpleAction *action, GVariant *param, gpointer data)
{
  Statistics *self = data;
  gtk_tree_view_expand_all (GTK_TREE_VIEW (self->view));
}

static void
collapse_activated (GSimpleAction *action, GVariant *param, gpointer data)
{
  Statistics *self = data;
  GtkTreeView *view = GTK_TREE_VIEW (self->view);
  gtk_tree_view_collapse_all (view);
  GtkTreePath *root = gtk_tree_path_new_first ();
  gtk_tree_view_expand_row (view, root, FALSE);
  gtk_tree_path_free (root);
}

static const GActionEntry statistics_actions[] = {
  { "copy", copy_activated, NULL, NULL, NULL, { 0 } },
  { "expand-all", expand_activated, NULL, NULL, NULL, { 0 } },
  { "collapse-all", collapse_activated, NULL, NULL, NULL, { 0 } },
};

static void
hierarchy_changed_cb (GtkWidget *widget, GtkWidget *previous, Statistics *self)
{
  GtkWidget *top = gtk_widget_get_toplevel (widget);
  GtkApplication *app = GTK_IS_WINDOW (top) ? gtk_window_get_application (GTK_WINDOW (top)) : NULL;
  if (app == NULL)
    return;
  static const char *copy_accels[] = { "<Control><Shift>c", NULL };
  static const char *expand_accels[] = { "<Control><Alt>e", NULL };
  gtk_application_set_accels_for_action (app, "statistics.copy", copy_accels);
  gtk_application_set_accels_for_action (app, "statistics.expand-all", expand_accels);
}

/* --- Widget --------------------------------------------------------------- */

static GtkTreeViewColumn *
text_column (const char *title, int text_col, int sort_col, gboolean numeric, const char *tooltip)
{
  GtkCellRenderer *cell = gtk_cell_renderer_text_new ();
  if (numeric)
    {
      g_object_set (cell, "xalign", 1.0, NULL);
      g_object_set (cell, "family", "Monospace", NULL);
    }
  GtkTreeViewColumn *col = gtk_tree_view_column_new_with_attributes (title, cell, "text", text_col, NULL);
  gtk_tree_view_column_set_sort_column_id (col, sort_col);
  gtk_tree_view_column_set_resizable (col, TRUE);
  GtkWidget *label = gtk_label_new (title);
  gtk_widget_set_tooltip_text (label, tooltip);
  gtk_widget_show (label);
  gtk_tree_view_column_set_widget (col, label);
  return col;
}

static GtkWidget *
build_view (Statistics *self)
{
  GtkWidget *view = gtk_tree_view_new_with_model (GTK_TREE_MODEL (self->store));
  GtkTreeView *tv = GTK_TREE_VIEW (view);
  GtkTreeViewColumn *name = text_column (_("Name"), STATS_COL_NAME, STATS_COL_SORT_KEY, FALSE,
                                         _("Event type, CPU, thread (tid and command), state, "
                                           "system call or IRQ; click to sort"));
  gtk_tree_view_column_set_expand (name, TRUE);
  gtk_tree_view_append_column (tv, name);
  gtk_tree_view_append_column (tv, text_column (_("Count"), STATS_COL_COUNT_TEXT, STATS_COL_COUNT, TRUE,
                                                _("Events, calls or IRQs in the range; click to sort")));
  gtk_tree_view_append_column (tv, text_column (_("Seconds"), STATS_COL_TIME_TEXT, STATS_COL_TIME, TRUE,
                                                _("Time spent in the range; click to sort")));
  GtkCellRenderer *bar = gtk_cell_renderer_progress_new ();
  GtkTreeViewColumn *pct = gtk_tree_view_column_new_with_attributes (
      "%", bar, "value", STATS_COL_PERCENT, "text", STATS_COL_PERCENT_TEXT, NULL);
  gtk_tree_view_column_set_cell_data_func (pct, bar, NULL, NULL, NULL);
  gtk_tree_view_column_set_sort_column_id (pct, STATS_COL_PERCENT);
  gtk_tree_view_column_set_min_width (pct, 110);
  GtkWidget *label = gtk_label_new ("%");
  gtk_widget_set_tooltip_text (label, _("Share of the parent: of all events for a type, of the "
                                        "CPU's time for a CPU state; a CPU's load; a thread's "
                                        "share of the range; a process's share of the threads' "
                                        "time on a CPU; click to sort"));
  gtk_widget_show (label);
  gtk_tree_view_column_set_widget (pct, label);
  gtk_tree_view_append_column (tv, pct);
  gtk_tree_view_set_search_column (tv, STATS_COL_NAME);
  gtk_tree_view_set_enable_tree_lines (tv, TRUE);
  return view;
}

/* Hides the bar of rows that have no share. */
static void
percent_visible_cb (GtkTreeViewColumn *col, GtkCellRenderer *cell, GtkTreeModel *model,
                    GtkTreeIter *iter, gpointer data)
{
  g_autofree char *text = NULL;
  gtk_tree_model_get (model, iter, STATS_COL_PERCENT_TEXT, &text, -1);
  g_object_set (cell, "visible", text != NULL && text[0] != '\0', NULL);
}

static void
top_destroy_cb (GtkWidget *widget, Statistics *self)
{
  self->dead = TRUE;
  if (self->refresh_id != 0)
    g_source_remove (self->refresh_id);
  self->refresh_id = 0;
  g_signal_handlers_disconnect_by_data (self->ctx, self);
  if (self->job != NULL)
    lttv_job_cancel (self->job);
  statistics_unref (self);
}

static GtkWidget *
statistics_create (LttvViewerContext *ctx)
{
  Statistics *self = g_new0 (Statistics, 1);
  self->ref = 1;
  self->ctx = g_object_ref (ctx);
  self->store = statistics_model_new ();

  self->top = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  g_object_set (self->top, "margin", 4, NULL);
  GtkWidget *bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *modes = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  gtk_style_context_add_class (gtk_widget_get_style_context (modes), "linked");
  self->whole_button = gtk_radio_button_new_with_mnemonic (NULL, _("_Whole traceset"));
  self->selection_button = gtk_radio_button_new_with_mnemonic_from_widget (
      GTK_RADIO_BUTTON (self->whole_button), _("_Selection"));
  gtk_toggle_button_set_mode (GTK_TOGGLE_BUTTON (self->whole_button), FALSE);
  gtk_toggle_button_set_mode (GTK_TOGGLE_BUTTON (self->selection_button), FALSE);
  gtk_widget_set_tooltip_text (self->whole_button, _("Statistics over the whole traceset"));
  gtk_widget_set_tooltip_text (self->selection_button,
                               _("Statistics over the tab's selected time range, updated as "
                                 "the selection changes (the whole traceset while nothing is "
                                 "selected)"));
  gtk_box_pack_start (GTK_BOX (modes), self->whole_button, FALSE, FALSE, 0);
  gtk_box_pack_start (GTK_BOX (modes), self->selection_button, FALSE, FALSE, 0);
  g_signal_connect (self->whole_button, "toggled", G_CALLBACK (mode_toggled_cb), self);
  g_signal_connect (self->selection_button, "toggled", G_CALLBACK (mode_toggled_cb), self);

  self->status = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->status), 0);
  gtk_label_set_ellipsize (GTK_LABEL (self->status), PANGO_ELLIPSIZE_END);
  gtk_widget_set_tooltip_text (self->status, _("The range the statistics cover"));
  GtkWidget *copy = gtk_button_new_from_icon_name ("edit-copy-symbolic", GTK_ICON_SIZE_BUTTON);
  gtk_widget_set_tooltip_text (copy, _("Copy the selected row and the rows under it, or the whole "
                                       "tree, as text (Ctrl+Shift+C)"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (copy), "statistics.copy");
  GtkWidget *expand = gtk_button_new_from_icon_name ("view-list-symbolic", GTK_ICON_SIZE_BUTTON);
  gtk_widget_set_tooltip_text (expand, _("Expand every row (Ctrl+Alt+E)"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (expand), "statistics.expand-all");
  GtkWidget *collapse = gtk_button_new_from_icon_name ("view-restore-symbolic", GTK_ICON_SIZE_BUTTON);
  gtk_widget_set_tooltip_text (collapse, _("Collapse every row but the first level"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (collapse), "statistics.collapse-all");
  gtk_box_pack_start (GTK_BOX (bar), modes, FALSE, FALSE, 0);
  gtk_box_pack_start (GTK_BOX (bar), self->status, TRUE, TRUE, 0);
  gtk_box_pack_end (GTK_BOX (bar), copy, FALSE, FALSE, 0);
  gtk_box_pack_end (GTK_BOX (bar), collapse, FALSE, FALSE, 0);
  gtk_box_pack_end (GTK_BOX (bar), expand, FALSE, FALSE, 0);

  self->view = build_view (self);
  GtkTreeViewColumn *pct = gtk_tree_view_get_column (GTK_TREE_VIEW (self->view), 3);
  GList *cells = gtk_cell_layout_get_cells (GTK_CELL_LAYOUT (pct));
  gtk_tree_view_column_set_cell_data_func (pct, cells->data, percent_visible_cb, NULL, NULL);
  g_list_free (cells);
  GtkWidget *scrolled = gtk_scrolled_window_new (NULL, NULL);
  gtk_container_add (GTK_CONTAINER (scrolled), self->view);
  gtk_widget_set_vexpand (scrolled, TRUE);
  gtk_widget_set_size_request (scrolled, -1, 120);

  gtk_box_pack_start (GTK_BOX (self->top), bar, FALSE, FALSE, 0);
  gtk_box_pack_start (GTK_BOX (self->top), scrolled, TRUE, TRUE, 0);

  self->actions = g_simple_action_group_new ();
  g_action_map_add_action_entries (G_ACTION_MAP (self->actions), statistics_actions,
                                   G_N_ELEMENTS (statistics_actions), self);
  gtk_widget_insert_action_group (self->top, "statistics", G_ACTION_GROUP (self->actions));
  g_signal_connect (self->top, "hierarchy-changed", G_CALLBACK (hierarchy_changed_cb), self);
  g_signal_connect (self->top, "destroy", G_CALLBACK (top_destroy_cb), self);
  g_signal_connect (ctx, "traceset-changed", G_CALLBACK (changed_cb), self);
  g_signal_connect (ctx, "history-changed", G_CALLBACK (changed_cb), self);
  g_signal_connect (ctx, "selection-changed", G_CALLBACK (selection_changed_cb), self);
  set_status (self, _("Waiting for the state to be built…"));
  schedule_refresh (self);
  gtk_widget_show_all (self->top);
  return self->top;
}

/* --- Export: the tree as text, every row expanded, over --window ---------- */

static gboolean
statistics_render (LttvViewerContext *ctx, cairo_t *cr, int width, int height, GError **error)
{
  /* the host builds the state before a headless export */
  LttvState *s = get_state (ctx);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  if (s == NULL)
    return TRUE;
  /* the window when --window narrows it, else the whole traceset */
  LttvTime t0, t1, w0, w1;
  lttv_viewer_context_get_bounds (ctx, &t0, &t1);
  lttv_viewer_context_get_window (ctx, &w0, &w1);
  if (w0 > t0 || w1 < t1)
    t0 = w0, t1 = w1;
  else
    t0 = MIN (t0, lttv_history_begin (lttv_state_get_history (s))), t1 = G_MAXUINT64;
  g_autoptr (LttvStats) st = lttv_stats_compute (s, t0, t1, error);
  if (st == NULL)
    return FALSE;
  g_autoptr (GtkTreeStore) store = statistics_model_new ();
  g_autofree char *title = lttv_viewer_context_get_traces_title (ctx, _("Traceset"));
  g_autoptr (GPtrArray) groups = statistics_groups_new (lttv_viewer_context_get_traceset (ctx));
  g_auto (GStrv) paths = trap_paths (ctx);
  g_autoptr (StatsTraps) traps = paths != NULL
    ? stats_traps_count (s, (const char *const *) paths, t0, t1, NULL, NULL, NULL, error)
    : NULL;
  if (paths != NULL && traps == NULL)
    return FALSE;
  statistics_model_fill_groups (store, title, groups, st,
                                lttv_density_count_discarded (lttv_state_get_density (s), t0,
                                                              t1 == G_MAXUINT64 ? t1 : t1 + 1),
                                traps, lttv_state_get_history (s));
  g_autofree char *text = statistics_model_to_text (GTK_TREE_MODEL (store), NULL);
  /* only the lines that can show: laying out 10 000 thread rows that
   * fall off the page takes minutes (smallest scale below: 0.4 of 9 pt) */
  char *cut = text;
  for (int lines = height / 5 + 1; cut != NULL && *cut != '\0' && lines > 0; lines--)
    cut = strchr (cut + 1, '\n');
  if (cut != NULL)
    *cut = '\0';
  g_autoptr (PangoLayout) layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string ("Monospace 9");
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  pango_layout_set_text (layout, text, -1);
  /* all columns on the page: a narrow export gets smaller text */
  int tw;
  pango_layout_get_pixel_size (layout, &tw, NULL);
  double scale = tw > width - 16 ? MAX ((double) (width - 16) / tw, 0.4) : 1.0;
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  cairo_translate (cr, 8, 8);
  cairo_scale (cr, scale, scale);
  pango_cairo_show_layout (cr, layout);
  return TRUE;
}

static const LttvViewerInfo statistics_viewer = {
  .id = "statistics",
  .label = N_("_Statistics"),
  .gettext_domain = GETTEXT_PACKAGE,
  .icon_name = "view-list-bullet-symbolic",
  .create = statistics_create,
  .render = statistics_render,
};

LTTV_DEFINE_VIEWER_MODULE ("statistics", N_("Statistics"), statistics_viewer)
