/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-util.c: helpers shared by the engine test suites */

#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>
#include <glib/gstdio.h>

#include "test-util.h"

/* A new option table from name, value pairs, the list ended by NULL:
 * tu_options ("variant", "standard", "first", "2", NULL). */
GHashTable *
tu_options (const char *name,
            ...)
{
  GHashTable *options = bg_options_new ();
  va_list args;

  va_start (args, name);
  for (; name != NULL; name = va_arg (args, const char *))
    {
      const char *value = va_arg (args, const char *);

      g_hash_table_insert (options, g_strdup (name), g_strdup (value));
    }
  va_end (args);
  return options;
}

/* A new game of id with options (may be NULL), from setup if it is not NULL. */
BgGame *
tu_new_game (const char *id,
             GHashTable *options,
             const char *setup)
{
  g_autoptr (GError) error = NULL;
  BgGame *game;

  if (setup != NULL)
    game = bg_game_new_from_position (id, options, setup, &error);
  else
    game = bg_game_new (id, options, &error);
  ck_assert_msg (game != NULL, "%s", error ? error->message : "?");
  return game;
}

/* Plays moves, given in notation and separated by single spaces. */
void
tu_play (BgGame     *game,
         const char *moves)
{
  g_auto (GStrv) words = g_strsplit (moves, " ", -1);

  for (guint i = 0; words[i] != NULL; i++)
    {
      g_autoptr (GError) error = NULL;

      ck_assert_msg (bg_game_play_text (game, words[i], &error), "%s: %s", words[i],
                     error ? error->message : "?");
    }
}

