/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-ta-table.c: checks of the full Triple Alliance table, and the perfect level's games
 *
 *   bench-ta-table TABLE [--positions N] [--games N] [--time MS] [--seed N]
 *
 * On random positions of every layer (N, 10,000 by default):
 *  - the engine's own alpha-beta search (iterative deepening to depth 24, 400,000 nodes)
 *    must agree with the table wherever it proves a result: same winner, and a distance no
 *    shorter than the table's for a win nor longer for a loss (the table is exact);
 *  - the eight symmetric images of the position read the same value;
 *  - along the best line the distance falls by exactly one at each ply, to a finished game
 *    won by the player the table named.
 * Then the perfect level plays level 6 (its depth, at --time ms a move) from random
 * openings of four placements, each opening twice with the colours swapped: it must never
 * lose, and must win every game whose start the table gives it as won.
 *
 * Both cores play: positions and games are spread over two threads. Exits 1 on any
 * disagreement. Not a test: the table takes minutes to compute (build-aux/bench-ta-solve.sh).
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bg-search.h"
#include "triple-alliance/solver/bg-ta-index.h"
#include "triple-alliance/solver/bg-ta-table.h"

#define N_THREADS 2
#define MAX_PLIES 300

typedef struct
{
  guint64 checked, proved, proved_exact, symmetric, lines, failures;
  guint64 by_outcome[4];
} PositionCounts;

/* Results of the perfect player by the table's value of the start for him. */
typedef struct
{
  guint results[4][3];   /* [start outcome][lost, drawn, won] */
  guint64 plies;
} GameCounts;

static BgTaTable *table;
static guint n_positions = 10000, n_games = 200, seed = 1;
static gint64 opponent_ms = 200;
static GMutex lock;
static PositionCounts positions;
static GameCounts games;

static void
append_points (GString *s,
               guint32  set)
{
  gboolean first = TRUE;

  for (int p = 0; p < 24; p++)
    if (set & (1u << p))
      {
        int grid = p + (p >= 12);

        g_string_append_printf (s, "%s%c%d", first ? "" : ",", 'a' + grid % 5, grid / 5 + 1);
        first = FALSE;
      }
}

/* A game whose player 1, to move, holds mover. */
static BgGame *
game_from_sets (guint32 mover,
                guint32 other)
{
  g_autoptr (GString) s = g_string_new ("p1=");

  append_points (s, mover);
  g_string_append (s, " p2=");
  append_points (s, other);
  g_string_append_printf (s, " hand=%d,%d turn=1", 6 - __builtin_popcount (mover),
                          6 - __builtin_popcount (other));
  return bg_game_new_from_position ("triple-alliance", NULL, s->str, NULL);
}

static guint32
random_set (GRand   *rand,
            guint    count,
            guint32  taken)
{
  guint32 set = 0;

  while ((guint) __builtin_popcount (set) < count)
    set |= (1u << g_rand_int_range (rand, 0, 24)) & ~taken;
  return set;
}

/* A random position of the table with a piece count picked so that every layer from six
 * pieces on is drawn about as often as the movement phase. */
static BgGame *
random_position (GRand   *rand,
                 guint32 *mover,
                 guint32 *other)
{
  for (;;)
    {
      guint k = (guint) g_rand_int_range (rand, 6, 19);
      BgGame *game;

      k = MIN (k, 12);
      *mover = random_set (rand, k / 2, 0);
      *other = random_set (rand, k - k / 2, *mover);
      if (bg_ta_index_has_line (*mover) || bg_ta_index_has_line (*other))
        continue;
      game = game_from_sets (*mover, *other);
      if (game != NULL && !bg_game_is_over (game))
        return game;
      g_clear_pointer (&game, bg_game_free);
    }
}

