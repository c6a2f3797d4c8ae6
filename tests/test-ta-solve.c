/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ta-solve.c: the Triple Alliance solver, checked on the game with three pieces each
 *
 * The small game is solved end to end by the same code as the real one, then every
 * position of its table is checked against this file's own model of the board:
 *  - a plain recursive alpha-beta (negamax, mate scores by ply) to a fixed depth, which
 *    must find exactly the table's result wherever it ends within that depth, and no
 *    result elsewhere;
 *  - the negamax equation one ply deep over the table itself, which together with the
 *    ends proves every distance, however long.
 * Then the symmetries, the files (checksums, truncation, resumption after a cancel; a
 * FIFO, a link to /dev/zero, a sparse file of 4 GiB and the small game's table at the real
 * one's path) and the perfect player.
 */

#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bg-search.h"
#include "triple-alliance/solver/bg-ta-index.h"
#include "triple-alliance/solver/bg-ta-solve.h"
#include "triple-alliance/solver/bg-ta-table.h"
#include "test-util.h"

#define N 3
#define AB_DEPTH 5
#define MATE 1000

/* The test's own board: points numbered rank by rank from a1, c3 skipped. */
static guint32 adj[24];
static guint32 lines_of_three[32];
static guint n_lines;
static char *table_path;
static char *cache_dir;   /* XDG_CACHE_HOME, for the default paths */
static BgTaTable *table;
/* The progress the solve in setup() reported, in order. */
static GArray *progress_reports;

static int
point (int f,
       int r)
{
  if (f < 0 || f > 4 || r < 0 || r > 4 || (f == 2 && r == 2))
    return -1;
  return r * 5 + f - (r * 5 + f > 12);
}

static void
model_init (void)
{
  for (int r = 0; r < 5; r++)
    for (int f = 0; f < 5; f++)
      {
        int p = point (f, r);
        static const int d[4][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } };

        if (p < 0)
          continue;
        for (int i = 0; i < 4; i++)
          if (point (f + d[i][0], r + d[i][1]) >= 0)
            adj[p] |= 1u << point (f + d[i][0], r + d[i][1]);
        /* A line: three points in a row or a column, all on the board. */
        for (int dir = 0; dir < 2; dir++)
          {
            int p1 = point (f + (dir == 0), r + (dir == 1));
            int p2 = point (f + 2 * (dir == 0), r + 2 * (dir == 1));

            if (p1 >= 0 && p2 >= 0)
              lines_of_three[n_lines++] = 1u << p | 1u << p1 | 1u << p2;
          }
      }
}

static gboolean
line (guint32 set)
{
  for (guint i = 0; i < n_lines; i++)
    if ((set & lines_of_three[i]) == lines_of_three[i])
      return TRUE;
  return FALSE;
}

/* The moves of the player holding me: a placement while pieces are in hand (never a
 * third in a line), then steps. Returns the sets of me after each move. */
static guint
model_moves (guint32  me,
             guint32  opp,
             guint32 *out)
{
  guint32 empty = 0xffffffu & ~(me | opp);
  guint n = 0;

  if (__builtin_popcount (me) + __builtin_popcount (opp) < 2 * N)
    {
      for (guint32 e = empty; e != 0; e &= e - 1)
        if (!line (me | (e & -e)))
          out[n++] = me | (e & -e);
      return n;
    }
  for (guint32 m = me; m != 0; m &= m - 1)
    for (guint32 t = adj[__builtin_ctz (m)] & empty; t != 0; t &= t - 1)
      out[n++] = (me & ~(m & -m)) | (t & -t);
  return n;
}

static int
alphabeta (guint32 me,
           guint32 opp,
           int     ply,
           int     depth,
           int     alpha,
           int     beta)
{
  guint32 next[24];
  guint n;
  int best = -MATE - 1;

  if (line (opp))
    return -(MATE - ply);
  n = model_moves (me, opp, next);
  if (n == 0)
    return -(MATE - ply);
  if (depth == 0)
    return 0;
  for (guint i = 0; i < n; i++)
    {
      int score = -alphabeta (opp, next[i], ply + 1, depth - 1, -beta, -alpha);

      best = MAX (best, score);
      alpha = MAX (alpha, score);
      if (alpha >= beta)
        break;
    }
  return best;
}

