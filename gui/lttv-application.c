/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include <lttv/lttv.h>

#include "lttv-application.h"
#include "lttv-export.h"
#include "lttv-job.h"
#include "lttv-module-host.h"
#include "lttv-modules-dialog.h"
#include "lttv-preferences.h"
#include "lttv-stall-meter.h"
#include "lttv-stall-trace.h"
#include "lttv-time-text.h"
#include "lttv-live-tab.h"
#include "lttv-window.h"

#define MAX_RECENT 10

struct _LttvApplication
{
  GtkApplication parent_instance;

  GSettings *settings;
};

G_DEFINE_TYPE (LttvApplication, lttv_application, GTK_TYPE_APPLICATION)

/* From lttv-resources.c (glib-compile-resources --manual-register): the
 * shell is a static library, so the resources are registered by hand. */
void lttv_gui_register_resource (void);

GSettings *
lttv_application_get_settings (LttvApplication *self)
{
  return self->settings;
}

static LttvWindow *
active_window (LttvApplication *self, gboolean create)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (LTTV_IS_WINDOW (window))
    return LTTV_WINDOW (window);
  if (!create)
    return NULL;
  LttvWindow *w = lttv_window_new (self);
  lttv_stall_trace_watch_window (GTK_WIDGET (w));
  gtk_window_present (GTK_WINDOW (w));
  return w;
}

static void
open_in_window (LttvApplication *self, LttvWindow *window, GFile **files, int n_files)
{
  LttvTab *tab = lttv_window_open_traces (window, files, n_files);
  lttv_stall_meter_watch_first_paint (GTK_WIDGET (tab));
  gtk_window_present (GTK_WINDOW (window));
}

/* No trace named: show the bundled sample, so that a first run has
 * something to look at. */
static void
lttv_application_activate (GApplication *app)
{
  g_autoptr (GFile) sample = g_file_new_for_path (lttv_paths_sample_trace ());
  open_in_window (LTTV_APPLICATION (app), active_window (LTTV_APPLICATION (app), TRUE), &sample, 1);
}

/* Traces opened by a second launch or `gapplication launch` go to a new
 * tab of the active window. */
static void
lttv_application_open (GApplication *app, GFile **files, int n_files, const char *hint)
{
  open_in_window (LTTV_APPLICATION (app), active_window (LTTV_APPLICATION (app), TRUE), files, n_files);
}

/* --- Application actions ------------------------------------------------- */

static void
quit_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  /* The figures cover the session up to Quit, not the tear-down. */
  lttv_stall_meter_report ();
  /* Stop the background work; the windows are hidden, not destroyed, so
   * that what a viewer's worker still reads stays valid until exit. */
  lttv_job_cancel_all ();
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (user_data)); l != NULL; l = l->next)
    gtk_widget_hide (l->data);
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

static void
new_window_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  LttvWindow *window = lttv_window_new (user_data);
  gtk_window_present (GTK_WINDOW (window));
}

static void
preferences_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  LttvApplication *self = user_data;
  GtkWidget *dialog = lttv_preferences_new (gtk_application_get_active_window (GTK_APPLICATION (self)),
                                            self->settings);
  g_signal_connect (dialog, "response", G_CALLBACK (gtk_widget_destroy), NULL);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
modules_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  GtkWidget *dialog = lttv_modules_dialog_new (gtk_application_get_active_window (GTK_APPLICATION (user_data)));
  g_signal_connect (dialog, "response", G_CALLBACK (gtk_widget_destroy), NULL);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
open_recent_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  g_autoptr (GFile) file = g_file_new_for_path (g_variant_get_string (parameter, NULL));
  open_in_window (user_data, active_window (user_data, TRUE), &file, 1);
}

/* The twin of a window action: runs it on the active window, so that
 * `gapplication action org.lttv.Lttv zoom-in` drives the window a user
 * looks at. */
