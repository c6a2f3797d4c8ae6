/* SPDX-License-Identifier: GPL-3.0-or-later */
/* check-no-leak.c: no seat of a Triomino game heard of a tile it was not allowed to see
 *
 *   check-no-leak GAME.trio SEAT LOG [SEAT LOG]...
 *
 * GAME.trio is the whole game as the server exported it once over (every tile and the
 * seed); each LOG is what one client received (trio-client --json: one JSON message a
 * line), SEAT its seat from 0 (-1: a spectator). Every tile named in a message (values
 * a-b-c in any order: a hand's tile, or a placement such as 3-1-2@1,-1) must be one the
 * seat had seen by that message's ply: a tile of its own hand at that ply or before, a tile
 * laid on the table by then, or a tile of any hand shown at the count of a round that had
 * ended by then. The game replayed from GAME.trio tells which; nothing of the server's code
 * is used. The record (the answer to export, after the end) is not checked: it is the whole
 * game, once it is over. A state's options must not hold the seed that orders the pile.
 * Prints one TAP line per log; exits 1 when a log names a tile it should not.
 */

#include <json-glib/json-glib.h>
#include <stdio.h>
#include <string.h>

#include "bg-save.h"
#include "triomino/bg-triomino.h"

typedef guint64 TileSet;   /* bit t: tile t (0 .. 55) */

/* What each seat may have seen once ply moves are played. */
typedef struct
{
  guint n_plies;
  int n_players;
  TileSet *public;         /* [ply]: laid or shown at a round's count, by then */
  TileSet *own;            /* [ply * n_players + seat]: in the seat's hand, by then */
} Allowed;

static TileSet
hand_set (const void *pos,
          int         player)
{
  int tiles[BG_TRIOMINO_N_TILES];
  guint n = bg_triomino_get_hand (pos, player, tiles);
  TileSet set = 0;

  for (guint i = 0; i < n; i++)
    set |= G_GUINT64_CONSTANT (1) << tiles[i];
  return set;
}

static TileSet
board_set (const void *pos)
{
  BgTriominoPlaced placed[BG_TRIOMINO_N_TILES];
  guint n = bg_triomino_get_placed (pos, placed);
  TileSet set = 0;

  for (guint i = 0; i < n; i++)
    set |= G_GUINT64_CONSTANT (1) << placed[i].tile;
  return set;
}

static void
allowed_init (Allowed      *allowed,
              const BgGame *game)
{
  guint n = bg_game_get_n_played (game);
  int players = bg_game_get_n_players (game);

  allowed->n_plies = n;
  allowed->n_players = players;
  allowed->public = g_new0 (TileSet, n + 1);
  allowed->own = g_new0 (TileSet, (n + 1) * players);
  for (guint ply = 0; ply <= n; ply++)
    {
      const void *pos = bg_game_get_position_at (game, ply);
      const void *before;
      gboolean over;

      allowed->public[ply] = (ply > 0 ? allowed->public[ply - 1] : 0) | board_set (pos);
      for (int p = 0; p < players; p++)
        allowed->own[ply * players + p] = (ply > 0 ? allowed->own[(ply - 1) * players + p] : 0)
                                          | hand_set (pos, p);
      if (ply == 0)
        continue;
      /* A move that ends a round shows every hand as the round counts them: the hands
       * before it (the next round's, dealt at once, stay hidden); the last move of the game
       * leaves them shown. */
      before = bg_game_get_position_at (game, ply - 1);
      over = ply == n && bg_game_is_over (game);
      if (bg_triomino_get_round (pos) != bg_triomino_get_round (before) || over)
        for (int p = 0; p < players; p++)
          allowed->public[ply] |= hand_set (before, p) | (over ? hand_set (pos, p) : 0);
    }
}

static TileSet
allowed_at (const Allowed *allowed,
            int            seat,
            gint64         ply)
{
  guint at = (guint) CLAMP (ply, 0, (gint64) allowed->n_plies);

  return allowed->public[at] | (seat >= 0 ? allowed->own[at * allowed->n_players + seat] : 0);
}

static gboolean
is_word_char (char c)
{
  return g_ascii_isalnum (c) || c == '-' || c == '_';
}

/* Every tile named in text (a-b-c, digits 0 to 5, alone between other characters). */
static TileSet
tiles_named (const char *text)
{
  TileSet set = 0;

  for (const char *p = text; p[0] != '\0'; p++)
    {
      int tile;

      if (!(p[0] >= '0' && p[0] <= '5' && p[1] == '-' && p[2] >= '0' && p[2] <= '5'
            && p[3] == '-' && p[4] >= '0' && p[4] <= '5'))
        continue;
      if ((p > text && is_word_char (p[-1])) || is_word_char (p[5]))
        continue;
      tile = bg_triomino_tile_from_values (p[0] - '0', p[2] - '0', p[4] - '0');
      if (tile >= 0)
        set |= G_GUINT64_CONSTANT (1) << tile;
    }
  return set;
}

