/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-trichess-board.c: the TRICHESS board model and its precomputed tables
 *
 * The geometry is built from one primitive, the orthogonal step, which knows the seams:
 * going north from rank 4 enters the neighbour camp with the file mirrored and every
 * direction reversed. Diagonals, knight jumps, rays and pawn moves are all derived from it
 * once per obstacle level; move generation then only reads tables.
 */

#include "bg-trichess-board.h"
#include "bg-random.h"

#include <string.h>

typedef struct
{
  int sq;
  int v, h;     /* the direction after the step: v +1 north, h +1 east, in local terms */
} Walk;

static TcBoard *boards[TC_N_LEVELS];

/* A step north, south, east or west ((v, h) with one of them 0) on the full graph.
 * *flip tells whether the step crossed a seam (directions reverse). */
static int
ortho_step (int       sq,
            int       v,
            int       h,
            gboolean *flip)
{
  int c = TC_CAMP (sq), f = TC_FILE (sq), r = TC_RANK (sq);

  *flip = FALSE;
  if (h != 0)
    return f + h >= 0 && f + h < 8 ? TC_SQ (c, f + h, r) : -1;
  if (v < 0)
    return r > 0 ? TC_SQ (c, f, r - 1) : -1;
  if (r < 3)
    return TC_SQ (c, f, r + 1);
  *flip = TRUE;
  return TC_SQ ((c + (f >= 4 ? 1 : 2)) % 3, 7 - f, 3);
}

static gboolean
is_ring (int sq)
{
  return TC_RANK (sq) == 3 && (TC_FILE (sq) == 3 || TC_FILE (sq) == 4);
}

/* An orthogonal step on a board: the pax cross cuts the ring steps. */
static int
level_step (TcLevel   level,
            int       sq,
            int       v,
            int       h,
            gboolean *flip)
{
  int to = ortho_step (sq, v, h, flip);

  if (to >= 0 && level == TC_PAX && is_ring (sq) && is_ring (to))
    return -1;
  return to;
}

/* The diagonal neighbours of sq in direction (v, h): the cell where the vertical-then-
 * horizontal and horizontal-then-vertical paths meet. A diagonal reaching the centre
 * (the paths end on two different ring cells) forks into both on the prolapsus board
 * and does not exist on the others. Returns the number of neighbours (0–2). */
static int
diag_step (TcLevel level,
           int     sq,
           int     v,
           int     h,
           Walk    out[2])
{
  gboolean fa, fb, dummy;
  int a = ortho_step (sq, v, 0, &fa), b = ortho_step (sq, 0, h, &dummy);
  int a2 = a >= 0 ? ortho_step (a, 0, fa ? -h : h, &dummy) : -1;
  int b2 = b >= 0 ? ortho_step (b, v, 0, &fb) : -1;

  if (a2 < 0 || b2 < 0)
    return 0;
  if (a2 == b2)
    {
      out[0] = (Walk) { b2, fb ? -v : v, fb ? -h : h };
      return 1;
    }
  if (level != TC_PROLAPSUS || !is_ring (sq) || !is_ring (a2) || !is_ring (b2))
    return 0;
  out[0] = (Walk) { a2, fa ? -v : v, fa ? -h : h };
  out[1] = (Walk) { b2, fb ? -v : v, fb ? -h : h };
  return 2;
}

static void
steps_add (TcSteps *s,
           int      sq)
{
  for (int i = 0; i < s->n; i++)
    if (s->sq[i] == sq)
      return;
  g_assert (s->n < TC_MAX_STEPS);
  s->sq[s->n++] = (guint8) sq;
}

static void
set_bit (guint64 set[2],
         int     sq)
{
  set[sq >> 6] |= G_GUINT64_CONSTANT (1) << (sq & 63);
}

static gboolean
has_bit (const guint64 set[2],
         int           sq)
{
  return (set[sq >> 6] >> (sq & 63)) & 1;
}

