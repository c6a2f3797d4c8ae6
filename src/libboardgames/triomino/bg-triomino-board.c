/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-triomino-board.c: Triomino tiles, grid geometry, move generation and play
 *
 * See bg-triomino-board.h for the internal coordinates and bg-triomino.h for the rules.
 */

#include "bg-triomino-board.h"
#include "bg-random.h"

#include <string.h>

/* Tiles */

typedef struct
{
  guint8 values[TRI_N_TILES][3];
  gint8 index[6][6][6];         /* by ascending values */
  gint8 perm_tile[6][6][6];     /* by corner values: the tile, or -1 */
  gint8 perm_of[6][6][6];       /* by corner values: the canonical perm 0..5 */
} TileTables;

static TileTables tables;

static void
perm_values_raw (const guint8 *t,
                 int           perm,
                 int           v[3])
{
  /* Mirrored orientations read the tile anticlockwise: a, c, b. */
  int base[3] = { t[0], perm < 3 ? t[1] : t[2], perm < 3 ? t[2] : t[1] };

  for (int i = 0; i < 3; i++)
    v[i] = base[(i + perm % 3) % 3];
}

static void
build_tables (void)
{
  int n = 0;

  memset (&tables.perm_tile, -1, sizeof tables.perm_tile);
  for (int a = 0; a < 6; a++)
    for (int b = a; b < 6; b++)
      for (int c = b; c < 6; c++)
        {
          tables.values[n][0] = a;
          tables.values[n][1] = b;
          tables.values[n][2] = c;
          tables.index[a][b][c] = n;
          n++;
        }
  g_assert (n == TRI_N_TILES);
  for (int t = 0; t < TRI_N_TILES; t++)
    for (int perm = 5; perm >= 0; perm--)  /* downwards, so the smallest perm wins */
      {
        int v[3];

        perm_values_raw (tables.values[t], perm, v);
        tables.perm_tile[v[0]][v[1]][v[2]] = t;
        tables.perm_of[v[0]][v[1]][v[2]] = perm;
      }
}

static inline const TileTables *
get_tables (void)
{
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
      build_tables ();
      g_once_init_leave (&done, 1);
    }
  return &tables;
}

const guint8 *
tri_tile_values (int tile)
{
  return get_tables ()->values[tile];
}

int
tri_tile_index (int a,
                int b,
                int c)
{
  int t;

  if (a < 0 || a > 5 || b < 0 || b > 5 || c < 0 || c > 5)
    return -1;
  /* Sort the three values. */
  if (a > b)
    t = a, a = b, b = t;
  if (b > c)
    t = b, b = c, c = t;
  if (a > b)
    t = a, a = b, b = t;
  return get_tables ()->index[a][b][c];
}

int
tri_tile_sum (int tile)
{
  const guint8 *v = tri_tile_values (tile);

  return v[0] + v[1] + v[2];
}

gboolean
tri_is_triple (int tile)
{
  const guint8 *v = tri_tile_values (tile);

  return v[0] == v[2];
}

void
tri_perm_values (int tile,
                 int perm,
                 int v[3])
{
  perm_values_raw (tri_tile_values (tile), perm, v);
}

int
tri_find_perm (const int v[3],
               int      *tile)
{
  const TileTables *t = get_tables ();

  for (int i = 0; i < 3; i++)
    if (v[i] < 0 || v[i] > 5)
      return -1;
  *tile = t->perm_tile[v[0]][v[1]][v[2]];
  return t->perm_of[v[0]][v[1]][v[2]];
}

/* Geometry */

void
tri_corner_vertex (int  row,
                   int  col,
                   int  corner,
                   int *y,
                   int *x)
{
  static const int up[3][2] = { { 0, 1 }, { 1, 2 }, { 1, 0 } };
  static const int down[3][2] = { { 1, 1 }, { 0, 0 }, { 0, 2 } };
  const int (*d)[2] = tri_is_up (row, col) ? up : down;

  *y = row + d[corner][0];
  *x = col + d[corner][1];
}

