/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-triomino-position.c: a Triomino position as one line of text, whole or as one seat sees
 * it (a view), and what a played move shows each seat
 *
 * The format is described in bg-triomino.h ("Position text"). A view comes from the network:
 * the parser checks every field and the whole (the 56 tiles each once, the board a legal
 * layout, the counts within bounds, the round's state consistent) before it writes the
 * position. Its messages describe a faulty text for a program's log, as the engine tool's
 * do: they are not translated.
 */

#include "bg-triomino.h"

#include <string.h>

#include "bg-triomino-board.h"

#define BIT(t) (G_GUINT64_CONSTANT (1) << (t))
#define ALL_TILES (BIT (TRI_N_TILES) - 1)
/* The longest text written is under 2,000 bytes (56 placements, 56 tiles in hands and
 * pile); a longer one is refused before it is read. */
#define MAX_TEXT 4096
#define MAX_SCORE 10000000
#define MAX_ROUND 65536
/* A pass with tiles left in the pile follows three draws, so the passes in a row stay
 * under a third of the pile and a turn of every player. */
#define MAX_PASSES (TRI_N_TILES + TRI_MAX_PLAYERS)

/* Writing */

static void
append_tiles (GString *s,
              guint64  set)
{
  const char *sep = "";

  if (set == 0)
    g_string_append_c (s, '-');
  for (; set != 0; set &= set - 1)
    {
      const guint8 *v = tri_tile_values (__builtin_ctzll (set));

      g_string_append_printf (s, "%s%d-%d-%d", sep, v[0], v[1], v[2]);
      sep = "/";
    }
}

static void
append_numbers (GString      *s,
                const gint32 *values,
                int           n)
{
  for (int p = 0; p < n; p++)
    g_string_append_printf (s, "%s%d", p > 0 ? "," : "", values[p]);
}

/* A hand shown lists its tiles; one hidden is "?N", its count (an empty hand, which hides
 * nothing, is "-" either way). */
static void
append_hand (GString           *s,
             const TriPosition *pos,
             int                player,
             gboolean           shown)
{
  g_string_append_printf (s, " hand%d=", player + 1);
  if ((shown && pos->hidden[player] == 0) || tri_hand_count (pos, player) == 0)
    append_tiles (s, pos->hands[player]);
  else
    g_string_append_printf (s, "?%d", tri_hand_count (pos, player));
}

/* The text of pos; as a view (is_view) for seat (-1: a spectator), the hands other than
 * seat's hidden until the game is over, and the pile always. */
static char *
format_text (const TriPosition *pos,
             gboolean           is_view,
             int                seat)
{
  GString *s = g_string_new (NULL);
  static const char *const ends[] = { "none", "out", "blocked" };

  if (is_view && seat >= 0)
    g_string_append_printf (s, "view=%d ", seat + 1);
  else if (is_view)
    g_string_append (s, "view=spectator ");
  g_string_append_printf (s, "round=%d turn=%d draws=%d passes=%d scores=", pos->round + 1,
                          pos->turn + 1, pos->draws, pos->passes);
  append_numbers (s, pos->scores, pos->n_players);
  g_string_append_printf (s, " last-round=%d over=%d end=%s", pos->target_reached,
                          pos->game_over, ends[MIN (pos->last_round_end, 2)]);
  if (pos->last_round_end != BG_TRIOMINO_ROUND_GOING)
    g_string_append_printf (s, ",%d", pos->last_round_player + 1);
  g_string_append (s, " gains=");
  append_numbers (s, pos->round_gain, pos->n_players);
  g_string_append (s, " board=");
  if (pos->n_placed == 0)
    g_string_append_c (s, '-');
  for (int i = 0; i < pos->n_placed; i++)
    {
      const TriPlaced *t = &pos->placed[i];
      int v[3];

      tri_perm_values (t->tile, t->perm, v);
      g_string_append_printf (s, "%s%d-%d-%d@%d,%d", i > 0 ? "/" : "", v[0], v[1], v[2],
                              TRI_NOTE_ROW (t->row), TRI_NOTE_COL (t->col));
    }
  for (int p = 0; p < pos->n_players; p++)
    append_hand (s, pos, p, !is_view || pos->game_over || p == seat);
  g_string_append (s, " pile=");
  if (is_view)
    g_string_append_printf (s, "?%d", pos->pile_count);
  else if (pos->pile_count == 0)
    g_string_append_c (s, '-');
  /* In the order of the draws: the last of the array first. */
  for (int i = pos->pile_count - 1; !is_view && i >= 0; i--)
    {
      const guint8 *v = tri_tile_values (pos->pile[i]);

      g_string_append_printf (s, "%s%d-%d-%d", i < pos->pile_count - 1 ? "/" : "", v[0],
                              v[1], v[2]);
    }
  return g_string_free (s, FALSE);
}

char *
tri_format_position (const void *data)
{
  const TriPosition *pos = data;

  return format_text (pos, pos->view, pos->view ? pos->viewer : -1);
}

char *
tri_format_view (const void *data,
                 int         seat)
{
  const TriPosition *pos = data;

  /* A view knows no more than its seat: seen by another, it is a spectator's. */
  if (pos->view && seat != pos->viewer)
    seat = -1;
  return format_text (pos, TRUE, seat);
}

/* Reading */

#define bad(error, ...) bg_fail (error, BG_ERROR_BAD_OPTION, "bad triomino position: " \
                                 __VA_ARGS__)

