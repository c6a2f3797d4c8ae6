/* SPDX-License-Identifier: GPL-3.0-or-later */
/* engine-tournament.c: "boardgames-engine tournament GAME [OPTIONS]"
 *
 * Matches between two computer players (by default each pair of adjacent levels): from
 * varied openings (a few random moves drawn from a seed), each opening played with every
 * seating (colours swapped; in TRICHESS the six ways of giving one or two of the three
 * seats to a side). Prints wins, draws and losses of the first side and the Elo
 * difference with its 95% margin. A side thinks within a node budget, its level's time
 * limit converted at --nodes-per-ms (one rate for both sides, or one each: to compare
 * searches of different speeds at equal time, give each the rate of its nodes per second
 * on one thread), so that the result does not depend on the load of the machine;
 * --move-ms gives both sides a time per move instead, --depths fixed depths. Lines below
 * count how the games ended, side A's results by seating (first or second; one seat or
 * two) and the games won by mating a player of one's own side. The repetition draw offer
 * is answered as in the app.
 */

#include "engine-tournament.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "bg-game.h"
#include "marelle/bg-marelle-endgame.h"
#include "bg-search.h"
#include "trichess/bg-trichess-ai.h"

/* How a game ended, counted for each match: a reason of the rules (BgReason), or one of
 * these. */
enum
{
  ENDING_LIMIT = BG_N_REASONS,  /* --max-plies reached: a draw */
  ENDING_OTHER,                 /* over within the opening's random moves, or broken */
  N_ENDINGS
};

typedef struct
{
  int level;
  int depth;                   /* > 0: searches to this depth, no limit */
  int noise;                   /* with depth: the noise of its root scores */
  int algorithm;
  guint threads;
  guint64 nodes_per_ms;        /* this side's budget: nodes a ms of its level's time */
} Side;

typedef struct
{
  const char *game_id;
  int n_players;
  GHashTable *options;
  Side sides[2];
  guint openings;
  guint random_plies;
  guint max_plies;
  gint64 move_ms;
  guint32 seed;
  gboolean progress;           /* a line on standard error after each game */

  GMutex lock;
  guint wins, draws, losses;   /* of side 0 */
  guint64 plies;
  guint endings[N_ENDINGS];
  guint by_seats[2][3];        /* W, D, L of side 0 by seating_class() */
  guint own_mates[2];          /* games a side won by mating a player of its own */
} Match;

typedef struct
{
  Match *match;
  guint opening;
  guint seating;               /* bit i: seat i plays side 1 */
} Task;

static void
side_limits (const Match    *match,
             const Side     *side,
             guint32         seed,
             BgSearchLimits *limits)
{
  bg_search_limits_for_level (side->level, limits);
  if (side->depth > 0)
    {
      limits->level = 0;
      limits->max_depth = (guint) side->depth;
      limits->time_limit_ms = 0;
      limits->noise = side->noise;
      limits->vary = 0;
    }
  else if (match->move_ms > 0)
    limits->time_limit_ms = match->move_ms;
  else
    {
      limits->node_limit = (guint64) limits->time_limit_ms * side->nodes_per_ms;
      limits->time_limit_ms = 0;
    }
  limits->threads = side->threads;
  limits->algorithm = side->algorithm;
  limits->seed = seed;
}

static gboolean
play_opening (BgGame *game,
              guint   plies,
              guint32 seed)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);

  for (guint i = 0; i < plies && !bg_game_is_over (game); i++)
    {
      g_autoptr (GArray) moves = bg_game_get_legal_moves (game);
      BgMove m = g_array_index (moves, BgMove, g_rand_int_range (rand, 0, (gint32) moves->len));

      if (!bg_game_play (game, m, NULL))
        return FALSE;
    }
  return !bg_game_is_over (game);
}

/* An ending's name: the rule's reason, or why the game stopped. */
static const char *
ending_name (guint ending)
{
  if (ending == ENDING_LIMIT)
    return "ply limit";
  if (ending == ENDING_OTHER)
    return "other";
  return bg_reason_to_string ((BgReason) ending);
}

