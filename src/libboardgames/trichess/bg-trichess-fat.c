/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-trichess-fat.c: whether a player has a move that checks both other kings (échec et
 * fat, a win), for the capture search
 *
 * The capture search stands pat on the evaluation, blind to a fat one move away, and fats
 * end about a fifth of the games between the computer players. Playing each move to test
 * it costs several nodes' time. Instead, the squares from which each kind of piece would
 * attack each of the two kings are marked once; a move is tried on the board only when it
 * may check both: for each king, it is in check already, or the moving piece lands on such
 * a square, or it leaves a line through the king (a discovered check). En passant, castling
 * and under-promotions are left out; a pawn promotes to a queen.
 */

#include "bg-trichess-search.h"

#include <string.h>

typedef struct
{
  const TcBoard *b;
  const TcPosition *pos;
  guint8 bd[TC_N_SQUARES];
  int me;
  guint others;
  int king[2];                 /* the other players' kings */
  gboolean held[2];            /* already checked by me */
  guint64 ortho[2][2];         /* squares a rook would check each king from */
  guint64 diag[2][2];          /* a bishop */
  guint64 knight[2][2];
  guint64 pawn[2][2];          /* one of my pawns */
  guint64 ring[2][2];          /* a promoted pawn's ring step (pax) */
} Fat;

static inline void
set_bit (guint64 *set,
         int      sq)
{
  set[sq >> 6] |= G_GUINT64_CONSTANT (1) << (sq & 63);
}

static inline gboolean
has_bit (const guint64 *set,
         int            sq)
{
  return (set[sq >> 6] >> (sq & 63)) & 1;
}

static void
mark_rays (Fat     *f,
           guint    i,
           guint    end,
           guint64 *set)
{
  const TcRayNode *nodes = f->b->nodes;

  while (i < end)
    {
      int sq = nodes[i].sq;

      set_bit (set, sq);
      i = f->bd[sq] == TC_EMPTY ? i + 1 : nodes[i].skip;
    }
}

static void
mark_steps (const TcSteps *s,
            guint64       *set)
{
  for (int i = 0; i < s->n; i++)
    set_bit (set, s->sq[i]);
}

static void
mark_king (Fat *f,
           int  j)
{
  const TcBoard *b = f->b;
  int k = f->king[j];

  memset (f->ortho[j], 0, sizeof f->ortho[j]);
  memset (f->diag[j], 0, sizeof f->diag[j]);
  memset (f->knight[j], 0, sizeof f->knight[j]);
  memset (f->pawn[j], 0, sizeof f->pawn[j]);
  memset (f->ring[j], 0, sizeof f->ring[j]);
  mark_rays (f, b->ortho_start[k], b->ortho_end[k], f->ortho[j]);
  mark_rays (f, b->diag_start[k], b->diag_end[k], f->diag[j]);
  mark_steps (&b->knight[k], f->knight[j]);
  mark_steps (&b->pawn_attackers[f->me][k], f->pawn[j]);
  mark_steps (&b->ring[k], f->ring[j]);
  f->held[j] = bg_tc_attacked (b, f->pos->board, k, 1u << f->me);
}

/* Whether a piece of type standing on sq checks king j (a king never checks: kings do not
 * stand next to each other). */
static gboolean
checks_from (const Fat *f,
             int        j,
             int        type,
             int        sq)
{
  switch (type)
    {
    case TC_PAWN:
      return has_bit (f->pawn[j], sq);
    case TC_KNIGHT:
      return has_bit (f->knight[j], sq);
    case TC_BISHOP:
      return has_bit (f->diag[j], sq);
    case TC_ROOK:
      return has_bit (f->ortho[j], sq);
    case TC_DAME:
      if (has_bit (f->ring[j], sq))
        return TRUE;
      G_GNUC_FALLTHROUGH;
    case TC_QUEEN:
      return has_bit (f->ortho[j], sq) || has_bit (f->diag[j], sq);
    default:
      return FALSE;
    }
}

/* Whether moving from-to (piece being what stands on to afterwards) is a legal fat. The
 * non-aggression rule never forbids it: the capture checks the victim's owner. */
