/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-trichess-geometry.h: the TRICHESS board: squares, pieces and the tables of each
 * obstacle level, private to the bg-trichess*.c files (bg-trichess-geometry.c)
 *
 * 96 squares: three camps of 8 files (a–h) by 4 ranks (1–4), numbered
 * camp * 32 + rank * 8 + file (all from 0). The camps meet along their ranks 4: north of
 * rank 4 of camp c, files e–h continue into camp c+1 and files a–d into camp c−1, the file
 * mirrored (e↔d … h↔a) and the directions reversed. The six cells d4/e4 form a ring round
 * the central obstacle (see docs/rules.md). Each obstacle level (board) has its own tables:
 *
 * - slider rays as trees stored in preorder, so that a diagonal may fork round the circle
 *   of the prolapsus board: walk nodes[start..end); on an empty square go to the next
 *   node, on an occupied one jump to its skip (the index after its subtree);
 * - the knight's jumps, the king's steps, the ring steps (pax: king and promoted pawn),
 *   the pawn pushes and captures of each owner, and their reverse (who attacks a square);
 * - the squares lying on a ray from each square (for pins), and the Zobrist keys.
 *
 * The knight's jumps are the ends of the paths of two steps one way and one step at right
 * angles, in any order (DDP, DPD, PDD), that do not end next to the start *(choice)*; on
 * the pax board such paths may not take a ring step.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define TC_N_PLAYERS 3
#define TC_N_SQUARES 96
#define TC_NO_SQUARE 0xff
#define TC_SQ(c, f, r) ((c) * 32 + (r) * 8 + (f))
#define TC_CAMP(sq) ((sq) >> 5)
#define TC_RANK(sq) (((sq) >> 3) & 3)
#define TC_FILE(sq) ((sq) & 7)

typedef enum
{
  TC_PROLAPSUS,
  TC_HEXAGONAL,
  TC_PAX,
  TC_N_LEVELS,
} TcLevel;

/* Piece codes: owner << 3 | type; 0 is an empty square. TC_DAME is a pawn promoted to
 * queen ("pion damé"): a queen which may also take the ring steps on the pax board. */
enum
{
  TC_EMPTY,
  TC_PAWN,
  TC_KNIGHT,
  TC_BISHOP,
  TC_ROOK,
  TC_QUEEN,
  TC_KING,
  TC_DAME,
};

#define TC_PIECE(owner, type) ((guint8) ((owner) << 3 | (type)))
#define TC_OWNER(p) ((p) >> 3)
#define TC_TYPE(p) ((p) & 7)

#define TC_MAX_STEPS 15
#define TC_MAX_NODES 8192

typedef struct
{
  guint8 sq;
  guint8 pad;
  guint16 skip;
} TcRayNode;

typedef struct
{
  guint8 n;
  guint8 sq[TC_MAX_STEPS];
} TcSteps;

typedef struct
{
  TcLevel level;
  guint n_nodes;
  guint16 ortho_start[TC_N_SQUARES], ortho_end[TC_N_SQUARES];
  guint16 diag_start[TC_N_SQUARES], diag_end[TC_N_SQUARES];
  TcRayNode nodes[TC_MAX_NODES];
  TcSteps knight[TC_N_SQUARES];
  TcSteps king[TC_N_SQUARES];    /* the king's steps, ring steps included on every board */
  TcSteps ring[TC_N_SQUARES];    /* pax only: the ring steps of a promoted pawn */
  guint8 pawn_push[TC_N_PLAYERS][TC_N_SQUARES];        /* or TC_NO_SQUARE */
  TcSteps pawn_capture[TC_N_PLAYERS][TC_N_SQUARES];
  TcSteps pawn_attackers[TC_N_PLAYERS][TC_N_SQUARES];  /* squares a pawn attacks sq from */
  guint64 aligned[TC_N_SQUARES][2];                    /* squares on a ray from sq */
  guint64 z_piece[24][TC_N_SQUARES];
  guint64 z_turn[TC_N_PLAYERS];
  guint64 z_castling[64];
  guint64 z_ep[TC_N_SQUARES];
} TcBoard;

const TcBoard *bg_tc_board_get (TcLevel level);

static inline gboolean
bg_tc_aligned (const TcBoard *b,
               int            from,
               int            sq)
{
  return (b->aligned[from][sq >> 6] >> (sq & 63)) & 1;
}

/* Writes "1-e2" (at least 5 bytes). */
void     bg_tc_square_name  (int               sq,
                             char             *buf);
/* Parses a square such as "1-e2" at *text and moves *text past it. */
gboolean bg_tc_parse_square (const char      **text,
                             int              *sq,
                             GError          **error);

G_END_DECLS
