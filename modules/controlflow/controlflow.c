/* SPDX-License-Identifier: GPL-2.0-or-later */
/* controlflow: the control flow viewer. One row per thread lifetime, in a
 * tree by parent or flat, coloured by the thread's state per pixel; all
 * drawing and interaction is the shared timeline widget's. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include <lttv-thread-selection.h>
#include <lttv-timeline-host.h>
#include <lttv-timeline-view.h>

#include "controlflow.h"

typedef struct
{
  LttvViewerContext *ctx;
  GtkWidget *top;
  LttvTimelineHost *host;
  LttvTimelineView *view;
  GtkToggleButton *tree;
  GtkToggleButton *active;
  GtkToggleButton *arrows;
  GtkToggleButton *wakeups;
  GSimpleActionGroup *actions;
  GtkSearchEntry *find;
  CfIndex *index;             /* for the arrows, of the model shown */
  gboolean selecting;         /* guards select_thread feedback */
  /* The "active only" pass, a few ms a main-loop turn (tens of thousands
   * of threads are as many history queries): */
  guint active_idle;
  LttvTimelineModel *active_model;  /* the model it decides for */
  gboolean *active_hidden;          /* its answer, row by row */
  guint active_next;                /* the first row not decided yet */
  LttvTime active_t0, active_t1;
} ControlFlow;

/* Each main-loop turn gives the pass this long. */
#define ACTIVE_STEP_US 4000

static void
active_pass_stop (ControlFlow *self)
{
  g_clear_handle_id (&self->active_idle, g_source_remove);
  g_clear_pointer (&self->active_model, lttv_timeline_model_unref);
  g_clear_pointer (&self->active_hidden, g_free);
}

static gboolean
active_pass_step (gpointer data)
{
  ControlFlow *self = data;
  LttvTimelineModel *m = self->active_model;

  if (m != lttv_timeline_view_get_model (self->view))
    {
      self->active_idle = 0;
      active_pass_stop (self);
      return G_SOURCE_REMOVE;
    }
  if (!cf_model_filter_active_step (m, self->active_t0, self->active_t1, self->active_hidden,
                                    &self->active_next, g_get_monotonic_time () + ACTIVE_STEP_US))
    return G_SOURCE_CONTINUE;
  for (guint i = 0; i < lttv_timeline_model_n_rows (m); i++)
    lttv_timeline_model_get_row (m, i)->hidden = self->active_hidden[i];
  self->active_idle = 0;
  active_pass_stop (self);
  lttv_timeline_view_refilter (self->view);
  return G_SOURCE_REMOVE;
}

static void
apply_filters (ControlFlow *self)
{
  LttvTimelineModel *m = lttv_timeline_view_get_model (self->view);

  active_pass_stop (self);
  if (m == NULL)
    return;
  if (!gtk_toggle_button_get_active (self->active))
    {
      cf_model_filter_active (m, FALSE, 0, 0);
      lttv_timeline_view_refilter (self->view);
      return;
    }
  /* (the rows shown stay as they are until the pass has decided them all) */
  self->active_model = lttv_timeline_model_ref (m);
  self->active_hidden = g_new0 (gboolean, MAX (lttv_timeline_model_n_rows (m), 1));
  self->active_next = 0;
  lttv_viewer_context_get_window (self->ctx, &self->active_t0, &self->active_t1);
  self->active_idle = g_idle_add (active_pass_step, self);
}

static void
select_from_context (ControlFlow *self)
{
  LttvTimelineModel *m = lttv_timeline_view_get_model (self->view);
  gint64 tid;
  LttvTime birth;
  int row = -1;

  if (m == NULL)
    return;
  if (lttv_viewer_context_get_selected_thread (self->ctx, &tid, &birth))
    row = cf_model_find_thread (m, tid, birth != LTTV_TIME_NONE
                                        ? birth : lttv_viewer_context_get_current_time (self->ctx));
  self->selecting = TRUE;
  lttv_timeline_view_select_row (self->view, row);
  self->selecting = FALSE;
}

/* --- Rows (listed by the timeline host) ----------------------------------- */

