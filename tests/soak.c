/* SPDX-License-Identifier: GPL-3.0-or-later */
/* soak.c: many random games of every game, checked after every move
 *
 * Usage: soak [PERCENT [SEED]]  (PERCENT scales the number of games of each kind:
 * $TRIO_TEST_PERCENT by default, else 100: about 2000 games, a minute under AddressSanitizer on
 * one core; the sanitized test setup of tests/meson.build plays a quarter).
 *
 * At every position: each legal move is played through bg_game_play (which checks it
 * again) and undone, and undo must give back the very same key and position bytes; each
 * move's notation must read back as the same move. Then a random move is played, undone,
 * redone. A game ends by the rules, by an accepted repetition draw, or at MAX_PLIES.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bg-game.h"

#define MAX_PLIES 600

typedef struct
{
  const char *id;
  const char *options[3];
  guint games;                 /* at 100 %: TRICHESS, with ~30 moves a ply, plays fewer */
} SoakConfig;

static const SoakConfig configs[] = {
  { "marelle", { "variant=triple", NULL }, 300 },
  { "marelle", { "variant=standard", NULL }, 300 },
  { "triple-alliance", { NULL }, 600 },
  { "triomino", { "players=2", NULL }, 150 },
  { "triomino", { "players=3", NULL }, 150 },
  { "triomino", { "players=4", NULL }, 150 },
  { "triomino", { "players=5", NULL }, 150 },
  { "triomino", { "players=6", NULL }, 150 },
  { "trichess", { "board=prolapsus", NULL }, 16 },
  { "trichess", { "board=hexagonal", NULL }, 16 },
  { "trichess", { "board=pax", NULL }, 16 },
};

typedef struct
{
  const SoakConfig *config;
  guint game;
  guint ply;
} Where;

typedef struct
{
  guint64 games, plies, moves_checked, capped, draws;
} Totals;

