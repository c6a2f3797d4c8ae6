/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-save.c: saved games, their round trips and the files they must refuse */

#include <check.h>
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>
#include <glib/gstdio.h>

#include "bg-save.h"
#include "bg-search.h"
#include "triomino/bg-triomino.h"
#include "test-util.h"

/* A Triple Alliance movement position where both sides can shuffle without a line. */
#define TA_SHUFFLE "p1=a1,a5,e1 p2=b4,d2,e5 hand=0,0 turn=1"
#define TA_CYCLE "a1-a2 b4-b5 a2-a1 b5-b4 "

static BgGame *
new_game (const char *id,
          const char *option)
{
  const char *words[] = { option, NULL };
  g_autoptr (GHashTable) options = bg_options_parse (words, NULL);

  return tu_new_game (id, options, NULL);
}

static void
play_random (BgGame *game,
             guint   plies,
             guint32 seed)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);

  for (guint i = 0; i < plies && !bg_game_is_over (game); i++)
    {
      g_autoptr (GArray) moves = bg_game_get_legal_moves (game);
      BgMove move = g_array_index (moves, BgMove, g_rand_int_range (rand, 0, moves->len));

      ck_assert (bg_game_play (game, move, NULL));
    }
}

/* Like tu_play(), but skips empty words: TA_CYCLE ends with a space. */
static void
play (BgGame     *game,
      const char *moves)
{
  g_auto (GStrv) words = g_strsplit (moves, " ", -1);

  for (guint i = 0; words[i] != NULL; i++)
    {
      g_autoptr (GError) error = NULL;

      if (words[i][0] != '\0')
        ck_assert_msg (bg_game_play_text (game, words[i], &error), "%s: %s", words[i],
                       error ? error->message : "?");
    }
}

static void
assert_same_game (const BgGame *a,
                  const BgGame *b)
{
  g_autofree char *pos_a = bg_game_format_position (a);
  g_autofree char *pos_b = bg_game_format_position (b);
  const BgRules *rules = bg_game_get_rules (a);

  ck_assert_str_eq (rules->id, bg_game_get_rules (b)->id);
  ck_assert_uint_eq (bg_game_get_key (a), bg_game_get_key (b));
  ck_assert_uint_eq (bg_game_get_n_played (a), bg_game_get_n_played (b));
  for (guint i = 0; i < bg_game_get_n_played (a); i++)
    ck_assert_str_eq (bg_game_get_played_text (a, i), bg_game_get_played_text (b, i));
  ck_assert_int_eq (memcmp (bg_game_get_position (a), bg_game_get_position (b),
                            rules->position_size), 0);
  ck_assert_str_eq (pos_a ? pos_a : "", pos_b ? pos_b : "");
  ck_assert_int_eq (bg_game_get_status (a).result, bg_game_get_status (b).result);
  ck_assert_int_eq (bg_game_get_status (a).reason, bg_game_get_status (b).reason);
  ck_assert_int_eq (bg_game_has_draw_offer (a), bg_game_has_draw_offer (b));
  ck_assert_uint_eq (bg_game_get_seed (a), bg_game_get_seed (b));
  for (const BgOptionSpec *spec = rules->options; spec->name; spec++)
    ck_assert_str_eq (g_hash_table_lookup (bg_game_get_options (a), spec->name),
                      g_hash_table_lookup (bg_game_get_options (b), spec->name));
}

