/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include <lttv/lttv.h>

#include "lttv-bookmarks-dialog.h"
#include "lttv-export.h"
#include "lttv-live-tab.h"
#include "lttv-module-host.h"
#include "lttv-recent.h"
#include "lttv-remove-trace-dialog.h"
#include "lttv-session-actions.h"
#include "lttv-session.h"
#include "lttv-time-text.h"
#include "lttv-window.h"

#define ZOOM_STEP 2.0

struct _LttvWindow
{
  GtkApplicationWindow parent_instance;

  GtkToolbar *toolbar;
  GtkWidget *bar_row;
  GtkWidget *status_slot;   /* the current tab's status, right of the toolbar */
  GtkStack *stack;
  GtkNotebook *notebook;
  GtkWidget *viewer_separator;
};

G_DEFINE_TYPE (LttvWindow, lttv_window, GTK_TYPE_APPLICATION_WINDOW)

const char *const lttv_window_scriptable_actions[] = {
  "new-tab", "close-tab", "zoom-in", "zoom-out", "zoom-fit", "zoom-selection",
  "back", "forward", "set-window", "set-current-time", "set-selection",
  "set-filter", "add-viewer", "export-view", "save-session-to", "open-live", "attach-live",
  "live-follow", NULL,
};

LttvTab *
lttv_window_get_current_tab (LttvWindow *self)
{
  int page = gtk_notebook_get_current_page (self->notebook);
  return page < 0 ? NULL : LTTV_TAB (gtk_notebook_get_nth_page (self->notebook, page));
}

guint
lttv_window_get_n_tabs (LttvWindow *self)
{
  return gtk_notebook_get_n_pages (self->notebook);
}

LttvTab *
lttv_window_get_tab (LttvWindow *self, guint index)
{
  GtkWidget *page = gtk_notebook_get_nth_page (self->notebook, index);
  return page != NULL ? LTTV_TAB (page) : NULL;
}

static void
enable (LttvWindow *self, const char *name, gboolean enabled)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), name);
  if (action != NULL)
    g_simple_action_set_enabled (G_SIMPLE_ACTION (action), enabled);
}

/* The bar shows the current tab's status (the selection's measure). */
static void
show_tab_status (LttvWindow *self, LttvTab *tab)
{
  GtkWidget *status = tab != NULL ? lttv_tab_get_status_widget (tab) : NULL;
  GList *children = gtk_container_get_children (GTK_CONTAINER (self->status_slot));

  for (GList *l = children; l != NULL; l = l->next)
    if (l->data != status)
      gtk_container_remove (GTK_CONTAINER (self->status_slot), l->data);
  g_list_free (children);
  if (status != NULL && gtk_widget_get_parent (status) != self->status_slot)
    {
      if (gtk_widget_get_parent (status) != NULL)
        gtk_container_remove (GTK_CONTAINER (gtk_widget_get_parent (status)), status);
      gtk_container_add (GTK_CONTAINER (self->status_slot), status);
    }
}

/* One tab needs no tab strip (its title is the window's): its rows get
 * the height. Its label gives way to an empty box, and the tab, sized by
 * its label (.lttv-window-tabs), to nothing. The strip stays: hiding it
 * moves the pages among the notebook's CSS nodes, and GTK 3 then matches
 * again the style of every widget of every tab (10-15 ms in the frame
 * after a tab opened or closed). (GtkNotebook shows a hidden label.) */
static void
show_tab_labels (LttvWindow *self, gboolean show)
{
  for (int i = 0; i < gtk_notebook_get_n_pages (self->notebook); i++)
    {
      GtkWidget *page = gtk_notebook_get_nth_page (self->notebook, i);
      GtkWidget *label = g_object_get_data (G_OBJECT (page), "lttv-tab-label");

      if ((gtk_notebook_get_tab_label (self->notebook, page) == label) != show)
        gtk_notebook_set_tab_label (self->notebook, page,
                                    show ? label : gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0));
    }
}

