/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-triple-alliance.c: the rules of La Triple Alliance
 *
 * The board is a 5 x 5 grid of points without its centre c3 (see docs/rules.md): 24
 * points, joined to their orthogonal neighbours, and 24 lines of three, the runs of three
 * in rows 1, 2, 4, 5 and columns a, b, d, e. The points are numbered 0..23 rank by rank
 * from a1, skipping c3, so a set of points fits in a guint32.
 *
 * Moves are encoded as follows: a placement is the number of the point (0..23); a step is
 * TA_STEP | from << 5 | to. Neither can be BG_MOVE_NONE.
 *
 * The position text is written and read in bg-triple-alliance-setup.c.
 */

#include "bg-triple-alliance.h"
#include "bg-analysis.h"
#include "bg-random.h"
#include "bg-search.h"
#include "triple-alliance/solver/bg-ta-board.h"
#include "triple-alliance/solver/bg-ta-table.h"
#include "bg-triple-alliance-private.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#define N_POINTS BG_TA_N_POINTS
#define N_LINES BG_TA_N_LINES
#define N_PIECES TA_N_PIECES
#define ALL_POINTS BG_TA_ALL_POINTS

#define TA_STEP 0x400u
#define MOVE_PLACE(to) ((BgMove) (to))
#define MOVE_STEP(from, to) ((BgMove) (TA_STEP | (from) << 5 | (to)))
#define MOVE_IS_STEP(m) (((m) & TA_STEP) != 0)
#define MOVE_FROM(m) (((m) >> 5) & 31)
#define MOVE_TO(m) ((m) & 31)

/* The board tables are constant expressions over (file, rank), both 0..4. */
#define GRID(f, r) ((r) * 5 + (f))
#define PT(f, r) (GRID (f, r) - (GRID (f, r) > 12))
#define ON_BOARD(f, r) ((f) >= 0 && (f) < 5 && (r) >= 0 && (r) < 5 && !((f) == 2 && (r) == 2))
#define BIT(f, r) (ON_BOARD (f, r) ? 1u << (PT (f, r) & 31) : 0u)

#define ADJ(f, r) (ON_BOARD (f, r) ? \
                   BIT ((f) - 1, r) | BIT ((f) + 1, r) | BIT (f, (r) - 1) | BIT (f, (r) + 1) : 0u)
#define ADJ_RANK(r) ADJ (0, r), ADJ (1, r), ADJ (2, r), ADJ (3, r), ADJ (4, r)

/* Orthogonal neighbours of each point; c3 is not a point, so b3-d3 and c2-c4 are not
 * joined. */
const guint32 bg_ta_adjacency[BG_TA_N_POINTS] = {
  ADJ_RANK (0), ADJ_RANK (1),
  ADJ (0, 2), ADJ (1, 2), ADJ (3, 2), ADJ (4, 2),
  ADJ_RANK (3), ADJ_RANK (4),
};

#define ROW_LINE(f, r) (BIT (f, r) | BIT ((f) + 1, r) | BIT ((f) + 2, r))
#define COL_LINE(f, r) (BIT (f, r) | BIT (f, (r) + 1) | BIT (f, (r) + 2))
#define ROW_LINES(r) ROW_LINE (0, r), ROW_LINE (1, r), ROW_LINE (2, r)
#define COL_LINES(f) COL_LINE (f, 0), COL_LINE (f, 1), COL_LINE (f, 2)

const guint32 bg_ta_lines[BG_TA_N_LINES] = {
  ROW_LINES (0), ROW_LINES (1), ROW_LINES (3), ROW_LINES (4),
  COL_LINES (0), COL_LINES (1), COL_LINES (3), COL_LINES (4),
};

static const char *const first_values[] = { "1", "2", NULL };
/* Who starts is told by the colours, as the seats are named (player_names). */
static const char *const first_labels[] = { N_("Light"), N_("Dark"), NULL };

static const BgOptionSpec options[] = {
  { "first", "1", first_values, 0, 0, "Who places the first piece: 1 (light) or 2 (dark)",
    N_("_Who starts"), first_labels },
  { NULL, NULL, NULL, 0, 0, NULL, NULL, NULL },
};

static const char *const player_names[] = { N_("Light"), N_("Dark"), NULL };

/* Points */

static int
point_file (int p)
{
  return (p + (p >= 12)) % 5;
}

static int
point_rank (int p)
{
  return (p + (p >= 12)) / 5;
}