static int
value_score (BgTaValue v)
{
  switch (v.outcome)
    {
    case BG_TA_OUTCOME_WIN:
      return MATE - (int) v.distance;
    case BG_TA_OUTCOME_LOSS:
      return -(MATE - (int) v.distance);
    default:
      return 0;
    }
}

static BgTaValue
probe (guint32 me,
       guint32 opp)
{
  return bg_ta_table_probe_sets (table, me, opp,
                                 __builtin_popcount (me | opp) < 2 * N);
}

static void
record_progress (const char *stage,
                 double      fraction,
                 gpointer    data)
{
  ck_assert_ptr_nonnull (stage);
  g_array_append_val (progress_reports, fraction);
}

static void
setup (void)
{
  BgTaSolveOptions options = { .n_pieces = N, .n_threads = 2, .progress = record_progress };
  g_autoptr (GError) error = NULL;
  BgTaSolveStats stats;

  model_init ();
  if (table != NULL)
    return;
  progress_reports = g_array_new (FALSE, FALSE, sizeof (double));
  /* Before anything asks GLib for the cache folder. */
  cache_dir = g_dir_make_tmp ("trio-test-cache-XXXXXX", NULL);
  g_setenv ("XDG_CACHE_HOME", cache_dir, TRUE);
  table_path = g_build_filename (g_get_tmp_dir (), "trio-test-ta3-XXXXXX", NULL);
  g_close (g_mkstemp (table_path), NULL);
  options.path = table_path;
  ck_assert_msg (bg_ta_solve (&options, &stats, &error), "%s", error ? error->message : "");
  ck_assert (!stats.resumed);
  table = bg_ta_table_open (table_path, &error);
  ck_assert_msg (table != NULL, "%s", error ? error->message : "");
}

/* Issue 34: the progress of the whole solve only goes up (it once went back at every
 * pass of the movement phase: 39 % then 30 %), across its phases, and ends at 1. */
START_TEST (test_progress_rises)
{
  const double *f = (const double *) progress_reports->data;
  guint n = progress_reports->len;
  guint distinct = 1;

  /* A report at the start and the end of every pass: dozens for the small game. */
  ck_assert_uint_ge (n, 20);
  ck_assert (f[0] >= 0.0 && f[0] < 0.1);
  for (guint i = 1; i < n; i++)
    {
      ck_assert_msg (f[i] >= f[i - 1], "report %u: %.4f after %.4f", i, f[i], f[i - 1]);
      ck_assert (f[i] <= 1.0);
      distinct += f[i] > f[i - 1];
    }
  ck_assert (f[n - 1] == 1.0);
  /* It moves through the phases, not in one jump at the end. */
  ck_assert_uint_ge (distinct, 8);
}
END_TEST

/* Every position of a layer (one index in stride), as the sets of the player to move and of
 * the other. */
typedef void (*LayerFunc) (guint32 me, guint32 opp, gpointer data);

static void
for_each_position (guint     k,
                   guint     stride,
                   LayerFunc func,
                   gpointer  data)
{
  BgTaLayer layer;

  bg_ta_layer_init (&layer, k / 2, k - k / 2);
  /* Under the sanitizers, a sample: the same code, one index in stride. */
  for (guint64 i = 0; i < layer.size; i += stride)
    {
      guint32 me, opp;

      if (!bg_ta_index_is_canonical (&layer, i))
        continue;
      bg_ta_index_decode (&layer, i, &me, &opp);
      if (line (me) || (k < 2 * N && line (opp)))
        continue;
      func (me, opp, data);
    }
}

static void
check_alphabeta (guint32  me,
                 guint32  opp,
                 gpointer data)
{
  BgTaValue v = probe (me, opp);
  int expected = v.outcome != BG_TA_OUTCOME_DRAW && v.distance <= AB_DEPTH ? value_score (v) : 0;
  /* A window around the table's value: inside it the search's result is exact, so it
   * must come back equal; outside, it differs. */
  int found = alphabeta (me, opp, 0, AB_DEPTH, expected - 1, expected + 1);
  guint *checked = data;

  ck_assert_int_ne (v.outcome, BG_TA_OUTCOME_UNKNOWN);
  ck_assert_msg (found == expected, "me %06x opp %06x: table %d/%u, alpha-beta %d", me, opp,
                 v.outcome, v.distance, found);
  checked[v.outcome]++;
}

