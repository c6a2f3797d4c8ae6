/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-game.h: a game in progress, whatever its rules
 *
 * BgGame keeps the history of positions (for undo, redo and the repetition rule) and
 * applies the rules common to all board games: a player with no legal move loses, and
 * the players are offered a draw when a position has occurred five times.
 */
#pragma once

#include "bg-rules.h"

G_BEGIN_DECLS

typedef struct _BgGame BgGame;

/* How many times a position must occur before a draw is offered. */
#define BG_REPETITION_COUNT 5

BgGame        *bg_game_new               (const char  *game_id,
                                          GHashTable  *options,
                                          GError     **error);
BgGame        *bg_game_new_from_position (const char  *game_id,
                                          GHashTable  *options,
                                          const char  *setup,
                                          GError     **error);
BgGame        *bg_game_copy              (const BgGame *game);
/* TRUE for a game set up from a view that hides part of the position (bg-view.h): it shows
 * and lists the viewer's moves but is not played on (bg_game_play(), bg_game_play_text()
 * fail with BG_ERROR_VIEW, bg_game_perft() counts 0). */
gboolean       bg_game_is_view           (const BgGame *game);
void           bg_game_free              (BgGame      *game);

const BgRules *bg_game_get_rules         (const BgGame *game);
GHashTable    *bg_game_get_options       (const BgGame *game);
const void    *bg_game_get_position      (const BgGame *game);
int            bg_game_get_player_to_move (const BgGame *game);
int            bg_game_get_n_players     (const BgGame *game);
guint64        bg_game_get_key           (const BgGame *game);

/* The legal moves of the current position; empty once the game is over. */
GArray        *bg_game_get_legal_moves   (const BgGame *game);
gboolean       bg_game_is_legal          (const BgGame *game,
                                          BgMove        move);

gboolean       bg_game_play              (BgGame      *game,
                                          BgMove       move,
                                          GError     **error);
gboolean       bg_game_play_text         (BgGame      *game,
                                          const char  *text,
                                          GError     **error);
gboolean       bg_game_parse_move        (const BgGame *game,
                                          const char  *text,
                                          BgMove      *move,
                                          GError     **error);
char          *bg_game_format_move       (const BgGame *game,
                                          BgMove        move);
char          *bg_game_to_text           (const BgGame *game);
char          *bg_game_format_position   (const BgGame *game);

gboolean       bg_game_undo              (BgGame      *game);
gboolean       bg_game_redo              (BgGame      *game);
gboolean       bg_game_can_undo          (const BgGame *game);
gboolean       bg_game_can_redo          (const BgGame *game);

/* The moves played since the start, and their notation as it was written when played. */
guint          bg_game_get_n_played      (const BgGame *game);
BgMove         bg_game_get_played_move   (const BgGame *game,
                                          guint         index);
const char    *bg_game_get_played_text   (const BgGame *game,
                                          guint         index);
/* The position before played move number index (index n_played: the current one). */
const void    *bg_game_get_position_at   (const BgGame *game,
                                          guint         index);
/* The player who made played move number index. */
int            bg_game_get_played_player (const BgGame *game,
                                          guint         index);

/* What a legal move does in the current position, or what played move number index did
 * (in the position before it), for front ends: see BgMoveInfo in bg-rules.h. Return FALSE
 * (info untouched) for a move that is not legal there or an index out of range. */
gboolean       bg_game_describe_move     (const BgGame *game,
                                          BgMove        move,
                                          BgMoveInfo   *info);
gboolean       bg_game_describe_played   (const BgGame *game,
                                          guint         index,
                                          BgMoveInfo   *info);

/* Why no legal move of the current position begins with these locations (n of them, in
 * the order BgRules.move_locations gives them: the piece, its destination, a piece to
 * remove), for a front end that refuses a click: sets error (BG_ERROR_ILLEGAL_MOVE, or
 * BG_ERROR_GAME_OVER) to a sentence for the player, "The piece on d6 is in a mill…", and
 * returns FALSE; returns TRUE when a legal move begins with them. */
