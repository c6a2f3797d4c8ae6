/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-view.c: tests of the views (bg-view.h): what each seat may see of a game
 *
 * A game of Triomino for four, played to its end by level-1 players, is viewed after every
 * move from every seat and a spectator's: a view names no tile its seat may not see, and
 * loaded back shows the same board, scores, counts and turn, and the same moves to its
 * seat. The games without hidden information view the whole position. The hostile texts
 * are in test-view-hostile.c.
 */

#include <string.h>

#include "bg-save.h"
#include "bg-view.h"
#include "test-util.h"
#include "test-view.h"
#include "triomino/bg-triomino.h"

#define TILE_BIT(t) (G_GUINT64_CONSTANT (1) << (t))

BgGame *
tv_load_view (const BgGame *game,
              const char   *view)
{
  g_autoptr (GHashTable) options = bg_game_dup_public_options (game);
  g_autoptr (GError) error = NULL;
  BgGame *loaded = bg_game_new_from_view (bg_game_get_rules (game)->id, options, view,
                                          &error);

  ck_assert_msg (loaded != NULL, "%s: %s", view, error ? error->message : "?");
  return loaded;
}

/* The legal moves in notation, in the order the game lists them. */
char *
tv_moves_text (const BgGame *game)
{
  g_autoptr (GArray) moves = bg_game_get_legal_moves (game);
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < moves->len; i++)
    {
      g_autofree char *text = bg_game_format_move (game, g_array_index (moves, BgMove, i));

      g_string_append_printf (s, "%s%s", i > 0 ? " " : "", text);
    }
  return g_string_free (s, FALSE);
}

static guint64
hand_set (const void *pos,
          int         player)
{
  int tiles[BG_TRIOMINO_N_TILES];
  guint n = bg_triomino_get_hand (pos, player, tiles);
  guint64 set = 0;

  for (guint i = 0; i < n; i++)
    set |= TILE_BIT (tiles[i]);
  return set;
}

static guint64
board_set (const void *pos)
{
  BgTriominoPlaced placed[BG_TRIOMINO_N_TILES];
  guint n = bg_triomino_get_placed (pos, placed);
  guint64 set = 0;

  for (guint i = 0; i < n; i++)
    set |= TILE_BIT (placed[i].tile);
  return set;
}

/* Every tile the text names, written a-b-c (in a placement or a list of tiles). */
static guint64
named_tiles (const char *text)
{
  guint64 set = 0;
  gsize len = strlen (text);

  for (gsize i = 0; i + 5 <= len; i++)
    {
      const char *s = text + i;
      int tile;

      if ((i > 0 && (g_ascii_isdigit (s[-1]) || s[-1] == '-')) || s[1] != '-' || s[3] != '-'
          || !g_ascii_isdigit (s[0]) || !g_ascii_isdigit (s[2]) || !g_ascii_isdigit (s[4])
          || (i + 5 < len && (g_ascii_isdigit (s[5]) || s[5] == '-')))
        continue;
      tile = bg_triomino_tile_from_values (s[0] - '0', s[2] - '0', s[4] - '0');
      ck_assert_int_ge (tile, 0);
      set |= TILE_BIT (tile);
    }
  return set;
}

/* (a) The view of seat names only tiles on the board, in seat's hand, or, once the game is
 * over, in the hands the rules have shown. */
static void
check_names_nothing_hidden (const BgGame *game,
                            int           seat,
                            const char   *view)
{
  const void *pos = bg_game_get_position (game);
  guint64 allowed = board_set (pos);

  if (seat >= 0)
    allowed |= hand_set (pos, seat);
  for (int p = 0; bg_game_is_over (game) && p < bg_game_get_n_players (game); p++)
    allowed |= hand_set (pos, p);
  ck_assert_msg ((named_tiles (view) & ~allowed) == 0, "seat %d sees too much: %s", seat,
                 view);
  ck_assert_msg (strstr (view, "seed") == NULL, "%s", view);
}