START_TEST (test_alphabeta_agrees)
{
  guint checked[4] = { 0 };

  for (guint k = 4; k <= 2 * N; k++)
    for_each_position (k, tu_stride (), check_alphabeta, checked);
  /* All three results occur in the small game (in a sample of it, in proportion). */
  ck_assert_uint_gt (checked[BG_TA_OUTCOME_WIN], 10000 / tu_stride ());
  ck_assert_uint_gt (checked[BG_TA_OUTCOME_LOSS], 5000 / tu_stride ());
  ck_assert_uint_gt (checked[BG_TA_OUTCOME_DRAW], 100000 / tu_stride ());
}
END_TEST

static void
check_bellman (guint32  me,
               guint32  opp,
               gpointer data)
{
  guint32 next[24];
  guint n = model_moves (me, opp, next);
  BgTaValue v = probe (me, opp);
  int best = -MATE - 1;
  guint *longest = data;

  if (line (opp) || n == 0)
    best = -MATE;
  for (guint i = 0; i < n && !line (opp); i++)
    {
      int child = value_score (probe (opp, next[i]));

      /* One ply further from the end. */
      best = MAX (best, child > 0 ? -child + 1 : child < 0 ? -child - 1 : 0);
    }
  ck_assert_msg (value_score (v) == best, "me %06x opp %06x: table %d/%u, one ply %d", me, opp,
                 v.outcome, v.distance, best);
  *longest = MAX (*longest, v.distance);
}

START_TEST (test_negamax_equation)
{
  guint longest = 0;

  for (guint k = 0; k <= 2 * N; k++)
    for_each_position (k, 1, check_bellman, &longest);
  ck_assert_uint_gt (longest, 2 * AB_DEPTH);
}
END_TEST

START_TEST (test_symmetries_and_index)
{
  BgTaLayer layer;
  GRand *rand = g_rand_new_with_seed (7);

  bg_ta_layer_init (&layer, 6, 6);
  for (guint32 set = 0; set < (1u << 24); set += 97)
    ck_assert_int_eq (bg_ta_index_has_line (set), line (set));
  for (guint i = 0; i < 200u * tu_percent (); i++)
    {
      guint32 me = 0, opp = 0, m2, o2;
      guint64 index;

      while (__builtin_popcount (me) < 6)
        me |= 1u << g_rand_int_range (rand, 0, 24);
      while (__builtin_popcount (opp) < 6)
        opp |= (1u << g_rand_int_range (rand, 0, 24)) & ~me;
      index = bg_ta_index_encode (&layer, me, opp);
      ck_assert_uint_lt (index, layer.size);
      ck_assert (bg_ta_index_is_canonical (&layer, index));
      bg_ta_index_decode (&layer, index, &m2, &o2);
      ck_assert_int_eq (__builtin_popcount (m2), 6);
      ck_assert_int_eq (__builtin_popcount (o2), 6);
      for (guint t = 0; t < BG_TA_N_SYMMETRIES; t++)
        {
          guint32 tm = bg_ta_symmetry_apply (t, me), to = bg_ta_symmetry_apply (t, opp);

          ck_assert_uint_eq (bg_ta_index_encode (&layer, tm, to), index);
          /* A symmetry keeps lines and steps. */
          ck_assert_int_eq (line (tm), line (me));
          for (int p = 0; p < 24; p++)
            ck_assert_uint_eq (bg_ta_symmetry_apply (t, adj[p]),
                               adj[__builtin_ctz (bg_ta_symmetry_apply (t, 1u << p))]);
        }
      /* In the small table too. */
      me &= me - 1, me &= me - 1, me &= me - 1;
      opp &= opp - 1, opp &= opp - 1, opp &= opp - 1;
      for (guint t = 1; t < BG_TA_N_SYMMETRIES; t++)
        ck_assert_int_eq (value_score (probe (me, opp)),
                          value_score (probe (bg_ta_symmetry_apply (t, me),
                                              bg_ta_symmetry_apply (t, opp))));
    }
  g_rand_free (rand);
}
END_TEST

static char *
read_file (const char *path,
           gsize      *size)
{
  char *data = NULL;

  ck_assert (g_file_get_contents (path, &data, size, NULL));
  return data;
}