/* Plays one game; returns the side that won, or -1 for a draw. */
static int
play_game (Match  *match,
           guint   opening,
           guint   seating,
           guint  *plies,
           guint  *ending,
           int    *mated_side)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (BgGame) game = bg_game_new (match->game_id, match->options, &error);
  BgSearch *searches[2] = { bg_search_new_with_table (18), bg_search_new_with_table (18) };
  guint32 opening_seed = match->seed * 7919u + opening * 104729u + 1;
  int winner = -1;
  BgStatus status;

  g_assert (game != NULL);
  *mated_side = -1;
  if (!play_opening (game, match->random_plies, opening_seed))
    {
      /* Over or broken within the random moves: counts as a draw. */
      bg_search_free (searches[0]);
      bg_search_free (searches[1]);
      *plies = bg_game_get_n_played (game);
      *ending = ENDING_OTHER;
      return -1;
    }
  while (!bg_game_is_over (game) && bg_game_get_n_played (game) < match->max_plies)
    {
      int player = bg_game_get_player_to_move (game);
      int side = (seating >> player) & 1;
      BgSearchLimits limits;
      BgSearchResult result;

      /* The repetition draw offer is answered as the app's computers answer it: accepted
       * when every player accepts. Accepting it always made draws of positions that a side
       * would have played on from (in TRICHESS, a search that does not see repetitions
       * walked into them). */
      if (bg_game_settle_draw_offer (game))
        break;
      side_limits (match, &match->sides[side],
                   opening_seed ^ (seating << 24) ^ (bg_game_get_n_played (game) * 2654435761u),
                   &limits);
      bg_marelle_endgame_prepare (game, TRUE);
      if (!bg_search_run (searches[side], game, &limits, &result)
          || !bg_game_play (game, result.move, NULL))
        break;
    }
  status = bg_game_get_status (game);
  if (status.result == BG_RESULT_WIN && status.winner >= 0)
    winner = (seating >> status.winner) & 1;
  /* The mated player is the serf (the mate holds with one opponent's pieces). */
  if (status.reason == BG_REASON_CHECKMATE && status.loser >= 0)
    *mated_side = (int) ((seating >> status.loser) & 1);
  *plies = bg_game_get_n_played (game);
  if (bg_game_is_over (game))
    *ending = status.reason;
  else
    *ending = *plies >= match->max_plies ? ENDING_LIMIT : ENDING_OTHER;
  bg_search_free (searches[0]);
  bg_search_free (searches[1]);
  return winner;
}

/* Two players: 0 when side A moves first, 1 when second. More: 0 when side A holds one
 * seat, 1 when it holds more (in TRICHESS, two of the three). */
static guint
seating_class (guint seating,
               int   n_players)
{
  guint a_seats = 0;

  for (int i = 0; i < n_players; i++)
    a_seats += !((seating >> i) & 1);

  return n_players == 2 ? (seating & 1) : a_seats > 1;
}

static void
run_task (gpointer data,
          gpointer user_data)
{
  Task *task = data;
  Match *match = task->match;
  guint plies;
  guint ending;
  int mated_side;
  int winner = play_game (match, task->opening, task->seating, &plies, &ending, &mated_side);
  int n_players = match->n_players;
  guint result = winner == 0 ? 0 : winner == 1 ? 2 : 1;

  g_mutex_lock (&match->lock);
  if (winner == 0)
    match->wins++;
  else if (winner == 1)
    match->losses++;
  else
    match->draws++;
  match->by_seats[seating_class (task->seating, n_players)][result]++;
  if (winner >= 0 && winner == mated_side)
    match->own_mates[winner]++;
  match->plies += plies;
  match->endings[ending]++;
  if (match->progress)
    {
      char seats[8] = "";

      /* The seats' sides, "ABB" when side A has the first seat. */
      for (int i = 0; i < MIN (n_players, 7); i++)
        seats[i] = (task->seating >> i) & 1 ? 'B' : 'A';
      fprintf (stderr, "%s game %u (opening %u, seats %s): %s, %s, %u plies; W %u D %u L %u\n",
               match->game_id, match->wins + match->draws + match->losses, task->opening,
               seats, winner == 0 ? "A wins" : winner == 1 ? "B wins" : "draw",
               ending_name (ending), plies,
               match->wins, match->draws, match->losses);
    }
  g_mutex_unlock (&match->lock);
  g_free (task);
}

/* The Elo difference of a score fraction. */
static double
elo (double p)
{
  p = CLAMP (p, 0.001, 0.999);
  return -400.0 * log10 (1.0 / p - 1.0);
}

/* "L6 par t2", or "d3 n50 t1" for a fixed depth and noise. */
static void
side_name (const Side *side,
           char       *name,
           gsize       size)
{
  const char *algorithm = side->algorithm == 1 ? " base" : side->algorithm == 2 ? " brs"
                          : side->algorithm == 3 ? " par" : "";

  if (side->depth > 0 && side->noise > 0)
    g_snprintf (name, size, "d%d n%d%s t%u", side->depth, side->noise, algorithm,
                side->threads);
  else if (side->depth > 0)
    g_snprintf (name, size, "d%d%s t%u", side->depth, algorithm, side->threads);
  else
    g_snprintf (name, size, "L%d%s t%u", side->level, algorithm, side->threads);
}

