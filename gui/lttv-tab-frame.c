/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A viewer's frame in the tab: its one title row (title, buttons to move,
 * dock, maximise and close it, its own toolbar adopted beside them) and
 * the compact style the rows are drawn in. */

#include "config.h"

#include <glib/gi18n.h>

#include "lttv-module-host.h"
#include "lttv-timeline-view-private.h"
#include "lttv-tab-private.h"

/* The viewer's one title row in the upper area: its toolbar with the
 * title and the buttons, over the timeline view's ruler; in the dock the
 * toolbar goes back where the viewer put it (its tab has the title). */
void
lttv_tab_fold_title (Viewer *v, gboolean upper)
{
  if (v->toolbar == NULL)
    {
      gtk_widget_set_visible (v->header, upper);
      return;
    }
  if (v->view == NULL)
    return;
  GtkWidget *home = g_object_get_data (G_OBJECT (v->toolbar), "lttv-home");
  int at = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (v->toolbar), "lttv-home-position"));
  g_object_ref (v->toolbar);
  if (upper && gtk_widget_get_parent (v->toolbar) == home)
    {
      gtk_container_remove (GTK_CONTAINER (home), v->toolbar);
      lttv_timeline_view_set_title_row (v->view, v->toolbar);
    }
  else if (!upper && gtk_widget_get_parent (v->toolbar) != home)
    {
      lttv_timeline_view_set_title_row (v->view, NULL);
      gtk_box_pack_start (GTK_BOX (home), v->toolbar, FALSE, FALSE, 0);
      gtk_box_reorder_child (GTK_BOX (home), v->toolbar, at);
    }
  g_object_unref (v->toolbar);
}

/* Shows the buttons of `box` that act in the upper area, or in the dock
 * (the others never come back with a gtk_widget_show_all). */
static void
buttons_for_area (GtkWidget *box, gboolean upper)
{
  GList *buttons = gtk_container_get_children (GTK_CONTAINER (box));

  for (GList *l = buttons; l != NULL; l = l->next)
    {
      int area = GPOINTER_TO_INT (g_object_get_data (l->data, "lttv-area"));
      gtk_widget_set_visible (l->data, area == 0 || (area == 1) == upper);
      gtk_widget_set_no_show_all (l->data, TRUE);
    }
  g_list_free (buttons);
}

/* The title and the buttons in the toolbar: in the upper area, and in the
 * dock when the viewer is its only page (no tabs then). */
void
lttv_tab_show_toolbar_title (Viewer *v, gboolean upper, gboolean alone)
{
  if (v->toolbar == NULL)
    return;
  gtk_widget_set_visible (v->toolbar_title, upper || alone);
  gtk_widget_set_visible (v->toolbar_buttons, upper || alone);
  buttons_for_area (v->toolbar_buttons, upper);
}

static void
frame_button_cb (GtkButton *button, LttvTab *self)
{
  GtkWidget *frame = g_object_get_data (G_OBJECT (button), "lttv-frame");
  int what = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "lttv-what"));
  guint index;
  Viewer *v = lttv_tab_viewer_of_frame (self, frame, &index);

  if (v == NULL)
    return;
  if (what == 0)
    lttv_tab_remove_viewer (self, index);
  else if (what == 2)
    lttv_tab_toggle_maximised (self, index);
  else if (what == 3)
    lttv_tab_dock_viewer (self, index, !v->docked);
  else
    lttv_tab_move_viewer (self, index, what);
}

static GtkWidget *
frame_button (LttvTab *self, GtkWidget *frame, const char *icon, const char *tooltip, int what)
{
  GtkWidget *button = gtk_button_new_from_icon_name (icon, GTK_ICON_SIZE_MENU);

  gtk_button_set_relief (GTK_BUTTON (button), GTK_RELIEF_NONE);
  gtk_widget_set_focus_on_click (button, FALSE);
  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_style_context_add_class (gtk_widget_get_style_context (button), "lttv-frame-button");
  g_object_set_data (G_OBJECT (button), "lttv-frame", frame);
  g_object_set_data (G_OBJECT (button), "lttv-what", GINT_TO_POINTER (what));
  g_signal_connect (button, "clicked", G_CALLBACK (frame_button_cb), self);
  return button;
}

/* A double-click on a viewer's title maximises it, or restores. */
static gboolean
title_pressed (GtkWidget *box, GdkEventButton *event, LttvTab *self)
{
  guint index;
  GtkWidget *frame = g_object_get_data (G_OBJECT (box), "lttv-frame");

  if (event->type != GDK_2BUTTON_PRESS || event->button != GDK_BUTTON_PRIMARY
      || lttv_tab_viewer_of_frame (self, frame, &index) == NULL)
    return FALSE;
  lttv_tab_toggle_maximised (self, index);
  return TRUE;
}