static void
write_file (const char *path,
            const char *data,
            gsize       size)
{
  ck_assert (g_file_set_contents (path, data, (gssize) size, NULL));
}

static void
expect_open_error (const char *path,
                   const char *words)
{
  g_autoptr (GError) error = NULL;
  BgTaTable *bad = bg_ta_table_open (path, &error);

  ck_assert_ptr_null (bad);
  ck_assert_ptr_nonnull (error);
  ck_assert_msg (strstr (error->message, words) != NULL, "%s", error->message);
}

START_TEST (test_damaged_files)
{
  g_autofree char *copy = g_strconcat (table_path, ".copy", NULL);
  gsize size;
  g_autofree char *data = read_file (table_path, &size);

  /* One byte changed in the values, then in the header. */
  data[size / 2] ^= 0x10;
  write_file (copy, data, size);
  expect_open_error (copy, "checksum");
  data[size / 2] ^= 0x10;
  data[40] ^= 1;
  write_file (copy, data, size);
  expect_open_error (copy, "header");
  data[40] ^= 1;
  write_file (copy, data, size - 1);
  expect_open_error (copy, "truncated");
  write_file (copy, "not a table at all", 18);
  expect_open_error (copy, "not a Triple Alliance table");
  expect_open_error ("/nonexistent/trio.table", "trio.table");
  write_file (copy, data, size);
  bg_ta_table_unref (bg_ta_table_open (copy, NULL));
  g_unlink (copy);
}
END_TEST

/* Issue 43: at the table's default path, what is not the table is refused at once, without
 * waiting for a writer or reading it (a FIFO blocked the engine and the application for
 * ever); the table of another game, at the path of the real one, is not taken for it. */

/* The default path of the game with six pieces, in the test's cache folder (setup()), made
 * ready for a file. */
static char *
cache_path (void)
{
  char *path = bg_ta_table_default_path (6);
  g_autofree char *folder = g_path_get_dirname (path);

  ck_assert (g_str_has_prefix (path, cache_dir));
  ck_assert (g_mkdir_with_parents (folder, 0755) == 0);
  g_unlink (path);
  return path;
}

/* Opening path as the table of the real game, and counting it, both fail with words. */
static void
expect_refused (const char *path,
                const char *words,
                const char *count_words)
{
  g_autoptr (GError) error = NULL;
  BgTaSolveStats stats;

  ck_assert_ptr_null (bg_ta_table_open_pieces (NULL, 6, &error));
  ck_assert_msg (strstr (error->message, words) != NULL, "%s", error->message);
  ck_assert_msg (strstr (error->message, path) != NULL, "%s", error->message);
  expect_open_error (path, count_words);
  g_clear_error (&error);
  ck_assert (!bg_ta_solve_count (path, &stats, &error));
  ck_assert_msg (strstr (error->message, count_words) != NULL, "%s", error->message);
}

START_TEST (test_fifo)
{
  g_autofree char *path = cache_path ();

  ck_assert (mkfifo (path, 0644) == 0);
  expect_refused (path, "is not a regular file", "is not a regular file");
  g_unlink (path);
}
END_TEST

START_TEST (test_dev_zero)
{
  g_autofree char *path = cache_path ();

  tu_limit_memory (G_GUINT64_CONSTANT (1) << 30);
  ck_assert (symlink ("/dev/zero", path) == 0);
  expect_refused (path, "is not a regular file", "is not a regular file");
  g_unlink (path);
}
END_TEST

START_TEST (test_sparse)
{
  g_autofree char *path = cache_path ();
  gsize size;
  g_autofree char *data = read_file (table_path, &size);

  tu_limit_memory (G_GUINT64_CONSTANT (1) << 30);
  tu_make_sparse (path, NULL, 0, G_GUINT64_CONSTANT (4) << 30);
  expect_refused (path, "is not a Triple Alliance table", "is not a Triple Alliance table");
  /* The small game's header, then 4 GiB. */
  tu_make_sparse (path, data, BG_TA_HEADER_SIZE, G_GUINT64_CONSTANT (4) << 30);
  expect_refused (path, "3 pieces each, not 6", "is damaged (it is too long)");
  g_unlink (path);
}
END_TEST

