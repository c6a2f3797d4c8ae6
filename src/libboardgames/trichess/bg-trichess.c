/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-trichess.c: the rules of TRICHESS
 *
 * The board's geometry is built in bg-trichess-geometry.c, the move generator is in
 * bg-trichess-board.c, the computer player in bg-trichess-ai.c and bg-trichess-search.c.
 * This file holds the BgRules table: the start position, the results, the notation and
 * the position text (documented in bg-trichess.h); the setup text is read in
 * bg-trichess-setup.c.
 */

#include "bg-trichess.h"

#include "bg-analysis.h"

#include "bg-trichess-ai.h"
#include "bg-trichess-board.h"
#include "bg-trichess-setup.h"

#include <glib/gi18n-lib.h>
#include <string.h>

static const char *const board_values[] = { "prolapsus", "hexagonal", "pax", NULL };

static const char *const board_labels[] = {
  N_("Prolapsus (round obstacle)"), N_("Hexagonal (triangular obstacle)"),
  N_("Pax (cross obstacle)"), NULL
};

static const BgOptionSpec options[] = {
  { "board", "prolapsus", board_values, 0, 0,
    "The central obstacle: prolapsus (round), hexagonal (triangle) or pax (cross)",
    N_("_Board"), board_labels },
  { NULL, NULL, NULL, 0, 0, NULL, NULL, NULL },
};

static const char owner_letters[] = TC_OWNER_LETTERS;
static const char type_letters[] = TC_TYPE_LETTERS;
static const char *const player_names[] = { N_("White"), N_("Red"), N_("Black"), NULL };

static TcLevel
level_from_options (GHashTable *opts)
{
  const char *value = opts ? g_hash_table_lookup (opts, "board") : NULL;

  for (int i = 0; value != NULL && board_values[i] != NULL; i++)
    if (g_str_equal (value, board_values[i]))
      return (TcLevel) i;
  return TC_PROLAPSUS;
}

static guint64
compute_key (const TcPosition *pos)
{
  const TcBoard *b = bg_tc_board_get (pos->level);
  guint64 key = b->z_turn[pos->turn] ^ b->z_castling[pos->castling];

  for (int sq = 0; sq < TC_N_SQUARES; sq++)
    key ^= b->z_piece[pos->board[sq]][sq];
  for (int p = 0; p < TC_N_PLAYERS; p++)
    if (pos->ep[p] != TC_NO_SQUARE)
      key ^= b->z_ep[pos->ep[p]];
  return key;
}

static void
clear_position (TcPosition *pos,
                TcLevel     level)
{
  memset (pos, 0, sizeof *pos);
  memset (pos->ep, TC_NO_SQUARE, sizeof pos->ep);
  memset (pos->king, TC_NO_SQUARE, sizeof pos->king);
  pos->level = (guint8) level;
}

static gboolean
tc_init (void        *data,
         GHashTable  *opts,
         GError     **error)
{
  static const guint8 back[8] = {
    TC_ROOK, TC_KNIGHT, TC_BISHOP, TC_QUEEN, TC_KING, TC_BISHOP, TC_KNIGHT, TC_ROOK,
  };
  TcPosition *pos = data;

  clear_position (pos, level_from_options (opts));
  for (int c = 0; c < TC_N_PLAYERS; c++)
    {
      for (int f = 0; f < 8; f++)
        {
          pos->board[TC_SQ (c, f, 0)] = TC_PIECE (c, back[f]);
          pos->board[TC_SQ (c, f, 1)] = TC_PIECE (c, TC_PAWN);
        }
      pos->king[c] = TC_SQ (c, 4, 0);
    }
  pos->castling = 63;
  pos->key = compute_key (pos);
  return TRUE;
}

static int
tc_player_to_move (const void *pos)
{
  return ((const TcPosition *) pos)->turn;
}

static int
tc_n_players (const void *pos)
{
  return TC_N_PLAYERS;
}

static guint
tc_legal_moves (const void *pos,
                BgMove     *moves)
{
  return bg_tc_legal_moves (pos, moves);
}

static void
tc_play (void   *pos,
         BgMove  move)
{
  bg_tc_play (pos, move);
}

