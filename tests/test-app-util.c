/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-app-util.c: what the application's GLib tests share */

#include "test-app-util.h"

BgGame *
tau_game_new (const char *id,
              const char *setup,
              const char *moves)
{
  g_autoptr (GError) error = NULL;
  BgGame *game = setup != NULL ? bg_game_new_from_position (id, NULL, setup, &error)
                               : bg_game_new (id, NULL, &error);
  g_auto (GStrv) words = g_strsplit (moves != NULL ? moves : "", " ", -1);

  g_assert_no_error (error);
  for (guint i = 0; words[i] != NULL; i++)
    if (words[i][0] != '\0')
      {
        bg_game_play_text (game, words[i], &error);
        g_assert_no_error (error);
      }
  return game;
}

guint
tau_location (const BgGame *game,
              const char   *name)
{
  const BgRules *rules = bg_game_get_rules (game);

  for (guint i = 0; i < rules->n_locations; i++)
    {
      char buf[16];

      rules->location_name (i, buf, sizeof buf);
      if (g_str_equal (buf, name))
        return i;
    }
  g_error ("no location %s in %s", name, rules->id);
  return 0;
}
