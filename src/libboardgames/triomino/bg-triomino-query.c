/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-triomino-query.c: what front ends ask of a Triomino position
 *
 * The accessors declared in bg-triomino.h (hands, scores, rounds, the placed tiles), the
 * score a placement would make, and the explanation of why a move is illegal.
 */

#include "bg-triomino.h"

#include <glib/gi18n-lib.h>

#include "bg-triomino-board.h"

/* Public helpers */

void
bg_triomino_tile_values (int tile,
                         int values[3])
{
  const guint8 *v;

  g_return_if_fail (tile >= 0 && tile < TRI_N_TILES);
  v = tri_tile_values (tile);
  for (int i = 0; i < 3; i++)
    values[i] = v[i];
}

int
bg_triomino_tile_from_values (int a,
                              int b,
                              int c)
{
  return tri_tile_index (a, b, c);
}

gboolean
bg_triomino_triangle_is_up (int row,
                            int col)
{
  return tri_is_up (row, col);
}

void
bg_triomino_corner_vertex (int  row,
                           int  col,
                           int  corner,
                           int *y,
                           int *x)
{
  g_return_if_fail (corner >= 0 && corner < 3);
  tri_corner_vertex (row, col, corner, y, x);
}

int
bg_triomino_get_n_players (const void *pos)
{
  return ((const TriPosition *) pos)->n_players;
}

int
bg_triomino_get_score (const void *pos,
                       int         player)
{
  g_return_val_if_fail (player >= 0 && player < TRI_MAX_PLAYERS, 0);
  return ((const TriPosition *) pos)->scores[player];
}

int
bg_triomino_get_round (const void *pos)
{
  return ((const TriPosition *) pos)->round + 1;
}

int
bg_triomino_get_pile_count (const void *pos)
{
  return ((const TriPosition *) pos)->pile_count;
}

int
bg_triomino_get_draws (const void *pos)
{
  return ((const TriPosition *) pos)->draws;
}

int
bg_triomino_get_target (const void *pos)
{
  return ((const TriPosition *) pos)->target;
}

guint32
bg_triomino_get_seed (const void *pos)
{
  return ((const TriPosition *) pos)->seed;
}

gboolean
bg_triomino_get_target_reached (const void *pos)
{
  return ((const TriPosition *) pos)->target_reached;
}

gboolean
bg_triomino_is_scored (const void *pos)
{
  return !((const TriPosition *) pos)->no_scoring;
}

guint
bg_triomino_get_hand (const void *pos,
                      int         player,
                      int        *tiles)
{
  guint n = 0;

  g_return_val_if_fail (player >= 0 && player < TRI_MAX_PLAYERS, 0);
  for (guint64 h = ((const TriPosition *) pos)->hands[player]; h != 0; h &= h - 1)
    tiles[n++] = __builtin_ctzll (h);
  return n;
}

int
bg_triomino_get_hand_count (const void *pos,
                            int         player)
{
  g_return_val_if_fail (player >= 0 && player < TRI_MAX_PLAYERS, 0);
  return tri_hand_count (pos, player);
}

int
bg_triomino_get_hidden_count (const void *pos,
                              int         player)
{
  g_return_val_if_fail (player >= 0 && player < TRI_MAX_PLAYERS, 0);
  return ((const TriPosition *) pos)->hidden[player];
}

int
bg_triomino_get_hand_total (const void *pos,
                            int         player)
{
  g_return_val_if_fail (player >= 0 && player < TRI_MAX_PLAYERS, 0);
  return tri_hand_total (((const TriPosition *) pos)->hands[player]);
}

guint
bg_triomino_get_placed (const void       *data,
                        BgTriominoPlaced *placed)
{
  const TriPosition *pos = data;

  for (int i = 0; i < pos->n_placed; i++)
    {
      const TriPlaced *t = &pos->placed[i];

      placed[i].row = TRI_NOTE_ROW (t->row);
      placed[i].col = TRI_NOTE_COL (t->col);
      placed[i].tile = t->tile;
      tri_perm_values (t->tile, t->perm, placed[i].values);
    }
  return pos->n_placed;
}