/* Saves and loads through a string and through a file; returns the loaded game. */
static BgGame *
round_trip (const BgGame *game,
            const BgSeat *seats,
            guint         n_seats)
{
  g_autofree char *text = bg_save_to_string (game, seats, n_seats);
  g_autofree char *dir = g_dir_make_tmp ("test-save-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "game.trio", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (BgGame) from_file = NULL;
  BgSeat *loaded = NULL;
  guint n_loaded = 99;
  BgGame *again = bg_save_from_string (text, &loaded, &n_loaded, &error);

  ck_assert_msg (again != NULL, "%s\n%s", error ? error->message : "?", text);
  assert_same_game (game, again);
  ck_assert_uint_eq (n_loaded, n_seats);
  for (guint i = 0; i < n_seats; i++)
    {
      ck_assert_int_eq (loaded[i].computer, seats[i].computer);
      ck_assert_int_eq (loaded[i].level, seats[i].computer ? seats[i].level : 0);
      ck_assert_str_eq (loaded[i].name ? loaded[i].name : "(none)",
                        seats[i].name ? seats[i].name : "(none)");
    }
  bg_seats_free (loaded, n_loaded);

  ck_assert (dir != NULL);
  ck_assert_msg (bg_save_to_file (path, game, seats, n_seats, &error), "%s", error->message);
  from_file = bg_save_from_file (path, NULL, NULL, &error);
  ck_assert_msg (from_file != NULL, "%s", error ? error->message : "?");
  assert_same_game (game, from_file);
  g_unlink (path);
  g_rmdir (dir);
  return again;
}

static void
round_trip_random (const char *id,
                   const char *option,
                   guint       plies)
{
  for (guint32 seed = 1; seed <= 5; seed++)
    {
      g_autoptr (BgGame) game = new_game (id, option);
      g_autoptr (BgGame) again = NULL;

      play_random (game, plies + seed * 7, seed);
      again = round_trip (game, NULL, 0);
    }
}

START_TEST (test_round_trip_marelle)
{
  round_trip_random ("marelle", "variant=triple", 40);
  round_trip_random ("marelle", "variant=standard", 40);
  round_trip_random ("marelle", "first=2", 200);
}
END_TEST

START_TEST (test_round_trip_triple_alliance)
{
  round_trip_random ("triple-alliance", "first=1", 30);
  round_trip_random ("triple-alliance", "first=2", 150);
}
END_TEST

START_TEST (test_round_trip_trichess)
{
  round_trip_random ("trichess", "board=prolapsus", 60);
  round_trip_random ("trichess", "board=hexagonal", 60);
  round_trip_random ("trichess", "board=pax", 60);
}
END_TEST

START_TEST (test_round_trip_triomino)
{
  const char *words[] = { "players=4", "seed=123456", "target=150", NULL };
  g_autoptr (GHashTable) options = bg_options_parse (words, NULL);
  g_autoptr (BgGame) game = bg_game_new ("triomino", options, NULL);
  g_autoptr (BgGame) again = NULL;
  BgSeat seats[4] = {
    { FALSE, 0, "Ann" }, { TRUE, 2, NULL }, { TRUE, 6, "Deep Tile" }, { FALSE, 0, NULL },
  };
  g_autofree char *text = NULL;

  ck_assert (game != NULL);
  play_random (game, 120, 99);
  text = bg_save_to_string (game, seats, 4);
  ck_assert_msg (strstr (text, "option seed=123456\n") != NULL, "%s", text);
  again = round_trip (game, seats, 4);
  ck_assert_uint_eq (bg_triomino_get_seed (bg_game_get_position (again)), 123456);
  ck_assert_int_eq (bg_triomino_get_pile_count (bg_game_get_position (again)),
                    bg_triomino_get_pile_count (bg_game_get_position (game)));
  round_trip_random ("triomino", "players=2", 50);
  round_trip_random ("triomino", "players=6", 50);
}
END_TEST

START_TEST (test_seats_and_names)
{
  g_autoptr (BgGame) game = new_game ("marelle", NULL);
  g_autoptr (BgGame) again = NULL;
  BgSeat seats[2] = {
    { FALSE, 0, "Jo \"the hammer\" O'Brien \\ Zoë 山田" }, { TRUE, 5, "" },
  };
  BgSeat odd[2] = { { FALSE, 0, "two\nlines" }, { TRUE, 9, NULL } };
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  BgSeat *loaded = NULL;
  guint n = 0;

  play (game, "d6 d2");
  again = round_trip (game, seats, 2);
  text = bg_save_to_string (game, seats, 2);
  ck_assert_msg (strstr (text, "seat 1 human \"Jo \\\"the hammer\\\" O'Brien \\\\ Zoë 山田\"\n")
                 && strstr (text, "seat 2 computer 5 \"\"\n"), "%s", text);

  /* What cannot be written is written as near as can be. */
  g_clear_pointer (&text, g_free);
  g_clear_pointer (&again, bg_game_free);
  text = bg_save_to_string (game, odd, 2);
  again = bg_save_from_string (text, &loaded, &n, &error);
  ck_assert_msg (again != NULL, "%s", error ? error->message : "?");
  ck_assert_uint_eq (n, 2);
  ck_assert_str_eq (loaded[0].name, "two lines");
  ck_assert_int_eq (loaded[1].level, BG_LEVEL_PERFECT);
  bg_seats_free (loaded, n);
}
END_TEST

static BgGame *
shuffle_game (guint cycles)
{
  BgGame *game = tu_new_game ("triple-alliance", NULL, TA_SHUFFLE);

  for (guint i = 0; i < cycles; i++)
    play (game, TA_CYCLE);
  return game;
}

START_TEST (test_draw_declined)
{
  g_autoptr (BgGame) game = shuffle_game (4);
  g_autoptr (BgGame) again = NULL;
  g_autofree char *text = NULL;

  ck_assert (bg_game_has_draw_offer (game));
  again = round_trip (game, NULL, 0);
  ck_assert (bg_game_has_draw_offer (again));
  g_clear_pointer (&again, bg_game_free);

  bg_game_decline_draw (game);
  text = bg_save_to_string (game, NULL, 0);
  ck_assert_msg (strstr (text, "\ndraw declined\nend\n") != NULL, "%s", text);
  ck_assert_msg (strstr (text, "\nstart " TA_SHUFFLE "\n") != NULL
                 || strstr (text, "\nstart ") != NULL, "%s", text);
  again = round_trip (game, NULL, 0);
  ck_assert (!bg_game_has_draw_offer (again));
  /* The offer comes again at the next repetition. */
  play (again, TA_CYCLE);
  ck_assert (bg_game_has_draw_offer (again));
}
END_TEST

START_TEST (test_draw_accepted)
{
  g_autoptr (BgGame) game = shuffle_game (4);
  g_autoptr (BgGame) again = NULL;

  bg_game_accept_draw (game);
  again = round_trip (game, NULL, 0);
  ck_assert_int_eq (bg_game_get_status (again).reason, BG_REASON_DRAW_AGREED);
}
END_TEST

START_TEST (test_hand_written)
{
  const char *text =
    "\xef\xbb\xbftrio-save 1\r\n"
    "# a comment with an \"unbalanced quote\r\n"
    "\r\n"
    "  game\tmarelle   \r\n"
    "seat 2 computer 3\r\n"
    "seat 1 human \"Alice\"\r\n"
    "option variant=standard\r\n"
    "moves d6 d2\r\n"
    "   # between moves\r\n"
    "moves f4\r\n"
    "end\r\n"
    "# trailing comment\r\n";
  g_autoptr (GError) error = NULL;
  BgSeat *seats = NULL;
  guint n = 0;
  g_autoptr (BgGame) game = bg_save_from_string (text, &seats, &n, &error);

  ck_assert_msg (game != NULL, "%s", error ? error->message : "?");
  ck_assert_uint_eq (bg_game_get_n_played (game), 3);
  ck_assert_str_eq (g_hash_table_lookup (bg_game_get_options (game), "variant"), "standard");
  ck_assert_uint_eq (n, 2);
  ck_assert_str_eq (seats[0].name, "Alice");
  ck_assert (seats[1].computer && seats[1].level == 3 && seats[1].name == NULL);
  bg_seats_free (seats, n);
}
END_TEST

/* The game's seed: written as "seed N", read back; a file without it gets a fresh one. */
START_TEST (test_seed)
{
  static const guint32 seeds[] = { 0, 1, 2417813569u, G_MAXUINT32 };
  g_autoptr (GError) error = NULL;
  g_autoptr (BgGame) old = NULL;
  g_autoptr (BgGame) explicit = NULL;
  guint32 fresh[3];

  for (guint i = 0; i < G_N_ELEMENTS (seeds); i++)
    {
      g_autoptr (BgGame) game = new_game ("trichess", "board=pax");
      g_autoptr (BgGame) again = NULL;
      g_autofree char *text = NULL;
      g_autofree char *line = g_strdup_printf ("\nseed %" G_GUINT32_FORMAT "\n", seeds[i]);

      bg_game_set_seed (game, seeds[i]);
      play_random (game, 10, i);
      text = bg_save_to_string (game, NULL, 0);
      ck_assert_msg (strstr (text, line) != NULL, "%s", text);
      again = round_trip (game, NULL, 0);
      ck_assert_uint_eq (bg_game_get_seed (again), seeds[i]);
      ck_assert_uint_eq (bg_game_search_seed (again), bg_game_search_seed (game));
    }

  /* A file of an earlier Trio, without a seed line, loads with a fresh seed. */
  for (guint i = 0; i < G_N_ELEMENTS (fresh); i++)
    {
      g_autoptr (BgGame) game =
        bg_save_from_string ("trio-save 1\ngame marelle\nmoves d6 d2\nend\n", NULL, NULL,
                             &error);

      ck_assert_msg (game != NULL, "%s", error ? error->message : "?");
      ck_assert_uint_eq (bg_game_get_n_played (game), 2);
      fresh[i] = bg_game_get_seed (game);
    }
  ck_assert (fresh[0] != fresh[1] || fresh[1] != fresh[2]);

  /* Anywhere before end, with spaces around */
  explicit = bg_save_from_string ("trio-save 1\ngame marelle\nmoves d6\n  seed\t77 \nend\n",
                                  NULL, NULL, &error);
  ck_assert_msg (explicit != NULL, "%s", error ? error->message : "?");
  ck_assert_uint_eq (bg_game_get_seed (explicit), 77);
  old = bg_save_from_string ("trio-save 1\nseed 4294967295\ngame triomino\nend\n", NULL,
                             NULL, &error);
  ck_assert_msg (old != NULL, "%s", error ? error->message : "?");
  ck_assert_uint_eq (bg_game_get_seed (old), G_MAXUINT32);
}
END_TEST

typedef struct
{
  const char *text;
  const char *fragment;
} BadFile;

static const BadFile bad_files[] = {
  { "", "not a Trio saved game (the file is empty)" },
  { "chess-save 1\ngame marelle\nend\n", "not a Trio saved game" },
  { "\x7f" "ELF\x02\x01\x01\xff\xfe garbage", "not a Trio saved game" },
  { "trio-save\n", "not a Trio saved game" },
  { "trio-save 2\ngame marelle\nend\n",
    "this file was saved by a newer version of Trio (format 2); this version reads format 1" },
  { "trio-save one\n", "line 1: the format version must be a number from 1 up, not 'one'" },
  { "trio-save 0\n", "line 1: the format version must be a number from 1 up, not '0'" },
  { "trio-save 1\n\ngame chess960\nend\n", "line 3: unknown game 'chess960'" },
  { "trio-save 1\ngame marelle\nmoves d6\n", "truncated" },
  { "trio-save 1\ngame marelle\nmoves d6 d2 f", "truncated" },
  { "trio-save 1\nend\n", "no 'game' line" },
  { "trio-save 1\ngame marelle\ngame marelle\nend\n",
    "line 3: a second 'game' line (the first is line 2)" },
  { "trio-save 1\ngame marelle\noption variant=lasker\nend\n",
    "line 3: marelle: option variant must be one of" },
  { "trio-save 1\ngame marelle\noption colour=red\nend\n",
    "line 3: marelle has no option 'colour'" },
  { "trio-save 1\ngame marelle\noption variant\nend\n", "line 3: expected 'option NAME=VALUE'" },
  { "trio-save 1\ngame triomino\noption seed=-4\nend\n", "line 3: triomino: option seed" },
  { "trio-save 1\ngame marelle\noption first=1\noption first=2\nend\n",
    "line 4: a second value for option 'first' (the first is line 3)" },
  { "trio-save 1\ngame marelle\nmoves d6 d2\nmoves d6 f4\nend\n",
    "line 4: move 3 'd6' is not legal here" },
  { "trio-save 1\ngame marelle\nmoves d6 zz9\nend\n", "line 3: move 2 'zz9' is not a move: " },
  { "trio-save 1\ngame marelle\nresign 3\nend\n",
    "line 3: the resignation cannot stand: there is no player 3" },
  { "trio-save 1\ngame marelle\nresign x\nend\n",
    "line 3: 'resign' needs a seat's number, not 'x'" },
  { "trio-save 1\ngame marelle\nresign 1\nresign 2\nend\n",
    "line 4: a second 'resign' line (the first is line 3)" },
  { "trio-save 1\ngame triomino\nmoves 0-0-0@0,0\nend\n",
    "line 3: move 1 '0-0-0@0,0' is not legal here: " },
  { "trio-save 1\ngame triple-alliance\nstart p1=a1,a2,b3,e5,d1,e3 p2=b1,b2,d4,d5,e1,c4 "
    "hand=0,0 turn=1\nmoves b3-a3 b2-c2\nend\n",
    "line 4: move 2 'b2-c2' comes after the end of the game" },
  { "trio-save 1\ngame triple-alliance\nstart p1=z9\nend\n", "line 3: " },
  { "trio-save 1\ngame triomino\nstart anything\nend\n", "line 3: " },
  { "trio-save 1\ngame marelle\nmoves d6\nseat 1 human\nmoves d2\nend\n",
    "line 5: the moves must be on consecutive 'moves' lines (the list begins at line 3)" },
  { "trio-save 1\ngame marelle\nseat 3 human\nend\n", "line 3: seat 3, but this game has 2" },
  { "trio-save 1\ngame marelle\nseat 17 human\nend\n", "line 3: the seat number must be" },
  { "trio-save 1\ngame marelle\nseat 1 human\nend\n", "seat 2 is missing" },
  { "trio-save 1\ngame marelle\nseat 1 human\nseat 1 human\nend\n",
    "line 4: a second 'seat' line" },
  { "trio-save 1\ngame marelle\nseat 1 computer 8\nend\n", "line 3: a computer seat needs" },
  { "trio-save 1\ngame marelle\nseat 1 computer\nend\n", "line 3: a computer seat needs" },
  { "trio-save 1\ngame marelle\nseat 1 robot\nend\n", "line 3: a seat is 'human' or" },
  { "trio-save 1\ngame marelle\nseat 1 human Alice\nend\n", "line 3: expected 'seat N" },
  { "trio-save 1\ngame marelle\nseat 1 human \"Alice\nend\n", "line 3: a name has no closing" },
  { "trio-save 1\ngame marelle\nseat 1 human \"A\\lice\"\nend\n", "line 3: in a name, a back" },
  { "trio-save 1\ngame marelle\nseat 1 human \"A\"x\nend\n", "line 3: a space must follow" },
  { "trio-save 1\ngame marelle\nseat 1 human \"A\tB\"\nend\n", "line 3: a name may not" },
  { "trio-save 1\ngame marelle\nseed\nend\n", "line 3: expected 'seed N'" },
  { "trio-save 1\ngame marelle\nseed 1 2\nend\n", "line 3: expected 'seed N'" },
  { "trio-save 1\ngame marelle\nseed -1\nend\n",
    "line 3: the seed must be a number from 0 to 4294967295, not '-1'" },
  { "trio-save 1\ngame marelle\nseed 4294967296\nend\n",
    "line 3: the seed must be a number from 0 to 4294967295, not '4294967296'" },
  { "trio-save 1\ngame marelle\nseed 0x10\nend\n", "line 3: the seed must be a number" },
  { "trio-save 1\ngame marelle\nseed +5\nend\n", "line 3: the seed must be a number" },
  { "trio-save 1\ngame marelle\nseed 99999999999999999999999999999999999999999999999\nend\n",
    "not '9999999999999999999999999999999999999999'" },
  { "trio-save 1\ngame marelle\nseed 1\nseed 1\nend\n",
    "line 4: a second 'seed' line (the first is line 3)" },
  { "trio-save 1\ngame marelle\ndraw declined\nend\n",
    "line 3: no draw is on offer after the last move" },
  { "trio-save 1\ngame marelle\ndraw maybe\nend\n", "line 3: expected 'draw declined' or" },
  { "trio-save 1\ngame marelle\nend\nmoves d6\n", "line 4: 'moves' after 'end' (line 3)" },
  { "trio-save 1\ngame marelle\nend now\n", "line 3: expected 'end'" },
  { "trio-save 1\ngame marelle\ntrio-save 1\nend\n", "line 3: a second 'trio-save' header" },
  { "trio-save 1\ngame marelle\nfrobnicate\nend\n", "line 3: unknown statement 'frobnicate'" },
  { "trio-save 1\ngame marelle\nmoves d6\x01\nend\n", "line 3: a control character" },
  { "trio-save 1\ngame marelle\nmoves d6 \xc3\x28\nend\n", "line 3: not valid UTF-8 text" },
  { "trio-save 1\ngame marelle\nmoves \xff\xfe\xfd\nend\n", "line 3: not valid UTF-8 text" },
};

START_TEST (test_bad_files)
{
  const BadFile *bad = &bad_files[_i];
  g_autoptr (GError) error = NULL;
  BgSeat *seats = (BgSeat *) &error;   /* must be reset to NULL */
  guint n = 99;
  g_autoptr (BgGame) game = bg_save_from_string (bad->text, &seats, &n, &error);

  ck_assert_msg (game == NULL, "accepted: %s", bad->text);
  ck_assert (g_error_matches (error, BG_ERROR, BG_ERROR_BAD_FILE));
  ck_assert_msg (strstr (error->message, bad->fragment) != NULL,
                 "'%s' does not contain '%s'", error->message, bad->fragment);
  ck_assert_ptr_null (seats);
  ck_assert_uint_eq (n, 0);
}
END_TEST

START_TEST (test_nul_and_size)
{
  static const char with_nul[] = "trio-save 1\ngame marelle\nmoves d6\0 d2\nend\n";
  g_autoptr (GError) error = NULL;
  g_autofree char *huge_line = NULL;
  g_autofree char *huge_file = NULL;
  BgGame *game;

  game = bg_save_from_data (with_nul, sizeof with_nul - 1, NULL, NULL, &error);
  ck_assert_ptr_null (game);
  ck_assert_str_eq (error->message, "line 3: a NUL byte (this is not a text file)");
  g_clear_error (&error);

  huge_line = g_strdup_printf ("trio-save 1\ngame marelle\nmoves %0*d\nend\n",
                               BG_SAVE_MAX_LINE, 0);
  game = bg_save_from_string (huge_line, NULL, NULL, &error);
  ck_assert_ptr_null (game);
  ck_assert_str_eq (error->message, "line 3 is too long (more than 16384 bytes)");
  g_clear_error (&error);

  huge_file = g_malloc (BG_SAVE_MAX_FILE_SIZE + 2);
  memset (huge_file, '\n', BG_SAVE_MAX_FILE_SIZE + 1);
  memcpy (huge_file, "trio-save 1\n", 12);
  huge_file[BG_SAVE_MAX_FILE_SIZE + 1] = '\0';
  game = bg_save_from_string (huge_file, NULL, NULL, &error);
  ck_assert_ptr_null (game);
  ck_assert_msg (strstr (error->message, "too large") != NULL, "%s", error->message);
}
END_TEST

START_TEST (test_bad_paths)
{
  g_autofree char *dir = g_dir_make_tmp ("test-save-XXXXXX", NULL);
  g_autofree char *missing = g_build_filename (dir, "missing.trio", NULL);
  g_autofree char *big = g_build_filename (dir, "big.trio", NULL);
  g_autofree char *data = g_malloc0 (BG_SAVE_MAX_FILE_SIZE + 1);
  g_autoptr (GError) error = NULL;

  ck_assert_ptr_null (bg_save_from_file (missing, NULL, NULL, &error));
  ck_assert (g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_NOENT));
  g_clear_error (&error);
  ck_assert_ptr_null (bg_save_from_file (dir, NULL, NULL, &error));
  ck_assert_msg (strstr (error->message, "not a regular file") != NULL, "%s", error->message);
  g_clear_error (&error);
  ck_assert (g_file_set_contents (big, data, BG_SAVE_MAX_FILE_SIZE + 1, NULL));
  ck_assert_ptr_null (bg_save_from_file (big, NULL, NULL, &error));
  ck_assert_msg (strstr (error->message, "too large") != NULL, "%s", error->message);
  g_unlink (big);
  g_rmdir (dir);
}
END_TEST

