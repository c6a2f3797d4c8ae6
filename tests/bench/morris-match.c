/* SPDX-License-Identifier: GPL-3.0-or-later */
/* morris-match.c: matches between two morris players, and their depth and branching factor
 *
 *   morris-match [OPTIONS] A B
 *   morris-match --depth-report [OPTIONS] ENGINE...
 *
 * An engine is Ln (the library's level n, 1..6: bg_search_limits_for_level() with its time
 * replaced by the match's limit) or base (tests/bench/baseline-search.c, level 6 of commit
 * 77a6e41). A match plays --games games from --games / 2 openings of 2 to 4 random
 * placements drawn from --seed, each opening twice with the colours swapped, one thread an
 * engine, every move played through BgGame (so checked legal). A game ends by the rules (a
 * player blocked or down to two pieces), by the repetition draw (at the fifth occurrence of
 * a position each engine answers the offer from its last search's score: it accepts when
 * not ahead, as docs/rules.md has the computer do; the draw needs both), or at --max-plies
 * plies, a draw. Prints a line per game and W/D/L of A, its score, the Elo difference with
 * a 95% margin from the variance of the pairs' scores (each opening's two games are one
 * sample of 0, 0.5, ..., 2 points: the pentanomial method), and how the games ended.
 *
 * The depth report searches the start position and a 9-v-9 position of the moving phase
 * for --ms (default 1000) and prints the depth reached, then searches each depth again from
 * an empty table to give the nodes of each iteration and the effective branching factor
 * nodes(d) / nodes(d - 1).
 */

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "baseline-search.h"
#include "bg-game.h"
#include "marelle/bg-marelle-endgame.h"
#include "bg-search.h"

/* 9-v-9 positions of the moving phase, White to move, no mill for either side, drawn from a
 * seed among those that today's level 6 found about equal at 10 plies (+6 and -26): one
 * for each rule set, since a position even in one is not in the other. */
#define NINE_V_NINE_STANDARD \
  "p1=g1,b2,f2,d3,e3,a4,c5,f6,g7 p2=a1,d2,c3,b4,c4,f4,g4,b6,d7 hand=0,0 turn=1"
#define NINE_V_NINE_TRIPLE \
  "p1=g1,b2,d2,c3,a4,f4,g4,d6,a7 p2=a1,d1,f2,c4,e5,b6,f6,d7,g7 hand=0,0 turn=1"

typedef struct
{
  char name[16];
  int level;                   /* 0: the baseline */
  guint features_off;
} Engine;

typedef struct
{
  Engine engines[2];
  const char *variant;
  guint64 ms, nodes, depth;
  guint max_plies;
  guint32 seed;
  gboolean quiet;
  gboolean adjudicate;         /* a game the tables cover ends with their value */

  GMutex lock;
  guint played;
  guint wdl[3];                /* of A */
  guint endings[5];            /* blocked, two pieces, repetition draw, move cap, table */
  guint plies;
  double *pair_points;         /* A's points in each opening's two games */
  guint *pair_games;
} Match;

enum
{
  END_BLOCKED,
  END_TWO_PIECES,
  END_REPETITION,
  END_CAP,
  END_TABLE,
};

static const char *const end_names[] = { "blocked", "two pieces", "repetition draw",
                                         "move cap", "table" };

/* One engine's state within a game. */
typedef struct
{
  const Engine *engine;
  BgSearch *search;
  BaselineSearch *baseline;
  int last_score;              /* of its last search, from its point of view */
  gboolean searched;
} Player;

static gboolean
parse_engine (const char *text,
              Engine     *engine)
{
  memset (engine, 0, sizeof *engine);
  g_strlcpy (engine->name, text, sizeof engine->name);
  if (g_str_equal (text, "base"))
    return TRUE;
  if (text[0] == 'L' && text[1] >= '1' && text[1] <= '0' + BG_LEVEL_MAX && text[2] == '\0')
    {
      engine->level = text[1] - '0';
      return TRUE;
    }
  return FALSE;
}

static void
match_limits (const Match    *match,
              const Engine   *engine,
              guint32         seed,
              BgSearchLimits *limits)
{
  bg_search_limits_for_level (engine->level > 0 ? engine->level : BG_LEVEL_MAX, limits);
  if (match->depth > 0)
    {
      limits->max_depth = (guint) match->depth;
      limits->time_limit_ms = 0;
    }
  else if (match->nodes > 0)
    {
      limits->node_limit = match->nodes;
      limits->time_limit_ms = 0;
    }
  else
    limits->time_limit_ms = (gint64) match->ms;
  limits->threads = 1;
  limits->seed = seed;
  limits->features_off = engine->features_off;
}

