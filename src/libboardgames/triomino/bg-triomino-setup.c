/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-triomino-setup.c: Triomino positions built by hand, for tests
 *
 * A round in progress is set up from its board and hands in notation, without the moves
 * that led to it; see bg-triomino-setup.h.
 */

#include "bg-triomino-setup.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "bg-triomino-board.h"

static gboolean
parse_tile_list (const char  *text,
                 GArray      *tiles,
                 GError     **error)
{
  g_auto (GStrv) words = g_strsplit_set (text ? text : "", " \t", -1);

  for (guint i = 0; words[i] != NULL; i++)
    {
      const char *end;
      int v[3], tile;

      if (*words[i] == '\0')
        continue;
      if (!tri_parse_values (words[i], &end, v, error))
        return FALSE;
      tile = tri_tile_index (v[0], v[1], v[2]);
      if (*end != '\0' || tile < 0)
        {
          /* Translators: %s is a word of a list of tiles such as 3-1-2 */
          g_set_error (error, BG_ERROR, BG_ERROR_BAD_OPTION, _("bad tile “%s”"), words[i]);
          return FALSE;
        }
      g_array_append_val (tiles, tile);
    }
  return TRUE;
}

static gboolean
take_tile (guint64    *used,
           int         tile,
           GError    **error)
{
  if (*used & (G_GUINT64_CONSTANT (1) << tile))
    {
      const guint8 *v = tri_tile_values (tile);

      /* Translators: %d-%d-%d are the three values of a tile, such as 3-1-2 */
      g_set_error (error, BG_ERROR, BG_ERROR_BAD_OPTION, _("tile %d-%d-%d is used twice"),
                   v[0], v[1], v[2]);
      return FALSE;
    }
  *used |= G_GUINT64_CONSTANT (1) << tile;
  return TRUE;
}

static gboolean
setup_board (TriPosition *pos,
             const char  *board,
             guint64     *used,
             GError     **error)
{
  g_auto (GStrv) words = g_strsplit_set (board ? board : "", " \t", -1);

  for (guint i = 0; words[i] != NULL; i++)
    {
      BgMove move;

      if (*words[i] == '\0')
        continue;
      if (!tri_parse_move (pos, words[i], &move, error))
        return FALSE;
      if (!TRI_MOVE_IS_PLACE (move) || TRI_MOVE_PERM (move) > 2
          || tri_occupied (pos, TRI_MOVE_ROW (move), TRI_MOVE_COL (move))
          || !take_tile (used, TRI_MOVE_TILE (move), error))
        {
          if (error && !*error)
            /* Translators: %s is a placement as written, such as 3-1-2@1,-1 */
            g_set_error (error, BG_ERROR, BG_ERROR_BAD_OPTION, _("bad placement “%s”"),
                         words[i]);
          return FALSE;
        }
      tri_place_unchecked (pos, TRI_MOVE_TILE (move), TRI_MOVE_PERM (move),
                           TRI_MOVE_ROW (move), TRI_MOVE_COL (move));
    }
  return TRUE;
}

gboolean
bg_triomino_setup (void               *data,
                   const char         *board,
                   const char *const  *hands,
                   int                 turn,
                   GError            **error)
{
  TriPosition *pos = data;
  g_autofree TriPosition *copy = g_memdup2 (pos, sizeof *pos);
  guint64 used = 0;
  int n = 0;

  g_return_val_if_fail (turn >= 0 && turn < pos->n_players, FALSE);
  memset (copy->occ, 0, sizeof copy->occ);
  memset (copy->vert, 0, sizeof copy->vert);
  memset (copy->placed, 0, sizeof copy->placed);
  memset (copy->frontier, 0, sizeof copy->frontier);
  copy->n_placed = copy->n_frontier = 0;
  if (!setup_board (copy, board, &used, error))
    return FALSE;
  for (int p = 0; p < TRI_MAX_PLAYERS; p++)
    {
      g_autoptr (GArray) tiles = g_array_new (FALSE, FALSE, sizeof (int));

      copy->hands[p] = 0;
      if (p >= pos->n_players || hands == NULL || hands[p] == NULL)
        continue;
      if (!parse_tile_list (hands[p], tiles, error))
        return FALSE;
      for (guint i = 0; i < tiles->len; i++)
        {
          if (!take_tile (&used, g_array_index (tiles, int, i), error))
            return FALSE;
          copy->hands[p] |= G_GUINT64_CONSTANT (1) << g_array_index (tiles, int, i);
        }
    }
  /* The pile: the remaining tiles in the order of this round's shuffle. */
  memset (copy->pile, 0, sizeof copy->pile);
  for (int i = 0; i < pos->pile_count; i++)
    if (!(used & (G_GUINT64_CONSTANT (1) << pos->pile[i])))
      copy->pile[n++] = pos->pile[i], used |= G_GUINT64_CONSTANT (1) << pos->pile[i];
  for (int t = 0; t < TRI_N_TILES; t++)
    if (!(used & (G_GUINT64_CONSTANT (1) << t)))
      copy->pile[n++] = t;
  copy->pile_count = n;
  copy->turn = turn;
  /* On an empty board the holder of the opening tile plays first, whoever was named. */
  if (copy->n_placed == 0)
    {
      int tile, opener;

      if (tri_opening_tile (copy, &tile, &opener))
        copy->turn = opener;
    }
  copy->draws = copy->passes = 0;
  /* How the round went before is unknown: the target counts as reached if a score is at it. */
  copy->target_reached = FALSE;
  for (int p = 0; p < copy->n_players; p++)
    if (copy->scores[p] >= copy->target)
      copy->target_reached = TRUE;
  memcpy (pos, copy, sizeof *pos);
  return TRUE;
}

void
bg_triomino_set_score (void *pos,
                       int   player,
                       int   score)
{
  TriPosition *tri = pos;

  g_return_if_fail (player >= 0 && player < TRI_MAX_PLAYERS);
  tri->scores[player] = score;
  if (score >= tri->target)
    tri->target_reached = TRUE;
}

gboolean
bg_triomino_set_pile (void        *data,
                      const char  *text,
                      GError     **error)
{
  TriPosition *pos = data;
  g_autoptr (GArray) tiles = g_array_new (FALSE, FALSE, sizeof (int));
  guint64 used = 0;

  if (!parse_tile_list (text, tiles, error))
    return FALSE;
  for (int p = 0; p < pos->n_players; p++)
    used |= pos->hands[p];
  for (int i = 0; i < pos->n_placed; i++)
    used |= G_GUINT64_CONSTANT (1) << pos->placed[i].tile;
  for (guint i = 0; i < tiles->len; i++)
    if (!take_tile (&used, g_array_index (tiles, int, i), error))
      return FALSE;
  memset (pos->pile, 0, sizeof pos->pile);
  /* The first listed is drawn first, and draws take the end of the array. */
  for (guint i = 0; i < tiles->len; i++)
    pos->pile[tiles->len - 1 - i] = g_array_index (tiles, int, i);
  pos->pile_count = tiles->len;
  return TRUE;
}
