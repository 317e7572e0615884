/* SPDX-License-Identifier: GPL-2.0-or-later */
/* stats-copy: the statistics viewer (the loaded module) in a window on
 * Xvfb; selects [BEGIN, END] (times as `lttv stats --begin/--end` reads
 * them) in the tab and the viewer's Selection mode, waits for its job,
 * then activates its Copy action with no row selected and prints what it
 * put on the clipboard. Without BEGIN and END: the whole traceset.
 *
 *   stats-copy TRACE [BEGIN END] */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include <lttv/lttv.h>

#include "gui/lttv-module-host.h"
#include "gui/lttv-time-context.h"
#include "gui/lttv-viewer-context-private.h"

static void
iterate (int ms)
{
  gint64 until = g_get_monotonic_time () + ms * 1000;
  while (g_get_monotonic_time () < until)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (1000);
}

/* The first widget under `w` of type `type` whose label or text starts
 * with `prefix`. */
static GtkWidget *
find (GtkWidget *w, GType type, const char *prefix)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (w, type))
    {
      const char *text = GTK_IS_LABEL (w) ? gtk_label_get_text (GTK_LABEL (w))
                         : GTK_IS_BUTTON (w) ? gtk_button_get_label (GTK_BUTTON (w)) : NULL;
      if (text != NULL && g_str_has_prefix (text, prefix))
        return w;
    }
  if (GTK_IS_CONTAINER (w))
    {
      g_autoptr (GList) kids = gtk_container_get_children (GTK_CONTAINER (w));
      for (GList *l = kids; l != NULL; l = l->next)
        {
          GtkWidget *found = find (l->data, type, prefix);
          if (found != NULL)
            return found;
        }
    }
  return NULL;
}

int
main (int argc, char **argv)
{
  g_autoptr (GError) error = NULL;
  const char *paths[2] = { argc > 1 ? argv[1] : NULL, NULL };
  gboolean range = argc == 4;
  LttvTime t0 = 0, t1 = 0;

  if (argc != 2 && argc != 4)
    {
      fprintf (stderr, "usage: stats-copy TRACE [BEGIN END]\n");
      return 2;
    }
  g_setenv ("LANGUAGE", "C", TRUE);    /* widgets are found by their text */
  gtk_init (&argc, &argv);
  g_autoptr (LttvTraceset) ts = lttv_traceset_open (paths, &error);
  if (ts == NULL)
    {
      fprintf (stderr, "stats-copy: %s\n", error->message);
      return 1;
    }
  if (range && (!lttv_time_parse (argv[2], lttv_traceset_begin (ts), &t0, &error)
                || !lttv_time_parse (argv[3], lttv_traceset_begin (ts), &t1, &error)))
    {
      fprintf (stderr, "stats-copy: %s\n", error->message);
      return 2;
    }
  g_autoptr (LttvState) state = lttv_state_new (ts);
  if (!lttv_state_build (state, FALSE, LTTV_CANCEL_NONE, &error))
    {
      fprintf (stderr, "stats-copy: %s\n", error->message);
      return 1;
    }
  lttv_module_host_load ();
  const LttvViewerInfo *info = lttv_module_host_find_viewer ("statistics");
  if (info == NULL)
    {
      fprintf (stderr, "stats-copy: no statistics module\n");
      return 1;
    }
  LttvTimeContext *tc = lttv_time_context_new ();
  lttv_time_context_set_bounds (tc, lttv_traceset_begin (ts), lttv_traceset_end (ts));
  LttvViewerContext *ctx = lttv_viewer_context_new (tc, NULL);
  lttv_viewer_context_set_traceset (ctx, ts);
  lttv_viewer_context_set_state (ctx, state);
  GtkWidget *window = gtk_window_new (GTK_WINDOW_TOPLEVEL);
  GtkWidget *top = info->create (ctx);
  gtk_window_set_default_size (GTK_WINDOW (window), 900, 600);
  gtk_container_add (GTK_CONTAINER (window), top);
  gtk_widget_show_all (window);

  const char *want = "Whole traceset ";
  if (range)
    {
      GtkWidget *mode = find (top, GTK_TYPE_RADIO_BUTTON, "_Selection");
      if (mode == NULL)
        {
          fprintf (stderr, "stats-copy: no Selection button\n");
          return 1;
        }
      lttv_viewer_context_set_selection (ctx, t0, t1);
      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (mode), TRUE);
      want = "Selection ";
    }
  /* the status line says which range the tree shows once the job is done */
  gint64 until = g_get_monotonic_time () + 120 * G_USEC_PER_SEC;
  while (find (top, GTK_TYPE_LABEL, want) == NULL && g_get_monotonic_time () < until)
    iterate (20);
  if (find (top, GTK_TYPE_LABEL, want) == NULL)
    {
      fprintf (stderr, "stats-copy: the statistics did not show the range\n");
      return 1;
    }
  GActionGroup *actions = gtk_widget_get_action_group (top, "statistics");
  GtkClipboard *clipboard = gtk_widget_get_clipboard (top, GDK_SELECTION_CLIPBOARD);
  gtk_clipboard_set_text (clipboard, "", 0);
  g_action_group_activate_action (actions, "copy", NULL);
  g_autofree char *text = gtk_clipboard_wait_for_text (clipboard);
  if (text == NULL || text[0] == '\0')
    {
      fprintf (stderr, "stats-copy: nothing on the clipboard\n");
      return 1;
    }
  fputs (text, stdout);
  gtk_widget_destroy (window);
  lttv_viewer_context_detach (ctx);
  g_object_unref (ctx);
  g_object_unref (tc);
  return 0;
}
