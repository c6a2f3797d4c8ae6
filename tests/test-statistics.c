/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-statistics.c: the statistics of finished games (TrioStatistics), without a display
 *
 * Games finished in sessions are recorded for the right side and outcome (the computer's
 * level, hot-seat players by name or seat, TRICHESS's serf and vassal, a Triomino score),
 * once per end; saved and read back equal; the ten best scores in order; damaged and
 * hostile files set aside; an unwritable folder an error.
 */

#include <locale.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>

#include "bg-save.h"
#include "bg-search.h"
#include "statistics/trio-statistics.h"

/* La Triple Alliance: Dark's b4-b5 then makes a line of three (a5 b5 c5). */
#define TA_BEFORE_END "d2 a5 d3 b2 e2 c5 c4 b4 a2 d5 b3 d4 e2-e1"
#define TA_DARK_WINS TA_BEFORE_END " b4-b5"
#define TA_LIGHT_WINS TA_BEFORE_END " b2-b1 e1-d1"
/* Marelle triple, level 1 against itself: the second player wins. */
#define MARELLE_TRIPLE \
  "e4 a7 d6 f6 d7 f2 d5xa7 c4 c3 f4xd7 d7xf6 f6xd6 d6xf2 b2 d1 f2xc3 e3 d2xd5 d7-a7 " \
  "b2-b4 a7-b6 b4-b2xe4 d1-a1 f2-g1 e3-c3 f4-f2xc3 b6-g4 d2-d3 a1-d7 d3-d2xg4"
/* Nine men's morris, the same: the first player wins. */
#define MARELLE_STANDARD \
  "b6 d6 a7 e4 d1 a1 d5 b4 f4 f2 e3 c5 e5 c4 f6 c3xf6 d3 a4xe5 f4-g4 f2-f4 a7-d7 d6-f6 " \
  "b6-d6xa1 e4-e5 e3-e4 b4-b2 d1-d2 b2-b4xg4 e4-e3 f4-g4 d7-g7 g4-f4 g7-d7xf6 a4-a1 " \
  "d6-b6 f4-f2 b6-d6xb4 a1-d1 d2-b2 d1-a1 d7-g7 f2-d2 g7-d7xe5 a1-a4 d5-e5 d2-d1 " \
  "e5-d5xa4 c4-b4 d7-a7 b4-c4xb2 d3-d2 c3-d3 a7-d7xc4 d3-e5 e3-e4 e5-a1 e4-e5 " \
  "c5-g1xe5 d6-f6 g1-d3 f6-d6xa1"
/* Triomino, 2 players, seed 7, target 10: one round; player 1 wins 170 to 53. */
#define TRIOMINO \
  "4-4-4@0,0 draw draw draw pass draw draw draw pass draw draw 4-2-4@0,-1 2-4-5@0,-2 " \
  "draw 3-4-2@-1,-1 2-2-3@-1,-2 2-2-2@-1,-3 5-5-4@1,-2 3-3-2@-2,-2 5-2-2@0,-3 4-3-3@-1,0 " \
  "1-3-3@-2,0 3-1-1@-2,1 2-1-1@-3,1 5-5-3@1,-3 0-3-5@2,-3 1-2-3@-3,2 3-5-1@-3,3 " \
  "1-1-5@-2,3 3-0-0@2,-4 2-0-0@3,-4 0-1-2@3,-3 0-2-3@3,-5 draw 4-4-0@0,1 0-2-4@0,2 draw " \
  "2-5-5@0,-4 1-0-0@3,-2 draw 5-3-4@-3,4 draw 2-1-2@-1,-4 draw draw 0-1-1@3,-1 " \
  "4-1-1@4,-1 1-4-0@4,-2 draw 0-0-4@5,-2 0-0-0@5,-3"
/* TRICHESS: Black's rook mates White (the serf); Red is the vassal. */
#define TRICHESS_SETUP "7wK/6wPwP/bR7/8 8/8/rK7/8 8/8/bK7/8 b"

static char *tmp_dir;

static char *
tmp_path (const char *name)
{
  return g_build_filename (tmp_dir, name, NULL);
}

static BgGame *
new_game (const char *id,
          const char *options,
          const char *setup,
          const char *moves)
{
  g_auto (GStrv) words = g_strsplit (options ? options : "", " ", -1);
  g_autoptr (GHashTable) table = bg_options_parse ((const char *const *) words, NULL);
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) list = g_strsplit (moves ? moves : "", " ", -1);
  BgGame *game = setup ? bg_game_new_from_position (id, table, setup, &error)
                       : bg_game_new (id, table, &error);

  g_assert_no_error (error);
  for (guint i = 0; list[i] != NULL; i++)
    if (list[i][0] != '\0')
      {
        g_assert_true (bg_game_play_text (game, list[i], &error));
        g_assert_no_error (error);
      }
  return game;
}