static void
print_match (const Match *match,
             double       seconds)
{
  guint n = match->wins + match->draws + match->losses;
  double p = n ? (match->wins + 0.5 * match->draws) / n : 0.5;
  double var = 0, se, margin;
  char sides[2][32], diff[16];

  if (n > 0)
    var = (match->wins * (1 - p) * (1 - p) + match->draws * (0.5 - p) * (0.5 - p)
           + match->losses * p * p) / n;
  se = sqrt (var / MAX (n, 1));
  margin = (elo (p + 1.96 * se) - elo (p - 1.96 * se)) / 2;
  if (n > 0 && (match->wins == n || match->losses == n))
    {
      /* No spread to measure: the bound that n straight results give at 95%. */
      double bound = elo (pow (0.05, 1.0 / n));

      /* Few games give a bound below 0 (">-19" after four wins). */
      g_snprintf (diff, sizeof diff, "%s%+.0f", match->wins == n ? ">" : "<",
                  match->wins == n ? bound : -bound);
      margin = 0;
    }
  else
    g_snprintf (diff, sizeof diff, "%+.0f", elo (p));
  for (int i = 0; i < 2; i++)
    {
      const Side *side = &match->sides[i];

      side_name (side, sides[i], sizeof sides[i]);
      if (match->move_ms == 0 && match->sides[0].nodes_per_ms != match->sides[1].nodes_per_ms)
        g_snprintf (sides[i] + strlen (sides[i]), sizeof sides[i] - strlen (sides[i]),
                    " n%" G_GUINT64_FORMAT, side->nodes_per_ms);
    }
  printf ("%-16s %-12s %-12s %5u %5u %5u %5u %6.1f%% %7s %6.0f %7.1f %7.0f\n",
          match->game_id, sides[0], sides[1], n, match->wins, match->draws, match->losses,
          100 * p, diff, margin, n ? (double) match->plies / n : 0, seconds);
  printf ("%-16s   ended by", "");
  for (guint i = 0, shown = 0; i < N_ENDINGS; i++)
    if (match->endings[i] > 0)
      printf ("%s %s %u", shown++ ? "," : "", ending_name (i), match->endings[i]);
  printf ("\n");
  /* Where the score comes from: in TRICHESS a side with one seat loses too when the other
   * side's two players mate each other. */
  printf ("%-16s   W-D-L of side A %s %u-%u-%u, %s %u-%u-%u\n", "",
          match->n_players == 2 ? "first" : "in one seat",
          match->by_seats[0][0], match->by_seats[0][1], match->by_seats[0][2],
          match->n_players == 2 ? "second" : "in two",
          match->by_seats[1][0], match->by_seats[1][1], match->by_seats[1][2]);
  if (match->own_mates[0] + match->own_mates[1] > 0)
    printf ("%-16s   won by mating a player of one's own side: A %u, B %u\n", "",
            match->own_mates[0], match->own_mates[1]);
  fflush (stdout);
}

static void
run_match (Match *match,
           guint  jobs)
{
  guint all = (1u << match->n_players) - 1;
  GThreadPool *pool = g_thread_pool_new (run_task, NULL, (gint) jobs, TRUE, NULL);
  gint64 start = g_get_monotonic_time ();

  for (guint o = 0; o < match->openings; o++)
    /* Every seating in which both sides have a seat. */
    for (guint seating = 1; seating < all; seating++)
      {
        Task *task = g_new (Task, 1);

        *task = (Task) { match, o, seating };
        g_thread_pool_push (pool, task, NULL);
      }
  g_thread_pool_free (pool, FALSE, TRUE);
  print_match (match, (g_get_monotonic_time () - start) / 1e6);
}

