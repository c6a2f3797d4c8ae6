/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-status-analysis.c: what the analysis says of a move, in a player's words (the move
 * list's tooltips): a move of the solved table by who wins and how soon, a searched move by
 * how much worse it is than the best in the game's unit, a Triomino placement by its points */

#include "trio-status.h"

#include <glib/gi18n.h>

#include "bg-search.h"
#include "games/trio-game.h"

static const char *
judgement_word (BgJudgement judgement)
{
  switch (judgement)
    {
    case BG_JUDGEMENT_INACCURACY: return _("Inaccuracy");
    case BG_JUDGEMENT_MISTAKE: return _("Mistake");
    case BG_JUDGEMENT_BLUNDER: return _("Blunder");
    default: return "";
    }
}

/* The played move's value in a sentence that compares it with the best: "loses in 5
 * moves", "only draws", "wins in 9 moves". */
static char *
describe_played (BgTaValue value)
{
  if (value.outcome == BG_TA_OUTCOME_DRAW)
    /* Translators: what a move does where a better one wins: "Mistake: only draws, where
     * d4 wins in 7 moves." */
    return g_strdup (_("only draws"));
  return trio_status_describe_value (value);
}

/* The solved table's verdict: the best play's outcome, or what the move played gives away
 * (a judged move changed the outcome: a win let go, a draw lost), or a slower win or a
 * quicker loss, not judged. */
static char *
describe_table_move (const BgMoveAnalysis *move,
                     const char           *best)
{
  BgTaValue before = move->value_before, after = move->value_after;
  g_autofree char *played = NULL;
  g_autofree char *better = NULL;

  if (bg_ta_value_compare (after, before) >= 0)
    {
      g_autofree char *value = trio_status_describe_value (after);

      if (after.outcome == BG_TA_OUTCOME_LOSS)
        /* Translators: the solved table's verdict on the best move of a lost position,
         * e.g. "Best defence: loses in 7 moves." */
        return g_strdup_printf (_("Best defence: %s."), value);
      /* Translators: the solved table's verdict on a best move, e.g. "Best play: wins in 7
       * moves." */
      return g_strdup_printf (_("Best play: %s."), value);
    }
  if (move->judgement == BG_JUDGEMENT_NONE && after.outcome == before.outcome)
    {
      guint moves = trio_status_winner_moves (after);
      guint best_moves = trio_status_winner_moves (before);

      if (after.outcome == BG_TA_OUTCOME_WIN)
        /* Translators: a winning move slower than the best: the move's wins in so many
         * moves, the best move, its number of moves: "Wins too, in 9 moves; d4 wins in 7." */
        return g_strdup_printf (ngettext ("Wins too, in %u move; %s wins in %u.",
                                          "Wins too, in %u moves; %s wins in %u.", moves),
                                moves, best, best_moves);
      /* Translators: a move of a lost position that gives in sooner than the best: "Loses
       * in 3 moves; d4 holds out for 5." */
      return g_strdup_printf (ngettext ("Loses in %u move; %s holds out for %u.",
                                        "Loses in %u moves; %s holds out for %u.", moves),
                              moves, best, best_moves);
    }
  played = describe_played (after);
  better = trio_status_describe_value (before);
  /* Translators: a judgement ("Blunder"), what the move played does, the best move and
   * what it does: "Blunder: loses in 5 moves, where d4 wins in 7 moves." */
  return g_strdup_printf (_("%s: %s, where %s %s."),
                          move->judgement != BG_JUDGEMENT_NONE
                          ? judgement_word (move->judgement) : _("Inaccuracy"),
                          played, best, better);
}

/* How much worse than the best a judged move is, in the game's unit: "about half a pawn
 * worse than c2-c1", "about 2 pieces worse than d4"; a game whose evaluation counts no
 * material (TRIO_EVAL_POSITION) says it in words from the judgement. */