START_TEST (test_other_game)
{
  g_autofree char *path = cache_path ();
  gsize size;
  g_autofree char *data = read_file (table_path, &size);
  g_autoptr (GError) error = NULL;
  g_autoptr (BgTaTable) small = NULL;

  write_file (path, data, size);
  ck_assert_ptr_null (bg_ta_table_open_pieces (NULL, 6, &error));
  ck_assert_msg (strstr (error->message, "3 pieces each, not 6") != NULL, "%s",
                 error->message);
  /* Asked for what it is, or for any table, it opens. */
  small = bg_ta_table_open_pieces (path, N, NULL);
  ck_assert_ptr_nonnull (small);
  g_clear_pointer (&small, bg_ta_table_unref);
  small = bg_ta_table_open (path, NULL);
  ck_assert_uint_eq (bg_ta_table_get_n_pieces (small), N);
  g_unlink (path);
}
END_TEST

/* A FIFO where a checkpoint belongs is no checkpoint: the run starts over. */
START_TEST (test_fifo_checkpoint)
{
  g_autofree char *path = g_strconcat (table_path, ".fifo", NULL);
  g_autofree char *partial = g_strconcat (path, ".partial", NULL);
  BgTaSolveOptions options = { .n_pieces = N, .n_threads = 1, .path = path };
  g_autoptr (GError) error = NULL;
  BgTaSolveStats stats;

  ck_assert (mkfifo (partial, 0644) == 0);
  ck_assert_msg (bg_ta_solve (&options, &stats, &error), "%s", error ? error->message : "");
  ck_assert (!stats.resumed);
  ck_assert (!g_file_test (partial, G_FILE_TEST_EXISTS));
  g_unlink (path);
}
END_TEST

static void
cancel_at_stage (const char *stage,
                 double      fraction,
                 gpointer    data)
{
  const char **wanted = data;

  if (g_str_equal (stage, wanted[0]))
    g_atomic_int_set ((gint *) wanted[1], 1);
}

/* A solve cancelled at a stage leaves no table but a checkpoint, and the next run goes
 * on from it to the same table as a run never stopped. */
static void
check_resume (const char *stage)
{
  g_autofree char *path = g_strconcat (table_path, ".resumed", NULL);
  g_autofree char *partial = g_strconcat (path, ".partial", NULL);
  g_autoptr (GError) error = NULL;
  gint cancel = 0;
  const char *wanted[2] = { stage, (const char *) &cancel };
  BgTaSolveOptions options = {
    .n_pieces = N, .n_threads = 2, .path = path, .progress = cancel_at_stage,
    .progress_data = wanted, .cancel = &cancel,
  };
  BgTaSolveStats stats;
  gsize size1, size2;
  g_autofree char *expected = read_file (table_path, &size1);
  g_autofree char *got = NULL;

  ck_assert (!bg_ta_solve (&options, &stats, &error));
  ck_assert (g_error_matches (error, BG_ERROR, BG_ERROR_CANCELLED));
  ck_assert (!g_file_test (path, G_FILE_TEST_EXISTS));
  ck_assert (g_file_test (partial, G_FILE_TEST_EXISTS));
  g_clear_error (&error);
  cancel = 0;
  options.progress = NULL;
  ck_assert_msg (bg_ta_solve (&options, &stats, &error), "%s", error ? error->message : "");
  ck_assert (stats.resumed);
  ck_assert (!g_file_test (partial, G_FILE_TEST_EXISTS));
  got = read_file (path, &size2);
  ck_assert_uint_eq (size1, size2);
  ck_assert (memcmp (expected, got, size1) == 0);
  g_unlink (path);
}

START_TEST (test_resume_movement)
{
  check_resume ("Solving the movement phase");
}
END_TEST

START_TEST (test_resume_placement)
{
  check_resume ("Solving the placement phase");
}
END_TEST

START_TEST (test_damaged_checkpoint)
{
  g_autofree char *path = g_strconcat (table_path, ".fresh", NULL);
  g_autofree char *partial = g_strconcat (path, ".partial", NULL);
  BgTaSolveOptions options = { .n_pieces = N, .n_threads = 1, .path = path };
  BgTaSolveStats stats;
  gsize size;
  g_autofree char *data = read_file (table_path, &size);

  /* A table where a checkpoint belongs is no checkpoint: the run starts over. */
  write_file (partial, data, size);
  ck_assert (bg_ta_solve (&options, &stats, NULL));
  ck_assert (!stats.resumed);
  ck_assert (!g_file_test (partial, G_FILE_TEST_EXISTS));
  g_unlink (path);
}
END_TEST