void
bg_ta_point_name (int   p,
                  char *buf)
{
  buf[0] = 'a' + point_file (p);
  buf[1] = '1' + point_rank (p);
  buf[2] = '\0';
}

/* Parses a point at *text (either case) and moves *text past it. Any letter
 * followed by digits counts as a point name, so that "f1" or "a6" get a precise error. */
gboolean
bg_ta_parse_point (const char **text,
                   int         *point,
                   GError     **error)
{
  const char *s = *text;
  const char *end = s + 1;
  guint64 rank;
  int file;

  if (!g_ascii_isalpha (s[0]) || !g_ascii_isdigit (s[1]))
    {
      g_set_error (error, BG_ERROR, BG_ERROR_MALFORMED_MOVE,
                   /* Translators: %s is what follows where a point was expected; b2 is a
                    * point name: keep it as it is */
                   _("expected a point such as b2 at '%s'"), s);
      return FALSE;
    }
  while (g_ascii_isdigit (*end))
    end++;
  file = g_ascii_tolower (s[0]) - 'a';
  rank = g_ascii_strtoull (s + 1, NULL, 10);
  if (file < 0 || file > 4 || rank < 1 || rank > 5 || end - s > 3)
    {
      g_set_error (error, BG_ERROR, BG_ERROR_MALFORMED_MOVE,
                   /* Translators: %.*s is a point name as written, such as f1; the files
                    * (columns) are the letters a to e, the ranks (rows) the digits 1 to 5:
                    * keep a-e and 1-5 as they are */
                   _("'%.*s' is not a point of the board (files a-e, ranks 1-5)"),
                   (int) (end - s), s);
      return FALSE;
    }
  if (file == 2 && rank == 3)
    {
      g_set_error (error, BG_ERROR, BG_ERROR_MALFORMED_MOVE,
                   /* Translators: c3 is a point name: keep it as it is */
                   _("c3 is not a point: the centre of the board does not exist"));
      return FALSE;
    }
  *point = PT (file, (int) rank - 1);
  *text = end;
  return TRUE;
}

/* Zobrist keys, derived on the fly from a fixed mixing function (bg_random_hash) rather
 * than from a table, so that they need no initialisation. */

static inline guint64
z_piece (int player,
         int point)
{
  return bg_random_hash (0x7a0000 + player * 32 + point);
}

static inline guint64
z_hand (int player,
        int count)
{
  return bg_random_hash (0x7b0000 + player * 8 + count);
}

#define Z_TURN (bg_random_hash (0x7c0000))

guint64
bg_ta_compute_key (const TaPosition *pos)
{
  guint64 key = pos->turn ? Z_TURN : 0;

  for (int player = 0; player < 2; player++)
    {
      key ^= z_hand (player, pos->hand[player]);
      for (int p = 0; p < N_POINTS; p++)
        if (pos->board[player] & (1u << p))
          key ^= z_piece (player, p);
    }
  return key;
}

/* Lines */

/* The empty points where a piece would complete a line of three of set. */
static guint32
completing_points (guint32 set,
                   guint32 empty)
{
  guint32 points = 0;

  for (int i = 0; i < N_LINES; i++)
    {
      guint32 mine = set & bg_ta_lines[i];

      if (__builtin_popcount (mine) == 2)
        points |= bg_ta_lines[i] & ~mine;
    }
  return points & empty;
}

/* Rule set functions */

static void
setup_empty (TaPosition *pos,
             int         first)
{
  memset (pos, 0, sizeof *pos);
  pos->hand[0] = pos->hand[1] = N_PIECES;
  pos->turn = first;
  pos->key = bg_ta_compute_key (pos);
}

static gboolean
ta_init (void        *data,
         GHashTable  *opts,
         GError     **error G_GNUC_UNUSED)
{
  const char *first = opts ? g_hash_table_lookup (opts, "first") : NULL;

  setup_empty (data, first != NULL && g_str_equal (first, "2") ? 1 : 0);
  return TRUE;
}

static int
ta_player_to_move (const void *data)
{
  return ((const TaPosition *) data)->turn;
}

static int
ta_n_players (const void *data G_GNUC_UNUSED)
{
  return 2;
}