#define SOAK_CHECK(where, cond) \
  do { if (!(cond)) soak_fail (where, #cond); } while (0)

static void
soak_fail (const Where *where,
           const char  *what)
{
  fprintf (stderr, "soak: %s %s, game %u, ply %u: check failed: %s\n", where->config->id,
           where->config->options[0] ? where->config->options[0] : "",
           where->game, where->ply, what);
  abort ();
}

static void
check_same (const Where  *where,
            const BgGame *game,
            guint64       key,
            const void   *position,
            const char   *setup)
{
  const BgRules *rules = bg_game_get_rules (game);
  g_autofree char *now = bg_game_format_position (game);

  SOAK_CHECK (where, bg_game_get_key (game) == key);
  SOAK_CHECK (where, memcmp (bg_game_get_position (game), position, rules->position_size) == 0);
  SOAK_CHECK (where, g_strcmp0 (now, setup) == 0);
}

/* Every legal move: accepted by play, undone exactly, and its notation reads back. */
static guint
check_moves (const Where *where,
             BgGame      *game,
             GArray      *moves)
{
  const BgRules *rules = bg_game_get_rules (game);
  g_autofree void *position = g_memdup2 (bg_game_get_position (game), rules->position_size);
  g_autofree char *setup = bg_game_format_position (game);
  guint64 key = bg_game_get_key (game);
  guint n_played = bg_game_get_n_played (game);

  for (guint i = 0; i < moves->len; i++)
    {
      BgMove move = g_array_index (moves, BgMove, i), again = BG_MOVE_NONE;
      g_autofree char *text = bg_game_format_move (game, move);
      g_autoptr (GError) error = NULL;
      guint locations[BG_MAX_MOVE_LOCATIONS];

      if (!bg_game_parse_move (game, text, &again, &error))
        fprintf (stderr, "soak: '%s' does not read back: %s\n", text, error->message);
      SOAK_CHECK (where, again == move);
      if (rules->move_locations != NULL)
        SOAK_CHECK (where, rules->move_locations (bg_game_get_position (game), move,
                                                  locations) <= BG_MAX_MOVE_LOCATIONS);
      SOAK_CHECK (where, bg_game_play (game, move, NULL));
      SOAK_CHECK (where, bg_game_get_n_played (game) == n_played + 1);
      SOAK_CHECK (where, bg_game_undo (game));
      check_same (where, game, key, position, setup);
    }
  return moves->len;
}

/* Plays move, then checks that undo and redo go back and forth exactly. */
static void
play_checked (const Where *where,
              BgGame      *game,
              BgMove       move)
{
  const BgRules *rules = bg_game_get_rules (game);
  g_autofree void *before = g_memdup2 (bg_game_get_position (game), rules->position_size);
  g_autofree char *setup_before = bg_game_format_position (game);
  g_autofree void *after = NULL;
  g_autofree char *setup_after = NULL;
  guint64 key_before = bg_game_get_key (game), key_after;

  SOAK_CHECK (where, bg_game_play (game, move, NULL));
  after = g_memdup2 (bg_game_get_position (game), rules->position_size);
  setup_after = bg_game_format_position (game);
  key_after = bg_game_get_key (game);
  SOAK_CHECK (where, bg_game_undo (game));
  check_same (where, game, key_before, before, setup_before);
  SOAK_CHECK (where, bg_game_redo (game));
  check_same (where, game, key_after, after, setup_after);
}

static BgGame *
new_game (const SoakConfig *config,
          guint32           seed)
{
  g_autoptr (GPtrArray) words = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GHashTable) options = NULL;
  g_autoptr (GError) error = NULL;
  BgGame *game;

  for (guint i = 0; config->options[i] != NULL; i++)
    g_ptr_array_add (words, g_strdup (config->options[i]));
  if (g_str_equal (config->id, "triomino"))
    g_ptr_array_add (words, g_strdup_printf ("seed=%u", seed % G_MAXINT));
  g_ptr_array_add (words, NULL);
  options = bg_options_parse ((const char *const *) words->pdata, &error);
  game = options != NULL ? bg_game_new (config->id, options, &error) : NULL;
  if (game == NULL)
    {
      fprintf (stderr, "soak: %s: %s\n", config->id, error->message);
      exit (1);
    }
  return game;
}

static void
play_one_game (const SoakConfig *config,
               guint             index,
               GRand            *rand,
               Totals           *totals)
{
  g_autoptr (BgGame) game = new_game (config, g_rand_int (rand));
  Where where = { config, index, 0 };

  for (where.ply = 0; where.ply < MAX_PLIES; where.ply++)
    {
      g_autoptr (GArray) moves = NULL;

      if (bg_game_has_draw_offer (game))
        {
          /* Declining now and then keeps the offer's second coming in the soak. */
          if (g_rand_boolean (rand))
            {
              bg_game_accept_draw (game);
              SOAK_CHECK (&where, bg_game_is_over (game));
              totals->draws++;
              break;
            }
          bg_game_decline_draw (game);
          SOAK_CHECK (&where, !bg_game_has_draw_offer (game));
        }
      if (bg_game_is_over (game))
        break;
      moves = bg_game_get_legal_moves (game);
      SOAK_CHECK (&where, moves->len > 0);
      totals->moves_checked += check_moves (&where, game, moves);
      play_checked (&where, game, g_array_index (moves, BgMove,
                                                 g_rand_int_range (rand, 0, moves->len)));
      totals->plies++;
    }
  if (where.ply == MAX_PLIES)
    totals->capped++;
  totals->games++;
}

int
main (int   argc,
      char *argv[])
{
  const char *share = g_getenv ("TRIO_TEST_PERCENT");
  guint64 percent = 100, seed = 1;
  Totals all = { 0 };
  gint64 start = g_get_monotonic_time ();

  if ((share != NULL && !g_ascii_string_to_unsigned (share, 10, 1, 100, &percent, NULL))
      || (argc > 1 && !g_ascii_string_to_unsigned (argv[1], 10, 1, 100000, &percent, NULL))
      || (argc > 2 && !g_ascii_string_to_unsigned (argv[2], 10, 0, G_MAXUINT32, &seed, NULL))
      || argc > 3)
    {
      fprintf (stderr, "usage: %s [PERCENT [SEED]]\n", argv[0]);
      return 2;
    }
  for (guint c = 0; c < G_N_ELEMENTS (configs); c++)
    {
      g_autoptr (GRand) rand = g_rand_new_with_seed ((guint32) seed + c);
      guint n = MAX (1, (guint) (percent * configs[c].games / 100));
      Totals t = { 0 };
      gint64 t0 = g_get_monotonic_time ();

      for (guint i = 0; i < n; i++)
        play_one_game (&configs[c], i, rand, &t);
      printf ("%-16s %-16s %5" G_GUINT64_FORMAT " games %8" G_GUINT64_FORMAT " plies %9"
              G_GUINT64_FORMAT " moves checked, %" G_GUINT64_FORMAT " draws agreed, %"
              G_GUINT64_FORMAT " capped at %d plies, %.1f s\n",
              configs[c].id, configs[c].options[0] ? configs[c].options[0] : "",
              t.games, t.plies, t.moves_checked, t.draws, t.capped, MAX_PLIES,
              (g_get_monotonic_time () - t0) / 1e6);
      all.games += t.games;
      all.plies += t.plies;
      all.moves_checked += t.moves_checked;
    }
  printf ("total: %" G_GUINT64_FORMAT " games, %" G_GUINT64_FORMAT " plies played, %"
          G_GUINT64_FORMAT " legal moves checked, %.1f s\n", all.games, all.plies,
          all.moves_checked, (g_get_monotonic_time () - start) / 1e6);
  return 0;
}
