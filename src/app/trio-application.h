/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-application.h: the Trio application */
#pragma once

#include <gtk/gtk.h>

#include "trio-app-id.h"
#include "newgame/trio-perfect-table.h"
#include "statistics/trio-statistics.h"

G_BEGIN_DECLS

#define TRIO_TYPE_APPLICATION (trio_application_get_type ())
G_DECLARE_FINAL_TYPE (TrioApplication, trio_application, TRIO, APPLICATION, GtkApplication)

TrioApplication  *trio_application_new                (void);
/* The table of the perfect level, shared by the windows (NULL before start-up). */
TrioPerfectTable *trio_application_get_perfect_table  (TrioApplication *self);
/* The statistics of finished games, shared by the windows (NULL before start-up). */
TrioStatistics   *trio_application_get_statistics     (TrioApplication *self);

G_END_DECLS