static gboolean
check_symmetries (guint32 mover,
                  guint32 other,
                  BgTaValue value)
{
  gboolean placing = __builtin_popcount (mover | other) < 12;

  for (guint t = 1; t < BG_TA_N_SYMMETRIES; t++)
    {
      BgTaValue v = bg_ta_table_probe_sets (table, bg_ta_symmetry_apply (t, mover),
                                            bg_ta_symmetry_apply (t, other), placing);

      if (bg_ta_value_compare (v, value) != 0 || v.outcome != value.outcome)
        return FALSE;
    }
  return TRUE;
}

/* The best line: the distance falls by one at each ply, and the game ends as announced. */
static gboolean
check_line (const BgGame *start,
            BgTaValue     value)
{
  g_autoptr (BgGame) game = bg_game_copy (start);
  BgTaMoveValue rated[24];
  int winner = value.outcome == BG_TA_OUTCOME_WIN ? bg_game_get_player_to_move (start)
                                                 : 1 - bg_game_get_player_to_move (start);

  for (guint d = value.distance; d > 0; d--)
    {
      BgTaValue now = bg_ta_table_probe (table, game);

      if (now.distance != d || bg_ta_table_rate_moves (table, game, rated) == 0
          || rated[0].value.distance != d || !bg_game_play (game, rated[0].move, NULL))
        return FALSE;
    }
  return bg_game_is_over (game) && bg_game_get_status (game).winner == winner;
}

/* Whether the search's proved score fits the table's value. */
static gboolean
search_agrees (int       score,
               BgTaValue value,
               gboolean *exact)
{
  guint d = (guint) (BG_SCORE_WIN - ABS (score));

  *exact = FALSE;
  if (score > 0 && value.outcome == BG_TA_OUTCOME_WIN)
    {
      *exact = d == value.distance;
      return d >= value.distance;
    }
  if (score < 0 && value.outcome == BG_TA_OUTCOME_LOSS)
    {
      *exact = d == value.distance;
      return d <= value.distance;
    }
  return FALSE;
}

static gpointer
check_positions (gpointer data)
{
  guint index = GPOINTER_TO_UINT (data);
  g_autoptr (BgSearch) search = bg_search_new_with_table (20);
  GRand *rand = g_rand_new_with_seed (seed * 7919 + index);
  BgSearchLimits limits = { .max_depth = 24, .node_limit = 400000, .seed = 1 };
  PositionCounts local = { 0 };

  for (guint i = index; i < n_positions; i += N_THREADS)
    {
      guint32 mover, other;
      g_autoptr (BgGame) game = random_position (rand, &mover, &other);
      BgTaValue value = bg_ta_table_probe (table, game);
      BgSearchResult result;
      gboolean exact;

      local.checked++;
      local.by_outcome[value.outcome]++;
      if (value.outcome == BG_TA_OUTCOME_UNKNOWN)
        {
          local.failures++;
          fprintf (stderr, "not in the table: %s\n", bg_game_format_position (game));
          continue;
        }
      bg_search_clear (search);
      bg_search_run (search, game, &limits, &result);
      if (ABS (result.score) > BG_SCORE_WIN_MIN)
        {
          local.proved++;
          if (!search_agrees (result.score, value, &exact))
            {
              local.failures++;
              fprintf (stderr, "search %d, table %d/%u: %s\n", result.score, value.outcome,
                       value.distance, bg_game_format_position (game));
            }
          local.proved_exact += exact;
        }
      local.symmetric += check_symmetries (mover, other, value);
      if (value.outcome != BG_TA_OUTCOME_DRAW)
        local.lines += check_line (game, value);
      else
        local.lines++;
    }
  g_rand_free (rand);
  g_mutex_lock (&lock);
  positions.checked += local.checked;
  positions.proved += local.proved;
  positions.proved_exact += local.proved_exact;
  positions.symmetric += local.symmetric;
  positions.lines += local.lines;
  positions.failures += local.failures + (local.checked - local.symmetric)
                        + (local.checked - local.lines);
  for (int o = 0; o < 4; o++)
    positions.by_outcome[o] += local.by_outcome[o];
  g_mutex_unlock (&lock);
  return NULL;
}

