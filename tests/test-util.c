/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-util.c: helpers shared by the engine test suites */

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

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