static char *
tile_names (TileSet set)
{
  GString *out = g_string_new (NULL);

  for (int t = 0; t < BG_TRIOMINO_N_TILES; t++)
    if (set & (G_GUINT64_CONSTANT (1) << t))
      {
        int v[3];

        bg_triomino_tile_values (t, v);
        g_string_append_printf (out, "%s%d-%d-%d", out->len ? " " : "", v[0], v[1], v[2]);
      }
  return g_string_free (out, FALSE);
}

/* Checks one message; FALSE (with why) for a leak. *ply follows the messages. */
static gboolean
check_message (const Allowed *allowed,
               int            seat,
               JsonObject    *message,
               const char    *text,
               gint64        *ply,
               guint         *named,
               char         **why)
{
  const char *type = json_object_get_string_member_with_default (message, "type", "");
  JsonObject *options = NULL;
  TileSet leaked, tiles;

  if (g_str_equal (type, "state") || g_str_equal (type, "move"))
    *ply = json_object_get_int_member_with_default (message, "ply", *ply);
  if (g_str_equal (type, "state") && json_object_has_member (message, "options"))
    options = json_object_get_object_member (message, "options");
  if (options != NULL && json_object_has_member (options, "seed"))
    {
      *why = g_strdup ("a state's options hold the seed that orders the pile");
      return FALSE;
    }
  /* A welcome holds the token and the link, whose characters are no tiles. */
  if (g_str_equal (type, "welcome"))
    return TRUE;
  tiles = tiles_named (text);
  *named += (guint) __builtin_popcountll (tiles);
  leaked = tiles & ~allowed_at (allowed, seat, *ply);
  if (leaked == 0)
    return TRUE;
  {
    g_autofree char *names = tile_names (leaked);

    *why = g_strdup_printf ("%s at ply %" G_GINT64_FORMAT " names %s", type, *ply, names);
  }
  return FALSE;
}

/* Checks a log; prints its TAP line; FALSE for a leak. */
static gboolean
check_log (const Allowed *allowed,
           int            seat,
           const char    *path)
{
  g_autofree char *contents = NULL;
  g_auto (GStrv) lines = NULL;
  g_autoptr (GError) error = NULL;
  gint64 ply = 0;
  guint named = 0, messages = 0;

  if (!g_file_get_contents (path, &contents, NULL, &error))
    {
      printf ("not ok - %s\n", error->message);
      return FALSE;
    }
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autoptr (JsonNode) node = lines[i][0] ? json_from_string (lines[i], NULL) : NULL;
      g_autofree char *why = NULL;
      JsonObject *message;

      if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
        continue;
      message = json_node_get_object (node);
      if (g_strcmp0 (json_object_get_string_member_with_default (message, "type", ""),
                     "record") == 0)
        break;
      messages++;
      if (!check_message (allowed, seat, message, lines[i], &ply, &named, &why))
        {
          printf ("not ok - seat %d (%s): line %u: %s\n", seat, path, i + 1, why);
          return FALSE;
        }
    }
  if (messages == 0 || named == 0)
    {
      printf ("not ok - seat %d (%s): no message naming a tile was received\n", seat, path);
      return FALSE;
    }
  printf ("ok - seat %d: %u messages, %u tiles named, none it should not have seen\n",
          seat, messages, named);
  return TRUE;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr (GError) error = NULL;
  g_autoptr (BgGame) game = NULL;
  Allowed allowed;
  gboolean all = TRUE;

  if (argc < 4 || argc % 2 != 0)
    {
      fprintf (stderr, "usage: %s GAME.trio SEAT LOG [SEAT LOG]...\n", argv[0]);
      return 2;
    }
  game = bg_save_from_file (argv[1], NULL, NULL, &error);
  if (game == NULL || !g_str_equal (bg_game_get_rules (game)->id, "triomino"))
    {
      fprintf (stderr, "%s: %s\n", argv[1], error ? error->message : "not a Triomino game");
      return 2;
    }
  allowed_init (&allowed, game);
  for (int i = 2; i + 1 < argc; i += 2)
    all = check_log (&allowed, (int) g_ascii_strtoll (argv[i], NULL, 10), argv[i + 1]) && all;
  g_free (allowed.public);
  g_free (allowed.own);
  return all ? 0 : 1;
}