static void
append_points (GString *s,
               guint32  set)
{
  gboolean first = TRUE;

  for (int p = 0; p < 24; p++)
    if (set & (1u << p))
      {
        int grid = p + (p >= 12);

        g_string_append_printf (s, "%s%c%d", first ? "" : ",", 'a' + grid % 5, grid / 5 + 1);
        first = FALSE;
      }
}

/* A Triple Alliance game whose player 1 (to move) holds me and player 2 opp, with the
 * rest of the three pieces each in hand. */
static BgGame *
game_from_sets (guint32 me,
                guint32 opp)
{
  g_autoptr (GString) s = g_string_new ("p1=");

  append_points (s, me);
  g_string_append (s, " p2=");
  append_points (s, opp);
  g_string_append_printf (s, " hand=%d,%d turn=1", N - __builtin_popcount (me),
                          N - __builtin_popcount (opp));
  return tu_new_game ("triple-alliance", NULL, s->str);
}

/* Random positions of the small game, not over, from the table's layers k. */
static GPtrArray *
sample_games (guint k,
              guint count,
              guint seed)
{
  GPtrArray *games = g_ptr_array_new_with_free_func ((GDestroyNotify) bg_game_free);
  GRand *rand = g_rand_new_with_seed (seed);
  BgTaLayer layer;

  bg_ta_layer_init (&layer, k / 2, k - k / 2);
  while (games->len < count)
    {
      guint64 i = (guint64) g_rand_double_range (rand, 0, (double) layer.size);
      guint32 me, opp;

      if (!bg_ta_index_is_canonical (&layer, i))
        continue;
      bg_ta_index_decode (&layer, i, &me, &opp);
      if (line (me) || line (opp))
        continue;
      g_ptr_array_add (games, game_from_sets (me, opp));
    }
  g_rand_free (rand);
  return games;
}

START_TEST (test_rated_moves)
{
  g_autoptr (GPtrArray) games = sample_games (2 * N, 300, 11);
  BgTaMoveValue rated[24];

  g_ptr_array_extend_and_steal (games, sample_games (2 * N - 1, 100, 12));
  for (guint g = 0; g < games->len; g++)
    {
      BgGame *game = games->pdata[g];
      BgTaValue v = bg_ta_table_probe (table, game);
      guint n = bg_ta_table_rate_moves (table, game, rated);

      ck_assert_int_ne (v.outcome, BG_TA_OUTCOME_UNKNOWN);
      ck_assert_uint_eq (n, tu_n_legal (game));
      if (n == 0)
        continue;
      /* The best move keeps the position's value; none is better. */
      ck_assert_int_eq (rated[0].value.outcome, v.outcome);
      ck_assert_uint_eq (rated[0].value.distance, v.distance);
      for (guint i = 1; i < n; i++)
        ck_assert_int_le (bg_ta_value_compare (rated[i].value, rated[0].value), 0);
    }
}
END_TEST

/* The perfect level against the alpha-beta levels: never worse than the table says, wins
 * within the table's distance, and the distance falls by one at each move of the line. */