static BgStatus
ta_rule_status (const void *data)
{
  const TaPosition *pos = data;
  BgStatus status = { BG_RESULT_ONGOING, -1, -1, -1, BG_REASON_NONE };

  /* Placements never make a line, so only the movement phase can end this way, and
   * only the player who just moved can have made one. */
  if (bg_ta_placement_phase (pos))
    return status;
  for (int i = 1; i >= 0; i--)
    {
      int player = pos->turn ^ i;

      if (bg_ta_has_line (pos->board[player]))
        {
          status.result = BG_RESULT_WIN;
          status.winner = player;
          status.loser = 1 - player;
          status.reason = BG_REASON_LINE_OF_THREE;
          break;
        }
    }
  return status;
}

static guint
ta_legal_moves (const void *data,
                BgMove     *moves)
{
  const TaPosition *pos = data;
  guint32 mine = pos->board[pos->turn];
  guint32 empty = ALL_POINTS & ~(pos->board[0] | pos->board[1]);
  guint n = 0;

  if (bg_ta_placement_phase (pos))
    {
      guint32 allowed = empty & ~completing_points (mine, empty);

      for (; allowed != 0; allowed &= allowed - 1)
        moves[n++] = MOVE_PLACE (__builtin_ctz (allowed));
      return n;
    }
  if (bg_ta_has_line (pos->board[0]) || bg_ta_has_line (pos->board[1]))
    return 0;
  for (; mine != 0; mine &= mine - 1)
    {
      int from = __builtin_ctz (mine);

      for (guint32 targets = bg_ta_adjacency[from] & empty; targets != 0; targets &= targets - 1)
        moves[n++] = MOVE_STEP (from, __builtin_ctz (targets));
    }
  return n;
}

static void
ta_play (void   *data,
         BgMove  move)
{
  TaPosition *pos = data;
  int player = pos->turn;
  int to = MOVE_TO (move);

  if (MOVE_IS_STEP (move))
    {
      int from = MOVE_FROM (move);

      pos->board[player] &= ~(1u << from);
      pos->key ^= z_piece (player, from);
    }
  else
    {
      pos->key ^= z_hand (player, pos->hand[player]);
      pos->hand[player]--;
      pos->key ^= z_hand (player, pos->hand[player]);
    }
  pos->board[player] |= 1u << to;
  pos->key ^= z_piece (player, to) ^ Z_TURN;
  pos->turn = 1 - player;
}

static guint64
ta_key (const void *data)
{
  return ((const TaPosition *) data)->key;
}

/* Evaluation */

/* The points where player could complete a line with his next step: the third point of
 * a line holding two of his pieces, reachable by a piece from outside that line. */
static guint32
step_threats (const TaPosition *pos,
              int               player)
{
  guint32 mine = pos->board[player];
  guint32 empty = ALL_POINTS & ~(pos->board[0] | pos->board[1]);
  guint32 threats = 0;

  for (int i = 0; i < N_LINES; i++)
    {
      guint32 in_line = mine & bg_ta_lines[i];
      guint32 third = bg_ta_lines[i] & ~in_line & empty;

      if (__builtin_popcount (in_line) != 2 || third == 0)
        continue;
      if (bg_ta_adjacency[__builtin_ctz (third)] & mine & ~bg_ta_lines[i])
        threats |= third;
    }
  return threats;
}

/* The score of one player's own pieces: free steps, blocked pieces, lines he can make
 * or prepare. */
static int
side_score (const TaPosition *pos,
            int               player)
{
  guint32 mine = pos->board[player];
  guint32 empty = ALL_POINTS & ~(pos->board[0] | pos->board[1]);
  int score = 0;

  for (int p = 0; p < N_POINTS; p++)
    if (mine & (1u << p))
      {
        int free_steps = __builtin_popcount (bg_ta_adjacency[p] & empty);

        score += 4 * free_steps;
        if (free_steps == 0)
          score -= 12;
      }
  /* Two in a line with the third point open: the material of future threats. */
  score += 15 * __builtin_popcount (completing_points (mine, empty));
  if (!bg_ta_placement_phase (pos))
    score += 60 * __builtin_popcount (step_threats (pos, player));
  return score;
}

static int
ta_evaluate (const void *data,
             int         player)
{
  const TaPosition *pos = data;
  int mover = pos->turn;
  int score;

  if (!bg_ta_placement_phase (pos))
    {
      BgStatus status = ta_rule_status (pos);

      if (status.result == BG_RESULT_WIN)
        return status.winner == player ? 5000 : -5000;
    }

  score = side_score (pos, mover) - side_score (pos, 1 - mover);
  if (!bg_ta_placement_phase (pos))
    {
      guint32 threats = step_threats (pos, 1 - mover);

      /* The player to move completes his line at once; failing that, he cannot stop
       * two threats on different points with one step. */
      if (step_threats (pos, mover) != 0)
        score += 2000;
      else if (__builtin_popcount (threats) >= 2)
        score -= 1000;
    }
  else
    score += 10;  /* the initiative */
  return player == mover ? score : -score;
}