/* What a listing's worker gets and gives: the index of its rows is built
 * there too (thousands of rows: milliseconds the main loop keeps). */
typedef struct {
  LttvTime origin;
  CfIndex *index;
} CfFill;

static void
cf_fill_free (gpointer data)
{
  CfFill *f = data;
  g_clear_pointer (&f->index, cf_index_free);
  g_free (f);
}

static LttvTimelineModel *
new_model (LttvViewerContext *ctx, LttvHistory *history, gpointer *fill_data, gpointer user_data)
{
  CfFill *f = g_new0 (CfFill, 1);
  LttvTimelineModel *m = cf_model_new (ctx, history);

  lttv_viewer_context_get_bounds (ctx, &f->origin, NULL);
  lttv_timeline_model_set_label_func (m, NULL, NULL);
  *fill_data = f;
  return m;
}

static void
fill (LttvTimelineModel *model, LttvHistory *history, gpointer fill_data)
{
  CfFill *f = fill_data;
  cf_model_fill (model, history, f->origin);
  f->index = cf_index_new (model);
}

static void
shown (LttvTimelineModel *model, gpointer fill_data, gpointer user_data)
{
  ControlFlow *self = user_data;
  CfFill *f = fill_data;

  lttv_timeline_model_set_tree (model, gtk_toggle_button_get_active (self->tree));
  lttv_timeline_model_set_find (model, gtk_entry_get_text (GTK_ENTRY (self->find)));
  g_clear_pointer (&self->index, cf_index_free);
  self->index = g_steal_pointer (&f->index);
  /* a new listing hides no row: filter (and sort 10 000 rows again) only
   * when the filter is on */
  if (gtk_toggle_button_get_active (self->active))
    apply_filters (self);
  select_from_context (self);
}

static LttvState *
state_of (LttvViewerContext *ctx)
{
  return cf_state_get (ctx, FALSE);
}

static LttvTimelineHostFuncs host_funcs = {
  .new_model = new_model,
  .fill_data_free = cf_fill_free,
  .fill = fill,
  .shown = shown,
  .get_state = state_of,
  .export_name = "controlflow.png",
};

static void
traceset_changed_cb (LttvViewerContext *ctx, ControlFlow *self)
{
  g_clear_pointer (&self->index, cf_index_free);
}

static void
window_changed_cb (LttvViewerContext *ctx, ControlFlow *self)
{
  if (gtk_toggle_button_get_active (self->active))
    apply_filters (self);
}

static void
thread_selected_cb (LttvViewerContext *ctx, ControlFlow *self)
{
  if (!self->selecting)
    select_from_context (self);
}

static void
row_selected_cb (LttvTimelineView *view, int row, ControlFlow *self)
{
  LttvTimelineModel *m = lttv_timeline_view_get_model (view);
  const LttvTimelineRow *r;

  if (self->selecting || m == NULL)
    return;
  self->selecting = TRUE;
  if (row < 0)
    lttv_viewer_context_select_thread (self->ctx, -1, LTTV_TIME_NONE);
  else
    {
      r = lttv_timeline_model_get_row (m, row);
      lttv_viewer_context_select_thread (self->ctx, (gint64) r->tag, r->birth);
    }
  self->selecting = FALSE;
}

static void
tree_toggled_cb (GtkToggleButton *button, ControlFlow *self)
{
  LttvTimelineModel *m = lttv_timeline_view_get_model (self->view);
  if (m != NULL)
    lttv_timeline_model_set_tree (m, gtk_toggle_button_get_active (button));
  lttv_timeline_view_refilter (self->view);
}

static void
active_toggled_cb (GtkToggleButton *button, ControlFlow *self)
{
  apply_filters (self);
}

static void
draw_arrows (LttvTimelineView *view, cairo_t *cr, int width, int height, LttvTime t0,
             LttvTime t1, gpointer data)
{
  ControlFlow *self = data;
  if (gtk_toggle_button_get_active (self->arrows))
    cf_draw_arrows (view, self->index, cr, width, height, t0, t1);
  if (gtk_toggle_button_get_active (self->wakeups))
    cf_draw_wakeups (view, self->index, cf_state_get (self->ctx, FALSE), cr, width, height, t0, t1);
}

