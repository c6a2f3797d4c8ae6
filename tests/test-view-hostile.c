/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-view-hostile.c: malformed and hostile views (they come from the network): each is
 * refused with an error, none crashes
 *
 * The texts are a real view of a game of Triomino for four, truncated, with a field
 * changed, removed, repeated or added, and then changed at random.
 */

#include <string.h>

#include "bg-random.h"
#include "bg-view.h"
#include "test-util.h"
#include "test-view.h"
#include "triomino/bg-triomino.h"

/* A game of four after some moves of level-1 players, a draw among them; seat 2 (index 1)
 * is the one viewing. */
static BgGame *
base_game (void)
{
  g_autoptr (GHashTable) options = tu_options ("players", "4", "seed", "2024", NULL);
  g_autoptr (BgSearch) search = bg_search_new ();
  BgGame *game = bg_game_new ("triomino", options, NULL);

  ck_assert (game != NULL);
  for (guint ply = 0; ply < 24; ply++)
    {
      BgSearchLimits limits;
      BgSearchResult result;

      bg_search_limits_for_level (1, &limits);
      limits.time_limit_ms = 0;
      limits.seed = 12345;
      ck_assert (bg_search_run (search, game, &limits, &result));
      ck_assert (bg_game_play (game, result.move, NULL));
    }
  ck_assert (!bg_game_is_over (game));
  /* The first round, which no round end has preceded (end=none, no gains). */
  ck_assert_int_eq (bg_triomino_get_round (bg_game_get_position (game)), 1);
  return game;
}

/* The value of field name in text (a copy). */
static char *
field_value (const char *text,
             const char *name)
{
  g_auto (GStrv) words = g_strsplit (text, " ", -1);
  g_autofree char *prefix = g_strconcat (name, "=", NULL);

  for (guint i = 0; words[i] != NULL; i++)
    if (g_str_has_prefix (words[i], prefix))
      return g_strdup (words[i] + strlen (prefix));
  ck_abort_msg ("no field %s in %s", name, text);
  return NULL;
}

/* text with field name set to value, or left out when value is NULL. */
static char *
with_field (const char *text,
            const char *name,
            const char *value)
{
  g_auto (GStrv) words = g_strsplit (text, " ", -1);
  g_autofree char *prefix = g_strconcat (name, "=", NULL);
  GString *s = g_string_new (NULL);

  for (guint i = 0; words[i] != NULL; i++)
    {
      const char *word = words[i];
      g_autofree char *changed = NULL;

      if (g_str_has_prefix (word, prefix) && value == NULL)
        continue;
      if (g_str_has_prefix (word, prefix))
        word = changed = g_strconcat (prefix, value, NULL);
      g_string_append_printf (s, "%s%s", s->len > 0 ? " " : "", word);
    }
  return g_string_free (s, FALSE);
}