/* Notation */

static void
ta_format_move (const void *data G_GNUC_UNUSED,
                BgMove      move,
                char       *buf,
                gsize       size)
{
  char from[3], to[3];

  bg_ta_point_name (MOVE_TO (move), to);
  if (MOVE_IS_STEP (move))
    {
      bg_ta_point_name (MOVE_FROM (move), from);
      g_snprintf (buf, size, "%s-%s", from, to);
    }
  else
    g_snprintf (buf, size, "%s", to);
}

static gboolean
ta_parse_move (const void  *data G_GNUC_UNUSED,
               const char  *text,
               BgMove      *move,
               GError     **error)
{
  g_autofree char *clean = g_strstrip (g_ascii_strdown (text, -1));
  const char *s = clean;
  int from, to;

  if (*s == '\0')
    {
      g_set_error (error, BG_ERROR, BG_ERROR_MALFORMED_MOVE, _("empty move"));
      return FALSE;
    }
  if (!bg_ta_parse_point (&s, &from, error))
    return FALSE;
  if (*s == '\0')
    {
      *move = MOVE_PLACE (from);
      return TRUE;
    }
  if (*s != '-')
    {
      g_set_error (error, BG_ERROR, BG_ERROR_MALFORMED_MOVE,
                   /* Translators: the first %s is what follows the first point, the second
                    * the move as written; b2 and b2-b3 are examples of the notation: keep
                    * them as they are */
                   _("unexpected '%s' in '%s': write a placement as b2, a step as b2-b3"),
                   s, clean);
      return FALSE;
    }
  s++;
  if (*s == '\0')
    {
      g_set_error (error, BG_ERROR, BG_ERROR_MALFORMED_MOVE,
                   /* Translators: %s is the move as written; b2-b3 is an example of the
                    * notation: keep it as it is */
                   _("'%s' lacks the point to move to (write a step as b2-b3)"), clean);
      return FALSE;
    }
  if (!bg_ta_parse_point (&s, &to, error))
    return FALSE;
  if (*s != '\0')
    {
      g_set_error (error, BG_ERROR, BG_ERROR_MALFORMED_MOVE,
                   /* Translators: the first %s is what follows the move, the second the
                    * move as written */
                   _("unexpected '%s' after the move in '%s'"), s, clean);
      return FALSE;
    }
  *move = MOVE_STEP (from, to);
  return TRUE;
}

static char
piece_at (const TaPosition *pos,
          int               p)
{
  if (pos->board[0] & (1u << p))
    return '1';
  if (pos->board[1] & (1u << p))
    return '2';
  return '.';
}

static char *
ta_to_text (const void *data)
{
  const TaPosition *pos = data;
  GString *s = g_string_new (NULL);

  for (int r = 4; r >= 0; r--)
    {
      g_string_append_printf (s, "%d ", r + 1);
      for (int f = 0; f < 5; f++)
        g_string_append_printf (s, " %c", ON_BOARD (f, r) ? piece_at (pos, PT (f, r)) : ' ');
      g_string_append_c (s, '\n');
    }
  g_string_append (s, "   a b c d e\n");
  g_string_append_printf (s, "%s phase; in hand: 1=%d 2=%d; player %d to move\n",
                          bg_ta_placement_phase (pos) ? "placement" : "movement",
                          pos->hand[0], pos->hand[1], pos->turn + 1);
  return g_string_free (s, FALSE);
}

/* Board access for front ends. */

static void
ta_location_name (guint  location,
                  char  *buf,
                  gsize  size)
{
  char name[3] = "";

  if (location < N_POINTS)
    bg_ta_point_name ((int) location, name);
  g_strlcpy (buf, name, size);
}

static int
ta_piece_at (const void *p,
             guint       location)
{
  const TaPosition *pos = p;

  for (int player = 0; player < 2; player++)
    if (location < N_POINTS && pos->board[player] & (1u << location))
      return BG_PIECE (player, 0);
  return BG_NO_PIECE;
}

