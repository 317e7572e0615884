/* SPDX-License-Identifier: GPL-2.0-or-later */
/* eventlist: the detailed event list. Every event of the traceset in time
 * order, over millions of events: only the rows on screen are decoded
 * (el-list.c), the tab's filter runs in the background (el-scan.c), with
 * search (el-search.c), copy and export (el-export.c). */
#include "config.h"

#include "el-private.h"

/* --- The state: rows exist once its checkpoints are complete ------------- */

/* Rows are opened in a worker (their iterator's first packets are read
 * there, not in the main loop). */
typedef struct _ElOpening {
  EventList *el;              /* NULL once the list went away */
  LttvState *state;
  LttvViewerContext *ctx;     /* keeps the state alive for the worker */
} ElOpening;

static void
opening_free (ElOpening *op)
{
  g_object_unref (op->ctx);
  g_free (op);
}

static void
open_rows_thread (GTask *task, gpointer source, gpointer data, GCancellable *c)
{
  ElOpening *op = data;
  g_task_return_pointer (task, el_rows_new (op->state), (GDestroyNotify) el_rows_free);
}

static void
rows_ready (EventList *el)
{
  el->top_row = 0;
  if (el->filter != NULL)
    el_scan_start (el);
  el_list_reset (el);
  /* Show the current time if another viewer set it already. */
  LttvTime t = lttv_viewer_context_get_current_time (el->ctx);
  LttvTime begin, end;
  lttv_viewer_context_get_bounds (el->ctx, &begin, &end);
  if (t > begin)
    el_list_select_row (el, el_list_row_for_time (el, t), FALSE);
  el_list_update_status (el);
}

static void
open_rows_done (GObject *source, GAsyncResult *result, gpointer data)
{
  ElOpening *op = data;
  ElRows *rows = g_task_propagate_pointer (G_TASK (result), NULL);
  EventList *el = op->el;
  if (el == NULL || el->opening != op || el->state != op->state)
    {
      el_rows_free (rows);
      if (el != NULL && el->opening == op)
        el->opening = NULL;
      opening_free (op);
      return;
    }
  el->opening = NULL;
  opening_free (op);
  el->rows = rows;
  rows_ready (el);
}

static void
attach_state (EventList *el)
{
  LttvState *state = lttv_viewer_context_get_state (el->ctx);
  if (state != el->state)
    {
      el_scan_stop (el);
      el_search_stop (el);
      g_clear_pointer (&el->rows, el_rows_free);
      g_clear_pointer (&el->matches, g_array_unref);
      if (el->opening != NULL)
        el->opening->el = NULL;
      el->opening = NULL;
      el->state = state;
      el->selected_rank = G_MAXUINT64;
    }
  if (el->state != NULL && el->rows == NULL && el->opening == NULL
      && lttv_history_is_finished (lttv_state_get_history (el->state)))
    {
      ElOpening *op = g_new0 (ElOpening, 1);
      op->el = el;
      op->state = el->state;
      op->ctx = g_object_ref (el->ctx);
      el->opening = op;
      g_autoptr (GTask) task = g_task_new (NULL, NULL, open_rows_done, op);
      g_task_set_task_data (task, op, NULL);
      g_task_run_in_thread (task, open_rows_thread);
    }
  el_list_update_status (el);
}

static void
state_changed_cb (LttvViewerContext *ctx, EventList *el)
{
  attach_state (el);
}

static void
current_time_cb (LttvViewerContext *ctx, EventList *el)
{
  if (el->setting_time || el->rows == NULL)
    return;
  LttvTime t = lttv_viewer_context_get_current_time (ctx);
  /* Already on an event at that time: keep it (several share a time). */
  if (el->selected_rank != G_MAXUINT64 && el->selected_time == t)
    return;
  guint64 row = el_list_row_for_time (el, t);
  if (row >= el->n_rows && el->n_rows > 0)
    row = el->n_rows - 1;
  el->selected_time = t;
  el_list_select_row (el, row, FALSE);
}