/* Four random placements from the start, the same for both colourings of a pair. */
static BgGame *
random_opening (guint pair)
{
  GRand *rand = g_rand_new_with_seed (seed * 104729 + pair);
  BgGame *game = bg_game_new ("triple-alliance", NULL, NULL);

  for (int i = 0; i < 4; i++)
    {
      g_autoptr (GArray) moves = bg_game_get_legal_moves (game);

      bg_game_play (game, g_array_index (moves, BgMove, g_rand_int_range (rand, 0, moves->len)),
                    NULL);
    }
  g_rand_free (rand);
  return game;
}

static BgTaValue
value_for (const BgGame *game,
           int           player)
{
  BgTaValue v = bg_ta_table_probe (table, game);

  if (bg_game_get_player_to_move (game) != player && v.outcome != BG_TA_OUTCOME_DRAW)
    v.outcome = v.outcome == BG_TA_OUTCOME_WIN ? BG_TA_OUTCOME_LOSS : BG_TA_OUTCOME_WIN;
  return v;
}

/* Plays one game; returns 1, 0 or -1 for the perfect player's result. */
static int
play_game (guint     number,
           BgSearch *perfect_search,
           BgSearch *opponent_search,
           BgTaValue *start,
           guint     *plies)
{
  g_autoptr (BgGame) game = random_opening (number / 2);
  int perfect = number % 2;
  BgSearchLimits perfect_limits, opponent_limits;

  bg_search_limits_for_level (BG_LEVEL_PERFECT, &perfect_limits);
  bg_search_limits_for_level (BG_LEVEL_MAX, &opponent_limits);
  opponent_limits.time_limit_ms = opponent_ms;
  bg_search_clear (opponent_search);
  *start = value_for (game, perfect);
  while (!bg_game_is_over (game) && bg_game_get_n_played (game) < MAX_PLIES)
    {
      int mover = bg_game_get_player_to_move (game);
      BgSearchResult result;

      if (bg_game_has_draw_offer (game))
        {
          gboolean perfect_accepts = value_for (game, perfect).outcome != BG_TA_OUTCOME_WIN;

          if (perfect_accepts && bg_search_accepts_draw (opponent_search, game, 1 - perfect))
            {
              *plies = bg_game_get_n_played (game);
              return 0;
            }
          bg_game_decline_draw (game);
        }
      bg_search_run (mover == perfect ? perfect_search : opponent_search, game,
                     mover == perfect ? &perfect_limits : &opponent_limits, &result);
      bg_game_play (game, result.move, NULL);
    }
  *plies = bg_game_get_n_played (game);
  if (!bg_game_is_over (game) || bg_game_get_status (game).result != BG_RESULT_WIN)
    return 0;
  return bg_game_get_status (game).winner == perfect ? 1 : -1;
}

static gpointer
play_games (gpointer data)
{
  guint index = GPOINTER_TO_UINT (data);
  g_autoptr (BgSearch) perfect_search = bg_search_new_with_table (12);
  g_autoptr (BgSearch) opponent_search = bg_search_new_with_table (20);

  for (guint i = index; i < n_games; i += N_THREADS)
    {
      BgTaValue start;
      guint plies = 0;
      int r = play_game (i, perfect_search, opponent_search, &start, &plies);

      g_mutex_lock (&lock);
      games.results[start.outcome][r + 1]++;
      games.plies += plies;
      g_mutex_unlock (&lock);
    }
  return NULL;
}

static void
run_threads (GThreadFunc func)
{
  GThread *threads[N_THREADS];

  for (guint i = 0; i < N_THREADS; i++)
    threads[i] = g_thread_new ("bench", func, GUINT_TO_POINTER (i));
  for (guint i = 0; i < N_THREADS; i++)
    g_thread_join (threads[i]);
}