/* Appends the subtree of the ray leaving sq in direction (v, h), in preorder. */
static void
build_ray (TcBoard *b,
           int      sq,
           int      v,
           int      h,
           gboolean diag,
           guint64  seen[2])
{
  Walk next[2];
  int n;

  if (diag)
    n = diag_step (b->level, sq, v, h, next);
  else
    {
      gboolean flip;
      int to = level_step (b->level, sq, v, h, &flip);

      n = to >= 0;
      next[0] = (Walk) { to, flip ? -v : v, flip ? -h : h };
    }
  for (int i = 0; i < n; i++)
    {
      guint idx;

      if (has_bit (seen, next[i].sq))
        continue;
      set_bit (seen, next[i].sq);
      g_assert (b->n_nodes < TC_MAX_NODES);
      idx = b->n_nodes++;
      b->nodes[idx].sq = (guint8) next[i].sq;
      build_ray (b, next[i].sq, next[i].v, next[i].h, diag, seen);
      b->nodes[idx].skip = (guint16) b->n_nodes;
    }
}

static void
build_rays (TcBoard *b,
            int      sq)
{
  static const int ortho[4][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } };
  static const int diag[4][2] = { { 1, 1 }, { 1, -1 }, { -1, 1 }, { -1, -1 } };

  b->ortho_start[sq] = (guint16) b->n_nodes;
  for (int d = 0; d < 4; d++)
    {
      guint64 seen[2] = { 0, 0 };

      set_bit (seen, sq);
      build_ray (b, sq, ortho[d][0], ortho[d][1], FALSE, seen);
    }
  b->ortho_end[sq] = b->diag_start[sq] = (guint16) b->n_nodes;
  for (int d = 0; d < 4; d++)
    {
      guint64 seen[2] = { 0, 0 };

      set_bit (seen, sq);
      build_ray (b, sq, diag[d][0], diag[d][1], TRUE, seen);
    }
  b->diag_end[sq] = (guint16) b->n_nodes;
  for (guint i = b->ortho_start[sq]; i < b->diag_end[sq]; i++)
    set_bit (b->aligned[sq], b->nodes[i].sq);
}

/* The king's steps: every orthogonal neighbour (ring steps included, even on pax) and
 * the diagonal neighbours of the level. On pax the ring steps also go to ring[]. */
static void
build_king (TcBoard *b,
            int      sq)
{
  static const int dirs[8][2] = {
    { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 }, { 1, 1 }, { 1, -1 }, { -1, 1 }, { -1, -1 },
  };

  for (int d = 0; d < 8; d++)
    {
      Walk next[2];
      int n;

      if (d < 4)
        {
          gboolean flip;

          next[0].sq = ortho_step (sq, dirs[d][0], dirs[d][1], &flip);
          n = next[0].sq >= 0;
          if (n && b->level == TC_PAX && is_ring (sq) && is_ring (next[0].sq))
            steps_add (&b->ring[sq], next[0].sq);
        }
      else
        n = diag_step (b->level, sq, dirs[d][0], dirs[d][1], next);
      for (int i = 0; i < n; i++)
        steps_add (&b->king[sq], next[i].sq);
    }
}

/* Walks a path of orthogonal steps given in the directions of the start square. */
static int
walk_path (TcLevel    level,
           int        sq,
           const int  path[3][2])
{
  gboolean flipped = FALSE;

  for (int i = 0; i < 3 && sq >= 0; i++)
    {
      gboolean flip;
      int s = flipped ? -1 : 1;

      sq = level_step (level, sq, s * path[i][0], s * path[i][1], &flip);
      flipped ^= flip;
    }
  return sq;
}

