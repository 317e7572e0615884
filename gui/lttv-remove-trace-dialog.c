/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "lttv-remove-trace-dialog.h"

static void
remove_trace_response_cb (GtkDialog *dialog, int response, LttvTab *tab)
{
  GtkListBox *list = g_object_get_data (G_OBJECT (dialog), "lttv-list");
  GtkListBoxRow *row = gtk_list_box_get_selected_row (list);

  if (response == GTK_RESPONSE_OK && row != NULL && !gtk_widget_in_destruction (GTK_WIDGET (tab)))
    lttv_tab_remove_trace (tab, gtk_list_box_row_get_index (row));
  gtk_widget_destroy (GTK_WIDGET (dialog));
}

static void
remove_trace_row_activated_cb (GtkListBox *list, GtkListBoxRow *row, GtkDialog *dialog)
{
  gtk_dialog_response (dialog, GTK_RESPONSE_OK);
}

void
lttv_remove_trace_dialog_show (GtkWindow *parent, LttvTab *tab)
{
  GtkWidget *dialog, *list, *label;

  if (lttv_tab_get_n_traces (tab) < 2)
    return;
  dialog = gtk_dialog_new_with_buttons (_("Remove Trace from Tab"), parent,
                                        GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                        _("_Cancel"), GTK_RESPONSE_CANCEL,
                                        _("_Remove"), GTK_RESPONSE_OK, NULL);
  label = gtk_label_new (_("The tab's viewers show the other traces; the trace folder is not touched."));
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_line_wrap (GTK_LABEL (label), TRUE);
  list = gtk_list_box_new ();
  for (guint i = 0; i < lttv_tab_get_n_traces (tab); i++)
    {
      GtkWidget *row = gtk_label_new (lttv_tab_get_trace_path (tab, i));
      gtk_label_set_xalign (GTK_LABEL (row), 0);
      g_object_set (row, "margin", 6, NULL);
      gtk_container_add (GTK_CONTAINER (list), row);
    }
  gtk_list_box_select_row (GTK_LIST_BOX (list), gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), 0));
  gtk_list_box_set_activate_on_single_click (GTK_LIST_BOX (list), FALSE);
  g_object_set (gtk_dialog_get_content_area (GTK_DIALOG (dialog)), "margin", 12, "spacing", 6, NULL);
  gtk_container_add (GTK_CONTAINER (gtk_dialog_get_content_area (GTK_DIALOG (dialog))), label);
  gtk_container_add (GTK_CONTAINER (gtk_dialog_get_content_area (GTK_DIALOG (dialog))), list);
  gtk_style_context_add_class (gtk_widget_get_style_context (
    gtk_dialog_get_widget_for_response (GTK_DIALOG (dialog), GTK_RESPONSE_OK)), "destructive-action");
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_OK);
  g_object_set_data (G_OBJECT (dialog), "lttv-list", list);
  g_signal_connect (list, "row-activated", G_CALLBACK (remove_trace_row_activated_cb), dialog);
  g_signal_connect_object (dialog, "response", G_CALLBACK (remove_trace_response_cb), tab, 0);
  gtk_widget_show_all (dialog);
  gtk_widget_grab_focus (gtk_list_box_get_selected_row (GTK_LIST_BOX (list)) != NULL
                         ? GTK_WIDGET (gtk_list_box_get_selected_row (GTK_LIST_BOX (list))) : list);
}