/* seats: "h" a human, "hNAME" a human named NAME, "cN" the computer at level N. */
static TrioSession *
new_session (BgGame     *game,
             const char *seats)
{
  g_auto (GStrv) words = g_strsplit (seats, ",", -1);
  TrioSeat list[TRIO_MAX_SEATS] = { { 0 } };
  TrioSession *session = trio_session_new ();
  g_autoptr (GError) error = NULL;
  guint n = g_strv_length (words);

  for (guint i = 0; i < n; i++)
    {
      list[i].computer = words[i][0] == 'c';
      list[i].level = list[i].computer ? atoi (words[i] + 1) : 0;
      list[i].name = !list[i].computer && words[i][1] ? words[i] + 1 : NULL;
    }
  g_assert_true (trio_session_resume (session, game, list, n, &error));
  g_assert_no_error (error);
  return session;
}

/* Records a finished game; returns whether the statistics changed. */
static gboolean
record (TrioStatistics *stats,
        const char     *id,
        const char     *options,
        const char     *setup,
        const char     *moves,
        const char     *seats)
{
  g_autoptr (TrioSession) session = new_session (new_game (id, options, setup, moves), seats);

  g_assert_true (bg_game_is_over (trio_session_get_game (session)));
  return trio_statistics_record_game (stats, session);
}

static void
assert_counts (TrioStatistics *stats,
               const char     *game,
               const char     *side,
               guint           won,
               guint           drawn,
               guint           lost)
{
  g_assert_cmpuint (trio_statistics_get_count (stats, game, side, TRIO_OUTCOME_WON), ==, won);
  g_assert_cmpuint (trio_statistics_get_count (stats, game, side, TRIO_OUTCOME_DRAWN), ==,
                    drawn);
  g_assert_cmpuint (trio_statistics_get_count (stats, game, side, TRIO_OUTCOME_LOST), ==,
                    lost);
}

static guint
n_rows (TrioStatistics *stats)
{
  guint n;

  trio_statistics_get_rows (stats, &n);
  return n;
}

static guint
n_scores (TrioStatistics *stats)
{
  guint n;

  trio_statistics_get_best_scores (stats, &n);
  return n;
}

static void
assert_same (TrioStatistics *a,
             TrioStatistics *b)
{
  guint na, nb;
  const TrioStatisticsRow *ra = trio_statistics_get_rows (a, &na);
  const TrioStatisticsScore *sa, *sb;

  g_assert_cmpuint (na, ==, n_rows (b));
  for (guint i = 0; i < na; i++)
    for (int o = 0; o < TRIO_N_OUTCOMES; o++)
      g_assert_cmpuint (ra[i].counts[o], ==,
                        trio_statistics_get_count (b, ra[i].game, ra[i].side, o));
  sa = trio_statistics_get_best_scores (a, &na);
  sb = trio_statistics_get_best_scores (b, &nb);
  g_assert_cmpuint (na, ==, nb);
  for (guint i = 0; i < na; i++)
    {
      g_assert_cmpint (sa[i].score, ==, sb[i].score);
      g_assert_cmpint (sa[i].date, ==, sb[i].date);
      g_assert_cmpuint (sa[i].seat, ==, sb[i].seat);
      g_assert_true (g_strv_equal ((const char *const *) sa[i].players,
                                   (const char *const *) sb[i].players));
    }
}

