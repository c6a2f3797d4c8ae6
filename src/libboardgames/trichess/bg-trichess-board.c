/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-trichess-board.c: TRICHESS move generation, attacks and playing a move
 *
 * Everything here reads the tables built once per obstacle level by bg-trichess-geometry.c.
 */

#include "bg-trichess-board.h"

#include <string.h>

/* Move generation */

int
bg_tc_piece_value (int type)
{
  static const int values[8] = { 0, 1, 3, 3, 5, 9, 0, 9 };

  return values[type & 7];
}

static inline gboolean
in_mask (guint mask,
         int   piece)
{
  return (mask >> TC_OWNER (piece)) & 1;
}

static inline gboolean
ray_attacks (const TcBoard *b,
             const guint8  *board,
             guint          i,
             guint          end,
             int            slider,
             guint          mask)
{
  while (i < end)
    {
      int p = board[b->nodes[i].sq];

      if (p == TC_EMPTY)
        {
          i++;
          continue;
        }
      if ((TC_TYPE (p) == slider || TC_TYPE (p) == TC_QUEEN || TC_TYPE (p) == TC_DAME)
          && in_mask (mask, p))
        return TRUE;
      i = b->nodes[i].skip;
    }
  return FALSE;
}

/* Whether a piece of a player in the mask attacks sq. */
gboolean
bg_tc_attacked (const TcBoard *b,
                const guint8  *board,
                int            sq,
                guint          mask)
{
  const TcSteps *s;

  for (int o = 0; o < TC_N_PLAYERS; o++)
    if ((mask >> o) & 1)
      {
        s = &b->pawn_attackers[o][sq];
        for (int i = 0; i < s->n; i++)
          if (board[s->sq[i]] == TC_PIECE (o, TC_PAWN))
            return TRUE;
      }
  s = &b->knight[sq];
  for (int i = 0; i < s->n; i++)
    {
      int p = board[s->sq[i]];

      if (TC_TYPE (p) == TC_KNIGHT && in_mask (mask, p))
        return TRUE;
    }
  s = &b->king[sq];
  for (int i = 0; i < s->n; i++)
    {
      int p = board[s->sq[i]];

      if (TC_TYPE (p) == TC_KING && in_mask (mask, p))
        return TRUE;
    }
  s = &b->ring[sq];
  for (int i = 0; i < s->n; i++)
    {
      int p = board[s->sq[i]];

      if (TC_TYPE (p) == TC_DAME && in_mask (mask, p))
        return TRUE;
    }
  return ray_attacks (b, board, b->ortho_start[sq], b->ortho_end[sq], TC_ROOK, mask)
         || ray_attacks (b, board, b->diag_start[sq], b->diag_end[sq], TC_BISHOP, mask);
}

typedef struct
{
  const TcBoard *b;
  const TcPosition *pos;
  guint8 bd[TC_N_SQUARES];   /* a scratch copy of the board for trying moves */
  guint32 *moves;
  guint n;
  int me;
  int king;
  guint mask;                /* whose attacks make a king square unsafe */
  gboolean in_check;
} Gen;

/* The non-aggression rule: whether taking victim (a piece standing on sq) needs the
 * capture to check its owner's king. */
static inline gboolean
needs_check (const Gen *g,
             int        victim,
             int        sq)
{
  int owner = TC_OWNER (victim);

  return TC_CAMP (sq) == owner && g->pos->lost[owner] >= g->pos->lost[g->me] + 3;
}

/* Tries the move on the scratch board (the piece placed on to, and an optional pawn
 * taken en passant on ep_sq) and emits it if legal. */
static void
try_move (Gen *g,
          int  from,
          int  to,
          int  placed,
          int  promo,
          int  ep_sq)
{
  guint8 *bd = g->bd;
  int victim_sq = ep_sq >= 0 ? ep_sq : to;
  int victim = bd[victim_sq], moving = bd[from];
  gboolean na = victim != TC_EMPTY && needs_check (g, victim, victim_sq);
  gboolean ok = TRUE;

  if (na || g->in_check || ep_sq >= 0 || bd[from] == TC_PIECE (g->me, TC_KING)
      || bg_tc_aligned (g->b, g->king, from))
    {
      int king = TC_TYPE (moving) == TC_KING ? to : g->king;

      bd[victim_sq] = TC_EMPTY;
      bd[to] = (guint8) placed;
      bd[from] = TC_EMPTY;
      ok = !bg_tc_attacked (g->b, bd, king, g->mask);
      if (ok && na)
        ok = bg_tc_attacked (g->b, bd, g->pos->king[TC_OWNER (victim)], 1u << g->me);
      bd[from] = (guint8) moving;
      bd[to] = TC_EMPTY;
      bd[victim_sq] = (guint8) victim;
    }
  if (ok && g->n < TC_MAX_MOVES)
    g->moves[g->n++] = TC_MOVE (from, to, promo);
}