static int
usage (void)
{
  fprintf (stderr,
           "usage: boardgames-engine tournament GAME [--option NAME=VALUE]... [--levels A-B,...]\n"
           "         [--algorithms X,Y] [--threads X,Y] [--depths X,Y [--noises X,Y]]\n"
           "         [--games N] [--random-plies N]\n"
           "         [--nodes-per-ms N[,M] | --move-ms MS] [--max-plies N] [--jobs N] [--seed N]\n"
           "         [--progress]\n"
           "  GAME: marelle, triple-alliance or trichess; levels default to 1-2,...,5-6\n"
           "  (the first level of a pair is side A, whose wins are counted); algorithms\n"
           "  (TRICHESS) 0 the level's, 2 best-reply, 3 paranoid (1, the first paranoid\n"
           "  search, a baseline kept out of the engine: tests/bench's trichess-tournament);\n"
           "  --games is a minimum, rounded up to whole openings played with every seating;\n"
           "  --nodes-per-ms N,M gives each side its own budget (e.g. in proportion to the\n"
           "  nodes per second of its search on one thread: equal time, whatever the load);\n"
           "  --depths X,Y searches each side to a fixed depth without a limit (0: the\n"
           "  level's search), with --noises' noise on its root scores (default none);\n"
           "  --progress prints the running score after each game on standard error\n");
  return 2;
}

static gboolean
parse_pair (const char *text,
            const char *sep,
            int        *x,
            int        *y)
{
  g_auto (GStrv) parts = g_strsplit (text, sep, 2);
  gint64 a, b;

  if (g_strv_length (parts) != 2
      || !g_ascii_string_to_signed (parts[0], 10, 0, 10000, &a, NULL)
      || !g_ascii_string_to_signed (parts[1], 10, 0, 10000, &b, NULL))
    return FALSE;
  *x = (int) a;
  *y = (int) b;
  return TRUE;
}

static gboolean
parse_uint (const char *text,
            guint64     max,
            guint64    *value)
{
  return g_ascii_string_to_unsigned (text, 10, 0, max, value, NULL);
}

/* "N" (both sides) or "N,M" (side A, side B), each 1 .. 1,000,000. */
static gboolean
parse_budgets (const char *text,
               guint64     budgets[2])
{
  g_auto (GStrv) parts = g_strsplit (text, ",", 3);
  guint n = g_strv_length (parts);

  if (n < 1 || n > 2)
    return FALSE;
  for (guint i = 0; i < 2; i++)
    if (!parse_uint (parts[MIN (i, n - 1)], 1000000, &budgets[i]) || budgets[i] == 0)
      return FALSE;
  return TRUE;
}

