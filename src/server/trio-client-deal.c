/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-client-deal.c: a whole position from a seat's view, the tiles it hides dealt */

#include "trio-client-deal.h"

#include "triomino/bg-triomino.h"

#include <gio/gio.h>
#include <string.h>

static BgGame *
fail (GError    **error,
      const char *why)
{
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "the view cannot be dealt: %s", why);
  return NULL;
}

/* The tiles the view does not show (on the board or in a hand shown), shuffled. */
static GArray *
unseen_tiles (const void *pos,
              guint32     seed)
{
  gboolean seen[BG_TRIOMINO_N_TILES] = { FALSE };
  BgTriominoPlaced placed[BG_TRIOMINO_N_TILES];
  int tiles[BG_TRIOMINO_N_TILES];
  GArray *unseen = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  guint n = bg_triomino_get_placed (pos, placed);

  for (guint i = 0; i < n; i++)
    seen[placed[i].tile] = TRUE;
  for (int p = 0; p < bg_triomino_get_n_players (pos); p++)
    {
      n = bg_triomino_get_hand (pos, p, tiles);
      for (guint i = 0; i < n; i++)
        seen[tiles[i]] = TRUE;
    }
  for (int t = 0; t < BG_TRIOMINO_N_TILES; t++)
    if (!seen[t])
      g_array_append_val (unseen, t);
  for (guint i = unseen->len; i > 1; i--)
    {
      guint j = (guint) g_rand_int_range (rand, 0, (gint32) i);
      int swap = g_array_index (unseen, int, i - 1);

      g_array_index (unseen, int, i - 1) = g_array_index (unseen, int, j);
      g_array_index (unseen, int, j) = swap;
    }
  return unseen;
}

/* "?N" made N tiles of unseen (from *next), in the position text's words: "0-1-2/3-3-5",
 * or "-" for none. */
static gboolean
deal_word (GString    *out,
           const char *count,
           GArray     *unseen,
           guint      *next)
{
  guint64 n;

  if (!g_ascii_string_to_unsigned (count, 10, 0, BG_TRIOMINO_N_TILES, &n, NULL)
      || *next + n > unseen->len)
    return FALSE;
  if (n == 0)
    g_string_append_c (out, '-');
  for (guint i = 0; i < n; i++)
    {
      int values[3];

      bg_triomino_tile_values (g_array_index (unseen, int, (*next)++), values);
      g_string_append_printf (out, "%s%d-%d-%d", i > 0 ? "/" : "", values[0], values[1],
                              values[2]);
    }
  return TRUE;
}

gboolean
trio_client_deal_is_opening (const BgGame *view)
{
  BgTriominoPlaced placed[BG_TRIOMINO_N_TILES];

  return g_str_equal (bg_game_get_rules (view)->id, "triomino")
         && bg_triomino_get_placed (bg_game_get_position (view), placed) == 0;
}

BgGame *
trio_client_deal_view (const BgGame *view,
                       const char   *view_text,
                       guint32       seed,
                       GError      **error)
{
  const BgRules *rules = bg_game_get_rules (view);
  g_autoptr (GArray) unseen = NULL;
  g_auto (GStrv) words = g_strsplit (view_text, " ", -1);
  g_autoptr (GString) text = g_string_new (NULL);
  guint next = 0;

  if (!g_str_equal (rules->id, "triomino"))
    return fail (error, "only Triomino's views are dealt");
  unseen = unseen_tiles (bg_game_get_position (view), seed);
  for (guint i = 0; words[i] != NULL; i++)
    {
      const char *eq = strchr (words[i], '=');

      if (g_str_has_prefix (words[i], "view=") || eq == NULL)
        continue;
      if (text->len > 0)
        g_string_append_c (text, ' ');
      if (eq[1] != '?')
        {
          g_string_append (text, words[i]);
          continue;
        }
      g_string_append_len (text, words[i], eq + 1 - words[i]);
      if (!deal_word (text, eq + 2, unseen, &next))
        return fail (error, "a hidden count is more than the tiles not shown");
    }
  if (next != unseen->len)
    return fail (error, "the hidden counts are fewer than the tiles not shown");
  return bg_game_new_from_position (rules->id, bg_game_get_options (view), text->str, error);
}
