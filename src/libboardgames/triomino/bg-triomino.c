/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-triomino.c: the Triomino rule set (BgRules table, notation, text)
 *
 * The board logic is in bg-triomino-board.c, the computer players in bg-triomino-ai.c, what
 * front ends ask of a position (hands, scores, why a move is illegal) in
 * bg-triomino-query.c, and the position as text and the views of each seat in
 * bg-triomino-position.c.
 */

#include "bg-triomino.h"

#include "bg-analysis.h"

#include <glib/gi18n-lib.h>

#include "bg-triomino-ai.h"
#include "bg-triomino-board.h"

static const char *const opening_values[] = { "american", "european", NULL };
static const char *const scoring_values[] = { "points", "none", NULL };

static const char *const opening_labels[] = {
  N_("American (bonus for the first triple)"), N_("European (no opening bonus)"), NULL
};
static const char *const scoring_labels[] = {
  N_("Points, up to 400"), N_("Children’s game: the first to play all his tiles wins"), NULL
};

static const BgOptionSpec options[] = {
  { "players", "2", NULL, 2, TRI_MAX_PLAYERS, "Number of players, 2 to 6",
    N_("_Players"), NULL, BG_OPTION_SEATS },
  { "seed", "1", NULL, 0, G_MAXINT, "Seed of the shuffles, to replay a game exactly",
    /* Translators: the option that chooses the shuffle of the tiles */
    N_("_Seed of the deal"), NULL, BG_OPTION_DRAWN },
  { "opening", "american", opening_values, 0, 0,
    "First tile: american (a triple scores +10, 0-0-0 scores 40) or european (no bonus)",
    N_("_Opening"), opening_labels },
  { "target", "400", NULL, 1, 100000,
    "The score that ends the game: the round in which a player reaches it is the last",
    N_("_Target score"), NULL, BG_OPTION_HIDDEN },
  { "scoring", "points", scoring_values, 0, 0,
    "Scoring: points (rounds up to the target) or none (the children's game: no scores, "
    "the first to empty his hand wins)", N_("Sco_ring"), scoring_labels },
  { NULL, NULL, NULL, 0, 0, NULL, NULL, NULL, 0 },
};

static int
option_int (GHashTable *opts,
            const char *name,
            int         fallback)
{
  const char *value = opts ? g_hash_table_lookup (opts, name) : NULL;

  return value ? (int) g_ascii_strtoll (value, NULL, 10) : fallback;
}

static gboolean
tri_init (void        *data,
          GHashTable  *opts,
          GError     **error G_GNUC_UNUSED)
{
  const char *opening = opts ? g_hash_table_lookup (opts, "opening") : NULL;
  const char *scoring = opts ? g_hash_table_lookup (opts, "scoring") : NULL;
  TriPosition *pos = data;

  tri_setup (pos, CLAMP (option_int (opts, "players", 2), 2, TRI_MAX_PLAYERS),
             (guint32) option_int (opts, "seed", 1),
             opening != NULL && g_str_equal (opening, "european"),
             option_int (opts, "target", 400));
  pos->no_scoring = scoring != NULL && g_str_equal (scoring, "none");
  return TRUE;
}

static int
tri_player_to_move (const void *data)
{
  return ((const TriPosition *) data)->turn;
}

static int
tri_n_players (const void *data)
{
  return ((const TriPosition *) data)->n_players;
}

static guint
tri_rules_legal_moves (const void *data,
                       BgMove     *moves)
{
  return tri_legal_moves (data, moves);
}

static void
tri_rules_play (void   *data,
                BgMove  move)
{
  tri_play (data, move);
}

static inline guint64
mix (guint64 h,
     guint64 v)
{
  h ^= v + G_GUINT64_CONSTANT (0x9e3779b97f4a7c15) + (h << 6) + (h >> 2);
  h *= G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  return h ^ (h >> 31);
}

/* Everything that decides the moves and scores to come: the board (through the list of
 * placements, which also fixes the order of the frontier), the hands, the pile, the scores
 * and the turn state. */
