/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-board-advice.c: the advisor of La Triple Alliance (trio-board-advice.c), without a
 * display
 *
 * The table is that of the game with three pieces each, solved when the test starts (a few
 * seconds). The values checked come from what is known of that game (test-analysis.c: after
 * b2 d1, e2 loses in 8 plies and b1 keeps the draw; then d2 wins in 7 and d3 loses in 4)
 * and from a line of three made in one move; every mark is also checked against the table's
 * value of the position each of its moves leads to. Installed through the game descriptor's
 * solved table, it is read for the game that has one, and for no other. The advisor's
 * sentence on a game whose first player wins (issue 47) comes from the same table.
 */

#include <glib/gstdio.h>
#include <locale.h>

#include "triple-alliance/solver/bg-ta-solve.h"
#include "triple-alliance/solver/bg-ta-table.h"
#include "test-app-util.h"
#include "board/trio-board-advice.h"
#include "games/trio-game.h"
#include "session/trio-status.h"

static BgTaTable *table;

/* La Triple Alliance with three pieces each, from the empty board. */
static BgGame *
new_small_game (const char *moves)
{
  return tau_game_new ("triple-alliance", "p1= p2= hand=3,3 turn=1", moves);
}

/* The mark on a location: its outcome, its distance in plies and the winner's moves. */
static void
assert_mark (const TrioBoardAdvice *advice,
             const BgGame          *game,
             const char            *name,
             BgTaOutcome            outcome,
             guint                  distance,
             guint                  moves)
{
  const TrioAdviceMark *mark = trio_board_advice_lookup (advice, tau_location (game, name));

  g_assert_nonnull (mark);
  g_assert_cmpint (mark->value.outcome, ==, outcome);
  if (outcome != BG_TA_OUTCOME_DRAW)
    g_assert_cmpuint (mark->value.distance, ==, distance);
  g_assert_cmpuint (mark->moves, ==, moves);
}

/* Every mark is the best, for the player to move, of the values of the positions its moves
 * lead to (probed one by one), and exactly the locations that may come next have one. */
static void
assert_marks_exact (const TrioBoardAdvice *advice,
                    const BgGame          *game,
                    const guint           *selected,
                    guint                  n_selected)
{
  const BgRules *rules = bg_game_get_rules (game);
  g_autoptr (GArray) legal = bg_game_get_legal_moves (game);
  g_autofree gboolean *seen = g_new0 (gboolean, rules->n_locations);
  g_autofree BgTaValue *best = g_new0 (BgTaValue, rules->n_locations);
  guint n_expected = 0;

  for (guint i = 0; i < legal->len; i++)
    {
      BgMove move = g_array_index (legal, BgMove, i);
      guint locs[BG_MAX_MOVE_LOCATIONS];
      guint n = rules->move_locations (bg_game_get_position (game), move, locs);
      g_autoptr (BgGame) after = bg_game_copy (game);
      BgTaValue child, value;
      gboolean match = n > n_selected;

      for (guint k = 0; k < n_selected && match; k++)
        match = locs[k] == selected[k];
      if (!match)
        continue;
      g_assert_true (bg_game_play (after, move, NULL));
      child = bg_ta_table_probe (table, after);
      if (bg_game_is_over (after))
        value = (BgTaValue) { BG_TA_OUTCOME_WIN, 1 };   /* the move makes the line */
      else if (child.outcome == BG_TA_OUTCOME_DRAW)
        value = child;
      else
        value = (BgTaValue) { child.outcome == BG_TA_OUTCOME_WIN ? BG_TA_OUTCOME_LOSS
                                                                  : BG_TA_OUTCOME_WIN,
                              child.distance + 1 };
      if (!seen[locs[n_selected]])
        n_expected++;
      if (!seen[locs[n_selected]] || bg_ta_value_compare (value, best[locs[n_selected]]) > 0)
        best[locs[n_selected]] = value;
      seen[locs[n_selected]] = TRUE;
    }
  g_assert_cmpuint (advice->n_marks, ==, n_expected);
  for (guint l = 0; l < rules->n_locations; l++)
    {
      const TrioAdviceMark *mark = trio_board_advice_lookup (advice, l);

      g_assert_true ((mark != NULL) == seen[l]);
      if (mark != NULL)
        {
          g_assert_cmpint (bg_ta_value_compare (mark->value, best[l]), ==, 0);
          g_assert_cmpint (mark->value.outcome, ==, best[l].outcome);
        }
    }
}