enum
{
  F_VIEW, F_ROUND, F_TURN, F_DRAWS, F_PASSES, F_SCORES, F_LAST_ROUND, F_OVER, F_END, F_GAINS,
  F_BOARD, F_HAND, F_PILE = F_HAND + TRI_MAX_PLAYERS, N_FIELDS
};

static const char *const field_names[N_FIELDS] = {
  "view", "round", "turn", "draws", "passes", "scores", "last-round", "over", "end", "gains",
  "board", "hand1", "hand2", "hand3", "hand4", "hand5", "hand6", "pile",
};

/* A whole number of at most nine digits within [min, max], "-" first when negative. */
static gboolean
parse_int (const char *s,
           const char *end,
           int         min,
           int         max,
           int        *out)
{
  gboolean negative = s < end && *s == '-';
  gint64 n = 0;
  int digits = 0;

  if (negative && min >= 0)
    return FALSE;
  if (negative)
    s++;
  for (; s < end; s++, digits++)
    {
      if (!g_ascii_isdigit (*s) || digits >= 9)
        return FALSE;
      n = n * 10 + (*s - '0');
    }
  n = negative ? -n : n;
  if (digits == 0 || n < min || n > max)
    return FALSE;
  *out = (int) n;
  return TRUE;
}

static gboolean
parse_field_int (const char  *name,
                 const char  *value,
                 int          min,
                 int          max,
                 int         *out,
                 GError     **error)
{
  if (!parse_int (value, value + strlen (value), min, max, out))
    return bad (error, "%s must be a whole number from %d to %d, not '%s'", name, min, max,
                value);
  return TRUE;
}

/* n numbers separated by commas, each within [-max, max]. */
static gboolean
parse_numbers (const char  *name,
               const char  *value,
               int          n,
               int          max,
               gint32      *out,
               GError     **error)
{
  const char *s = value;

  for (int i = 0; i < n; i++)
    {
      const char *end = strchr (s, ',');
      int v;

      if (end == NULL)
        end = s + strlen (s);
      if ((i < n - 1) != (*end == ',') || !parse_int (s, end, -max, max, &v))
        return bad (error, "%s must be %d whole numbers separated by commas, not '%s'", name,
                    n, value);
      out[i] = v;
      s = end + 1;
    }
  return TRUE;
}

/* Marks tile as seen once; a second time is an error. */
static gboolean
take_tile (guint64     *used,
           int          tile,
           GError     **error)
{
  const guint8 *v = tri_tile_values (tile);

  if (*used & BIT (tile))
    return bad (error, "tile %d-%d-%d is given twice", v[0], v[1], v[2]);
  *used |= BIT (tile);
  return TRUE;
}

