/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-board-selection.c: choosing a move location by location, without GTK */

#include <string.h>
#include <glib/gi18n.h>

#include "trio-board-selection.h"

struct _TrioBoardSelection
{
  const BgGame  *game;
  const BgRules *rules;
  gboolean       interactive;

  /* The legal moves of the game's position, with their locations; n_played and key tell
   * whether they are still the game's. */
  GArray  *moves;
  guint  (*move_locs)[BG_MAX_MOVE_LOCATIONS];
  guint   *n_move_locs;
  guint    n_played;
  guint64  key;

  guint    selected[BG_MAX_MOVE_LOCATIONS];
  guint    n_selected;
  guint   *targets;     /* room for n_locations */
  guint    n_targets;
  GArray  *choices;     /* BgMove: the moves of an ambiguous selection */
  char    *refusal;     /* why the last choice was refused, or NULL */
};

TrioBoardSelection *
trio_board_selection_new (void)
{
  TrioBoardSelection *self = g_new0 (TrioBoardSelection, 1);

  self->interactive = TRUE;
  self->choices = g_array_new (FALSE, FALSE, sizeof (BgMove));
  return self;
}

static void
clear_moves (TrioBoardSelection *self)
{
  g_clear_pointer (&self->moves, g_array_unref);
  g_clear_pointer (&self->move_locs, g_free);
  g_clear_pointer (&self->n_move_locs, g_free);
  g_clear_pointer (&self->targets, g_free);
  g_clear_pointer (&self->refusal, g_free);
  self->n_targets = 0;
  self->n_selected = 0;
  g_array_set_size (self->choices, 0);
}

void
trio_board_selection_free (TrioBoardSelection *self)
{
  if (self == NULL)
    return;
  clear_moves (self);
  g_array_unref (self->choices);
  g_free (self->refusal);
  g_free (self);
}

/* Whether a legal move's locations start with the selection (and, if complete, are exactly
 * the selection). */
static gboolean
move_matches (const TrioBoardSelection *self,
              guint                     i,
              gboolean                  complete)
{
  if (self->n_move_locs[i] < self->n_selected
      || (complete && self->n_move_locs[i] != self->n_selected)
      || (!complete && self->n_move_locs[i] == self->n_selected))
    return FALSE;
  return memcmp (self->move_locs[i], self->selected, self->n_selected * sizeof (guint)) == 0;
}

static void
compute_targets (TrioBoardSelection *self)
{
  self->n_targets = 0;
  if (self->moves == NULL || !self->interactive)
    return;
  for (guint i = 0; i < self->moves->len; i++)
    {
      guint next;
      gboolean seen = FALSE;

      if (!move_matches (self, i, FALSE))
        continue;
      next = self->move_locs[i][self->n_selected];
      for (guint t = 0; t < self->n_targets && !seen; t++)
        seen = self->targets[t] == next;
      if (!seen && next < self->rules->n_locations)
        self->targets[self->n_targets++] = next;
    }
}

void
trio_board_selection_set_game (TrioBoardSelection *self,
                               const BgGame       *game)
{
  const void *pos;

  clear_moves (self);
  self->game = game;
  self->rules = game != NULL ? bg_game_get_rules (game) : NULL;
  if (game == NULL)
    return;

  pos = bg_game_get_position (game);
  self->moves = bg_game_get_legal_moves (game);
  self->move_locs = g_malloc_n (self->moves->len + 1, sizeof *self->move_locs);
  self->n_move_locs = g_new (guint, self->moves->len + 1);
  for (guint i = 0; i < self->moves->len; i++)
    self->n_move_locs[i] = self->rules->move_locations (pos,
                                                        g_array_index (self->moves, BgMove, i),
                                                        self->move_locs[i]);
  self->n_played = bg_game_get_n_played (game);
  self->key = bg_game_get_key (game);
  self->targets = g_new0 (guint, self->rules->n_locations + 1);
  compute_targets (self);
}

gboolean
trio_board_selection_is_stale (const TrioBoardSelection *self)
{
  return self->game != NULL
         && (bg_game_get_n_played (self->game) != self->n_played
             || bg_game_get_key (self->game) != self->key);
}

void
trio_board_selection_set_interactive (TrioBoardSelection *self,
                                      gboolean            interactive)
{
  self->interactive = !!interactive;
  trio_board_selection_clear (self);
}

static void
set_selection (TrioBoardSelection *self,
               const guint        *locations,
               guint               n)
{
  /* memcpy from NULL is undefined even for no bytes (UBSan stops the app on it). */
  if (n > 0)
    memcpy (self->selected, locations, n * sizeof (guint));
  self->n_selected = n;
  g_array_set_size (self->choices, 0);
  compute_targets (self);
}

void
trio_board_selection_clear (TrioBoardSelection *self)
{
  set_selection (self, NULL, 0);
}

const guint *
trio_board_selection_get_selected (const TrioBoardSelection *self,
                                   guint                    *n)
{
  *n = self->n_selected;
  return self->selected;
}

const guint *
trio_board_selection_get_targets (const TrioBoardSelection *self,
                                  guint                    *n)
{
  *n = self->n_targets;
  return self->targets;
}

gboolean
trio_board_selection_is_target (const TrioBoardSelection *self,
                                guint                     location)
{
  for (guint i = 0; i < self->n_targets; i++)
    if (self->targets[i] == location)
      return TRUE;
  return FALSE;
}

gboolean
trio_board_selection_is_start (const TrioBoardSelection *self,
                               guint                     location)
{
  if (self->moves == NULL)
    return FALSE;
  for (guint i = 0; i < self->moves->len; i++)
    if (self->n_move_locs[i] > 0 && self->move_locs[i][0] == location)
      return TRUE;
  return FALSE;
}

