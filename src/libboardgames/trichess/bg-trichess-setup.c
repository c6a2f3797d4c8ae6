/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-trichess-setup.c: reading a TRICHESS position from its setup text (the syntax is in
 * bg-trichess.h), with a clear message for each thing that is wrong in it
 */

#include "bg-trichess-setup.h"

#include "bg-rules.h"

#include <glib/gi18n-lib.h>
#include <string.h>

static const char owner_letters[] = TC_OWNER_LETTERS;
static const char type_letters[] = TC_TYPE_LETTERS;

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

      if (!bg_tc_parse_square (&s, &sq, NULL) || *s != '\0')
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

gboolean
bg_tc_parse_setup (TcPosition  *out,
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
  pos = *out;
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
  *out = pos;
  return TRUE;
}