/* Actions follow what the current tab can do. */
static void
update_actions (LttvWindow *self)
{
  LttvTab *tab = lttv_window_get_current_tab (self);
  LttvTimeContext *tc = tab != NULL ? lttv_tab_get_time_context (tab) : NULL;
  gboolean has_tab = tab != NULL;
  gboolean several = gtk_notebook_get_n_pages (self->notebook) > 1;
  g_autofree char *title = NULL;

  /* Pages leave the notebook as the window is destroyed. */
  if (gtk_widget_in_destruction (GTK_WIDGET (self)))
    return;
  show_tab_status (self, tab);
  enable (self, "close-tab", has_tab);
  enable (self, "next-tab", several);
  enable (self, "previous-tab", several);
  show_tab_labels (self, several);
  enable (self, "add-trace", has_tab);
  for (const char *const *n = (const char *const[]) { "save-session", "save-session-as",
                                                      "save-session-to", NULL };
       *n != NULL; n++)
    enable (self, *n, has_tab && !lttv_tab_is_opening (tab));
  enable (self, "back", tc != NULL && lttv_time_context_can_go_back (tc));
  enable (self, "forward", tc != NULL && lttv_time_context_can_go_forward (tc));
  enable (self, "zoom-selection", tc != NULL && lttv_time_context_get_selection (tc, NULL, NULL));
  enable (self, "remove-trace", has_tab && lttv_tab_get_n_traces (tab) > 1 && !lttv_tab_is_opening (tab));
  for (const char *const *n = (const char *const[]) { "add-bookmark", "bookmarks", "next-bookmark",
                                                      "previous-bookmark", NULL };
       *n != NULL; n++)
    enable (self, *n, has_tab && lttv_tab_get_traceset (tab) != NULL);
  for (const char *const *n = (const char *const[]) { "zoom-in", "zoom-out", "zoom-fit", "goto-time",
                                                      "set-window", "set-current-time",
                                                      "set-selection", "set-filter", "add-viewer", "export-view",
                                                      "maximise-viewer", NULL };
       *n != NULL; n++)
    enable (self, *n, has_tab);

  /* Scripts wait for the plain title to know the traces are open. */
  if (!has_tab)
    title = g_strdup (_("LTTV Trace Viewer"));
  else if (lttv_tab_is_opening (tab))
    title = g_strdup_printf (_("%s (opening…) — LTTV"), lttv_tab_get_title (tab));
  else
    title = g_strdup_printf (_("%s — LTTV"), lttv_tab_get_title (tab));
  gtk_window_set_title (GTK_WINDOW (self), title);
  gtk_stack_set_visible_child_name (self->stack, has_tab ? "tabs" : "empty");
}

static void
tab_changed_cb (gpointer object, LttvWindow *self)
{
  update_actions (self);
}

static void
tab_title_changed_cb (LttvTab *tab, LttvWindow *self)
{
  GtkWidget *box = g_object_get_data (G_OBJECT (tab), "lttv-tab-label");
  GtkLabel *label = g_object_get_data (G_OBJECT (box), "lttv-label");

  gtk_label_set_text (label, lttv_tab_get_title (tab));
  gtk_label_set_width_chars (label, MIN (g_utf8_strlen (lttv_tab_get_title (tab), -1), 24));
  gtk_widget_set_tooltip_text (box, lttv_tab_get_title (tab));
  update_actions (self);
}

static void
remember_recent (LttvTab *tab)
{
  LttvTraceset *ts = lttv_tab_get_traceset (tab);
  g_autoptr (GPtrArray) paths = g_ptr_array_new ();

  if (lttv_live_tab_is_live (tab))
    return;
  for (guint i = 0; ts != NULL && i < lttv_traceset_n_traces (ts); i++)
    g_ptr_array_add (paths, (gpointer) lttv_trace_path (lttv_traceset_get_trace (ts, i)));
  g_ptr_array_add (paths, NULL);
  lttv_recent_add_traces ((const char *const *) paths->pdata);
}

static void
tab_opened_cb (LttvTab *tab, LttvWindow *self)
{
  remember_recent (tab);
  update_actions (self);
}

static void
close_tab_clicked_cb (GtkButton *button, LttvTab *tab)
{
  lttv_tab_close (tab);
}