static void
window_twin_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  LttvWindow *window = active_window (user_data, TRUE);
  g_action_group_activate_action (G_ACTION_GROUP (window), g_action_get_name (G_ACTION (action)), parameter);
}

static const GActionEntry app_actions[] = {
  { "quit", quit_activated, NULL, NULL, NULL, { 0 } },
  { "about", about_activated, NULL, NULL, NULL, { 0 } },
  { "new-window", new_window_activated, NULL, NULL, NULL, { 0 } },
  { "preferences", preferences_activated, NULL, NULL, NULL, { 0 } },
  { "modules", modules_activated, NULL, NULL, NULL, { 0 } },
  { "open-recent", open_recent_activated, "s", NULL, NULL, { 0 } },
};

static const struct { const char *action; const char *accels[4]; } accels[] = {
  { "app.quit", { "<Control>q" } },
  { "app.new-window", { "<Control>n" } },
  { "app.preferences", { "<Control>comma" } },
  { "win.open", { "<Control>o" } },
  { "win.add-trace", { "<Control><Shift>o" } },
  { "win.open-live", { "<Control>l" } },
  { "win.live-follow", { "<Control><Shift>f" } },
  { "win.new-tab", { "<Control>t" } },
  { "win.close-tab", { "<Control>w" } },
  { "win.next-tab", { "<Control>Page_Down" } },
  { "win.previous-tab", { "<Control>Page_Up" } },
  { "win.zoom-in", { "<Control>plus", "<Control>equal", "<Control>KP_Add" } },
  { "win.zoom-out", { "<Control>minus", "<Control>KP_Subtract" } },
  { "win.zoom-fit", { "<Control>0" } },
  { "win.zoom-selection", { "<Control><Shift>z" } },
  { "win.save-session", { "<Control>s" } },
  { "win.save-session-as", { "<Control><Shift>s" } },
  { "win.back", { "<Alt>Left" } },
  { "win.forward", { "<Alt>Right" } },
  { "win.goto-time", { "<Control>g" } },
  { "win.maximise-viewer", { "<Control><Shift>m" } },
  { "win.add-bookmark", { "<Control>d" } },
  { "win.bookmarks", { "<Control>b" } },
  { "win.next-bookmark", { "<Alt>Page_Down" } },
  { "win.previous-bookmark", { "<Alt>Page_Up" } },
};

static void
add_window_twins (LttvApplication *self)
{
  g_autoptr (LttvWindow) probe = NULL;

  /* The parameter types come from the window's own actions. */
  probe = g_object_ref_sink (lttv_window_new (NULL));
  for (const char *const *n = lttv_window_scriptable_actions; *n != NULL; n++)
    {
      const GVariantType *type = g_action_group_get_action_parameter_type (G_ACTION_GROUP (probe), *n);
      g_autoptr (GSimpleAction) twin = g_simple_action_new (*n, type);
      g_signal_connect (twin, "activate", G_CALLBACK (window_twin_activated), self);
      g_action_map_add_action (G_ACTION_MAP (self), G_ACTION (twin));
    }
  gtk_widget_destroy (GTK_WIDGET (probe));
}

/* --- Menus --------------------------------------------------------------- */

static void
fill_viewer_menu (LttvApplication *self)
{
  GMenu *section = gtk_application_get_menu_by_id (GTK_APPLICATION (self), "viewer-section");
  GPtrArray *viewers = lttv_module_host_get_viewers ();

  if (section == NULL)
    return;
  for (guint i = 0; i < viewers->len; i++)
    {
      const LttvViewerInfo *info = ((LttvViewerEntry *) viewers->pdata[i])->info;
      g_autoptr (GMenuItem) item = g_menu_item_new (lttv_viewer_info_get_label (info), NULL);
      g_menu_item_set_action_and_target (item, "win.add-viewer", "s", info->id);
      if (info->icon_name != NULL)
        {
          g_autoptr (GIcon) icon = g_themed_icon_new (info->icon_name);
          g_menu_item_set_icon (item, icon);
        }
      g_menu_append_item (section, item);
    }
}