static gboolean
player_search (Player               *player,
               const BgGame         *game,
               const BgSearchLimits *limits,
               BgSearchResult       *result)
{
  gboolean ok = player->baseline != NULL
                ? baseline_search_run (player->baseline, game, limits, result)
                : bg_search_run (player->search, game, limits, result);

  player->last_score = result->score;
  player->searched = TRUE;
  return ok;
}

static BgGame *
new_game (const char *variant,
          const char *setup)
{
  g_autoptr (GHashTable) options = bg_options_new ();
  g_autoptr (GError) error = NULL;
  BgGame *game;

  g_hash_table_insert (options, g_strdup ("variant"), g_strdup (variant));
  game = setup != NULL ? bg_game_new_from_position ("marelle", options, setup, &error)
                       : bg_game_new ("marelle", options, &error);
  if (game == NULL)
    g_error ("morris-match: %s", error->message);
  return game;
}

/* The opening of number n: 2 to 4 random placements, the same for both of its games. */
static void
play_opening (BgGame  *game,
              guint32  seed,
              guint    n)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed * 7919u + n * 104729u + 1);
  guint plies = (guint) g_rand_int_range (rand, 2, 5);

  for (guint i = 0; i < plies; i++)
    {
      g_autoptr (GArray) moves = bg_game_get_legal_moves (game);
      BgMove m = g_array_index (moves, BgMove, g_rand_int_range (rand, 0, (gint32) moves->len));

      if (!bg_game_play (game, m, NULL))
        g_error ("morris-match: the opening's move was refused");
    }
}

/* Whether the tables cover the game's position: then *points is A's points x 2 by their
 * value (perfect play from there on both sides). */
static gboolean
adjudicate (const BgGame *game,
            int           a_seat,
            int          *points)
{
  BgTaValue value = bg_marelle_endgame_probe (game);
  gboolean a_to_move = bg_game_get_player_to_move (game) == a_seat;

  if (value.outcome == BG_TA_OUTCOME_UNKNOWN)
    return FALSE;
  if (value.outcome == BG_TA_OUTCOME_DRAW)
    *points = 1;
  else
    *points = (value.outcome == BG_TA_OUTCOME_WIN) == a_to_move ? 2 : 0;
  return TRUE;
}

/* Plays game g (opening g / 2, A first when g is even); returns A's points x 2. */
static int
play_game (Match *match,
           guint  g,
           guint *ending,
           guint *plies)
{
  g_autoptr (BgGame) game = new_game (match->variant, NULL);
  Player players[2];         /* by side: 0 is A */
  int a_seat = (int) (g & 1), points = 1;
  BgStatus status;

  for (int s = 0; s < 2; s++)
    {
      players[s] = (Player) { &match->engines[s], NULL, NULL, 0, FALSE };
      if (match->engines[s].level == 0)
        players[s].baseline = baseline_search_new ();
      else
        players[s].search = bg_search_new ();
    }
  play_opening (game, match->seed, g / 2);
  *ending = END_CAP;
  while (!bg_game_is_over (game) && bg_game_get_n_played (game) < match->max_plies)
    {
      int seat = bg_game_get_player_to_move (game);
      Player *player = &players[seat == a_seat ? 0 : 1];
      BgSearchLimits limits;
      BgSearchResult result;
      g_autoptr (GError) error = NULL;

      if (match->adjudicate && adjudicate (game, a_seat, &points))
        {
          *ending = END_TABLE;
          break;
        }
      if (bg_game_has_draw_offer (game))
        {
          gboolean accept = TRUE;

          for (int s = 0; s < 2; s++)
            accept &= !players[s].searched || players[s].last_score <= 0;
          if (accept)
            {
              *ending = END_REPETITION;
              break;
            }
          bg_game_decline_draw (game);
        }
      match_limits (match, player->engine,
                    match->seed ^ (g * 2654435761u) ^ bg_game_get_n_played (game), &limits);
      if (!player_search (player, game, &limits, &result))
        g_error ("morris-match: no move in a game not over");
      if (!bg_game_play (game, result.move, &error))
        g_error ("morris-match: %s played an illegal move: %s", player->engine->name,
                 error->message);
    }
  status = bg_game_get_status (game);
  if (*ending != END_TABLE && status.result == BG_RESULT_WIN)
    {
      points = status.winner == a_seat ? 2 : 0;
      *ending = status.reason == BG_REASON_TWO_PIECES ? END_TWO_PIECES : END_BLOCKED;
    }
  *plies = bg_game_get_n_played (game);
  for (int s = 0; s < 2; s++)
    {
      bg_search_free (players[s].search);
      baseline_search_free (players[s].baseline);
    }
  return points;
}

