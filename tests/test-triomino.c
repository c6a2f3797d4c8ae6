/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-triomino.c: tests of the Triomino rule set and its computer players
 *
 * Scoring and legality are checked on constructed boards (bg_triomino_setup), and the
 * whole thing by seeded games played by the computer players, whose results are pinned.
 * The turn rules (draws, passes, round ends, the target) and the children's game are in
 * test-triomino-rounds.c, the helpers in test-triomino-util.c.
 */

#include <string.h>

#include "triomino/bg-triomino-setup.h"
#include "test-triomino-util.h"
#include "test-util.h"

/* Tiles and set-up */

START_TEST (test_tiles)
{
  int triples = 0, values[3];

  for (int t = 0; t < BG_TRIOMINO_N_TILES; t++)
    {
      bg_triomino_tile_values (t, values);
      ck_assert (values[0] <= values[1] && values[1] <= values[2]);
      ck_assert_int_eq (bg_triomino_tile_from_values (values[2], values[0], values[1]), t);
      triples += values[0] == values[2];
    }
  ck_assert_int_eq (triples, 6);
  ck_assert_int_eq (bg_triomino_tile_from_values (0, 0, 0), 0);
  ck_assert_int_eq (bg_triomino_tile_from_values (5, 5, 5), 55);
  ck_assert_int_eq (bg_triomino_tile_from_values (6, 0, 0), -1);
  ck_assert (bg_triomino_triangle_is_up (0, 0));
  ck_assert (!bg_triomino_triangle_is_up (0, 1));
  ck_assert (!bg_triomino_triangle_is_up (1, 0));
}
END_TEST

START_TEST (test_geometry)
{
  int y, x;

  /* Up 0,0: top, bottom right, bottom left. */
  bg_triomino_corner_vertex (0, 0, 0, &y, &x);
  ck_assert (y == 0 && x == 1);
  bg_triomino_corner_vertex (0, 0, 1, &y, &x);
  ck_assert (y == 1 && x == 2);
  bg_triomino_corner_vertex (0, 0, 2, &y, &x);
  ck_assert (y == 1 && x == 0);
  /* Down 1,0: bottom, top left, top right. */
  bg_triomino_corner_vertex (1, 0, 0, &y, &x);
  ck_assert (y == 2 && x == 1);
  bg_triomino_corner_vertex (1, 0, 1, &y, &x);
  ck_assert (y == 1 && x == 0);
  bg_triomino_corner_vertex (1, 0, 2, &y, &x);
  ck_assert (y == 1 && x == 2);
}
END_TEST

/* Where a corner of the triangle row,col lies, in words: "top", "bottom right"... from the
 * grid vertices (y grows downwards, x to the right), whatever the corner numbering. */
static const char *
corner_place (int row,
              int col,
              int corner)
{
  static const char *const places[3][3] = {
    { "top left", "top", "top right" }, { "?", "?", "?" },
    { "bottom left", "bottom", "bottom right" },
  };
  int y[3], x[3], ymin = G_MAXINT, xmin = G_MAXINT, xmax = G_MININT, alone = 0;
  int vertical, horizontal;

  for (int i = 0; i < 3; i++)
    {
      bg_triomino_corner_vertex (row, col, i, &y[i], &x[i]);
      ymin = MIN (ymin, y[i]);
      xmin = MIN (xmin, x[i]);
      xmax = MAX (xmax, x[i]);
    }
  for (int i = 0; i < 3; i++)
    alone += y[i] == y[corner];
  vertical = y[corner] == ymin ? 0 : 2;
  /* The apex is alone on its row, centred. */
  horizontal = alone == 1 ? 1 : x[corner] == xmin ? 0 : x[corner] == xmax ? 2 : -1;
  ck_assert_int_ge (horizontal, 0);
  return places[vertical][horizontal];
}

/* A documented example of the notation: the placement lays tile on an up or down
 * triangle row,col with the values at the places named (top, bottom right...). */