static GtkWidget *
title_box (LttvTab *self, GtkWidget *frame, const LttvViewerInfo *info)
{
  GtkWidget *events = gtk_event_box_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  GtkWidget *title = gtk_label_new_with_mnemonic (lttv_viewer_info_get_label (info));

  gtk_event_box_set_visible_window (GTK_EVENT_BOX (events), FALSE);
  if (info->icon_name != NULL)
    gtk_container_add (GTK_CONTAINER (box), gtk_image_new_from_icon_name (info->icon_name, GTK_ICON_SIZE_MENU));
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_container_add (GTK_CONTAINER (box), title);
  gtk_container_add (GTK_CONTAINER (events), box);
  gtk_widget_set_tooltip_text (events, _("Double-click to maximise this viewer in the tab, or to restore the others (Ctrl+Shift+M)"));
  g_object_set_data (G_OBJECT (events), "lttv-frame", frame);
  g_signal_connect (events, "button-press-event", G_CALLBACK (title_pressed), self);
  gtk_widget_show_all (events);
  return events;
}

/* A viewer's buttons in its title row: `area` 1 in the upper area only,
 * 2 in the dock only, 0 in both. */
static GtkWidget *
area_button (GtkWidget *button, int area)
{
  g_object_set_data (G_OBJECT (button), "lttv-area", GINT_TO_POINTER (area));
  return button;
}

static GtkWidget *
frame_buttons (LttvTab *self, GtkWidget *frame)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);

  gtk_container_add (GTK_CONTAINER (box), area_button (frame_button (self, frame, "go-up-symbolic", _("Move this viewer up"), -1), 1));
  gtk_container_add (GTK_CONTAINER (box), area_button (frame_button (self, frame, "go-down-symbolic", _("Move this viewer down"), 1), 1));
  gtk_container_add (GTK_CONTAINER (box), area_button (frame_button (self, frame, "go-bottom-symbolic", _("Move this viewer to the lower dock"), 3), 1));
  gtk_container_add (GTK_CONTAINER (box), area_button (frame_button (self, frame, "go-top-symbolic", _("Move this viewer to the timelines above"), 3), 2));
  gtk_container_add (GTK_CONTAINER (box), frame_button (self, frame, "view-fullscreen-symbolic", _("Maximise this viewer in the tab, or restore the others (Ctrl+Shift+M)"), 2));
  gtk_container_add (GTK_CONTAINER (box), frame_button (self, frame, "window-close-symbolic", _("Remove this viewer from the tab (View menu to add it again)"), 0));
  gtk_widget_show_all (box);
  return box;
}

static GtkWidget *
find_descendant (GtkWidget *w, gboolean (*pred) (GtkWidget *))
{
  if (pred (w))
    return w;
  if (!GTK_IS_CONTAINER (w))
    return NULL;
  GList *children = gtk_container_get_children (GTK_CONTAINER (w));
  GtkWidget *found = NULL;
  for (GList *l = children; l != NULL && found == NULL; l = l->next)
    found = find_descendant (l->data, pred);
  g_list_free (children);
  return found;
}

static gboolean
is_toolbar (GtkWidget *w)
{
  return GTK_IS_BOX (w) && gtk_style_context_has_class (gtk_widget_get_style_context (w),
                                                        LTTV_VIEWER_TOOLBAR_CLASS);
}

static gboolean is_view (GtkWidget *w) { return LTTV_IS_TIMELINE_VIEW (w); }

/* The viewer's toolbar takes its title and buttons (hidden in the dock). */
static void
adopt_toolbar (LttvTab *self, Viewer *v, GtkWidget *frame)
{
  GtkWidget *home;
  int at = 0;

  v->toolbar = find_descendant (v->widget, is_toolbar);
  if (v->toolbar == NULL)
    return;
  v->view = find_descendant (v->widget, is_view);
  home = gtk_widget_get_parent (v->toolbar);
  if (!GTK_IS_BOX (home))
    v->view = NULL;   /* (stays where it is) */
  else
    gtk_container_child_get (GTK_CONTAINER (home), v->toolbar, "position", &at, NULL);
  g_object_set_data (G_OBJECT (v->toolbar), "lttv-home", home);
  g_object_set_data (G_OBJECT (v->toolbar), "lttv-home-position", GINT_TO_POINTER (at));
  gtk_style_context_add_class (gtk_widget_get_style_context (v->toolbar), "lttv-title-row");
  g_object_set (v->toolbar, "margin-top", 1, "margin-bottom", 1, NULL);
  v->toolbar_title = title_box (self, frame, v->info);
  gtk_style_context_add_class (gtk_widget_get_style_context (v->toolbar_title), "dim-label");
  g_object_set (v->toolbar_title, "margin-end", 6, NULL);
  gtk_box_pack_start (GTK_BOX (v->toolbar), v->toolbar_title, FALSE, FALSE, 0);
  gtk_box_reorder_child (GTK_BOX (v->toolbar), v->toolbar_title, 0);
  v->toolbar_buttons = frame_buttons (self, frame);
  if (v->view != NULL)
    gtk_box_pack_end (GTK_BOX (v->toolbar_buttons), lttv_timeline_view_get_legend_button (v->view),
                      FALSE, FALSE, 0),
    gtk_box_reorder_child (GTK_BOX (v->toolbar_buttons), lttv_timeline_view_get_legend_button (v->view), 0),
    gtk_widget_show (lttv_timeline_view_get_legend_button (v->view));
  gtk_box_pack_end (GTK_BOX (v->toolbar), v->toolbar_buttons, FALSE, FALSE, 0);
  gtk_widget_set_no_show_all (v->toolbar_title, TRUE);
  gtk_widget_set_no_show_all (v->toolbar_buttons, TRUE);
  buttons_for_area (v->toolbar_buttons, TRUE);
}