/* The view must be refused, with options (NULL: players=4) and the error code. */
static void
check_refused_with (const char *view,
                    GHashTable *options,
                    BgError     code)
{
  g_autoptr (GHashTable) four = tu_options ("players", "4", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (BgGame) game = bg_game_new_from_view ("triomino", options ? options : four,
                                                   view, &error);

  ck_assert_msg (game == NULL, "accepted: '%s'", view);
  ck_assert_msg (g_error_matches (error, BG_ERROR, code), "'%s': %s", view,
                 error ? error->message : "no error");
}

static void
check_refused (const char *view)
{
  check_refused_with (view, NULL, BG_ERROR_BAD_OPTION);
}

static void
check_field_refused (const char *view,
                     const char *name,
                     const char *value)
{
  g_autofree char *changed = with_field (view, name, value);

  check_refused (changed);
}

START_TEST (test_truncated)
{
  g_autoptr (BgGame) game = base_game ();
  g_autofree char *view = bg_game_dup_view (game, 1);
  gsize len = strlen (view);

  check_refused ("");
  check_refused ("   \t ");
  for (gsize cut = 0; cut < len; cut++)
    {
      g_autofree char *part = g_strndup (view, cut);

      check_refused (part);
    }
  /* The whole of it loads. */
  bg_game_free (tv_load_view (game, view));
}
END_TEST

START_TEST (test_bad_numbers)
{
  static const char *const cases[][2] = {
    { "view", "0" }, { "view", "5" }, { "view", "-1" }, { "view", "spectators" },
    { "view", "" }, { "view", "2x" },
    { "round", "0" }, { "round", "-1" }, { "round", "65537" }, { "round", "99999999999" },
    { "round", "1.5" }, { "round", "" }, { "round", "x" }, { "round", "+1" },
    { "turn", "0" }, { "turn", "5" }, { "turn", "-0" },
    { "draws", "4" }, { "draws", "-1" },
    { "passes", "63" }, { "passes", "1000" },
    { "scores", "0,0,0" }, { "scores", "0,0,0,0,0" }, { "scores", "0,,0,0" },
    { "scores", "1e3,0,0,0" }, { "scores", "10000001,0,0,0" },
    { "scores", "99999999999,0,0,0" }, { "scores", "0,0,0,0," }, { "scores", "" },
    { "last-round", "2" }, { "over", "2" }, { "over", "yes" },
    { "end", "out" }, { "end", "out,5" }, { "end", "out,0" }, { "end", "blocked," },
    { "end", "won,1" }, { "end", "out,1" }, { "end", "" },
    { "gains", "1,0,0,0" }, { "gains", "0,0" },
    { "pile", "?57" }, { "pile", "?-3" }, { "pile", "" }, { "pile", "1-2-3" },
    { "pile", "?" }, { "pile", "?99999999999" }, { "pile", "-" },
  };
  g_autoptr (BgGame) game = base_game ();
  g_autofree char *view = bg_game_dup_view (game, 1);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    check_field_refused (view, cases[i][0], cases[i][1]);
}
END_TEST

START_TEST (test_bad_tiles)
{
  g_autoptr (BgGame) game = base_game ();
  g_autofree char *view = bg_game_dup_view (game, 1);
  g_autofree char *board = field_value (view, "board");
  g_autofree char *mine = field_value (view, "hand2");
  g_autofree char *other = field_value (view, "hand1");
  g_autofree char *first = g_strndup (board, strcspn (board, "@"));
  g_autofree char *my_first = g_strndup (mine, strcspn (mine, "/"));
  g_autofree char *shown = bg_game_dup_view (game, 0);
  g_autofree char *others_tiles = field_value (shown, "hand1");
  g_autofree char *on_board = g_strdup_printf ("%s/%s", mine, first);
  g_autofree char *twice = g_strdup_printf ("%s/%s", mine, my_first);
  g_autofree char *one_less = g_strdup (strchr (mine, '/') + 1);
  g_autofree char *one_more = g_strdup_printf ("%s/%s", mine, "0-0-0");
  g_autofree char *board_twice = g_strdup_printf ("%s/%s", board, board);
  g_autofree char *far = g_strdup_printf ("%s/%s@10,10", board, my_first);
  g_autofree char *other_more = g_strdup_printf ("%s1", other);
  const char *hands[][2] = {
    { "hand2", on_board }, { "hand2", twice }, { "hand2", one_less }, { "hand2", "?8" },
    { "hand2", "6-6-6" }, { "hand2", "1-2" }, { "hand2", "1-2-3-4" }, { "hand2", "" },
    { "hand2", "1-2-3//2-2-2" }, { "hand2", "-/1-2-3" },
    { "hand1", others_tiles }, { "hand1", "?0" }, { "hand1", "?57" }, { "hand1", "?" },
    { "hand1", "?-1" }, { "hand1", other_more }, { "hand1", "?99999999999" },
    { "board", "" }, { "board", board_twice }, { "board", far }, { "board", "draw" },
    { "board", "5-5-5@0,1" }, { "board", "5-5-5@999,0" }, { "board", "1-3-2@0,0" },
    { "board", "0-0-0@0,0/0-0-1@0,1/0-0-1@0,-1" }, { "board", "-/-" },
  };

  /* The count of a hidden hand must add up: one more there and one less in the pile is
   * not a view of the same tiles; one more alone is too many. */
  for (guint i = 0; i < G_N_ELEMENTS (hands); i++)
    check_field_refused (view, hands[i][0], hands[i][1]);
  check_field_refused (view, "hand2", one_more);
}
END_TEST

START_TEST (test_bad_fields)
{
  g_autoptr (BgGame) game = base_game ();
  g_autofree char *view = bg_game_dup_view (game, 1);
  g_autofree char *whole = bg_game_format_position (game);
  g_auto (GStrv) words = g_strsplit (view, " ", -1);
  g_autoptr (GHashTable) three = tu_options ("players", "3", NULL);
  g_autoptr (GHashTable) five = tu_options ("players", "5", NULL);
  g_autoptr (GHashTable) children = tu_options ("players", "4", "scoring", "none", NULL);
  g_autoptr (GHashTable) bad = tu_options ("players", "4", "colour", "red", NULL);
  g_autoptr (GError) error = NULL;
  static const char *const extra[] = {
    "colour=red", "hand5=?3", "hand0=?3", "=3", "novalue", "seed=2024", "pile", "view==2",
  };

  for (guint i = 0; words[i] != NULL; i++)
    {
      g_autofree char *name = g_strndup (words[i], strcspn (words[i], "="));
      g_autofree char *without = with_field (view, name, NULL);
      g_autofree char *twice = g_strdup_printf ("%s %s", view, words[i]);

      check_refused (without);
      check_refused (twice);
    }
  for (guint i = 0; i < G_N_ELEMENTS (extra); i++)
    {
      g_autofree char *more = g_strdup_printf ("%s %s", view, extra[i]);

      check_refused (more);
    }
  /* A whole position is not a view, nor a view a whole position. */
  check_refused (whole);
  ck_assert (bg_game_new_from_position ("triomino", bg_game_get_options (game), view,
                                        &error) == NULL);
  ck_assert (g_error_matches (error, BG_ERROR, BG_ERROR_BAD_OPTION));
  /* Another number of players, another game, other options. */
  check_refused_with (view, three, BG_ERROR_BAD_OPTION);
  check_refused_with (view, five, BG_ERROR_BAD_OPTION);
  check_refused_with (view, children, BG_ERROR_BAD_OPTION);
  check_refused_with (view, bad, BG_ERROR_BAD_OPTION);
  check_refused_with ("p1=a1 p2=b2 hand=8,8 turn=1", NULL, BG_ERROR_BAD_OPTION);
}
END_TEST

START_TEST (test_garbage)
{
  g_autoptr (BgGame) game = base_game ();
  g_autofree char *view = bg_game_dup_view (game, 1);
  g_autofree char *newlines = g_strdelimit (g_strdup (view), " ", '\n');
  GString *huge = g_string_new (view);
  static const char binary[] = "view=2 round=\x01\x02\xff\xfe turn=\x80";

  check_refused (newlines);
  check_refused (binary);
  check_refused ("\xc3\x28\xa0\xa1");
  while (huge->len <= 5000)
    g_string_append (huge, " x");
  check_refused (huge->str);
  g_string_free (huge, TRUE);
  check_refused ("view=2 round=1 turn=1 draws=0 passes=0 scores=0,0,0,0 last-round=0 "
                 "over=0 end=none gains=0,0,0,0 board=- hand1=?56 hand2=- hand3=- hand4=- "
                 "pile=?0");
}
END_TEST

/* The whole position's text, which the same reader checks. */
static void
check_whole_refused (const char *text,
                     GHashTable *options)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (BgGame) game = bg_game_new_from_position ("triomino", options, text, &error);

  ck_assert_msg (game == NULL, "accepted: '%s'", text);
  ck_assert_msg (g_error_matches (error, BG_ERROR, BG_ERROR_BAD_OPTION), "%s", text);
}

