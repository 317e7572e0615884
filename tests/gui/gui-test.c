/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "config.h"

#include "gui-test.h"

#include <gdk/gdkx.h>
#include <lttv/lttv.h>

#include "gui/lttv-application.h"
#include "gui/lttv-layout-settings.h"
#include "gui/lttv-module-host.h"
#include "gui/lttv-tab.h"

void
gui_test_init (int *argc, char ***argv)
{
  g_test_init (argc, argv, NULL);
  gtk_init (argc, argv);
  g_object_unref (lttv_application_new ());
  lttv_module_host_load ();
}

void
gui_test_reset_layout (void)
{
  GSettings *settings = lttv_layout_settings ();
  static const char *keys[] = { "timeline-viewers", "dock-viewers", "dock-height",
                                "timeline-heights", "names-width" };
  for (guint i = 0; settings != NULL && i < G_N_ELEMENTS (keys); i++)
    g_settings_reset (settings, keys[i]);
}

LttvWindow *
gui_test_new_window (void)
{
  gui_test_reset_layout ();
  LttvWindow *w = lttv_window_new (NULL);
  gtk_widget_show (GTK_WIDGET (w));
  return w;
}

void
gui_test_activate (LttvWindow *w, const char *action, GVariant *param)
{
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (w), action));
  g_action_group_activate_action (G_ACTION_GROUP (w), action, param);
}

gboolean
gui_test_iterate_until (gboolean (*done) (gpointer), gpointer data, int timeout_ms)
{
  gint64 end = g_get_monotonic_time () + timeout_ms * 1000;
  while (!done (data) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE), g_usleep (1000);
  return done (data);
}

static gboolean
never (gpointer unused)
{
  return FALSE;
}

void
gui_test_iterate_for (int ms)
{
  gui_test_iterate_until (never, NULL, ms);
}

gboolean
gui_test_tab_built (gpointer tab)
{
  LttvState *s = lttv_tab_get_state (tab);
  return !lttv_tab_is_opening (tab) && lttv_tab_viewers_ready (tab) && s != NULL
         && lttv_history_is_finished (lttv_state_get_history (s));
}

GtkWidget *
gui_test_find_widget (GtkWidget *w, gboolean (*match) (GtkWidget *, gconstpointer), gconstpointer data)
{
  if (match (w, data))
    return w;
  if (!GTK_IS_CONTAINER (w))
    return NULL;
  GList *children = gtk_container_get_children (GTK_CONTAINER (w));
  GtkWidget *found = NULL;
  for (GList *l = children; l != NULL && found == NULL; l = l->next)
    found = gui_test_find_widget (l->data, match, data);
  g_list_free (children);
  return found;
}

gboolean
gui_test_is_named (GtkWidget *w, gconstpointer name)
{
  return g_strcmp0 (gtk_widget_get_name (w), name) == 0;
}

void
gui_test_xdotool (int settle_ms, const char *format, ...)
{
  va_list args;
  va_start (args, format);
  g_autofree char *argv_text = g_strdup_vprintf (format, args);
  va_end (args);
  g_autofree char *cmd = g_strconcat ("xdotool ", argv_text, NULL);
  int status = -1;

  g_test_message ("%s", cmd);
  g_assert_true (g_spawn_command_line_sync (cmd, NULL, NULL, &status, NULL));
  g_assert_cmpint (status, ==, 0);
  gui_test_iterate_for (settle_ms);
}

gulong
gui_test_xid (GtkWidget *w)
{
  return gdk_x11_window_get_xid (gtk_widget_get_window (gtk_widget_get_toplevel (w)));
}

static gboolean
view_drawn (gpointer view)
{
  return lttv_timeline_view_is_drawn (view);
}

cairo_surface_t *
gui_test_snapshot (LttvTimelineView *view)
{
  GtkWidget *canvas = lttv_timeline_view_get_canvas (view);
  int w = gtk_widget_get_allocated_width (canvas), h = gtk_widget_get_allocated_height (canvas);
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_RGB24, w, h);
  cairo_t *cr = cairo_create (s);

  gtk_widget_queue_draw (canvas);
  g_assert_true (gui_test_iterate_until (view_drawn, view, 10000));
  gtk_widget_draw (canvas, cr);
  cairo_destroy (cr);
  cairo_surface_flush (s);
  return s;
}

GdkRGBA
gui_test_pixel (cairo_surface_t *s, int x, int y)
{
  g_assert_cmpint (x, >=, 0);
  g_assert_cmpint (y, >=, 0);
  g_assert_cmpint (x, <, cairo_image_surface_get_width (s));
  g_assert_cmpint (y, <, cairo_image_surface_get_height (s));
  guint32 p = *(guint32 *) (cairo_image_surface_get_data (s) + y * cairo_image_surface_get_stride (s) + x * 4);
  return (GdkRGBA) { ((p >> 16) & 0xff) / 255.0, ((p >> 8) & 0xff) / 255.0, (p & 0xff) / 255.0, 1 };
}
