/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-marelle-endgame.c: the morris endgame tables, checked on small instances
 *
 * Solved once for the suite: Marelle triple's 3 v 3 layer and the whole standard table (a
 * few seconds; under the sanitizers, ten times slower, all but its 4 v 4 layer, and fewer
 * entries checked). Then:
 *  - the symmetries keep the mills (and, for nine men's morris, the lines pieces step on);
 *  - the negamax equation, one ply deep over the table through the naive reference
 *    generator of the rules (test-marelle-naive.c, written apart from the engine): every
 *    entry of the 3 v 3 layer, a sample of the others. With the ends, it proves every
 *    value and distance it covers;
 *  - concrete positions and their values; the engine's own search, without the table,
 *    finds the same short wins and losses;
 *  - the file: written, read back, damaged (checksum, header, truncation, another file)
 *    and then computed again rather than trusted; a FIFO, a link to /dev/zero or a sparse
 *    file of 4 GiB at the default path refused without being read, and replaced;
 *  - every level plays won endgames out against level 6 and wins, by the fastest way,
 *    and holds drawn ones.
 */

#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "marelle/bg-marelle-endgame-private.h"
#include "marelle/bg-marelle-private.h"
#include "bg-search.h"
#include "triple-alliance/solver/bg-ta-file.h"
#include "test-marelle-naive.h"
#include "test-util.h"

#ifdef __SANITIZE_ADDRESS__
#define STANDARD_LAYERS 3
#define EQUATION_STRIDE 8    /* one 3 v 3 entry in EQUATION_STRIDE checked */
#else
#define STANDARD_LAYERS 4
#define EQUATION_STRIDE 1
#endif

static BgMarelleEndgame *triple3;    /* Marelle triple, 3 v 3 only */
static BgMarelleEndgame *standard;   /* nine men's morris, STANDARD_LAYERS layers */
static int naive_of[24];             /* the naive generator's point of each engine point */
static char *dir;

static void
setup (void)
{
  BgMarelleEndgameOptions options = { BG_MARELLE_VARIANT_TRIPLE, 1, NULL, 1 };
  g_autoptr (GError) error = NULL;

  triple3 = bg_marelle_endgame_solve (&options, &error);
  ck_assert_msg (triple3 != NULL, "%s", error ? error->message : "?");
  options = (BgMarelleEndgameOptions) { BG_MARELLE_VARIANT_STANDARD, 1, NULL,
                                        STANDARD_LAYERS };
  standard = bg_marelle_endgame_solve (&options, &error);
  ck_assert_msg (standard != NULL, "%s", error ? error->message : "?");
  for (int p = 0; p < 24; p++)
    {
      g_autofree char *text = g_strdup_printf ("p1=%s p2= hand=0,0 turn=1",
                                               bg_marelle_point_names[p]);
      Naive n = naive_setup (text, FALSE);

      for (int q = 0; q < 24; q++)
        if (n.cell[q] == 1)
          naive_of[p] = q;
    }
  dir = g_dir_make_tmp ("trio-endgame-XXXXXX", NULL);
  /* The default paths, in there (before anything asks GLib for the cache folder). */
  g_setenv ("XDG_CACHE_HOME", dir, TRUE);
}

static void
teardown (void)
{
  g_autofree char *cmd = g_strdup_printf ("rm -rf '%s'", dir);

  ck_assert (system (cmd) == 0);
}

/* Symmetries */

static guint32
mill_mask (int a, int b, int c)
{
  return 1u << a | 1u << b | 1u << c;
}

/* The 16 mills, found through the engine's own test of a closed mill. */
static guint
all_mills (guint32 mills[16])
{
  guint n = 0;

  for (int a = 0; a < 24; a++)
    for (int b = a + 1; b < 24; b++)
      for (int c = b + 1; c < 24; c++)
        if (bg_marelle_forms_mill (1u << a | 1u << b, c) && n < 16)
          mills[n++] = mill_mask (a, b, c);
  return n;
}

START_TEST (test_symmetries)
{
  for (guint variant = 0; variant <= BG_MARELLE_VARIANT_STANDARD; variant++)
    {
      const BgEndgameIndex *index = bg_marelle_endgame_index (variant);
      guint n = bg_endgame_index_get_n_symmetries (index);
      guint32 mills[16];

      ck_assert_uint_eq (all_mills (mills), 16);
      ck_assert_uint_eq (n, variant == BG_MARELLE_VARIANT_STANDARD ? 16 : 48);
      for (guint t = 0; t < n; t++)
        {
          for (guint m = 0; m < 16; m++)
            {
              guint32 image = bg_endgame_index_apply (index, t, mills[m]);
              gboolean found = FALSE;

              for (guint k = 0; k < 16; k++)
                found |= image == mills[k];
              ck_assert_msg (found, "symmetry %u breaks mill %u", t, m);
            }
          /* Standard pieces with four step: the lines must be kept too. */
          for (int p = 0; variant == BG_MARELLE_VARIANT_STANDARD && p < 24; p++)
            ck_assert_uint_eq (bg_endgame_index_apply (index, t,
                                                       bg_marelle_adjacent[variant][p]),
                               bg_marelle_adjacent[variant][__builtin_ctz (
                                 bg_endgame_index_apply (index, t, 1u << p))]);
        }
    }
}
END_TEST

START_TEST (test_index)
{
  const BgEndgameIndex *index = bg_marelle_endgame_index (BG_MARELLE_VARIANT_STANDARD);
  GRand *rand = g_rand_new_with_seed (35);

  /* Symmetric positions share their index; decoding gives back a position of the class. */
  for (int i = 0; i < 2000; i++)
    {
      guint32 mover = 0, other = 0, m2, o2;
      guint a = 3 + (i & 1), b = 3 + ((i >> 1) & 1), t = g_rand_int_range (rand, 0, 16);
      guint64 k;

      while ((guint) __builtin_popcount (mover) < a)
        mover |= 1u << g_rand_int_range (rand, 0, 24);
      while ((guint) __builtin_popcount (other) < b)
        other |= (1u << g_rand_int_range (rand, 0, 24)) & ~mover;
      k = bg_endgame_index_encode (index, mover, other);
      ck_assert_uint_lt (k, bg_endgame_index_size (index, a, b));
      m2 = bg_endgame_index_apply (index, t, mover);
      o2 = bg_endgame_index_apply (index, t, other);
      ck_assert_uint_eq (k, bg_endgame_index_encode (index, m2, o2));
      ck_assert (bg_endgame_index_decode (index, a, b, k, &m2, &o2));
      ck_assert_uint_eq (bg_endgame_index_encode (index, m2, o2), k);
    }
  g_rand_free (rand);
}
END_TEST

/* The negamax equation */

static Naive
naive_of_sets (guint32  mover,
               guint32  other,
               gboolean is_standard)
{
  Naive n = { { 0 }, { 0, 0 }, 0, is_standard };

  for (int p = 0; p < 24; p++)
    n.cell[naive_of[p]] = mover & (1u << p) ? 1 : other & (1u << p) ? 2 : 0;
  return n;
}

static guint32
set_of (const Naive *n,
        int          owner)
{
  guint32 set = 0;

  for (int p = 0; p < 24; p++)
    if (n->cell[naive_of[p]] == owner)
      set |= 1u << p;
  return set;
}

/* The value of a move for its player, from the value of the position it leads to. */
static BgTaValue
one_ply_up (BgTaValue child)
{
  if (child.outcome == BG_TA_OUTCOME_DRAW)
    return child;
  return (BgTaValue) { child.outcome == BG_TA_OUTCOME_WIN ? BG_TA_OUTCOME_LOSS
                                                          : BG_TA_OUTCOME_WIN,
                       child.distance + 1 };
}

/* The value the table must hold for a position, from its moves' values in the table. */
static BgTaValue
expected_value (const BgMarelleEndgame *table,
                guint32                 mover,
                guint32                 other)
{
  Naive n = naive_of_sets (mover, other, table->variant == BG_MARELLE_VARIANT_STANDARD);
  NaiveMove *moves = g_new (NaiveMove, 1024);
  int count = naive_moves (&n, moves);
  BgTaValue best = { BG_TA_OUTCOME_LOSS, 0 };

  for (int i = 0; i < count; i++)
    {
      Naive c = n;
      BgTaValue child = { BG_TA_OUTCOME_LOSS, 0 }, v;

      naive_play (&c, moves[i]);
      /* The child is seen from its player to move, who holds the cells marked 2. */
      if (__builtin_popcount (set_of (&c, 2)) > 2)
        child = bg_marelle_endgame_probe_sets (table, set_of (&c, 2), set_of (&c, 1));
      ck_assert (child.outcome != BG_TA_OUTCOME_UNKNOWN);
      v = one_ply_up (child);
      if (i == 0 || bg_ta_value_compare (v, best) > 0)
        best = v;
    }
  g_free (moves);
  return best;
}

static void
check_entry (const BgMarelleEndgame *table,
             guint                   l,
             guint64                 i)
{
  guint32 mover, other;
  BgTaValue stored, expected;

  if (!bg_endgame_index_decode (table->index, ENDGAME_LAYER_A (l), ENDGAME_LAYER_B (l), i,
                                &mover, &other))
    return;
  stored = bg_marelle_endgame_probe_sets (table, mover, other);
  expected = expected_value (table, mover, other);
  ck_assert_msg (stored.outcome == expected.outcome && stored.distance == expected.distance,
                 "layer %u entry %" G_GUINT64_FORMAT ": table %d/%u, moves say %d/%u", l, i,
                 stored.outcome, stored.distance, expected.outcome, expected.distance);
}

START_TEST (test_equation_three)
{
  for (guint64 i = 0; i < triple3->sizes[0]; i += EQUATION_STRIDE)
    check_entry (triple3, 0, i);
  for (guint64 i = 0; i < standard->sizes[0]; i += 7 * EQUATION_STRIDE)
    check_entry (standard, 0, i);
}
END_TEST

START_TEST (test_equation_four)
{
  GRand *rand = g_rand_new_with_seed (4);

  for (guint l = 1; l < bg_marelle_endgame_n_layers (standard); l++)
    for (int k = 0; k < 6000; k++)
      check_entry (standard, l, g_rand_int_range (rand, 0, (gint32) standard->sizes[l]));
  g_rand_free (rand);
}
END_TEST

/* Concrete positions */

static BgGame *
new_game (guint       variant,
          const char *setup)
{
  g_autoptr (GHashTable) options = tu_options ("variant",
                                               variant == BG_MARELLE_VARIANT_STANDARD
                                               ? "standard" : "triple", NULL);

  return tu_new_game ("marelle", options, setup);
}

static void
assert_value (guint       variant,
              const char *setup,
              BgTaOutcome outcome,
              guint       distance)
{
  g_autoptr (BgGame) game = new_game (variant, setup);
  BgTaValue v = bg_marelle_endgame_probe (game);

  ck_assert_msg (v.outcome == outcome && v.distance == distance, "%s: %d/%u", setup,
                 v.outcome, v.distance);
}

START_TEST (test_known_positions)
{
  bg_marelle_endgame_install (triple3);
  bg_marelle_endgame_install (standard);
  /* A mill closed at once takes the third piece of three. */
  assert_value (1, "p1=a1,d1,g4,b6 p2=a7,d7,g7 hand=0,0 turn=1", BG_TA_OUTCOME_WIN, 1);
  /* Standard: four pieces boxed in: no move, lost now. */
  if (STANDARD_LAYERS == 4)
    assert_value (1, "p1=a1,d1,g1,a4 p2=d2,g4,a7,b4 hand=0,0 turn=1", BG_TA_OUTCOME_LOSS, 0);
  /* Flying three against stepping four holds. */
  assert_value (1, "p1=a1,d1,g1 p2=a7,d7,b4,f4 hand=0,0 turn=2", BG_TA_OUTCOME_DRAW, 0);
  /* Marelle triple, three each, everybody flies: long wins for either side to move. */
  assert_value (0, "p1=a1,c5,f4 p2=g7,b2,e3 hand=0,0 turn=1", BG_TA_OUTCOME_WIN, 17);
  assert_value (0, "p1=a1,c5,f4 p2=g7,b2,e3 hand=0,0 turn=2", BG_TA_OUTCOME_WIN, 11);
  assert_value (0, "p1=a1,d2,c5 p2=g1,e4,b6 hand=0,0 turn=2", BG_TA_OUTCOME_WIN, 3);
  /* Not covered: pieces in hand, or five on the board. */
  assert_value (1, "p1=a1,d1,g4 p2=a7,d7,c4 hand=1,0 turn=2", BG_TA_OUTCOME_UNKNOWN, 0);
  assert_value (1, "p1=a1,d1,g4,b2,b4 p2=a7,d7,c4 hand=0,0 turn=2", BG_TA_OUTCOME_UNKNOWN, 0);
}
END_TEST

/* The engine's search, without the tables, finds the same short results. */
START_TEST (test_search_agrees)
{
  g_autoptr (BgSearch) search = bg_search_new ();
  guint checked[BG_MARELLE_ENDGAME_N_LAYERS] = { 0 };

  ck_assert_ptr_null (bg_marelle_endgame_get_installed (BG_MARELLE_VARIANT_STANDARD));
  /* Wins and losses in 2 to 7 plies, up to ten of each layer. */
  for (guint l = 0; l < bg_marelle_endgame_n_layers (standard); l++)
    for (guint64 i = 0; i < standard->sizes[l] && checked[l] < 10; i += 1 + (l == 0) * 36)
      {
        guint8 v = standard->values[l][i];
        BgSearchLimits limits = { .max_depth = 0, .threads = 1 };
        BgSearchResult result;
        guint32 mover, other;
        g_autoptr (BgGame) game = NULL;
        g_autofree char *text = NULL;
        Naive n;

        if (v == 0 || v == BG_TA_INVALID || v - 1 > 7 || v - 1 < 2
            || !bg_endgame_index_decode (standard->index, ENDGAME_LAYER_A (l),
                                         ENDGAME_LAYER_B (l), i, &mover, &other))
          continue;
        n = naive_of_sets (mover, other, TRUE);
        text = naive_format (&n);
        game = new_game (BG_MARELLE_VARIANT_STANDARD, text);
        /* The search does not score a single move. */
        if (tu_n_legal (game) < 2)
          continue;
        /* A player left without a move is seen one ply before the horizon only. */
        limits.max_depth = v;
        ck_assert (bg_search_run (search, game, &limits, &result));
        ck_assert_msg (ABS (result.score) == BG_SCORE_WIN - (v - 1)
                       && (result.score > 0) == (((v - 1) & 1) == 1),
                       "%s: table %u plies, search %d", text, v - 1, result.score);
        checked[l]++;
      }
  /* 3 v 4 and 4 v 3 have no result that short with two moves or more: their wins go
   * through a mill into 3 v 3, or are a mill at once. */
  ck_assert_uint_eq (checked[0], 10);
  ck_assert_uint_ge (checked[3], STANDARD_LAYERS == 4 ? 5 : 0);
}
END_TEST

/* Files */

static void
expect_open_error (const char *path,
                   const char *part)
{
  g_autoptr (GError) error = NULL;
  BgMarelleEndgame *table = bg_marelle_endgame_open (path, &error);

  ck_assert_ptr_null (table);
  ck_assert_msg (strstr (error->message, part) != NULL, "%s", error->message);
}

START_TEST (test_files)
{
  g_autofree char *path = g_build_filename (dir, "t.table", NULL);
  g_autofree char *data = NULL;
  g_autoptr (BgMarelleEndgame) back = NULL;
  BgMarelleEndgameOptions options = { BG_MARELLE_VARIANT_TRIPLE, 1, NULL, 1 };
  gsize size;
  GStatBuf before, after;

  ck_assert (bg_marelle_endgame_save (triple3, path, NULL));
  back = bg_marelle_endgame_open (path, NULL);
  ck_assert_ptr_nonnull (back);
  ck_assert (memcmp (back->values[0], triple3->values[0], triple3->sizes[0]) == 0);
  ck_assert (g_file_get_contents (path, &data, &size, NULL));
  ck_assert_uint_eq (size, 256 + triple3->sizes[0]);

  data[size / 2] ^= 0x10;
  ck_assert (g_file_set_contents (path, data, size, NULL));
  expect_open_error (path, "checksum");
  data[size / 2] ^= 0x10;
  data[20] ^= 1;
  ck_assert (g_file_set_contents (path, data, size, NULL));
  expect_open_error (path, "header");
  data[20] ^= 1;
  ck_assert (g_file_set_contents (path, data, size - 1, NULL));
  expect_open_error (path, "truncated");
  ck_assert (g_file_set_contents (path, "not a table", 11, NULL));
  expect_open_error (path, "not a morris endgame table");

  /* Damaged: solved again and written over; sound: read, the file left alone. */
  g_clear_pointer (&back, bg_marelle_endgame_free);
  back = bg_marelle_endgame_read_or_solve (&options, path, NULL);
  ck_assert (memcmp (back->values[0], triple3->values[0], triple3->sizes[0]) == 0);
  ck_assert (g_stat (path, &before) == 0);
  g_clear_pointer (&back, bg_marelle_endgame_free);
  back = bg_marelle_endgame_read_or_solve (&options, path, NULL);
  ck_assert (g_stat (path, &after) == 0);
  ck_assert_uint_eq (before.st_ino, after.st_ino);
  ck_assert (memcmp (back->values[0], triple3->values[0], triple3->sizes[0]) == 0);
}
END_TEST

/* Issue 43: what is at the table's path without being a table is refused at once, without
 * waiting for a writer or reading it (a link to /dev/zero once grew the engine to 22 GB, a
 * FIFO blocked it for ever), then the table is computed again in its place. */

static void
expect_solved_again (const char *path)
{
  BgMarelleEndgameOptions options = { BG_MARELLE_VARIANT_TRIPLE, 1, NULL, 1 };
  g_autoptr (BgMarelleEndgame) back = bg_marelle_endgame_read_or_solve (&options, path, NULL);

  ck_assert_ptr_nonnull (back);
  ck_assert (memcmp (back->values[0], triple3->values[0], triple3->sizes[0]) == 0);
  ck_assert (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  ck_assert (!g_file_test (path, G_FILE_TEST_IS_SYMLINK));
  g_clear_pointer (&back, bg_marelle_endgame_free);
  back = bg_marelle_endgame_open (path, NULL);
  ck_assert_ptr_nonnull (back);
}

/* The default path, in the test's cache folder (setup()), made ready for a file. */
static char *
cache_path (void)
{
  char *path = bg_marelle_endgame_default_path (BG_MARELLE_VARIANT_TRIPLE);
  g_autofree char *folder = g_path_get_dirname (path);

  ck_assert (g_str_has_prefix (path, dir));
  ck_assert (g_mkdir_with_parents (folder, 0755) == 0);
  g_unlink (path);
  return path;
}

START_TEST (test_fifo)
{
  g_autofree char *path = cache_path ();

  ck_assert (mkfifo (path, 0644) == 0);
  expect_open_error (path, "is not a regular file");
  expect_solved_again (path);
}
END_TEST

START_TEST (test_dev_zero)
{
  g_autofree char *path = cache_path ();

  tu_limit_memory (G_GUINT64_CONSTANT (1) << 30);
  ck_assert (symlink ("/dev/zero", path) == 0);
  expect_open_error (path, "is not a regular file");
  expect_solved_again (path);
}
END_TEST

START_TEST (test_sparse)
{
  g_autofree char *path = cache_path ();
  g_autofree char *data = NULL;
  gsize size;

  tu_limit_memory (G_GUINT64_CONSTANT (1) << 30);
  /* 4 GiB of nothing: the header is not one. */
  tu_make_sparse (path, NULL, 0, G_GUINT64_CONSTANT (4) << 30);
  expect_open_error (path, "is not a morris endgame table");
  /* A sound header, then 4 GiB: the size is not the header's. */
  ck_assert (bg_marelle_endgame_save (triple3, path, NULL));
  ck_assert (g_file_get_contents (path, &data, &size, NULL));
  tu_make_sparse (path, data, size, G_GUINT64_CONSTANT (4) << 30);
  expect_open_error (path, "is damaged (it is too long)");
  expect_solved_again (path);
}
END_TEST

/* Play */

/* Plays game out, level against level 6, for at most max plies; returns the winner
 * (-1: none yet). */
static int
play_out (BgGame *game,
          int     level[2],
          guint   max)
{
  g_autoptr (BgSearch) search = bg_search_new ();

  for (guint ply = 0; ply < max && !bg_game_is_over (game); ply++)
    {
      int side = bg_game_get_player_to_move (game);
      BgSearchLimits limits;
      BgSearchResult result;

      bg_search_limits_for_level (level[side], &limits);
      limits.seed = 1 + ply;
      limits.threads = 1;
      /* Nodes, not time: the same play on a busy machine as on an idle one. */
      limits.time_limit_ms = 0;
      limits.node_limit = 200000;
      ck_assert (bg_search_run (search, game, &limits, &result));
      ck_assert (bg_game_play (game, result.move, NULL));
    }
  return bg_game_is_over (game) ? bg_game_get_status (game).winner : -1;
}

/* Won positions of the tables: the longest win of each layer, and others at random. */
static void
won_positions (const BgMarelleEndgame *table,
               GPtrArray              *setups)
{
  GRand *rand = g_rand_new_with_seed (table->variant + 7);

  for (guint l = 0; l < BG_MARELLE_ENDGAME_N_LAYERS && table->sizes[l] > 0; l++)
    {
      guint64 longest = 0;
      guint picked = 0;

      for (guint64 i = 0; i < table->sizes[l]; i++)
        {
          guint8 v = table->values[l][i];

          if (v != 0 && v != BG_TA_INVALID && ((v - 1) & 1)
              && (table->values[l][longest] == BG_TA_INVALID || v > table->values[l][longest]))
            longest = i;
        }
      for (int k = 0; k < 100000 && picked < 3; k++)
        {
          guint64 i = picked == 0 ? longest
                      : (guint64) g_rand_int_range (rand, 0, (gint32) table->sizes[l]);
          guint8 v = table->values[l][i];
          guint32 mover, other;
          Naive n;

          if (v == 0 || v == BG_TA_INVALID || ((v - 1) & 1) == 0
              || !bg_endgame_index_decode (table->index, ENDGAME_LAYER_A (l),
                                           ENDGAME_LAYER_B (l), i, &mover, &other))
            continue;
          n = naive_of_sets (mover, other, table->variant == BG_MARELLE_VARIANT_STANDARD);
          g_ptr_array_add (setups, naive_format (&n));
          picked++;
        }
    }
  g_rand_free (rand);
}

START_TEST (test_levels_win)
{
  const BgMarelleEndgame *tables[2] = { triple3, standard };

  bg_marelle_endgame_install (triple3);
  bg_marelle_endgame_install (standard);
  for (guint variant = 0; variant <= BG_MARELLE_VARIANT_STANDARD; variant++)
    {
      g_autoptr (GPtrArray) setups = g_ptr_array_new_with_free_func (g_free);

      won_positions (tables[variant], setups);
      ck_assert_uint_ge (setups->len, variant == BG_MARELLE_VARIANT_STANDARD ? 9 : 3);
      for (guint s = 0; s < setups->len; s++)
        for (int level = BG_LEVEL_MIN; level <= BG_LEVEL_MAX; level++)
          {
            g_autoptr (BgGame) game = new_game (variant, setups->pdata[s]);
            int me = bg_game_get_player_to_move (game), levels[2];
            BgTaValue v = bg_marelle_endgame_probe (game);
            /* By the fastest way; the levels that vary their play do so in the first
             * plies of a game only, which a set-up endgame is. */
            guint slack = level == BG_LEVEL_MAX ? 0 : BG_SEARCH_VARY_PLIES * 2;

            levels[me] = level;
            levels[1 - me] = BG_LEVEL_MAX;
            ck_assert_int_eq (v.outcome, BG_TA_OUTCOME_WIN);
            ck_assert_msg (play_out (game, levels, v.distance + slack) == me,
                           "level %d does not win %s in %u plies", level,
                           (char *) setups->pdata[s], v.distance);
          }
    }
}
END_TEST

START_TEST (test_levels_hold_draws)
{
  const char *draws[] = {
    "p1=a1,d1,g1 p2=a7,d7,b4,f4 hand=0,0 turn=2",
    "p1=a1,d1,g1,a4 p2=a7,d7,g7 hand=0,0 turn=2",
  };

  bg_marelle_endgame_install (standard);
  for (guint d = 0; d < G_N_ELEMENTS (draws); d++)
    for (int level = BG_LEVEL_MIN; level <= BG_LEVEL_MAX; level++)
      {
        g_autoptr (BgGame) game = new_game (BG_MARELLE_VARIANT_STANDARD, draws[d]);
        int me = bg_game_get_player_to_move (game), levels[2];

        ck_assert_int_eq (bg_marelle_endgame_probe (game).outcome, BG_TA_OUTCOME_DRAW);
        levels[me] = level;
        levels[1 - me] = BG_LEVEL_MAX;
        /* Twenty plies: whoever is to move, the position stays drawn. */
        for (int ply = 0; ply < 20 && !bg_game_is_over (game); ply++)
          {
            int one[2] = { levels[0], levels[1] };

            play_out (game, one, 1);
            ck_assert_int_eq (bg_marelle_endgame_probe (game).outcome, BG_TA_OUTCOME_DRAW);
          }
        ck_assert (!bg_game_is_over (game));
      }
}
END_TEST

int
main (void)
{
  Suite *suite = suite_create ("marelle-endgame");
  TCase *tc = tcase_create ("tables");

  tcase_add_unchecked_fixture (tc, setup, teardown);
  tcase_set_timeout (tc, 120);
  tcase_add_test (tc, test_symmetries);
  tcase_add_test (tc, test_index);
  tcase_add_test (tc, test_equation_three);
  tcase_add_test (tc, test_equation_four);
  tcase_add_test (tc, test_known_positions);
  tcase_add_test (tc, test_search_agrees);
  tcase_add_test (tc, test_files);
  tcase_add_test (tc, test_fifo);
  tcase_add_test (tc, test_dev_zero);
  tcase_add_test (tc, test_sparse);
  tcase_add_test (tc, test_levels_win);
  tcase_add_test (tc, test_levels_hold_draws);
  suite_add_tcase (suite, tc);
  return tu_run_suite (suite);
}