static void
check_notation_example (const char *text,
                        const char *tile,
                        int         row,
                        int         col,
                        gboolean    up,
                        const char *const places[3])
{
  g_autofree void *pos = tt_setup (2, text, NULL, 0);
  BgTriominoPlaced placed[BG_TRIOMINO_N_TILES];
  int v[3];
  char back[64];

  R->format_move (pos, tt_parse (pos, text), back, sizeof back);
  ck_assert_str_eq (back, text);
  ck_assert_uint_eq (bg_triomino_get_placed (pos, placed), 1);
  ck_assert_int_eq (placed[0].row, row);
  ck_assert_int_eq (placed[0].col, col);
  bg_triomino_tile_values (placed[0].tile, v);
  {
    g_autofree char *name = g_strdup_printf ("%d-%d-%d", v[0], v[1], v[2]);

    ck_assert_str_eq (name, tile);
  }
  ck_assert_int_eq (bg_triomino_triangle_is_up (row, col), up);
  /* Values 3, 1 and 2 of the examples, in the order of the documentation. */
  for (int i = 0; i < 3; i++)
    ck_assert_msg (g_str_equal (corner_place (row, col, i), places[i]),
                   "%s: value %d is at the %s, not the %s", text, placed[0].values[i],
                   corner_place (row, col, i), places[i]);
}

/* The examples of docs/engine-protocol.md, bg-triomino.h and the rules pages: "3-1-2@1,-1 lays tile
 * 1-2-3 on the upward triangle 1,-1 with 3 at the top, 1 at the bottom right and 2 at the
 * bottom left", "3-1-2@0,1 lays it on the downward triangle 0,1 with 3 at the bottom, 1
 * at the top left and 2 at the top right". */
START_TEST (test_notation_examples)
{
  static const char *const up[] = { "top", "bottom right", "bottom left" };
  static const char *const down[] = { "bottom", "top left", "top right" };

  check_notation_example ("3-1-2@1,-1", "1-2-3", 1, -1, TRUE, up);
  check_notation_example ("3-1-2@0,1", "1-2-3", 0, 1, FALSE, down);
}
END_TEST

START_TEST (test_hand_sizes)
{
  static const int sizes[] = { 0, 0, 9, 7, 7, 6, 6 };

  for (int players = 2; players <= 6; players++)
    {
      g_autofree void *pos = tt_new_position (players, NULL);
      int tiles[BG_TRIOMINO_N_TILES];

      ck_assert_int_eq (R->n_players (pos), players);
      for (int p = 0; p < players; p++)
        ck_assert_int_eq (bg_triomino_get_hand (pos, p, tiles), sizes[players]);
      ck_assert_int_eq (bg_triomino_get_pile_count (pos), 56 - players * sizes[players]);
      ck_assert_int_eq (bg_triomino_get_round (pos), 1);
    }
}
END_TEST

/* Openings */

static void
check_opening (const char *opening,
               const char *hand0,
               const char *hand1,
               int         mover,
               const char *legal,
               int         total)
{
  const char *hands[] = { hand0, hand1, NULL };
  g_autoptr (GError) error = NULL;
  g_autofree void *pos = tt_new_position (2, opening);
  g_autofree char *moves = NULL;
  g_auto (GStrv) first = NULL;

  ck_assert (bg_triomino_setup (pos, "", hands, 1 - mover, &error));
  ck_assert_int_eq (R->player_to_move (pos), mover);
  moves = tt_legal_text (pos);
  ck_assert_str_eq (moves, legal);
  first = g_strsplit (moves, " ", 2);
  R->play (pos, tt_parse (pos, first[0]));
  ck_assert_int_eq (bg_triomino_get_last_score (pos)->total, total);
  ck_assert (bg_triomino_get_last_score (pos)->opening);
  ck_assert_int_eq (bg_triomino_get_score (pos, mover), total);
}

START_TEST (test_opening_american)
{
  check_opening ("american", "5-5-5 1-2-3", "4-4-4 0-1-2", 0, "5-5-5@0,0", 25);
  check_opening ("american", "1-2-3 3-3-3", "4-4-4 0-1-2", 1, "4-4-4@0,0", 22);
  check_opening ("american", "1-2-3 4-5-5", "0-0-0 0-1-2", 1, "0-0-0@0,0", 40);
}
END_TEST

