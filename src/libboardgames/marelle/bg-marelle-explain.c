/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-marelle-explain.c: why a placement, a step or a removal of the morris games is not
 * legal, in a sentence for the player (the rules' explain_locations and explain_illegal)
 *
 * The legal moves decide; this file only finds which of the rules a refused choice breaks:
 * an occupied point, a piece that is not the mover's, a point out of reach, a mill that
 * does not exist, a piece protected in a mill (standard morris).
 */

#include "bg-marelle.h"

#include "bg-marelle-private.h"

#include <glib/gi18n-lib.h>

#define refuse(error, ...) bg_fail (error, BG_ERROR_ILLEGAL_MOVE, __VA_ARGS__)

static int
owner_at (const MarellePos *pos,
          guint             point)
{
  for (int player = 0; player < 2; player++)
    if (pos->board[player] & (1u << point))
      return player;
  return -1;
}

static gboolean
has_move_with (const MarellePos *pos,
               const guint      *locations,
               guint             n,
               gboolean          complete)
{
  return bg_rules_has_move_with (&bg_marelle_rules, pos, locations, n, complete);
}

static gboolean
explain_placement (const MarellePos *pos,
                   guint             point,
                   GError          **error)
{
  /* The mover's own piece: he means to move it, too early. */
  if (owner_at (pos, point) == pos->side)
    return refuse (error, _("Place all your pieces before you move one."));
  if (owner_at (pos, point) >= 0)
    return refuse (error, _("There is already a piece on %s."), bg_marelle_point_names[point]);
  return TRUE;
}

/* The piece on from must be the mover's. */
static gboolean
explain_owner (const MarellePos *pos,
               guint             from,
               GError          **error)
{
  const char *name = bg_marelle_point_names[from];
  int owner = owner_at (pos, from);

  if (owner < 0)
    return refuse (error, _("There is no piece on %s: choose one of yours to move."), name);
  if (owner != pos->side)
    return refuse (error, _("The piece on %s is not yours."), name);
  return TRUE;
}

/* The piece on from must be the mover's and have somewhere to go. */
static gboolean
explain_piece (const MarellePos *pos,
               guint             from,
               GError          **error)
{
  const char *name = bg_marelle_point_names[from];

  if (!explain_owner (pos, from, error))
    return FALSE;
  if (!has_move_with (pos, &from, 1, FALSE))
    return refuse (error, _("The piece on %s cannot move: the points next to it are all "
                            "taken."), name);
  return TRUE;
}

static gboolean
explain_step (const MarellePos *pos,
              const guint      *locations,
              gboolean          complete,
              GError          **error)
{
  guint to = locations[1];

  /* Pointing at another piece of one's own that cannot move: that piece is the matter. */
  if (!complete && owner_at (pos, to) == pos->side && !explain_piece (pos, to, error))
    return FALSE;
  if (owner_at (pos, to) >= 0)
    return refuse (error, _("%s is taken: a piece moves to an empty point."),
                   bg_marelle_point_names[to]);
  /* An empty point out of reach: a step goes only to a neighbour (pieces that fly reach
   * every empty point). */
  if (!has_move_with (pos, locations, 2, FALSE))
    /* Translators: two points, such as b4 and b2 */
    return refuse (error, _("%s is not next to %s: a piece moves one step along a line."),
                   bg_marelle_point_names[to], bg_marelle_point_names[locations[0]]);
  return TRUE;
}

/* The removal after the first n_move locations (a placement's point, or a step's two). */
static gboolean
explain_removal (const MarellePos *pos,
                 const guint      *locations,
                 guint             n_move,
                 guint             n,
                 gboolean          complete,
                 GError          **error)
{
  gboolean closes = !has_move_with (pos, locations, n_move, TRUE);
  guint taken;
  int owner;

  if (n == n_move)
    {
      if (complete && closes)
        return refuse (error, _("This move closes a mill: it must name the piece taken, as "
                                "in d6xa1."));
      return TRUE;
    }
  if (!closes)
    return refuse (error, _("This move closes no mill, so it takes no piece."));
  taken = locations[n_move];
  owner = owner_at (pos, taken);
  if (owner == pos->side)
    return refuse (error, _("Take one of your opponent’s pieces, not one of yours."));
  if (owner < 0)
    return refuse (error, _("There is no piece on %s to take."),
                   bg_marelle_point_names[taken]);
  if (!has_move_with (pos, locations, n_move + 1, FALSE))
    return refuse (error, _("The piece on %s is in a mill: take one that is not in a mill."),
                   bg_marelle_point_names[taken]);
  if (n > n_move + 1)
    return refuse (error, _("A mill takes one piece only."));
  return TRUE;
}

gboolean
bg_marelle_explain_locations (const void  *data,
                              const guint *locations,
                              guint        n,
                              gboolean     complete,
                              GError     **error)
{
  const MarellePos *pos = data;

  if (pos->hand[pos->side] > 0)
    {
      if (!explain_placement (pos, locations[0], error))
        return FALSE;
      return explain_removal (pos, locations, 1, n, complete, error);
    }
  if (n == 1 && complete)
    return refuse (error, _("All your pieces are placed: move one of them."));
  if (n == 1)
    return explain_piece (pos, locations[0], error);
  if (!explain_owner (pos, locations[0], error))
    return FALSE;
  if (!explain_step (pos, locations, complete, error))
    return FALSE;
  return explain_removal (pos, locations, 2, n, complete, error);
}

gboolean
bg_marelle_explain_illegal (const void  *data,
                            BgMove       move,
                            GError     **error)
{
  const MarellePos *pos = data;
  BgMoveInfo info;

  /* The locations alone do not tell a placement with its removal from a step. */
  bg_marelle_rules.describe_move (pos, move, &info);
  if (pos->hand[pos->side] > 0 && info.from >= 0)
    return refuse (error, _("Place all your pieces before you move one."));
  if (pos->hand[pos->side] == 0 && info.from < 0)
    return refuse (error, _("All your pieces are placed: move one of them."));
  return bg_rules_explain_move (&bg_marelle_rules, pos, move, error);
}