static guint64
tc_key (const void *data)
{
  return bg_tc_key (data);
}

static BgStatus
tc_rule_status (const void *data)
{
  return bg_tc_rule_status (data);
}

static int
tc_evaluate (const void *pos,
             int         player)
{
  return bg_trichess_evaluate (pos, player);
}

/* Notation */

static void
tc_format_move (const void *data,
                BgMove      move,
                char       *buf,
                gsize       size)
{
  char from[5], to[5];
  int promo = TC_MOVE_PROMO (move);

  bg_tc_square_name (TC_MOVE_FROM (move), from);
  bg_tc_square_name (TC_MOVE_TO (move), to);
  if (promo != 0)
    g_snprintf (buf, size, "%s-%s=%c", from, to, type_letters[promo]);
  else
    g_snprintf (buf, size, "%s-%s", from, to);
}

static gboolean
tc_parse_move (const void  *data,
               const char  *text,
               BgMove      *move,
               GError     **error)
{
  const char *s = text;
  int from, to, promo = 0;

  if (!bg_tc_parse_square (&s, &from, error))
    return FALSE;
  if (*s != '-')
    {
      g_set_error (error, BG_ERROR, BG_ERROR_MALFORMED_MOVE,
                   /* Translators: %.4s is the first square of the move as written, such as
                    * 1-e2 */
                   _("expected “-” and the square moved to after “%.4s”"), text);
      return FALSE;
    }
  s++;
  if (!bg_tc_parse_square (&s, &to, error))
    return FALSE;
  if (*s == '=')
    {
      const char *p = s[1] ? strchr ("NBRQ", g_ascii_toupper (s[1])) : NULL;

      if (p == NULL)
        {
          g_set_error (error, BG_ERROR, BG_ERROR_MALFORMED_MOVE,
                       /* Translators: Q, R, B and N are the letters of the notation for
                        * queen, rook, bishop and knight: keep them as they are; %s is what
                        * follows = in the move */
                       _("a pawn promotes to Q, R, B or N, not “%s”"), s + 1);
          return FALSE;
        }
      promo = TC_KNIGHT + (int) (p - "NBRQ");
      s += 2;
    }
  if (*s != '\0')
    {
      g_set_error (error, BG_ERROR, BG_ERROR_MALFORMED_MOVE,
                   /* Translators: %s is what follows the move as written */
                   _("unexpected “%s” after the move"), s);
      return FALSE;
    }
  if (from == to)
    {
      g_set_error (error, BG_ERROR, BG_ERROR_MALFORMED_MOVE,
                   _("a move must go from one square to another"));
      return FALSE;
    }
  *move = TC_MOVE (from, to, promo);
  return TRUE;
}

/* Text */

static void
append_rights (GString          *out,
               const TcPosition *pos,
               const char       *sep)
{
  for (int p = 0; p < TC_N_PLAYERS; p++)
    {
      int k = pos->castling >> (2 * p) & 1, q = pos->castling >> (2 * p + 1) & 1;

      g_string_append_printf (out, "%s%s%s%s", p ? sep : "", k ? "K" : "", q ? "Q" : "",
                              k || q ? "" : "-");
    }
}

static void
append_ep (GString          *out,
           const TcPosition *pos)
{
  gboolean any = FALSE;

  for (int p = 0; p < TC_N_PLAYERS; p++)
    if (pos->ep[p] != TC_NO_SQUARE)
      {
        char name[5];

        bg_tc_square_name (pos->ep[p], name);
        g_string_append_printf (out, "%s%s", any ? "," : "", name);
        any = TRUE;
      }
  if (!any)
    g_string_append_c (out, '-');
}

