/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "lttv-time-bar.h"
#include "lttv-time-text.h"

typedef enum {
  FIELD_START = LTTV_TIME_BAR_START,
  FIELD_END = LTTV_TIME_BAR_END,
  FIELD_SPAN = LTTV_TIME_BAR_SPAN,
  FIELD_CURRENT = LTTV_TIME_BAR_CURRENT,
  FIELD_SEL_START = LTTV_TIME_BAR_SELECTION_START,
  FIELD_SEL_END = LTTV_TIME_BAR_SELECTION_END,
  N_FIELDS = LTTV_TIME_BAR_N_FIELDS
} Field;

struct _LttvTimeBar
{
  GtkBox parent_instance;

  LttvTimeContext *context;
  GtkEntry *entries[N_FIELDS];
};

G_DEFINE_TYPE (LttvTimeBar, lttv_time_bar, GTK_TYPE_BOX)

static LttvTime
origin (LttvTimeBar *self)
{
  LttvTime begin = 0;
  lttv_time_context_get_bounds (self->context, &begin, NULL);
  return begin;
}

static void
show_time (LttvTimeBar *self, Field f, LttvTime t, gboolean valid)
{
  g_autofree char *text = valid ? lttv_time_text_format (t, lttv_time_text_get_format (), origin (self))
                                : g_strdup ("");
  GtkStyleContext *style = gtk_widget_get_style_context (GTK_WIDGET (self->entries[f]));

  /* Leave what the user is typing alone. */
  if (gtk_widget_has_focus (GTK_WIDGET (self->entries[f])))
    return;
  gtk_entry_set_text (self->entries[f], text);
  gtk_style_context_remove_class (style, "error");
}

static void fit_fields (LttvTimeBar *self);

static void
window_changed_cb (LttvTimeContext *context, LttvTimeBar *self)
{
  LttvTime start, end;
  /* (the bounds come with the traceset's first window) */
  fit_fields (self);
  lttv_time_context_get_window (context, &start, &end);
  show_time (self, FIELD_START, start, TRUE);
  show_time (self, FIELD_END, end, TRUE);
  if (!gtk_widget_has_focus (GTK_WIDGET (self->entries[FIELD_SPAN])))
    {
      g_autofree char *span = lttv_time_text_duration (end - start);
      gtk_entry_set_text (self->entries[FIELD_SPAN], span);
    }
}

static void
current_changed_cb (LttvTimeContext *context, LttvTimeBar *self)
{
  show_time (self, FIELD_CURRENT, lttv_time_context_get_current_time (context), TRUE);
}

static void
selection_changed_cb (LttvTimeContext *context, LttvTimeBar *self)
{
  LttvTime start, end;
  gboolean any = lttv_time_context_get_selection (context, &start, &end);
  show_time (self, FIELD_SEL_START, start, any);
  show_time (self, FIELD_SEL_END, end, any);
}

/* The longest time format: seconds from the clock's origin,
 * "1457113582.794565804". */
#define TIME_CHARS 20

/* The times' fields as wide as the format's times (the trace's end, the
 * longest), not the longest format's: one row at a laptop's width. */
static void
fit_fields (LttvTimeBar *self)
{
  LttvTime end = 0;
  int chars;

  lttv_time_context_get_bounds (self->context, NULL, &end);
  g_autofree char *text = lttv_time_text_format (end, lttv_time_text_get_format (), origin (self));
  chars = CLAMP ((int) g_utf8_strlen (text, -1), 12, TIME_CHARS);
  for (int f = 0; f < N_FIELDS; f++)
    if (f != FIELD_SPAN)
      {
        gtk_entry_set_width_chars (self->entries[f], chars);
        gtk_entry_set_max_width_chars (self->entries[f], chars);
      }
}

void
lttv_time_bar_refresh (LttvTimeBar *self)
{
  fit_fields (self);
  window_changed_cb (self->context, self);
  current_changed_cb (self->context, self);
  selection_changed_cb (self->context, self);
}

