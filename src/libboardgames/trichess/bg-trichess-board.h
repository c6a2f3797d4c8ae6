/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-trichess-board.h: the TRICHESS position and moves, private to the bg-trichess*.c files
 *
 * The board's squares, pieces and precomputed tables are bg-trichess-geometry.h's.
 */
#pragma once

#include "bg-rules.h"
#include "bg-trichess-geometry.h"

G_BEGIN_DECLS

/* The position (plain data). ep[p] is the square player p's last move double-stepped a
 * pawn over, while p has not moved again; it is cleared when p is to move again. */
typedef struct
{
  guint8 board[TC_N_SQUARES];
  guint8 king[TC_N_PLAYERS];
  guint8 ep[TC_N_PLAYERS];
  guint8 lost[TC_N_PLAYERS];     /* points lost (non-aggression sheet) */
  guint8 turn;                   /* 0 White, 1 Red, 2 Black */
  guint8 castling;               /* bit 2p: king side of p, bit 2p + 1: queen side */
  guint8 level;                  /* TcLevel */
  guint8 padding[4];             /* always zero */
  guint64 key;                   /* Zobrist key of board, turn, castling and ep squares */
} TcPosition;

G_STATIC_ASSERT (sizeof (TcPosition) == 120);

/* Moves: from | to << 7 | promotion type << 14 (0, or TC_KNIGHT..TC_QUEEN). */
#define TC_MOVE(from, to, promo) ((guint32) ((from) | (to) << 7 | (promo) << 14))
#define TC_MOVE_FROM(m) ((int) ((m) & 127))
#define TC_MOVE_TO(m) ((int) (((m) >> 7) & 127))
#define TC_MOVE_PROMO(m) ((int) (((m) >> 14) & 7))

#define TC_MAX_MOVES 768

/* The letters of the owners and of the piece types in the setup text. */
#define TC_OWNER_LETTERS "wrb"
#define TC_TYPE_LETTERS ".PNBRQKD"

/* Shared by the rules and the computer player (bg-trichess.c). */
guint    bg_tc_legal_moves  (const TcPosition *pos,
                             guint32          *moves);
guint    bg_tc_generate     (const TcPosition *pos,
                             int               me,
                             guint             attackers,
                             guint32          *moves);
void     bg_tc_play         (TcPosition       *pos,
                             guint32           move);
gboolean bg_tc_attacked     (const TcBoard    *b,
                             const guint8     *board,
                             int               sq,
                             guint             attackers);
int      bg_tc_piece_value  (int               type);

/* The rules' key (the points lost change which captures are allowed, so they are part of
 * it) and rule_status (échec et mat, et pat, et fat). */
guint64  bg_tc_key          (const TcPosition *pos);
BgStatus bg_tc_rule_status  (const TcPosition *pos);

/* The squares the piece of a legal move passes, from its start to its destination
 * inclusive: every square a slider crosses, the square a pawn's double step passes, the
 * square between the king's start and destination when castling (at most max). */
guint    bg_tc_move_path    (const TcPosition *pos,
                             guint32           move,
                             guint            *locations,
                             guint             max);

/* Why a move is not legal (bg-trichess-explain.c): the rules' explain_locations and
 * explain_illegal. */
gboolean bg_tc_explain_locations (const void       *pos,
                                  const guint      *locations,
                                  guint             n,
                                  gboolean          complete,
                                  GError          **error);
gboolean bg_tc_explain_illegal   (const void       *pos,
                                  guint32           move,
                                  GError          **error);

G_END_DECLS
