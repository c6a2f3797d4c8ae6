/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-status.c: the status line's sentences (trio-status.c), without a display
 *
 * Issue 34: TRICHESS's end names the winner in plain words before the rule's term; a move
 * that closed a mill tells which piece it took; a mill to close asks for a piece to take.
 * The names are the seats' own when they have one. The analysis counts TRICHESS's losses in
 * pawns and the other searched games' in pieces (the game descriptor's eval_unit).
 * Issue 47: the analysis in a player's words: a judged searched move so many pieces or pawns
 * worse than the best (La Triple Alliance, whose evaluation counts no material: "a little",
 * "clearly", "much worse"), a good one not weighed, the search's forced wins and losses as
 * such; the solved table's moves by who wins in how many moves; Triomino's by points.
 */

#include <locale.h>

#include "test-app-util.h"
#include "session/trio-status.h"

/* Every seat human, named by names (NULL-terminated, NULL entries unnamed). */
static TrioSession *
new_session (BgGame            *game,
             const char *const *names)
{
  TrioSeat seats[TRIO_MAX_SEATS] = { { 0 } };
  TrioSession *session = trio_session_new ();
  g_autoptr (GError) error = NULL;
  guint n = (guint) bg_game_get_n_players (game);

  for (guint i = 0; i < n && names != NULL; i++)
    seats[i].name = (char *) names[i];
  g_assert_true (trio_session_resume (session, game, seats, n, &error));
  g_assert_no_error (error);
  return session;
}

static void
assert_status (TrioSession *session,
               const char  *expected)
{
  g_autofree char *text = trio_status_describe (session);

  g_assert_cmpstr (text, ==, expected);
}

static void
test_trichess_end (void)
{
  /* Black's rook to 1-e3 checks White's and Red's kings: échec et fat. */
  g_autoptr (TrioSession) session =
    new_session (tau_game_new ("trichess", "4wK3/8/bR7/8 3rK4/8/8/8 8/8/bK7/8 b", "1-a3-1-e3"),
                 NULL);
  const char *const names[] = { "Ann", "Bob", "Cy" };
  g_autoptr (TrioSession) named =
    new_session (tau_game_new ("trichess", "4wK3/8/bR7/8 3rK4/8/8/8 8/8/bK7/8 b", "1-a3-1-e3"),
                 names);

  assert_status (session, "Black wins: échec et fat (a double check). Black is the seigneur, "
                 "White the serf and Red the vassal.");
  assert_status (named, "Cy wins: échec et fat (a double check). Cy is the seigneur, Ann the "
                 "serf and Bob the vassal.");
}

static void
test_mill (void)
{
  const char *const names[] = { "Ann", NULL };
  /* White's g7 closes a7-d7-g7 and takes b4. */
  g_autoptr (TrioSession) mill = new_session (tau_game_new ("marelle", NULL,
                                                            "a7 b6 d7 b4 g7xb4"), names);
  g_autoptr (TrioSession) before = new_session (tau_game_new ("marelle", NULL, "a7 b6 d7 b4"),
                                                names);
  g_autoptr (TrioSession) after = new_session (tau_game_new ("marelle", NULL,
                                                             "a7 b6 d7 b4 g7xb4 d2"), names);
  g_autofree char *removal = trio_status_describe_removal (before);

  assert_status (mill, "Ann closed a mill and took the piece on b4 — Black to move");
  assert_status (before, "Ann to move");
  g_assert_cmpstr (removal, ==, "Ann closes a mill: take one of Black’s pieces.");
  /* Told until the next move. */
  assert_status (after, "Ann to move");
}

/* Issue 47: while the piece a mill takes is chosen, the piece placed is no longer in hand:
 * the count is the position's after the move pointed at (g7xb4 or g7xb6, the same hands). */
static void
test_hand_while_removing (void)
{
  g_autoptr (TrioSession) before = new_session (tau_game_new ("marelle", NULL, "a7 b6 d7 b4"),
                                                NULL);
  const BgGame *game = trio_session_get_game (before);
  BgMove move = BG_MOVE_NONE;
  g_autofree char *white = NULL;
  g_autofree char *black = NULL;
  g_autofree char *waiting = trio_status_describe_player (before, 0, "White", BG_MOVE_NONE);

  g_assert_true (bg_game_parse_move (game, "g7xb6", &move, NULL));
  white = trio_status_describe_player (before, 0, "White", move);
  black = trio_status_describe_player (before, 1, "Black", move);
  g_assert_cmpstr (waiting, ==, "White — 7 pieces to place");
  g_assert_cmpstr (white, ==, "White — 6 pieces to place");
  g_assert_cmpstr (black, ==, "Black — 7 pieces to place");
}

