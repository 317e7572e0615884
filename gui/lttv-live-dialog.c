/* SPDX-License-Identifier: GPL-2.0-or-later */
/* lttv-live-dialog.h. The listing talks to the network (up to the live
 * timeout): it runs in a worker; an answer that comes after a newer
 * Refresh, or after the dialog closed, is dropped. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include <lttv/live.h>

#include "lttv-live-dialog.h"

enum { COL_NAME, COL_HOST, COL_STREAMS, COL_CLIENTS, COL_URL, N_COLS };

typedef struct
{
  GtkWidget *dialog;
  GtkEntry *host;
  GtkSpinButton *port;
  GtkListStore *store;
  GtkTreeView *view;
  GtkLabel *message;
  GtkWidget *refresh;
  guint generation;      /* of the newest Refresh */
  gboolean gone;         /* the dialog was destroyed */
  LttvLiveAttachFunc attach;
  gpointer data;
  GtkWindow *parent;
} Dialog;

/* What the user typed last, for the next dialog. */
static char *last_host;
static int last_port = 5344;

typedef struct
{
  Dialog *d;
  guint generation;
  char *url;
  GPtrArray *sessions;
  GError *error;
} Listing;

static void
dialog_unref (Dialog *d)
{
  g_rc_box_release (d);
}

static void
listing_free (Listing *l)
{
  dialog_unref (l->d);
  g_free (l->url);
  g_clear_pointer (&l->sessions, g_ptr_array_unref);
  g_clear_error (&l->error);
  g_free (l);
}

static void
list_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Listing *l = data;

  l->sessions = lttv_live_list_sessions (l->url, &l->error);
  g_task_return_boolean (task, TRUE);
}

static void
update_attach (Dialog *d)
{
  GtkTreeSelection *sel = gtk_tree_view_get_selection (d->view);

  gtk_dialog_set_response_sensitive (GTK_DIALOG (d->dialog), GTK_RESPONSE_OK,
                                     gtk_tree_selection_count_selected_rows (sel) > 0);
}

static void
list_done (GObject *source, GAsyncResult *result, gpointer data)
{
  Listing *l = g_task_get_task_data (G_TASK (result));
  Dialog *d = l->d;
  g_autofree char *text = NULL;

  if (d->gone || l->generation != d->generation)
    return;
  gtk_widget_set_sensitive (d->refresh, TRUE);
  gtk_list_store_clear (d->store);
  if (l->sessions == NULL)
    {
      text = g_strdup (l->error->message);
      gtk_label_set_text (d->message, text);
      update_attach (d);
      return;
    }
  for (guint i = 0; i < l->sessions->len; i++)
    {
      const LttvLiveSession *s = l->sessions->pdata[i];
      gtk_list_store_insert_with_values (d->store, NULL, -1, COL_NAME, s->name, COL_HOST, s->hostname,
                                         COL_STREAMS, s->streams, COL_CLIENTS, s->clients,
                                         COL_URL, s->url, -1);
    }
  if (l->sessions->len == 0)
    text = g_strdup_printf (_("%s serves no live session."), l->url);
  else
    text = g_strdup_printf (ngettext ("%u session of %s.", "%u sessions of %s.",
                                         l->sessions->len),
                            l->sessions->len, l->url);
  gtk_label_set_text (d->message, text);
  if (l->sessions->len > 0)
    {
      GtkTreePath *first = gtk_tree_path_new_first ();
      gtk_tree_selection_select_path (gtk_tree_view_get_selection (d->view), first);
      gtk_tree_view_set_cursor (d->view, first, NULL, FALSE);
      gtk_tree_path_free (first);
      gtk_widget_grab_focus (GTK_WIDGET (d->view));
    }
  update_attach (d);
}

static void
refresh (Dialog *d)
{
  g_autoptr (GTask) task = NULL;
  Listing *l = g_new0 (Listing, 1);
  const char *host = gtk_entry_get_text (d->host);
  int port;

  gtk_spin_button_update (d->port);
  port = gtk_spin_button_get_value_as_int (d->port);
  g_free (last_host);
  last_host = g_strdup (host);
  last_port = port;
  l->d = g_rc_box_acquire (d);
  l->generation = ++d->generation;
  /* an IPv6 address goes in brackets */
  l->url = strchr (host, ':') != NULL ? g_strdup_printf ("net://[%s]:%d", host, port)
                                      : g_strdup_printf ("net://%s:%d", host, port);
  gtk_list_store_clear (d->store);
  gtk_label_set_text (d->message, _("Listing the sessions…"));
  gtk_widget_set_sensitive (d->refresh, FALSE);
  update_attach (d);
  task = g_task_new (NULL, NULL, list_done, NULL);
  g_task_set_task_data (task, l, (GDestroyNotify) listing_free);
  g_task_run_in_thread (task, list_thread);
}

static void
refresh_cb (GtkWidget *widget, Dialog *d)
{
  refresh (d);
}

static void
attach_row (GtkTreeModel *model, GtkTreePath *path, GtkTreeIter *iter, gpointer data)
{
  Dialog *d = data;
  g_autofree char *url = NULL;

  gtk_tree_model_get (model, iter, COL_URL, &url, -1);
  d->attach (d->parent, url, d->data);
}

static void
response_cb (GtkDialog *dialog, int response, Dialog *d)
{
  if (response == GTK_RESPONSE_OK)
    gtk_tree_selection_selected_foreach (gtk_tree_view_get_selection (d->view), attach_row, d);
  gtk_widget_destroy (GTK_WIDGET (dialog));
}

