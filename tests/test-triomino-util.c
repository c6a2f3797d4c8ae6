/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-triomino-util.c: helpers of the Triomino test suite (see test-triomino-util.h) */

#include "test-triomino-util.h"

#include <stdio.h>
#include <string.h>

#include "bg-search.h"
#include "triomino/bg-triomino-setup.h"
#include "test-util.h"

/* A new position; scoring is the option's value ("points" or "none"). */
void *
tt_new_position_scoring (int         players,
                         const char *opening,
                         const char *scoring)
{
  g_autofree char *n_players = g_strdup_printf ("%d", players);
  g_autoptr (GHashTable) opts = tu_options ("players", n_players,
                                            "opening", opening ? opening : "american",
                                            "scoring", scoring, NULL);
  void *pos = g_malloc0 (R->position_size);

  ck_assert (R->init (pos, opts, NULL));
  return pos;
}

void *
tt_new_position (int         players,
                 const char *opening)
{
  return tt_new_position_scoring (players, opening, "points");
}

void *
tt_setup_scoring (int                players,
                  const char        *scoring,
                  const char        *board,
                  const char *const *hands,
                  int                turn)
{
  g_autoptr (GError) error = NULL;
  void *pos = tt_new_position_scoring (players, NULL, scoring);

  ck_assert_msg (bg_triomino_setup (pos, board, hands, turn, &error), "setup: %s",
                 error ? error->message : "");
  return pos;
}

/* A 2-player (or more) position with board and hands set up; player to move. */
void *
tt_setup (int                players,
          const char        *board,
          const char *const *hands,
          int                turn)
{
  return tt_setup_scoring (players, "points", board, hands, turn);
}

BgMove
tt_parse (const void *pos,
          const char *text)
{
  g_autoptr (GError) error = NULL;
  BgMove move = BG_MOVE_NONE;

  ck_assert_msg (R->parse_move (pos, text, &move, &error), "parse %s: %s", text,
                 error ? error->message : "");
  return move;
}

gboolean
tt_is_legal (const void *pos,
             BgMove      move)
{
  g_autofree BgMove *moves = g_new (BgMove, R->max_moves);
  guint n = R->legal_moves (pos, moves);

  for (guint i = 0; i < n; i++)
    if (moves[i] == move)
      return TRUE;
  return FALSE;
}

/* Legal moves as one string, e.g. "draw" or "1-2-2@0,1 2-1-1@0,1". */
char *
tt_legal_text (const void *pos)
{
  g_autofree BgMove *moves = g_new (BgMove, R->max_moves);
  guint n = R->legal_moves (pos, moves);
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    {
      char buf[64];

      R->format_move (pos, moves[i], buf, sizeof buf);
      g_string_append_printf (s, "%s%s", i ? " " : "", buf);
    }
  return g_string_free (s, FALSE);
}

/* Plays move (notation), which must be the only legal one, n times. */
void
tt_play_forced (void       *pos,
                const char *move,
                int         n)
{
  for (int i = 0; i < n; i++)
    {
      g_autofree char *moves = tt_legal_text (pos);

      ck_assert_str_eq (moves, move);
      R->play (pos, tt_parse (pos, move));
    }
}

/* Plays a legal placement given in notation and checks its score breakdown. */
void
tt_check_placement (void       *pos,
                    const char *text,
                    int         total,
                    int         hexagons,
                    gboolean    bridge,
                    gboolean    two_sides)
{
  BgMove move = tt_parse (pos, text);
  int player = R->player_to_move (pos);
  int before = bg_triomino_get_score (pos, player);
  BgTriominoScore score;
  const BgTriominoScore *last;

  ck_assert_msg (tt_is_legal (pos, move), "%s should be legal", text);
  ck_assert (bg_triomino_score_move (pos, move, &score));
  R->play (pos, move);
  last = bg_triomino_get_last_score (pos);
  ck_assert_int_eq (last->total, total);
  ck_assert_int_eq (score.total, total);
  ck_assert_int_eq (last->hexagons, hexagons);
  ck_assert_int_eq (last->bridge, bridge);
  ck_assert_int_eq (last->two_sides, two_sides);
  ck_assert_int_eq (last->base + last->bonus, total);
  ck_assert_int_eq (bg_triomino_get_score (pos, player), before + total);
}

/* Checks that move is rejected for reason (a fragment of the message) and changes
 * nothing. */
void
tt_check_illegal (const void *pos,
                  const char *text,
                  const char *reason)
{
  g_autoptr (GError) error = NULL;
  g_autofree void *copy = g_memdup2 (pos, R->position_size);
  BgMove move = tt_parse (pos, text);

  ck_assert_msg (!tt_is_legal (pos, move), "%s should be illegal", text);
  ck_assert (!bg_triomino_explain_illegal (pos, move, &error));
  ck_assert (error != NULL && error->domain == BG_ERROR && error->code == BG_ERROR_ILLEGAL_MOVE);
  ck_assert_msg (strstr (error->message, reason) != NULL, "%s: “%s” lacks “%s”", text,
                 error->message, reason);
  ck_assert (memcmp (copy, pos, R->position_size) == 0);
}

/* Plays a game by the computer players through BgGame and bg_search_run(). */
BgGame *
tt_play_ai_game_scoring (guint32     seed,
                         int         players,
                         const int  *levels,
                         const char *scoring)
{
  g_autofree char *n_players = g_strdup_printf ("%d", players);
  g_autofree char *seed_text = g_strdup_printf ("%u", seed);
  g_autoptr (GHashTable) opts = tu_options ("players", n_players, "seed", seed_text,
                                            "scoring", scoring, NULL);
  g_autoptr (BgSearch) search = bg_search_new ();
  BgGame *game;

  game = bg_game_new ("triomino", opts, NULL);
  ck_assert (game != NULL);
  while (!bg_game_is_over (game))
    {
      BgSearchLimits limits;
      BgSearchResult result;

      bg_search_limits_for_level (levels[bg_game_get_player_to_move (game)], &limits);
      limits.time_limit_ms = 0;
      limits.seed = 12345;
      ck_assert (bg_search_run (search, game, &limits, &result));
      ck_assert (bg_game_play (game, result.move, NULL));
      ck_assert_uint_lt (bg_game_get_n_played (game), 20000);
    }
  return game;
}

BgGame *
tt_play_ai_game (guint32    seed,
                 int        players,
                 const int *levels)
{
  return tt_play_ai_game_scoring (seed, players, levels, "points");
}

void
tt_print_game (const BgGame *game)
{
  const void *pos = bg_game_get_position (game);

  printf ("seed %u: %u moves, scores", bg_triomino_get_seed (pos), bg_game_get_n_played (game));
  for (int p = 0; p < bg_triomino_get_n_players (pos); p++)
    printf (" %d", bg_triomino_get_score (pos, p));
  printf ("\n");
}
