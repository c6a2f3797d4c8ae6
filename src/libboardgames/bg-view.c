/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-view.c: what each seat of a game may see of it (see bg-view.h) */

#include "bg-view.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-game-private.h"

gboolean
bg_rules_has_hidden_information (const BgRules *rules)
{
  return rules->format_view != NULL;
}

char *
bg_game_dup_view (const BgGame *game,
                  int           seat)
{
  const BgRules *rules = bg_game_get_rules (game);

  g_return_val_if_fail (seat >= -1 && seat < bg_game_get_n_players (game), NULL);
  if (rules->format_view != NULL)
    return rules->format_view (bg_game_get_position (game), seat);
  return bg_game_format_position (game);
}

/* The options of a view: the public ones given, the defaults of the others, and the lowest
 * value of those drawn in secret, which are refused. */
static GHashTable *
view_options (const BgRules *rules,
              GHashTable    *options,
              GError       **error)
{
  g_autoptr (GHashTable) full = NULL;

  for (const BgOptionSpec *spec = rules->options; spec && spec->name; spec++)
    if ((spec->flags & BG_OPTION_DRAWN) && options != NULL
        && g_hash_table_contains (options, spec->name))
      {
        g_set_error (error, BG_ERROR, BG_ERROR_BAD_OPTION,
                     /* Translators: %s is an option's name, such as "seed" */
                     _("option '%s' is drawn in secret: a view of the game does not have it"),
                     spec->name);
        return NULL;
      }
  full = bg_options_complete (rules, options, error);
  if (full == NULL)
    return NULL;
  for (const BgOptionSpec *spec = rules->options; spec && spec->name; spec++)
    if (spec->flags & BG_OPTION_DRAWN)
      g_hash_table_replace (full, g_strdup (spec->name),
                            spec->values != NULL ? g_strdup (spec->values[0])
                                                 : g_strdup_printf ("%d", spec->min));
  return g_steal_pointer (&full);
}

BgGame *
bg_game_new_from_view (const char  *game_id,
                       GHashTable  *options,
                       const char  *view,
                       GError     **error)
{
  const BgRules *rules;
  g_autoptr (GHashTable) full = NULL;
  g_autofree guint8 *pos = NULL;
  gboolean hidden;

  g_return_val_if_fail (view != NULL, NULL);
  rules = bg_rules_find (game_id, error);
  if (rules == NULL || (full = view_options (rules, options, error)) == NULL)
    return NULL;
  hidden = bg_rules_has_hidden_information (rules);
  if ((hidden ? rules->parse_view : rules->parse_position) == NULL)
    {
      g_set_error (error, BG_ERROR, BG_ERROR_BAD_OPTION,
                   /* Translators: %s is a game's identifier, such as "marelle" */
                   _("%s cannot be set up from a position"), rules->id);
      return NULL;
    }
  pos = g_malloc0 (rules->position_size);
  if (!rules->init (pos, full, error))
    return NULL;
  if (!(hidden ? rules->parse_view : rules->parse_position) (pos, full, view, error))
    return NULL;
  return bg_game_new_at (rules, g_steal_pointer (&full), pos, hidden);
}

GHashTable *
bg_game_dup_public_options (const BgGame *game)
{
  const BgRules *rules = bg_game_get_rules (game);
  GHashTable *options = bg_options_new ();
  GHashTableIter iter;
  gpointer name, value;

  g_hash_table_iter_init (&iter, bg_game_get_options (game));
  while (g_hash_table_iter_next (&iter, &name, &value))
    {
      const BgOptionSpec *spec = rules->options;

      while (spec != NULL && spec->name != NULL && !g_str_equal (spec->name, name))
        spec++;
      if (spec == NULL || spec->name == NULL || !(spec->flags & BG_OPTION_DRAWN))
        g_hash_table_insert (options, g_strdup (name), g_strdup (value));
    }
  return options;
}

char *
bg_game_dup_move_for_seat (const BgGame *game,
                           guint         index,
                           int           seat)
{
  const BgRules *rules = bg_game_get_rules (game);
  g_autofree char *more = NULL;

  g_return_val_if_fail (seat >= -1 && seat < bg_game_get_n_players (game), NULL);
  if (index >= bg_game_get_n_played (game))
    return NULL;
  if (rules->reveals != NULL)
    more = rules->reveals (bg_game_get_position_at (game, index),
                           bg_game_get_played_move (game, index),
                           bg_game_get_position_at (game, index + 1), seat);
  if (more == NULL)
    return g_strdup (bg_game_get_played_text (game, index));
  return g_strdup_printf ("%s %s", bg_game_get_played_text (game, index), more);
}

gboolean
bg_game_append_view (BgGame      *game,
                     const char  *move,
                     const char  *view,
                     GError     **error)
{
  const BgRules *rules = bg_game_get_rules (game);
  g_autofree char *notation = NULL;
  g_autofree guint8 *pos = NULL;
  const char *space;
  BgMove parsed;

  g_return_val_if_fail (bg_game_is_view (game) && move != NULL && view != NULL, FALSE);
  space = strchr (move, ' ');
  notation = space != NULL ? g_strndup (move, (gsize) (space - move)) : g_strdup (move);
  if (!rules->parse_move (bg_game_get_position (game), notation, &parsed, error))
    return FALSE;
  pos = g_malloc0 (rules->position_size);
  if (!rules->init (pos, bg_game_get_options (game), error)
      || !rules->parse_view (pos, bg_game_get_options (game), view, error))
    return FALSE;
  bg_game_push_seen (game, parsed, notation, pos);
  return TRUE;
}