/* "-" or tiles separated by "/", in order into order (when not NULL, room for 56). */
static gboolean
parse_tiles (const char  *name,
             const char  *value,
             guint64     *set,
             guint8      *order,
             int         *count,
             guint64     *used,
             GError     **error)
{
  g_auto (GStrv) words = NULL;

  *set = 0;
  *count = 0;
  if (g_str_equal (value, "-"))
    return TRUE;
  if (*value == '\0')
    return bad (error, "%s is empty: write - for no tile", name);
  words = g_strsplit (value, "/", -1);
  for (guint i = 0; words[i] != NULL; i++)
    {
      const char *end;
      int v[3], tile;

      if (!tri_parse_values (words[i], &end, v, NULL) || *end != '\0'
          || (tile = tri_tile_index (v[0], v[1], v[2])) < 0)
        return bad (error, "%s: '%s' is not a tile (three values 0 to 5, as 1-2-3)", name,
                    words[i]);
      if (!take_tile (used, tile, error))
        return FALSE;
      *set |= BIT (tile);
      if (order != NULL)
        order[*count] = (guint8) tile;
      (*count)++;
    }
  return TRUE;
}

/* "?N": N hidden tiles, from min to 56. */
static gboolean
parse_hidden (const char  *name,
              const char  *value,
              int          min,
              int         *count,
              GError     **error)
{
  if (value[0] != '?' || !parse_int (value + 1, value + strlen (value), min, TRI_N_TILES,
                                     count))
    return bad (error, "%s: '%s' is not a count of hidden tiles, ?%d to ?%d", name, value,
                min, TRI_N_TILES);
  return TRUE;
}

/* The placements of the round in the order played: "-" or placements separated by "/",
 * each on an empty triangle that touches the tiles before it and matches them. */
static gboolean
parse_board (TriPosition  *pos,
             const char   *value,
             guint64      *used,
             GError      **error)
{
  g_auto (GStrv) words = NULL;

  if (g_str_equal (value, "-"))
    return TRUE;
  if (*value == '\0')
    return bad (error, "board is empty: write - for no tile");
  words = g_strsplit (value, "/", -1);
  for (guint i = 0; words[i] != NULL; i++)
    {
      g_autoptr (GError) why = NULL;
      BgMove move;

      if (!tri_parse_move (pos, words[i], &move, &why))
        return bad (error, "board: '%s': %s", words[i], why->message);
      if (!TRI_MOVE_IS_PLACE (move) || TRI_MOVE_PERM (move) > 2)
        return bad (error, "board: '%s' is not a placement of a tile", words[i]);
      if (!tri_fits (pos, TRI_MOVE_TILE (move), TRI_MOVE_PERM (move), TRI_MOVE_ROW (move),
                     TRI_MOVE_COL (move)))
        return bad (error, "board: '%s' does not fit the tiles before it (the first goes "
                    "on 0,0, each next one beside them, its corners matching)", words[i]);
      if (!take_tile (used, TRI_MOVE_TILE (move), error))
        return FALSE;
      tri_place_unchecked (pos, TRI_MOVE_TILE (move), TRI_MOVE_PERM (move),
                           TRI_MOVE_ROW (move), TRI_MOVE_COL (move));
    }
  return TRUE;
}

