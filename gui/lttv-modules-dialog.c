/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "lttv-module-host.h"
#include "lttv-modules-dialog.h"

enum { COL_NAME, COL_VERSION, COL_STATUS, COL_FILE, N_COLS };

struct _LttvModulesDialog
{
  GtkDialog parent_instance;

  GtkTreeView *view;
  GtkListStore *store;
};

G_DEFINE_TYPE (LttvModulesDialog, lttv_modules_dialog, GTK_TYPE_DIALOG)

static void
fill (LttvModulesDialog *self)
{
  GPtrArray *modules = lttv_module_host_get_modules ();

  for (guint i = 0; i < modules->len; i++)
    {
      LttvModuleRecord *r = modules->pdata[i];
      GtkTreeIter iter;

      gtk_list_store_append (self->store, &iter);
      gtk_list_store_set (self->store, &iter,
                          COL_NAME, r->name != NULL ? r->name : "?",
                          COL_VERSION, r->version != NULL ? r->version : "",
                          COL_STATUS, r->loaded ? _("Loaded") : r->reason,
                          COL_FILE, r->file, -1);
    }
}

static void
add_column (LttvModulesDialog *self, const char *title, int col, gboolean expand)
{
  GtkCellRenderer *cell = gtk_cell_renderer_text_new ();
  GtkTreeViewColumn *column = gtk_tree_view_column_new_with_attributes (title, cell, "text", col, NULL);

  if (expand)
    g_object_set (cell, "wrap-mode", PANGO_WRAP_WORD_CHAR, "wrap-width", 320, NULL);
  gtk_tree_view_column_set_resizable (column, TRUE);
  gtk_tree_view_column_set_expand (column, expand);
  gtk_tree_view_append_column (self->view, column);
}

static void
lttv_modules_dialog_class_init (LttvModulesDialogClass *klass)
{
}

static void
lttv_modules_dialog_init (LttvModulesDialog *self)
{
  GtkWidget *scrolled = gtk_scrolled_window_new (NULL, NULL);
  GtkWidget *area = gtk_dialog_get_content_area (GTK_DIALOG (self));

  self->store = gtk_list_store_new (N_COLS, G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRING);
  self->view = GTK_TREE_VIEW (gtk_tree_view_new_with_model (GTK_TREE_MODEL (self->store)));
  g_object_unref (self->store);
  add_column (self, _("Module"), COL_NAME, FALSE);
  add_column (self, _("Version"), COL_VERSION, FALSE);
  add_column (self, _("Status"), COL_STATUS, TRUE);
  add_column (self, _("File"), COL_FILE, TRUE);
  gtk_tree_view_set_tooltip_column (self->view, COL_FILE);
  gtk_container_add (GTK_CONTAINER (scrolled), GTK_WIDGET (self->view));
  gtk_widget_set_vexpand (scrolled, TRUE);
  gtk_container_add (GTK_CONTAINER (area), scrolled);
  gtk_widget_show_all (scrolled);
  gtk_window_set_title (GTK_WINDOW (self), _("Modules"));
  gtk_window_set_default_size (GTK_WINDOW (self), 820, 360);
  fill (self);
}

GtkWidget *
lttv_modules_dialog_new (GtkWindow *parent)
{
  return g_object_new (LTTV_TYPE_MODULES_DIALOG, "transient-for", parent,
                       "use-header-bar", TRUE, NULL);
}