/* The placement phase: every free point has a mark, the pieces none. */
static void
test_placement (void)
{
  g_autoptr (BgGame) game = new_small_game ("b2 d1");
  g_autoptr (BgGame) reply = new_small_game ("b2 d1 e2");
  TrioBoardAdvice advice = { 0 };

  g_assert_true (trio_board_advice_read (&advice, table, game));
  g_assert_true (trio_board_advice_is_set (&advice));
  /* e2 loses in 8 plies, 4 moves of Dark's; b1 keeps the draw. */
  assert_mark (&advice, game, "e2", BG_TA_OUTCOME_LOSS, 8, 4);
  assert_mark (&advice, game, "b1", BG_TA_OUTCOME_DRAW, 0, 0);
  g_assert_null (trio_board_advice_lookup (&advice, tau_location (game, "b2")));
  g_assert_null (trio_board_advice_lookup (&advice, tau_location (game, "d1")));
  g_assert_cmpuint (advice.n_marks, ==, 22);   /* the 24 points less the two pieces */
  /* The draw is the best there is (the position's value). */
  g_assert_true (trio_board_advice_lookup (&advice, tau_location (game, "b1"))->best);
  g_assert_false (trio_board_advice_lookup (&advice, tau_location (game, "e2"))->best);
  g_assert_cmpint (bg_ta_table_probe (table, game).outcome, ==, BG_TA_OUTCOME_DRAW);
  assert_marks_exact (&advice, game, NULL, 0);

  /* Then Dark: d2 wins in 7 plies (4 moves), d3 loses in 4 (2 moves of Light's). */
  g_assert_true (trio_board_advice_read (&advice, table, reply));
  assert_mark (&advice, reply, "d2", BG_TA_OUTCOME_WIN, 7, 4);
  assert_mark (&advice, reply, "d3", BG_TA_OUTCOME_LOSS, 4, 2);
  assert_marks_exact (&advice, reply, NULL, 0);
  trio_board_advice_clear (&advice);
  g_assert_false (trio_board_advice_is_set (&advice));
  g_assert_cmpuint (advice.n_marks, ==, 0);
}

/* The movement phase: Light's c2-c1 makes the line a1 b1 c1. */
static void
test_selected_piece (void)
{
  g_autoptr (BgGame) game = tau_game_new ("triple-alliance", "p1=a1,b1,c2 p2=a5,d4,e5 hand=0,0 "
                                          "turn=1", NULL);
  TrioBoardAdvice advice = { 0 };
  guint c2 = tau_location (game, "c2"), b1 = tau_location (game, "b1");

  g_assert_true (trio_board_advice_read (&advice, table, game));
  trio_board_advice_choose (&advice, &c2, 1);
  /* c2's destinations: c1 wins at once, b2 and d2 as the table says. */
  g_assert_cmpuint (advice.n_marks, ==, 3);
  assert_mark (&advice, game, "c1", BG_TA_OUTCOME_WIN, 1, 1);
  g_assert_nonnull (trio_board_advice_lookup (&advice, tau_location (game, "b2")));
  g_assert_nonnull (trio_board_advice_lookup (&advice, tau_location (game, "d2")));
  /* The line at once is the best, and the only one. */
  g_assert_true (trio_board_advice_lookup (&advice, tau_location (game, "c1"))->best);
  g_assert_false (trio_board_advice_lookup (&advice, tau_location (game, "b2"))->best);
  g_assert_false (trio_board_advice_lookup (&advice, tau_location (game, "d2"))->best);
  g_assert_null (trio_board_advice_lookup (&advice, c2));
  assert_marks_exact (&advice, game, &c2, 1);

  /* b1's: b2 and c1. */
  trio_board_advice_choose (&advice, &b1, 1);
  assert_marks_exact (&advice, game, &b1, 1);
  g_assert_null (trio_board_advice_lookup (&advice, tau_location (game, "c2")));

  /* A location that starts no move: no marks. */
  {
    guint a5 = tau_location (game, "a5");

    trio_board_advice_choose (&advice, &a5, 1);
    g_assert_cmpuint (advice.n_marks, ==, 0);
  }
  trio_board_advice_clear (&advice);
}

