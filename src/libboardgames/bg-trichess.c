/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-trichess.c: the rules of TRICHESS
 *
 * The board model and the move generator are in bg-trichess-board.c, the computer player
 * in bg-trichess-ai.c. This file holds the BgRules table: the start position, the
 * results, the notation and the setup text (documented in bg-trichess.h).
 */

#include "bg-trichess.h"

#include "bg-trichess-ai.h"
#include "bg-trichess-board.h"

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

static const char owner_letters[] = "wrb";
static const char type_letters[] = ".PNBRQKD";
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

/* The points lost change which captures are allowed, so they are part of the key. */
static guint64
tc_key (const void *data)
{
  const TcPosition *pos = data;
  guint64 lost = pos->lost[0] | pos->lost[1] << 8 | (guint64) pos->lost[2] << 16;

  return pos->key ^ (lost * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15));
}

/* Results */

static gboolean
attacked_by (const TcPosition *pos,
             int               player,
             int               by)
{
  const TcBoard *b = bg_tc_board_get (pos->level);

  return bg_tc_attacked (b, pos->board, pos->king[player], 1u << by);
}

static gboolean
has_no_move (const TcPosition *pos,
             int               player,
             guint             attackers)
{
  guint32 moves[TC_MAX_MOVES];

  return bg_tc_generate (pos, player, attackers, moves) == 0;
}

static BgStatus
make_status (BgReason reason,
             int      winner,
             int      loser,
             int      other)
{
  BgStatus status = { BG_RESULT_WIN, (gint8) winner, (gint8) loser, (gint8) other, reason };

  return status;
}

