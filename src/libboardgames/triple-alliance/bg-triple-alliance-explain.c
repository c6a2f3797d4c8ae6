/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-triple-alliance-explain.c: why a placement or a step of La Triple Alliance is not
 * legal, in a sentence for the player (the rules' explain_locations and explain_illegal) */

#include "triple-alliance/solver/bg-ta-board.h"
#include "bg-triple-alliance.h"
#include "bg-triple-alliance-private.h"

#include <glib/gi18n-lib.h>

#define refuse(error, ...) bg_fail (error, BG_ERROR_ILLEGAL_MOVE, __VA_ARGS__)

/* The names of the points of set, in order, joined by dashes: "a2–b2–c2" (with word joiners,
 * U+2060, so that a status line wraps before the line rather than inside it). */
static char *
line_name (guint32 set)
{
  GString *text = g_string_new (NULL);

  for (; set != 0; set &= set - 1)
    {
      char name[3];

      bg_ta_point_name (__builtin_ctz (set), name);
      g_string_append_printf (text, "%s%s", text->len > 0 ? "–\u2060" : "", name);
    }
  return g_string_free (text, FALSE);
}

/* A placement on an empty point is refused only when it completes a line of the mover's. */
static gboolean
explain_placement (const TaPosition *pos,
                   int               point,
                   GError          **error)
{
  guint32 mine = pos->board[pos->turn];
  guint32 taken = pos->board[0] | pos->board[1];
  char name[3];

  bg_ta_point_name (point, name);
  /* The mover's own piece: he means to move it, too early. */
  if (mine & (1u << point))
    return refuse (error, _("Pieces are placed, not moved, until all twelve are on the "
                            "board."));
  if (taken & (1u << point))
    return refuse (error, _("There is already a piece on %s."), name);
  for (int i = 0; i < BG_TA_N_LINES; i++)
    if ((bg_ta_lines[i] & (1u << point)) != 0
        && (mine | 1u << point) == (mine | bg_ta_lines[i]))
      {
        g_autofree char *line = line_name (bg_ta_lines[i]);

        /* Translators: %s is a point, such as b2, then a line of three points, a2–b2–c2 */
        return refuse (error, _("While placing, no third piece may go on a line: %s would "
                                "complete %s."), name, line);
      }
  return TRUE;
}

/* The piece on from must be the mover's. */
static gboolean
explain_owner (const TaPosition *pos,
               int               from,
               GError          **error)
{
  char name[3];

  bg_ta_point_name (from, name);
  if (pos->board[1 - pos->turn] & (1u << from))
    return refuse (error, _("The piece on %s is not yours."), name);
  if ((pos->board[pos->turn] & (1u << from)) == 0)
    return refuse (error, _("There is no piece on %s: choose one of yours to move."), name);
  return TRUE;
}

/* The piece on from must be the mover's, with an empty point next to it. */
static gboolean
explain_piece (const TaPosition *pos,
               int               from,
               GError          **error)
{
  guint32 empty = BG_TA_ALL_POINTS & ~(pos->board[0] | pos->board[1]);
  char name[3];

  bg_ta_point_name (from, name);
  if (!explain_owner (pos, from, error))
    return FALSE;
  if ((bg_ta_adjacency[from] & empty) == 0)
    return refuse (error, _("The piece on %s cannot move: the points next to it are all "
                            "taken."), name);
  return TRUE;
}

static gboolean
explain_step (const TaPosition *pos,
              int               from,
              int               to,
              gboolean          complete,
              GError          **error)
{
  char from_name[3], to_name[3];

  bg_ta_point_name (from, from_name);
  bg_ta_point_name (to, to_name);
  /* Pointing at another piece of one's own that cannot move: that piece is the matter. */
  if (!complete && (pos->board[pos->turn] & (1u << to)) && !explain_piece (pos, to, error))
    return FALSE;
  if ((pos->board[0] | pos->board[1]) & (1u << to))
    return refuse (error, _("%s is taken: a piece moves to an empty point."), to_name);
  if ((bg_ta_adjacency[from] & (1u << to)) == 0)
    /* Translators: two points, such as b4 and b2 */
    return refuse (error, _("%s is not next to %s: a piece moves one step along a line."),
                   to_name, from_name);
  return TRUE;
}

gboolean
bg_ta_explain_locations (const void  *data,
                         const guint *locations,
                         guint        n,
                         gboolean     complete,
                         GError     **error)
{
  const TaPosition *pos = data;

  if (bg_ta_placement_phase (pos))
    {
      if (n > 1)
        return refuse (error, _("Pieces are placed, not moved, until all twelve are on the "
                                "board."));
      return explain_placement (pos, (int) locations[0], error);
    }
  if (n == 1 && complete)
    return refuse (error, _("All the pieces are placed: move one of yours one step along a "
                            "line."));
  if (n == 1)
    return explain_piece (pos, (int) locations[0], error);
  if (!explain_owner (pos, (int) locations[0], error))
    return FALSE;
  if (n > 2)
    return refuse (error, _("A step goes from one point to the next."));
  return explain_step (pos, (int) locations[0], (int) locations[1], complete, error);
}

gboolean
bg_ta_explain_illegal (const void  *data,
                       BgMove       move,
                       GError     **error)
{
  return bg_rules_explain_move (&bg_triple_alliance_rules, data, move, error);
}