static void
fill_recent_menu (GtkRecentManager *manager, LttvApplication *self)
{
  GMenu *section = gtk_application_get_menu_by_id (GTK_APPLICATION (self), "recent-section");
  GList *items = gtk_recent_manager_get_items (manager);
  guint n = 0;

  if (section == NULL)
    return;
  g_menu_remove_all (section);
  for (GList *l = items; l != NULL && n < MAX_RECENT; l = l->next)
    {
      GtkRecentInfo *info = l->data;
      g_autofree char *path = NULL;

      if (!gtk_recent_info_has_group (info, "lttv") || !gtk_recent_info_is_local (info))
        continue;
      path = g_filename_from_uri (gtk_recent_info_get_uri (info), NULL, NULL);
      if (path == NULL)
        continue;
      g_autoptr (GMenuItem) item = g_menu_item_new (gtk_recent_info_get_display_name (info), NULL);
      g_menu_item_set_action_and_target (item, "app.open-recent", "s", path);
      g_menu_append_item (section, item);
      n++;
    }
  g_list_free_full (items, (GDestroyNotify) gtk_recent_info_unref);
}

/* --- Life cycle ---------------------------------------------------------- */

static void
time_format_changed_cb (GSettings *settings, const char *key, LttvApplication *self)
{
  lttv_time_text_set_format (g_settings_get_enum (settings, "time-format"));
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l != NULL; l = l->next)
    if (LTTV_IS_WINDOW (l->data))
      lttv_window_refresh_times (l->data);
}

static void
lttv_application_startup (GApplication *app)
{
  LttvApplication *self = LTTV_APPLICATION (app);
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr (GSettingsSchema) schema = source != NULL
    ? g_settings_schema_source_lookup (source, LTTV_APPLICATION_ID, TRUE) : NULL;

  G_APPLICATION_CLASS (lttv_application_parent_class)->startup (app);

  lttv_stall_meter_start ();
  lttv_stall_trace_start ();
  lttv_module_host_load ();
  g_action_map_add_action_entries (G_ACTION_MAP (app), app_actions, G_N_ELEMENTS (app_actions), app);
  add_window_twins (self);
  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (app), accels[i].action, accels[i].accels);
  gtk_window_set_default_icon_name (LTTV_APPLICATION_ID);

  if (schema != NULL)
    {
      self->settings = g_settings_new (LTTV_APPLICATION_ID);
      g_signal_connect (self->settings, "changed::time-format", G_CALLBACK (time_format_changed_cb), self);
      lttv_time_text_set_format (g_settings_get_enum (self->settings, "time-format"));
    }
  fill_viewer_menu (self);
  fill_recent_menu (gtk_recent_manager_get_default (), self);
  g_signal_connect_object (gtk_recent_manager_get_default (), "changed",
                           G_CALLBACK (fill_recent_menu), self, 0);
}

static void
lttv_application_shutdown (GApplication *app)
{
  /* Jobs were cancelled: let their workers return before the process
   * goes, so that none runs while the libraries are torn down. */
  lttv_job_cancel_all ();
  if (!lttv_job_wait_all (10000))
    g_printerr (_("lttv-gui: background work still running at exit\n"));
  lttv_live_tab_shutdown ();
  lttv_stall_meter_report ();
  G_APPLICATION_CLASS (lttv_application_parent_class)->shutdown (app);
  lttv_module_host_shutdown ();
}

static int
list_views (void)
{
  GPtrArray *viewers;

  lttv_module_host_load ();
  viewers = lttv_module_host_get_viewers ();
  for (guint i = 0; i < viewers->len; i++)
    {
      LttvViewerEntry *e = viewers->pdata[i];
      g_autofree char *label = g_strdup (lttv_viewer_info_get_label (e->info));
      /* The label without its mnemonic. */
      char *u;
      while ((u = strchr (label, '_')) != NULL)
        memmove (u, u + 1, strlen (u));
      printf ("%s\t%s\n", e->info->id, label);
    }
  return 0;
}

