/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-game.c: the registry of the games the application shows, and what it reads of
 * their rule sets (names, blurbs, seats) */

#include "trio-game.h"

#include <glib/gi18n.h>

static const TrioGame *const games[] = {
  &trio_game_triple_alliance,
  &trio_game_marelle,
  &trio_game_triomino,
  &trio_game_trichess,
  NULL
};

const TrioGame *const *
trio_game_list (void)
{
  return games;
}

const TrioGame *
trio_game_lookup (const char *id)
{
  g_return_val_if_fail (id != NULL, NULL);

  for (guint i = 0; games[i] != NULL; i++)
    if (g_str_equal (games[i]->id, id))
      return games[i];
  return NULL;
}

const TrioGame *
trio_game_for (const BgGame *game)
{
  g_return_val_if_fail (game != NULL, NULL);

  return trio_game_lookup (bg_game_get_rules (game)->id);
}

const TrioGame *
trio_game_find_best_scores (void)
{
  for (guint i = 0; games[i] != NULL; i++)
    if (games[i]->best_scores != NULL)
      return games[i];
  return NULL;
}

const TrioGame *
trio_game_find_solved_table (void)
{
  for (guint i = 0; games[i] != NULL; i++)
    if (games[i]->solved_table != NULL)
      return games[i];
  return NULL;
}

static const BgRules *
rules_of (const TrioGame *self)
{
  const BgRules *rules = bg_rules_lookup (self->id);

  g_assert (rules != NULL);
  return rules;
}

const char *
trio_game_get_name (const TrioGame *self,
                    const BgGame   *game)
{
  const BgRules *rules;

  g_return_val_if_fail (self != NULL, NULL);

  rules = rules_of (self);
  if (game != NULL && rules->title != NULL)
    {
      const char *title = rules->title (bg_game_get_options (game));

      if (title != NULL)
        return _(title);
    }
  return _(rules->name);
}

const char *
trio_game_get_blurb (const TrioGame *self)
{
  const BgRules *rules;

  g_return_val_if_fail (self != NULL, NULL);

  rules = rules_of (self);
  return rules->blurb != NULL ? _(rules->blurb) : "";
}

char *
trio_game_dup_seat_name (const TrioGame *self,
                         int             seat)
{
  const BgRules *rules;

  g_return_val_if_fail (self != NULL, NULL);

  rules = rules_of (self);
  if (rules->player_names != NULL && seat >= 0 && seat < (int) rules->max_players
      && rules->player_names[seat] != NULL)
    return g_strdup (_(rules->player_names[seat]));
  return g_strdup_printf (_("Player %d"), seat + 1);
}

gboolean
trio_game_get_seat_color (const TrioGame *self,
                          int             seat,
                          GdkRGBA        *color)
{
  g_return_val_if_fail (self != NULL, FALSE);

  if (self->seat_color == NULL || seat < 0 || seat >= (int) rules_of (self)->max_players)
    return FALSE;
  self->seat_color (seat, color);
  return TRUE;
}

gpointer
trio_game_create_board (const TrioGame *self,
                        const BgGame   *game,
                        GError        **error)
{
  g_return_val_if_fail (self != NULL, NULL);

  if (self->renderer == NULL || self->create_board == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, "%s has no board", self->id);
      return NULL;
    }
  return self->create_board (game, error);
}

BgTaTable *
trio_game_dup_installed_table (const TrioGame *self)
{
  if (self == NULL || self->solved_table == NULL)
    return NULL;
  return self->solved_table->dup_installed ();
}

void
trio_game_unref_table (const TrioGame *self,
                       BgTaTable      *table)
{
  if (table == NULL)
    return;
  g_return_if_fail (self != NULL && self->solved_table != NULL);
  self->solved_table->unref (table);
}

gboolean
trio_game_has_installed_table (const TrioGame *self)
{
  BgTaTable *table = trio_game_dup_installed_table (self);

  if (table == NULL)
    return FALSE;
  trio_game_unref_table (self, table);
  return TRUE;
}

char *
trio_game_draw_option_value (const BgOptionSpec *spec)
{
  int low = MAX (spec->min, 1);

  return g_strdup_printf ("%d", spec->max > low ? g_random_int_range (low, spec->max) : low);
}

GHashTable *
trio_game_rematch_options (const BgGame *game)
{
  GHashTable *options = bg_options_new ();
  GHashTable *played = bg_game_get_options (game);
  GHashTableIter iter;
  gpointer name, value;

  if (played != NULL)
    {
      g_hash_table_iter_init (&iter, played);
      while (g_hash_table_iter_next (&iter, &name, &value))
        g_hash_table_insert (options, g_strdup (name), g_strdup (value));
    }
  for (const BgOptionSpec *spec = bg_game_get_rules (game)->options; spec->name != NULL; spec++)
    if ((spec->flags & BG_OPTION_DRAWN) && spec->values == NULL)
      g_hash_table_insert (options, g_strdup (spec->name), trio_game_draw_option_value (spec));
  return options;
}