/* (b) The view loaded back shows what the game shows, and lists the same moves to its seat
 * (none to another). */
static void
check_same_as_game (const BgGame *game,
                    int           seat,
                    const char   *view)
{
  g_autoptr (BgGame) loaded = tv_load_view (game, view);
  g_autofree char *again = bg_game_dup_view (loaded, seat);
  const void *pos = bg_game_get_position (game), *vpos = bg_game_get_position (loaded);
  BgTriominoPlaced placed[BG_TRIOMINO_N_TILES], vplaced[BG_TRIOMINO_N_TILES];
  int gains[BG_TRIOMINO_MAX_PLAYERS], vgains[BG_TRIOMINO_MAX_PLAYERS], ender, vender;
  int n = bg_game_get_n_players (game), turn = bg_game_get_player_to_move (game);
  guint n_placed = bg_triomino_get_placed (pos, placed);
  BgStatus status = bg_game_get_status (game), vstatus = bg_game_get_status (loaded);
  g_autofree char *moves = tv_moves_text (game);
  g_autofree char *vmoves = tv_moves_text (loaded);

  ck_assert (bg_game_is_view (loaded));
  ck_assert_str_eq (again, view);
  ck_assert_uint_eq (bg_triomino_get_placed (vpos, vplaced), n_placed);
  ck_assert (memcmp (placed, vplaced, n_placed * sizeof placed[0]) == 0);
  ck_assert_int_eq (bg_game_get_n_players (loaded), n);
  ck_assert_int_eq (bg_game_get_player_to_move (loaded), turn);
  ck_assert_int_eq (bg_triomino_get_round (vpos), bg_triomino_get_round (pos));
  ck_assert_int_eq (bg_triomino_get_draws (vpos), bg_triomino_get_draws (pos));
  ck_assert_int_eq (bg_triomino_get_pile_count (vpos), bg_triomino_get_pile_count (pos));
  ck_assert_int_eq (bg_triomino_get_target_reached (vpos),
                    bg_triomino_get_target_reached (pos));
  ck_assert_uint_eq (bg_triomino_get_seed (vpos), 0);
  ck_assert_int_eq (bg_triomino_get_last_round_end (vpos, &vender, vgains),
                    bg_triomino_get_last_round_end (pos, &ender, gains));
  ck_assert_int_eq (vender, ender);
  ck_assert (memcmp (gains, vgains, sizeof gains) == 0);
  ck_assert_int_eq (vstatus.result, status.result);
  ck_assert_int_eq (vstatus.winner, status.winner);
  for (int p = 0; p < n; p++)
    {
      gboolean shown = p == seat || bg_game_is_over (game);

      ck_assert_int_eq (bg_triomino_get_score (vpos, p), bg_triomino_get_score (pos, p));
      ck_assert_int_eq (bg_triomino_get_hand_count (vpos, p),
                        bg_triomino_get_hand_count (pos, p));
      ck_assert (hand_set (vpos, p) == (shown ? hand_set (pos, p) : 0));
      ck_assert_int_eq (bg_triomino_get_hidden_count (vpos, p),
                        shown ? 0 : bg_triomino_get_hand_count (pos, p));
    }
  if (seat == turn && !bg_game_is_over (game))
    {
      ck_assert_str_ne (moves, "");
      ck_assert_str_eq (vmoves, moves);
    }
  else
    ck_assert_str_eq (vmoves, "");
}

/* A played move as each seat reads it: its notation, the tile drawn to the drawer, every
 * hand to all at a round's end. */