gboolean
tri_side_neighbour (int  row,
                    int  col,
                    int  side,
                    int *nrow,
                    int *ncol)
{
  /* Up: side 0 is the base (the down triangle below), side 1 the left, side 2 the right.
   * Down: side 0 is the top (the up triangle above), side 1 the right, side 2 the left. */
  static const int up[3][2] = { { 1, 0 }, { 0, -1 }, { 0, 1 } };
  static const int down[3][2] = { { -1, 0 }, { 0, 1 }, { 0, -1 } };
  const int (*d)[2] = tri_is_up (row, col) ? up : down;

  *nrow = row + d[side][0];
  *ncol = col + d[side][1];
  return *nrow >= 0 && *nrow < TRI_ROWS && *ncol >= 0 && *ncol < TRI_COLS;
}

void
tri_corner_needs (const TriPosition *pos,
                  int                row,
                  int                col,
                  int                need[3])
{
  for (int i = 0; i < 3; i++)
    {
      int y, x;

      tri_corner_vertex (row, col, i, &y, &x);
      need[i] = tri_vertex_value (pos, y, x);
    }
}

/* How many of the six triangles around vertex (y, x) are occupied: they are the columns
 * x - 2 .. x of rows y - 1 and y. */
static int
vertex_occupancy (const TriPosition *pos,
                  int                y,
                  int                x)
{
  int n = 0;

  for (int r = y - 1; r <= y; r++)
    for (int c = x - 2; c <= x; c++)
      n += tri_occupied (pos, r, c);
  return n;
}

/* Position */

int
tri_hand_size_for (int n_players)
{
  return n_players <= 2 ? 9 : n_players <= 4 ? 7 : 6;
}

int
tri_hand_total (guint64 hand)
{
  int total = 0;

  for (; hand != 0; hand &= hand - 1)
    total += tri_tile_sum (__builtin_ctzll (hand));
  return total;
}

void
tri_setup (TriPosition *pos,
           int          n_players,
           guint32      seed,
           gboolean     european,
           int          target)
{
  memset (pos, 0, sizeof *pos);
  pos->n_players = n_players;
  pos->seed = seed;
  pos->european = european;
  pos->target = target;
  pos->last.player = -1;
  tri_deal_round (pos);
}

static void
clear_board (TriPosition *pos)
{
  memset (pos->occ, 0, sizeof pos->occ);
  memset (pos->vert, 0, sizeof pos->vert);
  memset (pos->placed, 0, sizeof pos->placed);
  memset (pos->frontier, 0, sizeof pos->frontier);
  pos->n_placed = 0;
  pos->n_frontier = 0;
}

/* The opening tile: the highest triple in a hand, else the tile of highest sum (among
 * equal sums, the one with the highest lowest value: 4-4-5 before 3-5-5). */
gboolean
tri_opening_tile (const TriPosition *pos,
                  int               *tile,
                  int               *player)
{
  guint64 all = 0;
  int best = -1, best_rank = -1;

  for (int p = 0; p < pos->n_players; p++)
    all |= pos->hands[p];
  for (guint64 h = all; h != 0; h &= h - 1)
    {
      int t = __builtin_ctzll (h);
      /* Triples first; the tile index orders equal sums by their lowest value. */
      int rank = (tri_is_triple (t) ? 1000 : 0) + tri_tile_sum (t) * 64 + t;

      if (rank > best_rank)
        best_rank = rank, best = t;
    }
  if (best < 0)
    return FALSE;
  *tile = best;
  for (int p = 0; p < pos->n_players; p++)
    if (pos->hands[p] & (G_GUINT64_CONSTANT (1) << best))
      *player = p;
  return TRUE;
}

void
tri_deal_round (TriPosition *pos)
{
  guint64 state = ((guint64) pos->seed << 20) ^ pos->round;
  guint8 tiles[TRI_N_TILES];
  int size = tri_hand_size_for (pos->n_players);
  int n = 0, opener_tile, opener = 0;

  for (int i = 0; i < TRI_N_TILES; i++)
    tiles[i] = i;
  for (int i = TRI_N_TILES - 1; i > 0; i--)
    {
      int j = (int) (bg_random_next (&state) % (guint64) (i + 1));
      guint8 t = tiles[i];

      tiles[i] = tiles[j];
      tiles[j] = t;
    }
  clear_board (pos);
  for (int p = 0; p < TRI_MAX_PLAYERS; p++)
    {
      pos->hands[p] = 0;
      for (int k = 0; p < pos->n_players && k < size; k++)
        pos->hands[p] |= G_GUINT64_CONSTANT (1) << tiles[n++];
    }
  pos->pile_count = TRI_N_TILES - n;
  memset (pos->pile, 0, sizeof pos->pile);
  memcpy (pos->pile, tiles + n, pos->pile_count);
  pos->draws = 0;
  pos->passes = 0;
  if (tri_opening_tile (pos, &opener_tile, &opener))
    pos->turn = opener;
}

