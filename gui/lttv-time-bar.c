#include "config.h"

#include <glib/gi18n.h>

#include "lttv-time-bar.h"
#include "lttv-time-text.h"

typedef enum { FIELD_START, FIELD_END, FIELD_SPAN, FIELD_CURRENT, FIELD_SEL_START, FIELD_SEL_END, N_FIELDS } Field;

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

static void
window_changed_cb (LttvTimeContext *context, LttvTimeBar *self)
{
  LttvTime start, end;
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

void
lttv_time_bar_refresh (LttvTimeBar *self)
{
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

void
lttv_time_bar_focus_current (LttvTimeBar *self)
{
  gtk_widget_grab_focus (GTK_WIDGET (self->entries[FIELD_CURRENT]));
}

static void
add_field (LttvTimeBar *self, Field f, const char *label, const char *tooltip, int chars)
{
  GtkWidget *l = gtk_label_new_with_mnemonic (label);
  GtkWidget *e = gtk_entry_new ();

  gtk_style_context_add_class (gtk_widget_get_style_context (l), "dim-label");
  gtk_label_set_mnemonic_widget (GTK_LABEL (l), e);
  /* Narrow windows shrink the fields; wide ones show whole times. */
  gtk_entry_set_width_chars (GTK_ENTRY (e), chars * 2 / 3);
  gtk_entry_set_max_width_chars (GTK_ENTRY (e), chars + 2);
  gtk_widget_set_tooltip_text (e, tooltip);
  gtk_widget_set_tooltip_text (l, tooltip);
  g_signal_connect (e, "activate", G_CALLBACK (entry_activate_cb), self);
  g_signal_connect (e, "focus-out-event", G_CALLBACK (entry_focus_out_cb), self);
  self->entries[f] = GTK_ENTRY (e);
  if (label[0] != '\0')
    gtk_container_add (GTK_CONTAINER (self), l);
  else
    g_object_ref_sink (l), g_object_unref (l);
  gtk_container_add (GTK_CONTAINER (self), e);
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
  g_object_set (self, "margin", 6, NULL);
  add_field (self, FIELD_START, _("_Start"), _("Start of the visible window; type a time and press Enter"), 18);
  add_field (self, FIELD_END, _("_End"), _("End of the visible window; type a time and press Enter"), 18);
  add_field (self, FIELD_SPAN, _("S_pan"), _("Length of the visible window, e.g. 0.25 s or 300 us"), 14);
  add_field (self, FIELD_CURRENT, _("C_urrent"), _("Current time, shared by every viewer of the tab (Ctrl+G)"), 18);
  add_field (self, FIELD_SEL_START, _("Se_lection"), _("Start of the selected range; empty for none"), 18);
  add_field (self, FIELD_SEL_END, "", _("End of the selected range; empty for none"), 18);
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
