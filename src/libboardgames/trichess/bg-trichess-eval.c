/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-trichess-eval.c: the evaluation of the TRICHESS searches (bg_tc_evaluate in
 * bg-trichess-search.h)
 *
 * Per player: material, the squares the pieces reach, pawns' progress, a king's shelter
 * at home and whether he is in check, and the non-aggression rule (below). The searches
 * also count the attacks on each king's zone (the king's square and those next to it; the
 * baseline, tests/bench/trichess-baseline.c, does not): a zone attacked by many pieces
 * costs its king's owner more than in proportion, so that the search goes for the kings it
 * can mate rather than shuffling.
 * The score of a player is his total less the average of the other two (paranoid). Each
 * total is linear in the weights (TcEvalWeights): tests/bench/tune-trichess.c fits them to
 * games of self-play (docs/computer-players.md: the fitted weights did not play better than these).
 */

#include "bg-trichess-search.h"

#include <string.h>

/* The searches' weights (bg-trichess-search.h; the first version's, the baseline's, are in
 * tests/bench/trichess-baseline.c). */
const TcEvalWeights bg_tc_eval_weights = {
  .material = { 0, 100, 310, 325, 500, 900, 0, 900 },
  .knight_step = 4, .bishop_ray = 4, .rook_ray = 3, .queen_ray = 1,
  .pawn_home = 8, .pawn_foreign = 40, .pawn_foreign_step = 20,
  .king_home = 15, .shelter = 12, .check = 60, .ahead = 10, .behind = 0, .danger = 100,
};

/* What a king loses for n attacks on his zone (at .danger 100). */
#define DANGER_MAX 12
static const int danger[DANGER_MAX + 1] = {
  0, 4, 14, 30, 50, 75, 105, 140, 180, 225, 275, 330, 390,
};

typedef struct
{
  const TcBoard *b;
  const TcPosition *pos;
  const TcEvalWeights *w;
  gboolean zones;              /* count the attacks on the kings' zones */
  guint8 zone[TC_N_SQUARES];   /* bit o: the square is in player o's king zone */
  int attacks[TC_N_PLAYERS];   /* on each player's king zone */
  guint checked;               /* bit o: player o's king is attacked (with the zones) */
} Eval;

/* The kings' checks come with the zones' attacks, at no extra walk of the board: rays and
 * knights here, pawns and a dame's ring steps in find_checks(); kings never stand next to
 * each other. */
static inline void
note_check (Eval *e,
            int   owner,
            int   sq)
{
  for (int o = 0; o < TC_N_PLAYERS; o++)
    if (o != owner && e->pos->king[o] == sq)
      e->checked |= 1u << o;
}

static inline void
note_attack (Eval *e,
             int   owner,
             int   sq)
{
  guint z = e->zone[sq] & ~(1u << owner);

  if (z != 0)
    {
      e->attacks[0] += z & 1;
      e->attacks[1] += (z >> 1) & 1;
      e->attacks[2] += (z >> 2) & 1;
      note_check (e, owner, sq);
    }
}

static int
count_rays (Eval *e,
            int   owner,
            guint i,
            guint end)
{
  const TcBoard *b = e->b;
  const guint8 *board = e->pos->board;
  int n = 0;

  while (i < end)
    {
      int sq = b->nodes[i].sq, p = board[sq];

      if (e->zones)
        note_attack (e, owner, sq);
      if (p == TC_EMPTY)
        {
          n++;
          i++;
          continue;
        }
      n += TC_OWNER (p) != owner;
      i = b->nodes[i].skip;
    }
  return n;
}

static int
knight_score (Eval *e,
              int   owner,
              int   sq)
{
  const TcSteps *steps = &e->b->knight[sq];

  if (e->zones)
    for (guint i = 0; i < steps->n; i++)
      note_attack (e, owner, steps->sq[i]);
  return e->w->knight_step * (int) steps->n;
}

static int
piece_score (Eval *e,
             int   sq,
             int   p)
{
  const TcBoard *b = e->b;
  const TcEvalWeights *w = e->w;
  int owner = TC_OWNER (p), rank = TC_RANK (sq), score = w->material[TC_TYPE (p)];

  switch (TC_TYPE (p))
    {
    case TC_PAWN:
      /* Toward the centre, then toward promotion on a foreign rank 1. */
      return score + (TC_CAMP (sq) == owner ? (rank - 1) * w->pawn_home
                                             : w->pawn_foreign + (3 - rank) * w->pawn_foreign_step);
    case TC_KNIGHT:
      return score + knight_score (e, owner, sq);
    case TC_BISHOP:
      return score + w->bishop_ray * count_rays (e, owner, b->diag_start[sq], b->diag_end[sq]);
    case TC_ROOK:
      return score + w->rook_ray * count_rays (e, owner, b->ortho_start[sq], b->ortho_end[sq]);
    case TC_DAME:
      if (e->zones)
        for (guint i = 0; i < b->ring[sq].n; i++)
          note_check (e, owner, b->ring[sq].sq[i]);
      G_GNUC_FALLTHROUGH;
    case TC_QUEEN:
      return score + w->queen_ray * count_rays (e, owner, b->ortho_start[sq], b->diag_end[sq]);
    default:
      return score;
    }
}