static guint64
tri_key (const void *data)
{
  const TriPosition *pos = data;
  guint64 h = mix (0x7472696f, pos->seed);

  h = mix (h, (guint64) pos->no_scoring << 49 | (guint64) pos->target_reached << 48
              | (guint64) pos->round << 32 | pos->turn << 24 | pos->draws << 16
              | pos->passes << 8 | pos->game_over);
  for (int p = 0; p < pos->n_players; p++)
    h = mix (mix (h, pos->hands[p]), (guint32) pos->scores[p]);
  for (int i = 0; i < pos->n_placed; i++)
    {
      const TriPlaced *t = &pos->placed[i];

      h = mix (h, t->row << 24 | t->col << 16 | t->tile << 8 | t->perm);
    }
  for (int i = 0; i < pos->pile_count; i++)
    h = mix (h, pos->pile[i]);
  /* A view: whose, and the tiles it hides (nothing in a whole position). */
  if (pos->view)
    for (int p = 0; p < pos->n_players; p++)
      h = mix (h, (guint64) (guint8) pos->viewer << 16 | (guint64) p << 8 | pos->hidden[p]);
  return mix (h, pos->pile_count);
}

/* The children's game: whoever went out wins; a blocked round goes to the lowest hand
 * total, and a tie for it is a draw (docs/rules.md, Triomino, "Children's
 * game"; data/rules/{en,fr}/triomino.txt). */
static BgStatus
children_status (const TriPosition *pos)
{
  BgStatus status = { BG_RESULT_WIN, -1, -1, -1, BG_REASON_NONE };
  int low = G_MAXINT, n_low = 0;

  status.winner = pos->last_round_player;
  if (pos->last_round_end == BG_TRIOMINO_ROUND_BLOCKED)
    for (int p = 0; p < pos->n_players; p++)
      {
        int total = tri_hand_total (pos->hands[p]);

        if (total < low)
          low = total, n_low = 1;
        else if (total == low)
          n_low++;
      }
  if (n_low > 1)
    {
      status.result = BG_RESULT_DRAW;
      status.winner = -1;
      return status;
    }
  if (pos->n_players == 2)
    status.loser = 1 - status.winner;
  return status;
}

/* The winner is the highest score; several players tied at the top make a draw. */
static BgStatus
tri_rule_status (const void *data)
{
  const TriPosition *pos = data;
  BgStatus status = { BG_RESULT_ONGOING, -1, -1, -1, BG_REASON_NONE };
  int best = 0, n_best = 0;

  if (!pos->game_over)
    return status;
  if (pos->no_scoring)
    return children_status (pos);
  for (int p = 0; p < pos->n_players; p++)
    if (n_best == 0 || pos->scores[p] > pos->scores[best])
      best = p, n_best = 1;
    else if (pos->scores[p] == pos->scores[best])
      n_best++;
  status.reason = BG_REASON_TARGET_SCORE;
  if (n_best > 1)
    {
      status.result = BG_RESULT_DRAW;
      return status;
    }
  status.result = BG_RESULT_WIN;
  status.winner = best;
  if (pos->n_players == 2)
    status.loser = 1 - best;
  return status;
}

/* What evaluate compares: the score, or without scores the tiles in hand (fewer is
 * better). */
static int
standing (const TriPosition *pos,
          int                player)
{
  return pos->no_scoring ? -tri_hand_count (pos, player) : pos->scores[player];
}

/* A resignation with three players or more: the best standing of the others wins, a tie at
 * the top has no winner. */
static int
tri_resign_winner (const void *data,
                   int         resigner)
{
  const TriPosition *pos = data;
  int best = -1, n_best = 0;

  for (int p = 0; p < pos->n_players; p++)
    {
      if (p == resigner)
        continue;
      if (best < 0 || standing (pos, p) > standing (pos, best))
        best = p, n_best = 1;
      else if (standing (pos, p) == standing (pos, best))
        n_best++;
    }
  return n_best == 1 ? best : -1;
}

static int
tri_evaluate (const void *data,
              int         player)
{
  const TriPosition *pos = data;
  int best_other = G_MININT;

  for (int p = 0; p < pos->n_players; p++)
    if (p != player)
      best_other = MAX (best_other, standing (pos, p));
  return standing (pos, player) - best_other;
}