static void
test_record (void)
{
  g_autofree char *path = tmp_path ("record");
  g_autoptr (TrioStatistics) stats = trio_statistics_new (path);
  g_autoptr (TrioStatistics) again = trio_statistics_new (path);
  g_autoptr (GError) error = NULL;
  const TrioStatisticsScore *scores;

  g_assert_true (trio_statistics_load (stats, NULL, &error));   /* no file: empty */
  g_assert_no_error (error);
  g_assert_cmpuint (n_rows (stats), ==, 0);

  /* One human: against the computer's level, whatever the human's name. */
  g_assert_true (record (stats, "triple-alliance", NULL, NULL, TA_DARK_WINS, "c3,hZoe"));
  g_assert_true (record (stats, "triple-alliance", NULL, NULL, TA_DARK_WINS, "h,c3"));
  assert_counts (stats, "triple-alliance", "computer:3", 1, 0, 1);
  /* The perfect level without its table plays, and counts, as the expert. */
  g_assert_true (record (stats, "triple-alliance", NULL, NULL, TA_DARK_WINS, "c7,h"));
  assert_counts (stats, "triple-alliance", "computer:6", 1, 0, 0);
  /* Marelle's variants apart. */
  g_assert_true (record (stats, "marelle", NULL, NULL, MARELLE_TRIPLE, "h,c2"));
  g_assert_true (record (stats, "marelle", "variant=standard", NULL, MARELLE_STANDARD,
                         "h,c5"));
  assert_counts (stats, "marelle/triple", "computer:2", 0, 0, 1);
  assert_counts (stats, "marelle/standard", "computer:5", 1, 0, 0);
  /* TRICHESS: Black wins; White (the serf) and Red (the vassal) lose; two levels faced. */
  g_assert_true (record (stats, "trichess", NULL, TRICHESS_SETUP, "1-a3-1-a1", "h,c4,c6"));
  g_assert_true (record (stats, "trichess", NULL, TRICHESS_SETUP, "1-a3-1-a1", "c6,h,c4"));
  g_assert_true (record (stats, "trichess", NULL, TRICHESS_SETUP, "1-a3-1-a1", "c4,c4,h"));
  assert_counts (stats, "trichess", "computer:4,6", 0, 0, 2);
  assert_counts (stats, "trichess", "computer:4", 1, 0, 0);
  /* Hot seat: each human by name, or by seat. */
  g_assert_true (record (stats, "triple-alliance", NULL, NULL, TA_DARK_WINS, "hAlice,h"));
  assert_counts (stats, "triple-alliance", "player:Alice", 0, 0, 1);
  assert_counts (stats, "triple-alliance", "player-seat:1", 1, 0, 0);
  /* A name with the file's separators, and one with a control character (its seat then). */
  g_assert_true (record (stats, "triple-alliance", NULL, NULL, TA_DARK_WINS,
                         "h;x=[y] \\z,hTab\there"));
  assert_counts (stats, "triple-alliance", "player:;x=[y] \\z", 0, 0, 1);
  assert_counts (stats, "triple-alliance", "player-seat:1", 2, 0, 0);
  /* Computers only: nothing. */
  g_assert_false (record (stats, "triple-alliance", NULL, NULL, TA_DARK_WINS, "c1,c2"));
  g_assert_cmpuint (n_rows (stats), ==, 9);
  /* Triomino: the result and each human's score. */
  g_assert_true (record (stats, "triomino", "players=2 seed=7 target=10", NULL, TRIOMINO,
                         "hBob,c1"));
  g_assert_true (record (stats, "triomino", "players=2 seed=7 target=10", NULL, TRIOMINO,
                         "h,hBob"));
  assert_counts (stats, "triomino", "computer:1", 1, 0, 0);
  assert_counts (stats, "triomino", "player-seat:0", 1, 0, 0);
  assert_counts (stats, "triomino", "player:Bob", 0, 0, 1);
  scores = trio_statistics_get_best_scores (stats, &(guint) { 0 });
  g_assert_cmpuint (n_scores (stats), ==, 3);
  g_assert_cmpint (scores[0].score, ==, 170);
  g_assert_cmpstr (scores[0].players[scores[0].seat], ==, "player:Bob");
  g_assert_cmpstr (scores[0].players[1], ==, "computer:1");
  g_assert_cmpint (scores[1].score, ==, 170);      /* the tie: the earlier first */
  g_assert_cmpstr (scores[1].players[scores[1].seat], ==, "player-seat:0");
  g_assert_cmpint (scores[2].score, ==, 53);
  g_assert_cmpuint (scores[2].seat, ==, 1);

  /* Saved at every record: read back equal. */
  g_assert_true (trio_statistics_load (again, NULL, &error));
  g_assert_no_error (error);
  assert_same (stats, again);
}