static gboolean
apply (LttvTimeBar *self, Field f)
{
  GtkEntry *entry = self->entries[f];
  const char *text = gtk_entry_get_text (entry);
  g_autoptr (GError) error = NULL;
  LttvTime t = 0, start, end, sel_start, sel_end;
  gboolean has_sel = lttv_time_context_get_selection (self->context, &sel_start, &sel_end);
  gboolean ok;

  lttv_time_context_get_window (self->context, &start, &end);
  if (f == FIELD_SPAN)
    ok = lttv_time_text_parse_duration (text, &t, &error);
  else if ((f == FIELD_SEL_START || f == FIELD_SEL_END) && text[0] == '\0')
    {
      lttv_time_context_clear_selection (self->context);
      return TRUE;
    }
  else
    ok = lttv_time_text_parse (text, lttv_time_text_get_format (), origin (self), &t, &error);
  if (!ok)
    {
      gtk_style_context_add_class (gtk_widget_get_style_context (GTK_WIDGET (entry)), "error");
      gtk_widget_set_tooltip_text (GTK_WIDGET (entry), error->message);
      return FALSE;
    }
  gtk_style_context_remove_class (gtk_widget_get_style_context (GTK_WIDGET (entry)), "error");
  switch (f)
    {
    case FIELD_START: lttv_time_context_set_window (self->context, t, MAX (t, end)); break;
    case FIELD_END: lttv_time_context_set_window (self->context, MIN (start, t), t); break;
    case FIELD_SPAN: lttv_time_context_set_window (self->context, start, start + MAX (t, 1)); break;
    case FIELD_CURRENT: lttv_time_context_set_current_time (self->context, t); break;
    case FIELD_SEL_START: lttv_time_context_set_selection (self->context, t, has_sel ? sel_end : t); break;
    case FIELD_SEL_END: lttv_time_context_set_selection (self->context, has_sel ? sel_start : t, t); break;
    case N_FIELDS: break;
    }
  return TRUE;
}

static void
entry_activate_cb (GtkEntry *entry, LttvTimeBar *self)
{
  for (int f = 0; f < N_FIELDS; f++)
    if (self->entries[f] == entry && apply (self, f))
      {
        /* Show the value as understood, then leave the field. */
        GtkWidget *toplevel = gtk_widget_get_toplevel (GTK_WIDGET (entry));
        if (GTK_IS_WINDOW (toplevel))
          gtk_window_set_focus (GTK_WINDOW (toplevel), NULL);
        lttv_time_bar_refresh (self);
      }
}

static gboolean
refresh_idle_cb (gpointer user_data)
{
  LttvTimeBar *self = user_data;
  if (self->context != NULL)
    lttv_time_bar_refresh (self);
  return G_SOURCE_REMOVE;
}

static gboolean
entry_focus_out_cb (GtkWidget *entry, GdkEvent *event, LttvTimeBar *self)
{
  /* Leaving a field without Enter drops the edit, once the focus is gone. */
  g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, refresh_idle_cb, g_object_ref (self), g_object_unref);
  return FALSE;
}

const char *
lttv_time_bar_get_text (LttvTimeBar *self, LttvTimeBarField field)
{
  g_return_val_if_fail (LTTV_IS_TIME_BAR (self), NULL);
  g_return_val_if_fail (field < LTTV_TIME_BAR_N_FIELDS, NULL);
  return gtk_entry_get_text (self->entries[field]);
}

gboolean
lttv_time_bar_enter (LttvTimeBar *self, LttvTimeBarField field, const char *text)
{
  g_return_val_if_fail (LTTV_IS_TIME_BAR (self), FALSE);
  g_return_val_if_fail (field < LTTV_TIME_BAR_N_FIELDS, FALSE);
  gtk_entry_set_text (self->entries[field], text);
  if (!apply (self, (Field) field))
    return FALSE;
  lttv_time_bar_refresh (self);
  return TRUE;
}

void
lttv_time_bar_focus_current (LttvTimeBar *self)
{
  gtk_widget_grab_focus (GTK_WIDGET (self->entries[FIELD_CURRENT]));
}