START_TEST (test_opening_european)
{
  check_opening ("european", "5-5-5 1-2-3", "4-4-4 0-1-2", 0, "5-5-5@0,0", 15);
  check_opening ("european", "1-2-3 4-5-5", "0-0-0 0-1-2", 1, "0-0-0@0,0", 0);
}
END_TEST

START_TEST (test_opening_no_triple)
{
  /* 4-4-5 and 3-5-5 both sum 13: the higher lowest value opens, without bonus. */
  check_opening ("american", "1-2-3 3-5-5", "4-4-5 0-1-2", 1,
                 "4-4-5@0,0 4-5-4@0,0 5-4-4@0,0", 13);
  check_opening ("american", "4-5-5 0-1-2", "3-5-5 1-1-1", 1, "1-1-1@0,0", 13);
}
END_TEST

/* Scoring */

START_TEST (test_opening_error_names_opener)
{
  /* Seed 5, three players: player 3 holds 5-5-5, which must open; the error names it. */
  g_autoptr (GHashTable) options = tu_options ("players", "3", "seed", "5", NULL);
  g_autoptr (BgGame) game = bg_game_new ("triomino", options, NULL);
  g_autoptr (GError) error = NULL;

  ck_assert_ptr_nonnull (game);
  ck_assert (!bg_game_play_text (game, "0-2-2@0,0", &error));
  ck_assert (g_error_matches (error, BG_ERROR, BG_ERROR_ILLEGAL_MOVE));
  ck_assert_ptr_nonnull (strstr (error->message, "opens with 5-5-5, the highest triple"));
}
END_TEST

START_TEST (test_plain_sum)
{
  const char *hands[] = { "1-2-2 0-0-4", "5-5-5", NULL };
  g_autofree void *pos = tt_setup (2, "1-2-3@0,0", hands, 0);

  tt_check_placement (pos, "2-1-2@0,1", 5, 0, FALSE, FALSE);
  ck_assert_int_eq (R->player_to_move (pos), 1);
}
END_TEST

START_TEST (test_bridge)
{
  /* 2-3-3 under 1-2-3 shares its top side; its bottom corner touches 3-3-3 at 2,0 across
   * the empty 1,-1 and 1,1. */
  const char *hands[] = { "2-3-3 0-0-4", "5-5-5", NULL };
  g_autofree void *pos = tt_setup (2, "1-2-3@0,0 3-3-3@2,0", hands, 0);

  tt_check_placement (pos, "3-3-2@1,0", 8 + 40, 0, TRUE, FALSE);
}
END_TEST

START_TEST (test_two_sides)
{
  const char *hands[] = { "1-2-2 0-0-4", "5-5-5", NULL };
  g_autofree void *pos = tt_setup (2, "1-2-3@0,0 2-2-2@0,2", hands, 0);

  tt_check_placement (pos, "2-1-2@0,1", 5 + 40, 0, FALSE, TRUE);
}
END_TEST

START_TEST (test_one_hexagon)
{
  const char *hands[] = { "1-2-2 0-0-4", "5-5-5", NULL };
  g_autofree void *pos = tt_setup (2, "3-2-3@0,0 2-3-4@0,1 4-5-2@0,2 2-3-2@1,0 1-2-5@1,2",
                                hands, 0);

  tt_check_placement (pos, "2-1-2@1,1", 5 + 50, 1, FALSE, TRUE);
}
END_TEST

START_TEST (test_two_hexagons)
{
  const char *hands[] = { "0-1-5 0-0-4", "2-2-2", NULL };
  g_autofree void *pos = tt_setup (2, "1-1-0@-1,-1 1-1-1@-1,0 1-3-1@-1,1 0-0-1@0,-1 5-1-3@0,1 "
                                "3-4-5@0,2 5-0-5@1,0 5-5-5@1,1 5-5-4@1,2", hands, 0);

  tt_check_placement (pos, "1-5-0@0,0", 6 + 60, 2, FALSE, TRUE);
}
END_TEST

