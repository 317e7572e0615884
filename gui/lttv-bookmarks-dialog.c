/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "lttv-bookmarks-dialog.h"
#include "lttv-marks-private.h"
#include "lttv-time-text.h"

/* --- Going to a bookmark ------------------------------------------------- */

void
lttv_bookmarks_go_to (LttvTab *tab, guint i)
{
  LttvBookmarks *store = lttv_tab_get_bookmarks (tab);
  LttvTimeContext *tc = lttv_tab_get_time_context (tab);
  const LttvBookmark *b;
  LttvTime w0, w1;

  if (i >= lttv_bookmarks_n (store))
    return;
  b = lttv_bookmarks_get (store, i);
  lttv_time_context_get_window (tc, &w0, &w1);
  /* The window moves only when the bookmark is not in it, keeping its span
   * (or taking the bookmark's range when that is wider). */
  if (b->start < w0 || b->end > w1)
    {
      LttvTime span = MAX (w1 - w0, b->end - b->start + (b->end - b->start) / 4);
      LttvTime mid = b->start + (b->end - b->start) / 2;
      LttvTime s = mid > span / 2 ? mid - span / 2 : 0;
      lttv_time_context_set_window (tc, s, s + span);
    }
  lttv_time_context_set_current_time (tc, b->start);
  if (b->end > b->start)
    lttv_time_context_set_selection (tc, b->start, b->end);
}

gboolean
lttv_bookmarks_step (LttvTab *tab, gboolean forward)
{
  LttvTimeContext *tc = lttv_tab_get_time_context (tab);
  int i = lttv_bookmarks_next (lttv_tab_get_bookmarks (tab),
                               lttv_time_context_get_current_time (tc), forward);
  if (i < 0)
    return FALSE;
  lttv_bookmarks_go_to (tab, (guint) i);
  return TRUE;
}

/* --- Adding one ---------------------------------------------------------- */

static void
colour_palette (GtkColorChooser *chooser)
{
  GdkRGBA colours[4];
  for (guint i = 0; i < G_N_ELEMENTS (colours); i++)
    colours[i] = lttv_bookmarks_default_colour (i);
  gtk_color_chooser_add_palette (chooser, GTK_ORIENTATION_HORIZONTAL, 4, G_N_ELEMENTS (colours), colours);
}

typedef struct
{
  LttvTab *tab;
  LttvTime start, end;
  GtkWidget *name, *note, *colour;
} AddData;

static void
add_data_free (gpointer p, GClosure *closure)
{
  AddData *d = p;
  g_object_unref (d->tab);
  g_free (d);
}

static void
add_response_cb (GtkDialog *dialog, int response, AddData *d)
{
  if (response == GTK_RESPONSE_OK)
    {
      GdkRGBA colour;
      const char *name = gtk_entry_get_text (GTK_ENTRY (d->name));
      gtk_color_chooser_get_rgba (GTK_COLOR_CHOOSER (d->colour), &colour);
      lttv_bookmarks_add (lttv_tab_get_bookmarks (d->tab), d->start, d->end,
                          name[0] != '\0' ? name : gtk_entry_get_placeholder_text (GTK_ENTRY (d->name)),
                          gtk_entry_get_text (GTK_ENTRY (d->note)), &colour);
    }
  gtk_widget_destroy (GTK_WIDGET (dialog));
}

/* Return in a field adds the bookmark. */
static void
entry_activate_cb (GtkDialog *dialog)
{
  gtk_dialog_response (dialog, GTK_RESPONSE_OK);
}

static GtkWidget *
grid_row (GtkGrid *grid, int row, const char *label, GtkWidget *field)
{
  GtkWidget *l = gtk_label_new_with_mnemonic (label);
  gtk_label_set_xalign (GTK_LABEL (l), 1);
  gtk_style_context_add_class (gtk_widget_get_style_context (l), "dim-label");
  gtk_label_set_mnemonic_widget (GTK_LABEL (l), field);
  gtk_widget_set_hexpand (field, TRUE);
  gtk_grid_attach (grid, l, 0, row, 1, 1);
  gtk_grid_attach (grid, field, 1, row, 1, 1);
  return field;
}

