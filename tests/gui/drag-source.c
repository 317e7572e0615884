/* SPDX-License-Identifier: GPL-2.0-or-later */
/* drag-source: a window that a real drag can start from, offering the
 * folders named on the command line as URIs (what a file manager offers),
 * so that tests drop traces on lttv-gui through the X server's own
 * drag-and-drop protocol (XDND), driven by xdotool's mouse.
 * usage: drag-source FOLDER... (the window is titled "drag-source") */
#include <gtk/gtk.h>

static void
drag_data_get_cb (GtkWidget *widget, GdkDragContext *context,
                  GtkSelectionData *data, guint info, guint time, gpointer uris)
{
  gtk_selection_data_set_uris (data, uris);
}

int
main (int argc, char **argv)
{
  gtk_init (&argc, &argv);
  char **uris = g_new0 (char *, argc);
  for (int i = 1; i < argc; i++)
    {
      g_autoptr (GFile) file = g_file_new_for_commandline_arg (argv[i]);
      uris[i - 1] = g_file_get_uri (file);
    }

  GtkWidget *window = gtk_window_new (GTK_WINDOW_TOPLEVEL);
  gtk_window_set_title (GTK_WINDOW (window), "drag-source");
  gtk_window_set_default_size (GTK_WINDOW (window), 200, 200);
  GtkWidget *box = gtk_event_box_new ();
  gtk_container_add (GTK_CONTAINER (box), gtk_label_new ("drag me"));
  gtk_container_add (GTK_CONTAINER (window), box);
  gtk_drag_source_set (box, GDK_BUTTON1_MASK, NULL, 0, GDK_ACTION_COPY);
  gtk_drag_source_add_uri_targets (box);
  g_signal_connect (box, "drag-data-get", G_CALLBACK (drag_data_get_cb), uris);
  g_signal_connect (window, "destroy", G_CALLBACK (gtk_main_quit), NULL);
  gtk_widget_show_all (window);
  gtk_main ();
  g_strfreev (uris);
  return 0;
}