static void
check_moves_for_seats (const BgGame *game,
                       guint         index,
                       guint        *draws,
                       guint        *round_ends)
{
  const void *before = bg_game_get_position_at (game, index);
  const void *after = bg_game_get_position_at (game, index + 1);
  const char *notation = bg_game_get_played_text (game, index);
  int mover = bg_game_get_played_player (game, index);
  gboolean ended = bg_triomino_get_round (after) != bg_triomino_get_round (before)
                   || (bg_game_is_over (game) && index + 1 == bg_game_get_n_played (game));
  BgMoveInfo info;

  ck_assert (bg_game_describe_played (game, index, &info));
  for (int seat = -1; seat < bg_game_get_n_players (game); seat++)
    {
      g_autofree char *text = bg_game_dup_move_for_seat (game, index, seat);
      GString *want = g_string_new (notation);

      if ((info.flags & BG_MOVE_DRAWS) && seat == mover)
        {
          guint64 added = hand_set (after, mover) & ~hand_set (before, mover);
          int values[3];

          ck_assert_int_eq (__builtin_popcountll (added), 1);
          bg_triomino_tile_values (__builtin_ctzll (added), values);
          g_string_append_printf (want, " drawn=%d-%d-%d", values[0], values[1], values[2]);
        }
      for (int p = 0; ended && p < bg_game_get_n_players (game); p++)
        {
          guint64 hand = hand_set (before, p);

          if (p == mover && info.tile >= 0)
            hand &= ~TILE_BIT (info.tile);
          g_string_append_printf (want, " hand%d=", p + 1);
          if (hand == 0)
            g_string_append_c (want, '-');
          for (guint64 h = hand; h != 0; h &= h - 1)
            {
              int values[3];

              bg_triomino_tile_values (__builtin_ctzll (h), values);
              g_string_append_printf (want, "%s%d-%d-%d", h == hand ? "" : "/", values[0],
                                      values[1], values[2]);
            }
        }
      ck_assert_str_eq (text, want->str);
      g_string_free (want, TRUE);
    }
  *draws += (info.flags & BG_MOVE_DRAWS) != 0;
  *round_ends += ended;
  ck_assert (bg_game_dup_move_for_seat (game, bg_game_get_n_played (game), 0) == NULL);
}

/* The whole position's text reads back to the same position. */
static void
check_whole_text (const BgGame *game)
{
  g_autofree char *text = bg_game_format_position (game);
  g_autoptr (GError) error = NULL;
  g_autoptr (BgGame) again = bg_game_new_from_position ("triomino",
                                                        bg_game_get_options (game), text,
                                                        &error);
  g_autofree char *text_again = NULL;
  g_autofree char *moves = tv_moves_text (game);
  g_autofree char *moves_again = NULL;

  ck_assert_msg (again != NULL, "%s: %s", text, error ? error->message : "?");
  text_again = bg_game_format_position (again);
  moves_again = tv_moves_text (again);
  ck_assert_str_eq (text_again, text);
  ck_assert (bg_game_get_key (again) == bg_game_get_key (game));
  ck_assert_str_eq (moves_again, moves);
  ck_assert (!bg_game_is_view (again));
}

/* A view is not played on nor saved, and its search finds nothing. */
static void
check_view_is_inert (const BgGame *game)
{
  int turn = bg_game_get_player_to_move (game);
  g_autofree char *view = bg_game_dup_view (game, turn);
  g_autoptr (BgGame) loaded = tv_load_view (game, view);
  g_autoptr (GArray) moves = bg_game_get_legal_moves (loaded);
  g_autoptr (BgSearch) search = bg_search_new ();
  g_autoptr (GError) error = NULL;
  BgSearchLimits limits;
  BgSearchResult result;

  ck_assert_uint_gt (moves->len, 0);
  ck_assert (!bg_game_play (loaded, g_array_index (moves, BgMove, 0), &error));
  ck_assert (g_error_matches (error, BG_ERROR, BG_ERROR_VIEW));
  g_clear_error (&error);
  ck_assert (!bg_game_play_text (loaded, "draw", &error));
  ck_assert (g_error_matches (error, BG_ERROR, BG_ERROR_VIEW));
  ck_assert_uint_eq (bg_game_perft (loaded, 2), 0);
  g_clear_error (&error);
  ck_assert (!bg_save_to_file ("/nonexistent/view.trio", loaded, NULL, 0, &error));
  ck_assert (g_error_matches (error, BG_ERROR, BG_ERROR_VIEW));
  for (int level = 1; level <= 6; level += 5)
    {
      bg_search_limits_for_level (level, &limits);
      limits.time_limit_ms = 0;
      limits.seed = 7;
      ck_assert (!bg_search_run (search, loaded, &limits, &result));
    }
}

