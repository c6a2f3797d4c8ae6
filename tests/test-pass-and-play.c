/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-pass-and-play.c: when the session covers the hand of the human to move, without a
 * display (issue 46)
 *
 * In a game that hides each seat's hand from the others (Triomino) with two humans or more
 * at one screen, the human to move finds the hand covered when the turn comes from another
 * human, the computers' turns in between changing nothing, until they ask to see it; and
 * nothing while covered (a move, a hint) may be done on that hand. One human, a game
 * without hidden hands, or the setting off: never covered. A new, restored or opened game,
 * and an undo or redo under a cover, are covered.
 *
 * The deal of seed 7 for three players: player 1 opens with 4-4-4, then each draws.
 */

#include <string.h>

#include "test-app-util.h"
#include "session/trio-session.h"

static BgGame *
triomino_new (const char *moves)
{
  g_autoptr (GHashTable) options = bg_options_new ();
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) words = g_strsplit (moves != NULL ? moves : "", " ", -1);
  BgGame *game;

  g_hash_table_insert (options, g_strdup ("players"), g_strdup ("3"));
  g_hash_table_insert (options, g_strdup ("seed"), g_strdup ("7"));
  game = bg_game_new ("triomino", options, &error);
  g_assert_no_error (error);
  for (guint i = 0; words[i] != NULL; i++)
    if (words[i][0] != '\0')
      {
        bg_game_play_text (game, words[i], &error);
        g_assert_no_error (error);
      }
  return game;
}

/* A session of game with seats "hch": a human, or the computer at level 1. */
static TrioSession *
session_new (BgGame     *game,
             const char *seats)
{
  TrioSeat seat[TRIO_MAX_SEATS] = { { 0 } };
  TrioSession *session = trio_session_new ();
  g_autoptr (GError) error = NULL;
  guint n = (guint) strlen (seats);

  for (guint i = 0; i < n; i++)
    {
      seat[i].computer = seats[i] == 'c';
      seat[i].level = 1;
    }
  g_assert_true (trio_session_resume (session, game, seat, n, &error));
  g_assert_no_error (error);
  return session;
}

static int
to_move (TrioSession *session)
{
  return bg_game_get_player_to_move (trio_session_get_game (session)) + 1;
}

/* The computers' moves, played as the window plays them (at once: no pacing). */
static void
wait_for_computers (TrioSession *session)
{
  while (trio_session_is_thinking (session))
    g_main_context_iteration (NULL, TRUE);
}

/* The human to move plays move (in notation); refused while the hand is covered. */
static gboolean
play (TrioSession *session,
      const char  *text)
{
  g_autoptr (GError) error = NULL;
  BgMove move;

  g_assert_true (bg_game_parse_move (trio_session_get_game (session), text, &move, NULL));
  if (trio_session_play (session, move, &error))
    return TRUE;
  g_assert_error (error, BG_ERROR, BG_ERROR_ILLEGAL_MOVE);
  return FALSE;
}

static void
count_signal (gpointer  instance G_GNUC_UNUSED,
              guint    *count)
{
  (*count)++;
}

/* Three humans: each is covered in turn, a move is refused under the cover. */
static void
test_three_humans (void)
{
  g_autoptr (TrioSession) session = session_new (triomino_new (NULL), "hhh");
  guint signalled = 0;

  g_signal_connect (session, "cover-changed", G_CALLBACK (count_signal), &signalled);
  g_assert_true (trio_session_is_pass_and_play (session));
  /* A new game: whoever is at the screen, player 1's hand is covered. */
  g_assert_true (trio_session_is_covered (session));
  g_assert_false (trio_session_human_to_move (session));
  g_assert_false (play (session, "4-4-4@0,0"));
  trio_session_uncover (session);
  g_assert_cmpuint (signalled, ==, 1);
  g_assert_false (trio_session_is_covered (session));
  g_assert_true (trio_session_human_to_move (session));
  g_assert_true (play (session, "4-4-4@0,0"));
  /* Player 2's turn: covered until shown. */
  g_assert_cmpint (to_move (session), ==, 2);
  g_assert_true (trio_session_is_covered (session));
  g_assert_false (play (session, "draw"));
  trio_session_uncover (session);
  g_assert_cmpuint (signalled, ==, 2);
  /* A draw keeps the turn, and the hand in sight. */
  g_assert_true (play (session, "draw"));
  g_assert_cmpint (to_move (session), ==, 2);
  g_assert_false (trio_session_is_covered (session));
  g_assert_true (play (session, "draw"));
  g_assert_true (play (session, "draw"));
  g_assert_true (play (session, "pass"));
  g_assert_cmpint (to_move (session), ==, 3);
  g_assert_true (trio_session_is_covered (session));
  /* Uncovering twice changes nothing the second time. */
  trio_session_uncover (session);
  trio_session_uncover (session);
  g_assert_cmpuint (signalled, ==, 3);
}