LttvTab *
lttv_window_new_tab (LttvWindow *self)
{
  LttvTab *tab = lttv_tab_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  GtkWidget *label = gtk_label_new (lttv_tab_get_title (tab));
  GtkWidget *close = gtk_button_new_from_icon_name ("window-close-symbolic", GTK_ICON_SIZE_MENU);
  LttvTimeContext *tc = lttv_tab_get_time_context (tab);
  int page;

  gtk_button_set_relief (GTK_BUTTON (close), GTK_RELIEF_NONE);
  gtk_widget_set_tooltip_text (close, _("Close this tab (Ctrl+W)"));
  g_signal_connect (close, "clicked", G_CALLBACK (close_tab_clicked_cb), tab);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 40);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_MIDDLE);
  g_object_set_data (G_OBJECT (box), "lttv-label", label);
  gtk_style_context_add_class (gtk_widget_get_style_context (box), "lttv-tab-label");
  gtk_container_add (GTK_CONTAINER (box), label);
  gtk_container_add (GTK_CONTAINER (box), close);
  gtk_widget_show_all (box);

  g_signal_connect_object (tab, "title-changed", G_CALLBACK (tab_title_changed_cb), self, 0);
  g_signal_connect_object (tab, "opened", G_CALLBACK (tab_opened_cb), self, 0);
  g_signal_connect_object (tc, "history-changed", G_CALLBACK (tab_changed_cb), self, 0);
  g_signal_connect_object (tc, "selection-changed", G_CALLBACK (tab_changed_cb), self, 0);

  gtk_widget_show (GTK_WIDGET (tab));
  page = gtk_notebook_append_page (self->notebook, GTK_WIDGET (tab), box);
  g_object_set_data_full (G_OBJECT (tab), "lttv-tab-label", g_object_ref (box), g_object_unref);
  gtk_notebook_set_tab_reorderable (self->notebook, GTK_WIDGET (tab), TRUE);
  gtk_notebook_set_current_page (self->notebook, page);
  /* Keys go to the window's shortcuts, not into a field of the time bar,
   * where the notebook moves the focus of a page it hides. */
  gtk_window_set_focus (GTK_WINDOW (self), NULL);
  update_actions (self);
  return tab;
}

/* A tab of its own, unless the current one is empty (no trace, no viewer
 * being built, no problem shown). */
static LttvTab *
fresh_tab (LttvWindow *self, gboolean *is_new)
{
  LttvTab *tab = lttv_window_get_current_tab (self);

  *is_new = tab == NULL || lttv_tab_get_traceset (tab) != NULL || lttv_tab_is_opening (tab)
            || lttv_tab_get_problems (tab) != NULL || lttv_tab_get_n_traces (tab) > 0;
  return *is_new ? lttv_window_new_tab (self) : tab;
}

LttvTab *
lttv_window_open_session (LttvWindow *self, const char *file)
{
  gboolean is_new;
  LttvTab *tab;

  g_return_val_if_fail (LTTV_IS_WINDOW (self), NULL);
  tab = fresh_tab (self, &is_new);
  /* An empty tab with viewers of its own (a new tab's): the session's tab
   * takes its place, as File > Open fills an empty tab. (Its viewers are
   * not removed one by one: the user's layout would be saved empty.) */
  if (!is_new && (lttv_tab_get_n_viewers (tab) > 0 || !lttv_tab_viewers_ready (tab)))
    {
      LttvTab *empty = tab;
      int at = gtk_notebook_page_num (self->notebook, GTK_WIDGET (empty));
      tab = lttv_window_new_tab (self);
      gtk_notebook_reorder_child (self->notebook, GTK_WIDGET (tab), at);
      gtk_widget_destroy (GTK_WIDGET (empty));
    }
  lttv_session_restore (tab, file);
  return tab;
}

