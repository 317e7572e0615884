#include "config.h"

#include <glib/gi18n.h>

#include <lttv/lttv.h>

#include "lttv-application.h"
#include "lttv-window.h"

struct _LttvApplication
{
  GtkApplication parent_instance;
};

G_DEFINE_TYPE (LttvApplication, lttv_application, GTK_TYPE_APPLICATION)

static void
open_window (LttvApplication *self, GFile **files, int n_files)
{
  LttvWindow *window = lttv_window_new (self);
  lttv_window_open_traces (window, files, n_files);
  gtk_window_present (GTK_WINDOW (window));
}

/* No trace named: show the bundled sample, so that a first run has
 * something to look at. */
static void
lttv_application_activate (GApplication *app)
{
  g_autoptr (GFile) sample = g_file_new_for_path (lttv_paths_sample_trace ());
  open_window (LTTV_APPLICATION (app), &sample, 1);
}

static void
lttv_application_open (GApplication *app, GFile **files, int n_files,
                       const char *hint)
{
  open_window (LTTV_APPLICATION (app), files, n_files);
}

static void
quit_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  g_application_quit (G_APPLICATION (user_data));
}

static void
about_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  static const char *authors[] = { "The LTTV authors", NULL };
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (user_data));

  gtk_show_about_dialog (parent,
                         "program-name", _("LTTV Trace Viewer"),
                         "logo-icon-name", LTTV_APPLICATION_ID,
                         "version", PACKAGE_VERSION,
                         "comments", _("See what a Linux system did: threads, CPUs and interrupts over time"),
                         "license-type", GTK_LICENSE_GPL_2_0,
                         "authors", authors,
                         NULL);
}

static const GActionEntry app_actions[] = {
  { "quit", quit_activated, NULL, NULL, NULL, { 0 } },
  { "about", about_activated, NULL, NULL, NULL, { 0 } },
};

static void
lttv_application_startup (GApplication *app)
{
  static const char *quit_accels[] = { "<Control>q", NULL };

  G_APPLICATION_CLASS (lttv_application_parent_class)->startup (app);

  g_action_map_add_action_entries (G_ACTION_MAP (app), app_actions,
                                   G_N_ELEMENTS (app_actions), app);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.quit", quit_accels);
  gtk_window_set_default_icon_name (LTTV_APPLICATION_ID);
}

static void
lttv_application_class_init (LttvApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  app_class->startup = lttv_application_startup;
  app_class->activate = lttv_application_activate;
  app_class->open = lttv_application_open;
}

static void
lttv_application_init (LttvApplication *self)
{
}

LttvApplication *
lttv_application_new (void)
{
  g_set_application_name (_("LTTV Trace Viewer"));
  return g_object_new (LTTV_TYPE_APPLICATION,
                       "application-id", LTTV_APPLICATION_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN,
                       NULL);
}
