/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-trichess-captures.c: the captures of one player, for the capture search
 *
 * Generating every legal move at each node of the capture search, only to keep the
 * captures, cost most of the search's time. This generator walks the same tables as
 * bg_tc_generate() but only to occupied squares, and tests legality (the king not left
 * in check, the non-aggression rule) on the captures alone. Captures en passant and
 * under-promotions are left out; a pawn reaching a foreign rank 1 becomes a queen.
 */

#include "bg-trichess-search.h"

#include <string.h>

typedef struct
{
  const TcBoard *b;
  const TcPosition *pos;
  guint8 bd[TC_N_SQUARES];
  guint32 *moves;
  guint n;
  int me;
  guint mask;
  int in_check;              /* -1 until needed */
} Caps;

/* Out of check, only the king's move or a piece leaving a line to him (a pin) can put
 * him in check: the king is tested once. */
static gboolean
in_check (Caps *c)
{
  if (c->in_check < 0)
    c->in_check = bg_tc_attacked (c->b, c->pos->board, c->pos->king[c->me], c->mask);
  return c->in_check;
}

/* Emits from-to if it leaves the king safe and obeys the non-aggression rule. */
static void
try_capture (Caps *c,
             int   from,
             int   to,
             int   promo)
{
  guint8 *bd = c->bd;
  int moving = bd[from], victim = bd[to], owner = TC_OWNER (victim);
  int king = TC_TYPE (moving) == TC_KING ? to : c->pos->king[c->me];
  gboolean ok = TRUE;

  bd[to] = promo ? TC_PIECE (c->me, TC_DAME) : (guint8) moving;
  bd[from] = TC_EMPTY;
  if (king == to || bg_tc_aligned (c->b, king, from) || in_check (c))
    ok = !bg_tc_attacked (c->b, bd, king, c->mask);
  if (ok && victim != TC_EMPTY && TC_CAMP (to) == owner
      && c->pos->lost[owner] >= c->pos->lost[c->me] + 3)
    ok = bg_tc_attacked (c->b, bd, c->pos->king[owner], 1u << c->me);
  bd[from] = (guint8) moving;
  bd[to] = (guint8) victim;
  if (ok)
    c->moves[c->n++] = TC_MOVE (from, to, promo);
}

static inline void
target (Caps *c,
        int   from,
        int   to)
{
  int p = c->bd[to];

  if (p != TC_EMPTY && TC_OWNER (p) != c->me && TC_TYPE (p) != TC_KING)
    try_capture (c, from, to, 0);
}

static void
steps (Caps          *c,
       int            from,
       const TcSteps *s)
{
  for (int i = 0; i < s->n; i++)
    target (c, from, s->sq[i]);
}

static void
rays (Caps  *c,
      int    from,
      guint  i,
      guint  end)
{
  const TcRayNode *nodes = c->b->nodes;

  while (i < end)
    {
      int to = nodes[i].sq;

      if (c->bd[to] == TC_EMPTY)
        {
          i++;
          continue;
        }
      target (c, from, to);
      i = nodes[i].skip;
    }
}

static void
pawn (Caps *c,
      int   from)
{
  const TcSteps *s = &c->b->pawn_capture[c->me][from];
  int push = c->b->pawn_push[c->me][from];

  for (int i = 0; i < s->n; i++)
    {
      int to = s->sq[i], p = c->bd[to];

      if (p != TC_EMPTY && TC_OWNER (p) != c->me && TC_TYPE (p) != TC_KING)
        try_capture (c, from, to, TC_RANK (to) == 0 && TC_CAMP (to) != c->me ? TC_QUEEN : 0);
    }
  /* A promotion changes the material as much as a capture. */
  if (push != TC_NO_SQUARE && c->bd[push] == TC_EMPTY && TC_RANK (push) == 0
      && TC_CAMP (push) != c->me)
    try_capture (c, from, push, TC_QUEEN);
}

guint
bg_tc_captures (const TcPosition *pos,
                int               me,
                guint32          *moves)
{
  Caps c;

  c.b = bg_tc_board_get (pos->level);
  c.pos = pos;
  memcpy (c.bd, pos->board, sizeof c.bd);
  c.moves = moves;
  c.n = 0;
  c.me = me;
  c.mask = 7u & ~(1u << me);
  c.in_check = -1;
  for (int sq = 0; sq < TC_N_SQUARES; sq++)
    {
      int p = c.bd[sq];

      if (p == TC_EMPTY || TC_OWNER (p) != me)
        continue;
      switch (TC_TYPE (p))
        {
        case TC_PAWN:
          pawn (&c, sq);
          break;
        case TC_KNIGHT:
          steps (&c, sq, &c.b->knight[sq]);
          break;
        case TC_BISHOP:
          rays (&c, sq, c.b->diag_start[sq], c.b->diag_end[sq]);
          break;
        case TC_ROOK:
          rays (&c, sq, c.b->ortho_start[sq], c.b->ortho_end[sq]);
          break;
        case TC_DAME:
          steps (&c, sq, &c.b->ring[sq]);
          G_GNUC_FALLTHROUGH;
        case TC_QUEEN:
          rays (&c, sq, c.b->ortho_start[sq], c.b->diag_end[sq]);
          break;
        case TC_KING:
          steps (&c, sq, &c.b->king[sq]);
          break;
        default:
          break;
        }
    }
  return c.n;
}
