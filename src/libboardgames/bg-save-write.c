/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-save-write.c: writing saved games (the format is described in bg-save.h; bg-save.c
 * reads them)
 */

#include "bg-save.h"

#include <string.h>

#include "bg-search.h"

#define WRAP_COLUMN 78

static void
append_name (GString    *s,
             const char *name)
{
  g_autofree char *valid = g_utf8_make_valid (name, -1);

  g_string_append_c (s, '"');
  for (const char *p = valid; *p != '\0'; p++)
    {
      if (*p == '"' || *p == '\\')
        g_string_append_c (s, '\\');
      /* Control characters cannot be written; a space keeps the name readable. */
      g_string_append_c (s, (guchar) *p < 0x20 || *p == 0x7f ? ' ' : *p);
    }
  g_string_append_c (s, '"');
}

static void
append_seats (GString      *s,
              const BgSeat *seats,
              guint         n_seats)
{
  for (guint i = 0; i < n_seats; i++)
    {
      g_string_append_printf (s, "seat %u ", i + 1);
      if (seats[i].computer)
        g_string_append_printf (s, "computer %d",
                                CLAMP (seats[i].level, BG_LEVEL_MIN, BG_LEVEL_PERFECT));
      else
        g_string_append (s, "human");
      if (seats[i].name != NULL)
        {
          g_string_append_c (s, ' ');
          append_name (s, seats[i].name);
        }
      g_string_append_c (s, '\n');
    }
}

/* The position the game started from when it was set up by hand, or NULL when it started
 * at the rules' own start position. */
static char *
start_position (const BgGame *game)
{
  const BgRules *rules = bg_game_get_rules (game);
  g_autoptr (BgGame) first = NULL;
  g_autoptr (BgGame) fresh = NULL;
  g_autofree char *first_text = NULL;
  g_autofree char *fresh_text = NULL;

  if (rules->format_position == NULL)
    return NULL;
  first = bg_game_copy (game);
  while (bg_game_undo (first))
    ;
  first_text = bg_game_format_position (first);
  fresh = bg_game_new (rules->id, bg_game_get_options (game), NULL);
  if (fresh != NULL)
    fresh_text = bg_game_format_position (fresh);
  if (g_strcmp0 (first_text, fresh_text) == 0)
    return NULL;
  return g_steal_pointer (&first_text);
}

static void
append_moves (GString      *s,
              const BgGame *game)
{
  guint n = bg_game_get_n_played (game);
  gsize line_start = s->len;

  g_string_append (s, "moves");
  for (guint i = 0; i < n; i++)
    {
      const char *text = bg_game_get_played_text (game, i);

      if (s->len - line_start + 1 + strlen (text) > WRAP_COLUMN)
        {
          g_string_append (s, "\nmoves");
          line_start = s->len - strlen ("moves");
        }
      g_string_append_c (s, ' ');
      g_string_append (s, text);
    }
  g_string_append_c (s, '\n');
}

static void
append_draw_state (GString      *s,
                   const BgGame *game)
{
  const BgRules *rules = bg_game_get_rules (game);

  if (bg_game_get_status (game).reason == BG_REASON_DRAW_AGREED)
    g_string_append (s, "draw accepted\n");
  else if (rules->repetition_draw && !bg_game_is_over (game)
           && bg_game_get_repetitions (game) >= BG_REPETITION_COUNT
           && !bg_game_has_draw_offer (game))
    g_string_append (s, "draw declined\n");
}

char *
bg_save_to_string (const BgGame *game,
                   const BgSeat *seats,
                   guint         n_seats)
{
  const BgRules *rules;
  GHashTable *options;
  GString *s;
  g_autoptr (GDateTime) now = g_date_time_new_now_utc ();
  g_autofree char *stamp = g_date_time_format (now, "%Y-%m-%dT%H:%M:%SZ");
  g_autofree char *start = NULL;

  g_return_val_if_fail (game != NULL, NULL);
  g_return_val_if_fail (!bg_game_is_view (game), NULL);
  g_return_val_if_fail (n_seats == 0 || seats != NULL, NULL);
  g_return_val_if_fail (n_seats == 0 || n_seats == (guint) bg_game_get_n_players (game), NULL);

  rules = bg_game_get_rules (game);
  options = bg_game_get_options (game);
  s = g_string_new (NULL);
  g_string_append_printf (s, "%s %d\n# saved %s\ngame %s\n", BG_SAVE_FORMAT_NAME,
                          BG_SAVE_FORMAT_VERSION, stamp, rules->id);
  /* In the order of the rule set's specs, so that files diff well. */
  for (const BgOptionSpec *spec = rules->options; spec && spec->name; spec++)
    {
      const char *value = g_hash_table_lookup (options, spec->name);

      if (value != NULL)
        g_string_append_printf (s, "option %s=%s\n", spec->name, value);
    }
  start = start_position (game);
  if (start != NULL)
    g_string_append_printf (s, "start %s\n", start);
  g_string_append_printf (s, "seed %" G_GUINT32_FORMAT "\n", bg_game_get_seed (game));
  append_seats (s, seats, n_seats);
  append_moves (s, game);
  append_draw_state (s, game);
  if (bg_game_get_resigned (game) >= 0)
    g_string_append_printf (s, "resign %d\n", bg_game_get_resigned (game) + 1);
  g_string_append (s, "end\n");
  return g_string_free (s, FALSE);
}