static char *
tc_to_text (const void *data)
{
  const TcPosition *pos = data;
  GString *out = g_string_new (NULL);

  for (int c = 0; c < TC_N_PLAYERS; c++)
    {
      g_string_append_printf (out, "Camp %d (%s)\n", c + 1, player_names[c]);
      for (int r = 3; r >= 0; r--)
        {
          g_string_append_printf (out, "  %d ", r + 1);
          for (int f = 0; f < 8; f++)
            {
              int p = pos->board[TC_SQ (c, f, r)];

              if (p == TC_EMPTY)
                g_string_append (out, " . ");
              else
                g_string_append_printf (out, " %c%c", owner_letters[TC_OWNER (p)],
                                        type_letters[TC_TYPE (p)]);
            }
          g_string_append_c (out, '\n');
        }
      g_string_append (out, "     a  b  c  d  e  f  g  h\n");
    }
  g_string_append_printf (out, "Board: %s (rank 4 of each camp meets the others at the "
                          "centre)\nPieces: w White, r Red, b Black; D a pawn promoted to "
                          "queen\n", board_values[pos->level]);
  g_string_append_printf (out, "To move: %s (%d)\nCastling: ", player_names[pos->turn],
                          pos->turn + 1);
  append_rights (out, pos, ", ");
  g_string_append (out, " (White, Red, Black)\nEn passant: ");
  append_ep (out, pos);
  g_string_append_printf (out, "\nPoints lost: White %d, Red %d, Black %d\n",
                          pos->lost[0], pos->lost[1], pos->lost[2]);
  return g_string_free (out, FALSE);
}

static char *
tc_format_position (const void *data)
{
  const TcPosition *pos = data;
  GString *out = g_string_new (NULL);

  for (int c = 0; c < TC_N_PLAYERS; c++)
    {
      for (int r = 0; r < 4; r++)
        {
          int empty = 0;

          for (int f = 0; f < 8; f++)
            {
              int p = pos->board[TC_SQ (c, f, r)];

              if (p == TC_EMPTY)
                {
                  empty++;
                  continue;
                }
              if (empty)
                g_string_append_printf (out, "%d", empty);
              empty = 0;
              g_string_append_printf (out, "%c%c", owner_letters[TC_OWNER (p)],
                                      type_letters[TC_TYPE (p)]);
            }
          if (empty)
            g_string_append_printf (out, "%d", empty);
          g_string_append_c (out, r < 3 ? '/' : ' ');
        }
    }
  g_string_append_printf (out, "%c ", owner_letters[pos->turn]);
  append_rights (out, pos, "/");
  g_string_append_c (out, ' ');
  append_ep (out, pos);
  g_string_append_printf (out, " %d/%d/%d", pos->lost[0], pos->lost[1], pos->lost[2]);
  return g_string_free (out, FALSE);
}

static gboolean
tc_parse_position (void        *data,
                   GHashTable  *opts,
                   const char  *text,
                   GError     **error)
{
  TcPosition pos;

  clear_position (&pos, level_from_options (opts));
  if (!bg_tc_parse_setup (&pos, text, error))
    return FALSE;
  pos.key = compute_key (&pos);
  memcpy (data, &pos, sizeof pos);
  return TRUE;
}

/* Board access for front ends. */

static void
tc_location_name (guint  location,
                  char  *buf,
                  gsize  size)
{
  if (location >= TC_N_SQUARES)
    {
      g_strlcpy (buf, "", size);
      return;
    }
  g_snprintf (buf, size, "%u-%c%u", TC_CAMP (location) + 1, 'a' + TC_FILE (location),
              TC_RANK (location) + 1);
}

static int
tc_piece_at (const void *p,
             guint       location)
{
  const TcPosition *pos = p;
  guint8 piece;

  if (location >= TC_N_SQUARES || (piece = pos->board[location]) == TC_EMPTY)
    return BG_NO_PIECE;
  return BG_PIECE (TC_OWNER (piece), TC_TYPE (piece));
}

static guint
tc_move_locations (const void *p,
                   BgMove      move,
                   guint      *locations)
{
  locations[0] = TC_MOVE_FROM (move);
  locations[1] = TC_MOVE_TO (move);
  return 2;
}

/* What a move does: a capture (en passant too) removes the piece taken, a promotion names
 * the kind promoted to, and castling is the king's move (the rook follows). */