static void
build_knight (TcBoard *b,
              int      sq)
{
  static const int dirs[4][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } };

  for (int d = 0; d < 4; d++)
    for (int p = 0; p < 4; p++)
      {
        int side[2] = { dirs[p][0], dirs[p][1] };
        const int *dd = dirs[d];

        if ((dd[0] != 0) == (side[0] != 0))
          continue;
        for (int order = 0; order < 3; order++)
          {
            int path[3][2];
            int to;

            for (int i = 0; i < 3; i++)
              {
                const int *s = i == 2 - order ? side : dd;

                path[i][0] = s[0];
                path[i][1] = s[1];
              }
            to = walk_path (b->level, sq, (const int (*)[2]) path);
            if (to < 0 || to == sq)
              continue;
            /* Next to the start (round the ring) is no jump. */
            if (memchr (b->king[sq].sq, to, b->king[sq].n) != NULL)
              continue;
            steps_add (&b->knight[sq], to);
          }
      }
}

/* Pawns go north in their own camp, south (toward rank 1) in the others. */
static void
build_pawns (TcBoard *b,
             int      sq)
{
  for (int owner = 0; owner < TC_N_PLAYERS; owner++)
    {
      int v = TC_CAMP (sq) == owner ? 1 : -1;
      gboolean flip;
      int push = level_step (b->level, sq, v, 0, &flip);

      /* A pawn never stands on its own rank 1 nor on a foreign rank 1. */
      if (TC_RANK (sq) == 0)
        {
          b->pawn_push[owner][sq] = TC_NO_SQUARE;
          continue;
        }
      b->pawn_push[owner][sq] = push >= 0 ? (guint8) push : TC_NO_SQUARE;
      for (int h = -1; h <= 1; h += 2)
        {
          Walk next[2];
          int n = diag_step (b->level, sq, v, h, next);

          for (int i = 0; i < n; i++)
            {
              steps_add (&b->pawn_capture[owner][sq], next[i].sq);
              steps_add (&b->pawn_attackers[owner][next[i].sq], sq);
            }
        }
    }
}

/* The same keys on every board, so that they do not depend on the level. */
static void
build_keys (TcBoard *b)
{
  for (int p = 0; p < 24; p++)
    for (int sq = 0; sq < TC_N_SQUARES; sq++)
      b->z_piece[p][sq] = TC_TYPE (p) != TC_EMPTY ? bg_random_hash (0x3c0000 + p * 128 + sq)
                                                  : 0;
  for (int t = 0; t < TC_N_PLAYERS; t++)
    b->z_turn[t] = t ? bg_random_hash (0x3d0000 + t) : 0;
  for (int c = 0; c < 64; c++)
    b->z_castling[c] = c ? bg_random_hash (0x3e0000 + c) : 0;
  for (int sq = 0; sq < TC_N_SQUARES; sq++)
    b->z_ep[sq] = bg_random_hash (0x3f0000 + sq);
}

static TcBoard *
build_board (TcLevel level)
{
  TcBoard *b = g_new0 (TcBoard, 1);

  b->level = level;
  for (int sq = 0; sq < TC_N_SQUARES; sq++)
    {
      build_rays (b, sq);
      build_king (b, sq);
    }
  for (int sq = 0; sq < TC_N_SQUARES; sq++)
    {
      build_knight (b, sq);
      build_pawns (b, sq);
    }
  build_keys (b);
  return b;
}

const TcBoard *
bg_tc_board_get (TcLevel level)
{
  static gsize done[TC_N_LEVELS];

  g_return_val_if_fail (level < TC_N_LEVELS, NULL);
  if (g_once_init_enter (&done[level]))
    {
      boards[level] = build_board (level);
      g_once_init_leave (&done[level], 1);
    }
  return boards[level];
}

/* Writes "1-e2" (at least 5 bytes). */
void
bg_tc_square_name (int   sq,
                   char *buf)
{
  buf[0] = '1' + TC_CAMP (sq);
  buf[1] = '-';
  buf[2] = 'a' + TC_FILE (sq);
  buf[3] = '1' + TC_RANK (sq);
  buf[4] = '\0';
}

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