int
engine_tournament_main (int    argc,
                        char **argv)
{
  g_autoptr (GHashTable) options = bg_options_new ();
  g_autoptr (GArray) pairs = g_array_new (FALSE, FALSE, sizeof (int) * 2);
  int algorithms[2] = { 0, 0 }, threads[2] = { 1, 1 }, depths[2] = { 0, 0 };
  int noises[2] = { 0, 0 };
  guint64 games = 100, random_plies = 0, max_plies = 0, nodes_per_ms[2] = { 100, 100 };
  guint64 move_ms = 0;
  guint64 jobs = 1, seed = 1;
  gboolean progress = FALSE;
  const char *game_id;
  const BgRules *rules;
  int per_opening;

  /* Board games only: Triomino has its own tournament (--bench-triomino). */
  if (argc < 2 || (rules = bg_rules_lookup (argv[1])) == NULL || rules->n_locations == 0)
    return usage ();
  game_id = argv[1];
  for (int i = 2; i < argc; i++)
    {
      const char *arg = argv[i], *value = i + 1 < argc ? argv[i + 1] : NULL;
      gboolean ok = value != NULL || g_str_equal (arg, "--progress");

      if (!ok)
        return usage ();
      if (g_str_equal (arg, "--option"))
        {
          g_auto (GStrv) kv = g_strsplit (value, "=", 2);

          ok = g_strv_length (kv) == 2;
          if (ok)
            g_hash_table_insert (options, g_strdup (kv[0]), g_strdup (kv[1]));
        }
      else if (g_str_equal (arg, "--levels"))
        {
          g_auto (GStrv) list = g_strsplit (value, ",", -1);

          for (guint j = 0; ok && list[j] != NULL; j++)
            {
              int pair[2];

              ok = parse_pair (list[j], "-", &pair[0], &pair[1]) && pair[0] >= BG_LEVEL_MIN
                   && pair[1] >= BG_LEVEL_MIN && pair[0] <= BG_LEVEL_MAX
                   && pair[1] <= BG_LEVEL_MAX;
              if (ok)
                g_array_append_vals (pairs, pair, 1);
            }
        }
      else if (g_str_equal (arg, "--algorithms"))
        ok = parse_pair (value, ",", &algorithms[0], &algorithms[1]);
      else if (g_str_equal (arg, "--depths"))
        ok = parse_pair (value, ",", &depths[0], &depths[1]) && depths[0] >= 0
             && depths[1] >= 0 && depths[0] < BG_SEARCH_MAX_PLY && depths[1] < BG_SEARCH_MAX_PLY;
      else if (g_str_equal (arg, "--noises"))
        ok = parse_pair (value, ",", &noises[0], &noises[1]) && noises[0] >= 0
             && noises[1] >= 0 && noises[0] <= 10000 && noises[1] <= 10000;
      else if (g_str_equal (arg, "--threads"))
        ok = parse_pair (value, ",", &threads[0], &threads[1]) && threads[0] > 0
             && threads[1] > 0 && threads[0] <= 64 && threads[1] <= 64;
      else if (g_str_equal (arg, "--games"))
        ok = parse_uint (value, 100000, &games) && games > 0;
      else if (g_str_equal (arg, "--random-plies"))
        ok = parse_uint (value, 40, &random_plies);
      else if (g_str_equal (arg, "--max-plies"))
        ok = parse_uint (value, 100000, &max_plies);
      else if (g_str_equal (arg, "--nodes-per-ms"))
        ok = parse_budgets (value, nodes_per_ms);
      else if (g_str_equal (arg, "--move-ms"))
        ok = parse_uint (value, 600000, &move_ms);
      else if (g_str_equal (arg, "--jobs"))
        ok = parse_uint (value, 64, &jobs) && jobs > 0;
      else if (g_str_equal (arg, "--seed"))
        ok = parse_uint (value, G_MAXUINT32, &seed);
      else if (g_str_equal (arg, "--progress"))
        {
          progress = TRUE;
          i--;
        }
      else
        ok = FALSE;
      if (!ok)
        return usage ();
      i++;
    }
  /* The baseline is a measuring stick outside the library: only the bench tool has it. */
  if ((algorithms[0] == 1 || algorithms[1] == 1) && !bg_trichess_has_baseline ())
    {
      fprintf (stderr, "error: algorithm 1, TRICHESS's first paranoid search (the baseline), "
               "is not in boardgames-engine: run the same tournament with the bench tool\n"
               "trichess-tournament (tests/bench/trichess-tournament.c; in a build, "
               "tests/trichess-tournament GAME [OPTIONS])\n");
      return 2;
    }
  if (pairs->len == 0)
    for (int l = BG_LEVEL_MIN; l < BG_LEVEL_MAX; l++)
      {
        int pair[2] = { l + 1, l };

        g_array_append_vals (pairs, pair, 1);
      }
  /* Two players: colours swapped; three: the six seatings of two sides. */
  per_opening = (1 << rules->max_players) - 2;
  if (random_plies == 0)
    random_plies = rules->max_players == 3 ? 3 : 2;
  if (max_plies == 0)
    max_plies = rules->max_players == 3 ? 600 : 400;

  printf ("tournament %s: %u opening(s) a pair of %u game(s) each, %" G_GUINT64_FORMAT
          " random plies, %s %" G_GUINT64_FORMAT ",%" G_GUINT64_FORMAT ", draw at %"
          G_GUINT64_FORMAT " plies\n",
          game_id, (guint) ((games + per_opening - 1) / per_opening), per_opening, random_plies,
          move_ms > 0 ? "ms a move" : "nodes a ms of the level's time",
          move_ms > 0 ? move_ms : nodes_per_ms[0], move_ms > 0 ? move_ms : nodes_per_ms[1],
          max_plies);
  printf ("%-16s %-12s %-12s %5s %5s %5s %5s %7s %7s %6s %7s %7s\n", "game", "side A",
          "side B", "games", "W(A)", "D", "L(A)", "score", "Elo", "+-95%", "plies", "seconds");
  for (guint i = 0; i < pairs->len; i++)
    {
      const int *pair = &g_array_index (pairs, int, 2 * i);
      Match match = {
        .game_id = game_id,
        .n_players = rules->max_players,
        .options = options,
        .sides = { { pair[0], depths[0], noises[0], algorithms[0], (guint) threads[0],
                     nodes_per_ms[0] },
                   { pair[1], depths[1], noises[1], algorithms[1], (guint) threads[1],
                     nodes_per_ms[1] } },
        .openings = (guint) ((games + per_opening - 1) / per_opening),
        .random_plies = (guint) random_plies,
        .max_plies = (guint) max_plies,
        .move_ms = (gint64) move_ms,
        .seed = (guint32) seed + i * 1000003u,
        .progress = progress,
      };

      g_mutex_init (&match.lock);
      run_match (&match, (guint) jobs);
      g_mutex_clear (&match.lock);
    }
  return 0;
}
