/* SPDX-License-Identifier: GPL-2.0-or-later */
/* lttv-timeline-view-input.c: the timeline view's mouse, keys and
 * actions: selecting, zooming, panning, sorting, hiding rows. */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "lttv-marks.h"
#include "lttv-timeline-view-private.h"

static gboolean
canvas_query_tooltip (GtkWidget *widget, int x, int y, gboolean keyboard, GtkTooltip *tooltip,
                      LttvTimelineView *self)
{
  g_autofree char *text = keyboard ? NULL : lttv_timeline_view_tooltip_at (self, x, y);
  if (text == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

static gboolean
canvas_button_press (GtkWidget *widget, GdkEventButton *event, LttvTimelineView *self)
{
  gtk_widget_grab_focus (widget);
  if (event->button != GDK_BUTTON_PRIMARY || event->type != GDK_BUTTON_PRESS)
    return FALSE;
  self->pressed = TRUE;
  self->dragging = FALSE;
  self->press_x = event->x;
  return TRUE;
}

static gboolean
canvas_motion (GtkWidget *widget, GdkEventMotion *event, LttvTimelineView *self)
{
  self->hover_x = event->x;
  if (self->pressed && fabs (event->x - self->press_x) > 3)
    self->dragging = TRUE;
  if (self->dragging)
    lttv_viewer_context_set_selection (self->ctx, lttv_timeline_view_time_at (self, self->press_x),
                                       lttv_timeline_view_time_at (self, event->x));
  gtk_widget_queue_draw (widget);
  return FALSE;
}

static gboolean
canvas_leave (GtkWidget *widget, GdkEventCrossing *event, LttvTimelineView *self)
{
  self->hover_x = -1;
  gtk_widget_queue_draw (widget);
  return FALSE;
}

static gboolean
canvas_button_release (GtkWidget *widget, GdkEventButton *event, LttvTimelineView *self)
{
  if (!self->pressed || event->button != GDK_BUTTON_PRIMARY)
    return FALSE;
  self->pressed = FALSE;
  if (!self->dragging && (event->state & GDK_SHIFT_MASK))
    lttv_marks_extend_selection (self->ctx, lttv_timeline_view_time_at (self, event->x));
  else if (!self->dragging)
    {
      LttvTime t = lttv_timeline_view_time_at (self, event->x);
      int row = lttv_timeline_view_row_at (self, event->y);
      lttv_viewer_context_set_current_time (self->ctx, t);
      if (row >= 0)
        {
          lttv_timeline_view_select_row (self, row);
          g_signal_emit_by_name (self, "row-clicked", row, (guint64) t);
        }
    }
  self->dragging = FALSE;
  return TRUE;
}

static gboolean
scroll (LttvTimelineView *self, GdkEventScroll *event, double x, gboolean on_canvas)
{
  double dy = 0;

  if (event->direction == GDK_SCROLL_UP)
    dy = -1;
  else if (event->direction == GDK_SCROLL_DOWN)
    dy = 1;
  else if (event->direction == GDK_SCROLL_SMOOTH)
    dy = event->delta_y != 0 ? event->delta_y : event->delta_x;
  if (dy == 0)
    return FALSE;
  if (on_canvas && (event->state & GDK_CONTROL_MASK))
    lttv_timeline_view_zoom (self, pow (1.25, -dy), lttv_timeline_view_time_at (self, x));
  else if (on_canvas && (event->state & GDK_SHIFT_MASK))
    lttv_timeline_view_pan (self, 0.1 * dy);
  else
    gtk_adjustment_set_value (self->vadj, gtk_adjustment_get_value (self->vadj)
                                          + dy * 3 * LTTV_TIMELINE_ROW_HEIGHT);
  return TRUE;
}

static gboolean
canvas_scroll (GtkWidget *widget, GdkEventScroll *event, LttvTimelineView *self)
{
  return scroll (self, event, event->x, TRUE);
}

static gboolean
names_scroll (GtkWidget *widget, GdkEventScroll *event, LttvTimelineView *self)
{
  return scroll (self, event, 0, FALSE);
}

static gboolean
canvas_key_press (GtkWidget *widget, GdkEventKey *event, LttvTimelineView *self)
{
  int width = gtk_widget_get_allocated_width (self->canvas);
  double x = self->hover_x >= 0 ? self->hover_x : width / 2.0;
  LttvTime now = lttv_viewer_context_get_current_time (self->ctx);

  if (event->state & (GDK_CONTROL_MASK | GDK_MOD1_MASK))
    return FALSE;
  switch (event->keyval)
    {
    case GDK_KEY_w: case GDK_KEY_W:
      lttv_timeline_view_zoom (self, 1.5, lttv_timeline_view_time_at (self, x));
      return TRUE;
    case GDK_KEY_s: case GDK_KEY_S:
      lttv_timeline_view_zoom (self, 1 / 1.5, lttv_timeline_view_time_at (self, x));
      return TRUE;
    case GDK_KEY_a: case GDK_KEY_A:
      lttv_timeline_view_pan (self, -0.2);
      return TRUE;
    case GDK_KEY_d: case GDK_KEY_D:
      lttv_timeline_view_pan (self, 0.2);
      return TRUE;
    case GDK_KEY_plus: case GDK_KEY_KP_Add: case GDK_KEY_equal:
      lttv_timeline_view_zoom (self, 2, now);
      return TRUE;
    case GDK_KEY_minus: case GDK_KEY_KP_Subtract:
      lttv_timeline_view_zoom (self, 0.5, now);
      return TRUE;
    case GDK_KEY_z: case GDK_KEY_Z:
      {
        LttvTime s0, s1;
        if (lttv_viewer_context_get_selection (self->ctx, &s0, &s1) && s1 > s0)
          lttv_viewer_context_set_window (self->ctx, s0, s1);
        return TRUE;
      }
    case GDK_KEY_Left:
      lttv_timeline_view_step_change (self, FALSE);
      return TRUE;
    case GDK_KEY_Right:
      lttv_timeline_view_step_change (self, TRUE);
      return TRUE;
    case GDK_KEY_Up: case GDK_KEY_Down:
      if (self->model != NULL && lttv_timeline_model_n_visible (self->model) > 0)
        {
          int pos = self->selected >= 0 ? lttv_timeline_model_row_position (self->model, self->selected) : -1;
          int n = lttv_timeline_model_n_visible (self->model);
          pos = CLAMP (pos + (event->keyval == GDK_KEY_Up ? -1 : 1), 0, n - 1);
          lttv_timeline_view_select_row (self, lttv_timeline_model_visible_row (self->model, pos, NULL));
        }
      return TRUE;
    default:
      return FALSE;
    }
}

static void
hide_row_cb (GtkMenuItem *item, LttvTimelineView *self)
{
  int row = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (item), "row"));
  if (self->model != NULL && row < (int) lttv_timeline_model_n_rows (self->model))
    {
      lttv_timeline_model_get_row (self->model, row)->user_hidden = TRUE;
      lttv_timeline_view_refilter (self);
    }
}

