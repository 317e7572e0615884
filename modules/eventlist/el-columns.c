/* SPDX-License-Identifier: GPL-2.0-or-later */
/* el-columns.c: the list's columns. Each can be hidden, moved and
 * resized; the choice is kept in $XDG_CONFIG_HOME/lttv/eventlist.ini. */
#include "config.h"

#include <string.h>

#include "el-private.h"

const char *const el_column_keys[EL_N_COLS] = {
  "time", "delta", "trace", "cpu", "event", "thread", "pid", "fields",
};

static const char *const titles[EL_N_COLS] = {
  N_("Time"), N_("Delta"), N_("Trace"), N_("CPU"), N_("Event"),
  N_("Thread"), N_("PID"), N_("Fields"),
};

static const char *const tips[EL_N_COLS] = {
  N_("Time of the event, in the format chosen in Preferences"),
  N_("Time since the row above"),
  N_("Trace the event comes from"),
  N_("CPU the event happened on"),
  N_("Event name"),
  N_("Thread that emitted the event: thread id and command name, from the state history"),
  N_("Process id of that thread"),
  N_("Payload and context fields, name = value"),
};

static const int default_widths[EL_N_COLS] = { 170, 125, 110, 45, 230, 170, 65, 600 };
static const gboolean default_visible[EL_N_COLS] = { TRUE, TRUE, FALSE, TRUE, TRUE, TRUE, TRUE, TRUE };

static char *
config_path (void)
{
  return g_build_filename (g_get_user_config_dir (), "lttv", "eventlist.ini", NULL);
}

static int
column_index (const char *key)
{
  for (int i = 0; i < EL_N_COLS; i++)
    if (strcmp (el_column_keys[i], key) == 0)
      return i;
  return -1;
}

void
el_columns_save (EventList *el)
{
  g_autoptr (GKeyFile) kf = g_key_file_new ();
  g_autofree char *path = config_path ();
  g_autoptr (GPtrArray) order = g_ptr_array_new ();
  GList *cols = gtk_tree_view_get_columns (GTK_TREE_VIEW (el->tree));
  for (GList *l = cols; l != NULL; l = l->next)
    {
      int i = GPOINTER_TO_INT (g_object_get_data (l->data, "el-column"));
      g_ptr_array_add (order, (gpointer) el_column_keys[i]);
      g_key_file_set_boolean (kf, el_column_keys[i], "visible",
                              gtk_tree_view_column_get_visible (l->data));
      g_key_file_set_integer (kf, el_column_keys[i], "width",
                              gtk_tree_view_column_get_fixed_width (l->data));
    }
  g_list_free (cols);
  g_key_file_set_string_list (kf, "columns", "order",
                              (const char *const *) order->pdata, order->len);
  g_autofree char *dir = g_path_get_dirname (path);
  g_mkdir_with_parents (dir, 0700);
  /* A preference that cannot be saved is not worth a dialog. */
  if (!g_key_file_save_to_file (kf, path, NULL))
    g_debug ("eventlist: cannot save %s", path);
}

static gboolean
save_later_cb (gpointer data)
{
  EventList *el = data;
  el->save_timer = 0;
  el_columns_save (el);
  return G_SOURCE_REMOVE;
}

/* Saved a moment after the last change: a drag resizes many times. */
static void
save_later (EventList *el)
{
  if (el->save_timer != 0)
    g_source_remove (el->save_timer);
  el->save_timer = g_timeout_add (400, save_later_cb, el);
}

static void
column_changed_cb (GObject *obj, GParamSpec *pspec, EventList *el)
{
  save_later (el);
}

static void
columns_changed_cb (GtkTreeView *tree, EventList *el)
{
  save_later (el);
}

/* A change not saved yet is saved while the columns still exist. */
static void
tree_destroy_cb (GtkWidget *tree, EventList *el)
{
  if (el->save_timer != 0)
    {
      g_clear_handle_id (&el->save_timer, g_source_remove);
      el_columns_save (el);
    }
  /* columns-changed fires while the tree empties itself: not a choice */
  g_signal_handlers_disconnect_by_data (tree, el);
  for (int i = 0; i < EL_N_COLS; i++)
    g_signal_handlers_disconnect_by_data (el->columns[i], el);
}

/* The saved order of the columns, the others after them in their
 * default order. */
static void
saved_order (GKeyFile *kf, gboolean loaded, int order[EL_N_COLS])
{
  gboolean placed[EL_N_COLS] = { FALSE };
  int n = 0;

  if (loaded)
    {
      g_auto (GStrv) keys = g_key_file_get_string_list (kf, "columns", "order", NULL, NULL);
      for (guint k = 0; keys != NULL && keys[k] != NULL; k++)
        {
          int i = column_index (keys[k]);
          if (i >= 0 && !placed[i])
            order[n++] = i, placed[i] = TRUE;
        }
    }
  for (int i = 0; i < EL_N_COLS; i++)
    if (!placed[i])
      order[n++] = i;
}