static gboolean
try_move (Fat *f,
          int  from,
          int  to,
          int  piece)
{
  guint8 *bd = f->bd;
  int moving = bd[from], victim = bd[to], type = TC_TYPE (piece);
  int mine = TC_TYPE (moving) == TC_KING ? to : f->pos->king[f->me];
  gboolean fat;

  for (int j = 0; j < 2; j++)
    if (!f->held[j] && !bg_tc_aligned (f->b, f->king[j], from)
        && !checks_from (f, j, type, to))
      return FALSE;
  bd[to] = (guint8) piece;
  bd[from] = TC_EMPTY;
  fat = bg_tc_attacked (f->b, bd, f->king[0], 1u << f->me)
        && bg_tc_attacked (f->b, bd, f->king[1], 1u << f->me)
        && !bg_tc_attacked (f->b, bd, mine, f->others);
  bd[from] = (guint8) moving;
  bd[to] = (guint8) victim;
  return fat;
}

static inline gboolean
open_to (const Fat *f,
         int        sq)
{
  int p = f->bd[sq];

  return p == TC_EMPTY || (TC_OWNER (p) != f->me && TC_TYPE (p) != TC_KING);
}

static gboolean
steps (Fat           *f,
       int            from,
       const TcSteps *s)
{
  for (int i = 0; i < s->n; i++)
    if (open_to (f, s->sq[i]) && try_move (f, from, s->sq[i], f->bd[from]))
      return TRUE;
  return FALSE;
}

static gboolean
rays (Fat  *f,
      int   from,
      guint i,
      guint end)
{
  const TcRayNode *nodes = f->b->nodes;

  while (i < end)
    {
      int to = nodes[i].sq;

      if (open_to (f, to) && try_move (f, from, to, f->bd[from]))
        return TRUE;
      i = f->bd[to] == TC_EMPTY ? i + 1 : nodes[i].skip;
    }
  return FALSE;
}

static gboolean
pawn_to (Fat *f,
         int  from,
         int  to)
{
  int piece = TC_RANK (to) == 0 && TC_CAMP (to) != f->me ? TC_PIECE (f->me, TC_DAME)
                                                         : f->bd[from];

  return try_move (f, from, to, piece);
}

static gboolean
pawn (Fat *f,
      int  from)
{
  const TcSteps *caps = &f->b->pawn_capture[f->me][from];
  int push = f->b->pawn_push[f->me][from];

  if (push != TC_NO_SQUARE && f->bd[push] == TC_EMPTY)
    {
      if (pawn_to (f, from, push))
        return TRUE;
      if (TC_CAMP (from) == f->me && TC_RANK (from) == 1)
        {
          int two = f->b->pawn_push[f->me][push];

          if (f->bd[two] == TC_EMPTY && pawn_to (f, from, two))
            return TRUE;
        }
    }
  for (int i = 0; i < caps->n; i++)
    {
      int to = caps->sq[i];

      if (f->bd[to] != TC_EMPTY && open_to (f, to) && pawn_to (f, from, to))
        return TRUE;
    }
  return FALSE;
}

static gboolean
piece_has_fat (Fat *f,
               int  sq)
{
  const TcBoard *b = f->b;

  switch (TC_TYPE (f->bd[sq]))
    {
    case TC_PAWN:
      return pawn (f, sq);
    case TC_KNIGHT:
      return steps (f, sq, &b->knight[sq]);
    case TC_BISHOP:
      return rays (f, sq, b->diag_start[sq], b->diag_end[sq]);
    case TC_ROOK:
      return rays (f, sq, b->ortho_start[sq], b->ortho_end[sq]);
    case TC_DAME:
      if (steps (f, sq, &b->ring[sq]))
        return TRUE;
      G_GNUC_FALLTHROUGH;
    case TC_QUEEN:
      return rays (f, sq, b->ortho_start[sq], b->diag_end[sq]);
    case TC_KING:
      return steps (f, sq, &b->king[sq]);
    default:
      return FALSE;
    }
}

gboolean
bg_tc_has_fat (const TcPosition *pos,
               int               me)
{
  Fat f;

  f.b = bg_tc_board_get (pos->level);
  f.pos = pos;
  memcpy (f.bd, pos->board, sizeof f.bd);
  f.me = me;
  f.others = 7u & ~(1u << me);
  f.king[0] = pos->king[(me + 1) % 3];
  f.king[1] = pos->king[(me + 2) % 3];
  mark_king (&f, 0);
  mark_king (&f, 1);
  for (int sq = 0; sq < TC_N_SQUARES; sq++)
    {
      int p = f.bd[sq];

      if (p != TC_EMPTY && TC_OWNER (p) == me && piece_has_fat (&f, sq))
        return TRUE;
    }
  return FALSE;
}
