/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "config.h"

#include "gui-test.h"

#include <lttv/lttv.h>

#include "gui/lttv-tab.h"

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
