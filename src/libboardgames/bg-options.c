/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-options.c: the options of a game: words name=value read, and checked against a rule
 * set's specs */

#include "bg-game.h"
#include "bg-game-private.h"

#include <string.h>
#include <glib/gi18n-lib.h>

GHashTable *
bg_options_new (void)
{
  return g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
}

GHashTable *
bg_options_parse (const char *const *words,
                  GError            **error)
{
  g_autoptr (GHashTable) options = bg_options_new ();

  for (guint i = 0; words != NULL && words[i] != NULL; i++)
    {
      const char *eq = strchr (words[i], '=');
      g_autofree char *name = NULL;

      if (eq == NULL || eq == words[i] || eq[1] == '\0')
        {
          g_set_error (error, BG_ERROR, BG_ERROR_BAD_OPTION,
                       /* Translators: %s is an option as it was given; "name=value" is
                        * its syntax: keep it as it is */
                       _("option '%s' is not of the form name=value"), words[i]);
          return NULL;
        }
      name = g_strndup (words[i], eq - words[i]);
      if (g_hash_table_contains (options, name))
        {
          g_set_error (error, BG_ERROR, BG_ERROR_BAD_OPTION,
                       /* Translators: %s is an option's name */
                       _("option '%s' is given twice"), name);
          return NULL;
        }
      g_hash_table_insert (options, g_steal_pointer (&name), g_strdup (eq + 1));
    }
  return g_steal_pointer (&options);
}

static const BgOptionSpec *
find_option_spec (const BgRules *rules,
                  const char    *name)
{
  for (const BgOptionSpec *spec = rules->options; spec && spec->name; spec++)
    if (g_str_equal (spec->name, name))
      return spec;
  return NULL;
}

static gboolean
check_option_value (const BgRules      *rules,
                    const BgOptionSpec *spec,
                    const char         *value,
                    GError            **error)
{
  if (spec->values != NULL)
    {
      g_autofree char *allowed = NULL;

      if (g_strv_contains (spec->values, value))
        return TRUE;
      allowed = g_strjoinv (", ", (char **) spec->values);
      g_set_error (error, BG_ERROR, BG_ERROR_BAD_OPTION,
                   /* Translators: the game's identifier ("marelle"), the option's name,
                    * its values separated by commas, and the value that was given;
                    * these are not translated */
                   _("%s: option %s must be one of %s, not '%s'"),
                   rules->id, spec->name, allowed, value);
      return FALSE;
    }
  else
    {
      char *end = NULL;
      gint64 n = g_ascii_strtoll (value, &end, 10);

      if (end != value && *end == '\0' && n >= spec->min && n <= spec->max)
        return TRUE;
      g_set_error (error, BG_ERROR, BG_ERROR_BAD_OPTION,
                   /* Translators: the game's identifier ("triomino"), the option's name,
                    * its lowest and highest value, and the value that was given */
                   _("%s: option %s must be a number from %d to %d, not '%s'"),
                   rules->id, spec->name, spec->min, spec->max, value);
      return FALSE;
    }
}

GHashTable *
bg_options_complete (const BgRules *rules,
                     GHashTable    *options,
                     GError       **error)
{
  g_autoptr (GHashTable) full = bg_options_new ();
  GHashTableIter iter;
  gpointer name, value;

  if (options != NULL)
    {
      g_hash_table_iter_init (&iter, options);
      while (g_hash_table_iter_next (&iter, &name, &value))
        {
          const BgOptionSpec *spec = find_option_spec (rules, name);

          if (spec == NULL)
            {
              g_set_error (error, BG_ERROR, BG_ERROR_BAD_OPTION,
                           /* Translators: the game's identifier ("marelle"), then an
                            * option's name */
                           _("%s has no option '%s'"), rules->id, (const char *) name);
              return NULL;
            }
          if (!check_option_value (rules, spec, value, error))
            return NULL;
          g_hash_table_replace (full, g_strdup (name), g_strdup (value));
        }
    }
  for (const BgOptionSpec *spec = rules->options; spec && spec->name; spec++)
    if (!g_hash_table_contains (full, spec->name))
      g_hash_table_replace (full, g_strdup (spec->name), g_strdup (spec->default_value));
  return g_steal_pointer (&full);
}