/* "none", "out,P" or "blocked,P". */
static gboolean
parse_end (TriPosition  *pos,
           const char   *value,
           GError      **error)
{
  const char *comma = strchr (value, ',');
  int player;

  pos->last_round_end = BG_TRIOMINO_ROUND_GOING;
  pos->last_round_player = 0;
  if (g_str_equal (value, "none"))
    return TRUE;
  if (comma != NULL && comma - value == 3 && strncmp (value, "out", 3) == 0)
    pos->last_round_end = BG_TRIOMINO_ROUND_OUT;
  else if (comma != NULL && comma - value == 7 && strncmp (value, "blocked", 7) == 0)
    pos->last_round_end = BG_TRIOMINO_ROUND_BLOCKED;
  if (pos->last_round_end == BG_TRIOMINO_ROUND_GOING
      || !parse_int (comma + 1, comma + strlen (comma), 1, pos->n_players, &player))
    return bad (error, "end must be none, out,P or blocked,P (P a player from 1 to %d), "
                "not '%s'", pos->n_players, value);
  pos->last_round_player = (gint8) (player - 1);
  return TRUE;
}

/* Sorts the words of a text into its fields, each given once, none unknown. */
static gboolean
split_fields (int          n_players,
              GStrv        words,
              const char **fields,
              GError     **error)
{
  for (guint i = 0; words[i] != NULL; i++)
    {
      const char *eq = strchr (words[i], '=');
      int f;

      if (*words[i] == '\0')
        continue;
      for (f = 0; f < N_FIELDS && eq != NULL; f++)
        if (strlen (field_names[f]) == (gsize) (eq - words[i])
            && strncmp (field_names[f], words[i], eq - words[i]) == 0)
          break;
      if (eq == NULL || f == N_FIELDS)
        return bad (error, "unknown field '%s'", words[i]);
      if (f >= F_HAND && f < F_PILE && f - F_HAND >= n_players)
        return bad (error, "%s: there is no player %d in a game of %d players", words[i],
                    f - F_HAND + 1, n_players);
      if (fields[f] != NULL)
        return bad (error, "field %s is given twice", field_names[f]);
      fields[f] = eq + 1;
    }
  for (int f = F_ROUND; f < N_FIELDS; f++)
    if (fields[f] == NULL && (f < F_HAND || f >= F_PILE || f - F_HAND < n_players))
      return bad (error, "field %s is missing", field_names[f]);
  return TRUE;
}

/* The seat a view is for: "spectator" (-1) or a player. */
static gboolean
parse_viewer (TriPosition  *pos,
              const char   *value,
              GError      **error)
{
  int seat;

  if (g_str_equal (value, "spectator"))
    seat = 0;
  else if (!parse_int (value, value + strlen (value), 1, pos->n_players, &seat))
    return bad (error, "view must be a player from 1 to %d or spectator, not '%s'",
                pos->n_players, value);
  pos->view = TRUE;
  pos->viewer = (gint8) (seat - 1);
  return TRUE;
}

/* The hands and the pile: shown as tiles, or in a view hidden as counts. */
static gboolean
parse_hands_and_pile (TriPosition  *pos,
                      const char  **fields,
                      guint64      *used,
                      GError      **error)
{
  guint8 order[TRI_N_TILES];
  guint64 pile;
  int count;

  for (int p = 0; p < pos->n_players; p++)
    {
      const char *value = fields[F_HAND + p];
      gboolean shown = !pos->view || pos->game_over || p == pos->viewer;

      if (value[0] == '?')
        {
          if (shown)
            return bad (error, "hand%d: '%s': %s", p + 1, value,
                        pos->view ? "the view shows this hand"
                                  : "a whole position lists every hand's tiles");
          if (!parse_hidden (field_names[F_HAND + p], value, 1, &count, error))
            return FALSE;
          pos->hidden[p] = (guint8) count;
        }
      else if (!parse_tiles (field_names[F_HAND + p], value, &pos->hands[p], NULL, &count,
                             used, error))
        return FALSE;
      else if (!shown && count > 0 && pos->viewer >= 0)
        return bad (error, "hand%d: the view of player %d hides this hand (write ?N)", p + 1,
                    pos->viewer + 1);
      else if (!shown && count > 0)
        return bad (error, "hand%d: a spectator's view hides this hand (write ?N)", p + 1);
    }
  if (pos->view)
    {
      if (!parse_hidden ("pile", fields[F_PILE], 0, &count, error))
        return FALSE;
      pos->pile_count = (guint8) count;
      return TRUE;
    }
  if (fields[F_PILE][0] == '?')
    return bad (error, "pile: '%s': a whole position lists the pile's tiles", fields[F_PILE]);
  if (!parse_tiles ("pile", fields[F_PILE], &pile, order, &count, used, error))
    return FALSE;
  /* Draws take the end of the array: the first listed is drawn first. */
  for (int i = 0; i < count; i++)
    pos->pile[count - 1 - i] = order[i];
  pos->pile_count = (guint8) count;
  return TRUE;
}