/* Notation */

static void
tri_format_move (const void *data G_GNUC_UNUSED,
                 BgMove      move,
                 char       *buf,
                 gsize       size)
{
  int v[3];

  if (move == TRI_MOVE_DRAW)
    g_snprintf (buf, size, "draw");
  else if (move == TRI_MOVE_PASS)
    g_snprintf (buf, size, "pass");
  else if (!TRI_MOVE_IS_PLACE (move) || TRI_MOVE_TILE (move) >= TRI_N_TILES
           || TRI_MOVE_PERM (move) > 5)
    g_snprintf (buf, size, "?");
  else
    {
      tri_perm_values (TRI_MOVE_TILE (move), TRI_MOVE_PERM (move), v);
      g_snprintf (buf, size, "%d-%d-%d@%d,%d", v[0], v[1], v[2],
                  TRI_NOTE_ROW (TRI_MOVE_ROW (move)), TRI_NOTE_COL (TRI_MOVE_COL (move)));
    }
}

#define malformed(error, ...) bg_fail (error, BG_ERROR_MALFORMED_MOVE, __VA_ARGS__)

/* Parses a signed decimal number at *s within [min, max]. */
static gboolean
parse_coordinate (const char **s,
                  int          min,
                  int          max,
                  int         *out)
{
  const char *p = *s;
  gboolean negative = FALSE;
  int n = 0;

  if (*p == '-' || *p == '+')
    negative = *p++ == '-';
  if (!g_ascii_isdigit (*p))
    return FALSE;
  for (; g_ascii_isdigit (*p); p++)
    {
      n = n * 10 + (*p - '0');
      if (n > 100000)
        return FALSE;
    }
  n = negative ? -n : n;
  if (n < min || n > max)
    return FALSE;
  *out = n;
  *s = p;
  return TRUE;
}

gboolean
tri_parse_values (const char  *text,
                  const char **end,
                  int          v[3],
                  GError     **error)
{
  const char *s = text;

  for (int i = 0; i < 3; i++)
    {
      if (i > 0 && *s++ != '-')
        /* Translators: %s is the move as written; 3-1-2 is an example of the notation
         * of a tile: keep it as it is */
        return malformed (error, _("“%s”: write the three corner values as 3-1-2"), text);
      if (!g_ascii_isdigit (*s) || g_ascii_isdigit (s[1]))
        /* Translators: %s is the move as written */
        return malformed (error, _("“%s”: a tile value is a single digit 0–5"), text);
      v[i] = *s++ - '0';
      if (v[i] > 5)
        /* Translators: %s is the move as written, %d the value found in it */
        return malformed (error, _("“%s”: tile values go from 0 to 5, not %d"), text, v[i]);
    }
  *end = s;
  return TRUE;
}

gboolean
tri_parse_move (const void  *data G_GNUC_UNUSED,
                const char  *text,
                BgMove      *move,
                GError     **error)
{
  g_autofree char *clean = g_strstrip (g_ascii_strdown (text, -1));
  const char *s;
  int v[3], row, col, tile, perm;

  if (*clean == '\0')
    return malformed (error, _("empty move"));
  if (g_str_equal (clean, "draw"))
    return *move = TRI_MOVE_DRAW, TRUE;
  if (g_str_equal (clean, "pass"))
    return *move = TRI_MOVE_PASS, TRUE;
  if (!tri_parse_values (clean, &s, v, error))
    return FALSE;
  if (*s != '@')
    /* Translators: %s is the move as written; @ and 3-1-2@1,-1 are the notation of a
     * placement: keep them as they are */
    return malformed (error, _("“%s”: expected @ and a triangle after the values, "
                               "as in 3-1-2@1,-1"), clean);
  s++;
  if (!parse_coordinate (&s, -TRI_ROW0 + 1, TRI_ROWS - TRI_ROW0 - 2, &row) || *s++ != ','
      || !parse_coordinate (&s, -TRI_COL0 + 2, TRI_COLS - TRI_COL0 - 3, &col) || *s != '\0')
    /* Translators: %s is the move as written, the numbers the lowest and highest row and
     * column; row,col names the two numbers of a triangle; 3-1-2@1,-1 is an example of the
     * notation: keep it as it is */
    return malformed (error, _("“%s”: the triangle is row,col (two whole numbers, rows "
                               "%d to %d, columns %d to %d), as in 3-1-2@1,-1"), clean,
                      -TRI_ROW0 + 1, TRI_ROWS - TRI_ROW0 - 2, -TRI_COL0 + 2,
                      TRI_COLS - TRI_COL0 - 3);
  perm = tri_find_perm (v, &tile);
  *move = TRI_MOVE_PLACE (tile, perm, row + TRI_ROW0, col + TRI_COL0);
  return TRUE;
}