GtkWidget *
lttv_bookmarks_dialog_add (GtkWindow *parent, LttvTab *tab)
{
  LttvTimeContext *tc = lttv_tab_get_time_context (tab);
  LttvBookmarks *store = lttv_tab_get_bookmarks (tab);
  GtkWidget *dialog = gtk_dialog_new_with_buttons (_("Add Bookmark"), parent,
                                                   GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                                   _("_Cancel"), GTK_RESPONSE_CANCEL,
                                                   _("_Add"), GTK_RESPONSE_OK, NULL);
  GtkWidget *grid = gtk_grid_new ();
  AddData *d = g_new0 (AddData, 1);
  LttvTime origin = 0;
  g_autofree char *where = NULL, *placeholder = NULL;
  GdkRGBA colour = lttv_bookmarks_default_colour (lttv_bookmarks_n (store));

  d->tab = g_object_ref (tab);
  lttv_time_context_get_bounds (tc, &origin, NULL);
  if (!lttv_time_context_get_selection (tc, &d->start, &d->end))
    {
      g_autofree char *t = NULL;
      d->start = d->end = lttv_time_context_get_current_time (tc);
      t = lttv_time_text_format (d->start, lttv_time_text_get_format (), origin);
      where = g_strdup_printf (_("At the current time, %s"), t);
    }
  else
    {
      g_autofree char *range = lttv_marks_selection_text (d->start, d->end, origin);
      where = g_strdup_printf (_("On the selection: %s"), range);
    }
  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  g_object_set (grid, "margin", 12, NULL);
  GtkWidget *where_label = gtk_label_new (where);
  gtk_label_set_xalign (GTK_LABEL (where_label), 0);
  gtk_label_set_line_wrap (GTK_LABEL (where_label), TRUE);
  gtk_grid_attach (GTK_GRID (grid), where_label, 0, 0, 2, 1);
  d->name = grid_row (GTK_GRID (grid), 1, _("_Name"), gtk_entry_new ());
  placeholder = g_strdup_printf (_("Bookmark %u"), lttv_bookmarks_n (store) + 1);
  gtk_entry_set_placeholder_text (GTK_ENTRY (d->name), placeholder);
  g_signal_connect_swapped (d->name, "activate", G_CALLBACK (entry_activate_cb), dialog);
  d->note = grid_row (GTK_GRID (grid), 2, _("N_ote"), gtk_entry_new ());
  g_signal_connect_swapped (d->note, "activate", G_CALLBACK (entry_activate_cb), dialog);
  d->colour = grid_row (GTK_GRID (grid), 3, _("_Colour"), gtk_color_button_new_with_rgba (&colour));
  gtk_widget_set_hexpand (d->colour, FALSE);
  gtk_widget_set_halign (d->colour, GTK_ALIGN_START);
  colour_palette (GTK_COLOR_CHOOSER (d->colour));
  gtk_widget_set_tooltip_text (d->colour, _("The colour it is drawn in on every timeline"));
  gtk_container_add (GTK_CONTAINER (gtk_dialog_get_content_area (GTK_DIALOG (dialog))), grid);
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_OK);
  g_signal_connect_data (dialog, "response", G_CALLBACK (add_response_cb), d,
                         add_data_free, 0);
  gtk_widget_show_all (dialog);
  gtk_widget_grab_focus (d->name);
  return dialog;
}

/* --- The list ------------------------------------------------------------ */

enum { COL_COLOUR, COL_NAME, COL_TIME, COL_NOTE, N_COLS };

