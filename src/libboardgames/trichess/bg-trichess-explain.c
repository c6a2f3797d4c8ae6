/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-trichess-explain.c: why a TRICHESS move is not legal, in a sentence for the player
 * (the rules' explain_locations and explain_illegal)
 *
 * The move generator decides, in three tiers: the moves of the pieces as they move
 * (checks and the non-aggression rule ignored), those the non-aggression rule allows, and
 * the legal ones, which leave no king of the mover's attacked. The first tier a move
 * misses tells which rule it breaks.
 */

#include "bg-trichess.h"

#include "bg-trichess-board.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#define refuse(error, ...) bg_fail (error, BG_ERROR_ILLEGAL_MOVE, __VA_ARGS__)

typedef struct
{
  guint32 moves[TC_MAX_MOVES];
  guint n;
} MoveList;

typedef struct
{
  MoveList free_moves;   /* as the pieces move */
  MoveList allowed;      /* and as the non-aggression rule allows */
  MoveList legal;
} Tiers;

static Tiers *
tiers_new (const TcPosition *pos)
{
  Tiers *tiers = g_new (Tiers, 1);
  TcPosition no_sheet = *pos;

  /* No points lost: no piece is protected. Attackers 0: no king is ever attacked. */
  memset (no_sheet.lost, 0, sizeof no_sheet.lost);
  tiers->free_moves.n = bg_tc_generate (&no_sheet, pos->turn, 0, tiers->free_moves.moves);
  tiers->allowed.n = bg_tc_generate (pos, pos->turn, 0, tiers->allowed.moves);
  tiers->legal.n = bg_tc_legal_moves (pos, tiers->legal.moves);
  return tiers;
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Tiers, g_free)

/* Whether the list has a move from from (to to, unless to is -1). */
static gboolean
has_move (const MoveList *list,
          int             from,
          int             to)
{
  for (guint i = 0; i < list->n; i++)
    if (TC_MOVE_FROM (list->moves[i]) == from && (to < 0 || TC_MOVE_TO (list->moves[i]) == to))
      return TRUE;
  return FALSE;
}

static int
owner_at (const TcPosition *pos,
          int               sq)
{
  return pos->board[sq] == TC_EMPTY ? -1 : TC_OWNER (pos->board[sq]);
}

static gboolean
in_check (const TcPosition *pos)
{
  const TcBoard *b = bg_tc_board_get (pos->level);

  return bg_tc_attacked (b, pos->board, pos->king[pos->turn], 7u & ~(1u << pos->turn));
}

/* The piece on from must be the mover's. */
static gboolean
explain_owner (const TcPosition *pos,
               int               from,
               GError          **error)
{
  char name[5];

  bg_tc_square_name (from, name);
  /* In French the morris games' pieces are "pions", TRICHESS's "pièces": a context of
   * their own. */
  if (owner_at (pos, from) < 0)
    return refuse (error, C_("trichess", "There is no piece on %s: choose one of yours to "
                             "move."), name);
  if (owner_at (pos, from) != pos->turn)
    return refuse (error, C_("trichess", "The piece on %s is not yours."), name);
  return TRUE;
}

/* The piece on from must be the mover's and have a legal move. */
static gboolean
explain_piece (const TcPosition *pos,
               const Tiers      *tiers,
               int               from,
               GError          **error)
{
  char name[5];

  bg_tc_square_name (from, name);
  if (!explain_owner (pos, from, error))
    return FALSE;
  if (has_move (&tiers->legal, from, -1))
    return TRUE;
  if (!has_move (&tiers->free_moves, from, -1))
    return refuse (error, _("The piece on %s has nowhere to go."), name);
  if (!has_move (&tiers->allowed, from, -1))
    return refuse (error, _("The piece on %s could only take a piece that the non-aggression "
                            "rule protects."), name);
  if (TC_TYPE (pos->board[from]) == TC_KING)
    return refuse (error, _("Your king has no square where it would be safe from check."));
  if (in_check (pos))
    return refuse (error, _("Your king is in check, and the piece on %s cannot parry it."),
                   name);
  return refuse (error, _("The piece on %s cannot move without leaving your king in check."),
                 name);
}

static gboolean
is_castling (const TcPosition *pos,
             int               from,
             int               to)
{
  return pos->board[from] == TC_PIECE (pos->turn, TC_KING) && from == TC_SQ (pos->turn, 4, 0)
         && (to == from + 2 || to == from - 2);
}

/* A move the pieces cannot make: castling without its rights or its room, a king taken, or
 * a square out of the piece's reach. */
static gboolean
explain_unreachable (const TcPosition *pos,
                     int               from,
                     int               to,
                     GError          **error)
{
  char from_name[5], to_name[5];

  bg_tc_square_name (from, from_name);
  bg_tc_square_name (to, to_name);
  if (is_castling (pos, from, to))
    {
      gboolean king_side = to > from;
      int right = king_side ? 2 * pos->turn : 2 * pos->turn + 1;

      if ((pos->castling >> right & 1) == 0)
        return refuse (error, _("Your king or that rook has already moved: no castling on "
                                "that side."));
      return refuse (error, _("To castle, the squares between the king and the rook must be "
                              "empty."));
    }
  if (pos->board[to] != TC_EMPTY && TC_TYPE (pos->board[to]) == TC_KING)
    return refuse (error, _("A king is never taken."));
  /* Translators: two squares, such as 1-b1 and 2-d4 */
  return refuse (error, _("The piece on %s cannot go to %s."), from_name, to_name);
}

/* The non-aggression rule: the piece taken on to stands in its owner's camp, and its owner
 * has lost 3 points more than the mover. */
static gboolean
explain_protected (const TcPosition *pos,
                   int               to,
                   GError          **error)
{
  /* A square left empty: the pawn taken en passant, in the camp of to. */
  int owner = owner_at (pos, to) >= 0 ? owner_at (pos, to) : TC_CAMP (to);
  const char *name = _(bg_trichess_rules.player_names[owner]);

  /* Translators: a player's colour (Red), then the points he has lost more than the
   * player who tries the capture; the colour is repeated (%1$s) */
  return refuse (error, _("Non-aggression rule: %1$s has lost %2$d points more than you, so "
                          "you may take in %1$s’s camp only by checking %1$s’s king."),
                 name, pos->lost[owner] - pos->lost[pos->turn]);
}

static gboolean
explain_check (const TcPosition *pos,
               int               from,
               int               to,
               GError          **error)
{
  char to_name[5];

  bg_tc_square_name (to, to_name);
  if (is_castling (pos, from, to))
    return refuse (error, _("The king may not castle out of, through or into check."));
  if (TC_TYPE (pos->board[from]) == TC_KING)
    return refuse (error, _("Your king would be in check on %s."), to_name);
  if (in_check (pos))
    return refuse (error, _("Your king is in check: this move does not parry it."));
  return refuse (error, _("This move would leave your king in check."));
}

static gboolean
explain_move (const TcPosition *pos,
              const Tiers      *tiers,
              int               from,
              int               to,
              gboolean          complete,
              GError          **error)
{
  if (has_move (&tiers->legal, from, to))
    return TRUE;
  /* Pointing at another piece of one's own that cannot move: that piece is the matter. */
  if (!complete && owner_at (pos, to) == pos->turn && !explain_piece (pos, tiers, to, error))
    return FALSE;
  if (is_castling (pos, from, to) && !has_move (&tiers->free_moves, from, to))
    return explain_unreachable (pos, from, to, error);
  if (owner_at (pos, to) == pos->turn)
    return refuse (error, _("You cannot take one of your own pieces."));
  if (!has_move (&tiers->free_moves, from, to))
    return explain_unreachable (pos, from, to, error);
  if (!has_move (&tiers->allowed, from, to))
    return explain_protected (pos, to, error);
  return explain_check (pos, from, to, error);
}

gboolean
bg_tc_explain_locations (const void  *data,
                         const guint *locations,
                         guint        n,
                         gboolean     complete,
                         GError     **error)
{
  const TcPosition *pos = data;
  g_autoptr (Tiers) tiers = tiers_new (pos);

  if (n != 2 && (n != 1 || complete))
    return refuse (error, _("A move goes from one square to another."));
  if (n == 1)
    return explain_piece (pos, tiers, (int) locations[0], error);
  if (!explain_owner (pos, (int) locations[0], error))
    return FALSE;
  return explain_move (pos, tiers, (int) locations[0], (int) locations[1], complete, error);
}

gboolean
bg_tc_explain_illegal (const void  *data,
                       BgMove       move,
                       GError     **error)
{
  const TcPosition *pos = data;
  guint32 moves[TC_MAX_MOVES];
  guint n = bg_tc_legal_moves (pos, moves);

  for (guint i = 0; i < n; i++)
    if (moves[i] == move)
      return TRUE;
  if (!bg_rules_explain_move (&bg_trichess_rules, pos, move, error))
    return FALSE;
  /* A legal move joins the same squares: only the promotion is wrong. */
  if (TC_MOVE_PROMO (move) == 0)
    return refuse (error, _("A pawn that reaches rank 1 of another camp is promoted: add =Q, "
                            "=R, =B or =N."));
  return refuse (error, _("Only a pawn that reaches rank 1 of another camp is promoted."));
}