/* One game counts once: the same end again changes nothing, a new end after an undo
 * replaces the first; a new game in the same session counts apart. */
static void
test_once (void)
{
  g_autofree char *path = tmp_path ("once");
  g_autoptr (TrioStatistics) stats = trio_statistics_new (path);
  g_autoptr (TrioSession) session = NULL;
  g_autoptr (GError) error = NULL;

  session = new_session (new_game ("triple-alliance", NULL, NULL, TA_DARK_WINS), "hAl,hBo");
  g_assert_true (trio_statistics_record_game (stats, session));
  g_assert_false (trio_statistics_record_game (stats, session));
  assert_counts (stats, "triple-alliance", "player:Al", 0, 0, 1);

  /* Undo and redo: the same end. */
  trio_session_undo (session);
  g_assert_false (trio_statistics_record_game (stats, session));  /* not over */
  trio_session_redo (session);
  g_assert_false (trio_statistics_record_game (stats, session));
  assert_counts (stats, "triple-alliance", "player:Al", 0, 0, 1);

  /* Undo and another end: Light wins instead. */
  trio_session_undo (session);
  {
    g_auto (GStrv) moves = g_strsplit ("b2-b1 e1-d1", " ", -1);

    for (guint i = 0; moves[i] != NULL; i++)
      {
        BgMove move;

        g_assert_true (bg_game_parse_move (trio_session_get_game (session), moves[i], &move,
                                           NULL));
        g_assert_true (trio_session_play (session, move, &error));
        g_assert_no_error (error);
      }
  }
  g_assert_true (trio_statistics_record_game (stats, session));
  assert_counts (stats, "triple-alliance", "player:Al", 1, 0, 0);
  assert_counts (stats, "triple-alliance", "player:Bo", 0, 0, 1);

  /* A new game in the session, ended the same way: a second game. */
  g_assert_true (trio_session_resume (session, new_game ("triple-alliance", NULL, NULL,
                                                         TA_LIGHT_WINS), NULL, 0, &error));
  g_assert_true (trio_statistics_record_game (stats, session));
  assert_counts (stats, "triple-alliance", "player-seat:0", 1, 0, 0);

  /* After a reset, nothing is withdrawn from the fresh statistics. */
  g_assert_true (trio_statistics_reset (stats, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n_rows (stats), ==, 0);
  trio_session_undo (session);
  trio_session_redo (session);
  g_assert_true (trio_statistics_record_game (stats, session));
  assert_counts (stats, "triple-alliance", "player-seat:0", 1, 0, 0);
  assert_counts (stats, "triple-alliance", "player-seat:1", 0, 0, 1);
  g_assert_cmpuint (n_rows (stats), ==, 2);
}

static void
write_file (const char *path,
            const char *text,
            gssize      length)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (g_file_set_contents (path, text, length, &error));
  g_assert_no_error (error);
}

/* The ten best, in order, whatever the order of the file; a new score takes its place. */
static void
test_best_ten (void)
{
  g_autofree char *path = tmp_path ("best");
  g_autoptr (TrioStatistics) stats = trio_statistics_new (path);
  g_autoptr (TrioStatistics) again = trio_statistics_new (path);
  g_autoptr (GString) text = g_string_new ("[Statistics]\nVersion=1\n[Triomino]\n");
  static const int values[] = { 120, 300, 90, 250, 171, 60, 400, 180, 30, 210, 169, 75 };
  static const int best[] = { 400, 300, 250, 210, 180, 171, 170, 169, 120, 90 };
  const TrioStatisticsScore *scores;
  g_autoptr (GError) error = NULL;
  guint n;

  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    g_string_append_printf (text, "%u=2024-0%u-01T12:00:00Z;%d;0;player:P%u;computer:3;\n",
                            i + 1, 1 + i % 9, values[i], i);
  write_file (path, text->str, -1);
  g_assert_true (trio_statistics_load (stats, NULL, &error));
  g_assert_no_error (error);
  scores = trio_statistics_get_best_scores (stats, &n);
  g_assert_cmpuint (n, ==, 10);
  g_assert_cmpint (scores[0].score, ==, 400);
  g_assert_cmpint (scores[9].score, ==, 75);
  g_assert_cmpstr (scores[0].players[0], ==, "player:P6");

  /* 170 enters between 171 and 169; 75 and 60 leave. */
  g_assert_true (record (stats, "triomino", "players=2 seed=7 target=10", NULL, TRIOMINO,
                         "h,c1"));
  scores = trio_statistics_get_best_scores (stats, &n);
  g_assert_cmpuint (n, ==, 10);
  for (guint i = 0; i < n; i++)
    g_assert_cmpint (scores[i].score, ==, best[i]);
  g_assert_cmpstr (scores[6].players[0], ==, "player-seat:0");

  g_assert_true (trio_statistics_load (again, NULL, &error));
  g_assert_no_error (error);
  assert_same (stats, again);
}