static void
pawn_to (Gen *g,
         int  from,
         int  to,
         int  ep_sq)
{
  int pawn = g->bd[from];

  if (TC_RANK (to) == 0 && TC_CAMP (to) != g->me)
    {
      try_move (g, from, to, TC_PIECE (g->me, TC_DAME), TC_QUEEN, -1);
      try_move (g, from, to, TC_PIECE (g->me, TC_ROOK), TC_ROOK, -1);
      try_move (g, from, to, TC_PIECE (g->me, TC_BISHOP), TC_BISHOP, -1);
      try_move (g, from, to, TC_PIECE (g->me, TC_KNIGHT), TC_KNIGHT, -1);
    }
  else
    try_move (g, from, to, pawn, 0, ep_sq);
}

/* The pawn of another player taken en passant on to, or -1. */
static int
en_passant_victim (const Gen *g,
                   int        to)
{
  for (int o = 0; o < TC_N_PLAYERS; o++)
    if (o != g->me && g->pos->ep[o] == to)
      {
        int sq = TC_SQ (o, TC_FILE (to), 3);

        return g->bd[sq] == TC_PIECE (o, TC_PAWN) ? sq : -1;
      }
  return -1;
}

static void
gen_pawn (Gen *g,
          int  from)
{
  const TcBoard *b = g->b;
  const TcSteps *caps = &b->pawn_capture[g->me][from];
  int push = b->pawn_push[g->me][from];

  if (push != TC_NO_SQUARE && g->bd[push] == TC_EMPTY)
    {
      pawn_to (g, from, push, -1);
      if (TC_CAMP (from) == g->me && TC_RANK (from) == 1)
        {
          int two = b->pawn_push[g->me][push];

          if (g->bd[two] == TC_EMPTY)
            try_move (g, from, two, g->bd[from], 0, -1);
        }
    }
  for (int i = 0; i < caps->n; i++)
    {
      int to = caps->sq[i], p = g->bd[to];

      if (p != TC_EMPTY)
        {
          if (TC_OWNER (p) != g->me && TC_TYPE (p) != TC_KING)
            pawn_to (g, from, to, -1);
        }
      else
        {
          int victim = en_passant_victim (g, to);

          if (victim >= 0)
            pawn_to (g, from, to, victim);
        }
    }
}

static inline void
target (Gen *g,
        int  from,
        int  to)
{
  int p = g->bd[to];

  if (p == TC_EMPTY || (TC_OWNER (p) != g->me && TC_TYPE (p) != TC_KING))
    try_move (g, from, to, g->bd[from], 0, -1);
}

static void
gen_steps (Gen           *g,
           int            from,
           const TcSteps *s)
{
  for (int i = 0; i < s->n; i++)
    target (g, from, s->sq[i]);
}

static void
gen_rays (Gen  *g,
          int   from,
          guint i,
          guint end)
{
  const TcRayNode *nodes = g->b->nodes;

  while (i < end)
    {
      int to = nodes[i].sq;

      target (g, from, to);
      i = g->bd[to] == TC_EMPTY ? i + 1 : nodes[i].skip;
    }
}

static void
gen_castling (Gen *g)
{
  int me = g->me, e1 = TC_SQ (me, 4, 0);
  const guint8 *bd = g->bd;

  if (g->in_check || g->king != e1)
    return;
  if ((g->pos->castling >> (2 * me) & 1) && bd[e1 + 1] == TC_EMPTY && bd[e1 + 2] == TC_EMPTY
      && bd[e1 + 3] == TC_PIECE (me, TC_ROOK)
      && !bg_tc_attacked (g->b, bd, e1 + 1, g->mask) && !bg_tc_attacked (g->b, bd, e1 + 2, g->mask))
    g->moves[g->n++] = TC_MOVE (e1, e1 + 2, 0);
  if ((g->pos->castling >> (2 * me + 1) & 1) && bd[e1 - 1] == TC_EMPTY
      && bd[e1 - 2] == TC_EMPTY && bd[e1 - 3] == TC_EMPTY && bd[e1 - 4] == TC_PIECE (me, TC_ROOK)
      && !bg_tc_attacked (g->b, bd, e1 - 1, g->mask) && !bg_tc_attacked (g->b, bd, e1 - 2, g->mask))
    g->moves[g->n++] = TC_MOVE (e1, e1 - 2, 0);
}

/* The legal moves of player me, counting only the attacks of the players in attackers
 * against his king (all other players for the real rules). */
