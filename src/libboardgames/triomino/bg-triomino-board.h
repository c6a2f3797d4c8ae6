/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-triomino-board.h: the Triomino position and the triangular grid (internal)
 *
 * Shared by bg-triomino.c (the rule set) and bg-triomino-ai.c (the computer players);
 * the public API is in bg-triomino.h, whose header comment describes the coordinates.
 *
 * Internally a triangle is (row, col) with row 0..TRI_ROWS-1 and col 0..TRI_COLS-1; the
 * first tile of a round lies at (TRI_ROW0, TRI_COL0), which the notation calls 0,0. A
 * triangle points up when row + col is even. A vertex is (y, x) with y 0..TRI_ROWS,
 * x 0..TRI_COLS + 1 and x + y odd; it is stored at vert[y][x / 2].
 *
 * Why the bound is safe: a round places at most 56 tiles, each sharing a side with an
 * earlier one, so every tile is at most 55 side steps from the first. A side step changes
 * the column by at most 1, and two steps are needed to change the row (up -> down below ->
 * sideways), so placed tiles stay within 28 rows and 55 columns of the first, and the
 * candidate triangles and vertices looked at around them within 29 rows and 58 columns:
 * well inside 64 x 128 triangles around (32, 64).
 */
#pragma once

#include "bg-rules.h"
#include "bg-triomino-score.h"

G_BEGIN_DECLS

#define TRI_N_TILES 56
#define TRI_MAX_PLAYERS 6
#define TRI_ROWS 64
#define TRI_COLS 128
#define TRI_ROW0 32
#define TRI_COL0 64
/* Coordinates between the notation (0,0 = first tile) and the grid. */
#define TRI_NOTE_ROW(r) ((r) - TRI_ROW0)
#define TRI_NOTE_COL(c) ((c) - TRI_COL0)
#define TRI_VROWS (TRI_ROWS + 1)
#define TRI_VCOLS (TRI_COLS / 2 + 1)
#define TRI_MAX_FRONTIER 176
#define TRI_MAX_DRAWS 3
#define TRI_DRAW_PENALTY 5
#define TRI_BLOCKED_PENALTY 10
#define TRI_OUT_BONUS 25

/* Move encoding: a placement is tile | perm << 6 | row << 9 | col << 15 (22 bits), where
 * perm 0..2 is a rotation and 3..5 a mirrored (impossible) orientation that only parsing
 * produces; draw and pass are single codes. */
#define TRI_MOVE_DRAW ((BgMove) 0x1000000u)
#define TRI_MOVE_PASS ((BgMove) 0x2000000u)
#define TRI_MOVE_PLACE(tile, perm, row, col) \
  ((BgMove) ((tile) | (perm) << 6 | (row) << 9 | (col) << 15))
#define TRI_MOVE_IS_PLACE(m) (((m) & 0xff000000u) == 0)
#define TRI_MOVE_TILE(m) ((int) ((m) & 63))
#define TRI_MOVE_PERM(m) ((int) (((m) >> 6) & 7))
#define TRI_MOVE_ROW(m) ((int) (((m) >> 9) & 63))
#define TRI_MOVE_COL(m) ((int) (((m) >> 15) & 127))

typedef struct
{
  guint8 row, col, tile, perm;
} TriPlaced;

typedef struct
{
  /* Board */
  guint64 occ[TRI_ROWS][TRI_COLS / 64];  /* occupied triangles, a bit each */
  guint8 vert[TRI_VROWS][TRI_VCOLS];     /* vertex value + 1, or 0 while no corner touches it */
  guint8 pad0[3];
  TriPlaced placed[TRI_N_TILES];         /* in the order played this round */
  guint16 frontier[TRI_MAX_FRONTIER];    /* empty triangles sharing a side with a tile */
  /* Hands and pile */
  guint64 hands[TRI_MAX_PLAYERS];        /* a bit per tile index */
  guint8 pile[TRI_N_TILES];              /* drawn from the end */
  /* Scores */
  gint32 scores[TRI_MAX_PLAYERS];
  gint32 round_gain[TRI_MAX_PLAYERS];    /* what each player scored at the last round end */
  gint32 target;
  guint32 seed;
  BgTriominoScore last;                  /* breakdown of the last placement */
  guint16 round;                         /* 0-based */
  guint8 n_players;
  guint8 turn;
  guint8 draws;                          /* tiles drawn by the player to move this turn */
  guint8 passes;                         /* consecutive passes since the last placement */
  guint8 pile_count;
  guint8 n_placed;
  guint8 n_frontier;
  guint8 european;
  guint8 game_over;
  guint8 last_round_end;                 /* a BgTriominoRoundEnd, for the score sheet */
  gint8 last_round_player;               /* who went out or was lowest when blocked */
  guint8 no_scoring;                     /* the children's game: nobody scores, one round */
  guint8 target_reached;                 /* a score reached the target in this round */
  /* A view (bg-triomino-position.c): a position as one seat sees it. The pile's tiles are
   * unknown (pile[] holds zeros), and so are hidden[p] tiles of hand p, beside the tiles of
   * hands[p] it shows. All three are 0 in a whole position. */
  guint8 view;
  gint8 viewer;                          /* in a view: whose hand it shows, or -1 */
  guint8 hidden[TRI_MAX_PLAYERS];
  guint8 pad1[5];
} TriPosition;