START_TEST (test_perfect_player)
{
  g_autoptr (GPtrArray) games = sample_games (2 * N, 60, 21);
  g_autoptr (BgSearch) search = bg_search_new_with_table (12);
  BgSearchLimits perfect, opponent;
  guint wins = 0;

  g_ptr_array_extend_and_steal (games, sample_games (2 * N - 2, 20, 22));
  bg_ta_table_set_default (table);
  bg_search_limits_for_level (BG_LEVEL_PERFECT, &perfect);
  ck_assert_int_eq (perfect.level, BG_LEVEL_PERFECT);
  ck_assert_str_eq (bg_search_level_name (BG_LEVEL_PERFECT), "perfect");
  /* The table answers for the perfect level; a node budget in case it did not. */
  perfect.time_limit_ms = 0;
  perfect.node_limit = 200000;
  bg_search_limits_for_level (3, &opponent);
  opponent.time_limit_ms = 0;
  opponent.seed = 5;
  for (guint g = 0; g < games->len; g++)
    {
      BgGame *game = games->pdata[g];
      BgTaValue start = bg_ta_table_probe (table, game);
      BgSearchResult result;
      guint ply = 0;

      ck_assert (bg_search_run (search, game, &perfect, &result));
      /* The line follows the distances down. */
      if (start.outcome != BG_TA_OUTCOME_DRAW)
        ck_assert_uint_eq (result.pv_len, MIN (start.distance, BG_SEARCH_MAX_PLY));
      for (; ply < 60 && !bg_game_is_over (game); ply++)
        {
          BgTaValue before = bg_ta_table_probe (table, game), after;
          gboolean mine = ply % 2 == 0;

          ck_assert (bg_search_run (search, game, mine ? &perfect : &opponent, &result));
          ck_assert (bg_game_play (game, result.move, NULL));
          after = bg_ta_table_probe (table, game);
          if (mine && before.outcome == BG_TA_OUTCOME_WIN)
            ck_assert (after.outcome == BG_TA_OUTCOME_LOSS
                       && after.distance + 1 == before.distance);
          if (mine && before.outcome == BG_TA_OUTCOME_DRAW)
            ck_assert_int_eq (after.outcome, BG_TA_OUTCOME_DRAW);
        }
      if (start.outcome == BG_TA_OUTCOME_WIN)
        {
          ck_assert (bg_game_is_over (game));
          ck_assert_int_eq (bg_game_get_status (game).winner, 0);
          ck_assert_uint_le (bg_game_get_n_played (game), start.distance);
          wins++;
        }
      if (start.outcome == BG_TA_OUTCOME_DRAW && bg_game_is_over (game))
        ck_assert_int_eq (bg_game_get_status (game).winner, 0);
    }
  ck_assert_uint_gt (wins, 3);
  bg_ta_table_set_default (NULL);
}
END_TEST

/* Without a table, the perfect level is the strongest search. */
START_TEST (test_perfect_without_table)
{
  g_autoptr (BgGame) game = tu_new_game ("triple-alliance", NULL, NULL);
  g_autoptr (BgSearch) search = bg_search_new_with_table (12);
  BgSearchLimits limits;
  BgSearchResult result;

  bg_ta_table_set_default (NULL);
  bg_search_limits_for_level (BG_LEVEL_PERFECT, &limits);
  limits.time_limit_ms = 0;
  limits.node_limit = 20000;
  ck_assert (bg_search_run (search, game, &limits, &result));
  ck_assert (bg_game_is_legal (game, result.move));
  ck_assert_uint_gt (result.nodes, 100);
}
END_TEST

static Suite *
ta_solve_suite (void)
{
  Suite *suite = suite_create ("ta-solve");
  TCase *tc = tcase_create ("small");

  tcase_add_unchecked_fixture (tc, setup, NULL);
  tcase_add_test (tc, test_progress_rises);
  tcase_add_test (tc, test_symmetries_and_index);
  tcase_add_test (tc, test_negamax_equation);
  tcase_add_test (tc, test_alphabeta_agrees);
  tcase_add_test (tc, test_damaged_files);
  tcase_add_test (tc, test_resume_movement);
  tcase_add_test (tc, test_resume_placement);
  tcase_add_test (tc, test_damaged_checkpoint);
  tcase_add_test (tc, test_fifo);
  tcase_add_test (tc, test_dev_zero);
  tcase_add_test (tc, test_sparse);
  tcase_add_test (tc, test_other_game);
  tcase_add_test (tc, test_fifo_checkpoint);
  tcase_add_test (tc, test_rated_moves);
  tcase_add_test (tc, test_perfect_player);
  tcase_add_test (tc, test_perfect_without_table);
  suite_add_tcase (suite, tc);
  return suite;
}

int
main (void)
{
  int failed = tu_run_suite (ta_solve_suite ());

  if (table_path != NULL)
    g_unlink (table_path);
  if (cache_dir != NULL)
    {
      g_autofree char *cmd = g_strdup_printf ("rm -rf '%s'", cache_dir);

      if (system (cmd) != 0)
        failed = EXIT_FAILURE;
    }
  return failed;
}