START_TEST (test_three_hexagons)
{
  const char *hands[] = { "0-2-3 1-1-4", "5-5-5", NULL };
  g_autofree void *pos = tt_setup (2, "4-0-0@-1,-1 0-4-5@-1,0 5-0-0@-1,1 0-3-5@0,-2 3-0-0@0,-1 "
                                "2-0-0@0,1 0-1-2@0,2 3-5-3@1,-2 3-2-3@1,-1 2-3-2@1,0 "
                                "2-2-2@1,1 2-2-1@1,2", hands, 0);

  tt_check_placement (pos, "0-2-3@0,0", 5 + 70, 3, FALSE, TRUE);
}
END_TEST

/* Illegal placements */

START_TEST (test_illegal_placements)
{
  const char *hands[] = { "2-2-3 2-3-4 1-1-1 5-5-5 1-2-2", "0-0-0", NULL };
  g_autofree void *pos = tt_setup (2, "1-2-3@0,0 3-3-3@2,0", hands, 0);

  /* The sides match 1-2-3 but the bottom corner touches 3-3-3 across a vertex only. */
  tt_check_illegal (pos, "2-3-2@1,0", "corner 0 carries 2 but touches a 3");
  /* 4-3-2 would be 2-3-4 turned over. */
  tt_check_illegal (pos, "4-3-2@1,0", "mirror image of tile 2-3-4");
  tt_check_illegal (pos, "1-1-1@5,0", "does not share a side");
  tt_check_illegal (pos, "5-5-5@0,0", "already occupied");
  tt_check_illegal (pos, "0-0-0@1,0", "not in your hand");
  tt_check_illegal (pos, "5-5-5@0,1", "side values do not match");
  tt_check_illegal (pos, "draw", "you can place a tile");
  tt_check_illegal (pos, "pass", "you can place a tile");
}
END_TEST

START_TEST (test_illegal_through_game)
{
  g_autoptr (GHashTable) opts = tu_options ("players", "3", NULL);
  g_autoptr (BgGame) game = NULL;
  g_autoptr (GError) error = NULL;
  guint64 key;
  BgMove move;

  game = bg_game_new ("triomino", opts, &error);
  ck_assert (game != NULL);
  key = bg_game_get_key (game);
  /* The round opens with the highest triple or tile, on 0,0 only. */
  ck_assert (!bg_game_play_text (game, "1-2-3@0,0", &error));
  ck_assert (error->code == BG_ERROR_ILLEGAL_MOVE);
  ck_assert (bg_game_parse_move (game, "pass", &move, NULL) == FALSE);
  ck_assert (R->parse_move (bg_game_get_position (game), "pass", &move, NULL));
  g_clear_error (&error);
  ck_assert (!bg_triomino_explain_illegal (bg_game_get_position (game), move, &error));
  ck_assert (strstr (error->message, "you can place a tile") != NULL);
  ck_assert (bg_game_get_key (game) == key);
  ck_assert_uint_eq (bg_game_get_n_played (game), 0);
}
END_TEST

START_TEST (test_malformed)
{
  static const char *const bad[] = {
    "", "1-2@0,0", "1-2-7@0,0", "1-2-3", "1-2-3@", "1-2-3@0", "1-2-3@0,", "1-2-3@a,b",
    "1-2-3@0,0x", "12-2-3@0,0", "1-2-3@99,0", "1-2-3@0,-99", "drew", "1,2,3@0,0",
  };
  g_autofree void *pos = tt_new_position (2, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;
      BgMove move;

      ck_assert_msg (!R->parse_move (pos, bad[i], &move, &error), "“%s” parsed", bad[i]);
      ck_assert (error != NULL && error->code == BG_ERROR_MALFORMED_MOVE);
      ck_assert (error->message[0] != '\0');
    }
}
END_TEST

/* Whole games */

typedef struct
{
  guint32 seed;
  int players;
  int levels[6];
  int scores[6];
  guint n_moves;
} PinnedGame;