/* Column i's saved width and visibility, else the defaults. */
static void
saved_column (GKeyFile *kf, gboolean loaded, int i, int *width, gboolean *visible)
{
  GError *e = NULL;

  *width = loaded ? g_key_file_get_integer (kf, el_column_keys[i], "width", &e) : 0;
  if (e != NULL || *width < 20)
    *width = default_widths[i];
  g_clear_error (&e);
  *visible = loaded ? g_key_file_get_boolean (kf, el_column_keys[i], "visible", &e) : default_visible[i];
  if (e != NULL)
    *visible = default_visible[i];
  g_clear_error (&e);
}

void
el_columns_setup (EventList *el)
{
  g_autoptr (GKeyFile) kf = g_key_file_new ();
  g_autofree char *path = config_path ();
  gboolean loaded = g_key_file_load_from_file (kf, path, G_KEY_FILE_NONE, NULL);
  int order[EL_N_COLS];

  saved_order (kf, loaded, order);
  for (int k = 0; k < EL_N_COLS; k++)
    {
      int i = order[k];
      GtkCellRenderer *r = gtk_cell_renderer_text_new ();
      /* (rows a line of text high: ten events in a laptop's dock) */
      g_object_set (r, "ypad", 0, NULL);
      if (i == EL_COL_CPU || i == EL_COL_PID || i == EL_COL_DELTA)
        g_object_set (r, "xalign", 1.0, NULL);
      if (i == EL_COL_TIME || i == EL_COL_DELTA)
        g_object_set (r, "family", "Monospace", NULL);
      g_object_set (r, "ellipsize", i == EL_COL_FIELDS ? PANGO_ELLIPSIZE_END : PANGO_ELLIPSIZE_MIDDLE, NULL);
      GtkTreeViewColumn *c = gtk_tree_view_column_new_with_attributes (_(titles[i]), r, "text", i,
                                                                       "cell-background", EL_STORE_MARK,
                                                                       "foreground", EL_STORE_MARK_TEXT,
                                                                       NULL);
      g_object_set_data (G_OBJECT (c), "el-column", GINT_TO_POINTER (i));
      gtk_tree_view_column_set_sizing (c, GTK_TREE_VIEW_COLUMN_FIXED);
      int w;
      gboolean v;
      saved_column (kf, loaded, i, &w, &v);
      gtk_tree_view_column_set_fixed_width (c, w);
      gtk_tree_view_column_set_visible (c, v);
      gtk_tree_view_column_set_resizable (c, TRUE);
      gtk_tree_view_column_set_reorderable (c, TRUE);
      gtk_tree_view_column_set_expand (c, i == EL_COL_FIELDS);
      /* The header gets its tooltip through a label widget. */
      GtkWidget *label = gtk_label_new (_(titles[i]));
      gtk_widget_set_tooltip_text (label, _(tips[i]));
      gtk_widget_show (label);
      gtk_tree_view_column_set_widget (c, label);
      gtk_tree_view_append_column (GTK_TREE_VIEW (el->tree), c);
      el->columns[i] = c;
      g_signal_connect (c, "notify::fixed-width", G_CALLBACK (column_changed_cb), el);
      g_signal_connect (c, "notify::visible", G_CALLBACK (column_changed_cb), el);
    }
  g_signal_connect (el->tree, "columns-changed", G_CALLBACK (columns_changed_cb), el);
  g_signal_connect (el->tree, "destroy", G_CALLBACK (tree_destroy_cb), el);
}

/* The columns to show, in order, with their widths, as the list would
 * (for drawing without a widget). Returns how many. */
guint
el_columns_layout (int order[EL_N_COLS], int widths[EL_N_COLS])
{
  g_autoptr (GKeyFile) kf = g_key_file_new ();
  g_autofree char *path = config_path ();
  gboolean loaded = g_key_file_load_from_file (kf, path, G_KEY_FILE_NONE, NULL);
  int all[EL_N_COLS];
  guint shown = 0;

  saved_order (kf, loaded, all);
  for (int k = 0; k < EL_N_COLS; k++)
    {
      int i = all[k], w;
      gboolean v;
      saved_column (kf, loaded, i, &w, &v);
      if (v)
        {
          order[shown] = i;
          widths[shown++] = w;
        }
    }
  return shown;
}

const char *
el_column_title (int i)
{
  return _(titles[i]);
}

static void
toggle_cb (GtkCheckMenuItem *item, EventList *el)
{
  int i = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (item), "el-column"));
  gtk_tree_view_column_set_visible (el->columns[i], gtk_check_menu_item_get_active (item));
}

/* The menu of the Columns button: one check item per column. */
GtkWidget *
el_columns_menu (EventList *el)
{
  GtkWidget *menu = gtk_menu_new ();
  for (int i = 0; i < EL_N_COLS; i++)
    {
      GtkWidget *item = gtk_check_menu_item_new_with_label (_(titles[i]));
      gtk_check_menu_item_set_active (GTK_CHECK_MENU_ITEM (item),
                                      gtk_tree_view_column_get_visible (el->columns[i]));
      gtk_widget_set_tooltip_text (item, _(tips[i]));
      g_object_set_data (G_OBJECT (item), "el-column", GINT_TO_POINTER (i));
      g_signal_connect (item, "toggled", G_CALLBACK (toggle_cb), el);
      gtk_menu_shell_append (GTK_MENU_SHELL (menu), item);
    }
  gtk_widget_show_all (menu);
  return menu;
}
