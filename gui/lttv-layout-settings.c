/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "config.h"

#include "lttv-layout-settings.h"

GSettings *
lttv_layout_settings (void)
{
  static GSettings *settings;
  static gboolean looked;

  if (!looked)
    {
      GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
      g_autoptr (GSettingsSchema) schema = source != NULL
        ? g_settings_schema_source_lookup (source, LTTV_LAYOUT_SCHEMA_ID, TRUE) : NULL;
      looked = TRUE;
      if (schema != NULL)
        settings = g_settings_new (LTTV_LAYOUT_SCHEMA_ID);
    }
  return settings;
}