START_TEST (test_pinned_games)
{
  static const PinnedGame games[] = {
    { 1, 2, { 2, 4 }, { 254, 416 }, 153 },
    { 2, 4, { 4, 2, 1, 3 }, { 489, 334, 170, 367 }, 202 },
    { 3, 6, { 1, 2, 3, 4, 3, 2 }, { 158, 167, 534, 269, 181, 110 }, 161 },
  };

  for (guint g = 0; g < G_N_ELEMENTS (games); g++)
    {
      g_autoptr (BgGame) game = tt_play_ai_game (games[g].seed, games[g].players,
                                              games[g].levels);
      const void *pos = bg_game_get_position (game);

      tt_print_game (game);
      ck_assert_int_eq (R->rule_status (pos).reason, BG_REASON_TARGET_SCORE);
      ck_assert_uint_eq (bg_game_get_n_played (game), games[g].n_moves);
      for (int p = 0; p < games[g].players; p++)
        ck_assert_int_eq (bg_triomino_get_score (pos, p), games[g].scores[p]);
    }
}
END_TEST

START_TEST (test_replay_and_undo)
{
  static const int levels[] = { 1, 3, 2, 4 };
  g_autoptr (BgGame) game = tt_play_ai_game (77, 4, levels);
  g_autoptr (GHashTable) opts = tu_options ("players", "4", "seed", "77", NULL);
  g_autoptr (BgGame) replay = NULL;
  guint n = bg_game_get_n_played (game), n_keys;
  const guint64 *keys = bg_game_get_keys (game, &n_keys);

  replay = bg_game_new ("triomino", opts, NULL);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (GError) error = NULL;

      /* Replay through the notation, so that every move round-trips. */
      ck_assert_msg (bg_game_play_text (replay, bg_game_get_played_text (game, i), &error),
                     "move %u %s: %s", i, bg_game_get_played_text (game, i),
                     error ? error->message : "");
      ck_assert (bg_game_get_key (replay) == keys[i + 1]);
    }
  ck_assert (bg_game_get_key (replay) == bg_game_get_key (game));
  ck_assert (memcmp (bg_game_get_position (replay), bg_game_get_position (game),
                     R->position_size) == 0);
  /* Undo all the way back restores each key exactly. */
  for (guint i = n; i > 0; i--)
    {
      ck_assert (bg_game_undo (replay));
      ck_assert (bg_game_get_key (replay) == keys[i - 1]);
    }
  ck_assert (bg_game_redo (replay));
  ck_assert (bg_game_get_key (replay) == keys[1]);
}
END_TEST

/* Random games: every generated placement fits by the explanation's own checks, tiles are
 * conserved, and the formatted moves parse back to themselves. */
START_TEST (test_random_games)
{
  g_autofree BgMove *moves = g_new (BgMove, R->max_moves);
  g_autoptr (GRand) rand = g_rand_new_with_seed (4);

  for (int g = 0; g < 30; g++)
    {
      g_autofree void *pos = tt_new_position (2 + g % 5, NULL);
      int steps = 0;

      while (R->rule_status (pos).result == BG_RESULT_ONGOING && steps++ < 5000)
        {
          guint n = R->legal_moves (pos, moves);
          BgMove move;
          char buf[64];
          int in_hands = 0, tiles[BG_TRIOMINO_N_TILES];
          BgTriominoPlaced placed[BG_TRIOMINO_N_TILES];

          ck_assert_uint_gt (n, 0);
          for (guint i = 0; i < n; i++)
            {
              BgMove back;

              ck_assert (bg_triomino_explain_illegal (pos, moves[i], NULL));
              R->format_move (pos, moves[i], buf, sizeof buf);
              ck_assert (R->parse_move (pos, buf, &back, NULL));
              ck_assert_uint_eq (back, moves[i]);
            }
          for (int p = 0; p < R->n_players (pos); p++)
            in_hands += bg_triomino_get_hand (pos, p, tiles);
          ck_assert_int_eq (in_hands + bg_triomino_get_pile_count (pos)
                            + (int) bg_triomino_get_placed (pos, placed), 56);
          move = moves[g_rand_int_range (rand, 0, n)];
          R->play (pos, move);
        }
      ck_assert_int_ne (R->rule_status (pos).result, BG_RESULT_ONGOING);
    }
}
END_TEST