/* Human 1, the computer, human 3: the computer's turn does not lift the cover owed to 3. */
static void
test_computer_between (void)
{
  g_autoptr (TrioSession) session = session_new (triomino_new (NULL), "hch");

  trio_session_uncover (session);
  g_assert_true (play (session, "4-4-4@0,0"));
  g_assert_cmpint (to_move (session), ==, 2);
  /* The computer's hand is never covered (nor shown: the window shows it face down). */
  g_assert_false (trio_session_is_covered (session));
  wait_for_computers (session);
  g_assert_cmpint (to_move (session), ==, 3);
  g_assert_true (trio_session_is_covered (session));
  trio_session_uncover (session);
  g_assert_true (trio_session_human_to_move (session));
}

/* One human among computers, a game without hidden hands, or the setting off: no cover. */
static void
test_never_covered (void)
{
  g_autoptr (TrioSession) alone = session_new (triomino_new (NULL), "hcc");
  g_autoptr (TrioSession) marelle = session_new (tau_game_new ("marelle", NULL, NULL), "hh");
  g_autoptr (TrioSession) off = session_new (triomino_new (NULL), "hhh");

  g_assert_false (trio_session_is_pass_and_play (alone));
  g_assert_false (trio_session_is_covered (alone));
  g_assert_true (trio_session_human_to_move (alone));
  g_assert_false (trio_session_is_pass_and_play (marelle));
  g_assert_false (trio_session_is_covered (marelle));

  g_assert_true (trio_session_get_hide_hands (off));
  trio_session_set_hide_hands (off, FALSE);
  g_assert_false (trio_session_is_covered (off));
  g_assert_true (play (off, "4-4-4@0,0"));
  g_assert_false (trio_session_is_covered (off));
  /* Turned on again, it leaves the hand in sight, and covers at the next pass. */
  trio_session_set_hide_hands (off, TRUE);
  g_assert_false (trio_session_is_covered (off));
  g_assert_true (play (off, "draw"));
  g_assert_true (play (off, "draw"));
  g_assert_true (play (off, "draw"));
  g_assert_true (play (off, "pass"));
  g_assert_true (trio_session_is_covered (off));
  /* Turned off under the cover, it lifts it. */
  trio_session_set_hide_hands (off, FALSE);
  g_assert_false (trio_session_is_covered (off));
}

/* An undo or redo under a cover does not bring back the hand of the player who left the
 * screen; one that leaves the same player to move keeps the hand in sight. */
static void
test_undo_redo (void)
{
  g_autoptr (TrioSession) session = session_new (triomino_new (NULL), "hhh");

  trio_session_uncover (session);
  g_assert_true (play (session, "4-4-4@0,0"));
  g_assert_true (trio_session_is_covered (session));
  /* Player 2, covered, takes back player 1's move: player 1's hand stays covered. */
  trio_session_undo (session);
  g_assert_cmpint (to_move (session), ==, 1);
  g_assert_true (trio_session_is_covered (session));
  trio_session_redo (session);
  g_assert_cmpint (to_move (session), ==, 2);
  g_assert_true (trio_session_is_covered (session));
  trio_session_uncover (session);
  g_assert_true (play (session, "draw"));
  /* Player 2 takes back their own draw: still their hand, in sight. */
  trio_session_undo (session);
  g_assert_cmpint (to_move (session), ==, 2);
  g_assert_false (trio_session_is_covered (session));
  /* And then player 1's move: covered, as player 2 is at the screen. */
  trio_session_undo (session);
  g_assert_cmpint (to_move (session), ==, 1);
  g_assert_true (trio_session_is_covered (session));
  /* Back to a move of the list (the review's Play from Here): covered too. */
  trio_session_uncover (session);
  g_assert_true (play (session, "4-4-4@0,0"));
  trio_session_uncover (session);
  g_assert_true (play (session, "draw"));
  trio_session_go_back_to (session, 0);
  g_assert_true (trio_session_is_covered (session));
}

/* A game restored or opened with a human to move among two or more: covered. */
static void
test_restored (void)
{
  g_autoptr (TrioSession) session =
    session_new (triomino_new ("4-4-4@0,0 draw draw draw pass"), "hhh");
  g_autoptr (TrioSession) computers = session_new (triomino_new ("4-4-4@0,0"), "hch");

  g_assert_cmpint (to_move (session), ==, 3);
  g_assert_true (trio_session_is_covered (session));
  /* The computer to move: nothing covered until the next human's turn. */
  g_assert_false (trio_session_is_covered (computers));
  wait_for_computers (computers);
  g_assert_true (trio_session_is_covered (computers));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/pass-and-play/three-humans", test_three_humans);
  g_test_add_func ("/pass-and-play/computer-between", test_computer_between);
  g_test_add_func ("/pass-and-play/never-covered", test_never_covered);
  g_test_add_func ("/pass-and-play/undo-redo", test_undo_redo);
  g_test_add_func ("/pass-and-play/restored", test_restored);
  return g_test_run ();
}
