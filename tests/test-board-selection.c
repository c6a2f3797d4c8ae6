/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-board-selection.c: choosing moves location by location (TrioBoardSelection)
 *
 * The application's selection logic, without GTK, on positions of the engine: a Marelle
 * placement that makes a mill and its removal, La Triple Alliance's placements and steps
 * (with a change of piece and a click that gives up), a TRICHESS promotion and its choice,
 * and why a click is refused (the engine's words) and when a mill asks for a removal.
 */

#include <locale.h>

#include "test-app-util.h"
#include "board/trio-board-selection.h"

static BgGame *
new_game (const char *id,
          const char *option,
          const char *value,
          const char *setup)
{
  g_autoptr (GHashTable) options = bg_options_new ();
  g_autoptr (GError) error = NULL;
  BgGame *game;

  if (option != NULL)
    g_hash_table_insert (options, g_strdup (option), g_strdup (value));
  game = setup != NULL ? bg_game_new_from_position (id, options, setup, &error)
                       : bg_game_new (id, options, &error);
  g_assert_no_error (error);
  g_assert_nonnull (game);
  return game;
}

static void
play (BgGame     *game,
      const char *moves)
{
  g_auto (GStrv) words = g_strsplit (moves, " ", -1);

  for (guint i = 0; words[i] != NULL; i++)
    g_assert_true (bg_game_play_text (game, words[i], NULL));
}

static void
assert_move (const BgGame        *game,
             TrioSelectionResult  result,
             const char          *expected)
{
  g_autofree char *text = NULL;

  g_assert_cmpint (result.outcome, ==, TRIO_SELECTION_COMPLETE);
  text = bg_game_format_move (game, result.move);
  g_assert_cmpstr (text, ==, expected);
}

static void
assert_choose (TrioBoardSelection   *sel,
               const BgGame         *game,
               const char           *name,
               TrioSelectionOutcome  outcome)
{
  TrioSelectionResult result = trio_board_selection_choose (sel, tau_location (game, name));

  g_assert_cmpint (result.outcome, ==, outcome);
  g_assert_cmpuint (result.move, ==, BG_MOVE_NONE);
}

static guint
n_selected (const TrioBoardSelection *sel)
{
  guint n;

  trio_board_selection_get_selected (sel, &n);
  return n;
}

static guint
n_targets (const TrioBoardSelection *sel)
{
  guint n;

  trio_board_selection_get_targets (sel, &n);
  return n;
}

static void
test_marelle_mill (void)
{
  g_autoptr (BgGame) game = new_game ("marelle", NULL, NULL, NULL);
  g_autoptr (TrioBoardSelection) sel = trio_board_selection_new ();

  /* White has a7 and d7; g7 closes the mill along the top. */
  play (game, "a7 b6 d7 b4");
  trio_board_selection_set_game (sel, game);
  /* A placement may go on every empty point: 20 of the 24. */
  g_assert_cmpuint (n_targets (sel), ==, 20);
  g_assert_false (trio_board_selection_is_target (sel, tau_location (game, "a7")));

  /* The mill is made: the removal is to come, among Black's two pieces. */
  assert_choose (sel, game, "g7", TRIO_SELECTION_EXTENDED);
  g_assert_cmpuint (n_selected (sel), ==, 1);
  g_assert_cmpuint (n_targets (sel), ==, 2);
  g_assert_true (trio_board_selection_is_target (sel, tau_location (game, "b6")));
  g_assert_true (trio_board_selection_is_target (sel, tau_location (game, "b4")));

  /* g7 again gives the placement up; then the whole move, removal included. */
  assert_choose (sel, game, "g7", TRIO_SELECTION_CANCELLED);
  g_assert_cmpuint (n_selected (sel), ==, 0);
  assert_choose (sel, game, "g7", TRIO_SELECTION_EXTENDED);
  assert_move (game, trio_board_selection_choose (sel, tau_location (game, "b4")), "g7xb4");
  g_assert_cmpuint (n_selected (sel), ==, 0);

  /* A placement without a mill is one location. */
  assert_move (game, trio_board_selection_choose (sel, tau_location (game, "a1")), "a1");
}

static void
test_triple_alliance_steps (void)
{
  g_autoptr (BgGame) game = new_game ("triple-alliance", NULL, NULL,
                                      "p1=a1,b1,d1,a2,c2,e2 p2=a4,c4,e4,b5,d5,e5 "
                                      "hand=0,0 turn=1");
  g_autoptr (BgGame) placing = new_game ("triple-alliance", NULL, NULL, NULL);
  g_autoptr (TrioBoardSelection) sel = trio_board_selection_new ();
  TrioSelectionResult result;

  /* A placement: one click. */
  trio_board_selection_set_game (sel, placing);
  g_assert_cmpuint (n_targets (sel), ==, 24);
  assert_move (placing, trio_board_selection_choose (sel, tau_location (placing, "b2")), "b2");

  /* Only steps now: the first click picks a piece that can move. */
  trio_board_selection_set_game (sel, game);
  g_assert_true (trio_board_selection_is_start (sel, tau_location (game, "c2")));
  g_assert_false (trio_board_selection_is_start (sel, tau_location (game, "b3")));
  g_assert_false (trio_board_selection_is_start (sel, tau_location (game, "a4")));
  assert_choose (sel, game, "b3", TRIO_SELECTION_REFUSED);
  assert_choose (sel, game, "c2", TRIO_SELECTION_EXTENDED);
  g_assert_true (trio_board_selection_is_target (sel, tau_location (game, "b2")));
  g_assert_true (trio_board_selection_is_target (sel, tau_location (game, "d2")));
  g_assert_false (trio_board_selection_is_target (sel, tau_location (game, "a1")));

  /* Another piece of the mover starts again from it. */
  result = trio_board_selection_choose (sel, tau_location (game, "a2"));
  g_assert_cmpint (result.outcome, ==, TRIO_SELECTION_EXTENDED);
  g_assert_true (result.gave_up);
  {
    guint n;
    const guint *selected = trio_board_selection_get_selected (sel, &n);

    g_assert_cmpuint (n, ==, 1);
    g_assert_cmpuint (selected[0], ==, tau_location (game, "a2"));
  }
  /* A point that is neither a target nor a start gives up. */
  result = trio_board_selection_choose (sel, tau_location (game, "e5"));
  g_assert_cmpint (result.outcome, ==, TRIO_SELECTION_REFUSED);
  g_assert_true (result.gave_up);
  g_assert_cmpuint (n_selected (sel), ==, 0);

  assert_choose (sel, game, "c2", TRIO_SELECTION_EXTENDED);
  assert_move (game, trio_board_selection_choose (sel, tau_location (game, "d2")), "c2-d2");

  /* The game moves on: the moves read before are stale until read again. */
  g_assert_false (trio_board_selection_is_stale (sel));
  play (game, "c2-d2");
  g_assert_true (trio_board_selection_is_stale (sel));
  trio_board_selection_set_game (sel, game);
  g_assert_false (trio_board_selection_is_stale (sel));
  g_assert_true (trio_board_selection_is_start (sel, tau_location (game, "a4")));

  /* While the computer thinks, nothing can be chosen. */
  trio_board_selection_set_interactive (sel, FALSE);
  g_assert_cmpuint (n_targets (sel), ==, 0);
  assert_choose (sel, game, "a4", TRIO_SELECTION_REFUSED);
  trio_board_selection_set_interactive (sel, TRUE);
  assert_choose (sel, game, "a4", TRIO_SELECTION_EXTENDED);
}

static void
test_trichess_promotion (void)
{
  g_autoptr (BgGame) game = new_game ("trichess", "board", "prolapsus",
                                      "8/7wK/8/8 8/2wP5/rK7/8 8/8/bK7/8 w");
  g_autoptr (TrioBoardSelection) sel = trio_board_selection_new ();
  const char *const labels[] = { "Queen", "Rook", "Bishop", "Knight" };
  /* The names trio-game-trichess.c gives the kinds of pieces (bg-trichess-board.h). */
  const char *const kinds[] = { NULL, NULL, "Knight", "Bishop", "Rook", "Queen", NULL, "Queen" };
  const BgMove *choices;
  guint n, found = 0;

  trio_board_selection_set_game (sel, game);
  assert_choose (sel, game, "2-c2", TRIO_SELECTION_EXTENDED);
  g_assert_true (trio_board_selection_is_target (sel, tau_location (game, "2-c1")));

  /* Four moves share 2-c2-2-c1: the selection stays for the player to pick one. */
  assert_choose (sel, game, "2-c1", TRIO_SELECTION_AMBIGUOUS);
  g_assert_cmpuint (n_selected (sel), ==, 2);
  g_assert_cmpuint (n_targets (sel), ==, 0);
  choices = trio_board_selection_get_choices (sel, &n);
  g_assert_cmpuint (n, ==, 4);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *text = bg_game_format_move (game, choices[i]);
      g_autofree char *label = trio_board_selection_choice_label (game, choices[i], kinds,
                                                                  G_N_ELEMENTS (kinds));

      g_assert_true (g_str_has_prefix (text, "2-c2-2-c1="));
      for (guint l = 0; l < G_N_ELEMENTS (labels); l++)
        if (g_str_equal (label, labels[l]))
          found |= 1u << l;
    }
  g_assert_cmpuint (found, ==, 0xf);

  /* A move without a choice is labelled by its notation. */
  {
    g_autoptr (BgGame) plain = new_game ("triple-alliance", NULL, NULL, NULL);
    g_autoptr (GArray) moves = bg_game_get_legal_moves (plain);
    g_autofree char *label = trio_board_selection_choice_label (plain,
                                                                g_array_index (moves, BgMove,
                                                                               0),
                                                                kinds, G_N_ELEMENTS (kinds));
    g_autofree char *text = bg_game_format_move (plain, g_array_index (moves, BgMove, 0));

    g_assert_cmpstr (label, ==, text);
  }

  trio_board_selection_clear (sel);
  g_assert_cmpuint (n_selected (sel), ==, 0);
  g_assert_cmpuint ((trio_board_selection_get_choices (sel, &n), n), ==, 0);
}