/* Nothing selected in the movement phase: each piece that can move, with its best move. */
static void
test_all_pieces (void)
{
  g_autoptr (BgGame) game = tau_game_new ("triple-alliance", "p1=a1,b1,c2 p2=a5,d4,e5 hand=0,0 "
                                          "turn=1", NULL);
  TrioBoardAdvice advice = { 0 };
  guint c2 = tau_location (game, "c2");
  TrioBoardState state = { 0 };

  g_assert_true (trio_board_advice_read (&advice, table, game));
  assert_mark (&advice, game, "c2", BG_TA_OUTCOME_WIN, 1, 1);
  g_assert_true (trio_board_advice_lookup (&advice, tau_location (game, "c2"))->best);
  g_assert_false (trio_board_advice_lookup (&advice, tau_location (game, "a1"))->best);
  g_assert_nonnull (trio_board_advice_lookup (&advice, tau_location (game, "a1")));
  g_assert_nonnull (trio_board_advice_lookup (&advice, tau_location (game, "b1")));
  /* The opponent's pieces and the free points have none. */
  g_assert_null (trio_board_advice_lookup (&advice, tau_location (game, "d4")));
  g_assert_null (trio_board_advice_lookup (&advice, tau_location (game, "c1")));
  g_assert_cmpuint (advice.n_marks, ==, 3);
  assert_marks_exact (&advice, game, NULL, 0);

  /* Choosing a piece, then giving it up, comes back to the pieces. */
  trio_board_advice_choose (&advice, &c2, 1);
  trio_board_advice_choose (&advice, NULL, 0);
  assert_mark (&advice, game, "c2", BG_TA_OUTCOME_WIN, 1, 1);

  /* The view's state: the marks, but none while a move is animated. */
  trio_board_advice_fill (&advice, FALSE, &state);
  g_assert_true (state.advice == advice.marks);
  g_assert_cmpuint (state.n_advice, ==, 3);
  trio_board_advice_fill (&advice, TRUE, &state);
  g_assert_cmpuint (state.n_advice, ==, 0);
  trio_board_advice_clear (&advice);
}

/* A Dark piece that is shut in has no mark; the position after Dark's loss none at all. */
static void
test_blocked_and_over (void)
{
  /* Dark to move: e1 is shut in by d1 and e2 (Light's); e5 and a5 move. */
  g_autoptr (BgGame) game = tau_game_new ("triple-alliance", "p1=d1,e2,b4 p2=e1,e5,a5 hand=0,0 "
                                          "turn=2", NULL);
  g_autoptr (BgGame) over = tau_game_new ("triple-alliance", "p1=a1,b1,c2 p2=a5,d4,e5 hand=0,0 "
                                          "turn=1", "c2-c1");
  TrioBoardAdvice advice = { 0 };

  g_assert_true (trio_board_advice_read (&advice, table, game));
  g_assert_null (trio_board_advice_lookup (&advice, tau_location (game, "e1")));
  g_assert_nonnull (trio_board_advice_lookup (&advice, tau_location (game, "e5")));
  g_assert_nonnull (trio_board_advice_lookup (&advice, tau_location (game, "a5")));
  assert_marks_exact (&advice, game, NULL, 0);

  g_assert_true (bg_game_is_over (over));
  g_assert_false (trio_board_advice_read (&advice, table, over));
  g_assert_cmpuint (advice.n_marks, ==, 0);
}