static inline gboolean
in_hand (guint64 hand,
         int     tile)
{
  return (hand >> tile) & 1;
}

static guint
opening_moves (const TriPosition *pos,
               BgMove            *moves)
{
  int tile, player;
  guint n = 0;

  if (!tri_opening_tile (pos, &tile, &player) || player != pos->turn)
    return 0;
  for (int perm = 0; perm < (tri_is_triple (tile) ? 1 : 3); perm++)
    moves[n++] = TRI_MOVE_PLACE (tile, perm, TRI_ROW0, TRI_COL0);
  return n;
}

int
tri_fitting_tiles (const TriPosition *pos,
                   int                row,
                   int                col,
                   guint64            set,
                   int                tiles[6],
                   int                perms[6])
{
  int need[3], free_corner = -1, n = 0;

  tri_corner_needs (pos, row, col, need);
  for (int i = 0; i < 3; i++)
    if (need[i] < 0)
      free_corner = i;
  /* A frontier triangle shares a side, so two corners at least are fixed. */
  for (int v = 0; v < 6; v++)
    {
      int tile, perm;

      if (free_corner >= 0)
        need[free_corner] = v;
      perm = tri_find_perm (need, &tile);
      if (perm >= 0 && perm < 3 && in_hand (set, tile))
        {
          tiles[n] = tile;
          perms[n++] = perm;
        }
      if (free_corner < 0)
        break;
    }
  return n;
}

guint
tri_placements (const TriPosition *pos,
                guint64            hand,
                BgMove            *moves)
{
  guint n = 0;

  for (int f = 0; f < pos->n_frontier; f++)
    {
      int row = pos->frontier[f] >> 8, col = pos->frontier[f] & 255;
      int tiles[6], perms[6];
      int fits = tri_fitting_tiles (pos, row, col, hand, tiles, perms);

      for (int i = 0; i < fits; i++)
        moves[n++] = TRI_MOVE_PLACE (tiles[i], perms[i], row, col);
    }
  return n;
}

guint
tri_legal_moves (const TriPosition *pos,
                 BgMove            *moves)
{
  guint n;

  /* A view knows the moves of its own seat only. */
  if (pos->game_over || (pos->view && pos->turn != pos->viewer))
    return 0;
  if (pos->n_placed == 0)
    return opening_moves (pos, moves);
  n = tri_placements (pos, pos->hands[pos->turn], moves);
  if (n > 0)
    return n;
  moves[0] = pos->draws < TRI_MAX_DRAWS && pos->pile_count > 0 ? TRI_MOVE_DRAW : TRI_MOVE_PASS;
  return 1;
}

gboolean
tri_fits (const TriPosition *pos,
          int                tile,
          int                perm,
          int                row,
          int                col)
{
  int need[3], v[3];
  gboolean adjacent = FALSE;

  if (perm > 2 || tri_occupied (pos, row, col))
    return FALSE;
  if (pos->n_placed == 0)
    return row == TRI_ROW0 && col == TRI_COL0;
  for (int side = 0; side < 3; side++)
    {
      int nr, nc;

      if (tri_side_neighbour (row, col, side, &nr, &nc) && tri_occupied (pos, nr, nc))
        adjacent = TRUE;
    }
  if (!adjacent)
    return FALSE;
  tri_corner_needs (pos, row, col, need);
  tri_perm_values (tile, perm, v);
  for (int i = 0; i < 3; i++)
    if (need[i] >= 0 && need[i] != v[i])
      return FALSE;
  return TRUE;
}