typedef struct
{
  LttvTab *tab;
  GtkListStore *list;
  GtkTreeView *view;
  GtkWidget *go, *delete;
  gulong changed_id;
} ListData;

static void
list_fill (ListData *d)
{
  LttvBookmarks *store = lttv_tab_get_bookmarks (d->tab);
  LttvTime origin = 0;

  lttv_time_context_get_bounds (lttv_tab_get_time_context (d->tab), &origin, NULL);
  gtk_list_store_clear (d->list);
  for (guint i = 0; i < lttv_bookmarks_n (store); i++)
    {
      const LttvBookmark *b = lttv_bookmarks_get (store, i);
      g_autofree char *colour = gdk_rgba_to_string (&b->colour);
      g_autofree char *t = lttv_time_text_format (b->start, lttv_time_text_get_format (), origin);
      g_autofree char *d_text = b->end > b->start ? lttv_marks_duration_text (b->end - b->start) : NULL;
      g_autofree char *when = d_text != NULL ? g_strdup_printf ("%s (%s)", t, d_text) : g_strdup (t);
      gtk_list_store_insert_with_values (d->list, NULL, -1, COL_COLOUR, colour, COL_NAME, b->name,
                                         COL_TIME, when, COL_NOTE, b->note != NULL ? b->note : "", -1);
    }
}

static int
selected_index (ListData *d)
{
  GtkTreeModel *model;
  GtkTreeIter iter;
  if (!gtk_tree_selection_get_selected (gtk_tree_view_get_selection (d->view), &model, &iter))
    return -1;
  g_autoptr (GtkTreePath) path = gtk_tree_model_get_path (model, &iter);
  return gtk_tree_path_get_indices (path)[0];
}

static void
selection_changed_cb (GtkTreeSelection *sel, ListData *d)
{
  gboolean any = selected_index (d) >= 0;
  gtk_widget_set_sensitive (d->go, any);
  gtk_widget_set_sensitive (d->delete, any);
}

static void
store_changed_cb (LttvBookmarks *store, ListData *d)
{
  list_fill (d);
}

static void
edited (ListData *d, const char *path, const char *text, gboolean name)
{
  g_autoptr (GtkTreePath) p = gtk_tree_path_new_from_string (path);
  int i = p != NULL ? gtk_tree_path_get_indices (p)[0] : -1;
  if (i >= 0 && (guint) i < lttv_bookmarks_n (lttv_tab_get_bookmarks (d->tab)))
    lttv_bookmarks_update (lttv_tab_get_bookmarks (d->tab), i, name ? text : NULL, name ? NULL : text, NULL);
}

static void name_edited_cb (GtkCellRendererText *r, char *path, char *text, ListData *d) { edited (d, path, text, TRUE); }
static void note_edited_cb (GtkCellRendererText *r, char *path, char *text, ListData *d) { edited (d, path, text, FALSE); }

static void
row_activated_cb (GtkTreeView *view, GtkTreePath *path, GtkTreeViewColumn *col, ListData *d)
{
  lttv_bookmarks_go_to (d->tab, gtk_tree_path_get_indices (path)[0]);
}

/* The Delete key deletes the selected bookmark. */
static gboolean
view_key_cb (GtkWidget *view, GdkEventKey *event, ListData *d)
{
  int i = selected_index (d);
  if (event->keyval != GDK_KEY_Delete || i < 0)
    return FALSE;
  lttv_bookmarks_remove (lttv_tab_get_bookmarks (d->tab), i);
  return TRUE;
}

static void
list_response_cb (GtkDialog *dialog, int response, ListData *d)
{
  int i = selected_index (d);

  if (response == 1 && i >= 0)
    lttv_bookmarks_go_to (d->tab, i);
  else if (response == 2 && i >= 0)
    lttv_bookmarks_remove (lttv_tab_get_bookmarks (d->tab), i);
  else
    gtk_widget_destroy (GTK_WIDGET (dialog));
}

