/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-settings.c: the preferences, when their schema is installed */

#include "trio-settings.h"

#include "trio-app-id.h"

GSettings *
trio_settings_get (void)
{
  static GSettings *settings;
  static gboolean looked_up;

  if (!looked_up)
    {
      GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
      g_autoptr (GSettingsSchema) schema = NULL;

      looked_up = TRUE;
      if (source != NULL)
        schema = g_settings_schema_source_lookup (source, TRIO_APP_ID, TRUE);
      if (schema != NULL)
        settings = g_settings_new_full (schema, NULL, NULL);
      else
        g_debug ("The settings schema %s is not installed: preferences are not kept",
                 TRIO_APP_ID);
    }
  return settings;
}