START_TEST (test_triomino_game)
{
  g_autoptr (GHashTable) options = tu_options ("players", "4", "seed", "2024", NULL);
  g_autoptr (BgGame) game = bg_game_new ("triomino", options, NULL);
  g_autoptr (BgSearch) search = bg_search_new ();
  guint draws = 0, round_ends = 0, stride = tu_stride ();

  ck_assert (game != NULL);
  for (guint ply = 0;; ply++)
    {
      BgSearchLimits limits;
      BgSearchResult result;

      if (ply % stride == 0 || bg_game_is_over (game))
        {
          for (int seat = -1; seat < 4; seat++)
            {
              g_autofree char *view = bg_game_dup_view (game, seat);

              check_names_nothing_hidden (game, seat, view);
              check_same_as_game (game, seat, view);
            }
          check_whole_text (game);
        }
      if (ply > 0)
        check_moves_for_seats (game, ply - 1, &draws, &round_ends);
      if (bg_game_is_over (game))
        break;
      if (ply % 50 == 0)
        check_view_is_inert (game);
      bg_search_limits_for_level (1, &limits);
      limits.time_limit_ms = 0;
      limits.seed = 12345;
      ck_assert (bg_search_run (search, game, &limits, &result));
      ck_assert (bg_game_play (game, result.move, NULL));
      ck_assert_uint_lt (ply, 5000);
    }
  /* The game is long enough to hold the cases: draws, round ends, the end. */
  ck_assert_uint_gt (draws, 10);
  ck_assert_uint_ge (round_ends, 2);
  ck_assert_int_eq (bg_game_get_status (game).result, BG_RESULT_WIN);
}
END_TEST

/* A view of a view is the same view for its seat, and a spectator's for another. */
START_TEST (test_view_of_view)
{
  g_autoptr (GHashTable) options = tu_options ("players", "3", "seed", "5", NULL);
  g_autoptr (BgGame) game = bg_game_new ("triomino", options, NULL);
  g_autofree char *view = bg_game_dup_view (game, 1);
  g_autofree char *spectator = bg_game_dup_view (game, -1);
  g_autoptr (BgGame) loaded = tv_load_view (game, view);
  g_autofree char *same = bg_game_dup_view (loaded, 1);
  g_autofree char *other = bg_game_dup_view (loaded, 2);
  g_autofree char *text = bg_game_to_text (loaded);
  g_autofree char *position = bg_game_format_position (loaded);

  ck_assert_str_eq (same, view);
  ck_assert_str_eq (other, spectator);
  ck_assert_str_eq (position, view);
  ck_assert (strstr (text, "hidden") != NULL && strstr (text, "As player 2 sees it") != NULL);
  ck_assert (g_str_has_prefix (spectator, "view=spectator "));
  ck_assert (!bg_game_is_view (game));
  ck_assert (bg_rules_has_hidden_information (bg_game_get_rules (game)));
}
END_TEST

/* The example of docs/views.md and bg-triomino.h: seat 2 of two has drawn a tile that does
 * not fit 5-5-5, and must draw again. */