guint
bg_tc_generate (const TcPosition *pos,
                int               me,
                guint             attackers,
                guint32          *moves)
{
  Gen g;

  g.b = bg_tc_board_get (pos->level);
  g.pos = pos;
  memcpy (g.bd, pos->board, sizeof g.bd);
  g.moves = moves;
  g.n = 0;
  g.me = me;
  g.king = pos->king[me];
  g.mask = attackers;
  g.in_check = bg_tc_attacked (g.b, g.bd, g.king, attackers);
  for (int sq = 0; sq < TC_N_SQUARES; sq++)
    {
      int p = g.bd[sq];

      if (p == TC_EMPTY || TC_OWNER (p) != me)
        continue;
      switch (TC_TYPE (p))
        {
        case TC_PAWN:
          gen_pawn (&g, sq);
          break;
        case TC_KNIGHT:
          gen_steps (&g, sq, &g.b->knight[sq]);
          break;
        case TC_BISHOP:
          gen_rays (&g, sq, g.b->diag_start[sq], g.b->diag_end[sq]);
          break;
        case TC_ROOK:
          gen_rays (&g, sq, g.b->ortho_start[sq], g.b->ortho_end[sq]);
          break;
        case TC_DAME:
          gen_steps (&g, sq, &g.b->ring[sq]);
          G_GNUC_FALLTHROUGH;
        case TC_QUEEN:
          gen_rays (&g, sq, g.b->ortho_start[sq], g.b->diag_end[sq]);
          break;
        case TC_KING:
          gen_steps (&g, sq, &g.b->king[sq]);
          break;
        default:
          break;
        }
    }
  gen_castling (&g);
  return g.n;
}

/* Whether the player who moved last checks both other kings: échec et fat (the game is
 * over, see bg-trichess.c). */
static gboolean
fat (const TcPosition *pos)
{
  const TcBoard *b = bg_tc_board_get (pos->level);
  int last = (pos->turn + 2) % 3, next = (pos->turn + 1) % 3;

  return bg_tc_attacked (b, pos->board, pos->king[pos->turn], 1u << last)
         && bg_tc_attacked (b, pos->board, pos->king[next], 1u << last);
}

guint
bg_tc_legal_moves (const TcPosition *pos,
                   guint32          *moves)
{
  int me = pos->turn;
  guint others = 7u & ~(1u << me);

  if (fat (pos))
    return 0;
  return bg_tc_generate (pos, me, others, moves);
}

static inline void
put (TcPosition    *pos,
     const TcBoard *b,
     int            sq,
     int            piece)
{
  pos->key ^= b->z_piece[pos->board[sq]][sq] ^ b->z_piece[piece][sq];
  pos->board[sq] = (guint8) piece;
}

/* Castling rights are lost when the king or a rook leaves its square or a rook is taken. */
static guint8
castling_mask (int sq)
{
  int c = TC_CAMP (sq);

  if (TC_RANK (sq) != 0)
    return 0;
  switch (TC_FILE (sq))
    {
    case 0:
      return (guint8) (2u << 2 * c);
    case 4:
      return (guint8) (3u << 2 * c);
    case 7:
      return (guint8) (1u << 2 * c);
    default:
      return 0;
    }
}

static void
take (TcPosition *pos,
      int         piece)
{
  pos->lost[TC_OWNER (piece)] += (guint8) bg_tc_piece_value (TC_TYPE (piece));
}

void
bg_tc_play (TcPosition *pos,
            guint32     move)
{
  const TcBoard *b = bg_tc_board_get (pos->level);
  int from = TC_MOVE_FROM (move), to = TC_MOVE_TO (move), promo = TC_MOVE_PROMO (move);
  int piece = pos->board[from], me = pos->turn, next = (me + 1) % 3;
  int victim = pos->board[to];

  pos->key ^= b->z_castling[pos->castling] ^ b->z_turn[me];
  if (victim != TC_EMPTY)
    take (pos, victim);
  else if (TC_TYPE (piece) == TC_PAWN && b->pawn_push[me][from] != to
           && TC_RANK (to) == 2 && TC_CAMP (to) != me)
    {
      /* A pawn moving diagonally to an empty square takes en passant. */
      int sq = TC_SQ (TC_CAMP (to), TC_FILE (to), 3);

      take (pos, pos->board[sq]);
      put (pos, b, sq, TC_EMPTY);
    }
  put (pos, b, from, TC_EMPTY);
  if (promo != 0)
    piece = TC_PIECE (me, promo == TC_QUEEN ? TC_DAME : promo);
  put (pos, b, to, piece);
  if (TC_TYPE (piece) == TC_KING)
    {
      pos->king[me] = (guint8) to;
      if (to == from + 2)
        {
          put (pos, b, from + 3, TC_EMPTY);
          put (pos, b, from + 1, TC_PIECE (me, TC_ROOK));
        }
      else if (to == from - 2)
        {
          put (pos, b, from - 4, TC_EMPTY);
          put (pos, b, from - 1, TC_PIECE (me, TC_ROOK));
        }
    }
  pos->castling &= (guint8) ~(castling_mask (from) | castling_mask (to));
  if (TC_TYPE (piece) == TC_PAWN && TC_CAMP (from) == me && TC_RANK (from) == 1
      && TC_CAMP (to) == me && TC_RANK (to) == 3)
    {
      pos->ep[me] = (guint8) (from + 8);
      pos->key ^= b->z_ep[from + 8];
    }
  /* The next player's own en passant square expires as he moves again; any other goes
   * when its pawn has been taken or its square filled. */
  for (int o = 0; o < TC_N_PLAYERS; o++)
    {
      int ep = pos->ep[o];

      if (ep != TC_NO_SQUARE
          && (o == next || pos->board[ep] != TC_EMPTY
              || pos->board[ep + 8] != TC_PIECE (o, TC_PAWN)))
        {
          pos->key ^= b->z_ep[ep];
          pos->ep[o] = TC_NO_SQUARE;
        }
    }
  pos->turn = (guint8) next;
  pos->key ^= b->z_castling[pos->castling] ^ b->z_turn[next];
}

