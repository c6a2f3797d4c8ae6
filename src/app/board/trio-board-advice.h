/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-board-advice.h: the advisor of a solved game (La Triple Alliance): the solved table's
 * value of every choice on the board
 *
 * Plain C over the engine, tested without a display. The legal moves of the position are
 * rated by the game's solved table (TrioGame.solved_table's rate_moves()) once per position;
 * each location the player may choose next, as the board's selection takes a move location
 * by location (rules->move_locations), then gets the best value among the moves it leads to:
 * with nothing selected, every placement point, or every piece that can move; with a piece
 * selected, each of its destinations. TrioBoardView reads it at each update, and draws the
 * marks through TrioBoardState.
 */
#pragma once

#include "bg-solved-table.h"
#include "trio-board-renderer.h"

G_BEGIN_DECLS

typedef struct
{
  /* The position's legal moves, rated best first, and their locations. */
  BgTaMoveValue   *rated;
  guint          (*locations)[BG_MAX_MOVE_LOCATIONS];
  guint           *n_locations;
  guint            n_rated;
  /* The values of the locations that may be chosen next (trio_board_advice_choose()). */
  TrioAdviceMark  *marks;     /* room for one per location of the board */
  guint            n_marks;
  guint            n_board;   /* the board's locations */
} TrioBoardAdvice;

/* Rates the moves of game's position with table. FALSE, and no advice, when table or game
 * is NULL, the game is over, or its position is not one the table holds (a game without a
 * solved table, other numbers of pieces). The selection is empty afterwards (marks for
 * nothing chosen). */
gboolean trio_board_advice_read   (TrioBoardAdvice *self,
                                   const BgTaTable *table,
                                   const BgGame    *game);
/* The same with the table installed for the game's perfect level
 * (trio_game_dup_installed_table()), if wanted (the advisor is on and a human is to move);
 * no advice otherwise. */
gboolean trio_board_advice_read_default (TrioBoardAdvice *self,
                                         gboolean         wanted,
                                         const BgGame    *game);
void     trio_board_advice_clear  (TrioBoardAdvice *self);
gboolean trio_board_advice_is_set (const TrioBoardAdvice *self);

/* The player has chosen these locations so far: the marks become those of the locations
 * that may come next, each with the best value of the moves that begin with selected and
 * go on with it. */
void     trio_board_advice_choose (TrioBoardAdvice *self,
                                   const guint     *selected,
                                   guint            n_selected);

/* The mark of a location, or NULL if it has none. */
const TrioAdviceMark *trio_board_advice_lookup (const TrioBoardAdvice *self,
                                                guint                  location);

/* Sets state's advice marks (none while a move is animated: moving). */
void     trio_board_advice_fill   (const TrioBoardAdvice *self,
                                   gboolean               moving,
                                   TrioBoardState        *state);

/* A mark's value in words, for screen readers: "wins in 3 moves", "draws". */
char    *trio_board_advice_describe (const TrioAdviceMark *mark);
/* A location's label for screen readers: its name and content ("d2, empty"), and the
 * value of choosing it when it has a mark ("d2, empty: wins in 3 moves"). */
char    *trio_board_advice_label    (const TrioBoardAdvice *self,
                                     guint                  location,
                                     const char            *name,
                                     const char            *content);

G_END_DECLS