static void
show_rows_cb (GtkMenuItem *item, LttvTimelineView *self)
{
  for (guint i = 0; self->model != NULL && i < lttv_timeline_model_n_rows (self->model); i++)
    lttv_timeline_model_get_row (self->model, i)->user_hidden = FALSE;
  lttv_timeline_view_refilter (self);
}

/* Right click on a name: hide that row, or show the rows hidden so. */
static void
names_menu (LttvTimelineView *self, GdkEventButton *event, int row)
{
  GtkWidget *menu = gtk_menu_new ();
  GtkWidget *hide = gtk_menu_item_new_with_label (_("Hide this row"));
  GtkWidget *show = gtk_menu_item_new_with_label (_("Show the hidden rows"));
  gboolean any = FALSE;

  for (guint i = 0; i < lttv_timeline_model_n_rows (self->model); i++)
    any |= lttv_timeline_model_get_row (self->model, i)->user_hidden;
  g_object_set_data (G_OBJECT (hide), "row", GINT_TO_POINTER (row));
  gtk_widget_set_sensitive (hide, row >= 0);
  gtk_widget_set_sensitive (show, any);
  g_signal_connect (hide, "activate", G_CALLBACK (hide_row_cb), self);
  g_signal_connect (show, "activate", G_CALLBACK (show_rows_cb), self);
  gtk_menu_shell_append (GTK_MENU_SHELL (menu), hide);
  gtk_menu_shell_append (GTK_MENU_SHELL (menu), show);
  gtk_widget_show_all (menu);
  gtk_menu_attach_to_widget (GTK_MENU (menu), self->names, NULL);
  g_signal_connect (menu, "deactivate", G_CALLBACK (gtk_widget_destroy), NULL);
  gtk_menu_popup_at_pointer (GTK_MENU (menu), (GdkEvent *) event);
}

static gboolean
names_button_press (GtkWidget *widget, GdkEventButton *event, LttvTimelineView *self)
{
  int row = lttv_timeline_view_row_at (self, event->y);

  gtk_widget_grab_focus (self->canvas);
  if (self->model != NULL && gdk_event_triggers_context_menu ((GdkEvent *) event))
    {
      names_menu (self, event, row);
      return TRUE;
    }
  if (event->button != GDK_BUTTON_PRIMARY || row < 0)
    return FALSE;
  if (lttv_timeline_model_on_expander (self->model, row, event->x) || event->type == GDK_2BUTTON_PRESS)
    {
      LttvTimelineRow *r = lttv_timeline_model_get_row (self->model, row);
      if (lttv_timeline_model_has_children (self->model, row))
        {
          r->collapsed = !r->collapsed;
          lttv_timeline_view_refilter (self);
        }
      return TRUE;
    }
  lttv_timeline_view_select_row (self, row);
  return TRUE;
}