/* The row's lines, after those of the wakeup arrows under the pointer. */
static char *
tooltip (LttvTimelineModel *m, const LttvTimelineRow *row, LttvTime t, gpointer data)
{
  ControlFlow *self = data;
  g_autofree char *rows = cf_tooltip (m, row, t, data);
  g_autofree char *arrows = NULL;

  if (gtk_toggle_button_get_active (self->wakeups))
    arrows = cf_wakeups_tooltip (self->view, self->index, cf_state_get (self->ctx, FALSE),
                                 self->ctx, row, t);
  if (arrows == NULL)
    return g_steal_pointer (&rows);
  return rows != NULL ? g_strconcat (arrows, "\n", rows, NULL) : g_steal_pointer (&arrows);
}

/* Shift+Right / Shift+Left: along the next (previous) wakeup arrow of the
 * selected thread, to the other thread at the wakeup's time. */
static void
follow_wakeup (ControlFlow *self, gboolean forward)
{
  LttvTimelineModel *m = lttv_timeline_view_get_model (self->view);
  gint64 tid;
  LttvTime birth, t0, t1;
  const LttvWakeup *e;
  int row;

  if (m == NULL || self->index == NULL || !lttv_viewer_context_get_selected_thread (self->ctx, &tid, &birth))
    return;
  e = cf_wakeup_follow (cf_state_get (self->ctx, FALSE), tid,
                        lttv_viewer_context_get_current_time (self->ctx), forward);
  if (e == NULL)
    {
      gtk_widget_error_bell (self->top);
      return;
    }
  row = cf_index_row_for (self->index, m, e->waker == tid ? e->wakee : e->waker,
                          (guint) MAX (e->cpu, 0), e->time);
  lttv_viewer_context_get_window (self->ctx, &t0, &t1);
  if (e->time < t0 || e->time > t1)
    {
      LttvTime half = (t1 - t0) / 2;
      LttvTime start = e->time > half ? e->time - half : 0;
      lttv_viewer_context_set_window (self->ctx, start, start + (t1 - t0));
    }
  lttv_viewer_context_set_current_time (self->ctx, e->time);
  if (row >= 0)
    lttv_timeline_view_select_row (self->view, row);   /* (tells the tab: row_selected_cb) */
}

static void
next_wakeup_activated (GSimpleAction *action, GVariant *param, gpointer data)
{
  follow_wakeup (data, TRUE);
}

static void
previous_wakeup_activated (GSimpleAction *action, GVariant *param, gpointer data)
{
  follow_wakeup (data, FALSE);
}

static void
wakeup_arrows_activated (GSimpleAction *action, GVariant *param, gpointer data)
{
  ControlFlow *self = data;
  gtk_toggle_button_set_active (self->wakeups, !gtk_toggle_button_get_active (self->wakeups));
}

static const GActionEntry cf_actions[] = {
  { "wakeup-arrows", wakeup_arrows_activated, NULL, NULL, NULL, { 0 } },
  { "next-wakeup", next_wakeup_activated, NULL, NULL, NULL, { 0 } },
  { "previous-wakeup", previous_wakeup_activated, NULL, NULL, NULL, { 0 } },
};

static void
hierarchy_changed_cb (GtkWidget *widget, GtkWidget *previous, ControlFlow *self)
{
  GtkWidget *top = gtk_widget_get_toplevel (widget);
  GtkApplication *app = GTK_IS_WINDOW (top) ? gtk_window_get_application (GTK_WINDOW (top)) : NULL;
  static const char *toggle_accels[] = { "<Control><Alt>w", NULL };
  static const char *next_accels[] = { "<Shift>Right", NULL };
  static const char *previous_accels[] = { "<Shift>Left", NULL };

  if (app == NULL)
    return;
  gtk_application_set_accels_for_action (app, "controlflow.wakeup-arrows", toggle_accels);
  gtk_application_set_accels_for_action (app, "controlflow.next-wakeup", next_accels);
  gtk_application_set_accels_for_action (app, "controlflow.previous-wakeup", previous_accels);
}