/* Text */

static void
append_tile (GString *s,
             int      tile)
{
  const guint8 *v = tri_tile_values (tile);

  g_string_append_printf (s, "%d-%d-%d", v[0], v[1], v[2]);
}

static void
append_picture (GString           *s,
                const TriPosition *pos)
{
  int r0 = TRI_ROWS, r1 = -1, c0 = TRI_COLS, c1 = -1;

  for (int i = 0; i < pos->n_placed; i++)
    {
      r0 = MIN (r0, pos->placed[i].row);
      r1 = MAX (r1, pos->placed[i].row);
      c0 = MIN (c0, pos->placed[i].col);
      c1 = MAX (c1, pos->placed[i].col);
    }
  if (r1 < 0)
    {
      g_string_append (s, "(empty board)\n");
      return;
    }
  /* Vertex lines carry the corner values, each at 2 x; between them a ^ or v marks each
   * tile under or over its apex. Vertices span x = c0 .. c1 + 2. */
  for (int y = r0; y <= r1 + 1; y++)
    {
      g_string_append_printf (s, "%8s", "");
      for (int x = c0; x <= c1 + 2; x++)
        {
          int value = (x + y) % 2 ? tri_vertex_value (pos, y, x) : -1;

          g_string_append_printf (s, "%c ", value >= 0 ? '0' + value : ' ');
        }
      g_string_truncate (s, s->len - 1);
      g_string_append_c (s, '\n');
      if (y > r1)
        break;
      g_string_append_printf (s, "row %3d ", TRI_NOTE_ROW (y));
      for (int x = c0; x <= c1 + 2; x++)
        {
          int c = x - 1;
          gboolean here = c >= c0 && c <= c1 && tri_occupied (pos, y, c);

          g_string_append_printf (s, "%c ", here ? (tri_is_up (y, c) ? '^' : 'v') : ' ');
        }
      g_string_truncate (s, s->len - 1);
      g_string_append_c (s, '\n');
    }
  g_string_append_printf (s, "(columns %d to %d)\n", TRI_NOTE_COL (c0), TRI_NOTE_COL (c1));
}

static char *
tri_to_text (const void *data)
{
  const TriPosition *pos = data;
  GString *s = g_string_new (NULL);

  if (pos->no_scoring)
    g_string_append (s, "Children's game: no scores, the first to empty his hand wins\n");
  else
    g_string_append_printf (s, "Round %d, target %d%s%s\n", pos->round + 1, pos->target,
                            pos->european ? ", European opening" : "",
                            pos->target_reached && !pos->game_over ? ", last round" : "");
  append_picture (s, pos);
  g_string_append (s, "Board:");
  for (int i = 0; i < pos->n_placed; i++)
    {
      char buf[32];
      const TriPlaced *t = &pos->placed[i];

      tri_format_move (pos, TRI_MOVE_PLACE (t->tile, t->perm, t->row, t->col), buf, sizeof buf);
      g_string_append_printf (s, " %s", buf);
    }
  g_string_append_c (s, '\n');
  for (int p = 0; p < pos->n_players; p++)
    {
      if (pos->hidden[p] > 0)
        {
          g_string_append_printf (s, "Player %d: score %d, hand (%d tiles, hidden)\n", p + 1,
                                  pos->scores[p], tri_hand_count (pos, p));
          continue;
        }
      g_string_append_printf (s, "Player %d: score %d, hand (%d tiles, %d points):", p + 1,
                              pos->scores[p], __builtin_popcountll (pos->hands[p]),
                              tri_hand_total (pos->hands[p]));
      for (guint64 h = pos->hands[p]; h != 0; h &= h - 1)
        {
          g_string_append_c (s, ' ');
          append_tile (s, __builtin_ctzll (h));
        }
      g_string_append_c (s, '\n');
    }
  g_string_append_printf (s, "Pile: %d tiles\n", pos->pile_count);
  if (pos->view && pos->viewer >= 0)
    g_string_append_printf (s, "As player %d sees it\n", pos->viewer + 1);
  else if (pos->view)
    g_string_append (s, "As a spectator sees it\n");
  if (pos->game_over)
    g_string_append (s, "Game over\n");
  else
    g_string_append_printf (s, "Player %d to move (%d drawn this turn)\n", pos->turn + 1,
                            pos->draws);
  return g_string_free (s, FALSE);
}

