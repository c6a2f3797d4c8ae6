/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-triomino.h: Triomino (Tri-Ominos, Pressman 1965), 2 to 6 players
 *
 * 56 triangular tiles, one for every multiset of three values 0..5, printed with their
 * values ascending clockwise: 1-2-3 exists, its mirror image does not. Tiles rotate but
 * never flip. Rounds are played until a score reaches the target (400, option "target"):
 * the round in which that happens is the last, even if draw penalties take the score back
 * under the target before it ends, and the highest score at its end wins (a tie at the top
 * is a draw). Option "scoring=none" plays the children's game: nobody scores, and the
 * first player to empty his hand wins at once; when a round is blocked, the lowest hand
 * total wins and a tie for it is a draw.
 *
 * Coordinates. A triangle is (row, col), both signed; the first tile of every round lies
 * on 0,0. Rows grow downwards, columns to the right, and the triangles of a row alternate
 * up and down: (row, col) points up (apex at the top, base at the bottom) when row + col
 * is even, down otherwise. So 0,0 points up, 0,1 and 0,-1 point down beside it, and 1,0
 * (down) lies under its base.
 *
 * Corners are numbered 0, 1, 2 clockwise starting at the apex: for an up triangle the top,
 * then bottom right, bottom left; for a down triangle the bottom, then top left, top right.
 * Side i is the side opposite corner i.
 *
 * A grid vertex is (y, x) with x + y odd, drawn at (x * s / 2, y * h) for triangles of
 * side s and height h: up triangle (row, col) has the corners (row, col + 1),
 * (row + 1, col + 2), (row + 1, col); down triangle (row, col) has (row + 1, col + 1),
 * (row, col), (row, col + 2). Triangles span columns col .. col + 2 in half sides.
 *
 * Notation. A placement lists the values that land on corners 0, 1, 2 (clockwise from the
 * apex), then the triangle: "3-1-2@1,-1" puts tile 1-2-3 on the up triangle 1,-1 with 3
 * at its top, 1 bottom right and 2 bottom left; "3-1-2@0,1" puts it on the down triangle
 * 0,1 with 3 at its bottom, 1 top left and 2 top right. The values must be a clockwise
 * reading of a tile: "1-3-2@..." names the mirror image of 1-2-3 and is illegal. "draw"
 * takes a tile from the pile, "pass" ends a blocked turn.
 *
 * Position text (format_position, parse_position, bg-triomino-position.c): one line of
 * words name=value separated by spaces, in this order:
 *   round=R turn=T draws=D passes=P scores=S1,...,Sn last-round=0|1 over=0|1
 *   end=none|out,E|blocked,E gains=G1,...,Gn board=PLACEMENTS hand1=TILES ... handn=TILES
 *   pile=TILES
 * R is the round from 1; T the player to move, from 1; D the tiles he has drawn this turn;
 * P the passes in a row since the last placement; last-round=1 once a score has reached the
 * target in this round (the last); over=1 once the game is over; end how the round before
 * ended (out: player E emptied his hand; blocked: E had the lowest hand) and gains what each
 * player gained by it (none and zeros in the first round). board lists the round's
 * placements in the order played, separated by "/", each in notation; a hand lists its
 * tiles by their values ("1-2-3/0-0-5"), and the pile its tiles in the order they will be
 * drawn; "-" is an empty list. The players, target, opening and scoring are the game's
 * options, and so is the seed that deals the rounds to come. The breakdown of the last
 * placement (bg_triomino_get_last_score()) is not in the text.
 *
 * A view (bg-view.h) is the text as one seat sees it. It begins with view=SEAT, the seat
 * from 1 or "spectator", and hides what that seat may not see: each other hand is "?N", N
 * its tiles (an empty hand, "-", hides nothing), until the game is over and the rules have
 * shown every hand; the pile is always "?N". For example, seat 2 of a game of two:
 *   view=2 round=1 turn=2 draws=1 passes=0 scores=25,-5 last-round=0 over=0 end=none
 *   gains=0,0 board=5-5-5@0,0 hand1=?8
 *   hand2=0-0-1/0-1-2/0-3-3/1-1-4/1-2-5/1-3-4/2-2-2/2-2-4/2-4-4/3-3-5 pile=?37
 * (on one line).
 * A view's position knows no seed (0) and neither the pile's tiles nor the hidden ones: it
 * lists the moves of its seat alone (a draw included while the pile has tiles), and its
 * hidden hands show no tile (bg_triomino_get_hand_count() counts them). parse_view and
 * parse_position refuse a text that is not consistent: an unknown, missing or repeated
 * field, a number out of bounds, a tile given twice, a board that is not a legal layout,
 * a view that shows a hand it should hide, tiles that do not add up to 56, a round's state
 * the rules never reach.
 */