static void
run_game (gpointer data,
          gpointer user_data)
{
  Match *match = user_data;
  guint g = GPOINTER_TO_UINT (data) - 1, ending, plies;
  int points = play_game (match, g, &ending, &plies);

  g_mutex_lock (&match->lock);
  match->played++;
  match->wdl[points == 2 ? 0 : points == 1 ? 1 : 2]++;
  match->endings[ending]++;
  match->plies += plies;
  match->pair_points[g / 2] += points / 2.0;
  match->pair_games[g / 2]++;
  if (!match->quiet)
    printf ("game %4u opening %4u %s white: %-4s %-15s %4u plies   W %u D %u L %u\n",
            match->played, g / 2, (g & 1) ? "B" : "A",
            points == 2 ? "A" : points == 0 ? "B" : "draw",
            end_names[ending], plies, match->wdl[0], match->wdl[1], match->wdl[2]);
  fflush (stdout);
  g_mutex_unlock (&match->lock);
}

static double
elo (double p)
{
  p = CLAMP (p, 0.001, 0.999);
  /* 0, not -0, at an even score. */
  return fabs (p - 0.5) < 1e-9 ? 0.0 : -400.0 * log10 (1.0 / p - 1.0);
}

static void
print_summary (const Match *match,
               guint        n_pairs,
               double       seconds)
{
  guint n = match->played, pairs = 0;
  double p = n ? (match->wdl[0] + 0.5 * match->wdl[1]) / n : 0.5, mean = 0, var = 0, se;

  /* The pentanomial variance: each complete pair is one sample of its mean score. */
  for (guint i = 0; i < n_pairs; i++)
    if (match->pair_games[i] == 2)
      {
        pairs++;
        mean += match->pair_points[i] / 2;
      }
  mean = pairs ? mean / pairs : 0.5;
  for (guint i = 0; i < n_pairs; i++)
    if (match->pair_games[i] == 2)
      var += (match->pair_points[i] / 2 - mean) * (match->pair_points[i] / 2 - mean);
  var = pairs > 1 ? var / (pairs - 1) : 0.25;
  se = sqrt (var / MAX (pairs, 1));
  printf ("\n%s against %s, variant=%s, seed %u, ", match->engines[0].name,
          match->engines[1].name, match->variant, match->seed);
  if (match->depth > 0)
    printf ("depth %" G_GUINT64_FORMAT, match->depth);
  else if (match->nodes > 0)
    printf ("%" G_GUINT64_FORMAT " nodes", match->nodes);
  else
    printf ("%" G_GUINT64_FORMAT " ms", match->ms);
  printf (" a move, cap %u plies\n", match->max_plies);
  printf ("games %u  W %u  D %u  L %u  score %.1f%%  Elo %+.0f +- %.0f (95%%, %u pairs)\n", n,
          match->wdl[0], match->wdl[1], match->wdl[2], 100 * p, elo (p) + 0.0,
          (elo (p + 1.96 * se) - elo (p - 1.96 * se)) / 2, pairs);
  printf ("ended by: blocked %u, two pieces %u, repetition draw %u, move cap %u, "
          "table %u; %.0f plies a game, %.0f s\n", match->endings[END_BLOCKED],
          match->endings[END_TWO_PIECES], match->endings[END_REPETITION],
          match->endings[END_CAP], match->endings[END_TABLE],
          n ? (double) match->plies / n : 0, seconds);
}

/* The library's levels probe the endgame tables as in the app and the engine tool (which
 * install them once both hands are nearly empty; here from the start, which changes nothing
 * before then); TRIO_ENDGAME_TABLES=0 measures the search alone. The baseline never probes. */
