/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-notation.c: libFuzzer target for every game's move notation
 *
 * The input is read as a move in each game and variant, on the start position and on two
 * positions reached by a fixed pseudo-random sequence. A move that parses must be legal,
 * and its notation must read back as the same move.
 */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bg-game.h"

#define NOTATION_CHECK(cond) \
  do { if (!(cond)) { fprintf (stderr, "check failed: %s\n", #cond); abort (); } } while (0)

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static const char *const notation_configs[][2] = {
  { "marelle", "variant=triple" },
  { "marelle", "variant=standard" },
  { "triple-alliance", "first=1" },
  { "triomino", "players=2" },
  { "triomino", "players=4" },
  { "trichess", "board=prolapsus" },
  { "trichess", "board=hexagonal" },
  { "trichess", "board=pax" },
};

/* Plies played from the start for each fixed position. */
static const guint notation_plies[] = { 0, 9, 40 };

#define N_NOTATION_GAMES (G_N_ELEMENTS (notation_configs) * G_N_ELEMENTS (notation_plies))

static BgGame *
notation_make_game (const char *const config[2],
                    guint             plies)
{
  const char *words[] = { config[1], NULL };
  g_autoptr (GHashTable) options = bg_options_parse (words, NULL);
  BgGame *game = bg_game_new (config[0], options, NULL);
  g_autoptr (GRand) rand = g_rand_new_with_seed (20240601);

  NOTATION_CHECK (game != NULL);
  for (guint i = 0; i < plies && !bg_game_is_over (game); i++)
    {
      g_autoptr (GArray) moves = bg_game_get_legal_moves (game);
      BgMove move = g_array_index (moves, BgMove, g_rand_int_range (rand, 0, moves->len));

      NOTATION_CHECK (bg_game_play (game, move, NULL));
    }
  return game;
}

static BgGame **
notation_games (void)
{
  static BgGame *games[N_NOTATION_GAMES];

  if (games[0] == NULL)
    for (guint c = 0; c < G_N_ELEMENTS (notation_configs); c++)
      for (guint p = 0; p < G_N_ELEMENTS (notation_plies); p++)
        games[c * G_N_ELEMENTS (notation_plies) + p] =
          notation_make_game (notation_configs[c], notation_plies[p]);
  return games;
}

static void
notation_check (const BgGame *game,
                const char   *text)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *formatted = NULL;
  BgMove move = BG_MOVE_NONE, again = BG_MOVE_NONE;

  if (!bg_game_parse_move (game, text, &move, &error))
    {
      NOTATION_CHECK (error != NULL && error->message != NULL);
      return;
    }
  NOTATION_CHECK (bg_game_is_legal (game, move));
  formatted = bg_game_format_move (game, move);
  if (!bg_game_parse_move (game, formatted, &again, NULL) || again != move)
    fprintf (stderr, "'%s' reads as a move written '%s', which does not read back\n",
             text, formatted);
  NOTATION_CHECK (bg_game_parse_move (game, formatted, &again, NULL));
  NOTATION_CHECK (again == move);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  BgGame **games;
  g_autofree char *text = NULL;

  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
  /* Moves are short words; the engine tool and the save reader pass valid UTF-8 only. */
  if (size > 256 || memchr (data, '\0', size) != NULL
      || !g_utf8_validate ((const char *) data, size, NULL))
    return 0;
  text = g_strndup ((const char *) data, size);
  games = notation_games ();
  for (guint i = 0; i < N_NOTATION_GAMES; i++)
    notation_check (games[i], text);
  return 0;
}
