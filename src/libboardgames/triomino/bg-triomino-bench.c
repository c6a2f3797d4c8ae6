/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-triomino-bench.c: the Triomino players measured
 *
 * bg_triomino_bench(): how fast greedy players play whole rounds, and how fast the
 * look-ahead player's rollouts go. bg_triomino_tournament(): seeded matches between two
 * levels, every deal played once with each seating (two players: both seats; more: the
 * tested level in every seat in turn against the other level in the others), with the
 * win rate and its margin of error.
 */

#include "bg-triomino-ai.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "bg-random.h"
#include "bg-triomino.h"
#include "bg-triomino-board.h"
#include "bg-triomino-heuristic.h"
#include "bg-triomino-mc.h"

static void
bench_rounds (guint n_rounds)
{
  g_autofree TriPosition *pos = g_new (TriPosition, 1);
  g_autofree BgMove *moves = g_new (BgMove, TRI_MAX_MOVES);
  gint64 start = g_get_monotonic_time ();
  guint64 rng = 1, n_moves = 0;
  double seconds;

  for (guint i = 0; i < n_rounds; i++)
    {
      tri_setup (pos, 4, i + 1, FALSE, 400);
      while (pos->round == 0 && !pos->game_over)
        {
          guint n = tri_legal_moves (pos, moves);

          tri_play (pos, tri_ai_greedy (pos, moves, n, 0, &rng));
          n_moves++;
        }
    }
  seconds = (g_get_monotonic_time () - start) / 1e6;
  printf ("triomino: %u greedy 4-player rounds in %.3f s: %.0f rounds/s (%.1f moves/round)\n",
          n_rounds, seconds, n_rounds / seconds, (double) n_moves / n_rounds);
}

static BgGame *
new_game (guint n_players,
          guint seed)
{
  g_autoptr (GHashTable) options = bg_options_new ();

  g_hash_table_insert (options, g_strdup ("players"), g_strdup_printf ("%u", n_players));
  g_hash_table_insert (options, g_strdup ("seed"), g_strdup_printf ("%u", seed));
  return bg_game_new ("triomino", options, NULL);
}

/* The look-ahead player's speed: rollouts a second at one level-5 move of each of a few
 * positions some moves into a 4-player game. */
static void
bench_rollouts (void)
{
  g_autoptr (BgSearch) search = bg_search_new_with_table (10);
  guint64 rollouts = 0;
  gint64 start = g_get_monotonic_time ();

  for (guint g = 0; g < 8; g++)
    {
      g_autoptr (BgGame) game = new_game (4, 100 + g);
      BgSearchLimits limits = { .level = 2, .seed = g + 1 };
      TriMcParams params;
      BgSearchResult result;
      guint64 done;

      for (int i = 0; i < 12 && !bg_game_is_over (game); i++)
        {
          bg_search_run (search, game, &limits, &result);
          bg_game_play (game, result.move, NULL);
        }
      bg_triomino_ai_params (5, &params);
      params.seed = g + 1;
      params.threads = 1;
      tri_mc_choose (game, &params, NULL, &done);
      rollouts += done;
    }
  printf ("triomino: look-ahead, %.0f rollouts/s on one core\n",
          rollouts / ((g_get_monotonic_time () - start) / 1e6));
}

void
bg_triomino_bench (guint n_games G_GNUC_UNUSED)
{
  bench_rounds (20000);
  bench_rollouts ();
}

/* Plays one game; seat_levels gives each seat's level. Returns the final position's
 * scores in scores. */
static void
play_match_game (guint      n_players,
                 guint      seed,
                 const int *seat_levels,
                 BgSearch  *search,
                 int       *scores)
{
  g_autoptr (BgGame) game = new_game (n_players, seed);

  while (!bg_game_is_over (game))
    {
      int player = bg_game_get_player_to_move (game);
      BgSearchLimits limits = { .level = seat_levels[player],
                                .seed = seed * 31 + bg_game_get_n_played (game) };
      BgSearchResult result;

      if (!bg_search_run (search, game, &limits, &result)
          || !bg_game_play (game, result.move, NULL))
        g_error ("triomino tournament: no move at level %d", seat_levels[player]);
    }
  for (guint p = 0; p < n_players; p++)
    scores[p] = bg_triomino_get_score (bg_game_get_position (game), (int) p);
}

void
bg_triomino_tournament (guint         n_players,
                        int           level,
                        int           other,
                        guint         n_deals,
                        guint         first_seed,
                        BgTriominoMatch *match)
{
  g_autoptr (BgSearch) search = bg_search_new_with_table (10);
  gint64 start = g_get_monotonic_time ();

  memset (match, 0, sizeof *match);
  for (guint d = 0; d < n_deals; d++)
    for (guint seat = 0; seat < n_players && (n_players > 2 || seat < 2); seat++)
      {
        int levels[TRI_MAX_PLAYERS], scores[TRI_MAX_PLAYERS], best = G_MININT;
        guint n_best = 0;
        gboolean won;

        for (guint p = 0; p < n_players; p++)
          levels[p] = p == seat ? level : other;
        play_match_game (n_players, first_seed + d, levels, search, scores);
        for (guint p = 0; p < n_players; p++)
          best = MAX (best, scores[p]);
        for (guint p = 0; p < n_players; p++)
          n_best += scores[p] == best;
        won = scores[seat] == best;
        /* A tie for first shares the win. */
        match->points += won ? 1.0 / n_best : 0;
        match->games++;
        match->score_sum += scores[seat];
      }
  match->rate = match->points / MAX (match->games, 1);
  match->margin = 1.96 * sqrt (match->rate * (1 - match->rate) / MAX (match->games, 1));
  match->seconds = (g_get_monotonic_time () - start) / 1e6;
}
