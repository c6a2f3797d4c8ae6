/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-score-sheet.h: the Triomino score sheet: each player's score, round by round, and
 * the last placement's breakdown */
#pragma once

#include <gtk/gtk.h>

#include "bg-game.h"

G_BEGIN_DECLS

#define TRIO_TYPE_SCORE_SHEET (trio_score_sheet_get_type ())
G_DECLARE_FINAL_TYPE (TrioScoreSheet, trio_score_sheet, TRIO, SCORE_SHEET, GtkWidget)

/* A TrioGameView (set_game, update) for the games of Triomino. */
GtkWidget *trio_score_sheet_new (void);

/* Optional: the players' names (NULL-terminated, "" or missing for "Player N"). */
void trio_score_sheet_set_names (TrioScoreSheet    *self,
                                 const char *const *names);

G_END_DECLS
