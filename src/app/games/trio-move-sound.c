/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-move-sound.c: which sound a played move makes, from what the engine says it did */

#include "trio-move-sound.h"

#include "trio-game.h"

const char *const *
trio_move_sound_names (void)
{
  static const char *const names[] = {
    TRIO_SOUND_PLACE, TRIO_SOUND_CAPTURE, TRIO_SOUND_MILL, TRIO_SOUND_CHECK,
    TRIO_SOUND_END, TRIO_SOUND_TILE, TRIO_SOUND_BONUS, NULL
  };

  return names;
}

/* The marks of the position after played move index (the mill it closed, the kings in
 * check), or those of the position before it (index - 1 led there). */
static guint
marks_after (const BgGame *game,
             guint         index,
             BgMark       *marks)
{
  const BgRules *rules = bg_game_get_rules (game);

  if (rules->marks == NULL)
    return 0;
  return rules->marks (bg_game_get_position_at (game, index),
                       bg_game_get_played_move (game, index),
                       bg_game_get_position_at (game, index + 1), marks, BG_MAX_MARKS);
}

static guint
marks_before (const BgGame *game,
              guint         index,
              BgMark       *marks)
{
  const BgRules *rules = bg_game_get_rules (game);

  if (rules->marks == NULL)
    return 0;
  if (index == 0)
    return rules->marks (NULL, BG_MOVE_NONE, bg_game_get_position_at (game, 0), marks,
                         BG_MAX_MARKS);
  return marks_after (game, index - 1, marks);
}

static gboolean
same_mark (const BgMark *a,
           const BgMark *b)
{
  if (a->kind != b->kind || a->player != b->player || a->n_locations != b->n_locations)
    return FALSE;
  for (guint i = 0; i < a->n_locations; i++)
    if (a->locations[i] != b->locations[i])
      return FALSE;
  return TRUE;
}

/* Whether the move put a king in check: a check after it that was not there before (a
 * king left in check by a third player's move is not a new one). */
static gboolean
gives_check (const BgGame *game,
             guint         index,
             const BgMark *after,
             guint         n_after)
{
  BgMark before[BG_MAX_MARKS];
  guint n_before = marks_before (game, index, before);

  for (guint i = 0; i < n_after; i++)
    {
      gboolean old = FALSE;

      if (after[i].kind != BG_MARK_CHECK)
        continue;
      for (guint j = 0; j < n_before && !old; j++)
        old = same_mark (&after[i], &before[j]);
      if (!old)
        return TRUE;
    }
  return FALSE;
}

/* Whether played move index ended the game: the last one played, and the game over by its
 * rules (not by a resignation or a draw agreed since). */
static gboolean
ends_game (const BgGame *game,
           guint         index)
{
  BgStatus status = bg_game_get_status (game);

  return index + 1 == bg_game_get_n_played (game) && status.result != BG_RESULT_ONGOING
         && status.reason != BG_REASON_RESIGNED && status.reason != BG_REASON_DRAW_AGREED;
}

const char *
trio_move_sound (const BgGame *game,
                 guint         index)
{
  const TrioGame *tgame;
  BgMoveInfo info;
  BgMark marks[BG_MAX_MARKS];
  guint n_marks;

  if (game == NULL || !bg_game_describe_played (game, index, &info))
    return NULL;
  /* Even a pass that ends the game (a Triomino round blocked, the last). */
  if (ends_game (game, index))
    return TRIO_SOUND_END;
  if (!(info.flags & (BG_MOVE_PLACES | BG_MOVE_MOVES | BG_MOVE_REMOVES)))
    return NULL;
  tgame = trio_game_for (game);
  if (tgame != NULL && tgame->move_sound != NULL)
    {
      const char *own = tgame->move_sound (game, index);

      if (own != NULL)
        return own;
    }
  n_marks = marks_after (game, index, marks);
  if (gives_check (game, index, marks, n_marks))
    return TRIO_SOUND_CHECK;
  for (guint i = 0; i < n_marks; i++)
    if (marks[i].kind == BG_MARK_MILL || marks[i].kind == BG_MARK_LINE)
      return TRIO_SOUND_MILL;
  if (info.flags & BG_MOVE_REMOVES)
    return TRIO_SOUND_CAPTURE;
  return info.tile >= 0 ? TRIO_SOUND_TILE : TRIO_SOUND_PLACE;
}