static void
list_data_free (gpointer p, GClosure *closure)
{
  ListData *d = p;
  g_signal_handler_disconnect (lttv_tab_get_bookmarks (d->tab), d->changed_id);
  g_object_unref (d->tab);
  g_object_unref (d->list);
  g_free (d);
}

static void
column (ListData *d, const char *title, int col, GCallback edited_cb)
{
  GtkCellRenderer *r = gtk_cell_renderer_text_new ();
  GtkTreeViewColumn *c = gtk_tree_view_column_new_with_attributes (title, r, "text", col, NULL);
  if (edited_cb != NULL)
    {
      g_object_set (r, "editable", TRUE, NULL);
      g_signal_connect (r, "edited", edited_cb, d);
    }
  gtk_tree_view_column_set_resizable (c, TRUE);
  gtk_tree_view_column_set_expand (c, col == COL_NOTE);
  gtk_tree_view_append_column (d->view, c);
}

GtkWidget *
lttv_bookmarks_dialog_list (GtkWindow *parent, LttvTab *tab)
{
  GtkWidget *dialog = gtk_dialog_new_with_buttons (_("Bookmarks"), parent, GTK_DIALOG_DESTROY_WITH_PARENT,
                                                   NULL, NULL);
  GtkWidget *scrolled = gtk_scrolled_window_new (NULL, NULL);
  ListData *d = g_new0 (ListData, 1);
  GtkCellRenderer *swatch = gtk_cell_renderer_text_new ();

  d->tab = g_object_ref (tab);
  d->list = gtk_list_store_new (N_COLS, G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRING);
  d->view = GTK_TREE_VIEW (gtk_tree_view_new_with_model (GTK_TREE_MODEL (d->list)));
  g_object_set (swatch, "text", "    ", NULL);
  gtk_tree_view_append_column (d->view, gtk_tree_view_column_new_with_attributes ("", swatch, "background", COL_COLOUR, NULL));
  column (d, _("Name"), COL_NAME, G_CALLBACK (name_edited_cb));
  column (d, _("Time"), COL_TIME, NULL);
  column (d, _("Note"), COL_NOTE, G_CALLBACK (note_edited_cb));
  gtk_widget_set_tooltip_text (GTK_WIDGET (d->view), _("Double-click a bookmark to go to it; "
                                                       "click its name or note to change it; "
                                                       "Delete deletes it"));
  d->go = gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Go To"), 1);
  d->delete = gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Delete"), 2);
  gtk_style_context_add_class (gtk_widget_get_style_context (d->delete), "destructive-action");
  gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Close"), GTK_RESPONSE_CLOSE);
  gtk_widget_set_tooltip_text (d->go, _("Move the current time to the bookmark"));
  gtk_widget_set_tooltip_text (d->delete, _("Delete the bookmark"));
  gtk_container_add (GTK_CONTAINER (scrolled), GTK_WIDGET (d->view));
  gtk_widget_set_vexpand (scrolled, TRUE);
  gtk_container_add (GTK_CONTAINER (gtk_dialog_get_content_area (GTK_DIALOG (dialog))), scrolled);
  gtk_window_set_default_size (GTK_WINDOW (dialog), 560, 320);
  list_fill (d);
  d->changed_id = g_signal_connect (lttv_tab_get_bookmarks (tab), "changed", G_CALLBACK (store_changed_cb), d);
  g_signal_connect (gtk_tree_view_get_selection (d->view), "changed", G_CALLBACK (selection_changed_cb), d);
  g_signal_connect (d->view, "row-activated", G_CALLBACK (row_activated_cb), d);
  g_signal_connect (d->view, "key-press-event", G_CALLBACK (view_key_cb), d);
  g_signal_connect_data (dialog, "response", G_CALLBACK (list_response_cb), d, list_data_free, 0);
  selection_changed_cb (NULL, d);
  gtk_widget_show_all (dialog);
  return dialog;
}