/* Shift+arrows select text in the find entry: no following there. */
static gboolean
find_focus_cb (GtkWidget *widget, GdkEvent *event, ControlFlow *self)
{
  gboolean in = event->type == GDK_FOCUS_CHANGE && event->focus_change.in;
  for (guint i = 1; i < G_N_ELEMENTS (cf_actions); i++)
    g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (self->actions),
                                                                             cf_actions[i].name)), !in);
  return FALSE;
}

/* The toggles as the user left them (GSettings org.lttv.Lttv.ControlFlow,
 * when installed). */
static GSettings *
cf_settings (void)
{
  static GSettings *settings;
  static gsize once;

  if (g_once_init_enter (&once))
    {
      GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
      g_autoptr (GSettingsSchema) schema = source != NULL
        ? g_settings_schema_source_lookup (source, "org.lttv.Lttv.ControlFlow", TRUE) : NULL;
      if (schema != NULL)
        settings = g_settings_new ("org.lttv.Lttv.ControlFlow");
      g_once_init_leave (&once, 1);
    }
  return settings;
}

static void
arrows_toggled_cb (GtkToggleButton *button, ControlFlow *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self->view));
}

static void
find_changed_cb (GtkSearchEntry *entry, ControlFlow *self)
{
  LttvTimelineModel *m = lttv_timeline_view_get_model (self->view);
  if (m != NULL)
    lttv_timeline_model_set_find (m, gtk_entry_get_text (GTK_ENTRY (entry)));
  lttv_timeline_view_refilter (self->view);
}

static void
export_cb (GtkButton *button, ControlFlow *self)
{
  lttv_timeline_host_export (self->host);
}

static gboolean
key_press_cb (GtkWidget *widget, GdkEventKey *event, ControlFlow *self)
{
  if ((event->state & GDK_CONTROL_MASK) && (event->keyval == GDK_KEY_f || event->keyval == GDK_KEY_F))
    {
      gtk_widget_grab_focus (GTK_WIDGET (self->find));
      return TRUE;
    }
  if (event->keyval == GDK_KEY_Escape && gtk_widget_has_focus (GTK_WIDGET (self->find)))
    {
      gtk_entry_set_text (GTK_ENTRY (self->find), "");
      gtk_widget_grab_focus (lttv_timeline_view_get_canvas (self->view));
      return TRUE;
    }
  return FALSE;
}

static void
control_flow_free (gpointer data)
{
  ControlFlow *self = data;

  active_pass_stop (self);
  g_signal_handlers_disconnect_by_data (self->ctx, self);
  g_object_unref (self->ctx);
  cf_index_free (self->index);
  g_clear_object (&self->actions);
  g_free (self);
}

static GtkWidget *
toggle (const char *icon, const char *tooltip, gboolean active)
{
  GtkWidget *b = gtk_toggle_button_new ();
  gtk_button_set_image (GTK_BUTTON (b), gtk_image_new_from_icon_name (icon, GTK_ICON_SIZE_BUTTON));
  gtk_widget_set_tooltip_text (b, tooltip);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (b), active);
  return b;
}

/* A thread's row marks the thread's events that match the tab's filter. */
static LttvTimelineMatchKind
match_func (const LttvTimelineRow *row, gint64 *id, gpointer data)
{
  *id = (gint64) row->tag;
  return LTTV_TIMELINE_MATCH_THREAD;
}

static void
matches_only_toggled_cb (GtkToggleButton *b, ControlFlow *self)
{
  lttv_timeline_view_set_matches_only (self->view, gtk_toggle_button_get_active (b));
}