static TrioSelectionResult
complete (TrioBoardSelection *self,
          BgMove              move)
{
  trio_board_selection_clear (self);
  return (TrioSelectionResult) { TRIO_SELECTION_COMPLETE, FALSE, move };
}

/* The selection grew: a move once it is complete and unambiguous. */
static TrioSelectionResult
selection_extended (TrioBoardSelection *self)
{
  TrioSelectionResult result = { TRIO_SELECTION_EXTENDED, FALSE, BG_MOVE_NONE };

  if (self->n_targets > 0)
    return result;
  for (guint i = 0; i < self->moves->len; i++)
    if (move_matches (self, i, TRUE))
      g_array_append_val (self->choices, g_array_index (self->moves, BgMove, i));
  if (self->choices->len == 1)
    return complete (self, g_array_index (self->choices, BgMove, 0));
  if (self->choices->len > 1)
    result.outcome = TRIO_SELECTION_AMBIGUOUS;
  return result;
}

char *
trio_board_selection_explain (const TrioBoardSelection *self,
                              guint                     location)
{
  g_autoptr (GError) error = NULL;
  guint locations[BG_MAX_MOVE_LOCATIONS];

  if (self->game == NULL || !self->interactive || location >= self->rules->n_locations
      || self->n_selected >= BG_MAX_MOVE_LOCATIONS
      || trio_board_selection_is_stale (self))
    return NULL;
  if (self->n_selected > 0)
    memcpy (locations, self->selected, self->n_selected * sizeof (guint));
  locations[self->n_selected] = location;
  if (bg_game_explain_locations (self->game, locations, self->n_selected + 1, &error))
    return NULL;
  return g_strdup (error->message);
}

const char *
trio_board_selection_get_refusal (const TrioBoardSelection *self)
{
  return self->refusal;
}

BgMove
trio_board_selection_get_removal_move (const TrioBoardSelection *self)
{
  const void *pos;

  if (self->moves == NULL || self->n_selected == 0 || self->n_targets == 0
      || self->rules->describe_move == NULL || trio_board_selection_is_stale (self))
    return BG_MOVE_NONE;
  pos = bg_game_get_position (self->game);
  for (guint i = 0; i < self->moves->len; i++)
    {
      BgMove move = g_array_index (self->moves, BgMove, i);
      BgMoveInfo info;
      guint next;

      if (!move_matches (self, i, FALSE))
        continue;
      /* A capture's piece goes where the capturing piece lands: only a location of its own
       * is a removal to choose. */
      next = self->move_locs[i][self->n_selected];
      self->rules->describe_move (pos, move, &info);
      return (info.flags & BG_MOVE_REMOVES) != 0 && info.removed == (int) next
             && info.to != (int) next ? move : BG_MOVE_NONE;
    }
  return BG_MOVE_NONE;
}

gboolean
trio_board_selection_is_choosing_removal (const TrioBoardSelection *self)
{
  return trio_board_selection_get_removal_move (self) != BG_MOVE_NONE;
}

TrioSelectionResult
trio_board_selection_choose (TrioBoardSelection *self,
                             guint               location)
{
  TrioSelectionResult result = { TRIO_SELECTION_REFUSED, FALSE, BG_MOVE_NONE };

  g_clear_pointer (&self->refusal, g_free);
  if (self->game == NULL || !self->interactive || location >= self->rules->n_locations)
    return result;

  if (self->n_selected > 0 && location == self->selected[0])
    {
      trio_board_selection_clear (self);
      result.outcome = TRIO_SELECTION_CANCELLED;
      return result;
    }

  /* A complete move that could also go on (never in the current rule sets) is confirmed
   * by choosing its last location again. */
  if (self->n_selected > 0 && location == self->selected[self->n_selected - 1])
    {
      for (guint i = 0; i < self->moves->len; i++)
        if (move_matches (self, i, TRUE))
          return complete (self, g_array_index (self->moves, BgMove, i));
    }

  if (trio_board_selection_is_target (self, location)
      && self->n_selected < BG_MAX_MOVE_LOCATIONS)
    {
      guint sel[BG_MAX_MOVE_LOCATIONS];

      memcpy (sel, self->selected, self->n_selected * sizeof (guint));
      sel[self->n_selected] = location;
      set_selection (self, sel, self->n_selected + 1);
      return selection_extended (self);
    }

  /* Another piece that can move: start again from it; anything else is refused, and gives
   * up a selection, but for a mill's: its piece to take is still to choose. */
  if (self->n_selected > 0 && trio_board_selection_is_start (self, location))
    {
      trio_board_selection_clear (self);
      result = trio_board_selection_choose (self, location);
      result.gave_up = TRUE;
      return result;
    }
  self->refusal = trio_board_selection_explain (self, location);
  if (self->n_selected > 0 && !trio_board_selection_is_choosing_removal (self))
    {
      trio_board_selection_clear (self);
      result.gave_up = TRUE;
    }
  return result;
}

const BgMove *
trio_board_selection_get_choices (const TrioBoardSelection *self,
                                  guint                    *n)
{
  *n = self->choices->len;
  return (const BgMove *) (gconstpointer) self->choices->data;
}

char *
trio_board_selection_choice_label (const BgGame      *game,
                                   BgMove             move,
                                   const char *const *kind_names,
                                   int                n_kinds)
{
  BgMoveInfo info;

  if (bg_game_describe_move (game, move, &info) && (info.flags & BG_MOVE_PROMOTES) != 0
      && info.promotion > 0 && info.promotion < n_kinds && kind_names[info.promotion] != NULL)
    return g_strdup (_(kind_names[info.promotion]));
  return bg_game_format_move (game, move);
}