/* A TRICHESS capture takes a piece without a mill: nothing more is told. */
static void
test_capture (void)
{
  g_autoptr (TrioSession) session =
    new_session (tau_game_new ("trichess", "8/7wK/2wR5/2rN5 8/8/rK7/8 8/8/bK7/8 w",
                               "1-c3-1-c4"), NULL);

  assert_status (session, "Red to move");
}

/* A searched move's loss, in the unit of its game's evaluation. */
static void
assert_analysis (const char           *id,
                 const BgMoveAnalysis *move,
                 const char           *best,
                 const char           *expected)
{
  g_autofree char *text = trio_status_describe_analysis (id, move, best);

  g_assert_cmpstr (text, ==, expected);
}

/* Issue 47: a searched move in a player's words: a good move is not weighed; a judged one is
 * so many pieces or pawns worse than the best, rounded, or in words where the evaluation
 * counts no material (La Triple Alliance); the search's wins and losses are told as such,
 * never as thousands of pieces. */
static void
test_analysis_search (void)
{
  BgMoveAnalysis move = { .method = BG_ANALYSIS_SEARCH, .loss = 150, .score_before = 20,
                          .score_after = -130 };

  assert_analysis ("trichess", &move, "1-c2-1-c4", "Good move, nearly as good as 1-c2-1-c4.");
  assert_analysis ("marelle", &move, "a7", "Good move, nearly as good as a7.");
  move.judgement = BG_JUDGEMENT_MISTAKE;
  assert_analysis ("marelle", &move, "a7", "Mistake: about 2 pieces worse than a7.");
  assert_analysis ("trichess", &move, "1-c2-1-c4",
                   "Mistake: about 2 pawns worse than 1-c2-1-c4.");
  assert_analysis ("triple-alliance", &move, "d4", "Mistake: clearly worse than d4.");
  move.loss = 2000;
  move.judgement = BG_JUDGEMENT_BLUNDER;
  assert_analysis ("triple-alliance", &move, "d4", "Blunder: much worse than d4.");
  move.loss = 60;
  move.judgement = BG_JUDGEMENT_INACCURACY;
  assert_analysis ("trichess", &move, "1-c2-1-c4",
                   "Inaccuracy: about half a pawn worse than 1-c2-1-c4.");
  assert_analysis ("triple-alliance", &move, "d4", "Inaccuracy: a little worse than d4.");
  move.loss = 100;
  assert_analysis ("marelle", &move, "a7", "Inaccuracy: about 1 piece worse than a7.");
  move.loss = 30;
  assert_analysis ("marelle", &move, "a7", "Inaccuracy: a little worse than a7.");

  /* The search's wins and losses: the analysis of a real game once said "Blunder: 9999.6
   * pieces less than e2." of a move into a forced loss. */
  move = (BgMoveAnalysis) { .method = BG_ANALYSIS_SEARCH, .score_before = -34,
                            .score_after = -(BG_SCORE_WIN - 4),
                            .loss = BG_SCORE_WIN - 4 - 34, .judgement = BG_JUDGEMENT_BLUNDER };
  assert_analysis ("triple-alliance", &move, "e2",
                   "Blunder: this move loses by force, which e2 avoids.");
  move.score_before = BG_SCORE_WIN - 3;
  move.loss = move.score_before - move.score_after;
  assert_analysis ("triple-alliance", &move, "e2", "Blunder: lets a forced win go; e2 wins.");
  move.score_after = BG_SCORE_WIN - 7;
  move.loss = 4;
  move.judgement = BG_JUDGEMENT_NONE;
  assert_analysis ("marelle", &move, "d2", "Wins too, but d2 wins sooner.");
  move.score_before = -(BG_SCORE_WIN - 9);
  move.score_after = -(BG_SCORE_WIN - 3);
  move.loss = 6;
  assert_analysis ("marelle", &move, "d2", "The position is lost; d2 holds out longer.");
  move.loss = 0;
  move.score_after = move.score_before;
  assert_analysis ("marelle", &move, "d2", "The position is lost whatever the move.");
  move.score_before = move.score_after = BG_SCORE_WIN - 3;
  assert_analysis ("marelle", &move, "d2", "Best move: it wins by force.");
  move.score_before = move.score_after = 12;
  assert_analysis ("marelle", &move, "d2", "Best move found.");
}