static int
ta_pieces_in_hand (const void *p,
                   int         player)
{
  const TaPosition *pos = p;

  return pos->hand[player & 1];
}

static guint
ta_move_locations (const void *p,
                   BgMove      move,
                   guint      *locations)
{
  guint n = 0;

  if (MOVE_IS_STEP (move))
    locations[n++] = MOVE_FROM (move);
  locations[n++] = MOVE_TO (move);
  return n;
}

static void
ta_describe_move (const void *p,
                  BgMove      move,
                  BgMoveInfo *info)
{
  const TaPosition *pos = p;

  bg_move_info_init (info);
  info->flags = MOVE_IS_STEP (move) ? BG_MOVE_MOVES : BG_MOVE_PLACES;
  info->from = MOVE_IS_STEP (move) ? (int) MOVE_FROM (move) : -1;
  info->to = (int) MOVE_TO (move);
  info->piece = BG_PIECE (pos->turn, 0);
}

/* The line (or lines, after a step that closes two) of three that won the game. */
static guint
ta_marks (const void *before G_GNUC_UNUSED,
          BgMove      move G_GNUC_UNUSED,
          const void *p,
          BgMark     *marks,
          guint       max)
{
  const TaPosition *pos = p;
  BgStatus status = ta_rule_status (pos);
  guint n = 0;

  if (status.result != BG_RESULT_WIN || status.reason != BG_REASON_LINE_OF_THREE)
    return 0;
  for (int i = 0; i < N_LINES && n < max; i++)
    {
      guint32 line = bg_ta_lines[i];

      if ((pos->board[status.winner] & line) != line)
        continue;
      marks[n] = (BgMark) { BG_MARK_LINE, status.winner, 0, { 0 } };
      /* The points are numbered rank by rank: in bit order, they follow the line. */
      for (; line != 0; line &= line - 1)
        marks[n].locations[marks[n].n_locations++] = (guint) __builtin_ctz (line);
      n++;
    }
  return n;
}

/* The perfect level plays from the solved table when one is installed. */
static gboolean
ta_search (BgSearch             *search,
           const BgGame         *game,
           const BgSearchLimits *limits,
           BgSearchResult       *result)
{
  if (limits->level == BG_LEVEL_PERFECT)
    {
      g_autoptr (BgTaTable) table = bg_ta_table_get_default ();

      if (table != NULL && bg_ta_table_search (table, game, result))
        return TRUE;
    }
  return bg_search_run_alphabeta (search, game, limits, result);
}

/* The analysis (bg-analysis.h): exact from the solved table where it is given; searched
 * otherwise, where 4 is a free step, 15 an open line of two, 60 a threat to step into a
 * line, 1000 and more a line the search sees coming. */
static const BgAnalysisHooks ta_analysis = {
  .thresholds = { 30, 60, 500 },
  .default_nodes = 1000000,
  .table_ref = bg_ta_table_ref,
  .table_unref = bg_ta_table_unref,
  .table_rate_moves = bg_ta_table_rate_moves,
};

const BgRules bg_triple_alliance_rules = {
  .id = "triple-alliance",
  .name = N_("La Triple Alliance"),
  .position_size = sizeof (TaPosition),
  .max_moves = N_POINTS,  /* 24 empty points, or 6 pieces with at most 4 steps each */
  .max_players = 2,
  .options = options,
  .no_move_loses = 1,
  .repetition_draw = 1,
  .init = ta_init,
  .player_to_move = ta_player_to_move,
  .n_players = ta_n_players,
  .legal_moves = ta_legal_moves,
  .play = ta_play,
  .key = ta_key,
  .rule_status = ta_rule_status,
  .evaluate = ta_evaluate,
  .format_move = ta_format_move,
  .parse_move = ta_parse_move,
  .to_text = ta_to_text,
  .format_position = bg_ta_format_position,
  .parse_position = bg_ta_parse_position,
  .n_locations = N_POINTS,
  .location_name = ta_location_name,
  .piece_at = ta_piece_at,
  .pieces_in_hand = ta_pieces_in_hand,
  .move_locations = ta_move_locations,
  .blurb = N_("Six pieces each on 24 points: the first line of three wins."),
  .player_names = player_names,
  .describe_move = ta_describe_move,
  .search = ta_search,
  .marks = ta_marks,
  .explain_illegal = bg_ta_explain_illegal,
  .explain_locations = bg_ta_explain_locations,
  .analysis = &ta_analysis,
};