START_TEST (test_text)
{
  const char *hands[] = { "1-2-2 0-0-4", "5-5-5", NULL };
  g_autofree void *pos = tt_setup (2, "3-2-3@0,0 2-3-4@0,1 4-5-2@0,2", hands, 0);
  g_autofree char *text = R->to_text (pos);

  ck_assert (strstr (text, "Board: 3-2-3@0,0 2-3-4@0,1 4-5-2@0,2") != NULL);
  ck_assert (strstr (text, "Player 1: score 0, hand (2 tiles, 9 points): 0-0-4 1-2-2") != NULL);
  ck_assert (strstr (text, "Pile: 50 tiles") != NULL);
  ck_assert (strstr (text, "Player 1 to move") != NULL);
}
END_TEST

/* Descriptions for front ends */

START_TEST (test_descriptors)
{
  tu_check_descriptors (R);
  ck_assert_ptr_null (R->player_names);   /* numbered seats */
  ck_assert_str_eq (R->options[0].name, "players");
  ck_assert_str_eq (R->options[0].label, "_Players");
  ck_assert_ptr_null (R->options[0].value_labels);
  /* The dialog sets the seats from "players", draws a new deal, keeps the target. */
  for (const BgOptionSpec *spec = R->options; spec->name != NULL; spec++)
    ck_assert_int_eq (spec->flags, g_str_equal (spec->name, "players") ? BG_OPTION_SEATS
                                   : g_str_equal (spec->name, "seed") ? BG_OPTION_DRAWN
                                   : g_str_equal (spec->name, "target") ? BG_OPTION_HIDDEN : 0);
}
END_TEST

/* The notation of a move, rebuilt from its description alone. */
static char *
text_of_info (const BgMoveInfo *info)
{
  ck_assert_int_eq (info->from, -1);
  ck_assert_int_eq (info->to, -1);
  ck_assert_int_eq (info->removed, -1);
  ck_assert_int_eq (info->piece, BG_NO_PIECE);
  ck_assert_int_eq (info->promotion, 0);
  if (info->flags == BG_MOVE_DRAWS || info->flags == BG_MOVE_PASSES)
    {
      ck_assert_int_eq (info->tile, -1);
      return g_strdup (info->flags == BG_MOVE_DRAWS ? "draw" : "pass");
    }
  ck_assert_int_eq (info->flags, BG_MOVE_PLACES);
  ck_assert_int_eq (info->tile, bg_triomino_tile_from_values (info->values[0], info->values[1],
                                                              info->values[2]));
  return g_strdup_printf ("%d-%d-%d@%d,%d", info->values[0], info->values[1], info->values[2],
                          info->row, info->col);
}

START_TEST (test_describe_moves)
{
  const char *hands[] = { "0-0-0", "5-5-5", NULL };
  const char *blocked[] = { "0-0-0 5-5-5", "1-2-2 4-4-4", NULL };
  g_autofree void *pos = tt_setup (2, "1-2-3@0,0", hands, 0);
  g_autofree void *stuck = tt_setup (2, "1-2-3@0,0", blocked, 0);
  BgMoveInfo info;

  ck_assert (bg_triomino_set_pile (pos, "0-0-1 1-2-2 4-4-4", NULL));
  R->describe_move (pos, tt_parse (pos, "draw"), &info);
  ck_assert_int_eq (info.flags, BG_MOVE_DRAWS);
  ck_assert_int_eq (info.tile, -1);
  R->play (pos, tt_parse (pos, "draw"));
  R->play (pos, tt_parse (pos, "draw"));
  /* The drawn 1-2-2 on the down triangle 0,1, 2 at its bottom */
  R->describe_move (pos, tt_parse (pos, "2-1-2@0,1"), &info);
  ck_assert_int_eq (info.flags, BG_MOVE_PLACES);
  ck_assert_int_eq (info.tile, bg_triomino_tile_from_values (1, 2, 2));
  ck_assert_int_eq (info.row, 0);
  ck_assert_int_eq (info.col, 1);
  ck_assert_int_eq (info.values[0], 2);
  ck_assert_int_eq (info.values[1], 1);
  ck_assert_int_eq (info.values[2], 2);
  ck_assert_int_eq (info.to, -1);
  ck_assert_int_eq (info.piece, BG_NO_PIECE);

  ck_assert (bg_triomino_set_pile (stuck, "", NULL));
  R->describe_move (stuck, tt_parse (stuck, "pass"), &info);
  ck_assert_int_eq (info.flags, BG_MOVE_PASSES);
  ck_assert_int_eq (info.tile, -1);
}
END_TEST

