/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-new-game-dialog.h: seats, levels and options of a new game */
#pragma once

#include <gtk/gtk.h>

#include "trio-perfect-table.h"
#include "session/trio-session.h"

G_BEGIN_DECLS

#define TRIO_TYPE_NEW_GAME_DIALOG (trio_new_game_dialog_get_type ())
G_DECLARE_FINAL_TYPE (TrioNewGameDialog, trio_new_game_dialog, TRIO, NEW_GAME_DIALOG,
                      GtkWindow)

/* table: the perfect level's (La Triple Alliance), or NULL. */
TrioNewGameDialog *trio_new_game_dialog_new         (GtkWindow         *parent,
                                                     const char        *game_id,
                                                     TrioPerfectTable  *table);
const char        *trio_new_game_dialog_get_game_id (TrioNewGameDialog *self);
/* The options for bg_game_new() as chosen (owned by the dialog). */
GHashTable        *trio_new_game_dialog_get_options (TrioNewGameDialog *self);
const TrioSeat    *trio_new_game_dialog_get_seats   (TrioNewGameDialog *self,
                                                     guint             *n_seats);
/* With friends invited (seats "Friend, Invited", human seats with no name), the seat played
 * at this screen: the game is played online. -1 for a game of this screen alone. */
int                trio_new_game_dialog_get_local_seat (TrioNewGameDialog *self);

/* Signal "start": the player pressed Start; the dialog closes after it. */

G_END_DECLS