/* Paths, for front ends that animate a move */

/* The squares from a slider's start to `to` along the ray trees nodes[i..end), all but the
 * last empty: from, then the ancestors of the node of `to` (node j is an ancestor of node
 * k when j < k < nodes[j].skip), then to. The shortest when `to` lies on several rays
 * (a forked diagonal). Returns 0 when none leads there. */
static guint
ray_path (const TcPosition *pos,
          const TcBoard    *b,
          int               from,
          int               to,
          guint             start,
          guint             end,
          guint            *locations,
          guint             max)
{
  guint best = 0;

  for (guint k = start; k < end; k++)
    {
      guint path[TC_N_SQUARES];
      guint n = 0;
      gboolean open = TRUE;

      if (b->nodes[k].sq != to)
        continue;
      path[n++] = (guint) from;
      for (guint j = start; j < k && open; j++)
        if (b->nodes[j].skip > k)
          {
            open = pos->board[b->nodes[j].sq] == TC_EMPTY;
            path[n++] = b->nodes[j].sq;
          }
      path[n++] = (guint) to;
      if (open && n <= max && (best == 0 || n < best))
        {
          memcpy (locations, path, n * sizeof *path);
          best = n;
        }
    }
  return best;
}

guint
bg_tc_move_path (const TcPosition *pos,
                 guint32           move,
                 guint            *locations,
                 guint             max)
{
  const TcBoard *b = bg_tc_board_get (pos->level);
  int from = TC_MOVE_FROM (move), to = TC_MOVE_TO (move);
  int type = TC_TYPE (pos->board[from]), me = pos->turn;
  guint n = 0;

  if (max < 3)
    {
      if (max == 2)
        locations[n++] = (guint) from;
      if (max >= 1)
        locations[n++] = (guint) to;
      return n;
    }
  switch (type)
    {
    case TC_BISHOP:
      n = ray_path (pos, b, from, to, b->diag_start[from], b->diag_end[from], locations, max);
      break;
    case TC_ROOK:
      n = ray_path (pos, b, from, to, b->ortho_start[from], b->ortho_end[from], locations,
                    max);
      break;
    case TC_QUEEN:
    case TC_DAME:
      n = ray_path (pos, b, from, to, b->ortho_start[from], b->diag_end[from], locations, max);
      break;
    case TC_PAWN:
      {
        int mid = b->pawn_push[me][from];

        if (mid != TC_NO_SQUARE && b->pawn_push[me][mid] == to)
          n = 3;
        locations[1] = (guint) mid;
      }
      break;
    case TC_KING:
      /* Castling: two squares along the first rank. */
      if (TC_CAMP (from) == TC_CAMP (to) && TC_RANK (from) == 0 && TC_RANK (to) == 0
          && ABS (to - from) == 2)
        {
          n = 3;
          locations[1] = (guint) (from + to) / 2;
        }
      break;
    default:
      break;
    }
  if (n == 0)
    n = 2;   /* a knight, a step, a ring step of the pax board */
  locations[0] = (guint) from;
  locations[n - 1] = (guint) to;
  return n;
}

/* Keys and results (the rules' key and rule_status) */

/* The points lost change which captures are allowed, so they are part of the key. */
guint64
bg_tc_key (const TcPosition *pos)
{
  guint64 lost = pos->lost[0] | pos->lost[1] << 8 | (guint64) pos->lost[2] << 16;

  return pos->key ^ (lost * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15));
}

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

BgStatus
bg_tc_rule_status (const TcPosition *pos)
{
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
