/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-review.h: looking back over a game without undoing anything
 *
 * The review shows the position after any move of the session's game: a copy of the game,
 * cut back to that move, which the views show read-only while the game itself goes on
 * (a computer may still be thinking). Leaving the review shows the game again.
 */
#pragma once

#include <glib-object.h>

#include "session/trio-session.h"

G_BEGIN_DECLS

#define TRIO_TYPE_REVIEW (trio_review_get_type ())
G_DECLARE_FINAL_TYPE (TrioReview, trio_review, TRIO, REVIEW, GObject)

TrioReview   *trio_review_new        (TrioSession *session);

/* The game cut back to the reviewed move, or NULL when not reviewing. */
const BgGame *trio_review_get_game   (TrioReview  *self);
gboolean      trio_review_is_active  (TrioReview  *self);
/* The number of moves played in the position shown (0: the start). */
guint         trio_review_get_index  (TrioReview  *self);

/* Shows the position after `index` moves; the game's own position (index at its number of
 * moves) leaves the review. */
void          trio_review_show       (TrioReview  *self,
                                      guint        index);
/* From where the review stands, or from the game's position when not reviewing. */
void          trio_review_step       (TrioReview  *self,
                                      int          delta);
void          trio_review_leave      (TrioReview  *self);
/* The session's game changed: the review follows it, and ends if its move is gone. */
void          trio_review_sync       (TrioReview  *self);

/* Signal "changed": the review started, ended or moved. */

G_END_DECLS
