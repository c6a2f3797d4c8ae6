/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-analysis-task.h: the analysis of a game (libboardgames' BgAnalysis) in a worker
 * thread, its progress told on the main thread
 *
 * The task analyses a copy of the game, on every core, while the window stays usable. Its
 * progress is read every tenth of a second ("progress"), and "finished" comes once, on the
 * main thread, when the analysis is done or was cancelled.
 */
#pragma once

#include <glib-object.h>

#include "bg-analysis.h"

G_BEGIN_DECLS

#define TRIO_TYPE_ANALYSIS_TASK (trio_analysis_task_get_type ())
G_DECLARE_FINAL_TYPE (TrioAnalysisTask, trio_analysis_task, TRIO, ANALYSIS_TASK, GObject)

/* table: the game's solved table (trio_game_dup_installed_table()), or NULL. */
TrioAnalysisTask     *trio_analysis_task_new        (const BgGame     *game,
                                                     BgTaTable        *table);
void                  trio_analysis_task_start      (TrioAnalysisTask *self);
void                  trio_analysis_task_cancel     (TrioAnalysisTask *self);
gboolean              trio_analysis_task_is_running (TrioAnalysisTask *self);
guint                 trio_analysis_task_get_done   (TrioAnalysisTask *self,
                                                     guint            *total);
/* The game analysed (a copy, at its last move). */
const BgGame         *trio_analysis_task_get_game   (TrioAnalysisTask *self);
/* After a successful run: one entry per move of the game analysed; else NULL. */
const BgMoveAnalysis *trio_analysis_task_get_moves  (TrioAnalysisTask *self,
                                                     guint            *n_moves);
void                  trio_analysis_task_get_thresholds (TrioAnalysisTask *self,
                                                         int               thresholds[3]);

/* Signals:
 *   "progress"                 done or total changed (read them with get_done)
 *   "finished" (gboolean ok)   the analysis is over: ok FALSE when cancelled
 */

G_END_DECLS
