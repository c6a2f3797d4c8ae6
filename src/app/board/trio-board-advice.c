/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-board-advice.c: the solved table's value of every choice on the board (the advisor) */

#include "trio-board-advice.h"

#include <glib/gi18n.h>
#include <string.h>

#include "games/trio-game.h"
#include "session/trio-status.h"

void
trio_board_advice_clear (TrioBoardAdvice *self)
{
  g_clear_pointer (&self->rated, g_free);
  g_clear_pointer (&self->locations, g_free);
  g_clear_pointer (&self->n_locations, g_free);
  g_clear_pointer (&self->marks, g_free);
  self->n_rated = 0;
  self->n_marks = 0;
  self->n_board = 0;
}

gboolean
trio_board_advice_is_set (const TrioBoardAdvice *self)
{
  return self->n_rated > 0;
}

gboolean
trio_board_advice_read (TrioBoardAdvice *self,
                        const BgTaTable *table,
                        const BgGame    *game)
{
  const BgRules *rules;
  const TrioSolvedTable *solved;
  const void *pos;
  gint64 start = g_get_monotonic_time ();

  trio_board_advice_clear (self);
  if (table == NULL || game == NULL || bg_game_is_over (game))
    return FALSE;
  rules = bg_game_get_rules (game);
  solved = trio_game_for (game) != NULL ? trio_game_for (game)->solved_table : NULL;
  self->rated = g_new (BgTaMoveValue, rules->max_moves);
  /* 0 when the position is not in the table: no advice rather than a wrong one. */
  self->n_rated = solved != NULL ? solved->rate_moves (table, game, self->rated) : 0;
  g_debug ("advisor: %u moves rated in %.1f ms", self->n_rated,
           (g_get_monotonic_time () - start) / 1000.0);
  if (self->n_rated == 0)
    {
      trio_board_advice_clear (self);
      return FALSE;
    }
  pos = bg_game_get_position (game);
  self->locations = g_malloc_n (self->n_rated, sizeof *self->locations);
  self->n_locations = g_new (guint, self->n_rated);
  for (guint i = 0; i < self->n_rated; i++)
    self->n_locations[i] = rules->move_locations (pos, self->rated[i].move,
                                                  self->locations[i]);
  self->n_board = rules->n_locations;
  self->marks = g_new (TrioAdviceMark, self->n_board);
  trio_board_advice_choose (self, NULL, 0);
  return TRUE;
}

gboolean
trio_board_advice_read_default (TrioBoardAdvice *self,
                                gboolean         wanted,
                                const BgGame    *game)
{
  const TrioGame *tgame = wanted && game != NULL ? trio_game_for (game) : NULL;
  BgTaTable *table = trio_game_dup_installed_table (tgame);
  gboolean read = trio_board_advice_read (self, table, game);

  trio_game_unref_table (tgame, table);
  return read;
}

void
trio_board_advice_choose (TrioBoardAdvice *self,
                          const guint     *selected,
                          guint            n_selected)
{
  self->n_marks = 0;
  for (guint i = 0; i < self->n_rated; i++)
    {
      BgTaValue value = self->rated[i].value;
      TrioAdviceMark *mark = NULL;
      guint next;

      if (self->n_locations[i] <= n_selected
          || (n_selected > 0
              && memcmp (self->locations[i], selected, n_selected * sizeof *selected) != 0))
        continue;
      next = self->locations[i][n_selected];
      for (guint m = 0; m < self->n_marks && mark == NULL; m++)
        if (self->marks[m].location == next)
          mark = &self->marks[m];
      if (mark == NULL)
        {
          /* Only the board's locations have marks (and room for them). */
          if (next >= self->n_board)
            continue;
          mark = &self->marks[self->n_marks++];
          mark->location = next;
        }
      else if (bg_ta_value_compare (value, mark->value) <= 0)
        continue;
      mark->value = value;
      mark->moves = trio_status_winner_moves (value);
    }
  for (guint m = 0; m < self->n_marks; m++)
    {
      gboolean best = TRUE;

      for (guint o = 0; o < self->n_marks && best; o++)
        best = bg_ta_value_compare (self->marks[o].value, self->marks[m].value) <= 0;
      self->marks[m].best = best;
    }
}

const TrioAdviceMark *
trio_board_advice_lookup (const TrioBoardAdvice *self,
                          guint                  location)
{
  for (guint m = 0; m < self->n_marks; m++)
    if (self->marks[m].location == location)
      return &self->marks[m];
  return NULL;
}

void
trio_board_advice_fill (const TrioBoardAdvice *self,
                        gboolean               moving,
                        TrioBoardState        *state)
{
  state->advice = moving ? NULL : self->marks;
  state->n_advice = moving ? 0 : self->n_marks;
}

char *
trio_board_advice_describe (const TrioAdviceMark *mark)
{
  return trio_status_describe_value (mark->value);
}

char *
trio_board_advice_label (const TrioBoardAdvice *self,
                         guint                  location,
                         const char            *name,
                         const char            *content)
{
  const TrioAdviceMark *mark = trio_board_advice_lookup (self, location);
  g_autofree char *value = NULL;

  if (mark == NULL)
    /* Translators: a point or square of the board and what stands on it, e.g. "d6, black piece" */
    return g_strdup_printf (_("%s, %s"), name, content);
  value = trio_board_advice_describe (mark);
  /* Translators: a point, what stands on it and the perfect value of choosing it (the
   * advisor), e.g. "d2, empty: wins in 3 moves" */
  return g_strdup_printf (_("%s, %s: %s"), name, content, value);
}