const BgTriominoScore *
bg_triomino_get_last_score (const void *pos)
{
  return &((const TriPosition *) pos)->last;
}

BgTriominoRoundEnd
bg_triomino_get_last_round_end (const void *data,
                                int        *player,
                                int         gains[BG_TRIOMINO_MAX_PLAYERS])
{
  const TriPosition *pos = data;

  if (player != NULL)
    *player = pos->last_round_end ? pos->last_round_player : -1;
  for (int p = 0; gains != NULL && p < TRI_MAX_PLAYERS; p++)
    gains[p] = pos->round_gain[p];
  return pos->last_round_end;
}

static gboolean
is_legal (const TriPosition *pos,
          BgMove             move)
{
  g_autofree BgMove *moves = g_new (BgMove, TRI_MAX_MOVES);
  guint n = tri_legal_moves (pos, moves);

  for (guint i = 0; i < n; i++)
    if (moves[i] == move)
      return TRUE;
  return FALSE;
}

gboolean
bg_triomino_score_move (const void      *pos,
                        BgMove           move,
                        BgTriominoScore *score)
{
  if (!TRI_MOVE_IS_PLACE (move) || !is_legal (pos, move))
    return FALSE;
  tri_score_placement (pos, move, score);
  return TRUE;
}

/* Explanations */

#define illegal(error, ...) bg_fail (error, BG_ERROR_ILLEGAL_MOVE, __VA_ARGS__)

static gboolean
explain_draw_or_pass (const TriPosition *pos,
                      BgMove             move,
                      gboolean           can_place,
                      GError           **error)
{
  if (can_place && move == TRI_MOVE_DRAW)
    return illegal (error, _("you can place a tile, so you may not draw"));
  if (can_place)
    return illegal (error, _("you can place a tile, so you may not pass"));
  if (move == TRI_MOVE_DRAW && pos->pile_count == 0)
    return illegal (error, _("the pile is empty: pass"));
  if (move == TRI_MOVE_DRAW)
    return illegal (error, _("you have drawn three tiles this turn: pass"));
  /* Translators: %d is the number of tiles drawn this turn, 0 to 2 */
  return illegal (error, _("you cannot place a tile: draw one first (%d drawn so far)"),
                  pos->draws);
}