/* A damaged file is set aside, with its bytes, and a fresh store starts that saves. */
static void
check_damaged (const char *name,
               const char *text,
               gsize       length)
{
  g_autofree char *path = tmp_path (name);
  g_autoptr (TrioStatistics) stats = trio_statistics_new (path);
  g_autoptr (GError) error = NULL;
  g_autofree char *aside = NULL;
  g_autofree char *kept = NULL;
  gsize kept_length = 0;

  write_file (path, text, (gssize) length);
  g_assert_false (trio_statistics_load (stats, &aside, &error));
  g_assert_error (error, BG_ERROR, BG_ERROR_BAD_FILE);
  g_test_message ("%s: %s", name, error->message);
  g_assert_nonnull (aside);
  g_assert_true (g_str_has_prefix (aside, path));
  g_assert_true (strstr (aside, ".unreadable-") != NULL);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_get_contents (aside, &kept, &kept_length, NULL));
  g_assert_cmpuint (kept_length, ==, length);
  g_assert_true (memcmp (kept, text, length) == 0);
  g_assert_cmpuint (n_rows (stats), ==, 0);
  g_assert_cmpuint (n_scores (stats), ==, 0);

  g_clear_error (&error);
  g_assert_true (record (stats, "triple-alliance", NULL, NULL, TA_DARK_WINS, "h,c2"));
  g_assert_null (trio_statistics_get_save_error (stats));
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
}

static void
test_damaged (void)
{
  static const char binary[] = "[Statistics]\nVersion=1\n\0\x01\x02\xff\xfe";
  static const struct
  {
    const char *name;
    const char *text;
  } cases[] = {
    { "garbage", "hello, world\nthis is no statistics file\n" },
    { "no-version", "[Results]\n1=triple-alliance;computer:3;1;0;0;\n" },
    { "future", "[Statistics]\nVersion=2\n" },
    { "latin1", "[Statistics]\nVersion=1\n[Results]\n1=triomino;player:Ren\xe9;1;0;0;\n" },
    { "negative", "[Statistics]\nVersion=1\n[Results]\n1=triple-alliance;computer:3;-1;0;0;\n" },
    { "overflow", "[Statistics]\nVersion=1\n[Results]\n"
                  "1=triple-alliance;computer:3;18446744073709551617;0;0;\n" },
    { "sum-overflow", "[Statistics]\nVersion=1\n[Results]\n"
                      "1=triple-alliance;computer:3;1000000000;0;0;\n"
                      "2=triple-alliance;computer:3;1;0;0;\n" },
    { "level", "[Statistics]\nVersion=1\n[Results]\n1=triple-alliance;computer:9;1;0;0;\n" },
    { "fields", "[Statistics]\nVersion=1\n[Results]\n1=triple-alliance;computer:3;1;0;\n" },
    { "game", "[Statistics]\nVersion=1\n[Results]\n1=../etc;computer:3;1;0;0;\n" },
    { "score-date", "[Statistics]\nVersion=1\n[Triomino]\n1=yesterday;10;0;player-seat:0;"
                    "computer:1;\n" },
    { "score-seat", "[Statistics]\nVersion=1\n[Triomino]\n1=2024-01-01T00:00:00Z;10;2;"
                    "player-seat:0;computer:1;\n" },
    { "score-computer", "[Statistics]\nVersion=1\n[Triomino]\n1=2024-01-01T00:00:00Z;10;1;"
                        "player-seat:0;computer:1;\n" },
  };
  g_autoptr (GString) huge = g_string_new ("[Statistics]\nVersion=1\n[Results]\n");

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    check_damaged (cases[i].name, cases[i].text, strlen (cases[i].text));
  check_damaged ("binary", binary, sizeof binary - 1);
  /* 10 MB of well-formed rows. */
  for (guint i = 0; huge->len < 10 * 1024 * 1024; i++)
    g_string_append_printf (huge, "%u=triple-alliance;player:P%u;1;0;0;\n", i, i);
  check_damaged ("huge", huge->str, huge->len);
}

