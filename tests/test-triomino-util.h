/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-triomino-util.h: helpers of the Triomino test suite
 *
 * Positions are built with bg-triomino-setup.h and moves given in notation; every helper
 * asserts with Check, so a failure inside one fails the test that called it.
 */
#pragma once

#include <check.h>

#include "bg-game.h"
#include "triomino/bg-triomino.h"

G_BEGIN_DECLS

#define R (&bg_triomino_rules)

/* A new position; scoring is the option's value ("points" or "none"), opening NULL for
 * the default. */
void     *tt_new_position_scoring (int                players,
                                   const char        *opening,
                                   const char        *scoring);
void     *tt_new_position         (int                players,
                                   const char        *opening);
/* A position with board and hands set up (bg_triomino_setup); turn is the player to move. */
void     *tt_setup_scoring        (int                players,
                                   const char        *scoring,
                                   const char        *board,
                                   const char *const *hands,
                                   int                turn);
void     *tt_setup                (int                players,
                                   const char        *board,
                                   const char *const *hands,
                                   int                turn);
BgMove    tt_parse                (const void        *pos,
                                   const char        *text);
gboolean  tt_is_legal             (const void        *pos,
                                   BgMove             move);
/* Legal moves as one string, e.g. "draw" or "1-2-2@0,1 2-1-1@0,1". */
char     *tt_legal_text           (const void        *pos);
/* Plays move (notation), which must be the only legal one, n times. */
void      tt_play_forced          (void              *pos,
                                   const char        *move,
                                   int                n);
/* Plays a legal placement and checks its score breakdown. */
void      tt_check_placement      (void              *pos,
                                   const char        *text,
                                   int                total,
                                   int                hexagons,
                                   gboolean           bridge,
                                   gboolean           two_sides);
/* Checks that move is rejected for reason (a fragment of the message) and changes
 * nothing. */
void      tt_check_illegal        (const void        *pos,
                                   const char        *text,
                                   const char        *reason);
/* A game played to its end by the computer players at levels (one per player). */
BgGame   *tt_play_ai_game_scoring (guint32            seed,
                                   int                players,
                                   const int         *levels,
                                   const char        *scoring);
BgGame   *tt_play_ai_game         (guint32            seed,
                                   int                players,
                                   const int         *levels);
/* Prints the seed, the number of moves and the scores. */
void      tt_print_game           (const BgGame      *game);

/* The tests of test-triomino-rounds.c: draws, passes, round ends, the end of the game and
 * the children's game. */
void      tt_add_round_tests      (Suite             *suite);
/* The tests of test-triomino-ai.c: the computer players. */
void      tt_add_ai_tests         (Suite             *suite);

G_END_DECLS
