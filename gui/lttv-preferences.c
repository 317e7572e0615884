/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "lttv-preferences.h"
#include "lttv-time-text.h"
#include "lttv-window.h"

struct _LttvPreferences
{
  GtkDialog parent_instance;

  GtkComboBoxText *time_format;
  GSettings *settings;
};

G_DEFINE_TYPE (LttvPreferences, lttv_preferences, GTK_TYPE_DIALOG)

static const char *const format_ids[] = { "clock", "seconds", "relative" };

static void
format_changed_cb (GtkComboBox *combo, LttvPreferences *self)
{
  int active = gtk_combo_box_get_active (combo);

  if (active < 0)
    return;
  if (self->settings != NULL)
    g_settings_set_enum (self->settings, "time-format", active);
  else
    {
      /* No schema: apply for this session only. */
      lttv_time_text_set_format (active);
      for (GList *l = gtk_application_get_windows (GTK_APPLICATION (g_application_get_default ()));
           l != NULL; l = l->next)
        if (LTTV_IS_WINDOW (l->data))
          lttv_window_refresh_times (l->data);
    }
}

static void
lttv_preferences_dispose (GObject *object)
{
  g_clear_object (&LTTV_PREFERENCES (object)->settings);
  G_OBJECT_CLASS (lttv_preferences_parent_class)->dispose (object);
}

static void
lttv_preferences_class_init (LttvPreferencesClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = lttv_preferences_dispose;
}

static void
lttv_preferences_init (LttvPreferences *self)
{
  GtkWidget *grid = gtk_grid_new ();
  GtkWidget *label = gtk_label_new_with_mnemonic (_("_Time format"));

  self->time_format = GTK_COMBO_BOX_TEXT (gtk_combo_box_text_new ());
  gtk_combo_box_text_append (self->time_format, format_ids[0], _("Clock time of day (17:46:22.794565804)"));
  gtk_combo_box_text_append (self->time_format, format_ids[1], _("Seconds since the clock's origin (1457113582.794565804)"));
  gtk_combo_box_text_append (self->time_format, format_ids[2], _("Seconds since the start of the traceset (+0.250000000)"));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->time_format), _("How every time of the window is shown and typed"));
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), GTK_WIDGET (self->time_format));
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  g_object_set (grid, "margin", 18, NULL);
  gtk_grid_attach (GTK_GRID (grid), label, 0, 0, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), GTK_WIDGET (self->time_format), 1, 0, 1, 1);
  gtk_widget_show_all (grid);
  gtk_container_add (GTK_CONTAINER (gtk_dialog_get_content_area (GTK_DIALOG (self))), grid);
  gtk_window_set_title (GTK_WINDOW (self), _("Preferences"));
}

GtkWidget *
lttv_preferences_new (GtkWindow *parent, GSettings *settings)
{
  LttvPreferences *self = g_object_new (LTTV_TYPE_PREFERENCES, "transient-for", parent,
                                        "use-header-bar", TRUE, NULL);

  self->settings = settings != NULL ? g_object_ref (settings) : NULL;
  gtk_combo_box_set_active (GTK_COMBO_BOX (self->time_format), lttv_time_text_get_format ());
  g_signal_connect (self->time_format, "changed", G_CALLBACK (format_changed_cb), self);
  return GTK_WIDGET (self);
}
