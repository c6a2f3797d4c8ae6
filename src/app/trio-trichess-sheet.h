/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-trichess-sheet.h: the TRICHESS points-lost sheet and the non-aggression cards */
#pragma once

#include <gtk/gtk.h>

#include "bg-game.h"

G_BEGIN_DECLS

#define TRIO_TYPE_TRICHESS_SHEET (trio_trichess_sheet_get_type ())
G_DECLARE_FINAL_TYPE (TrioTrichessSheet, trio_trichess_sheet, TRIO, TRICHESS_SHEET, GtkWidget)

GtkWidget *trio_trichess_sheet_new (void);

void trio_trichess_sheet_set_game (TrioTrichessSheet *self,
                                   const BgGame      *game);
void trio_trichess_sheet_update   (TrioTrichessSheet *self);

G_END_DECLS