static gboolean
window_later_cb (gpointer data)
{
  EventList *el = data;
  el->window_timer = 0;
  el_list_update_limits (el);
  el_list_refill (el);
  return G_SOURCE_REMOVE;
}

/* The limits cost two time searches: while the window is dragged, only
 * once it rests a moment. */
static void
window_cb (LttvViewerContext *ctx, EventList *el)
{
  if (!gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (el->window_only)) || el->rows == NULL)
    return;
  if (el->window_timer != 0)
    g_source_remove (el->window_timer);
  el->window_timer = g_timeout_add (60, window_later_cb, el);
}

static void
window_only_toggled_cb (GtkToggleButton *b, EventList *el)
{
  if (el->rows == NULL)
    return;
  guint64 rank = el->selected_rank;
  el_list_update_limits (el);
  guint64 row = rank != G_MAXUINT64 ? el_list_row_for_rank (el, rank) : G_MAXUINT64;
  if (row != G_MAXUINT64 && row < el->n_rows)
    el_list_select_row (el, row, FALSE);
  else
    el_list_scroll_to (el, 0);
}

/* --- Filter --------------------------------------------------------------- */

static void
show_filter_error (EventList *el, const char *message)
{
  GtkStyleContext *sc = gtk_widget_get_style_context (el->filter_entry);
  if (message == NULL)
    {
      gtk_style_context_remove_class (sc, "error");
      gtk_widget_set_tooltip_text (el->filter_entry,
                                   _("Filter expression, e.g. name == \"sched_switch\" && cpu == 1 "
                                     "or comm =~ \"^kworker\". Values: name, time, cpu, trace, tid, pid, "
                                     "ppid, comm, syscall and any field; operators == != < <= > >= =~ !~ "
                                     "&& || ! and parentheses. Enter applies it to the tab."));
      return;
    }
  gtk_style_context_add_class (sc, "error");
  /* The message has a caret line under the expression: monospace. */
  g_autofree char *escaped = g_markup_escape_text (message, -1);
  g_autofree char *markup = g_strdup_printf ("<tt>%s</tt>", escaped);
  gtk_widget_set_tooltip_markup (el->filter_entry, markup);
}

static void
filter_changed_cb (LttvViewerContext *ctx, EventList *el)
{
  const char *expr = lttv_viewer_context_get_filter (ctx);
  g_autoptr (GError) error = NULL;
  if (g_strcmp0 (gtk_entry_get_text (GTK_ENTRY (el->filter_entry)), expr) != 0)
    gtk_entry_set_text (GTK_ENTRY (el->filter_entry), expr);
  g_clear_pointer (&el->filter, lttv_filter_free);
  if (expr[0] != '\0' && (el->filter = lttv_filter_new (expr, &error)) == NULL)
    {
      show_filter_error (el, error->message);
      return;
    }
  show_filter_error (el, NULL);
  guint64 rank = el->selected_rank;
  el_scan_start (el);
  el->top_row = 0;
  el_list_update_limits (el);
  guint64 row = rank != G_MAXUINT64 ? el_list_row_for_rank (el, rank) : G_MAXUINT64;
  if (row != G_MAXUINT64)
    el_list_select_row (el, row, FALSE);
  else
    el_list_refill (el);
}

static void
filter_activate_cb (GtkEntry *entry, EventList *el)
{
  const char *text = gtk_entry_get_text (entry);
  g_autoptr (GError) error = NULL;
  g_autoptr (LttvFilter) f = NULL;
  /* Checked here first: a wrong expression stays in the entry, marked,
   * and does not reach the other viewers. */
  if (text[0] != '\0' && (f = lttv_filter_new (text, &error)) == NULL)
    {
      show_filter_error (el, error->message);
      return;
    }
  lttv_viewer_context_set_filter (el->ctx, text);
}

/* --- Keys and actions ------------------------------------------------------ */