#pragma once

#include "bg-rules.h"
#include "bg-triomino-score.h"

G_BEGIN_DECLS

extern const BgRules bg_triomino_rules;

#define BG_TRIOMINO_N_TILES 56
#define BG_TRIOMINO_MAX_PLAYERS 6

typedef struct
{
  int row, col;          /* notation coordinates */
  int tile;
  int values[3];         /* on corners 0, 1, 2 */
} BgTriominoPlaced;

/* Tiles: index 0..55 in lexicographic order of the ascending values (0-0-0 .. 5-5-5). */
void      bg_triomino_tile_values     (int tile, int values[3]);
int       bg_triomino_tile_from_values (int a, int b, int c);  /* any order; -1 if invalid */

/* Geometry, in notation coordinates. */
gboolean  bg_triomino_triangle_is_up  (int row, int col);
void      bg_triomino_corner_vertex   (int row, int col, int corner, int *y, int *x);

/* Reading a position (pos is the position of a "triomino" game). */
int       bg_triomino_get_n_players   (const void *pos);
int       bg_triomino_get_score       (const void *pos, int player);
int       bg_triomino_get_round       (const void *pos);          /* 1-based */
int       bg_triomino_get_pile_count  (const void *pos);
int       bg_triomino_get_draws       (const void *pos);          /* this turn, 0..3 */
int       bg_triomino_get_target      (const void *pos);
/* The seed of the shuffles (option "seed"); 0 in a view, which does not know it. */
guint32   bg_triomino_get_seed        (const void *pos);
/* TRUE once a score has reached the target in the round in progress, which is then the
 * last (it stays TRUE when draw penalties take the score back under the target). */
gboolean  bg_triomino_get_target_reached (const void *pos);
/* FALSE in the children's game (option scoring=none), where every score stays 0, the
 * placements' breakdowns (bg_triomino_get_last_score, bg_triomino_score_move) tell what
 * a tile would have scored but count for nothing, and the game is a single round. */
gboolean  bg_triomino_is_scored       (const void *pos);
/* Writes the tile indices of player's hand into tiles (room for 56); returns the count. A
 * view (see "Position text") shows no tile of a hidden hand: it writes only the tiles shown
 * (none), and bg_triomino_get_hand_count() tells how many the hand holds. */
guint     bg_triomino_get_hand        (const void *pos, int player, int *tiles);
/* The tiles in player's hand, shown or hidden: what a front end draws face down for a hand
 * that a view hides. */
int       bg_triomino_get_hand_count  (const void *pos, int player);
/* The tiles of player's hand that the position hides: in a view, the whole hand of every
 * other seat until the game is over; 0 in a whole position. */
int       bg_triomino_get_hidden_count (const void *pos, int player);
/* The total of the values of the tiles shown of player's hand (0 for a hidden hand). */
int       bg_triomino_get_hand_total  (const void *pos, int player);
/* The tiles on the board in the order played this round (room for 56). */
guint     bg_triomino_get_placed      (const void *pos, BgTriominoPlaced *placed);
const BgTriominoScore *bg_triomino_get_last_score (const void *pos);
/* How the last round ended (GOING before any round end), who went out or was lowest,
 * and what each player gained at that round end. */
BgTriominoRoundEnd bg_triomino_get_last_round_end (const void *pos, int *player,
                                                   int gains[BG_TRIOMINO_MAX_PLAYERS]);
/* The score a legal placement would make, without playing it. */
gboolean  bg_triomino_score_move      (const void *pos, BgMove move, BgTriominoScore *score);

/* Why a move is illegal: returns TRUE if it is legal, otherwise FALSE with an
 * BG_ERROR_ILLEGAL_MOVE error that names the reason (tile not in hand, triangle occupied,
 * not adjacent, side values that do not match, a corner mismatched across a vertex...). */
gboolean  bg_triomino_explain_illegal (const void *pos, BgMove move, GError **error);

G_END_DECLS