static GtkWidget *
control_flow_create (LttvViewerContext *ctx)
{
  ControlFlow *self = g_new0 (ControlFlow, 1);
  GtkWidget *bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *export = gtk_button_new_from_icon_name ("document-save-as-symbolic", GTK_ICON_SIZE_BUTTON);
  GtkWidget *stack;

  self->ctx = g_object_ref (ctx);
  self->top = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  self->tree = GTK_TOGGLE_BUTTON (toggle ("view-list-symbolic", _("Show threads under their parent "
                                                                  "(off: a flat list)"), TRUE));
  self->active = GTK_TOGGLE_BUTTON (toggle ("media-playback-start-symbolic",
                                            _("Active threads only: hide threads that neither run "
                                              "nor change state in the visible window"), FALSE));
  self->arrows = GTK_TOGGLE_BUTTON (toggle ("media-playlist-shuffle-symbolic",
                                            _("Scheduling arrows: on each CPU, from the thread "
                                              "switched out to the one switched in (when the "
                                              "window holds few enough switches)"), FALSE));
  self->wakeups = GTK_TOGGLE_BUTTON (toggle ("mail-send-receive-symbolic",
                                             _("Wakeup arrows: from the thread that woke a thread "
                                               "to it, at the wakeup (a square tail: an IRQ, soft "
                                               "IRQ or timer woke it, drawn from the thread it "
                                               "interrupted). Shift+Right and Shift+Left follow the "
                                               "selected thread's next and previous wakeup "
                                               "(Ctrl+Alt+W)"), FALSE));
  /* (their names: what sessions keep them under) */
  gtk_widget_set_name (GTK_WIDGET (self->tree), "tree");
  gtk_widget_set_name (GTK_WIDGET (self->active), "active-only");
  gtk_widget_set_name (GTK_WIDGET (self->arrows), "scheduling-arrows");
  gtk_widget_set_name (GTK_WIDGET (self->wakeups), "wakeup-arrows");
  GtkWidget *only = toggle ("edit-find-symbolic", _("Rows with matches only: hide the threads "
                                                     "without an event matching the tab's filter "
                                                     "in the visible window"), FALSE);
  gtk_widget_set_name (only, "matches-only");
  self->find = GTK_SEARCH_ENTRY (gtk_search_entry_new ());
  gtk_entry_set_placeholder_text (GTK_ENTRY (self->find), _("Find a thread (name or TID)"));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->find), _("Show only the threads whose name contains "
                                                          "this text, or whose TID it is (Ctrl+F)"));
  gtk_widget_set_tooltip_text (export, _("Export the view to a PNG, SVG or PDF file"));
  g_object_set (bar, "margin", 4, NULL);
  gtk_style_context_add_class (gtk_widget_get_style_context (bar), LTTV_VIEWER_TOOLBAR_CLASS);
  gtk_box_pack_start (GTK_BOX (bar), GTK_WIDGET (self->tree), FALSE, FALSE, 0);
  gtk_box_pack_start (GTK_BOX (bar), GTK_WIDGET (self->active), FALSE, FALSE, 0);
  gtk_box_pack_start (GTK_BOX (bar), GTK_WIDGET (self->arrows), FALSE, FALSE, 0);
  gtk_box_pack_start (GTK_BOX (bar), GTK_WIDGET (self->wakeups), FALSE, FALSE, 0);
  gtk_box_pack_start (GTK_BOX (bar), only, FALSE, FALSE, 0);
  gtk_box_pack_start (GTK_BOX (bar), GTK_WIDGET (self->find), FALSE, FALSE, 0);
  gtk_box_pack_end (GTK_BOX (bar), export, FALSE, FALSE, 0);

  self->view = LTTV_TIMELINE_VIEW (lttv_timeline_view_new (ctx));
  lttv_timeline_view_set_tooltip_func (self->view, tooltip, self);
  lttv_timeline_view_set_overlay_func (self->view, draw_arrows, self);
  lttv_timeline_view_set_match_func (self->view, match_func, self);
  g_signal_connect (only, "toggled", G_CALLBACK (matches_only_toggled_cb), self);
  host_funcs.no_rows = _("This trace holds no thread (no scheduler events).");
  host_funcs.export_title = _("Export the Control Flow View");
  gtk_box_pack_start (GTK_BOX (self->top), bar, FALSE, FALSE, 0);
  gtk_widget_set_size_request (self->top, 300, 140);

  g_signal_connect (self->tree, "toggled", G_CALLBACK (tree_toggled_cb), self);
  g_signal_connect (self->active, "toggled", G_CALLBACK (active_toggled_cb), self);
  g_signal_connect (self->arrows, "toggled", G_CALLBACK (arrows_toggled_cb), self);
  g_signal_connect (self->wakeups, "toggled", G_CALLBACK (arrows_toggled_cb), self);
  if (cf_settings () != NULL)
    {
      g_settings_bind (cf_settings (), "scheduling-arrows", self->arrows, "active", G_SETTINGS_BIND_DEFAULT);
      g_settings_bind (cf_settings (), "wakeup-arrows", self->wakeups, "active", G_SETTINGS_BIND_DEFAULT);
    }
  self->actions = g_simple_action_group_new ();
  g_action_map_add_action_entries (G_ACTION_MAP (self->actions), cf_actions, G_N_ELEMENTS (cf_actions), self);
  gtk_widget_insert_action_group (self->top, "controlflow", G_ACTION_GROUP (self->actions));
  g_signal_connect (self->top, "hierarchy-changed", G_CALLBACK (hierarchy_changed_cb), self);
  g_signal_connect (self->find, "focus-in-event", G_CALLBACK (find_focus_cb), self);
  g_signal_connect (self->find, "focus-out-event", G_CALLBACK (find_focus_cb), self);
  g_signal_connect (self->find, "search-changed", G_CALLBACK (find_changed_cb), self);
  g_signal_connect (export, "clicked", G_CALLBACK (export_cb), self);
  g_signal_connect (self->top, "key-press-event", G_CALLBACK (key_press_cb), self);
  g_signal_connect (self->view, "row-selected", G_CALLBACK (row_selected_cb), self);
  lttv_viewer_context_get_selected_thread (ctx, NULL, NULL);   /* told of changes from now on */
  g_signal_connect (ctx, "thread-selected", G_CALLBACK (thread_selected_cb), self);
  g_signal_connect (ctx, "traceset-changed", G_CALLBACK (traceset_changed_cb), self);
  g_signal_connect (ctx, "window-changed", G_CALLBACK (window_changed_cb), self);
  g_object_set_data_full (G_OBJECT (self->top), "lttv-controlflow", self, control_flow_free);
  /* the host lists the rows: after the viewer is ready for its callbacks */
  stack = lttv_timeline_host_new (ctx, self->view, &host_funcs, self, &self->host);
  gtk_box_pack_start (GTK_BOX (self->top), stack, TRUE, TRUE, 0);
  gtk_widget_show_all (self->top);
  return self->top;
}