static void
print_games (double seconds)
{
  static const char *const names[] = { "?", "won", "drawn", "lost" };
  guint total[3] = { 0 };

  printf ("perfect vs level 6 (%" G_GINT64_FORMAT " ms a move), %u games, %.1f plies a game, "
          "%.0f s\n", opponent_ms, n_games, (double) games.plies / MAX (n_games, 1), seconds);
  for (int o = BG_TA_OUTCOME_WIN; o <= BG_TA_OUTCOME_LOSS; o++)
    {
      const guint *r = games.results[o];

      printf ("  start %-5s for perfect: %3u games, perfect won %u, drew %u, lost %u\n",
              names[o], r[0] + r[1] + r[2], r[2], r[1], r[0]);
      for (int i = 0; i < 3; i++)
        total[i] += r[i];
    }
  printf ("  all: perfect won %u, drew %u, lost %u\n", total[2], total[1], total[0]);
}

static gboolean
parse_args (int    argc,
            char **argv)
{
  for (int i = 2; i + 1 < argc; i += 2)
    {
      guint64 v;

      if (!g_ascii_string_to_unsigned (argv[i + 1], 10, 0, G_MAXUINT32, &v, NULL))
        return FALSE;
      if (g_str_equal (argv[i], "--positions"))
        n_positions = (guint) v;
      else if (g_str_equal (argv[i], "--games"))
        n_games = (guint) v;
      else if (g_str_equal (argv[i], "--time"))
        opponent_ms = (gint64) v;
      else if (g_str_equal (argv[i], "--seed"))
        seed = (guint) v;
      else
        return FALSE;
    }
  return argc >= 2 && argc % 2 == 0;
}

int
main (int    argc,
      char **argv)
{
  g_autoptr (GError) error = NULL;
  gint64 start;

  if (!parse_args (argc, argv))
    {
      fprintf (stderr, "usage: %s TABLE [--positions N] [--games N] [--time MS] [--seed N]\n",
               argv[0]);
      return 2;
    }
  start = g_get_monotonic_time ();
  table = bg_ta_table_open (argv[1], &error);
  if (table == NULL)
    {
      fprintf (stderr, "%s\n", error->message);
      return 1;
    }
  printf ("table opened and checked in %.2f s\n", (g_get_monotonic_time () - start) / 1e6);
  bg_ta_table_set_default (table);

  start = g_get_monotonic_time ();
  run_threads (check_positions);
  printf ("positions: %" G_GUINT64_FORMAT " (won %" G_GUINT64_FORMAT ", drawn %" G_GUINT64_FORMAT
          ", lost %" G_GUINT64_FORMAT ") in %.0f s\n", positions.checked,
          positions.by_outcome[BG_TA_OUTCOME_WIN], positions.by_outcome[BG_TA_OUTCOME_DRAW],
          positions.by_outcome[BG_TA_OUTCOME_LOSS], (g_get_monotonic_time () - start) / 1e6);
  printf ("  alpha-beta proved a result in %" G_GUINT64_FORMAT ", all agreeing with the table"
          " (%" G_GUINT64_FORMAT " at exactly its distance)\n", positions.proved,
          positions.proved_exact);
  printf ("  symmetric images reading the same value: %" G_GUINT64_FORMAT "/%" G_GUINT64_FORMAT
          "\n", positions.symmetric, positions.checked);
  printf ("  best lines falling by one ply to the announced end: %" G_GUINT64_FORMAT "/%"
          G_GUINT64_FORMAT "\n", positions.lines, positions.checked);

  start = g_get_monotonic_time ();
  run_threads (play_games);
  print_games ((g_get_monotonic_time () - start) / 1e6);
  bg_ta_table_set_default (NULL);
  bg_ta_table_unref (table);
  /* Never a loss from a start that is not lost, and every won start won. */
  return positions.failures == 0 && games.results[BG_TA_OUTCOME_WIN][0] == 0
         && games.results[BG_TA_OUTCOME_WIN][1] == 0 && games.results[BG_TA_OUTCOME_DRAW][0] == 0
         ? 0 : 1;
}