int
tri_spot_bonus (const TriPosition *pos,
                int                row,
                int                col,
                int               *hexagons,
                gboolean          *two_sides,
                gboolean          *bridge)
{
  int sides = 0, open_side = -1, hex = 0;
  gboolean is_bridge = FALSE;

  for (int side = 0; side < 3; side++)
    {
      int nr, nc;

      if (tri_side_neighbour (row, col, side, &nr, &nc) && tri_occupied (pos, nr, nc))
        sides++, open_side = side;
    }
  for (int i = 0; i < 3; i++)
    {
      int y, x;

      tri_corner_vertex (row, col, i, &y, &x);
      if (vertex_occupancy (pos, y, x) == 5)
        hex++;
    }
  if (sides == 1)
    {
      int y, x;

      /* The corner opposite the shared side touches another tile across the gap left by
       * the two empty triangles beside it. */
      tri_corner_vertex (row, col, open_side, &y, &x);
      is_bridge = tri_vertex_value (pos, y, x) >= 0;
    }
  if (hexagons)
    *hexagons = hex;
  if (two_sides)
    *two_sides = sides >= 2;
  if (bridge)
    *bridge = is_bridge;
  /* The score sheet lists a hexagon as value + 50: the hexagon bonus replaces the two-side
   * bonus that closing one always implies. A bridge has one side and no hexagon. */
  if (hex > 0)
    return 40 + 10 * hex;
  return sides >= 2 || is_bridge ? 40 : 0;
}

void
tri_score_placement (const TriPosition *pos,
                     BgMove             move,
                     BgTriominoScore   *score)
{
  int tile = TRI_MOVE_TILE (move), hexagons;
  gboolean two_sides, bridge;

  memset (score, 0, sizeof *score);
  score->player = pos->turn;
  score->tile = tile;
  score->base = tri_tile_sum (tile);
  if (pos->n_placed == 0)
    {
      score->opening = TRUE;
      if (!pos->european && tri_is_triple (tile))
        score->bonus = tile == 0 ? 40 : 10;
      score->total = score->base + score->bonus;
      return;
    }
  score->bonus = tri_spot_bonus (pos, TRI_MOVE_ROW (move), TRI_MOVE_COL (move), &hexagons,
                                 &two_sides, &bridge);
  score->hexagons = hexagons;
  score->two_sides = two_sides;
  score->bridge = bridge;
  score->total = score->base + score->bonus;
}

static void
frontier_remove (TriPosition *pos,
                 int          row,
                 int          col)
{
  guint16 code = row << 8 | col;

  for (int f = 0; f < pos->n_frontier; f++)
    if (pos->frontier[f] == code)
      {
        /* Shift rather than swap, so that the move order stays the order of discovery. */
        memmove (pos->frontier + f, pos->frontier + f + 1,
                 (pos->n_frontier - f - 1) * sizeof pos->frontier[0]);
        pos->n_frontier--;
        pos->frontier[pos->n_frontier] = 0;
        return;
      }
}

/* Puts a tile on the board: occupancy, vertex values, the list and the frontier. */
static void
place_tile (TriPosition *pos,
            int          tile,
            int          perm,
            int          row,
            int          col)
{
  int v[3];

  tri_perm_values (tile, perm, v);
  pos->occ[row][col >> 6] |= G_GUINT64_CONSTANT (1) << (col & 63);
  for (int i = 0; i < 3; i++)
    {
      int y, x;

      tri_corner_vertex (row, col, i, &y, &x);
      pos->vert[y][x >> 1] = v[i] + 1;
    }
  pos->placed[pos->n_placed++] = (TriPlaced) { row, col, tile, perm };
  frontier_remove (pos, row, col);
  for (int side = 0; side < 3; side++)
    {
      int nr, nc, other = 0;

      if (!tri_side_neighbour (row, col, side, &nr, &nc) || tri_occupied (pos, nr, nc))
        continue;
      /* The neighbour is already in the frontier if another of its sides is taken. */
      for (int s = 0; s < 3; s++)
        {
          int r2, c2;

          if (tri_side_neighbour (nr, nc, s, &r2, &c2) && !(r2 == row && c2 == col))
            other += tri_occupied (pos, r2, c2);
        }
      if (other == 0 && pos->n_frontier < TRI_MAX_FRONTIER)
        pos->frontier[pos->n_frontier++] = nr << 8 | nc;
    }
}

void
tri_place_unchecked (TriPosition *pos,
                     int          tile,
                     int          perm,
                     int          row,
                     int          col)
{
  place_tile (pos, tile, perm, row, col);
}

static int
next_player (const TriPosition *pos,
             int                player)
{
  return (player + 1) % pos->n_players;
}