LttvTab *
lttv_window_open_traces (LttvWindow *self, GFile **files, int n_files)
{
  g_autoptr (GPtrArray) traces = g_ptr_array_new ();
  LttvTab *tab = NULL;
  gboolean is_new;

  g_return_val_if_fail (LTTV_IS_WINDOW (self), NULL);
  /* Session files open in tabs of their own; the rest is one traceset. */
  for (int i = 0; i < n_files; i++)
    {
      g_autofree char *path = g_file_get_path (files[i]);
      if (lttv_session_is_session_file (path) && g_file_test (path, G_FILE_TEST_IS_REGULAR))
        tab = lttv_window_open_session (self, path);
      else
        g_ptr_array_add (traces, files[i]);
    }
  if (traces->len == 0 && tab != NULL)
    return tab;
  tab = fresh_tab (self, &is_new);
  if (is_new)
    lttv_tab_add_default_viewers (tab);
  lttv_tab_add_traces (tab, (GFile **) traces->pdata, traces->len);
  return tab;
}

void
lttv_window_refresh_times (LttvWindow *self)
{
  for (guint i = 0; i < lttv_window_get_n_tabs (self); i++)
    lttv_tab_refresh_times (lttv_window_get_tab (self, i));
}

/* --- Actions ------------------------------------------------------------- */

typedef enum { CHOOSE_OPEN, CHOOSE_ADD } ChooseMode;

static void
chooser_response_cb (GtkNativeDialog *dialog, int response, LttvWindow *self)
{
  ChooseMode mode = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dialog), "lttv-mode"));

  if (response == GTK_RESPONSE_ACCEPT)
    {
      GSList *list = gtk_file_chooser_get_files (GTK_FILE_CHOOSER (dialog));
      guint n = g_slist_length (list), i = 0;
      g_autofree GFile **files = g_new0 (GFile *, n + 1);

      for (GSList *l = list; l != NULL; l = l->next)
        files[i++] = l->data;
      if (mode == CHOOSE_ADD && lttv_window_get_current_tab (self) != NULL)
        lttv_tab_add_traces (lttv_window_get_current_tab (self), files, n);
      else
        lttv_window_open_traces (self, files, n);
      g_slist_free_full (list, g_object_unref);
    }
  g_object_unref (dialog);
}

