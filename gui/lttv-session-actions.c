/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The window's session actions: Open Session, Save Session (Ctrl+S),
 * Save Session As and, for scripts, save-session-to FILE. */
#include "config.h"

#include <glib/gi18n.h>

#include "lttv-session-actions.h"
#include "lttv-session.h"

static GtkFileFilter *
session_filter (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();
  gtk_file_filter_set_name (filter, _("LTTV sessions (*.lttv-session)"));
  gtk_file_filter_add_pattern (filter, "*" LTTV_SESSION_SUFFIX);
  return filter;
}

static void
open_session_response_cb (GtkNativeDialog *dialog, int response, LttvWindow *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autofree char *file = gtk_file_chooser_get_filename (GTK_FILE_CHOOSER (dialog));
      if (file != NULL)
        lttv_window_open_session (self, file);
    }
  g_object_unref (dialog);
}

static void
open_session_activated (GSimpleAction *a, GVariant *p, gpointer self)
{
  GtkFileChooserNative *dialog =
    gtk_file_chooser_native_new (_("Open Session"), GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_OPEN,
                                 _("_Open"), _("_Cancel"));
  GtkFileFilter *all = gtk_file_filter_new ();

  gtk_file_filter_set_name (all, _("All files"));
  gtk_file_filter_add_pattern (all, "*");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), session_filter ());
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), all);
  g_signal_connect (dialog, "response", G_CALLBACK (open_session_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
save_session_to (LttvWindow *self, LttvTab *tab, const char *file)
{
  g_autoptr (GError) error = NULL;

  if (!lttv_session_save_tab (tab, file, &error))
    {
      GtkWidget *message = gtk_message_dialog_new (GTK_WINDOW (self), GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                                   GTK_MESSAGE_ERROR, GTK_BUTTONS_CLOSE,
                                                   _("The session could not be saved"));
      g_printerr ("lttv-gui: %s\n", error->message);
      gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (message), "%s", error->message);
      g_signal_connect (message, "response", G_CALLBACK (gtk_widget_destroy), NULL);
      gtk_window_present (GTK_WINDOW (message));
    }
}

static void
save_session_response_cb (GtkNativeDialog *dialog, int response, LttvWindow *self)
{
  LttvTab *tab = g_object_get_data (G_OBJECT (dialog), "lttv-tab");

  if (response == GTK_RESPONSE_ACCEPT && tab != NULL && !gtk_widget_in_destruction (GTK_WIDGET (tab)))
    {
      g_autofree char *file = gtk_file_chooser_get_filename (GTK_FILE_CHOOSER (dialog));
      /* (the suffix makes it a session for the chooser and the command line) */
      g_autofree char *named = file != NULL && !lttv_session_is_session_file (file)
                               ? g_strconcat (file, LTTV_SESSION_SUFFIX, NULL) : g_strdup (file);
      if (named != NULL)
        save_session_to (self, tab, named);
    }
  g_object_unref (dialog);
}

static void
save_session_as_activated (GSimpleAction *a, GVariant *p, gpointer self)
{
  LttvTab *tab = lttv_window_get_current_tab (self);
  GtkFileChooserNative *dialog;
  g_autofree char *name = NULL;

  if (tab == NULL)
    return;
  dialog = gtk_file_chooser_native_new (_("Save Session"), GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_SAVE,
                                        _("_Save"), _("_Cancel"));
  gtk_file_chooser_set_do_overwrite_confirmation (GTK_FILE_CHOOSER (dialog), TRUE);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), session_filter ());
  if (lttv_session_get_file (tab) != NULL)
    gtk_file_chooser_set_filename (GTK_FILE_CHOOSER (dialog), lttv_session_get_file (tab));
  else
    {
      /* (a name, not a folder: the chooser's own folder, never the trace's) */
      name = g_strconcat (lttv_tab_get_n_traces (tab) > 0 ? lttv_tab_get_title (tab) : _("session"),
                          LTTV_SESSION_SUFFIX, NULL);
      g_strdelimit (name, "/, ", '_');
      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), name);
    }
  g_object_set_data_full (G_OBJECT (dialog), "lttv-tab", g_object_ref (tab), g_object_unref);
  g_signal_connect (dialog, "response", G_CALLBACK (save_session_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

/* To the tab's session file, else asks where. */
static void
save_session_activated (GSimpleAction *a, GVariant *p, gpointer self)
{
  LttvTab *tab = lttv_window_get_current_tab (self);

  if (tab == NULL)
    return;
  if (lttv_session_get_file (tab) != NULL)
    save_session_to (self, tab, lttv_session_get_file (tab));
  else
    save_session_as_activated (a, p, self);
}

/* A session file named on the bus, without a dialog (scripts, tests). */
static void
save_session_to_activated (GSimpleAction *a, GVariant *p, gpointer self)
{
  LttvTab *tab = lttv_window_get_current_tab (self);
  if (tab != NULL)
    save_session_to (self, tab, g_variant_get_string (p, NULL));
}

static const GActionEntry session_actions[] = {
  { "open-session", open_session_activated, NULL, NULL, NULL, { 0 } },
  { "save-session", save_session_activated, NULL, NULL, NULL, { 0 } },
  { "save-session-as", save_session_as_activated, NULL, NULL, NULL, { 0 } },
  { "save-session-to", save_session_to_activated, "s", NULL, NULL, { 0 } },
};

void
lttv_session_window_setup (LttvWindow *window)
{
  g_action_map_add_action_entries (G_ACTION_MAP (window), session_actions, G_N_ELEMENTS (session_actions),
                                   window);
}
