/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-history-view.h: the list of the moves played, in the game's notation */
#pragma once

#include <gtk/gtk.h>

#include "bg-analysis.h"
#include "session/trio-session.h"

G_BEGIN_DECLS

#define TRIO_TYPE_HISTORY_VIEW (trio_history_view_get_type ())
G_DECLARE_FINAL_TYPE (TrioHistoryView, trio_history_view, TRIO, HISTORY_VIEW, GtkWidget)

GtkWidget *trio_history_view_new         (void);
void       trio_history_view_set_session (TrioHistoryView *self,
                                          TrioSession     *session);
void       trio_history_view_update      (TrioHistoryView *self);
/* In review, the number of moves whose position the board shows: the last of them is
 * marked and scrolled into sight; -1 out of review (the list follows the last move). */
void       trio_history_view_set_current (TrioHistoryView *self,
                                          int              n_shown);

/* The analysis of a game: keys of its n_moves + 1 positions, and each move's judgement and
 * tooltip (NULL-terminated, n_moves of them), all copied. Only the moves the shown game
 * still shares with the game analysed are marked. NULL keys: no analysis. */
void       trio_history_view_set_analysis (TrioHistoryView   *self,
                                           const guint64     *keys,
                                           guint              n_moves,
                                           const BgJudgement *judgements,
                                           const char *const *tooltips);

/* Signal "move-activated" (guint index): the player clicked move number index (from 0). */

G_END_DECLS