/* Tiles */
const guint8   *tri_tile_values        (int tile);         /* ascending, clockwise */
int             tri_tile_index         (int a, int b, int c); /* any order; -1 if bad */
int             tri_tile_sum           (int tile);
gboolean        tri_is_triple          (int tile);
/* The value on corner 0..2 of tile placed with perm. */
void            tri_perm_values        (int tile, int perm, int v[3]);
/* The canonical perm (0..5) giving corner values v, or -1 if v is not a tile at all. */
int             tri_find_perm          (const int v[3], int *tile);

/* Geometry */
static inline gboolean
tri_is_up (int row, int col)
{
  return ((row + col) & 1) == 0;
}

void            tri_corner_vertex      (int row, int col, int corner, int *y, int *x);
/* The triangle across side i (the side opposite corner i); FALSE off the grid. */
gboolean        tri_side_neighbour     (int row, int col, int side, int *nrow, int *ncol);

static inline gboolean
tri_occupied (const TriPosition *pos, int row, int col)
{
  if (row < 0 || row >= TRI_ROWS || col < 0 || col >= TRI_COLS)
    return FALSE;
  return (pos->occ[row][col >> 6] >> (col & 63)) & 1;
}

static inline int
tri_vertex_value (const TriPosition *pos, int y, int x)
{
  return (int) pos->vert[y][x >> 1] - 1;
}

/* Values required at the three corners of (row, col): -1 where free. */
void            tri_corner_needs       (const TriPosition *pos, int row, int col, int need[3]);
/* The tiles of set (a bit per tile) that fit the empty frontier triangle (row, col), each
 * with the rotation that fits it; returns how many (at most 6). */
int             tri_fitting_tiles      (const TriPosition *pos, int row, int col, guint64 set,
                                        int tiles[6], int perms[6]);

/* Position */
/* The tiles in player's hand, shown or hidden (a view hides those of the other hands). */
static inline int
tri_hand_count (const TriPosition *pos, int player)
{
  return __builtin_popcountll (pos->hands[player]) + pos->hidden[player];
}

int             tri_hand_size_for      (int n_players);
int             tri_hand_total         (guint64 hand);
void            tri_setup              (TriPosition *pos, int n_players, guint32 seed,
                                        gboolean european, int target);
/* Deals round pos->round from the seed (board, hands, pile, opener). */
void            tri_deal_round         (TriPosition *pos);
guint           tri_legal_moves        (const TriPosition *pos, BgMove *moves);
/* Placements only (the player to move's), whatever the turn state; returns the count. */
guint           tri_placements         (const TriPosition *pos, guint64 hand, BgMove *moves);
void            tri_play               (TriPosition *pos, BgMove move);
/* The score of a placement that fits, without playing it. */
void            tri_score_placement    (const TriPosition *pos, BgMove move,
                                        BgTriominoScore *score);
/* Puts a tile on the board without any check nor score (set-ups). */
void            tri_place_unchecked    (TriPosition *pos, int tile, int perm, int row, int col);
/* The bonus a tile placed on the empty triangle (row, col) would earn, and why. */
int             tri_spot_bonus         (const TriPosition *pos, int row, int col, int *hexagons,
                                        gboolean *two_sides, gboolean *bridge);
/* The opening tile and its holder when the board is empty; FALSE if none is in a hand. */
gboolean        tri_opening_tile       (const TriPosition *pos, int *tile, int *player);
/* Whether the placement fits the board (empty, adjacent, matching); not the hand. */
gboolean        tri_fits               (const TriPosition *pos, int tile, int perm,
                                        int row, int col);

/* Notation (bg-triomino.c), shared with the set-ups of bg-triomino-setup.c */
/* Reads three corner values "a-b-c" at text; *end is set after them. */
gboolean        tri_parse_values       (const char *text, const char **end, int v[3],
                                        GError **error);
/* BgRules.parse_move: "draw", "pass" or a placement "a-b-c@row,col". */
gboolean        tri_parse_move         (const void *pos, const char *text, BgMove *move,
                                        GError **error);

/* The position as text and the views (bg-triomino-position.c): the hooks format_position,
 * parse_position, format_view, parse_view and reveals of the rule set (bg-rules.h). */
char           *tri_format_position    (const void *pos);
gboolean        tri_parse_position     (void *pos, GHashTable *options, const char *text,
                                        GError **error);
char           *tri_format_view        (const void *pos, int seat);
gboolean        tri_parse_view         (void *pos, GHashTable *options, const char *text,
                                        GError **error);
char           *tri_reveals            (const void *before, BgMove move, const void *after,
                                        int seat);

/* The max_moves bound: a frontier triangle has two corners fixed at least, so the six
 * values of the third give at most six placements. */
#define TRI_MAX_MOVES (TRI_MAX_FRONTIER * 6)

G_END_DECLS
