/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-settings.h: the preferences, when their schema is installed */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* The application's settings, or NULL when the schema is not installed (an uninstalled
 * build run without GSETTINGS_SCHEMA_DIR): Trio then simply remembers nothing. */
GSettings *trio_settings_get (void);

G_END_DECLS