static gboolean
key_press_cb (GtkWidget *w, GdkEventKey *event, EventList *el)
{
  guint mods = event->state & gtk_accelerator_get_default_mod_mask ();
  if (mods == GDK_CONTROL_MASK && (event->keyval == GDK_KEY_f || event->keyval == GDK_KEY_F))
    {
      el_search_show (el);
      return TRUE;
    }
  if (event->keyval == GDK_KEY_F3 && (mods & ~GDK_SHIFT_MASK) == 0)
    {
      el_search_next (el, (mods & GDK_SHIFT_MASK) != 0);
      return TRUE;
    }
  if (mods == GDK_CONTROL_MASK && event->keyval == GDK_KEY_c && gtk_widget_is_focus (el->tree))
    {
      el_copy_selection (el);
      return TRUE;
    }
  if (mods == (GDK_CONTROL_MASK | GDK_SHIFT_MASK) && (event->keyval == GDK_KEY_E || event->keyval == GDK_KEY_e))
    {
      el_export (el);
      return TRUE;
    }
  return FALSE;
}

static void
export_activated (GSimpleAction *action, GVariant *param, gpointer el)
{
  el_export (el);
}

static void
export_to_activated (GSimpleAction *action, GVariant *path, gpointer el)
{
  el_export_to (el, g_variant_get_string (path, NULL));
}

/* "eventlist.export" asks for a file; "eventlist.export-to" takes one
 * (scripts and tests). */
static void
add_actions (EventList *el)
{
  static const GActionEntry entries[] = {
    { "export", export_activated, NULL, NULL, NULL, { 0 } },
    { "export-to", export_to_activated, "s", NULL, NULL, { 0 } },
  };
  g_autoptr (GSimpleActionGroup) group = g_simple_action_group_new ();
  g_action_map_add_action_entries (G_ACTION_MAP (group), entries, G_N_ELEMENTS (entries), el);
  gtk_widget_insert_action_group (el->top, "eventlist", G_ACTION_GROUP (group));
}

static GtkWidget *
icon_button (const char *icon, const char *tooltip, GCallback cb, EventList *el)
{
  GtkWidget *b = gtk_button_new_from_icon_name (icon, GTK_ICON_SIZE_BUTTON);
  gtk_widget_set_tooltip_text (b, tooltip);
  gtk_button_set_relief (GTK_BUTTON (b), GTK_RELIEF_NONE);
  g_signal_connect_swapped (b, "clicked", cb, el);
  return b;
}

static void
find_clicked (EventList *el)
{
  el_search_show (el);
}

/* --- Life ------------------------------------------------------------------ */

static void
event_list_free (gpointer data)
{
  EventList *el = data;
  g_signal_handlers_disconnect_by_data (el->ctx, el);
  el_scan_stop (el);
  el_search_stop (el);
  if (el->opening != NULL)
    el->opening->el = NULL;
  g_clear_handle_id (&el->refill_idle, g_source_remove);
  g_clear_handle_id (&el->save_timer, g_source_remove);
  g_clear_handle_id (&el->window_timer, g_source_remove);
  g_clear_pointer (&el->rows, el_rows_free);
  g_clear_pointer (&el->matches, g_array_unref);
  g_clear_pointer (&el->filter, lttv_filter_free);
  g_object_unref (el->ctx);
  g_free (el);
}