static char *
describe_search_loss (TrioEvalUnit          unit,
                      const BgMoveAnalysis *move,
                      const char           *best)
{
  const char *what = judgement_word (move->judgement);
  int n = (move->loss + 50) / 100;

  if (unit == TRIO_EVAL_POSITION)
    switch (move->judgement)
      {
      case BG_JUDGEMENT_BLUNDER:
        /* Translators: a judgement ("Blunder") and the best move */
        return g_strdup_printf (_("%s: much worse than %s."), what, best);
      case BG_JUDGEMENT_MISTAKE:
        return g_strdup_printf (_("%s: clearly worse than %s."), what, best);
      default:
        return g_strdup_printf (_("%s: a little worse than %s."), what, best);
      }
  if (move->loss < 40)
    return g_strdup_printf (_("%s: a little worse than %s."), what, best);
  if (move->loss < 75)
    /* Translators: a judgement ("Inaccuracy") and the best move */
    return g_strdup_printf (unit == TRIO_EVAL_PAWNS ? _("%s: about half a pawn worse than %s.")
                                                    : _("%s: about half a piece worse than %s."),
                            what, best);
  if (unit == TRIO_EVAL_PAWNS)
    /* Translators: a judgement ("Mistake"), the pawns the move gives away (rounded), the
     * best move: "Mistake: about 2 pawns worse than c2-c1." */
    return g_strdup_printf (ngettext ("%s: about %d pawn worse than %s.",
                                      "%s: about %d pawns worse than %s.", n), what, n, best);
  /* Translators: a judgement ("Mistake"), the pieces the move gives away (rounded), the best
   * move: "Mistake: about 2 pieces worse than d4." */
  return g_strdup_printf (ngettext ("%s: about %d piece worse than %s.",
                                    "%s: about %d pieces worse than %s.", n), what, n, best);
}

/* A searched move: the search's wins and losses in words, else how much worse than the
 * best it is; a good move (not judged) is not weighed. */
static char *
describe_search_move (const char           *game_id,
                      const BgMoveAnalysis *move,
                      const char           *best)
{
  const TrioGame *game = game_id != NULL ? trio_game_lookup (game_id) : NULL;
  TrioEvalUnit unit = game != NULL ? game->eval_unit : TRIO_EVAL_PIECES;
  gboolean won_before = move->score_before >= BG_SCORE_WIN_MIN;
  gboolean won_after = move->score_after >= BG_SCORE_WIN_MIN;
  gboolean lost_before = move->score_before <= -BG_SCORE_WIN_MIN;
  gboolean lost_after = move->score_after <= -BG_SCORE_WIN_MIN;
  const char *what = move->judgement != BG_JUDGEMENT_NONE ? judgement_word (move->judgement)
                                                          : _("Inaccuracy");

  if (move->loss <= 0)
    {
      if (won_after)
        return g_strdup (_("Best move: it wins by force."));
      if (lost_before)
        return g_strdup (_("The position is lost whatever the move."));
      return g_strdup (_("Best move found."));
    }
  if (won_before && won_after)
    /* Translators: the best move, which wins sooner than the move played */
    return g_strdup_printf (_("Wins too, but %s wins sooner."), best);
  if (won_before)
    /* Translators: a judgement ("Blunder") and the best move */
    return g_strdup_printf (_("%s: lets a forced win go; %s wins."), what, best);
  if (lost_before)
    /* Translators: the best move, which loses later than the move played */
    return g_strdup_printf (_("The position is lost; %s holds out longer."), best);
  if (lost_after)
    /* Translators: a judgement ("Blunder") and the best move */
    return g_strdup_printf (_("%s: this move loses by force, which %s avoids."), what, best);
  if (move->judgement == BG_JUDGEMENT_NONE)
    /* Translators: a move that is not judged, and the best move the search found */
    return g_strdup_printf (_("Good move, nearly as good as %s."), best);
  return describe_search_loss (unit, move, best);
}

static char *
describe_points_move (const BgMoveAnalysis *move,
                      const char           *best)
{
  if (move->loss == 0)
    return g_strdup_printf (ngettext ("Best placement found (%d point).",
                                      "Best placement found (%d points).", move->score_after),
                            move->score_after);
  if (move->judgement == BG_JUDGEMENT_NONE)
    /* Translators: the points the placement makes, the best placement and its points */
    return g_strdup_printf (ngettext ("Good placement: %d point; %s makes %d.",
                                      "Good placement: %d points; %s makes %d.",
                                      move->score_after),
                            move->score_after, best, move->score_before);
  /* Translators: a judgement ("Mistake"), the points given up and the best placement */
  return g_strdup_printf (ngettext ("%s: %d point less than %s.", "%s: %d points less than %s.",
                                    move->loss), judgement_word (move->judgement), move->loss,
                          best);
}

char *
trio_status_describe_analysis (const char           *game_id,
                               const BgMoveAnalysis *move,
                               const char           *best)
{
  if (move->forced)
    return g_strdup (_("The only move."));
  switch (move->method)
    {
    case BG_ANALYSIS_TABLE: return describe_table_move (move, best);
    case BG_ANALYSIS_POINTS: return describe_points_move (move, best);
    default: return describe_search_move (game_id, move, best);
    }
}