/* Notes a score at the target: the round in progress is then the last, even if draw
 * penalties take the score back under it. */
static void
note_target (TriPosition *pos)
{
  for (int p = 0; p < pos->n_players; p++)
    if (pos->scores[p] >= pos->target)
      pos->target_reached = TRUE;
}

static void
add_score (TriPosition *pos,
           int          player,
           int          points)
{
  if (pos->no_scoring)
    return;
  pos->scores[player] += points;
  note_target (pos);
}

/* What each player gains at the end of a round; returns who went out, or the first of the
 * players tied for the lowest hand total in a blocked round. */
static int
round_gains (const TriPosition *pos,
             BgTriominoRoundEnd how,
             int                player,
             int                gains[TRI_MAX_PLAYERS])
{
  int totals[TRI_MAX_PLAYERS] = { 0 }, sum = 0, low = G_MAXINT;

  for (int p = 0; p < pos->n_players; p++)
    {
      totals[p] = tri_hand_total (pos->hands[p]);
      sum += totals[p];
      low = MIN (low, totals[p]);
    }
  if (how == BG_TRIOMINO_ROUND_OUT)
    {
      gains[player] = TRI_OUT_BONUS + sum - totals[player];
      return player;
    }
  /* Every player tied for the lowest hand scores: our choice, recorded in the shared rules'
   * docs/rules.md (Triomino, the end of a round) and stated in data/rules/{en,fr}/triomino.txt
   * ("Ties: our choice"). */
  player = -1;
  for (int p = 0; p < pos->n_players; p++)
    if (totals[p] == low)
      {
        gains[p] = sum - totals[p] - totals[p];
        if (player < 0)
          player = p;
      }
  return player;
}

static void
end_round (TriPosition       *pos,
           BgTriominoRoundEnd how,
           int                player)
{
  int gains[TRI_MAX_PLAYERS] = { 0 };

  player = round_gains (pos, how, player, gains);
  memset (pos->round_gain, 0, sizeof pos->round_gain);
  if (!pos->no_scoring)
    for (int p = 0; p < pos->n_players; p++)
      {
        pos->round_gain[p] = gains[p];
        add_score (pos, p, gains[p]);
      }
  pos->last_round_end = how;
  pos->last_round_player = player;
  /* The children's game is a single round; otherwise the round in which a score reached
   * the target is the last. The hands stay as they were, for the result. */
  if (pos->no_scoring || pos->target_reached)
    {
      pos->game_over = TRUE;
      return;
    }
  pos->round++;
  tri_deal_round (pos);
}

void
tri_play (TriPosition *pos,
          BgMove       move)
{
  int player = pos->turn;

  /* A view hides the pile and the other hands: BgGame never plays on one. */
  g_return_if_fail (!pos->view);

  if (move == TRI_MOVE_DRAW)
    {
      pos->hands[player] |= G_GUINT64_CONSTANT (1) << pos->pile[--pos->pile_count];
      pos->pile[pos->pile_count] = 0;
      add_score (pos, player, -TRI_DRAW_PENALTY);
      pos->draws++;
      return;
    }
  if (move == TRI_MOVE_PASS)
    {
      if (pos->draws >= TRI_MAX_DRAWS)
        add_score (pos, player, -TRI_BLOCKED_PENALTY);
      pos->draws = 0;
      pos->passes++;
      /* Nobody placed since every player passed in turn, and nobody can draw. */
      if (pos->pile_count == 0 && pos->passes >= pos->n_players)
        end_round (pos, BG_TRIOMINO_ROUND_BLOCKED, -1);
      else
        pos->turn = next_player (pos, player);
      return;
    }

  tri_score_placement (pos, move, &pos->last);
  add_score (pos, player, pos->last.total);
  pos->hands[player] &= ~(G_GUINT64_CONSTANT (1) << TRI_MOVE_TILE (move));
  place_tile (pos, TRI_MOVE_TILE (move), TRI_MOVE_PERM (move), TRI_MOVE_ROW (move),
              TRI_MOVE_COL (move));
  pos->draws = 0;
  pos->passes = 0;
  if (pos->hands[player] == 0)
    end_round (pos, BG_TRIOMINO_ROUND_OUT, player);
  else
    pos->turn = next_player (pos, player);
}
