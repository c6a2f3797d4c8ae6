/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-trichess-sheet.h: the TRICHESS points-lost sheet and the non-aggression cards */
#pragma once

#include <gtk/gtk.h>

#include "bg-game.h"

G_BEGIN_DECLS

#define TRIO_TYPE_TRICHESS_SHEET (trio_trichess_sheet_get_type ())
G_DECLARE_FINAL_TYPE (TrioTrichessSheet, trio_trichess_sheet, TRIO, TRICHESS_SHEET, GtkWidget)

/* A TrioGameView (set_game, update) for the games of TRICHESS. */
GtkWidget *trio_trichess_sheet_new (void);

G_END_DECLS