/* Through BgGame: at the start every legal placement's description gives its notation back,
 * draw and pass are refused, and so is a placement elsewhere; every move of a whole game
 * is described as it was written. */
START_TEST (test_describe_game)
{
  static const int levels[] = { 1, 2, 3 };
  g_autoptr (GHashTable) opts = tu_options ("players", "3", "seed", "42", NULL);
  g_autoptr (BgGame) game = tu_new_game ("triomino", opts, NULL);
  g_autoptr (BgGame) played = tt_play_ai_game (5, 3, levels);
  g_autoptr (GArray) moves = bg_game_get_legal_moves (game);
  guint n_draws = 0, n_passes = 0;
  BgMoveInfo info;

  ck_assert_uint_gt (moves->len, 0);
  for (guint i = 0; i < moves->len; i++)
    {
      BgMove move = g_array_index (moves, BgMove, i);
      g_autofree char *text = bg_game_format_move (game, move);
      g_autofree char *again = NULL;

      ck_assert (bg_game_describe_move (game, move, &info));
      again = text_of_info (&info);
      ck_assert_str_eq (again, text);
    }
  tu_check_describe_illegal (game, "draw");
  tu_check_describe_illegal (game, "pass");
  tu_check_describe_illegal (game, "0-0-0@5,5");

  for (guint i = 0; i < bg_game_get_n_played (played); i++)
    {
      g_autofree char *again = NULL;

      ck_assert (bg_game_describe_played (played, i, &info));
      again = text_of_info (&info);
      ck_assert_str_eq (again, bg_game_get_played_text (played, i));
      n_draws += info.flags == BG_MOVE_DRAWS;
      n_passes += info.flags == BG_MOVE_PASSES;
    }
  ck_assert (!bg_game_describe_played (played, bg_game_get_n_played (played), &info));
  ck_assert_uint_gt (n_draws, 0);
  ck_assert_uint_gt (n_passes, 0);
}
END_TEST

static Suite *
triomino_suite (void)
{
  Suite *s = suite_create ("triomino");
  TCase *rules = tcase_create ("rules");
  TCase *games = tcase_create ("games");

  tcase_add_test (rules, test_tiles);
  tcase_add_test (rules, test_geometry);
  tcase_add_test (rules, test_notation_examples);
  tcase_add_test (rules, test_hand_sizes);
  tcase_add_test (rules, test_opening_american);
  tcase_add_test (rules, test_opening_european);
  tcase_add_test (rules, test_opening_no_triple);
  tcase_add_test (rules, test_opening_error_names_opener);
  tcase_add_test (rules, test_plain_sum);
  tcase_add_test (rules, test_bridge);
  tcase_add_test (rules, test_two_sides);
  tcase_add_test (rules, test_one_hexagon);
  tcase_add_test (rules, test_two_hexagons);
  tcase_add_test (rules, test_three_hexagons);
  tcase_add_test (rules, test_illegal_placements);
  tcase_add_test (rules, test_illegal_through_game);
  tcase_add_test (rules, test_malformed);
  tcase_add_test (rules, test_text);
  tcase_add_test (rules, test_descriptors);
  tcase_add_test (rules, test_describe_moves);
  tcase_add_test (rules, test_describe_game);
  suite_add_tcase (s, rules);
  tt_add_round_tests (s);
  tt_add_ai_tests (s);

  tcase_add_test (games, test_pinned_games);
  tcase_add_test (games, test_replay_and_undo);
  tcase_add_test (games, test_random_games);
  tcase_set_timeout (games, 300);
  suite_add_tcase (s, games);
  return s;
}

int
main (void)
{
  return tu_run_suite (triomino_suite ());
}