static void
row_activated_cb (GtkTreeView *view, GtkTreePath *path, GtkTreeViewColumn *col, Dialog *d)
{
  gtk_dialog_response (GTK_DIALOG (d->dialog), GTK_RESPONSE_OK);
}

static void
selection_changed_cb (GtkTreeSelection *sel, Dialog *d)
{
  update_attach (d);
}

static void
destroy_cb (GtkWidget *widget, Dialog *d)
{
  d->gone = TRUE;
  g_object_unref (d->store);
  dialog_unref (d);
}

static void
add_column (GtkTreeView *view, const char *title, int col, gboolean number)
{
  GtkCellRenderer *r = gtk_cell_renderer_text_new ();
  GtkTreeViewColumn *c = gtk_tree_view_column_new_with_attributes (title, r, "text", col, NULL);

  if (number)
    g_object_set (r, "xalign", 1.0, NULL);
  gtk_tree_view_column_set_resizable (c, TRUE);
  gtk_tree_view_column_set_expand (c, !number);
  gtk_tree_view_append_column (view, c);
}

void
lttv_live_dialog_show (GtkWindow *parent, LttvLiveAttachFunc attach, gpointer data)
{
  Dialog *d = g_rc_box_new0 (Dialog);
  GtkWidget *grid = gtk_grid_new ();
  GtkWidget *scrolled = gtk_scrolled_window_new (NULL, NULL);
  GtkWidget *content, *label;

  d->attach = attach;
  d->data = data;
  d->parent = parent;
  d->dialog = gtk_dialog_new_with_buttons (_("Open Live Session"), parent,
                                           GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                           _("_Cancel"), GTK_RESPONSE_CANCEL, _("_Attach"), GTK_RESPONSE_OK,
                                           NULL);
  gtk_window_set_default_size (GTK_WINDOW (d->dialog), 560, 360);
  content = gtk_dialog_get_content_area (GTK_DIALOG (d->dialog));
  g_object_set (content, "margin", 12, "spacing", 8, NULL);

  gtk_grid_set_column_spacing (GTK_GRID (grid), 6);
  label = gtk_label_new_with_mnemonic (_("_Host:"));
  d->host = GTK_ENTRY (gtk_entry_new ());
  gtk_entry_set_text (d->host, last_host != NULL ? last_host : "localhost");
  gtk_widget_set_hexpand (GTK_WIDGET (d->host), TRUE);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), GTK_WIDGET (d->host));
  gtk_grid_attach (GTK_GRID (grid), label, 0, 0, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), GTK_WIDGET (d->host), 1, 0, 1, 1);
  label = gtk_label_new_with_mnemonic (_("_Port:"));
  d->port = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (1, 65535, 1));
  gtk_spin_button_set_value (d->port, last_port);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), GTK_WIDGET (d->port));
  gtk_grid_attach (GTK_GRID (grid), label, 2, 0, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), GTK_WIDGET (d->port), 3, 0, 1, 1);
  d->refresh = gtk_button_new_with_mnemonic (_("_Refresh"));
  gtk_widget_set_tooltip_text (d->refresh, _("List the relay daemon's live sessions"));
  gtk_grid_attach (GTK_GRID (grid), d->refresh, 4, 0, 1, 1);
  gtk_container_add (GTK_CONTAINER (content), grid);

  d->store = gtk_list_store_new (N_COLS, G_TYPE_STRING, G_TYPE_STRING, G_TYPE_UINT, G_TYPE_UINT,
                                 G_TYPE_STRING);
  d->view = GTK_TREE_VIEW (gtk_tree_view_new_with_model (GTK_TREE_MODEL (d->store)));
  add_column (d->view, _("Session"), COL_NAME, FALSE);
  add_column (d->view, _("Traced host"), COL_HOST, FALSE);
  add_column (d->view, _("Streams"), COL_STREAMS, TRUE);
  add_column (d->view, _("Clients"), COL_CLIENTS, TRUE);
  gtk_tree_selection_set_mode (gtk_tree_view_get_selection (d->view), GTK_SELECTION_MULTIPLE);
  gtk_scrolled_window_set_shadow_type (GTK_SCROLLED_WINDOW (scrolled), GTK_SHADOW_IN);
  gtk_widget_set_vexpand (scrolled, TRUE);
  gtk_container_add (GTK_CONTAINER (scrolled), GTK_WIDGET (d->view));
  gtk_container_add (GTK_CONTAINER (content), scrolled);

  d->message = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (d->message, 0);
  gtk_label_set_line_wrap (d->message, TRUE);
  gtk_label_set_selectable (d->message, TRUE);
  gtk_container_add (GTK_CONTAINER (content), GTK_WIDGET (d->message));

  gtk_dialog_set_default_response (GTK_DIALOG (d->dialog), GTK_RESPONSE_OK);
  g_signal_connect (d->refresh, "clicked", G_CALLBACK (refresh_cb), d);
  /* Return in the host or port lists the sessions there */
  g_signal_connect (d->host, "activate", G_CALLBACK (refresh_cb), d);
  g_signal_connect (d->port, "activate", G_CALLBACK (refresh_cb), d);
  g_signal_connect (d->view, "row-activated", G_CALLBACK (row_activated_cb), d);
  g_signal_connect (gtk_tree_view_get_selection (d->view), "changed", G_CALLBACK (selection_changed_cb), d);
  g_signal_connect (d->dialog, "response", G_CALLBACK (response_cb), d);
  g_signal_connect (d->dialog, "destroy", G_CALLBACK (destroy_cb), d);
  gtk_widget_show_all (d->dialog);
  gtk_widget_grab_focus (GTK_WIDGET (d->host));
  refresh (d);
}