/* No table, or a game the table does not hold: no advice, and the old one is forgotten. */
static void
test_no_table (void)
{
  g_autoptr (BgGame) game = new_small_game ("b2 d1");
  g_autoptr (BgGame) full = tau_game_new ("triple-alliance", NULL, NULL);
  g_autoptr (BgGame) marelle = tau_game_new ("marelle", NULL, NULL);
  TrioBoardAdvice advice = { 0 };
  TrioBoardState state = { 0 };

  g_assert_true (trio_board_advice_read (&advice, table, game));
  g_assert_cmpuint (advice.n_marks, >, 0);
  g_assert_false (trio_board_advice_read (&advice, NULL, game));
  g_assert_false (trio_board_advice_is_set (&advice));
  g_assert_cmpuint (advice.n_marks, ==, 0);
  g_assert_null (trio_board_advice_lookup (&advice, tau_location (game, "b1")));
  trio_board_advice_choose (&advice, NULL, 0);
  g_assert_cmpuint (advice.n_marks, ==, 0);
  trio_board_advice_fill (&advice, FALSE, &state);
  g_assert_cmpuint (state.n_advice, ==, 0);

  /* Six pieces each, with the table of three; another game; no game. */
  g_assert_false (trio_board_advice_read (&advice, table, full));
  g_assert_false (trio_board_advice_read (&advice, table, marelle));
  g_assert_false (trio_board_advice_read (&advice, table, NULL));
  g_assert_cmpuint (advice.n_marks, ==, 0);
  trio_board_advice_clear (&advice);
}

/* The words a screen reader says of a mark. */
static void
test_describe (void)
{
  TrioAdviceMark win = { 0, { BG_TA_OUTCOME_WIN, 5 }, 3 };
  TrioAdviceMark draw = { 0, { BG_TA_OUTCOME_DRAW, 0 }, 0 };
  TrioAdviceMark loss = { 0, { BG_TA_OUTCOME_LOSS, 2 }, 1 };
  g_autofree char *w = trio_board_advice_describe (&win);
  g_autofree char *d = trio_board_advice_describe (&draw);
  g_autofree char *l = trio_board_advice_describe (&loss);

  g_assert_cmpstr (w, ==, "wins in 3 moves");
  g_assert_cmpstr (d, ==, "draws");
  g_assert_cmpstr (l, ==, "loses in 1 move");
}

/* A location's label for screen readers, with its value when it has a mark. */
static void
test_label (void)
{
  g_autoptr (BgGame) game = new_small_game ("b2 d1");
  TrioBoardAdvice advice = { 0 };
  g_autofree char *before = NULL, *marked = NULL, *piece = NULL;

  before = trio_board_advice_label (&advice, tau_location (game, "b1"), "b1", "empty");
  g_assert_cmpstr (before, ==, "b1, empty");
  g_assert_true (trio_board_advice_read (&advice, table, game));
  marked = trio_board_advice_label (&advice, tau_location (game, "e2"), "e2", "empty");
  g_assert_cmpstr (marked, ==, "e2, empty: loses in 4 moves");
  piece = trio_board_advice_label (&advice, tau_location (game, "b2"), "b2", "light piece");
  g_assert_cmpstr (piece, ==, "b2, light piece");
  trio_board_advice_clear (&advice);
}

/* The table installed for the game's Perfect level (TrioGame.solved_table), read when the
 * advice is wanted; another game has none. */