START_TEST (test_documented_example)
{
  static const char view[] =
    "view=2 round=1 turn=2 draws=1 passes=0 scores=25,-5 last-round=0 over=0 end=none "
    "gains=0,0 board=5-5-5@0,0 hand1=?8 "
    "hand2=0-0-1/0-1-2/0-3-3/1-1-4/1-2-5/1-3-4/2-2-2/2-2-4/2-4-4/3-3-5 pile=?37";
  g_autoptr (GHashTable) options = tu_options ("players", "2", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (BgGame) game = bg_game_new_from_view ("triomino", options, view, &error);
  g_autofree char *moves = NULL;
  g_autofree char *again = NULL;
  const void *pos;

  ck_assert_msg (game != NULL, "%s", error ? error->message : "?");
  pos = bg_game_get_position (game);
  moves = tv_moves_text (game);
  again = bg_game_dup_view (game, 1);
  ck_assert_str_eq (moves, "draw");
  ck_assert_str_eq (again, view);
  ck_assert_int_eq (bg_triomino_get_hand_count (pos, 0), 8);
  ck_assert_int_eq (bg_triomino_get_hand_count (pos, 1), 10);
  ck_assert_int_eq (bg_triomino_get_pile_count (pos), 37);
  ck_assert_int_eq (bg_triomino_get_score (pos, 1), -5);
}
END_TEST

/* The options of a view leave the seed out, and a seed given is refused. */
START_TEST (test_public_options)
{
  g_autoptr (GHashTable) options = tu_options ("players", "2", "seed", "99",
                                               "target", "300", NULL);
  g_autoptr (BgGame) game = bg_game_new ("triomino", options, NULL);
  g_autoptr (GHashTable) public = bg_game_dup_public_options (game);
  g_autofree char *view = bg_game_dup_view (game, 0);
  g_autoptr (BgGame) loaded = tv_load_view (game, view);
  g_autoptr (GError) error = NULL;

  ck_assert (!g_hash_table_contains (public, "seed"));
  ck_assert_str_eq (g_hash_table_lookup (public, "target"), "300");
  ck_assert_str_eq (g_hash_table_lookup (public, "players"), "2");
  ck_assert_str_eq (g_hash_table_lookup (bg_game_get_options (loaded), "seed"), "0");
  ck_assert (bg_game_new_from_view ("triomino", bg_game_get_options (game), view,
                                    &error) == NULL);
  ck_assert (g_error_matches (error, BG_ERROR, BG_ERROR_BAD_OPTION));
  ck_assert (strstr (error->message, "seed") != NULL);
  g_clear_error (&error);
  ck_assert (bg_game_new_from_view ("chess", NULL, view, &error) == NULL);
  ck_assert (g_error_matches (error, BG_ERROR, BG_ERROR_UNKNOWN_GAME));
}
END_TEST

/* Marelle, La Triple Alliance and TRICHESS hide nothing: every seat's view is the whole
 * position, and it loads back into an ordinary game. */
START_TEST (test_open_games)
{
  static const char *const ids[] = { "marelle", "triple-alliance", "trichess" };

  for (guint g = 0; g < G_N_ELEMENTS (ids); g++)
    {
      g_autoptr (BgGame) game = bg_game_new (ids[g], NULL, NULL);

      ck_assert (!bg_rules_has_hidden_information (bg_game_get_rules (game)));
      for (guint ply = 0; ply < 40 && !bg_game_is_over (game); ply++)
        {
          g_autofree char *whole = bg_game_format_position (game);
          g_autofree char *moves = tv_moves_text (game);
          g_autoptr (GArray) legal = bg_game_get_legal_moves (game);

          for (int seat = -1; seat < bg_game_get_n_players (game); seat++)
            {
              g_autofree char *view = bg_game_dup_view (game, seat);
              g_autoptr (BgGame) loaded = tv_load_view (game, view);
              g_autofree char *again = bg_game_format_position (loaded);
              g_autofree char *vmoves = tv_moves_text (loaded);

              ck_assert_str_eq (view, whole);
              ck_assert_str_eq (again, whole);
              ck_assert_str_eq (vmoves, moves);
              ck_assert (bg_game_get_key (loaded) == bg_game_get_key (game));
              ck_assert (!bg_game_is_view (loaded));
              ck_assert (bg_game_play (loaded, g_array_index (legal, BgMove, 0), NULL));
            }
          if (ply > 0)
            for (int seat = -1; seat < bg_game_get_n_players (game); seat++)
              {
                g_autofree char *text = bg_game_dup_move_for_seat (game, ply - 1, seat);

                ck_assert_str_eq (text, bg_game_get_played_text (game, ply - 1));
              }
          ck_assert (bg_game_play (game, g_array_index (legal, BgMove, (ply * 7) % legal->len),
                                   NULL));
        }
      ck_assert_uint_ge (bg_game_get_n_played (game), 10);
    }
}
END_TEST

/* A seat's game set up from its first view goes on with each move as the seat reads it and
 * the view after it: its history (texts, positions) is the whole game's as the seat sees it,
 * and a view that does not follow, or a move that is not one, leaves it unchanged. */
START_TEST (test_append_view)
{
  g_autoptr (GHashTable) options = tu_options ("players", "3", "seed", "77", NULL);
  g_autoptr (BgGame) game = bg_game_new ("triomino", options, NULL);
  g_autoptr (GHashTable) public = NULL;
  g_autoptr (BgGame) seen = NULL;
  g_autoptr (BgSearch) search = bg_search_new ();
  g_autofree char *first = NULL;
  const int seat = 1;
  guint n = 0;

  ck_assert (game != NULL);
  public = bg_game_dup_public_options (game);
  first = bg_game_dup_view (game, seat);
  seen = bg_game_new_from_view ("triomino", public, first, NULL);
  ck_assert (seen != NULL && bg_game_is_view (seen));
  while (!bg_game_is_over (game) && n < 120)
    {
      BgSearchLimits limits;
      BgSearchResult result;
      g_autofree char *move = NULL, *view = NULL, *again = NULL;
      g_autoptr (GError) error = NULL;

      bg_search_limits_for_level (1, &limits);
      limits.time_limit_ms = 0;
      limits.seed = 4242 + n;
      ck_assert (bg_search_run (search, game, &limits, &result));
      ck_assert (bg_game_play (game, result.move, NULL));
      move = bg_game_dup_move_for_seat (game, n, seat);
      view = bg_game_dup_view (game, seat);
      /* Refused: a view of another game's start, then a move that is no notation. */
      ck_assert (!bg_game_append_view (seen, "3-1-2@99,99", view, &error));
      g_clear_error (&error);
      ck_assert (!bg_game_append_view (seen, move, "not a view", &error));
      g_clear_error (&error);
      ck_assert_uint_eq (bg_game_get_n_played (seen), n);
      ck_assert_msg (bg_game_append_view (seen, move, view, &error), "ply %u: %s", n,
                     error != NULL ? error->message : "");
      n++;
      ck_assert_uint_eq (bg_game_get_n_played (seen), n);
      ck_assert_str_eq (bg_game_get_played_text (seen, n - 1),
                        bg_game_get_played_text (game, n - 1));
      ck_assert_uint_eq (bg_game_get_played_move (seen, n - 1),
                         bg_game_get_played_move (game, n - 1));
      ck_assert_int_eq (bg_game_get_played_player (seen, n - 1),
                        bg_game_get_played_player (game, n - 1));
      again = bg_game_dup_view (seen, seat);
      ck_assert_str_eq (again, view);
    }
  ck_assert_uint_ge (n, 20);
  /* A game that is not a view takes no view. */
  ck_assert (!bg_game_is_view (game));
}
END_TEST

static Suite *
view_suite (void)
{
  Suite *s = suite_create ("view");
  TCase *views = tcase_create ("views");
  TCase *hostile = tcase_create ("hostile");

  tcase_add_test (views, test_triomino_game);
  tcase_add_test (views, test_view_of_view);
  tcase_add_test (views, test_documented_example);
  tcase_add_test (views, test_public_options);
  tcase_add_test (views, test_open_games);
  tcase_add_test (views, test_append_view);
  tcase_set_timeout (views, 300);
  suite_add_tcase (s, views);
  tv_add_hostile_tests (hostile);
  tcase_set_timeout (hostile, 300);
  suite_add_tcase (s, hostile);
  return s;
}

int
main (void)
{
  return tu_run_suite (view_suite ());
}