static void
tc_describe_move (const void *p,
                  BgMove      move,
                  BgMoveInfo *info)
{
  const TcPosition *pos = p;
  const TcBoard *b = bg_tc_board_get (pos->level);
  int from = TC_MOVE_FROM (move), to = TC_MOVE_TO (move);
  int piece = pos->board[from];

  bg_move_info_init (info);
  info->flags = BG_MOVE_MOVES;
  info->from = from;
  info->to = to;
  info->piece = BG_PIECE (TC_OWNER (piece), TC_TYPE (piece));
  if (pos->board[to] != TC_EMPTY)
    info->removed = to;
  else if (TC_TYPE (piece) == TC_PAWN && b->pawn_push[pos->turn][from] != to
           && TC_RANK (to) == 2 && TC_CAMP (to) != pos->turn)
    info->removed = TC_SQ (TC_CAMP (to), TC_FILE (to), 3);  /* en passant */
  if (info->removed >= 0)
    info->flags |= BG_MOVE_REMOVES;
  if (TC_MOVE_PROMO (move) != 0)
    {
      info->flags |= BG_MOVE_PROMOTES;
      info->promotion = TC_MOVE_PROMO (move);
    }
}

/* Every king in check, whoever gives it. */
static guint
tc_marks (const void *before G_GNUC_UNUSED,
          BgMove      move G_GNUC_UNUSED,
          const void *p,
          BgMark     *marks,
          guint       max)
{
  const TcPosition *pos = p;
  const TcBoard *b = bg_tc_board_get (pos->level);
  guint n = 0;

  for (int player = 0; player < TC_N_PLAYERS && n < max; player++)
    {
      int king = pos->king[player];

      if (king >= TC_N_SQUARES || pos->board[king] != TC_PIECE (player, TC_KING))
        continue;
      if (bg_tc_attacked (b, pos->board, king, 7u & ~(1u << player)))
        marks[n++] = (BgMark) { BG_MARK_CHECK, player, 1, { (guint) king } };
    }
  return n;
}

static guint
tc_move_path (const void *pos,
              BgMove      move,
              guint      *locations,
              guint       max)
{
  return bg_tc_move_path (pos, move, locations, max);
}

int
bg_trichess_get_points_lost (const void *p,
                             int         player)
{
  const TcPosition *pos = p;

  g_return_val_if_fail (pos != NULL, 0);
  if (player < 0 || player >= TC_N_PLAYERS)
    return 0;
  return pos->lost[player];
}

/* The analysis (bg-analysis.h): centipawns, the mover's total less the others' average;
 * a budget measured on two cores (docs/computer-players.md, "Game analysis"). */
static const BgAnalysisHooks tc_analysis = {
  .thresholds = { 60, 150, 300 },
  .default_nodes = 300000,
};

/* The places at the end: the winner, the loser and the third (bg_tc_rule_status()). */
static const char *const end_roles[] = { "seigneur", "serf", "vassal" };

const BgRules bg_trichess_rules = {
  .id = "trichess",
  .name = N_("TRICHESS"),
  .position_size = sizeof (TcPosition),
  .max_moves = TC_MAX_MOVES,
  .max_players = TC_N_PLAYERS,
  .options = options,
  .no_move_loses = 0,
  .repetition_draw = 1,
  .init = tc_init,
  .player_to_move = tc_player_to_move,
  .n_players = tc_n_players,
  .legal_moves = tc_legal_moves,
  .play = tc_play,
  .key = tc_key,
  .rule_status = tc_rule_status,
  .evaluate = tc_evaluate,
  .format_move = tc_format_move,
  .parse_move = tc_parse_move,
  .to_text = tc_to_text,
  .format_position = tc_format_position,
  .parse_position = tc_parse_position,
  .search = bg_trichess_search,
  .n_locations = TC_N_SQUARES,
  .location_name = tc_location_name,
  .piece_at = tc_piece_at,
  .move_locations = tc_move_locations,
  .blurb = N_("Chess for three players on three boards."),
  .player_names = player_names,
  .describe_move = tc_describe_move,
  .marks = tc_marks,
  .move_path = tc_move_path,
  .explain_illegal = bg_tc_explain_illegal,
  .explain_locations = bg_tc_explain_locations,
  .analysis = &tc_analysis,
  .end_roles = end_roles,
};