/* What the fields cannot show alone: the whole of the tiles and the round's state. */
static gboolean
check_consistency (const TriPosition  *pos,
                   guint64             used,
                   GError            **error)
{
  int total = pos->n_placed + pos->pile_count, opener_tile, opener;
  gboolean reached = FALSE, gains = FALSE;

  for (int p = 0; p < pos->n_players; p++)
    {
      total += tri_hand_count (pos, p);
      reached |= pos->scores[p] >= pos->target;
      gains |= pos->round_gain[p] != 0;
    }
  if (total != TRI_N_TILES || (!pos->view && used != ALL_TILES))
    return bad (error, "the board, the hands and the pile hold %d tiles, not %d", total,
                TRI_N_TILES);
  if (pos->no_scoring && (pos->round > 0 || pos->target_reached || gains))
    return bad (error, "the children's game has one round and no scores");
  for (int p = 0; p < pos->n_players && pos->no_scoring; p++)
    if (pos->scores[p] != 0)
      return bad (error, "the children's game has one round and no scores");
  if (reached && !pos->target_reached)
    return bad (error, "a score is at the target %d: last-round must be 1", pos->target);
  if (pos->game_over && (pos->last_round_end == BG_TRIOMINO_ROUND_GOING || pos->draws > 0
                         || (!pos->no_scoring && !pos->target_reached)))
    return bad (error, "a game over ends a round, in its last round, after no draw");
  if (!pos->game_over && (pos->round > 0) != (pos->last_round_end != BG_TRIOMINO_ROUND_GOING))
    return bad (error, "end must be none in the first round and tell how the round before "
                "ended in the others");
  if (pos->last_round_end == BG_TRIOMINO_ROUND_GOING && gains)
    return bad (error, "gains must be 0 before any round has ended");
  if (!pos->game_over && pos->pile_count == 0 && pos->passes >= pos->n_players)
    return bad (error, "every player has passed with the pile empty: the round is over");
  if (!pos->game_over && pos->n_placed == 0 && (pos->draws > 0 || pos->passes > 0))
    return bad (error, "a round opens before any draw or pass");
  for (int p = 0; p < pos->n_players && !pos->game_over && pos->n_placed == 0; p++)
    if (tri_hand_count (pos, p) != tri_hand_size_for (pos->n_players))
      return bad (error, "a round opens with %d tiles in every hand, not %d in hand %d",
                  tri_hand_size_for (pos->n_players), tri_hand_count (pos, p), p + 1);
  if (!pos->view && !pos->game_over && pos->n_placed == 0
      && tri_opening_tile (pos, &opener_tile, &opener) && opener != pos->turn)
    return bad (error, "player %d holds the opening tile and opens the round, not player %d",
                opener + 1, pos->turn + 1);
  return TRUE;
}

/* Reads text into pos, initialised from the game's options by init; a view (is_view) has a
 * view field and hides hands and pile, a whole position has none and hides nothing. */