gboolean       bg_game_explain_locations (const BgGame *game,
                                          const guint  *locations,
                                          guint         n,
                                          GError      **error);

/* The marks of the current position (see BgMark in bg-rules.h): the winning line of three,
 * the mill the last move closed, the kings in check. Writes at most max marks and returns
 * how many; 0 for a game whose rules have none. */
guint          bg_game_get_marks         (const BgGame *game,
                                          BgMark       *marks,
                                          guint         max);
/* The locations the piece moved by a legal move of the current position passes, from its
 * start to its destination inclusive (a placement: its destination alone; a TRICHESS rook
 * every square it crosses), or by played move number index (in the position before it).
 * Write at most max locations (BG_MAX_PATH_LOCATIONS is always enough) and return how
 * many; 0 for a move that is not legal there, an index out of range, or a move that moves
 * no piece of the board (Triomino). */
guint          bg_game_move_path         (const BgGame *game,
                                          BgMove        move,
                                          guint        *locations,
                                          guint         max);
guint          bg_game_played_path       (const BgGame *game,
                                          guint         index,
                                          guint        *locations,
                                          guint         max);

/* The seed of the computer players' choices in this game (varied play at levels 4 and 5,
 * the noise of levels 1 to 3): drawn when the game is created (g_random_int()), kept by
 * bg_game_copy() and in save files ("seed N", see bg-save.h), so that a saved game replays
 * as it was played. bg_game_search_seed() is the seed for the search of the current
 * position, for BgSearchLimits.seed: it mixes the game's seed with the number of moves
 * played (bg_random_hash()), so undoing a move gives the same seed again, and it is never
 * 0 (which BgSearchLimits reads as "pick one from the clock"). */
guint32        bg_game_get_seed          (const BgGame *game);
void           bg_game_set_seed          (BgGame      *game,
                                          guint32       seed);
guint32        bg_game_search_seed       (const BgGame *game);

/* The key of every position from the start to the current one (n_played + 1 of them). */
const guint64 *bg_game_get_keys          (const BgGame *game,
                                          guint        *n_keys);

/* How many times the current position has occurred in the game so far (counting now). */
guint          bg_game_get_repetitions   (const BgGame *game);

BgStatus       bg_game_get_status        (const BgGame *game);
gboolean       bg_game_is_over           (const BgGame *game);

/* The repetition draw offer: pending after a move that reaches a position for the fifth
 * time or more. Accepting ends the game as a draw; declining lets play go on, and the
 * offer comes again at the next move that reaches such a position. */
gboolean       bg_game_has_draw_offer    (const BgGame *game);
void           bg_game_accept_draw       (BgGame      *game);
void           bg_game_decline_draw      (BgGame      *game);
/* Resigning: player (from 0) gives the game up, which ends it (BG_REASON_RESIGNED: the
 * other player wins a two-player game; with more, the rules' resign_winner, or nobody).
 * Refused (FALSE, error set) for a player out of range or a game that is over. Undoing a
 * move takes the resignation back, as it takes back an agreed draw.
 * bg_game_get_resigned(): the player who resigned, or -1. */
gboolean       bg_game_resign            (BgGame      *game,
                                          int          player,
                                          GError     **error);
int            bg_game_get_resigned      (const BgGame *game);
/* How a computer player answers the offer (docs/rules.md): it accepts when its evaluation
 * of the position is not better than equal. */
gboolean       bg_game_computer_accepts_draw (const BgGame *game,
                                              int           player);
/* In a game between computer players only: answers a pending offer as they would, accepted
 * when every player accepts it, else declined. Returns TRUE when the game ended drawn. */
gboolean       bg_game_settle_draw_offer (BgGame      *game);

/* Perft: the number of leaf positions depth plies ahead (move generation check). */
guint64        bg_game_perft             (const BgGame *game,
                                          guint         depth);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BgGame, bg_game_free)

/* Helpers for option tables. bg_options_parse() refuses an option given twice. */
GHashTable    *bg_options_new            (void);
GHashTable    *bg_options_parse          (const char *const *words,
                                          GError     **error);

G_END_DECLS