static void
choose_folders (LttvWindow *self, ChooseMode mode)
{
  GtkFileChooserNative *dialog =
    gtk_file_chooser_native_new (mode == CHOOSE_OPEN ? _("Open Traces") : _("Add Trace to Tab"),
                                 GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER,
                                 mode == CHOOSE_OPEN ? _("_Open") : _("_Add"), _("_Cancel"));

  gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (dialog), TRUE);
  g_object_set_data (G_OBJECT (dialog), "lttv-mode", GINT_TO_POINTER (mode));
  g_signal_connect (dialog, "response", G_CALLBACK (chooser_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

/* trace-cmd .dat recordings are files: a chooser of their own (a folder
 * chooser shows no file). */
static void
open_dat_activated (GSimpleAction *a, GVariant *p, gpointer self)
{
  GtkFileChooserNative *dialog =
    gtk_file_chooser_native_new (_("Open trace-cmd Recordings"), GTK_WINDOW (self),
                                 GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), _("_Cancel"));
  GtkFileFilter *dat = gtk_file_filter_new ();
  GtkFileFilter *all = gtk_file_filter_new ();

  gtk_file_filter_set_name (dat, _("trace-cmd recordings (*.dat)"));
  gtk_file_filter_add_pattern (dat, "*.dat");
  gtk_file_filter_set_name (all, _("All files"));
  gtk_file_filter_add_pattern (all, "*");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), dat);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), all);
  gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (dialog), TRUE);
  g_object_set_data (G_OBJECT (dialog), "lttv-mode", GINT_TO_POINTER (CHOOSE_OPEN));
  g_signal_connect (dialog, "response", G_CALLBACK (chooser_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
open_activated (GSimpleAction *a, GVariant *p, gpointer self)
{
  choose_folders (self, CHOOSE_OPEN);
}

static void
add_trace_activated (GSimpleAction *a, GVariant *p, gpointer self)
{
  choose_folders (self, CHOOSE_ADD);
}

static void
open_paths_activated (GSimpleAction *a, GVariant *p, gpointer self)
{
  g_autofree const char **paths = g_variant_get_strv (p, NULL);
  guint n = g_strv_length ((char **) paths);
  g_autofree GFile **files = g_new0 (GFile *, n + 1);

  for (guint i = 0; i < n; i++)
    files[i] = g_file_new_for_commandline_arg (paths[i]);
  if (n > 0)
    lttv_window_open_traces (self, files, n);
  for (guint i = 0; i < n; i++)
    g_object_unref (files[i]);
}

static void
new_tab_activated (GSimpleAction *a, GVariant *p, gpointer self)
{
  lttv_tab_add_default_viewers (lttv_window_new_tab (self));
}

static void
close_tab_activated (GSimpleAction *a, GVariant *p, gpointer self)
{
  LttvTab *tab = lttv_window_get_current_tab (self);
  if (tab != NULL)
    lttv_tab_close (tab);
}

/* Ctrl+Page Down/Up, from wherever the focus is, round the tabs. */
static void
step_tab (LttvWindow *self, int step)
{
  int n = gtk_notebook_get_n_pages (self->notebook);

  if (n > 1)
    gtk_notebook_set_current_page (self->notebook,
                                   (gtk_notebook_get_current_page (self->notebook) + step + n) % n);
}

static void
next_tab_activated (GSimpleAction *a, GVariant *p, gpointer self)
{
  step_tab (self, 1);
}

static void
previous_tab_activated (GSimpleAction *a, GVariant *p, gpointer self)
{
  step_tab (self, -1);
}

static LttvTimeContext *
current_tc (LttvWindow *self)
{
  LttvTab *tab = lttv_window_get_current_tab (self);
  return tab != NULL ? lttv_tab_get_time_context (tab) : NULL;
}

/* Zooms keep the current time in view when it is in the window. */
static LttvTime
zoom_centre (LttvTimeContext *tc)
{
  LttvTime start, end, t = lttv_time_context_get_current_time (tc);
  lttv_time_context_get_window (tc, &start, &end);
  return t >= start && t <= end ? t : start + (end - start) / 2;
}

static void
zoom_in_activated (GSimpleAction *a, GVariant *p, gpointer self)
{
  LttvTimeContext *tc = current_tc (self);
  if (tc != NULL)
    lttv_time_context_zoom (tc, ZOOM_STEP, zoom_centre (tc));
}

static void
zoom_out_activated (GSimpleAction *a, GVariant *p, gpointer self)
{
  LttvTimeContext *tc = current_tc (self);
  if (tc != NULL)
    lttv_time_context_zoom (tc, 1 / ZOOM_STEP, zoom_centre (tc));
}

static void
zoom_fit_activated (GSimpleAction *a, GVariant *p, gpointer self)
{
  LttvTimeContext *tc = current_tc (self);
  if (tc != NULL)
    lttv_time_context_zoom_fit (tc);
}

static void
zoom_selection_activated (GSimpleAction *a, GVariant *p, gpointer self)
{
  LttvTimeContext *tc = current_tc (self);
  if (tc != NULL)
    lttv_time_context_zoom_selection (tc);
}

static void
back_activated (GSimpleAction *a, GVariant *p, gpointer self)
{
  LttvTimeContext *tc = current_tc (self);
  if (tc != NULL)
    lttv_time_context_go_back (tc);
}

static void
forward_activated (GSimpleAction *a, GVariant *p, gpointer self)
{
  LttvTimeContext *tc = current_tc (self);
  if (tc != NULL)
    lttv_time_context_go_forward (tc);
}

static void
goto_time_activated (GSimpleAction *a, GVariant *p, gpointer self)
{
  LttvTab *tab = lttv_window_get_current_tab (self);
  if (tab != NULL)
    lttv_tab_focus_current_time (tab);
}

/* "T0,T1" (or one time) in any form the time bar takes. */
static gboolean
parse_times (LttvWindow *self, const char *text, LttvTime *t, int n)
{
  LttvTimeContext *tc = current_tc (self);
  g_auto (GStrv) parts = g_strsplit (text, ",", -1);
  LttvTime origin = 0;
  g_autoptr (GError) error = NULL;

  lttv_time_context_get_bounds (tc, &origin, NULL);
  if ((int) g_strv_length (parts) != n)
    {
      g_printerr (_("lttv-gui: “%s”: expected %d time(s) separated by a comma\n"), text, n);
      return FALSE;
    }
  for (int i = 0; i < n; i++)
    if (!lttv_time_text_parse (parts[i], LTTV_TIME_FORMAT_SECONDS, origin, &t[i], &error))
      {
        g_printerr ("lttv-gui: %s\n", error->message);
        return FALSE;
      }
  return TRUE;
}

static void
set_window_activated (GSimpleAction *a, GVariant *p, gpointer self)
{
  LttvTime t[2];
  if (current_tc (self) != NULL && parse_times (self, g_variant_get_string (p, NULL), t, 2))
    lttv_time_context_set_window (current_tc (self), t[0], t[1]);
}

static void
set_current_time_activated (GSimpleAction *a, GVariant *p, gpointer self)
{
  LttvTime t[1];
  if (current_tc (self) != NULL && parse_times (self, g_variant_get_string (p, NULL), t, 1))
    lttv_time_context_set_current_time (current_tc (self), t[0]);
}

static void
set_selection_activated (GSimpleAction *a, GVariant *p, gpointer self)
{
  LttvTime t[2];
  if (current_tc (self) != NULL && parse_times (self, g_variant_get_string (p, NULL), t, 2))
    lttv_time_context_set_selection (current_tc (self), t[0], t[1]);
}

/* The tab's filter expression (the viewers' filter bar shows it). */
static void
set_filter_activated (GSimpleAction *a, GVariant *p, gpointer self)
{
  if (current_tc (self) != NULL)
    lttv_time_context_set_filter (current_tc (self), g_variant_get_string (p, NULL));
}

static void
add_viewer_activated (GSimpleAction *a, GVariant *p, gpointer self)
{
  LttvTab *tab = lttv_window_get_current_tab (self);
  const char *id = g_variant_get_string (p, NULL);

  if (tab != NULL && !lttv_tab_add_viewer (tab, id))
    g_printerr (_("lttv-gui: no viewer “%s” (see lttv-gui --list-views)\n"), id);
}

/* Renders a viewer of the current tab, at the tab's window, into a file. */
static void
export_view_activated (GSimpleAction *a, GVariant *p, gpointer self)
{
  LttvTab *tab = lttv_window_get_current_tab (self);
  const char *view, *file;
  int width, height;
  g_autoptr (GError) error = NULL;

  g_variant_get (p, "(&s&sii)", &view, &file, &width, &height);
  if (tab == NULL)
    return;
  if (!lttv_export_tab_view (tab, view, file, width, height, &error))
    g_printerr ("lttv-gui: %s\n", error->message);
}

/* Maximises the viewer with the focus (else the dock's current one), or
 * restores the tab's others. */
static void
maximise_viewer_activated (GSimpleAction *a, GVariant *p, gpointer self)
{
  LttvTab *tab = lttv_window_get_current_tab (self);
  int index = tab != NULL ? lttv_tab_get_focus_viewer (tab) : -1;

  if (index >= 0)
    lttv_tab_toggle_maximised (tab, (guint) index);
}

static void
add_bookmark_activated (GSimpleAction *a, GVariant *p, gpointer self)
{
  LttvTab *tab = lttv_window_get_current_tab (self);
  if (tab != NULL)
    lttv_bookmarks_dialog_add (GTK_WINDOW (self), tab);
}

static void
bookmarks_activated (GSimpleAction *a, GVariant *p, gpointer self)
{
  LttvTab *tab = lttv_window_get_current_tab (self);
  if (tab != NULL)
    lttv_bookmarks_dialog_list (GTK_WINDOW (self), tab);
}

static void
next_bookmark_activated (GSimpleAction *a, GVariant *p, gpointer self)
{
  LttvTab *tab = lttv_window_get_current_tab (self);
  if (tab != NULL && !lttv_bookmarks_step (tab, TRUE))
    gtk_widget_error_bell (GTK_WIDGET (self));
}

static void
previous_bookmark_activated (GSimpleAction *a, GVariant *p, gpointer self)
{
  LttvTab *tab = lttv_window_get_current_tab (self);
  if (tab != NULL && !lttv_bookmarks_step (tab, FALSE))
    gtk_widget_error_bell (GTK_WIDGET (self));
}

static void
remove_trace_activated (GSimpleAction *a, GVariant *p, gpointer self)
{
  LttvTab *tab = lttv_window_get_current_tab (self);
  if (tab != NULL)
    lttv_remove_trace_dialog_show (GTK_WINDOW (self), tab);
}

static const GActionEntry win_actions[] = {
  { "add-bookmark", add_bookmark_activated, NULL, NULL, NULL, { 0 } },
  { "bookmarks", bookmarks_activated, NULL, NULL, NULL, { 0 } },
  { "next-bookmark", next_bookmark_activated, NULL, NULL, NULL, { 0 } },
  { "previous-bookmark", previous_bookmark_activated, NULL, NULL, NULL, { 0 } },
  { "remove-trace", remove_trace_activated, NULL, NULL, NULL, { 0 } },
  { "open", open_activated, NULL, NULL, NULL, { 0 } },
  { "open-dat", open_dat_activated, NULL, NULL, NULL, { 0 } },
  { "add-trace", add_trace_activated, NULL, NULL, NULL, { 0 } },
  { "open-paths", open_paths_activated, "as", NULL, NULL, { 0 } },
  { "new-tab", new_tab_activated, NULL, NULL, NULL, { 0 } },
  { "close-tab", close_tab_activated, NULL, NULL, NULL, { 0 } },
  { "next-tab", next_tab_activated, NULL, NULL, NULL, { 0 } },
  { "previous-tab", previous_tab_activated, NULL, NULL, NULL, { 0 } },
  { "zoom-in", zoom_in_activated, NULL, NULL, NULL, { 0 } },
  { "zoom-out", zoom_out_activated, NULL, NULL, NULL, { 0 } },
  { "zoom-fit", zoom_fit_activated, NULL, NULL, NULL, { 0 } },
  { "zoom-selection", zoom_selection_activated, NULL, NULL, NULL, { 0 } },
  { "back", back_activated, NULL, NULL, NULL, { 0 } },
  { "forward", forward_activated, NULL, NULL, NULL, { 0 } },
  { "goto-time", goto_time_activated, NULL, NULL, NULL, { 0 } },
  { "set-window", set_window_activated, "s", NULL, NULL, { 0 } },
  { "set-current-time", set_current_time_activated, "s", NULL, NULL, { 0 } },
  { "set-selection", set_selection_activated, "s", NULL, NULL, { 0 } },
  { "set-filter", set_filter_activated, "s", NULL, NULL, { 0 } },
  { "add-viewer", add_viewer_activated, "s", NULL, NULL, { 0 } },
  { "maximise-viewer", maximise_viewer_activated, NULL, NULL, NULL, { 0 } },
  { "export-view", export_view_activated, "(ssii)", NULL, NULL, { 0 } },
};

/* --- Toolbar, drag and drop ---------------------------------------------- */

static void
add_viewer_buttons (LttvWindow *self)
{
  GPtrArray *viewers = lttv_module_host_get_viewers ();
  int pos = gtk_toolbar_get_item_index (self->toolbar, GTK_TOOL_ITEM (self->viewer_separator)) + 1;

  for (guint i = 0; i < viewers->len; i++)
    {
      const LttvViewerInfo *info = ((LttvViewerEntry *) viewers->pdata[i])->info;
      GtkToolItem *item = gtk_tool_button_new (NULL, lttv_viewer_info_get_label (info));
      g_autofree char *target = g_strdup_printf ("win.add-viewer('%s')", info->id);
      g_autofree char *tooltip = g_strdup_printf (_("Add a %s viewer to this tab"), info->id);

      gtk_tool_button_set_use_underline (GTK_TOOL_BUTTON (item), TRUE);
      gtk_tool_button_set_icon_name (GTK_TOOL_BUTTON (item),
                                     info->icon_name != NULL ? info->icon_name : "view-grid-symbolic");
      gtk_actionable_set_detailed_action_name (GTK_ACTIONABLE (item), target);
      gtk_widget_set_tooltip_text (GTK_WIDGET (item), tooltip);
      gtk_widget_show (GTK_WIDGET (item));
      gtk_toolbar_insert (self->toolbar, item, pos++);
    }
}

static void
drag_data_received_cb (GtkWidget *widget, GdkDragContext *context, int x, int y,
                       GtkSelectionData *data, guint info, guint time, LttvWindow *self)
{
  g_auto (GStrv) uris = gtk_selection_data_get_uris (data);
  guint n = uris != NULL ? g_strv_length (uris) : 0;
  g_autofree GFile **files = g_new0 (GFile *, n + 1);

  for (guint i = 0; i < n; i++)
    files[i] = g_file_new_for_uri (uris[i]);
  if (n > 0)
    lttv_window_open_traces (self, files, n);
  for (guint i = 0; i < n; i++)
    g_object_unref (files[i]);
  gtk_drag_finish (context, n > 0, FALSE, time);
}

static void
switch_page_cb (GtkNotebook *notebook, GtkWidget *page, guint num, LttvWindow *self)
{
  update_actions (self);
}

static void
page_removed_cb (GtkNotebook *notebook, GtkWidget *page, guint num, LttvWindow *self)
{
  update_actions (self);
}

static void
lttv_window_class_init (LttvWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_set_template_from_resource (widget_class, "/org/lttv/Lttv/lttv-window.ui");
  gtk_widget_class_bind_template_child (widget_class, LttvWindow, toolbar);
  gtk_widget_class_bind_template_child (widget_class, LttvWindow, bar_row);
  gtk_widget_class_bind_template_child (widget_class, LttvWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, LttvWindow, notebook);
  gtk_widget_class_bind_template_child (widget_class, LttvWindow, viewer_separator);
  gtk_widget_class_bind_template_callback (widget_class, switch_page_cb);
  gtk_widget_class_bind_template_callback (widget_class, page_removed_cb);
}

static void
lttv_window_init (LttvWindow *self)
{
  lttv_tab_add_compact_style ();
  gtk_widget_init_template (GTK_WIDGET (self));
  g_action_map_add_action_entries (G_ACTION_MAP (self), win_actions, G_N_ELEMENTS (win_actions), self);
  add_viewer_buttons (self);
  /* (the toolbar keeps its natural width; the status takes what is left) */
  self->status_slot = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  gtk_widget_set_hexpand (self->status_slot, TRUE);
  gtk_widget_show (self->status_slot);
  gtk_box_pack_end (GTK_BOX (self->bar_row), self->status_slot, TRUE, TRUE, 0);
  lttv_live_window_setup (self, self->toolbar, self->notebook);
  lttv_session_window_setup (self);
  gtk_drag_dest_set (GTK_WIDGET (self), GTK_DEST_DEFAULT_ALL, NULL, 0, GDK_ACTION_COPY);
  gtk_drag_dest_add_uri_targets (GTK_WIDGET (self));
  g_signal_connect (self, "drag-data-received", G_CALLBACK (drag_data_received_cb), self);
  update_actions (self);
}

LttvWindow *
lttv_window_new (LttvApplication *app)
{
  /* (a construct property: the template's value would not hold) */
  LttvWindow *self = g_object_new (LTTV_TYPE_WINDOW, "application", app, "show-menubar", FALSE, NULL);
  GMenuModel *menus = app != NULL ? gtk_application_get_menubar (GTK_APPLICATION (app)) : NULL;

  /* The menus left of the toolbar, in one row (F10 and the mnemonics work
   * for a menu bar anywhere in the window). */
  if (menus != NULL)
    {
      GtkWidget *bar = gtk_menu_bar_new_from_model (menus);
      gtk_widget_set_valign (bar, GTK_ALIGN_CENTER);
      gtk_widget_show (bar);
      gtk_box_pack_start (GTK_BOX (self->bar_row), bar, FALSE, FALSE, 0);
      gtk_box_reorder_child (GTK_BOX (self->bar_row), bar, 0);
    }
  return self;
}