/* Why a placement that fits no rule fails, checked from the tile to the corners. */
static gboolean
explain_placement (const TriPosition *pos,
                   BgMove             move,
                   GError           **error)
{
  int tile = TRI_MOVE_TILE (move), perm = TRI_MOVE_PERM (move);
  int row = TRI_MOVE_ROW (move), col = TRI_MOVE_COL (move);
  int v[3], need[3], opener, opener_player;
  gboolean adjacent = FALSE;
  char name[16], where[32];
  const guint8 *t;

  if (tile < 0 || tile >= TRI_N_TILES || perm < 0)
    return illegal (error, _("these values are not a tile"));
  t = tri_tile_values (tile);
  g_snprintf (name, sizeof name, "%d-%d-%d", t[0], t[1], t[2]);
  g_snprintf (where, sizeof where, "%d,%d", TRI_NOTE_ROW (row), TRI_NOTE_COL (col));
  if (!((pos->hands[pos->turn] >> tile) & 1))
    /* Translators: %s is a tile as its three values, such as 3-1-2 */
    return illegal (error, _("tile %s is not in your hand"), name);
  if (perm >= 3)
    {
      tri_perm_values (tile, perm, v);
      /* Translators: %d-%d-%d are the values as written, %s (twice) the tile as its three
       * values, such as 3-1-2 */
      return illegal (error, _("%d-%d-%d is the mirror image of tile %s: tiles turn but "
                               "never flip, so its values read %s clockwise"),
                      v[0], v[1], v[2], name, name);
    }
  if (pos->n_placed == 0)
    {
      tri_opening_tile (pos, &opener, &opener_player);
      t = tri_tile_values (opener);
      /* Name the tile that must open, not the one that was tried. */
      g_snprintf (name, sizeof name, "%d-%d-%d", t[0], t[1], t[2]);
      if (tile != opener && tri_is_triple (opener))
        /* Translators: %s is a tile, written as its three values such as 5-5-5 */
        return illegal (error, _("the round opens with %s, the highest triple"), name);
      if (tile != opener)
        /* Translators: %s is a tile, written as its three values such as 5-5-5 */
        return illegal (error, _("the round opens with %s, the tile of highest value"), name);
      /* Translators: 0,0 and %s are triangles, written row,col: keep 0,0 as it is */
      return illegal (error, _("the first tile of a round goes on 0,0, not %s"), where);
    }
  if (tri_occupied (pos, row, col))
    /* Translators: %s is a triangle, written row,col such as 1,-1 */
    return illegal (error, _("triangle %s is already occupied"), where);
  for (int side = 0; side < 3; side++)
    {
      int nr, nc;

      if (tri_side_neighbour (row, col, side, &nr, &nc) && tri_occupied (pos, nr, nc))
        adjacent = TRUE;
    }
  if (!adjacent)
    /* Translators: %s is a triangle, written row,col such as 1,-1 */
    return illegal (error, _("triangle %s does not share a side with a placed tile"), where);
  tri_corner_needs (pos, row, col, need);
  tri_perm_values (tile, perm, v);
  /* A side whose two corners are both fixed by a neighbour across it. */
  for (int side = 0; side < 3; side++)
    {
      int a = (side + 1) % 3, b = (side + 2) % 3, nr, nc;

      if (tri_side_neighbour (row, col, side, &nr, &nc) && tri_occupied (pos, nr, nc)
          && (need[a] != v[a] || need[b] != v[b]))
        /* Translators: %d-%d are the two values of a side, the neighbour's then the
         * tile's */
        return illegal (error, _("the side values do not match: the neighbour's side reads "
                                 "%d-%d, the tile's %d-%d"), need[a], need[b], v[a], v[b]);
    }
  for (int i = 0; i < 3; i++)
    if (need[i] >= 0 && need[i] != v[i])
      /* Translators: the first %d is the number of a corner of the tile (0 to 2), the
       * second its value, the third the value of the tile it touches at that vertex */
      return illegal (error, _("corner %d carries %d but touches a %d across the vertex"),
                      i, v[i], need[i]);
  return TRUE;
}

gboolean
bg_triomino_explain_illegal (const void  *data,
                             BgMove       move,
                             GError     **error)
{
  const TriPosition *pos = data;
  g_autofree BgMove *moves = NULL;
  gboolean can_place;

  if (pos->game_over)
    {
      g_set_error (error, BG_ERROR, BG_ERROR_GAME_OVER, _("the game is over"));
      return FALSE;
    }
  if (pos->view && pos->turn != pos->viewer)
    return illegal (error, _("this view of the game does not show the hand of the player to "
                             "move"));
  if (is_legal (pos, move))
    return TRUE;
  moves = g_new (BgMove, TRI_MAX_MOVES);
  can_place = TRI_MOVE_IS_PLACE (tri_legal_moves (pos, moves) > 0 ? moves[0] : TRI_MOVE_PASS);
  if (move == TRI_MOVE_DRAW || move == TRI_MOVE_PASS)
    return explain_draw_or_pass (pos, move, can_place, error);
  if (!TRI_MOVE_IS_PLACE (move))
    return illegal (error, _("not a Triomino move"));
  if (!explain_placement (pos, move, error))
    return FALSE;
  return illegal (error, _("illegal placement"));
}