/* A move rated from the solved table: who wins and how soon, in the winner's moves. */
static void
test_analysis_table (void)
{
  BgMoveAnalysis move = {
    .method = BG_ANALYSIS_TABLE, .exact = TRUE, .judgement = BG_JUDGEMENT_BLUNDER,
    .value_before = { BG_TA_OUTCOME_WIN, 13 }, .value_after = { BG_TA_OUTCOME_LOSS, 10 },
  };

  assert_analysis ("triple-alliance", &move, "d4",
                   "Blunder: loses in 5 moves, where d4 wins in 7 moves.");
  move.judgement = BG_JUDGEMENT_MISTAKE;
  move.value_after = (BgTaValue) { BG_TA_OUTCOME_DRAW, 0 };
  assert_analysis ("triple-alliance", &move, "d4",
                   "Mistake: only draws, where d4 wins in 7 moves.");
  move.value_before = move.value_after;
  move.value_after = (BgTaValue) { BG_TA_OUTCOME_LOSS, 4 };
  assert_analysis ("triple-alliance", &move, "d4", "Mistake: loses in 2 moves, where d4 draws.");
  move.judgement = BG_JUDGEMENT_NONE;
  move.value_before = (BgTaValue) { BG_TA_OUTCOME_WIN, 13 };
  move.value_after = (BgTaValue) { BG_TA_OUTCOME_WIN, 17 };
  assert_analysis ("triple-alliance", &move, "d4", "Wins too, in 9 moves; d4 wins in 7.");
  move.value_before = (BgTaValue) { BG_TA_OUTCOME_LOSS, 10 };
  move.value_after = (BgTaValue) { BG_TA_OUTCOME_LOSS, 6 };
  assert_analysis ("triple-alliance", &move, "d4", "Loses in 3 moves; d4 holds out for 5.");
  move.value_after = move.value_before;
  assert_analysis ("triple-alliance", &move, "d4", "Best defence: loses in 5 moves.");
  move.value_before = move.value_after = (BgTaValue) { BG_TA_OUTCOME_WIN, 13 };
  assert_analysis ("triple-alliance", &move, "d4", "Best play: wins in 7 moves.");
  move.forced = TRUE;
  assert_analysis ("triple-alliance", &move, "d4", "The only move.");
}

/* A Triomino placement: its points, and the best one's. */
static void
test_analysis_points (void)
{
  BgMoveAnalysis move = { .method = BG_ANALYSIS_POINTS, .score_before = 15, .score_after = 12,
                          .loss = 3 };

  assert_analysis ("triomino", &move, "1-2-3@c4", "Good placement: 12 points; 1-2-3@c4 makes 15.");
  move.judgement = BG_JUDGEMENT_BLUNDER;
  move.score_before = 55;
  move.loss = 43;
  assert_analysis ("triomino", &move, "1-2-3@c4", "Blunder: 43 points less than 1-2-3@c4.");
  move.loss = 0;
  move.score_after = 55;
  assert_analysis ("triomino", &move, "1-2-3@c4", "Best placement found (55 points).");
}

int
main (int    argc,
      char **argv)
{
  /* The sentences in English, whatever the tester's language. */
  g_setenv ("LANGUAGE", "C", TRUE);
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/status/trichess-end", test_trichess_end);
  g_test_add_func ("/status/mill", test_mill);
  g_test_add_func ("/status/hand-while-removing", test_hand_while_removing);
  g_test_add_func ("/status/capture", test_capture);
  g_test_add_func ("/status/analysis-search", test_analysis_search);
  g_test_add_func ("/status/analysis-table", test_analysis_table);
  g_test_add_func ("/status/analysis-points", test_analysis_points);
  return g_test_run ();
}