/* The pawns' checks (see note_check). */
static void
find_checks (Eval *e)
{
  for (int o = 0; o < TC_N_PLAYERS; o++)
    for (int p = 0; p < TC_N_PLAYERS; p++)
      {
        const TcSteps *s = &e->b->pawn_attackers[p][e->pos->king[o]];

        if (p != o)
          for (guint i = 0; i < s->n; i++)
            if (e->pos->board[s->sq[i]] == TC_PIECE (p, TC_PAWN))
              e->checked |= 1u << o;
      }
}

/* King safety: a shield of pawns at home, and no check. */
static int
king_score (const Eval *e,
            int         owner)
{
  const TcBoard *b = e->b;
  const TcPosition *pos = e->pos;
  int k = pos->king[owner], score = 0;

  if (TC_CAMP (k) == owner && TC_RANK (k) == 0)
    {
      score += e->w->king_home;
      for (int df = -1; df <= 1; df++)
        {
          int f = TC_FILE (k) + df;

          if (f >= 0 && f < 8 && pos->board[TC_SQ (owner, f, 1)] == TC_PIECE (owner, TC_PAWN))
            score += e->w->shelter;
        }
    }
  if (e->zones ? (gboolean) ((e->checked >> owner) & 1)
               : bg_tc_attacked (b, pos->board, k, 7u & ~(1u << owner)))
    score -= e->w->check;
  return score;
}

/* The non-aggression rule between owner and each opponent: being 3 points behind gives
 * a semi-immunity in one's camp, being 3 points ahead forbids captures in his. The first
 * version gave a bonus for being behind, which made losing material a goal; the protection
 * is already in the moves the search sees, so only the restriction counts now. */
static int
aggression_score (const Eval *e,
                  int         owner)
{
  const TcPosition *pos = e->pos;
  int score = 0;

  for (int o = 0; o < TC_N_PLAYERS; o++)
    if (o != owner)
      {
        if (pos->lost[owner] >= pos->lost[o] + 3)
          score += e->w->behind;
        if (pos->lost[o] >= pos->lost[owner] + 3)
          score -= e->w->ahead;
      }
  return score;
}

static void
mark_zones (Eval *e)
{
  memset (e->zone, 0, sizeof e->zone);
  for (int o = 0; o < TC_N_PLAYERS; o++)
    {
      int k = e->pos->king[o];
      const TcSteps *steps = &e->b->king[k];

      e->zone[k] |= (guint8) (1u << o);
      for (guint i = 0; i < steps->n; i++)
        e->zone[steps->sq[i]] |= (guint8) (1u << o);
    }
}

/* The pieces' scores into side[], and with the zones their attacks and checks into e. */
static void
score_pieces (Eval *e,
              int   side[TC_N_PLAYERS])
{
  const guint8 *board = e->pos->board;

  if (e->zones)
    {
      mark_zones (e);
      find_checks (e);
    }
  /* A rank at a time, skipping the empty ones (most of them, after the opening). */
  for (int rank = 0; rank < TC_N_SQUARES; rank += 8)
    {
      guint64 row;

      memcpy (&row, board + rank, sizeof row);
      row = GUINT64_FROM_LE (row);
      for (int sq = rank; row != 0; sq++, row >>= 8)
        {
          int p = (int) (row & 0xff);

          if (p != TC_EMPTY)
            side[TC_OWNER (p)] += piece_score (e, sq, p);
        }
    }
}

guint
bg_tc_eval_checks (const TcPosition *pos)
{
  Eval e = { .b = bg_tc_board_get (pos->level), .pos = pos, .w = &bg_tc_eval_weights,
             .zones = TRUE };
  int side[TC_N_PLAYERS] = { 0, 0, 0 };

  score_pieces (&e, side);
  return e.checked;
}

void
bg_tc_evaluate_sides (const TcPosition    *pos,
                      const TcEvalWeights *w,
                      gboolean             zones,
                      int                  side[TC_N_PLAYERS])
{
  Eval e = { .b = bg_tc_board_get (pos->level), .pos = pos, .w = w, .zones = zones };

  side[0] = side[1] = side[2] = 0;
  score_pieces (&e, side);
  for (int o = 0; o < TC_N_PLAYERS; o++)
    {
      side[o] += king_score (&e, o) + aggression_score (&e, o);
      if (zones)
        side[o] -= danger[MIN (e.attacks[o], DANGER_MAX)] * w->danger / 100;
    }
}

int
bg_tc_evaluate (const TcPosition *pos,
                int               player)
{
  int side[TC_N_PLAYERS];

  bg_tc_evaluate_sides (pos, &bg_tc_eval_weights, TRUE, side);
  /* Paranoid: one player against the average of the other two. */
  return side[player] - (side[(player + 1) % 3] + side[(player + 2) % 3]) / 2;
}