START_TEST (test_whole_texts)
{
  g_autoptr (GHashTable) options = tu_options ("players", "3", "seed", "5", NULL);
  g_autoptr (BgGame) start = bg_game_new ("triomino", options, NULL);
  g_autoptr (BgGame) game = base_game ();
  g_autofree char *opening = bg_game_format_position (start);
  g_autofree char *whole = bg_game_format_position (game);
  g_autofree char *pile = field_value (whole, "pile");
  g_autofree char *hand = field_value (whole, "hand1");
  g_autofree char *short_pile = g_strdup (strchr (pile, '/') + 1);
  g_autofree char *doubled = g_strdup_printf ("%s/%s", hand, hand);
  int turn = bg_game_get_player_to_move (start);
  g_autofree char *other_turn = g_strdup_printf ("%d", (turn + 1) % 3 + 1);
  g_autofree char *hidden = with_field (whole, "hand1", "?1");
  g_autofree char *counted = with_field (whole, "pile", "?25");
  g_autofree char *short_one = with_field (whole, "pile", short_pile);
  g_autofree char *twice = with_field (whole, "hand1", doubled);
  g_autofree char *not_opener = with_field (opening, "turn", other_turn);
  g_autofree char *drawn = with_field (opening, "draws", "1");

  check_whole_refused (hidden, bg_game_get_options (game));
  check_whole_refused (counted, bg_game_get_options (game));
  check_whole_refused (short_one, bg_game_get_options (game));
  check_whole_refused (twice, bg_game_get_options (game));
  check_whole_refused (not_opener, options);
  check_whole_refused (drawn, options);
  bg_game_free (tu_new_game ("triomino", options, opening));
  bg_game_free (tu_new_game ("triomino", bg_game_get_options (game), whole));
}
END_TEST

