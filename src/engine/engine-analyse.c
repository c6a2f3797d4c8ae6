/* SPDX-License-Identifier: GPL-3.0-or-later */
/* engine-analyse.c: "analyse", the game analysis (bg-analysis.h) from the engine tool */

#include "engine-analyse.h"

#include <stdio.h>

#include "bg-analysis.h"
#include "engine-protocol.h"
#include "engine-solve.h"

static gboolean
parse_limits (char             **args,
              BgAnalysisLimits  *limits,
              GError           **error)
{
  for (guint i = 0; args[i] != NULL; i += 2)
    {
      guint64 v;
      gboolean nodes = g_str_equal (args[i], "nodes");

      if (!nodes && !g_str_equal (args[i], "threads"))
        return g_set_error (error, BG_ERROR, BG_ERROR_BAD_OPTION,
                            "unknown limit '%s' (nodes, threads)", args[i]), FALSE;
      /* 0, the library's default, is refused as go refuses it: leave the limit out. */
      if (args[i + 1] == NULL
          || !g_ascii_string_to_unsigned (args[i + 1], 10, 1, nodes ? G_MAXUINT64 : 64, &v,
                                          NULL))
        return g_set_error (error, BG_ERROR, BG_ERROR_BAD_OPTION,
                            "'%s' needs a number from 1 to %s", args[i],
                            nodes ? "18446744073709551615" : "64"), FALSE;
      if (nodes)
        limits->nodes = v;
      else
        limits->threads = (guint) v;
    }
  return TRUE;
}

/* A search's score, or a win (loss) it found in N plies. */
static void
print_score (const BgMoveAnalysis *e,
             int                   score,
             BgTaValue             value)
{
  if (e->exact && value.outcome == BG_TA_OUTCOME_DRAW)
    printf ("draw");
  else if (score > BG_SCORE_WIN_MIN)
    printf ("win %d", BG_SCORE_WIN - score);
  else if (score < -BG_SCORE_WIN_MIN)
    printf ("loss %d", BG_SCORE_WIN + score);
  else
    printf ("%d", score);
}

static void
print_move (const BgGame         *game,
            guint                 index,
            const BgMoveAnalysis *e)
{
  const BgRules *rules = bg_game_get_rules (game);
  const void *pos = bg_game_get_position_at (game, index);
  char move[64], best[64] = "none";

  rules->format_move (pos, e->move, move, sizeof move);
  if (e->best != BG_MOVE_NONE)
    rules->format_move (pos, e->best, best, sizeof best);
  printf ("analysis %u player %d move %s best %s before ", index + 1, e->player + 1, move,
          best);
  print_score (e, e->score_before, e->value_before);
  printf (" after ");
  print_score (e, e->score_after, e->value_after);
  printf (" loss %d", e->loss);
  if (e->method == BG_ANALYSIS_SEARCH)
    printf (" depth %u", e->depth);
  if (e->forced)
    printf (" forced");
  else if (e->judgement != BG_JUDGEMENT_NONE)
    printf (" %s", bg_judgement_name (e->judgement));
  printf ("\n");
}

gboolean
engine_analyse (const BgGame  *game,
                EngineInput   *input,
                EngineLine    *line,
                char         **args,
                GError       **error)
{
  BgAnalysisLimits limits = { 0 };
  g_autoptr (BgTaTable) table = NULL;
  g_autoptr (BgAnalysis) analysis = NULL;
  const BgMoveAnalysis *moves;
  guint n;
  gint64 start;
  gboolean ok;

  if (!parse_limits (args, &limits, error))
    return FALSE;
  if (g_str_equal (bg_game_get_rules (game)->id, "triple-alliance") && engine_table_ensure ())
    table = bg_ta_table_get_default ();
  limits.table = table;
  analysis = bg_analysis_new (game, &limits);
  start = g_get_monotonic_time ();
  engine_input_arm (input, line, (EngineStopFunc) bg_analysis_cancel, analysis);
  ok = bg_analysis_run (analysis, NULL);
  engine_input_disarm (input);
  /* The library's only error: a cancel, which only a stop makes. */
  if (!ok)
    return g_set_error (error, BG_ERROR, BG_ERROR_CANCELLED, "the analysis was stopped"),
           FALSE;
  moves = bg_analysis_get_moves (analysis, &n);
  for (guint i = 0; i < n; i++)
    print_move (game, i, &moves[i]);
  printf ("info analysis of %u moves in %" G_GINT64_FORMAT " ms\n", n,
          (g_get_monotonic_time () - start) / 1000);
  engine_answer_ok ();
  return TRUE;
}