/* Many option lines: every name is checked once (this was quadratic), and a repeat far
 * down still names both its lines. */
START_TEST (test_many_options)
{
  g_autoptr (GString) text = g_string_new ("trio-save 1\ngame marelle\n");
  g_autoptr (GError) error = NULL;
  g_autoptr (BgGame) game = NULL;

  for (guint i = 0; i < 50000; i++)
    g_string_append_printf (text, "option o%u=1\n", i);
  g_string_append (text, "option o17=2\nend\n");
  game = bg_save_from_string (text->str, NULL, NULL, &error);
  ck_assert_ptr_null (game);
  ck_assert_str_eq (error->message,
                    "line 50003: a second value for option 'o17' (the first is line 20)");
}
END_TEST

START_TEST (test_options_twice)
{
  const char *words[] = { "first=2", "variant=triple", "first=1", NULL };
  g_autoptr (GError) error = NULL;
  g_autoptr (GHashTable) options = bg_options_parse (words, &error);

  ck_assert_ptr_null (options);
  ck_assert (g_error_matches (error, BG_ERROR, BG_ERROR_BAD_OPTION));
  ck_assert_str_eq (error->message, "option 'first' is given twice");
}
END_TEST

/* A file that claims no size (or a wrong one) is read up to the cap, not to its end:
 * /proc/self/pagemap would be gigabytes. */