/* Headless export: the same rows, listed on the first render of a
 * context and kept while its history does not change. */
static gboolean
control_flow_render (LttvViewerContext *ctx, cairo_t *cr, int width, int height, GError **error)
{
  LttvState *state = cf_state_get (ctx, TRUE);
  LttvTimelineModel *m;
  LttvHistory *h;
  LttvTime origin = 0;

  if (state == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                   _("controlflow: no trace could be read, nothing to draw"));
      return FALSE;
    }
  h = lttv_state_get_history (state);
  m = g_object_get_data (G_OBJECT (ctx), "controlflow-model");
  if (m == NULL || lttv_timeline_model_get_history (m) != h || !lttv_history_is_finished (h))
    {
      lttv_viewer_context_get_bounds (ctx, &origin, NULL);
      m = cf_model_new (ctx, h);
      cf_model_fill (m, h, origin);
      lttv_timeline_model_refilter (m);
      g_object_set_data_full (G_OBJECT (ctx), "controlflow-model", m,
                              (GDestroyNotify) lttv_timeline_model_unref);
    }
  lttv_timeline_model_render (m, ctx, cr, width, height);
  return TRUE;
}

static const LttvViewerInfo control_flow_viewer = {
  .id = "controlflow",
  .label = N_("_Control Flow"),
  .gettext_domain = GETTEXT_PACKAGE,
  .icon_name = "view-list-bullet-symbolic",
  .create = control_flow_create,
  .render = control_flow_render,
};

LTTV_DEFINE_VIEWER_MODULE ("controlflow", N_("Control flow view"), control_flow_viewer)