static gboolean
parse_text (void        *data,
            const char  *text,
            gboolean     is_view,
            GError     **error)
{
  TriPosition *pos = data;
  g_autofree TriPosition *res = NULL;
  g_auto (GStrv) words = NULL;
  const char *fields[N_FIELDS] = { NULL };
  guint64 used = 0;
  int n;

  if (strlen (text) > MAX_TEXT)
    return bad (error, "longer than %d bytes", MAX_TEXT);
  /* The options' part: players, target, opening, scoring, and the seed of a whole
   * position. Everything else comes from the text. */
  res = g_new0 (TriPosition, 1);
  res->n_players = pos->n_players;
  res->target = pos->target;
  res->european = pos->european;
  res->no_scoring = pos->no_scoring;
  res->seed = is_view ? 0 : pos->seed;
  res->last.player = -1;
  words = g_strsplit_set (text, " \t", -1);
  if (!split_fields (res->n_players, words, fields, error))
    return FALSE;
  if ((fields[F_VIEW] != NULL) != is_view)
    return bad (error, "%s", is_view ? "a view begins with view=SEAT"
                                     : "a view (view=) is not a whole position");
  if (is_view && !parse_viewer (res, fields[F_VIEW], error))
    return FALSE;
  if (!parse_field_int ("round", fields[F_ROUND], 1, MAX_ROUND, &n, error))
    return FALSE;
  res->round = (guint16) (n - 1);
  if (!parse_field_int ("turn", fields[F_TURN], 1, res->n_players, &n, error))
    return FALSE;
  res->turn = (guint8) (n - 1);
  if (!parse_field_int ("draws", fields[F_DRAWS], 0, TRI_MAX_DRAWS, &n, error))
    return FALSE;
  res->draws = (guint8) n;
  if (!parse_field_int ("passes", fields[F_PASSES], 0, MAX_PASSES, &n, error))
    return FALSE;
  res->passes = (guint8) n;
  if (!parse_numbers ("scores", fields[F_SCORES], res->n_players, MAX_SCORE, res->scores,
                      error))
    return FALSE;
  if (!parse_field_int ("last-round", fields[F_LAST_ROUND], 0, 1, &n, error))
    return FALSE;
  res->target_reached = (guint8) n;
  if (!parse_field_int ("over", fields[F_OVER], 0, 1, &n, error))
    return FALSE;
  res->game_over = (guint8) n;
  if (!parse_end (res, fields[F_END], error)
      || !parse_numbers ("gains", fields[F_GAINS], res->n_players, MAX_SCORE, res->round_gain,
                         error)
      || !parse_board (res, fields[F_BOARD], &used, error)
      || !parse_hands_and_pile (res, fields, &used, error)
      || !check_consistency (res, used, error))
    return FALSE;
  memcpy (pos, res, sizeof *pos);
  return TRUE;
}

gboolean
tri_parse_position (void        *pos,
                    GHashTable  *options G_GNUC_UNUSED,
                    const char  *text,
                    GError     **error)
{
  return parse_text (pos, text, FALSE, error);
}

gboolean
tri_parse_view (void        *pos,
                GHashTable  *options G_GNUC_UNUSED,
                const char  *text,
                GError     **error)
{
  return parse_text (pos, text, TRUE, error);
}

/* What a move shows */

char *
tri_reveals (const void *before_data,
             BgMove      move,
             const void *after_data,
             int         seat)
{
  const TriPosition *before = before_data, *after = after_data;
  GString *s = g_string_new (NULL);

  if (before->view)
    return g_string_free (s, TRUE);
  /* The tile drawn, to the drawer alone. */
  if (move == TRI_MOVE_DRAW && seat == before->turn && before->pile_count > 0)
    {
      const guint8 *v = tri_tile_values (before->pile[before->pile_count - 1]);

      g_string_append_printf (s, "drawn=%d-%d-%d", v[0], v[1], v[2]);
    }
  /* The hands as the round's end counts them, to everyone. */
  if (after->round != before->round || (after->game_over && !before->game_over))
    for (int p = 0; p < before->n_players; p++)
      {
        guint64 hand = before->hands[p];

        if (p == before->turn && TRI_MOVE_IS_PLACE (move))
          hand &= ~BIT (TRI_MOVE_TILE (move));
        g_string_append_printf (s, "%shand%d=", s->len > 0 ? " " : "", p + 1);
        append_tiles (s, hand);
      }
  if (s->len == 0)
    return g_string_free (s, TRUE);
  return g_string_free (s, FALSE);
}
