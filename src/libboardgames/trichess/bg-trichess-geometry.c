/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-trichess-geometry.c: the TRICHESS board graph and its precomputed tables
 *
 * The geometry is built from one primitive, the orthogonal step, which knows the seams:
 * going north from rank 4 enters the neighbour camp with the file mirrored and every
 * direction reversed. Diagonals, knight jumps, rays and pawn moves are all derived from it
 * once per obstacle level; move generation (bg-trichess-board.c) then only reads tables.
 */

#include "bg-trichess-geometry.h"

#include "bg-random.h"
#include "bg-rules.h"

#include <glib/gi18n-lib.h>
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

gboolean
bg_tc_parse_square (const char **text,
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