static gboolean
install_tables (const char *variant)
{
  g_autoptr (GError) error = NULL;
  guint v = g_str_equal (variant, "standard") ? BG_MARELLE_VARIANT_STANDARD
                                              : BG_MARELLE_VARIANT_TRIPLE;

  if (g_strcmp0 (g_getenv ("TRIO_ENDGAME_TABLES"), "0") == 0)
    {
      printf ("endgame tables: none\n");
      return FALSE;
    }
  if (bg_marelle_endgame_ensure (v, NULL, 0, &error) == NULL)
    g_error ("morris-match: %s", error->message);
  printf ("endgame tables: installed\n");
  return TRUE;
}

static void
run_match (Match *match,
           guint  games,
           guint  jobs)
{
  guint n_pairs = (games + 1) / 2;
  GThreadPool *pool = g_thread_pool_new (run_game, match, (gint) jobs, TRUE, NULL);
  gint64 start = g_get_monotonic_time ();

  match->pair_points = g_new0 (double, n_pairs);
  match->pair_games = g_new0 (guint, n_pairs);
  for (guint g = 0; g < 2 * n_pairs; g++)
    g_thread_pool_push (pool, GUINT_TO_POINTER (g + 1), NULL);
  g_thread_pool_free (pool, FALSE, TRUE);
  print_summary (match, n_pairs, (g_get_monotonic_time () - start) / 1e6);
  g_free (match->pair_points);
  g_free (match->pair_games);
}

/* Depth report */

static void
depth_search (const Engine   *engine,
              const BgGame   *game,
              gint64          ms,
              guint           depth,
              BgSearchResult *result)
{
  BgSearchLimits limits;

  bg_search_limits_for_level (engine->level > 0 ? engine->level : BG_LEVEL_MAX, &limits);
  limits.time_limit_ms = ms;
  limits.max_depth = depth > 0 ? depth : limits.max_depth;
  limits.threads = 1;
  limits.seed = 1;
  limits.features_off = engine->features_off;
  if (engine->level == 0)
    {
      g_autoptr (BaselineSearch) bs = baseline_search_new ();

      baseline_search_run (bs, game, &limits, result);
    }
  else
    {
      g_autoptr (BgSearch) search = bg_search_new ();

      bg_search_run (search, game, &limits, result);
    }
}

static void
depth_report (const Engine *engine,
              const char   *variant,
              gint64        ms)
{
  const char *setups[] = {
    NULL, g_str_equal (variant, "standard") ? NINE_V_NINE_STANDARD : NINE_V_NINE_TRIPLE
  };
  const char *labels[] = { "start", "9v9" };

  for (int s = 0; s < 2; s++)
    {
      g_autoptr (BgGame) game = new_game (variant, setups[s]);
      BgSearchResult result;
      guint64 prev = 0;
      guint reached;

      depth_search (engine, game, ms, 0, &result);
      reached = result.depth;
      printf ("%-6s %-8s %-5s depth %2u in %" G_GINT64_FORMAT " ms: %" G_GUINT64_FORMAT
              " nodes, %.2f M/s, score %d\n", engine->name, variant, labels[s], reached,
              ms, result.nodes, result.nodes / (double) MAX (result.time_us, 1), result.score);
      printf ("       depth  nodes          ms       EBF\n");
      for (guint d = 1; d <= reached; d++)
        {
          BgSearchResult r;

          depth_search (engine, game, 0, d, &r);
          printf ("       %5u  %-12" G_GUINT64_FORMAT " %7.1f  %6.2f\n", d, r.nodes,
                  r.time_us / 1000.0, prev ? (double) r.nodes / prev : 0.0);
          prev = r.nodes;
        }
      fflush (stdout);
    }
}