static int
lttv_application_handle_local_options (GApplication *app, GVariantDict *options)
{
  g_autofree const char **exports = NULL;
  g_autofree const char **files = NULL;
  const char *window = NULL, *size = NULL;
  gboolean views = FALSE;

  g_variant_dict_lookup (options, "list-views", "b", &views);
  g_variant_dict_lookup (options, "export", "^a&s", &exports);
  g_variant_dict_lookup (options, "window", "&s", &window);
  g_variant_dict_lookup (options, "size", "&s", &size);
  g_variant_dict_lookup (options, G_OPTION_REMAINING, "^a&ay", &files);

  if (views)
    return list_views ();
  if (exports != NULL)
    {
      /* Headless: no window, no single-instance hand-over. */
      g_application_set_flags (app, g_application_get_flags (app) | G_APPLICATION_NON_UNIQUE);
      if (!gtk_init_check (NULL, NULL))
        {
          g_printerr (_("lttv-gui: --export needs a display (run it under xvfb-run)\n"));
          return 1;
        }
      lttv_module_host_load ();
      return lttv_export_run (files, exports, window, size);
    }
  if (window != NULL || size != NULL)
    {
      g_printerr (_("lttv-gui: --window and --size go with --export\n"));
      return 2;
    }
  if (files != NULL && files[0] != NULL)
    {
      guint n = g_strv_length ((char **) files);
      g_autoptr (GPtrArray) gfiles = g_ptr_array_new_with_free_func (g_object_unref);
      g_autoptr (GError) error = NULL;

      for (guint i = 0; i < n; i++)
        g_ptr_array_add (gfiles, g_file_new_for_commandline_arg (files[i]));
      if (!g_application_register (app, NULL, &error))
        {
          g_printerr ("lttv-gui: %s\n", error->message);
          return 1;
        }
      g_application_open (app, (GFile **) gfiles->pdata, n, "");
      return 0;
    }
  return -1;
}

static void
lttv_application_dispose (GObject *object)
{
  g_clear_object (&LTTV_APPLICATION (object)->settings);
  G_OBJECT_CLASS (lttv_application_parent_class)->dispose (object);
}

static void
lttv_application_class_init (LttvApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = lttv_application_dispose;
  app_class->startup = lttv_application_startup;
  app_class->shutdown = lttv_application_shutdown;
  app_class->activate = lttv_application_activate;
  app_class->open = lttv_application_open;
  app_class->handle_local_options = lttv_application_handle_local_options;
}

static void
lttv_application_init (LttvApplication *self)
{
  static const GOptionEntry entries[] = {
    { "export", 0, 0, G_OPTION_ARG_STRING_ARRAY, NULL,
      N_("Render viewer VIEW into FILE (.png, .svg or .pdf; .tsv: its table) and exit; may be repeated"), N_("VIEW:FILE") },
    { "window", 0, 0, G_OPTION_ARG_STRING, NULL, N_("Time window to export"), N_("T0,T1") },
    { "size", 0, 0, G_OPTION_ARG_STRING, NULL, N_("Size of exported images in pixels"), N_("WxH") },
    { "list-views", 0, 0, G_OPTION_ARG_NONE, NULL, N_("List the viewers of the installed modules and exit"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, NULL, NULL, N_("[TRACE…]") },
    { NULL }
  };

  g_application_add_main_option_entries (G_APPLICATION (self), entries);
}

LttvApplication *
lttv_application_new (void)
{
  static gsize registered;

  if (g_once_init_enter (&registered))
    {
      lttv_gui_register_resource ();
      g_set_application_name (_("LTTV Trace Viewer"));
      g_once_init_leave (&registered, 1);
    }
  return g_object_new (LTTV_TYPE_APPLICATION,
                       "application-id", LTTV_APPLICATION_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN,
                       NULL);
}
