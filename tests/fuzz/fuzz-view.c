/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-view.c: libFuzzer target for the views (bg-view.h) and the position texts
 *
 * The input is read as a view and as a whole position of every game (Triomino for two to
 * six players, scored or not). A text that loads must make a consistent game: its text
 * reads back to itself and to the same position key, and its legal moves are legal.
 */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bg-view.h"

#define VIEW_CHECK(cond) \
  do { if (!(cond)) { fprintf (stderr, "check failed: %s\n", #cond); abort (); } } while (0)

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static const char *const view_configs[][2] = {
  { "marelle", "variant=triple" },
  { "marelle", "variant=standard" },
  { "triple-alliance", "first=1" },
  { "triomino", "players=2" },
  { "triomino", "players=3" },
  { "triomino", "players=4" },
  { "triomino", "players=5" },
  { "triomino", "players=6" },
  { "triomino", "scoring=none" },
  { "trichess", "board=prolapsus" },
};

/* The game loaded from text (a view, or a whole position) reads back the same. */
static void
view_check_loaded (BgGame   *game,
                   gboolean  as_view)
{
  const BgRules *rules = bg_game_get_rules (game);
  g_autofree char *text = bg_game_format_position (game);
  g_autoptr (GHashTable) options = bg_game_dup_public_options (game);
  g_autoptr (BgGame) again = NULL;
  g_autofree char *text_again = NULL;
  g_autoptr (GArray) moves = bg_game_get_legal_moves (game);

  VIEW_CHECK (text != NULL);
  if (as_view)
    again = bg_game_new_from_view (rules->id, options, text, NULL);
  else
    again = bg_game_new_from_position (rules->id, bg_game_get_options (game), text, NULL);
  VIEW_CHECK (again != NULL);
  text_again = bg_game_format_position (again);
  VIEW_CHECK (strcmp (text, text_again) == 0);
  VIEW_CHECK (bg_game_get_key (again) == bg_game_get_key (game));
  for (guint i = 0; i < moves->len; i++)
    {
      BgMove move = g_array_index (moves, BgMove, i);
      g_autofree char *notation = bg_game_format_move (game, move);
      BgMove parsed = BG_MOVE_NONE;
      BgMoveInfo info;

      VIEW_CHECK (bg_game_parse_move (game, notation, &parsed, NULL) && parsed == move);
      VIEW_CHECK (bg_game_describe_move (game, move, &info));
    }
  bg_game_get_status (game);
  g_free (bg_game_to_text (game));
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autofree char *text = NULL;

  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
  /* A view comes from the network, past the parser's own bound (4096 bytes) of Triomino. */
  if (size > 8192 || memchr (data, '\0', size) != NULL)
    return 0;
  text = g_strndup ((const char *) data, size);
  for (guint c = 0; c < G_N_ELEMENTS (view_configs); c++)
    {
      const char *words[] = { view_configs[c][1], NULL };
      g_autoptr (GHashTable) options = bg_options_parse (words, NULL);
      g_autoptr (GError) error = NULL;
      g_autoptr (BgGame) view = bg_game_new_from_view (view_configs[c][0], options, text,
                                                       &error);
      g_autoptr (BgGame) whole = NULL;

      VIEW_CHECK ((view == NULL) == (error != NULL));
      if (view != NULL)
        view_check_loaded (view, TRUE);
      g_clear_error (&error);
      whole = bg_game_new_from_position (view_configs[c][0], options, text, &error);
      VIEW_CHECK ((whole == NULL) == (error != NULL));
      if (whole != NULL)
        view_check_loaded (whole, FALSE);
    }
  return 0;
}
