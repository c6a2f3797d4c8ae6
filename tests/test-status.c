/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-status.c: the status line's sentences (trio-status.c), without a display
 *
 * Issue 34: TRICHESS's end names the winner in plain words before the rule's term; a move
 * that closed a mill tells which piece it took; a mill to close asks for a piece to take.
 * The names are the seats' own when they have one. The analysis counts TRICHESS's losses in
 * pawns and the other searched games' in pieces (the game descriptor's eval_unit).
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
test_analysis_unit (void)
{
  BgMoveAnalysis move = { .method = BG_ANALYSIS_SEARCH, .loss = 150, .score_before = 20 };
  g_autofree char *pawns = trio_status_describe_analysis ("trichess", &move, "c2-c1");
  g_autofree char *pieces = trio_status_describe_analysis ("marelle", &move, "a7");
  g_autofree char *mistake = NULL;

  g_assert_cmpstr (pawns, ==, "Good move (1.5 pawns less than c2-c1).");
  g_assert_cmpstr (pieces, ==, "Good move (1.5 pieces less than a7).");
  move.judgement = BG_JUDGEMENT_MISTAKE;
  mistake = trio_status_describe_analysis ("triple-alliance", &move, "a1");
  g_assert_cmpstr (mistake, ==, "Mistake: 1.5 pieces less than a1.");
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
  g_test_add_func ("/status/analysis-unit", test_analysis_unit);
  return g_test_run ();
}