/* Texts changed at random either are refused or make a consistent view. */
START_TEST (test_random_changes)
{
  static const char alphabet[] = "0123456789-/?,=@ abdehlnoprstuvw";
  g_autoptr (BgGame) game = base_game ();
  g_autoptr (GHashTable) options = tu_options ("players", "4", NULL);
  guint64 rng = 77;
  guint accepted = 0, n = 3000 / tu_stride () + 100;

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *view = bg_game_dup_view (game, (int) (i % 5) - 1);
      GString *s = g_string_new (view);
      g_autoptr (GError) error = NULL;
      g_autoptr (BgGame) loaded = NULL;

      for (guint k = 0; k <= bg_random_below (&rng, 3); k++)
        {
          gsize at = bg_random_below (&rng, (guint) s->len);
          char c = alphabet[bg_random_below (&rng, sizeof alphabet - 1)];

          switch (bg_random_below (&rng, 3))
            {
            case 0:
              s->str[at] = c;
              break;
            case 1:
              g_string_erase (s, (gssize) at, 1);
              break;
            default:
              g_string_insert_c (s, (gssize) at, c);
            }
        }
      loaded = bg_game_new_from_view ("triomino", options, s->str, &error);
      if (loaded == NULL)
        ck_assert (g_error_matches (error, BG_ERROR, BG_ERROR_BAD_OPTION));
      else
        {
          const void *pos = bg_game_get_position (loaded);
          /* A view's position text is its view for its own seat. */
          g_autofree char *again = bg_game_format_position (loaded);
          g_autoptr (BgGame) twice = tv_load_view (loaded, again);
          int total = bg_triomino_get_pile_count (pos);
          BgTriominoPlaced placed[BG_TRIOMINO_N_TILES];

          total += (int) bg_triomino_get_placed (pos, placed);
          for (int p = 0; p < 4; p++)
            total += bg_triomino_get_hand_count (pos, p);
          ck_assert_int_eq (total, BG_TRIOMINO_N_TILES);
          ck_assert (bg_game_get_key (twice) == bg_game_get_key (loaded));
          accepted++;
        }
      g_string_free (s, TRUE);
    }
  /* Some changes keep a consistent view (a score, the draws): they are read. */
  ck_assert_uint_gt (accepted, 0);
}
END_TEST

void
tv_add_hostile_tests (TCase *tcase)
{
  tcase_add_test (tcase, test_truncated);
  tcase_add_test (tcase, test_bad_numbers);
  tcase_add_test (tcase, test_bad_tiles);
  tcase_add_test (tcase, test_bad_fields);
  tcase_add_test (tcase, test_garbage);
  tcase_add_test (tcase, test_whole_texts);
  tcase_add_test (tcase, test_random_changes);
}