/* What a move does: a placement names its tile, triangle and corner values. */
static void
tri_describe_move (const void *data G_GNUC_UNUSED,
                   BgMove      move,
                   BgMoveInfo *info)
{
  bg_move_info_init (info);
  if (move == TRI_MOVE_DRAW)
    info->flags = BG_MOVE_DRAWS;
  else if (move == TRI_MOVE_PASS)
    info->flags = BG_MOVE_PASSES;
  else
    {
      info->flags = BG_MOVE_PLACES;
      info->tile = TRI_MOVE_TILE (move);
      info->row = TRI_NOTE_ROW (TRI_MOVE_ROW (move));
      info->col = TRI_NOTE_COL (TRI_MOVE_COL (move));
      tri_perm_values (info->tile, TRI_MOVE_PERM (move), info->values);
    }
}

static gboolean
tri_search (BgSearch             *search,
            const BgGame         *game,
            const BgSearchLimits *limits,
            BgSearchResult       *result)
{
  return bg_triomino_ai_search (search, game, limits, result);
}

/* The analysis rates a placement by the points it makes at once (its tile, bridge, hexagon
 * or two-side bonus), against the level-6 player's choice (bg-analysis.h). */
static int
tri_move_points (const void *pos,
                 BgMove      move)
{
  BgTriominoScore score;

  if (!bg_triomino_score_move (pos, move, &score))
    return 0;
  return score.total;
}

/* Points: a tile is worth 0 to 15, a bonus 40 to 70; the budget is rollouts, one pass of
 * the level-6 player. */
static const BgAnalysisHooks tri_analysis = {
  .thresholds = { 5, 10, 30 },
  .default_nodes = 1000,
  .move_points = tri_move_points,
  .counts_points = bg_triomino_is_scored,
};

const BgRules bg_triomino_rules = {
  .id = "triomino",
  .name = N_("Triomino"),
  .position_size = sizeof (TriPosition),
  .max_moves = TRI_MAX_MOVES,
  .max_players = TRI_MAX_PLAYERS,
  .options = options,
  .no_move_loses = 0,
  .repetition_draw = 0,
  .init = tri_init,
  .player_to_move = tri_player_to_move,
  .n_players = tri_n_players,
  .legal_moves = tri_rules_legal_moves,
  .play = tri_rules_play,
  .key = tri_key,
  .rule_status = tri_rule_status,
  .evaluate = tri_evaluate,
  .format_move = tri_format_move,
  .parse_move = tri_parse_move,
  .to_text = tri_to_text,
  .format_position = tri_format_position,
  .parse_position = tri_parse_position,
  .format_view = tri_format_view,
  .parse_view = tri_parse_view,
  .reveals = tri_reveals,
  .search = tri_search,
  .explain_illegal = bg_triomino_explain_illegal,
  .blurb = N_("Triangular tiles for 2 to 6 players: bridges, hexagons, 400 points."),
  .player_names = NULL,  /* numbered seats */
  .describe_move = tri_describe_move,
  .analysis = &tri_analysis,
  .resign_winner = tri_resign_winner,
};