static void
assert_refused (TrioBoardSelection *sel,
                const BgGame       *game,
                const char         *name,
                const char         *reason)
{
  assert_choose (sel, game, name, TRIO_SELECTION_REFUSED);
  g_assert_cmpstr (trio_board_selection_get_refusal (sel), ==, reason);
}

/* Issue 34: a refused click says why, in the engine's words; a mill asks for a removal. */
static void
test_refusals (void)
{
  g_autoptr (BgGame) placing = new_game ("triple-alliance", NULL, NULL, NULL);
  g_autoptr (BgGame) steps = new_game ("triple-alliance", NULL, NULL,
                                       "p1=a1,b1,d1,a2,c2,e2 p2=a4,c4,e4,b5,d5,e5 "
                                       "hand=0,0 turn=1");
  g_autoptr (BgGame) mill = new_game ("marelle", NULL, NULL, NULL);
  g_autoptr (BgGame) standard = new_game ("marelle", "variant", "standard",
                                          "p1=a1,d1,a4,g4,c4,e3 p2=a7,d7,g7,b6,f6,e4 "
                                          "hand=0,0 turn=1");
  g_autoptr (BgGame) capture = new_game ("trichess", "board", "prolapsus",
                                         "8/7wK/2wR5/2rN5 8/8/rK7/8 8/8/bK7/8 w");
  g_autoptr (TrioBoardSelection) sel = trio_board_selection_new ();
  g_autofree char *pending = NULL;
  g_autofree char *why = NULL;
  TrioSelectionResult result;

  /* La Triple Alliance: a third piece on a line, then a point that takes it. */
  play (placing, "a1 e5 b1 e4");
  trio_board_selection_set_game (sel, placing);
  assert_refused (sel, placing, "c1", "While placing, no third piece may go on a line: c1 "
                  "would complete a1–\u2060b1–\u2060c1.");
  assert_move (placing, trio_board_selection_choose (sel, tau_location (placing, "d1")), "d1");
  g_assert_null (trio_board_selection_get_refusal (sel));

  /* The other player's piece; a point out of reach gives the selection up. */
  trio_board_selection_set_game (sel, steps);
  assert_refused (sel, steps, "a4", "The piece on a4 is not yours.");
  assert_choose (sel, steps, "c2", TRIO_SELECTION_EXTENDED);
  g_assert_null (trio_board_selection_get_refusal (sel));
  why = trio_board_selection_explain (sel, tau_location (steps, "a3"));
  g_assert_cmpstr (why, ==, "a3 is not next to c2: a piece moves one step along a line.");
  g_assert_cmpuint (n_selected (sel), ==, 1);
  g_assert_null (trio_board_selection_explain (sel, tau_location (steps, "b2")));
  g_assert_false (trio_board_selection_is_choosing_removal (sel));
  result = trio_board_selection_choose (sel, tau_location (steps, "a3"));
  g_assert_cmpint (result.outcome, ==, TRIO_SELECTION_REFUSED);
  g_assert_true (result.gave_up);
  g_assert_cmpstr (trio_board_selection_get_refusal (sel), ==,
                   "a3 is not next to c2: a piece moves one step along a line.");
  g_assert_cmpuint (n_selected (sel), ==, 0);
  /* Giving up the selection for another piece that can move is no refusal. */
  assert_choose (sel, steps, "c2", TRIO_SELECTION_EXTENDED);
  assert_choose (sel, steps, "a2", TRIO_SELECTION_EXTENDED);
  g_assert_null (trio_board_selection_get_refusal (sel));

  /* Marelle: g7 closes a mill; the piece to take is Black's, never White's. */
  play (mill, "a7 b6 d7 b4");
  trio_board_selection_set_game (sel, mill);
  g_assert_false (trio_board_selection_is_choosing_removal (sel));
  g_assert_cmpuint (trio_board_selection_get_removal_move (sel), ==, BG_MOVE_NONE);
  assert_choose (sel, mill, "g7", TRIO_SELECTION_EXTENDED);
  g_assert_true (trio_board_selection_is_choosing_removal (sel));
  /* Issue 47: meanwhile, a move that the piece taken completes (g7 and a piece of Black's). */
  pending = bg_game_format_move (mill, trio_board_selection_get_removal_move (sel));
  g_assert_true (g_str_equal (pending, "g7xb4") || g_str_equal (pending, "g7xb6"));
  assert_refused (sel, mill, "a7", "Take one of your opponent’s pieces, not one of yours.");
  /* The mill stays: its piece to take is still to choose. */
  g_assert_cmpuint (n_selected (sel), ==, 1);
  g_assert_true (trio_board_selection_is_choosing_removal (sel));
  assert_move (mill, trio_board_selection_choose (sel, tau_location (mill, "b4")), "g7xb4");
  g_assert_false (trio_board_selection_is_choosing_removal (sel));

  /* Standard morris: a piece in a mill is protected while Black has others. */
  trio_board_selection_set_game (sel, standard);
  assert_refused (sel, standard, "a1", "The piece on a1 cannot move: the points next to it are "
                  "all taken.");
  assert_choose (sel, standard, "g4", TRIO_SELECTION_EXTENDED);
  g_assert_false (trio_board_selection_is_choosing_removal (sel));
  assert_choose (sel, standard, "g1", TRIO_SELECTION_EXTENDED);
  g_assert_true (trio_board_selection_is_choosing_removal (sel));
  assert_refused (sel, standard, "a7", "The piece on a7 is in a mill: take one that is not in "
                  "a mill.");

  /* A TRICHESS capture takes on the square it lands on: no removal to choose. */
  trio_board_selection_set_game (sel, capture);
  assert_choose (sel, capture, "1-c3", TRIO_SELECTION_EXTENDED);
  g_assert_true (trio_board_selection_is_target (sel, tau_location (capture, "1-c4")));
  g_assert_false (trio_board_selection_is_choosing_removal (sel));

  /* While the computer thinks, a click is refused without a reason. */
  trio_board_selection_set_interactive (sel, FALSE);
  assert_refused (sel, capture, "1-a1", NULL);
}

static void
test_no_game (void)
{
  g_autoptr (TrioBoardSelection) sel = trio_board_selection_new ();
  TrioSelectionResult result = trio_board_selection_choose (sel, 0);

  g_assert_cmpint (result.outcome, ==, TRIO_SELECTION_REFUSED);
  g_assert_false (trio_board_selection_is_stale (sel));
  g_assert_false (trio_board_selection_is_start (sel, 0));
  g_assert_cmpuint (n_targets (sel), ==, 0);
}

int
main (int    argc,
      char **argv)
{
  /* The labels in English, whatever the tester's language. */
  g_setenv ("LANGUAGE", "C", TRUE);
  setlocale (LC_ALL, "C");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/board-selection/marelle-mill", test_marelle_mill);
  g_test_add_func ("/board-selection/triple-alliance-steps", test_triple_alliance_steps);
  g_test_add_func ("/board-selection/trichess-promotion", test_trichess_promotion);
  g_test_add_func ("/board-selection/refusals", test_refusals);
  g_test_add_func ("/board-selection/no-game", test_no_game);
  return g_test_run ();
}