static GtkWidget *
event_list_create (LttvViewerContext *ctx)
{
  EventList *el = g_new0 (EventList, 1);
  el->ctx = g_object_ref (ctx);
  el->selected_rank = G_MAXUINT64;
  el->n_visible = 20;

  el->top = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  add_actions (el);
  GtkWidget *bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  g_object_set (bar, "margin", 3, NULL);
  gtk_style_context_add_class (gtk_widget_get_style_context (bar), LTTV_VIEWER_TOOLBAR_CLASS);

  el->filter_entry = gtk_entry_new ();
  gtk_entry_set_placeholder_text (GTK_ENTRY (el->filter_entry), _("Filter: name == \"sched_switch\" && cpu == 1"));
  gtk_widget_set_hexpand (el->filter_entry, TRUE);
  g_signal_connect (el->filter_entry, "activate", G_CALLBACK (filter_activate_cb), el);
  show_filter_error (el, NULL);
  gtk_box_pack_start (GTK_BOX (bar), el->filter_entry, TRUE, TRUE, 0);

  el->window_only = gtk_toggle_button_new_with_label (_("In window"));
  gtk_widget_set_tooltip_text (el->window_only, _("Only the events inside the tab's visible time window"));
  g_signal_connect (el->window_only, "toggled", G_CALLBACK (window_only_toggled_cb), el);
  gtk_box_pack_start (GTK_BOX (bar), el->window_only, FALSE, FALSE, 0);

  gtk_box_pack_start (GTK_BOX (bar), icon_button ("edit-find-symbolic", _("Find an event (Ctrl+F; F3 next, Shift+F3 previous)"),
                                                  G_CALLBACK (find_clicked), el), FALSE, FALSE, 0);
  gtk_box_pack_start (GTK_BOX (bar), icon_button ("document-save-as-symbolic", _("Export the listed events to CSV or text (Ctrl+Shift+E)"),
                                                  G_CALLBACK (el_export), el), FALSE, FALSE, 0);

  el->status = gtk_label_new (NULL);
  gtk_label_set_width_chars (GTK_LABEL (el->status), 16);
  gtk_label_set_xalign (GTK_LABEL (el->status), 1.0);
  gtk_widget_set_tooltip_text (el->status, _("Events listed (the filter's matches when a filter is set)"));
  gtk_box_pack_end (GTK_BOX (bar), el->status, FALSE, FALSE, 6);
  /* Names for tests and CSS. */
  gtk_widget_set_name (el->status, "eventlist-status");
  gtk_widget_set_name (el->filter_entry, "eventlist-filter");
  gtk_widget_set_name (el->window_only, "eventlist-window-only");

  gtk_box_pack_start (GTK_BOX (el->top), bar, FALSE, FALSE, 0);
  el_search_build (el, el->top);
  el_list_build (el, el->top);

  /* after the list: the columns exist for the menu */
  GtkWidget *columns = gtk_menu_button_new ();
  gtk_button_set_image (GTK_BUTTON (columns), gtk_image_new_from_icon_name ("view-more-symbolic", GTK_ICON_SIZE_BUTTON));
  gtk_button_set_relief (GTK_BUTTON (columns), GTK_RELIEF_NONE);
  gtk_widget_set_tooltip_text (columns, _("Columns to show (drag a header to move a column, its edge to resize it)"));
  gtk_menu_button_set_popup (GTK_MENU_BUTTON (columns), el_columns_menu (el));
  gtk_box_pack_start (GTK_BOX (bar), columns, FALSE, FALSE, 0);

  g_signal_connect (el->top, "key-press-event", G_CALLBACK (key_press_cb), el);
  g_signal_connect (ctx, "traceset-changed", G_CALLBACK (state_changed_cb), el);
  g_signal_connect (ctx, "history-changed", G_CALLBACK (state_changed_cb), el);
  g_signal_connect (ctx, "current-time-changed", G_CALLBACK (current_time_cb), el);
  g_signal_connect (ctx, "window-changed", G_CALLBACK (window_cb), el);
  g_signal_connect (ctx, "filter-changed", G_CALLBACK (filter_changed_cb), el);
  g_object_set_data_full (G_OBJECT (el->top), "lttv-eventlist", el, event_list_free);

  const char *expr = lttv_viewer_context_get_filter (ctx);
  if (expr != NULL && expr[0] != '\0')
    filter_changed_cb (ctx, el);
  attach_state (el);
  gtk_widget_show_all (el->top);
  gtk_widget_hide (el->search_bar);
  return el->top;
}

static const LttvViewerInfo event_list_viewer = {
  .id = "eventlist",
  .label = N_("_Event List"),
  .gettext_domain = GETTEXT_PACKAGE,
  .icon_name = "view-list-symbolic",
  .create = event_list_create,
  .render = el_render,
};

LTTV_DEFINE_VIEWER_MODULE ("eventlist", N_("Detailed event list"), event_list_viewer)