static BgStatus
tc_rule_status (const void *data)
{
  const TcPosition *pos = data;
  int me = pos->turn, next = (me + 1) % 3, last = (me + 2) % 3;
  BgStatus ongoing = { BG_RESULT_ONGOING, -1, -1, -1, BG_REASON_NONE };

  if (attacked_by (pos, me, last) && attacked_by (pos, next, last))
    {
      /* Échec et fat, or échec fat et mat when one of the two is mated as well. */
      gboolean mated_me = has_no_move (pos, me, 7u & ~(1u << me));
      gboolean mated_next = has_no_move (pos, next, 7u & ~(1u << next));

      if (mated_me || mated_next)
        return make_status (BG_REASON_FAT_MATE, last, mated_me ? me : next,
                            mated_me ? next : me);
      return make_status (BG_REASON_FAT, last, me, next);
    }
  if (!has_no_move (pos, me, 7u & ~(1u << me)))
    return ongoing;
  /* Échec et mat only when the pieces of one opponent alone give it. */
  for (int i = 0; i < 2; i++)
    {
      int q = i == 0 ? last : next;

      if (attacked_by (pos, me, q) && has_no_move (pos, me, 1u << q))
        return make_status (BG_REASON_CHECKMATE, q, me, q == last ? next : last);
    }
  /* Échec et pat: stalemate, or a mate needing both opponents. */
  return make_status (BG_REASON_PAT, me, next, last);
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

/* Parses a square such as "1-e2" at *text and moves *text past it. */
static gboolean
parse_square (const char **text,
              int         *sq,
              GError     **error)
{
  const char *s = *text;

  if (s[0] < '1' || s[0] > '3' || s[1] != '-')
    {
      g_set_error (error, BG_ERROR, BG_ERROR_MALFORMED_MOVE,
                   /* Translators: %s is what follows where a square was expected; 1-e2 is
                    * a square name (camp, dash, file, rank): keep it as it is */
                   _("expected a square such as 1-e2 (camp 1–3, a dash, file a–h, "
                     "rank 1–4) at “%s”"), s);
      return FALSE;
    }
  if (g_ascii_tolower (s[2]) < 'a' || g_ascii_tolower (s[2]) > 'h')
    {
      g_set_error (error, BG_ERROR, BG_ERROR_MALFORMED_MOVE,
                   /* Translators: %.3s is the beginning of a square name as written, such
                    * as 1-e; the file is the column of the square */
                   _("“%.3s”: the file must be a letter a–h"), s);
      return FALSE;
    }
  if (s[3] < '1' || s[3] > '4' || g_ascii_isdigit (s[4]))
    {
      g_set_error (error, BG_ERROR, BG_ERROR_MALFORMED_MOVE,
                   /* Translators: %.4s is a square name as written, such as 1-e2; the
                    * ranks are the rows of a camp */
                   _("“%.4s”: a camp has only the ranks 1–4"), s);
      return FALSE;
    }
  *sq = TC_SQ (s[0] - '1', g_ascii_tolower (s[2]) - 'a', s[3] - '1');
  *text = s + 4;
  return TRUE;
}

static gboolean
tc_parse_move (const void  *data,
               const char  *text,
               BgMove      *move,
               GError     **error)
{
  const char *s = text;
  int from, to, promo = 0;

  if (!parse_square (&s, &from, error))
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
  if (!parse_square (&s, &to, error))
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

/* Setup text */

/* The messages begin with "trichess position: " and are each written whole, so that
 * xgettext extracts them and translators see the sentence. */
#define SETUP_ERROR(error, ...) \
  g_set_error (error, BG_ERROR, BG_ERROR_BAD_OPTION, __VA_ARGS__)

static gboolean
parse_camp (TcPosition  *pos,
            int          camp,
            const char  *text,
            GError     **error)
{
  g_auto (GStrv) ranks = g_strsplit (text, "/", -1);

  if (g_strv_length (ranks) != 4)
    {
      SETUP_ERROR (error,
                   /* Translators: "trichess" is the game's name in the position syntax:
                    * keep it as it is; %d is a camp number, %s the camp as written */
                   _("trichess position: camp %d “%s” must have 4 ranks separated by “/”"),
                   camp + 1, text);
      return FALSE;
    }
  for (int r = 0; r < 4; r++)
    {
      int f = 0;

      for (const char *s = ranks[r]; *s != '\0'; s++)
        {
          const char *owner = strchr (owner_letters, *s), *type;

          if (*s >= '1' && *s <= '8')
            f += *s - '0';
          else if (owner != NULL && s[1] != '\0'
                   && (type = strchr (type_letters + 1, s[1])) != NULL && f < 8)
            {
              pos->board[TC_SQ (camp, f, r)] = TC_PIECE (owner - owner_letters,
                                                         type - type_letters);
              f++;
              s++;
            }
          else
            {
              SETUP_ERROR (error,
                           /* Translators: "trichess" is the game's name in the position
                            * syntax; w, r and b (white, red, black) and KQRBNPD (king,
                            * queen, rook, bishop, knight, pawn, dame: a pawn promoted to
                            * queen) are its letters: keep them as they are;
                            * %.2s is the piece as written, the numbers a camp and a rank */
                           _("trichess position: bad piece “%.2s” in camp %d rank %d (a piece "
                             "is w, r or b and one of KQRBNPD)"), s, camp + 1, r + 1);
              return FALSE;
            }
        }
      if (f != 8)
        {
          SETUP_ERROR (error,
                       /* Translators: "trichess" is the game's name in the position syntax:
                        * keep it as it is; the numbers are a camp, a rank and a count of
                        * squares */
                       _("trichess position: camp %d rank %d has %d squares, not 8"),
                       camp + 1, r + 1, f);
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
parse_castling (TcPosition  *pos,
                const char  *text,
                GError     **error)
{
  g_auto (GStrv) parts = g_strsplit (text, "/", -1);

  if (g_strv_length (parts) != 3)
    {
      SETUP_ERROR (error,
                   /* Translators: "trichess" is the game's name in the position syntax and
                    * KQ/K/- an example of it: keep them as they are; %s is the castling
                    * rights as written */
                   _("trichess position: castling “%s” must be three rights such as KQ/K/-"),
                   text);
      return FALSE;
    }
  for (int p = 0; p < 3; p++)
    {
      if (g_str_equal (parts[p], "KQ") || g_str_equal (parts[p], "K"))
        pos->castling |= (guint8) (1u << 2 * p);
      if (g_str_equal (parts[p], "KQ") || g_str_equal (parts[p], "Q"))
        pos->castling |= (guint8) (2u << 2 * p);
      else if (!g_str_equal (parts[p], "K") && !g_str_equal (parts[p], "-"))
        {
          SETUP_ERROR (error,
                       /* Translators: "trichess" is the game's name in the position
                        * syntax and KQ, K, Q and - the values of a castling right in it:
                        * keep them as they are; %s is the right as written */
                       _("trichess position: castling right “%s” is not KQ, K, Q or -"),
                       parts[p]);
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
parse_ep (TcPosition  *pos,
          const char  *text,
          GError     **error)
{
  g_auto (GStrv) parts = g_strsplit (text, ",", -1);

  if (g_str_equal (text, "-"))
    return TRUE;
  for (int i = 0; parts[i] != NULL; i++)
    {
      const char *s = parts[i];
      int sq, c;

      if (!parse_square (&s, &sq, NULL) || *s != '\0')
        {
          SETUP_ERROR (error,
                       /* Translators: "trichess" is the game's name in the position
                        * syntax: keep it as it is; %s is a square as written, such as
                        * 1-e3 */
                       _("trichess position: bad en passant square “%s”"), parts[i]);
          return FALSE;
        }
      c = TC_CAMP (sq);
      if (TC_RANK (sq) != 2 || c == pos->turn || pos->ep[c] != TC_NO_SQUARE
          || pos->board[sq] != TC_EMPTY
          || pos->board[sq + 8] != TC_PIECE (c, TC_PAWN))
        {
          SETUP_ERROR (error,
                       /* Translators: "trichess" is the game's name in the position
                        * syntax: keep it as it is; %s is a square name such as 1-e3 */
                       _("trichess position: %s cannot be an en passant square here"),
                       parts[i]);
          return FALSE;
        }
      pos->ep[c] = (guint8) sq;
    }
  return TRUE;
}

static gboolean
parse_lost (TcPosition  *pos,
            const char  *text,
            GError     **error)
{
  g_auto (GStrv) parts = g_strsplit (text, "/", -1);

  for (int p = 0; p < 3; p++)
    {
      guint64 n;

      if (g_strv_length (parts) != 3
          || !g_ascii_string_to_unsigned (parts[p], 10, 0, 200, &n, NULL))
        {
          SETUP_ERROR (error,
                       /* Translators: "trichess" is the game's name in the position
                        * syntax and 2/4/5 an example of it: keep them as they are; %s is
                        * the points lost as written */
                       _("trichess position: points lost “%s” must be three numbers such as "
                         "2/4/5"), text);
          return FALSE;
        }
      pos->lost[p] = (guint8) n;
    }
  return TRUE;
}

/* The checks of each player's pieces, one whole message a player. */
static const char *const too_many[] = {
  /* Translators: "trichess" is the game's name in the position syntax: keep it as it is */
  N_("trichess position: White must have one king and at most 16 pieces, 8 of them pawns"),
  /* Translators: "trichess" is the game's name in the position syntax: keep it as it is */
  N_("trichess position: Red must have one king and at most 16 pieces, 8 of them pawns"),
  /* Translators: "trichess" is the game's name in the position syntax: keep it as it is */
  N_("trichess position: Black must have one king and at most 16 pieces, 8 of them pawns"),
};

static const char *const bad_castling[] = {
  /* Translators: "trichess" is the game's name in the position syntax and e1 a square of a
   * camp: keep them as they are */
  N_("trichess position: White may only castle with the king on e1 and the rook at home"),
  /* Translators: "trichess" is the game's name in the position syntax and e1 a square of a
   * camp: keep them as they are */
  N_("trichess position: Red may only castle with the king on e1 and the rook at home"),
  /* Translators: "trichess" is the game's name in the position syntax and e1 a square of a
   * camp: keep them as they are */
  N_("trichess position: Black may only castle with the king on e1 and the rook at home"),
};

/* Finds the kings and checks what the rules could never produce. */
static gboolean
check_position (TcPosition  *pos,
                GError     **error)
{
  int pieces[3] = { 0 }, pawns[3] = { 0 }, kings[3] = { 0 };
  const TcBoard *b = bg_tc_board_get (pos->level);

  for (int sq = 0; sq < TC_N_SQUARES; sq++)
    {
      int p = pos->board[sq], o = TC_OWNER (p);

      if (p == TC_EMPTY)
        continue;
      pieces[o]++;
      pawns[o] += TC_TYPE (p) == TC_PAWN;
      if (TC_TYPE (p) == TC_PAWN && TC_RANK (sq) == 0)
        {
          SETUP_ERROR (error,
                       /* Translators: "trichess" is the game's name in the position
                        * syntax: keep it as it is */
                       _("trichess position: a pawn cannot stand on rank 1"));
          return FALSE;
        }
      if (TC_TYPE (p) == TC_KING && kings[o]++ == 0)
        pos->king[o] = (guint8) sq;
    }
  for (int o = 0; o < 3; o++)
    {
      int e1 = TC_SQ (o, 4, 0);

      if (kings[o] != 1 || pieces[o] > 16 || pawns[o] > 8)
        {
          g_set_error_literal (error, BG_ERROR, BG_ERROR_BAD_OPTION, _(too_many[o]));
          return FALSE;
        }
      if (((pos->castling >> 2 * o) & 3)
          && (pos->king[o] != e1
              || ((pos->castling >> 2 * o & 1) && pos->board[e1 + 3] != TC_PIECE (o, TC_ROOK))
              || ((pos->castling >> 2 * o & 2) && pos->board[e1 - 4] != TC_PIECE (o, TC_ROOK))))
        {
          g_set_error_literal (error, BG_ERROR, BG_ERROR_BAD_OPTION, _(bad_castling[o]));
          return FALSE;
        }
    }
  if (bg_tc_attacked (b, pos->board, pos->king[(pos->turn + 2) % 3],
                      7u & ~(1u << (pos->turn + 2) % 3)))
    {
      SETUP_ERROR (error,
                   /* Translators: "trichess" is the game's name in the position syntax:
                    * keep it as it is */
                   _("trichess position: the player who moved last cannot have left his "
                     "king attacked"));
      return FALSE;
    }
  return TRUE;
}

static gboolean
tc_parse_position (void        *data,
                   GHashTable  *opts,
                   const char  *text,
                   GError     **error)
{
  g_auto (GStrv) all = g_strsplit_set (text, " \t\n", -1);
  const char *words[8];
  TcPosition pos;
  guint n = 0;
  const char *turn;

  for (guint i = 0; all[i] != NULL; i++)
    if (all[i][0] != '\0')
      {
        if (n == G_N_ELEMENTS (words))
          break;
        words[n++] = all[i];
      }
  clear_position (&pos, level_from_options (opts));
  if (n < 4 || n > 7)
    {
      SETUP_ERROR (error,
                   /* Translators: "trichess" is the game's name in the position syntax and
                    * CAMP1 CAMP2 CAMP3 TURN [CASTLING [EP [LOST]]] its form: keep them as
                    * they are */
                   _("trichess position: expected “CAMP1 CAMP2 CAMP3 TURN [CASTLING [EP "
                     "[LOST]]]”"));
      return FALSE;
    }
  for (int c = 0; c < 3; c++)
    if (!parse_camp (&pos, c, words[c], error))
      return FALSE;
  turn = strchr (owner_letters, words[3][0]);
  if (turn == NULL || words[3][0] == '\0' || words[3][1] != '\0')
    {
      SETUP_ERROR (error,
                   /* Translators: "trichess" is the game's name in the position syntax and
                    * w, r and b (white, red, black) its letters: keep them as they are; %s
                    * is the player to move as written */
                   _("trichess position: the player to move “%s” must be w, r or b"),
                   words[3]);
      return FALSE;
    }
  pos.turn = (guint8) (turn - owner_letters);
  if ((n > 4 && !parse_castling (&pos, words[4], error))
      || (n > 6 && !parse_lost (&pos, words[6], error))
      || !check_position (&pos, error)
      || (n > 5 && !parse_ep (&pos, words[5], error)))
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
};
