/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-board-selection.h: choosing a move location by location, without GTK
 *
 * A move is chosen by pointing at its locations in the order the rule set gives them
 * (rules->move_locations); the locations that may come next are those of the legal moves
 * that start with the locations chosen so far. TrioBoardView feeds it clicks, drags and
 * keys, and draws what it holds; the tests drive it with positions of the engine.
 */
#pragma once

#include <glib.h>

#include "bg-game.h"

G_BEGIN_DECLS

typedef struct _TrioBoardSelection TrioBoardSelection;

/* What choosing a location did. */
typedef enum
{
  TRIO_SELECTION_REFUSED,     /* nothing to do with this location (a selection is given up,
                               * but for a mill's, whose piece to take is still to choose) */
  TRIO_SELECTION_CANCELLED,   /* the first location again: the selection is given up */
  TRIO_SELECTION_EXTENDED,    /* the location joins the selection; more are to come */
  TRIO_SELECTION_COMPLETE,    /* a move is chosen; the selection is empty again */
  TRIO_SELECTION_AMBIGUOUS,   /* several moves have these locations (a promotion): choices */
} TrioSelectionOutcome;

typedef struct
{
  TrioSelectionOutcome outcome;
  gboolean             gave_up;   /* a selection was given up on the way (another piece) */
  BgMove               move;      /* the move, if COMPLETE; BG_MOVE_NONE otherwise */
} TrioSelectionResult;

TrioBoardSelection *trio_board_selection_new   (void);
void                trio_board_selection_free  (TrioBoardSelection *self);

/* Reads the game's legal moves again (the game stays the caller's) and empties the
 * selection; NULL forgets the game. */
void     trio_board_selection_set_game        (TrioBoardSelection *self,
                                               const BgGame       *game);
/* Whether the game has changed since set_game (a move, undo, another position). */
gboolean trio_board_selection_is_stale        (const TrioBoardSelection *self);
/* Whether a move may be chosen now; if not, there are no targets and nothing is chosen. */
void     trio_board_selection_set_interactive (TrioBoardSelection *self,
                                               gboolean            interactive);
void     trio_board_selection_clear           (TrioBoardSelection *self);

/* The locations chosen so far, and those that may come next. */
const guint *trio_board_selection_get_selected (const TrioBoardSelection *self,
                                                guint                    *n);
const guint *trio_board_selection_get_targets  (const TrioBoardSelection *self,
                                                guint                    *n);
gboolean trio_board_selection_is_target       (const TrioBoardSelection *self,
                                               guint                     location);
/* Whether some legal move starts at a location. */
gboolean trio_board_selection_is_start        (const TrioBoardSelection *self,
                                               guint                     location);

/* A click, or Enter on the keyboard cursor, at a location. */
TrioSelectionResult trio_board_selection_choose (TrioBoardSelection *self,
                                                 guint               location);

/* Why the last trio_board_selection_choose () was refused, in the engine's words ("The
 * piece on d6 is not yours."), or NULL: after any other outcome, and when nothing could be
 * chosen at all (no game, not interactive). Kept until the next choice. */
const char *trio_board_selection_get_refusal  (const TrioBoardSelection *self);
/* Why location cannot come next in the selection, in the engine's words, or NULL when it
 * can (or when nothing can be chosen now); the selection is unchanged (a drag released on
 * a point the piece cannot reach). */
char    *trio_board_selection_explain         (const TrioBoardSelection *self,
                                               guint                     location);
/* Whether the location to choose next is a piece to take away: the move chosen so far
 * closes a mill. */
gboolean trio_board_selection_is_choosing_removal (const TrioBoardSelection *self);
/* While choosing a removal, one of the moves the choice completes (they differ only by the
 * piece taken); BG_MOVE_NONE otherwise. */
BgMove   trio_board_selection_get_removal_move (const TrioBoardSelection *self);

/* After TRIO_SELECTION_AMBIGUOUS: the moves to choose from (selection unchanged). */
const BgMove *trio_board_selection_get_choices (const TrioBoardSelection *self,
                                                guint                    *n);
/* A button's label for one of the choices: the piece a promotion makes ("Queen", from
 * kind_names, n_kinds names of the game's kinds of pieces, N_() strings translated here),
 * or the move's notation. */
char    *trio_board_selection_choice_label    (const BgGame      *game,
                                               BgMove             move,
                                               const char *const *kind_names,
                                               int                n_kinds);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TrioBoardSelection, trio_board_selection_free)

G_END_DECLS