static void
test_installed (void)
{
  g_autoptr (BgGame) game = new_small_game ("b2 d1");
  g_autoptr (BgGame) marelle = tau_game_new ("marelle", NULL, NULL);
  const TrioGame *solved = trio_game_find_solved_table ();
  TrioBoardAdvice advice = { 0 };

  g_assert_nonnull (solved);
  g_assert_true (solved == trio_game_for (game));
  g_assert_false (trio_game_has_installed_table (solved));
  g_assert_false (trio_board_advice_read_default (&advice, TRUE, game));
  solved->solved_table->install (table);
  g_assert_true (trio_game_has_installed_table (solved));
  g_assert_false (trio_game_has_installed_table (trio_game_for (marelle)));
  g_assert_false (trio_board_advice_read_default (&advice, FALSE, game));
  g_assert_true (trio_board_advice_read_default (&advice, TRUE, game));
  assert_mark (&advice, game, "e2", BG_TA_OUTCOME_LOSS, 8, 4);
  g_assert_false (trio_board_advice_read_default (&advice, TRUE, marelle));
  g_assert_false (trio_board_advice_read_default (&advice, TRUE, NULL));
  solved->solved_table->install (NULL);
  g_assert_false (trio_game_has_installed_table (solved));
  trio_board_advice_clear (&advice);
}

/* Issue 47: the advisor says once why one side's badges all show a loss: the table says the
 * player who begins the game wins it. The small game from b2 d1 e2 is Dark's to win (d2 wins
 * in 7 plies); from b2 d1 it is drawn, and nothing is said; nor without the table. */
static void
test_solved_start (void)
{
  g_autoptr (BgGame) won = tau_game_new ("triple-alliance", "p1=b2,e2 p2=d1 hand=1,2 turn=2",
                                         "d2 b1");
  g_autoptr (BgGame) drawn = tau_game_new ("triple-alliance", "p1=b2 p2=d1 hand=2,2 turn=1",
                                           NULL);
  g_autoptr (BgGame) marelle = tau_game_new ("marelle", NULL, NULL);
  const TrioGame *solved = trio_game_find_solved_table ();
  g_autofree char *without = trio_status_describe_solved_start (won);
  g_autofree char *text = NULL, *none = NULL, *other = NULL;

  g_assert_null (without);
  solved->solved_table->install (table);
  text = trio_status_describe_solved_start (won);
  none = trio_status_describe_solved_start (drawn);
  other = trio_status_describe_solved_start (marelle);
  solved->solved_table->install (NULL);
  g_assert_cmpstr (text, ==, "With perfect play Dark, who begins, always wins: Light’s moves "
                   "all show ✗ until Dark errs.");
  g_assert_null (none);
  g_assert_null (other);
}

static void
solve_table (char **path)
{
  BgTaSolveOptions options = { .n_pieces = 3, .n_threads = 2, .skip_count = TRUE };
  g_autoptr (GError) error = NULL;
  BgTaSolveStats stats;

  *path = g_build_filename (g_get_tmp_dir (), "trio-test-advice-XXXXXX", NULL);
  g_close (g_mkstemp (*path), NULL);
  options.path = *path;
  g_assert_true (bg_ta_solve (&options, &stats, &error));
  g_assert_no_error (error);
  table = bg_ta_table_open (*path, &error);
  g_assert_no_error (error);
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *path = NULL;
  int status;

  setlocale (LC_ALL, "C");
  g_setenv ("LANGUAGE", "C", TRUE);
  g_test_init (&argc, &argv, NULL);
  solve_table (&path);
  g_test_add_func ("/board-advice/placement", test_placement);
  g_test_add_func ("/board-advice/selected-piece", test_selected_piece);
  g_test_add_func ("/board-advice/all-pieces", test_all_pieces);
  g_test_add_func ("/board-advice/blocked-and-over", test_blocked_and_over);
  g_test_add_func ("/board-advice/no-table", test_no_table);
  g_test_add_func ("/board-advice/describe", test_describe);
  g_test_add_func ("/board-advice/label", test_label);
  g_test_add_func ("/board-advice/installed", test_installed);
  g_test_add_func ("/board-advice/solved-start", test_solved_start);
  status = g_test_run ();
  g_clear_pointer (&table, bg_ta_table_unref);
  g_unlink (path);
  return status;
}
