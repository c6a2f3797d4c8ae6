/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-triomino-turn.c: the last turn of a game of Triomino, its draws, its placement or
 * pass and their points, and its sentence for the score sheet */

#include "trio-triomino-turn.h"

#include <glib/gi18n.h>
#include <string.h>

/* What player's score changed by over played move index, without the points the round's
 * end gave when that move ended a round. */
static int
move_points (const BgGame *game,
             guint         index,
             int           player)
{
  const void *before = bg_game_get_position_at (game, index);
  const void *after = bg_game_get_position_at (game, index + 1);
  int points = bg_triomino_get_score (after, player) - bg_triomino_get_score (before, player);
  gboolean ended = bg_triomino_get_round (after) != bg_triomino_get_round (before)
                   || (index + 1 == bg_game_get_n_played (game) && bg_game_is_over (game));

  if (ended)
    {
      int gains[BG_TRIOMINO_MAX_PLAYERS];

      bg_triomino_get_last_round_end (after, NULL, gains);
      points -= gains[player];
    }
  return points;
}

static gboolean
is_draw (const BgGame *game,
         guint         index,
         int           player)
{
  BgMoveInfo info;

  return bg_game_get_played_player (game, index) == player
         && bg_game_describe_played (game, index, &info) && (info.flags & BG_MOVE_DRAWS) != 0;
}

void
trio_tri_last_turn (const BgGame *game,
                    TrioTriTurn  *turn)
{
  guint n = bg_game_get_n_played (game), first;
  BgMoveInfo info;
  int round;

  memset (turn, 0, sizeof *turn);
  turn->player = -1;
  if (n == 0 || !bg_game_describe_played (game, n - 1, &info))
    return;
  turn->player = bg_game_get_played_player (game, n - 1);
  turn->scored = bg_triomino_is_scored (bg_game_get_position (game));
  round = bg_triomino_get_round (bg_game_get_position_at (game, n - 1));
  if ((info.flags & BG_MOVE_PLACES) != 0)
    {
      turn->placed = TRUE;
      bg_triomino_score_move (bg_game_get_position_at (game, n - 1),
                              bg_game_get_played_move (game, n - 1), &turn->score);
    }
  else if ((info.flags & BG_MOVE_PASSES) != 0)
    {
      turn->passed = TRUE;
      turn->pass_points = move_points (game, n - 1, turn->player);
    }
  /* The draws that led to it: the same player's, in the same round. */
  first = turn->placed || turn->passed ? n - 1 : n;
  while (first > 0 && is_draw (game, first - 1, turn->player)
         && bg_triomino_get_round (bg_game_get_position_at (game, first - 1)) == round)
    {
      first--;
      turn->draws++;
      turn->draw_points += move_points (game, first, turn->player);
    }
}

/* A placement's points: "1-2-3: 6" or "1-2-3: 6 + bridge 40 = 46"; the tile alone,
 * "1-2-3", in the children's game. */
static char *
score_text (const BgTriominoScore *score,
            gboolean               scored)
{
  g_autofree char *kind = NULL;
  int v[3];

  bg_triomino_tile_values (score->tile, v);
  if (!scored)
    return g_strdup_printf ("%d-%d-%d", v[0], v[1], v[2]);
  if (score->bonus == 0)
    /* Translators: a placement's tile and its points: "1-2-3: 6" */
    return g_strdup_printf (_("%d-%d-%d: %d"), v[0], v[1], v[2], score->total);
  if (score->hexagons > 1)
    kind = g_strdup_printf (_("%d hexagons"), score->hexagons);
  else if (score->hexagons == 1)
    kind = g_strdup (_("hexagon"));
  else if (score->bridge)
    kind = g_strdup (_("bridge"));
  else if (score->two_sides)
    kind = g_strdup (_("two sides"));
  else
    kind = g_strdup (_("opening"));
  /* Translators: the tile, its values' sum, the kind of bonus, the bonus, the total:
   * "1-2-3: 6 + bridge 40 = 46" */
  return g_strdup_printf (_("%d-%d-%d: %d + %s %d = %d"), v[0], v[1], v[2], score->base, kind,
                          score->bonus, score->total);
}

/* "Player 2 drew 2 tiles (−10)", without the points when they cost none. */
static char *
draws_text (const TrioTriTurn *turn,
            const char        *name)
{
  if (turn->draw_points == 0)
    return g_strdup_printf (ngettext ("%s drew %u tile", "%s drew %u tiles", turn->draws),
                            name, turn->draws);
  /* Translators: a player, the tiles drawn and what they cost: "Player 2 drew 2 tiles
   * (−10)"; − is a minus sign */
  return g_strdup_printf (ngettext ("%s drew %u tile (−%d)", "%s drew %u tiles (−%d)",
                                    turn->draws),
                          name, turn->draws, -turn->draw_points);
}

static char *
pass_text (const TrioTriTurn *turn,
           const char        *name)
{
  g_autofree char *draws = NULL;

  if (turn->draws == 0)
    return turn->pass_points == 0 ? g_strdup_printf (_("%s passed"), name)
                                  /* Translators: "Player 2 passed (−10)" */
                                  : g_strdup_printf (_("%s passed (−%d)"), name,
                                                     -turn->pass_points);
  draws = draws_text (turn, name);
  return turn->pass_points == 0 ? g_strdup_printf (_("%s, then passed"), draws)
                                /* Translators: the draws, then the pass's penalty: "Player 2
                                 * drew 3 tiles (−15), then passed (−10)" */
                                : g_strdup_printf (_("%s, then passed (−%d)"), draws,
                                                   -turn->pass_points);
}

char *
trio_tri_turn_text (const TrioTriTurn *turn,
                    const char        *name)
{
  g_autofree char *score = NULL;
  g_autofree char *draws = NULL;

  if (turn->player < 0)
    return g_strdup (_("No tile placed yet"));
  if (turn->passed)
    return pass_text (turn, name);
  if (!turn->placed)
    return draws_text (turn, name);
  score = score_text (&turn->score, turn->scored);
  if (turn->draws == 0)
    /* Translators: a player and a placement's points: "Player 2, 1-2-3: 6" */
    return g_strdup_printf (_("%s, %s"), name, score);
  draws = draws_text (turn, name);
  /* Translators: the draws, then the placement: "Player 2 drew 1 tile (−5), then played
   * 1-2-3: 6" */
  return g_strdup_printf (_("%s, then played %s"), draws, score);
}