int
main (int    argc,
      char **argv)
{
  g_autoptr (GOptionContext) context = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *variant = NULL;
  gint64 ms = 0, nodes = 0, depth = 0, seed = 0, games = 100, jobs = 1, max_plies = 600;
  gint64 off[2] = { 0, 0 };
  gboolean report = FALSE, quiet = FALSE, adjudicate_opt = FALSE;
  GOptionEntry entries[] = {
    { "variant", 'v', 0, G_OPTION_ARG_STRING, &variant, "standard or triple", "V" },
    { "games", 'g', 0, G_OPTION_ARG_INT64, &games, "games (two an opening; 100)", "N" },
    { "seed", 's', 0, G_OPTION_ARG_INT64, &seed, "the openings' seed (default: the clock)",
      "N" },
    { "ms", 0, 0, G_OPTION_ARG_INT64, &ms, "time a move (ms)", "MS" },
    { "nodes", 0, 0, G_OPTION_ARG_INT64, &nodes, "nodes a move", "N" },
    { "depth", 0, 0, G_OPTION_ARG_INT64, &depth, "depth a move", "D" },
    { "jobs", 'j', 0, G_OPTION_ARG_INT64, &jobs, "games at once (1 or 2)", "N" },
    { "max-plies", 0, 0, G_OPTION_ARG_INT64, &max_plies, "a draw after this many plies (600)",
      "N" },
    { "off-a", 0, 0, G_OPTION_ARG_INT64, &off[0], "BgSearchFeature bits off for A", "BITS" },
    { "off-b", 0, 0, G_OPTION_ARG_INT64, &off[1], "BgSearchFeature bits off for B", "BITS" },
    { "quiet", 'q', 0, G_OPTION_ARG_NONE, &quiet, "no line per game", NULL },
    { "adjudicate", 0, 0, G_OPTION_ARG_NONE, &adjudicate_opt,
      "end a game the endgame tables cover with their value", NULL },
    { "depth-report", 0, 0, G_OPTION_ARG_NONE, &report,
      "depth at --ms (1000) from the start and 9v9, and the branching factor", NULL },
    { NULL, 0, 0, 0, NULL, NULL, NULL },
  };
  Match match = { 0 };

  context = g_option_context_new ("A B | --depth-report ENGINE...");
  g_option_context_set_summary (context, "Engines: L1..L6 (the library's levels) or base "
                                "(level 6 of commit 77a6e41).");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "morris-match: %s\n", error->message);
      return 2;
    }
  if (variant == NULL)
    variant = g_strdup ("standard");
  if (!g_str_equal (variant, "standard") && !g_str_equal (variant, "triple"))
    {
      fprintf (stderr, "morris-match: --variant is standard or triple\n");
      return 2;
    }
  if (report)
    {
      if (argc < 2)
        {
          fprintf (stderr, "morris-match: --depth-report ENGINE...\n");
          return 2;
        }
      for (int i = 1; i < argc; i++)
        {
          Engine engine;

          if (!parse_engine (argv[i], &engine))
            {
              fprintf (stderr, "morris-match: unknown engine '%s'\n", argv[i]);
              return 2;
            }
          engine.features_off = (guint) off[0];
          depth_report (&engine, variant, ms > 0 ? ms : 1000);
        }
      return 0;
    }
  if (argc != 3 || !parse_engine (argv[1], &match.engines[0])
      || !parse_engine (argv[2], &match.engines[1]) || games < 1 || jobs < 1 || jobs > 2
      || max_plies < 10 || (ms <= 0 && nodes <= 0 && depth <= 0)
      || depth >= BG_SEARCH_MAX_PLY)
    {
      fprintf (stderr, "morris-match: give two engines (L1..L6 or base), one of --ms, "
               "--nodes or --depth (< %d), --games >= 1, -j 1 or 2\n", BG_SEARCH_MAX_PLY);
      return 2;
    }
  for (int i = 0; i < 2; i++)
    {
      match.engines[i].features_off = (guint) off[i];
      if (off[i] != 0)
        g_snprintf (match.engines[i].name + strlen (match.engines[i].name),
                    sizeof match.engines[i].name - strlen (match.engines[i].name),
                    "-off%u", (guint) off[i]);
    }
  match.variant = variant;
  match.ms = (guint64) MAX (ms, 0);
  match.nodes = (guint64) MAX (nodes, 0);
  match.depth = (guint64) MAX (depth, 0);
  match.max_plies = (guint) max_plies;
  match.seed = seed != 0 ? (guint32) seed : (guint32) (g_get_real_time () % 1000000);
  match.quiet = quiet;
  match.adjudicate = adjudicate_opt;
  /* Adjudicating reads the installed tables, which the levels would then probe too. */
  if (!install_tables (variant) && adjudicate_opt)
    {
      fprintf (stderr, "morris-match: --adjudicate needs the endgame tables, which "
               "TRIO_ENDGAME_TABLES=0 leaves out\n");
      return 2;
    }
  g_mutex_init (&match.lock);
  printf ("seed %u\n", match.seed);
  run_match (&match, (guint) games, (guint) jobs);
  g_mutex_clear (&match.lock);
  return 0;
}