/* Title rows, the time bar and the window's bar lose their padding, not
 * their text: the rows below get the room. */
void
lttv_tab_add_compact_style (void)
{
  static gsize done = 0;
  static const char css[] =
    ".lttv-title-row { margin-top: 0; margin-bottom: 0; }\n"
    ".lttv-title-row button { min-height: 20px; min-width: 20px; padding: 0 3px; }\n"
    ".lttv-title-row button.lttv-frame-button { padding: 0 2px; }\n"
    ".lttv-title-row entry { min-height: 20px; padding-top: 0; padding-bottom: 0; }\n"
    "timebar entry { min-height: 22px; padding: 0 4px; }\n"
    "timebar button { min-height: 22px; padding-top: 0; padding-bottom: 0; }\n"
    "notebook.lttv-dock > header tab { min-height: 22px; padding-top: 1px; padding-bottom: 1px; }\n"
    "notebook.lttv-dock > header tab button.lttv-frame-button { min-height: 20px; min-width: 20px; padding: 0 2px; }\n"
    /* The window's tabs take their size from their label: a lone tab's
     * label gives way to an empty box, and no strip shows (lttv-window.c).
     * (The theme's, padding 3px 12px 4px over 30px, moves to the label.) */
    "notebook.lttv-window-tabs > header { padding: 0; }\n"
    "notebook.lttv-window-tabs > header tab { min-height: 0; min-width: 0; padding: 0; }\n"
    "notebook.lttv-window-tabs > header tab > box.lttv-tab-label { min-height: 30px; padding: 3px 12px 4px; }\n"
    /* (the theme's soft shadows under the viewers' many small buttons
     * are blurred in software each frame: a fifth of a frame's paint) */
    ".lttv-title-row button, timebar button { box-shadow: none; }\n";

  if (g_once_init_enter (&done))
    {
      GtkCssProvider *provider = gtk_css_provider_new ();
      gtk_css_provider_load_from_data (provider, css, -1, NULL);
      gtk_style_context_add_provider_for_screen (gdk_screen_get_default (), GTK_STYLE_PROVIDER (provider),
                                                 GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
      g_object_unref (provider);
      g_once_init_leave (&done, 1);
    }
}

void
lttv_tab_strip_show (GtkNotebook *notebook, gboolean show)
{
  gtk_notebook_set_show_tabs (notebook, show);
  /* (which makes it focusable again) */
  gtk_widget_set_can_focus (GTK_WIDGET (notebook), FALSE);
}

GtkWidget *
lttv_tab_make_frame (LttvTab *self, Viewer *v)
{
  GtkWidget *frame = g_object_ref_sink (gtk_box_new (GTK_ORIENTATION_VERTICAL, 0));
  GtkWidget *header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWidget *title = title_box (self, frame, v->info);
  GtkWidget *tab = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);

  /* The upper area's title row, for a viewer without a toolbar. */
  gtk_style_context_add_class (gtk_widget_get_style_context (header), "lttv-viewer-header");
  gtk_style_context_add_class (gtk_widget_get_style_context (header), "lttv-title-row");
  gtk_widget_set_hexpand (title, TRUE);
  gtk_style_context_add_class (gtk_widget_get_style_context (title), "dim-label");
  gtk_container_add (GTK_CONTAINER (header), title);
  GtkWidget *buttons = frame_buttons (self, frame);
  gtk_container_add (GTK_CONTAINER (header), buttons);
  g_object_set (header, "margin-start", 6, "margin-end", 2, NULL);
  gtk_widget_show_all (header);
  buttons_for_area (buttons, TRUE);
  gtk_widget_set_no_show_all (header, TRUE);
  gtk_container_add (GTK_CONTAINER (frame), header);
  gtk_widget_set_vexpand (v->widget, TRUE);
  gtk_container_add (GTK_CONTAINER (frame), v->widget);
  gtk_widget_show (v->widget);
  v->header = header;
  adopt_toolbar (self, v, frame);
  if (v->toolbar != NULL)
    gtk_widget_hide (header);

  /* Its tab in the dock. */
  gtk_container_add (GTK_CONTAINER (tab), title_box (self, frame, v->info));
  gtk_container_add (GTK_CONTAINER (tab), frame_button (self, frame, "go-top-symbolic", _("Move this viewer to the timelines above"), 3));
  gtk_container_add (GTK_CONTAINER (tab), frame_button (self, frame, "view-fullscreen-symbolic", _("Maximise this viewer in the tab, or restore the others (Ctrl+Shift+M)"), 2));
  gtk_container_add (GTK_CONTAINER (tab), frame_button (self, frame, "window-close-symbolic", _("Remove this viewer from the tab (View menu to add it again)"), 0));
  gtk_widget_show_all (tab);
  v->tab_label = g_object_ref_sink (tab);
  return frame;
}