/* A labelled entry, in `group` (a line of the time bar's flow). */
static void
add_field (LttvTimeBar *self, GtkWidget *group, Field f, const char *label,
           const char *tooltip, int chars)
{
  GtkWidget *e = gtk_entry_new ();

  if (label[0] != '\0')
    {
      GtkWidget *l = gtk_label_new_with_mnemonic (label);
      gtk_style_context_add_class (gtk_widget_get_style_context (l), "dim-label");
      gtk_label_set_mnemonic_widget (GTK_LABEL (l), e);
      gtk_widget_set_tooltip_text (l, tooltip);
      gtk_container_add (GTK_CONTAINER (group), l);
    }
  /* Whole times always: a narrow window wraps the bar instead. */
  gtk_entry_set_width_chars (GTK_ENTRY (e), chars);
  gtk_entry_set_max_width_chars (GTK_ENTRY (e), chars);
  gtk_widget_set_tooltip_text (e, tooltip);
  g_signal_connect (e, "activate", G_CALLBACK (entry_activate_cb), self);
  g_signal_connect (e, "focus-out-event", G_CALLBACK (entry_focus_out_cb), self);
  self->entries[f] = GTK_ENTRY (e);
  gtk_container_add (GTK_CONTAINER (group), e);
}

/* A group of fields that stays on one line when the bar wraps. */
static GtkWidget *
add_group (GtkWidget *flow)
{
  GtkWidget *group = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *child = gtk_flow_box_child_new ();

  /* Tab goes from entry to entry, not through the flow's cells. */
  gtk_widget_set_can_focus (child, FALSE);
  gtk_container_add (GTK_CONTAINER (child), group);
  gtk_container_add (GTK_CONTAINER (flow), child);
  return group;
}

static void
lttv_time_bar_dispose (GObject *object)
{
  LttvTimeBar *self = LTTV_TIME_BAR (object);

  if (self->context != NULL)
    g_signal_handlers_disconnect_by_data (self->context, self);
  g_clear_object (&self->context);
  G_OBJECT_CLASS (lttv_time_bar_parent_class)->dispose (object);
}

static void
lttv_time_bar_class_init (LttvTimeBarClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = lttv_time_bar_dispose;
  gtk_widget_class_set_css_name (GTK_WIDGET_CLASS (klass), "timebar");
}

static void
lttv_time_bar_init (LttvTimeBar *self)
{
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_HORIZONTAL);
  gtk_box_set_spacing (GTK_BOX (self), 6);
  g_object_set (self, "margin-start", 6, "margin-end", 6, "margin-top", 3, "margin-bottom", 3, NULL);
  GtkWidget *flow = gtk_flow_box_new ();
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (flow), GTK_SELECTION_NONE);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (flow), 5);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (flow), 8);
  gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (flow), 6);
  gtk_widget_set_hexpand (flow, TRUE);
  gtk_container_add (GTK_CONTAINER (self), flow);
  add_field (self, add_group (flow), FIELD_START, _("_Start"),
             _("Start of the visible window; type a time and press Enter"), TIME_CHARS);
  add_field (self, add_group (flow), FIELD_END, _("_End"),
             _("End of the visible window; type a time and press Enter"), TIME_CHARS);
  add_field (self, add_group (flow), FIELD_SPAN, _("S_pan"),
             _("Length of the visible window, e.g. 0.25 s or 300 us"), 14);
  add_field (self, add_group (flow), FIELD_CURRENT, _("C_urrent"),
             _("Current time, shared by every viewer of the tab (Ctrl+G)"), TIME_CHARS);
  GtkWidget *selection = add_group (flow);
  add_field (self, selection, FIELD_SEL_START, _("Se_lection"),
             _("Start of the selected range; empty for none"), TIME_CHARS);
  add_field (self, selection, FIELD_SEL_END, "",
             _("End of the selected range; empty for none"), TIME_CHARS);
}

GtkWidget *
lttv_time_bar_new (LttvTimeContext *context)
{
  LttvTimeBar *self = g_object_new (LTTV_TYPE_TIME_BAR, NULL);

  self->context = g_object_ref (context);
  g_signal_connect (context, "window-changed", G_CALLBACK (window_changed_cb), self);
  g_signal_connect (context, "current-time-changed", G_CALLBACK (current_changed_cb), self);
  g_signal_connect (context, "selection-changed", G_CALLBACK (selection_changed_cb), self);
  lttv_time_bar_refresh (self);
  return GTK_WIDGET (self);
}