START_TEST (test_read_cap)
{
  g_autoptr (GError) error = NULL;

  if (!g_file_test ("/proc/self/pagemap", G_FILE_TEST_EXISTS))
    return;
  ck_assert_ptr_null (bg_save_from_file ("/proc/self/pagemap", NULL, NULL, &error));
  ck_assert_msg (strstr (error->message, "too large") != NULL, "%s", error->message);
}
END_TEST

static char *
read_text (const char *path)
{
  char *text = NULL;

  ck_assert (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

/* The names in dir, sorted and joined by spaces. */
static char *
list_dir (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  g_autoptr (GPtrArray) names = g_ptr_array_new_null_terminated (8, g_free, TRUE);
  const char *name;

  while ((name = g_dir_read_name (d)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, tu_compare_strings);
  return g_strjoinv (" ", (char **) names->pdata);
}

static void
assert_save_refused (const char *path,
                     const BgGame *game,
                     const char *fragment)
{
  g_autoptr (GError) error = NULL;

  ck_assert_msg (!bg_save_to_file (path, game, NULL, 0, &error), "saved to %s", path);
  ck_assert_msg (strstr (error->message, fragment) != NULL, "'%s' lacks '%s'",
                 error->message, fragment);
}

/* Saving replaces a regular file only; a symbolic link is written through. */
START_TEST (test_save_targets)
{
  g_autofree char *dir = g_dir_make_tmp ("test-save-XXXXXX", NULL);
  g_autofree char *real = g_build_filename (dir, "real.trio", NULL);
  g_autofree char *link = g_build_filename (dir, "link.trio", NULL);
  g_autofree char *dangling = g_build_filename (dir, "dangling.trio", NULL);
  g_autofree char *loop = g_build_filename (dir, "loop.trio", NULL);
  g_autofree char *fifo = g_build_filename (dir, "fifo.trio", NULL);
  g_autofree char *full = g_build_filename (dir, "full", NULL);
  g_autofree char *text = NULL;
  g_autofree char *names = NULL;
  g_autoptr (BgGame) game = new_game ("marelle", "first=2");
  g_autoptr (GError) error = NULL;
  struct stat st;

  ck_assert (g_file_set_contents (real, "old\n", -1, NULL));
  ck_assert (symlink ("real.trio", link) == 0);
  ck_assert (symlink ("nowhere.trio", dangling) == 0);
  ck_assert (symlink ("loop.trio", loop) == 0);
  ck_assert (mkfifo (fifo, 0600) == 0);

  ck_assert_msg (bg_save_to_file (link, game, NULL, 0, &error), "%s",
                 error ? error->message : "");
  ck_assert (lstat (link, &st) == 0 && S_ISLNK (st.st_mode));
  text = read_text (real);
  ck_assert (g_str_has_prefix (text, "trio-save 1\n"));
  assert_save_refused (dangling, game, "symbolic link that leads to no file");
  assert_save_refused (loop, game, "symbolic link that leads to no file");
  assert_save_refused (fifo, game, "not a regular file");
  ck_assert (lstat (fifo, &st) == 0 && S_ISFIFO (st.st_mode));
  assert_save_refused (dir, game, "not a regular file");
  /* A device of our own, /dev/full's twin (only root may make one): a regression must not
   * replace the real /dev/full. */
  if (mknod (full, S_IFCHR | 0666, makedev (1, 7)) == 0)
    {
      assert_save_refused (full, game, "not a regular file");
      ck_assert (stat (full, &st) == 0 && S_ISCHR (st.st_mode));
    }
  else
    ck_assert (g_file_set_contents (full, "", 0, NULL));
  /* Nothing else was created or left behind. */
  names = list_dir (dir);
  ck_assert_str_eq (names, "dangling.trio fifo.trio full link.trio loop.trio real.trio");
  for (const char *const *p = (const char *const[]) { real, link, dangling, loop, fifo, full,
                                                      NULL };
       *p != NULL; p++)
    g_unlink (*p);
  g_rmdir (dir);
}
END_TEST

/* A write that fails (here the file-size limit, as on a full disk) is reported, leaves the
 * old file as it was and no temporary file. */
START_TEST (test_save_write_fails)
{
  g_autofree char *dir = g_dir_make_tmp ("test-save-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "game.trio", NULL);
  g_autofree char *text = NULL;
  g_autofree char *names = NULL;
  g_autoptr (BgGame) game = new_game ("marelle", "first=2");
  g_autoptr (GError) error = NULL;
  struct rlimit old, small = { 16, 16 };
  gboolean saved;

  ck_assert (g_file_set_contents (path, "old\n", -1, NULL));
  signal (SIGXFSZ, SIG_IGN);
  ck_assert (getrlimit (RLIMIT_FSIZE, &old) == 0);
  small.rlim_max = old.rlim_max;
  ck_assert (setrlimit (RLIMIT_FSIZE, &small) == 0);
  saved = bg_save_to_file (path, game, NULL, 0, &error);
  setrlimit (RLIMIT_FSIZE, &old);
  ck_assert (!saved);
  ck_assert (error->domain == G_FILE_ERROR);
  ck_assert_msg (strstr (error->message, g_strerror (EFBIG)) != NULL, "%s", error->message);
  ck_assert_msg (g_str_has_prefix (error->message, "cannot save to "), "%s", error->message);
  text = read_text (path);
  ck_assert_str_eq (text, "old\n");
  names = list_dir (dir);
  ck_assert_str_eq (names, "game.trio");
  g_unlink (path);
  g_rmdir (dir);
}
END_TEST

/* The temporary file of a process that is gone is removed at the next save; that of a
 * running one is left alone. */
START_TEST (test_save_stale_temporaries)
{
  g_autofree char *dir = g_dir_make_tmp ("test-save-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "game.trio", NULL);
  g_autofree char *stale = NULL;
  g_autofree char *live = NULL;
  g_autofree char *names = NULL;
  g_autofree char *expected = NULL;
  g_autoptr (BgGame) game = new_game ("marelle", "first=2");
  pid_t gone = fork ();

  if (gone == 0)
    _exit (0);
  ck_assert (gone > 0 && waitpid (gone, NULL, 0) == gone);
  stale = g_strdup_printf ("%s/.game.trio.tmp-%d-AbCdEf", dir, (int) gone);
  live = g_strdup_printf ("%s/.game.trio.tmp-%d-GhIjKl", dir, (int) getpid ());
  ck_assert (g_file_set_contents (stale, "half a game", -1, NULL));
  ck_assert (g_file_set_contents (live, "being written", -1, NULL));
  ck_assert (bg_save_to_file (path, game, NULL, 0, NULL));
  names = list_dir (dir);
  expected = g_strdup_printf (".game.trio.tmp-%d-GhIjKl game.trio", (int) getpid ());
  ck_assert_str_eq (names, expected);
  g_unlink (live);
  g_unlink (path);
  g_rmdir (dir);
}
END_TEST

/* Two set-asides in the same second keep both files. */
START_TEST (test_set_aside)
{
  g_autofree char *dir = g_dir_make_tmp ("test-save-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "current-game.trio", NULL);
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  g_autofree char *first_text = NULL;
  g_autofree char *second_text = NULL;
  g_autoptr (GError) error = NULL;

  ck_assert (g_file_set_contents (path, "one", -1, NULL));
  first = bg_save_set_aside (path, &error);
  ck_assert_ptr_nonnull (first);
  ck_assert (g_file_set_contents (path, "two", -1, NULL));
  second = bg_save_set_aside (path, &error);
  ck_assert_ptr_nonnull (second);
  ck_assert_str_ne (first, second);
  ck_assert (g_str_has_prefix (first, path) && strstr (first, ".unreadable-") != NULL);
  first_text = read_text (first);
  second_text = read_text (second);
  ck_assert_str_eq (first_text, "one");
  ck_assert_str_eq (second_text, "two");
  ck_assert (!g_file_test (path, G_FILE_TEST_EXISTS));
  /* Nothing to rename: an error, no name. */
  ck_assert_ptr_null (bg_save_set_aside (path, &error));
  ck_assert (g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_NOENT));
  g_unlink (first);
  g_unlink (second);
  g_rmdir (dir);
}
END_TEST

/* Every prefix of a saved game that lacks its "end" line is refused, and so is every
 * single-byte change that the reader cannot tell from a valid file... or it loads. */
START_TEST (test_truncations_and_flips)
{
  g_autoptr (BgGame) game = new_game ("trichess", "board=hexagonal");
  g_autofree char *text = NULL;
  gsize len, end_at;
  g_autoptr (GRand) rand = g_rand_new_with_seed (7);

  play_random (game, 30, 3);
  text = bg_save_to_string (game, NULL, 0);
  len = strlen (text);
  end_at = strstr (text, "\nend\n") - text;
  for (gsize cut = 0; cut < end_at; cut++)
    {
      g_autofree char *prefix = g_strndup (text, cut);
      g_autoptr (GError) error = NULL;
      g_autoptr (BgGame) loaded = bg_save_from_string (prefix, NULL, NULL, &error);

      ck_assert_msg (loaded == NULL, "a prefix of %" G_GSIZE_FORMAT " bytes loads", cut);
    }
  for (guint i = 0; i < 3000; i++)
    {
      g_autofree char *copy = g_strdup (text);
      g_autoptr (GError) error = NULL;
      g_autoptr (BgGame) loaded = NULL;

      copy[g_rand_int_range (rand, 0, len)] = (char) g_rand_int_range (rand, 1, 256);
      loaded = bg_save_from_string (copy, NULL, NULL, &error);
      ck_assert ((loaded == NULL) == (error != NULL));
    }
}
END_TEST

static Suite *
save_suite (void)
{
  Suite *s = suite_create ("save");
  TCase *tc = tcase_create ("round-trip");
  TCase *tb = tcase_create ("bad-files");

  tcase_set_timeout (tc, 300);
  tcase_add_test (tc, test_round_trip_marelle);
  tcase_add_test (tc, test_round_trip_triple_alliance);
  tcase_add_test (tc, test_round_trip_trichess);
  tcase_add_test (tc, test_round_trip_triomino);
  tcase_add_test (tc, test_seats_and_names);
  tcase_add_test (tc, test_draw_declined);
  tcase_add_test (tc, test_draw_accepted);
  tcase_add_test (tc, test_hand_written);
  tcase_add_test (tc, test_seed);
  suite_add_tcase (s, tc);

  tcase_set_timeout (tb, 300);
  tcase_add_loop_test (tb, test_bad_files, 0, G_N_ELEMENTS (bad_files));
  tcase_add_test (tb, test_nul_and_size);
  tcase_add_test (tb, test_bad_paths);
  tcase_add_test (tb, test_truncations_and_flips);
  tcase_add_test (tb, test_many_options);
  tcase_add_test (tb, test_options_twice);
  tcase_add_test (tb, test_read_cap);
  tcase_add_test (tb, test_save_targets);
  tcase_add_test (tb, test_save_write_fails);
  tcase_add_test (tb, test_save_stale_temporaries);
  tcase_add_test (tb, test_set_aside);
  suite_add_tcase (s, tb);
  return s;
}

int
main (void)
{
  return tu_run_suite (save_suite ());
}