static gboolean
header_button_press (GtkWidget *widget, GdkEventButton *event, LttvTimelineView *self)
{
  int column, old;
  gboolean descending;

  if (self->model == NULL || event->button != GDK_BUTTON_PRIMARY)
    return FALSE;
  column = lttv_timeline_model_column_at (self->model, event->x);
  if (column < 0)
    return FALSE;
  old = lttv_timeline_model_get_sort (self->model, &descending);
  /* Ascending, descending, then back to the trace's order. */
  if (old != column)
    lttv_timeline_model_set_sort (self->model, column, FALSE);
  else if (!descending)
    lttv_timeline_model_set_sort (self->model, column, TRUE);
  else
    lttv_timeline_model_set_sort (self->model, -1, FALSE);
  lttv_timeline_view_refilter (self);
  return TRUE;
}

/* --- Actions: the keys' work, for menus and scripts ("timeline.*") ------- */

static void
act_zoom_in (GSimpleAction *a, GVariant *p, gpointer self)
{
  lttv_timeline_view_zoom (self, 2, lttv_viewer_context_get_current_time (LTTV_TIMELINE_VIEW (self)->ctx));
}

static void
act_zoom_out (GSimpleAction *a, GVariant *p, gpointer self)
{
  lttv_timeline_view_zoom (self, 0.5, lttv_viewer_context_get_current_time (LTTV_TIMELINE_VIEW (self)->ctx));
}

static void act_pan_left (GSimpleAction *a, GVariant *p, gpointer self) { lttv_timeline_view_pan (self, -0.2); }
static void act_pan_right (GSimpleAction *a, GVariant *p, gpointer self) { lttv_timeline_view_pan (self, 0.2); }
static void act_previous (GSimpleAction *a, GVariant *p, gpointer self) { lttv_timeline_view_step_change (self, FALSE); }
static void act_next (GSimpleAction *a, GVariant *p, gpointer self) { lttv_timeline_view_step_change (self, TRUE); }

static void
act_zoom_selection (GSimpleAction *a, GVariant *p, gpointer data)
{
  LttvTimelineView *self = data;
  LttvTime s0, s1;
  if (lttv_viewer_context_get_selection (self->ctx, &s0, &s1) && s1 > s0)
    lttv_viewer_context_set_window (self->ctx, s0, s1);
}

static void
act_matches_only (GSimpleAction *a, GVariant *state, gpointer self)
{
  g_simple_action_set_state (a, state);
  lttv_timeline_view_set_matches_only (self, g_variant_get_boolean (state));
}

static const GActionEntry timeline_actions[] = {
  { "matches-only", NULL, NULL, "false", act_matches_only, { 0 } },
  { "zoom-in", act_zoom_in, NULL, NULL, NULL, { 0 } },
  { "zoom-out", act_zoom_out, NULL, NULL, NULL, { 0 } },
  { "pan-left", act_pan_left, NULL, NULL, NULL, { 0 } },
  { "pan-right", act_pan_right, NULL, NULL, NULL, { 0 } },
  { "zoom-selection", act_zoom_selection, NULL, NULL, NULL, { 0 } },
  { "previous-change", act_previous, NULL, NULL, NULL, { 0 } },
  { "next-change", act_next, NULL, NULL, NULL, { 0 } },
};

void
lttv_timeline_view_connect_input (LttvTimelineView *self)
{
  g_signal_connect (self->header, "button-press-event", G_CALLBACK (header_button_press), self);
  g_signal_connect (self->names, "button-press-event", G_CALLBACK (names_button_press), self);
  g_signal_connect (self->names, "scroll-event", G_CALLBACK (names_scroll), self);
  g_signal_connect (self->canvas, "query-tooltip", G_CALLBACK (canvas_query_tooltip), self);
  g_signal_connect (self->canvas, "button-press-event", G_CALLBACK (canvas_button_press), self);
  g_signal_connect (self->canvas, "button-release-event", G_CALLBACK (canvas_button_release), self);
  g_signal_connect (self->canvas, "motion-notify-event", G_CALLBACK (canvas_motion), self);
  g_signal_connect (self->canvas, "leave-notify-event", G_CALLBACK (canvas_leave), self);
  g_signal_connect (self->canvas, "scroll-event", G_CALLBACK (canvas_scroll), self);
  g_signal_connect (self->canvas, "key-press-event", G_CALLBACK (canvas_key_press), self);
  {
    g_autoptr (GSimpleActionGroup) group = g_simple_action_group_new ();
    g_action_map_add_action_entries (G_ACTION_MAP (group), timeline_actions,
                                     G_N_ELEMENTS (timeline_actions), self);
    gtk_widget_insert_action_group (GTK_WIDGET (self), "timeline", G_ACTION_GROUP (group));
  }
}