/* A folder at the file's place is set aside too; an unwritable folder is an error. */
static void
test_unwritable (void)
{
  g_autofree char *folder = tmp_path ("folder");
  g_autofree char *file = tmp_path ("a-file");
  g_autofree char *path = g_build_filename (file, "trio", "statistics", NULL);
  g_autoptr (TrioStatistics) stats = trio_statistics_new (path);
  g_autoptr (TrioStatistics) dir_stats = trio_statistics_new (folder);
  g_autoptr (GError) error = NULL;
  g_autofree char *aside = NULL;

  g_assert_cmpint (g_mkdir (folder, 0700), ==, 0);
  g_assert_false (trio_statistics_load (dir_stats, &aside, &error));
  g_assert_nonnull (aside);
  g_assert_true (g_file_test (aside, G_FILE_TEST_IS_DIR));
  g_clear_error (&error);

  /* The "folder" is a regular file (chmod would not stop root). */
  write_file (file, "not a folder", -1);
  g_assert_true (trio_statistics_load (stats, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (record (stats, "triple-alliance", NULL, NULL, TA_DARK_WINS, "h,c2"));
  g_assert_nonnull (trio_statistics_get_save_error (stats));
  g_test_message ("unwritable: %s", trio_statistics_get_save_error (stats)->message);
  assert_counts (stats, "triple-alliance", "computer:2", 0, 0, 1);
  g_assert_false (trio_statistics_save (stats, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOTDIR);
}

static void
test_sides (void)
{
  static const char *const valid[] = {
    "computer:1", "computer:7", "computer:2,5", "player:Zoé", "player-seat:5"
  };
  static const char *const invalid[] = {
    "computer:", "computer:0", "computer:8", "computer:5,2", "computer:3,3", "computer:+3",
    "player:", "player:a\tb", "player-seat:6", "player-seat:-1", "human", ""
  };
  TrioSide side;

  for (guint i = 0; i < G_N_ELEMENTS (valid); i++)
    g_assert_true (trio_side_parse (valid[i], &side));
  for (guint i = 0; i < G_N_ELEMENTS (invalid); i++)
    g_assert_false (trio_side_parse (invalid[i], &side));
  g_assert_true (trio_side_parse ("computer:2,5", &side));
  g_assert_cmpuint (side.levels, ==, (1u << 2) | (1u << 5));
  /* The window's order: levels, then mixes from their lowest level, names, seats. */
  g_assert_cmpint (trio_side_compare ("computer:2", "computer:3"), <, 0);
  g_assert_cmpint (trio_side_compare ("computer:2", "computer:2,5"), <, 0);
  g_assert_cmpint (trio_side_compare ("computer:2,5", "computer:3"), <, 0);
  g_assert_cmpint (trio_side_compare ("computer:7", "player:Al"), <, 0);
  g_assert_cmpint (trio_side_compare ("player:Al", "player:Bo"), <, 0);
  g_assert_cmpint (trio_side_compare ("player:Zed", "player-seat:0"), <, 0);
}

int
main (int    argc,
      char **argv)
{
  int status;

  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);
  tmp_dir = g_dir_make_tmp ("test-statistics-XXXXXX", NULL);
  g_assert_nonnull (tmp_dir);
  g_test_add_func ("/statistics/record", test_record);
  g_test_add_func ("/statistics/once", test_once);
  g_test_add_func ("/statistics/best-ten", test_best_ten);
  g_test_add_func ("/statistics/damaged", test_damaged);
  g_test_add_func ("/statistics/unwritable", test_unwritable);
  g_test_add_func ("/statistics/sides", test_sides);
  status = g_test_run ();
  if (status == 0)
    {
      g_autofree char *command = g_strdup_printf ("rm -rf '%s'", tmp_dir);

      (void) system (command);
    }
  g_free (tmp_dir);
  return status;
}