/* For g_ptr_array_sort() over an array of strings. */
int
tu_compare_strings (gconstpointer a,
                    gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* The notation of the legal moves, sorted, joined by spaces. */
char *
tu_legal_texts (const BgGame *game)
{
  g_autoptr (GArray) moves = bg_game_get_legal_moves (game);
  g_autoptr (GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < moves->len; i++)
    g_ptr_array_add (texts, bg_game_format_move (game, g_array_index (moves, BgMove, i)));
  g_ptr_array_sort (texts, tu_compare_strings);
  g_ptr_array_add (texts, NULL);
  return g_strjoinv (" ", (char **) texts->pdata);
}

guint
tu_n_legal (const BgGame *game)
{
  g_autoptr (GArray) moves = bg_game_get_legal_moves (game);

  return moves->len;
}

/* The number of legal moves whose notation starts with prefix. */
guint
tu_count_prefix (const BgGame *game,
                 const char   *prefix)
{
  g_autoptr (GArray) moves = bg_game_get_legal_moves (game);
  guint n = 0;

  for (guint i = 0; i < moves->len; i++)
    {
      g_autofree char *text = bg_game_format_move (game, g_array_index (moves, BgMove, i));

      n += g_str_has_prefix (text, prefix);
    }
  return n;
}

typedef struct
{
  BgSearch *search;
  BgGame *game;
  const BgSearchLimits *limits;
  gboolean found;
  BgSearchResult result;
} CancelRun;

static gpointer
cancel_run_thread (gpointer data)
{
  CancelRun *run = data;

  run->found = bg_search_run (run->search, run->game, run->limits, &run->result);
  return NULL;
}

void
tu_check_cancel (BgGame               *game,
                 const BgSearchLimits *limits,
                 guint                 delay_ms)
{
  g_autoptr (BgSearch) search = bg_search_new ();
  CancelRun run = { search, game, limits, FALSE, { .move = BG_MOVE_NONE } };
  GThread *thread = g_thread_new ("search", cancel_run_thread, &run);

  g_usleep (delay_ms * 1000);
  bg_search_cancel (search);
  g_thread_join (thread);
  ck_assert (run.found);
  ck_assert (bg_game_is_legal (game, run.result.move));
  ck_assert_uint_lt (run.result.depth, limits->max_depth);
}

void
tu_limit_memory (guint64 extra)
{
#ifndef __SANITIZE_ADDRESS__
  g_autofree char *statm = NULL;
  guint64 pages;
  struct rlimit limit;

  /* The first field of /proc/self/statm: the address space, in pages. */
  if (!g_file_get_contents ("/proc/self/statm", &statm, NULL, NULL)
      || sscanf (statm, "%" G_GUINT64_FORMAT, &pages) != 1)
    return;
  limit.rlim_cur = limit.rlim_max = pages * (guint64) sysconf (_SC_PAGESIZE) + extra;
  ck_assert (setrlimit (RLIMIT_AS, &limit) == 0);
#endif
}

void
tu_make_sparse (const char *path,
                const void *head,
                gsize       head_size,
                guint64     size)
{
  int fd = g_open (path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);

  ck_assert_int_ge (fd, 0);
  if (head != NULL)
    ck_assert (write (fd, head, head_size) == (gssize) head_size);
  ck_assert (ftruncate (fd, (off_t) size) == 0);
  ck_assert (close (fd) == 0);
}

/* Runs suite and returns the exit status of the test program. */
int
tu_run_suite (Suite *suite)
{
  SRunner *runner = srunner_create (suite);
  int failed;

  srunner_run_all (runner, CK_NORMAL);
  failed = srunner_ntests_failed (runner);
  srunner_free (runner);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

guint
tu_percent (void)
{
  const char *text = g_getenv ("TRIO_TEST_PERCENT");
  guint64 percent = 100;

  if (text != NULL && !g_ascii_string_to_unsigned (text, 10, 1, 100, &percent, NULL))
    g_error ("TRIO_TEST_PERCENT must be a number from 1 to 100, not '%s'", text);
  return (guint) percent;
}

guint
tu_stride (void)
{
  return 100 / tu_percent ();
}

void
tu_check_descriptors (const BgRules *rules)
{
  ck_assert (rules->name != NULL && rules->name[0] != '\0');
  ck_assert_msg (rules->blurb != NULL && rules->blurb[0] != '\0', "%s: no blurb", rules->id);
  ck_assert_msg (rules->describe_move != NULL, "%s: no describe_move", rules->id);
  for (const BgOptionSpec *spec = rules->options; spec != NULL && spec->name != NULL; spec++)
    {
      ck_assert_msg (spec->label != NULL && spec->label[0] != '\0', "%s: option %s has no label",
                     rules->id, spec->name);
      /* A seat count or a drawn value is a number; a seat count is within the seats. */
      if (spec->flags & (BG_OPTION_SEATS | BG_OPTION_DRAWN))
        ck_assert_msg (spec->values == NULL, "%s: option %s is not numeric", rules->id,
                       spec->name);
      if (spec->flags & BG_OPTION_SEATS)
        ck_assert_int_le (spec->max, (int) rules->max_players);
      if (spec->values == NULL)
        {
          ck_assert_msg (spec->value_labels == NULL, "%s: numeric option %s has value labels",
                         rules->id, spec->name);
          continue;
        }
      ck_assert_msg (spec->value_labels != NULL, "%s: option %s has no value labels",
                     rules->id, spec->name);
      ck_assert_uint_eq (g_strv_length ((char **) spec->value_labels),
                         g_strv_length ((char **) spec->values));
      for (guint i = 0; spec->value_labels[i] != NULL; i++)
        ck_assert (spec->value_labels[i][0] != '\0');
    }
  if (rules->player_names != NULL)
    {
      ck_assert_uint_eq (g_strv_length ((char **) rules->player_names), rules->max_players);
      for (guint i = 0; i < rules->max_players; i++)
        ck_assert (rules->player_names[i][0] != '\0');
    }
}

int
tu_location (const BgRules *rules,
             const char    *name)
{
  for (guint i = 0; i < rules->n_locations; i++)
    {
      char buf[32];

      rules->location_name (i, buf, sizeof buf);
      if (g_str_equal (buf, name))
        return (int) i;
    }
  ck_abort_msg ("%s: no location '%s'", rules->id, name);
  return -1;
}

char *
tu_explain (const BgGame *game,
            const char   *names)
{
  const BgRules *rules = bg_game_get_rules (game);
  g_auto (GStrv) words = g_strsplit (names, " ", -1);
  g_autoptr (GError) error = NULL;
  guint locations[BG_MAX_MOVE_LOCATIONS];
  guint n = g_strv_length (words);

  ck_assert_uint_le (n, BG_MAX_MOVE_LOCATIONS);
  for (guint i = 0; i < n; i++)
    locations[i] = (guint) tu_location (rules, words[i]);
  if (bg_game_explain_locations (game, locations, n, &error))
    {
      ck_assert_ptr_null (error);
      return NULL;
    }
  ck_assert_ptr_nonnull (error);
  return g_strdup (error->message);
}

char *
tu_explain_move (const BgGame *game,
                 const char   *text)
{
  const BgRules *rules = bg_game_get_rules (game);
  const void *pos = bg_game_get_position (game);
  g_autoptr (GError) error = NULL;
  BgMove move;

  ck_assert_msg (rules->parse_move (pos, text, &move, NULL), "'%s' is malformed", text);
  ck_assert_ptr_nonnull (rules->explain_illegal);
  if (rules->explain_illegal (pos, move, &error))
    {
      ck_assert_ptr_null (error);
      return NULL;
    }
  ck_assert (g_error_matches (error, BG_ERROR, BG_ERROR_ILLEGAL_MOVE));
  return g_strdup (error->message);
}

BgMoveInfo
tu_describe (const BgGame *game,
             const char   *text)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (BgGame) copy = bg_game_copy (game);
  BgMove move = BG_MOVE_NONE;
  BgMoveInfo info, played;
  guint n = bg_game_get_n_played (game);

  ck_assert_msg (bg_game_parse_move (game, text, &move, &error), "%s: %s", text,
                 error ? error->message : "?");
  ck_assert_msg (bg_game_describe_move (game, move, &info), "%s not described", text);
  ck_assert (!bg_game_describe_played (copy, n, &played));
  ck_assert (bg_game_play (copy, move, NULL));
  ck_assert (bg_game_describe_played (copy, n, &played));
  ck_assert_int_eq (memcmp (&info, &played, sizeof info), 0);
  return info;
}

void
tu_check_describe_illegal (const BgGame *game,
                           const char   *text)
{
  g_autoptr (GError) error = NULL;
  BgMove move = BG_MOVE_NONE;
  BgMoveInfo info, before;

  /* The rules' own parser: bg_game_parse_move() refuses illegal moves. */
  ck_assert_msg (bg_game_get_rules (game)->parse_move (bg_game_get_position (game), text,
                                                       &move, &error),
                 "%s: %s", text, error ? error->message : "?");
  ck_assert (!bg_game_is_legal (game, move));
  memset (&info, 0x5a, sizeof info);
  before = info;
  ck_assert_msg (!bg_game_describe_move (game, move, &info), "%s described", text);
  ck_assert_int_eq (memcmp (&info, &before, sizeof info), 0);
}

static int
location_or_none (const BgRules *rules,
                  const char    *name)
{
  return name[0] != '\0' ? tu_location (rules, name) : -1;
}

void
tu_assert_move_info (const BgRules    *rules,
                     const BgMoveInfo *info,
                     BgMoveFlags       flags,
                     const char       *from,
                     const char       *to,
                     const char       *removed,
                     int               piece,
                     int               promotion)
{
  ck_assert_int_eq (info->flags, flags);
  ck_assert_int_eq (info->from, location_or_none (rules, from));
  ck_assert_int_eq (info->to, location_or_none (rules, to));
  ck_assert_int_eq (info->removed, location_or_none (rules, removed));
  ck_assert_int_eq (info->piece, piece);
  ck_assert_int_eq (info->promotion, promotion);
  ck_assert_int_eq (info->tile, -1);
}

char *
tu_marks_text (const BgGame *game)
{
  static const char *const kinds[] = { "line", "mill", "check" };
  const BgRules *rules = bg_game_get_rules (game);
  BgMark marks[BG_MAX_MARKS];
  guint n = bg_game_get_marks (game, marks, G_N_ELEMENTS (marks));
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    {
      ck_assert_uint_lt (marks[i].kind, G_N_ELEMENTS (kinds));
      ck_assert_uint_le (marks[i].n_locations, BG_MAX_MARK_LOCATIONS);
      g_string_append_printf (text, "%s%s %d", i > 0 ? ", " : "", kinds[marks[i].kind],
                              marks[i].player + 1);
      for (guint j = 0; j < marks[i].n_locations; j++)
        {
          char name[32];

          ck_assert_uint_lt (marks[i].locations[j], rules->n_locations);
          rules->location_name (marks[i].locations[j], name, sizeof name);
          g_string_append_printf (text, " %s", name);
        }
    }
  return g_string_free (text, FALSE);
}

static char *
path_text (const BgRules *rules,
           const guint   *path,
           guint          n)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    {
      char name[32];

      ck_assert_uint_lt (path[i], rules->n_locations);
      rules->location_name (path[i], name, sizeof name);
      g_string_append_printf (text, "%s%s", i > 0 ? " " : "", name);
    }
  return g_string_free (text, FALSE);
}

char *
tu_path_text (const BgGame *game,
              const char   *text)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (BgGame) copy = bg_game_copy (game);
  const BgRules *rules = bg_game_get_rules (game);
  guint path[BG_MAX_PATH_LOCATIONS], played[BG_MAX_PATH_LOCATIONS];
  guint n, n_played, index = bg_game_get_n_played (game);
  BgMove move = BG_MOVE_NONE;

  ck_assert_msg (bg_game_parse_move (game, text, &move, &error), "%s: %s", text,
                 error ? error->message : "?");
  n = bg_game_move_path (game, move, path, G_N_ELEMENTS (path));
  ck_assert_uint_eq (bg_game_played_path (copy, index, played, G_N_ELEMENTS (played)), 0);
  ck_assert (bg_game_play (copy, move, NULL));
  n_played = bg_game_played_path (copy, index, played, G_N_ELEMENTS (played));
  ck_assert_uint_eq (n, n_played);
  ck_assert_int_eq (memcmp (path, played, n * sizeof *path), 0);
  return path_text (rules, path, n);
}
