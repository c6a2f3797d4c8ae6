/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-review.c: looking back over a game without undoing anything */

#include "trio-review.h"

struct _TrioReview
{
  GObject parent_instance;

  TrioSession *session;     /* not owned: the window owns both */
  BgGame *game;             /* the copy shown, or NULL */
  const BgGame *source;     /* the session's game it was copied from */
};

G_DEFINE_FINAL_TYPE (TrioReview, trio_review, G_TYPE_OBJECT)

enum
{
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
trio_review_finalize (GObject *object)
{
  TrioReview *self = TRIO_REVIEW (object);

  g_clear_pointer (&self->game, bg_game_free);
  G_OBJECT_CLASS (trio_review_parent_class)->finalize (object);
}

static void
trio_review_class_init (TrioReviewClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = trio_review_finalize;
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
trio_review_init (TrioReview *self)
{
}

TrioReview *
trio_review_new (TrioSession *session)
{
  TrioReview *self = g_object_new (TRIO_TYPE_REVIEW, NULL);

  self->session = session;
  return self;
}

const BgGame *
trio_review_get_game (TrioReview *self)
{
  return self->game;
}

gboolean
trio_review_is_active (TrioReview *self)
{
  return self->game != NULL;
}

guint
trio_review_get_index (TrioReview *self)
{
  const BgGame *game = self->game != NULL ? self->game : trio_session_get_game (self->session);

  return game != NULL ? bg_game_get_n_played (game) : 0;
}

static gboolean
leave_quietly (TrioReview *self)
{
  if (self->game == NULL)
    return FALSE;
  g_clear_pointer (&self->game, bg_game_free);
  self->source = NULL;
  return TRUE;
}

void
trio_review_leave (TrioReview *self)
{
  if (leave_quietly (self))
    g_signal_emit (self, signals[CHANGED], 0);
}

/* A copy of the session's game with its last moves taken back (they stay to be redone). */
static BgGame *
cut_back (const BgGame *game,
          guint         index)
{
  BgGame *copy = bg_game_copy (game);

  while (bg_game_get_n_played (copy) > index && bg_game_undo (copy))
    ;
  return copy;
}

void
trio_review_show (TrioReview *self,
                  guint       index)
{
  const BgGame *live = trio_session_get_game (self->session);

  if (live == NULL || index >= bg_game_get_n_played (live))
    {
      trio_review_leave (self);
      return;
    }
  if (self->game != NULL && self->source == live && bg_game_get_n_played (self->game) == index)
    return;
  /* Step the copy when it can get there (a step forward or back); else copy again. */
  if (self->game != NULL && self->source == live)
    {
      while (bg_game_get_n_played (self->game) > index && bg_game_undo (self->game))
        ;
      while (bg_game_get_n_played (self->game) < index && bg_game_redo (self->game))
        ;
    }
  if (self->game == NULL || self->source != live || bg_game_get_n_played (self->game) != index)
    {
      g_clear_pointer (&self->game, bg_game_free);
      self->game = cut_back (live, index);
      self->source = live;
    }
  g_debug ("review: move %u of %u", index, bg_game_get_n_played (live));
  g_signal_emit (self, signals[CHANGED], 0);
}

void
trio_review_step (TrioReview *self,
                  int         delta)
{
  int index = (int) trio_review_get_index (self) + delta;

  trio_review_show (self, (guint) MAX (index, 0));
}

void
trio_review_sync (TrioReview *self)
{
  const BgGame *live = trio_session_get_game (self->session);
  guint index;

  if (self->game == NULL)
    return;
  index = bg_game_get_n_played (self->game);
  /* Another game, or the reviewed move undone: back to the game. */
  if (live != self->source || index >= bg_game_get_n_played (live))
    {
      trio_review_leave (self);
      return;
    }
  /* The moves after the reviewed one may have changed (undone and played again): the
   * copy's redo list must be the game's. */
  g_clear_pointer (&self->game, bg_game_free);
  self->game = cut_back (live, index);
  g_signal_emit (self, signals[CHANGED], 0);
}
