/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-status.c: the sentences that tell the players where the game stands */

#include "trio-status.h"

#include <glib/gi18n.h>

#include "bg-search.h"
#include "bg-ta-table.h"
#include "trio-game.h"

const char *
trio_status_level_name (int level)
{
  if (level == BG_LEVEL_PERFECT)
    /* Translators: the computer level that plays from the solved game */
    return _("Perfect");
  switch (CLAMP (level, BG_LEVEL_MIN, BG_LEVEL_MAX))
    {
    case 1: return _("Beginner");
    case 2: return _("Easy");
    case 3: return _("Medium");
    case 4: return _("Hard");
    case 5: return _("Strong");
    default: return _("Expert");
    }
}

static char *
name_of (TrioSession *session,
         int          player)
{
  return trio_session_dup_player_name (session, player);
}

static char *
describe_end (TrioSession *session)
{
  const BgGame *game = trio_session_get_game (session);
  BgStatus status = bg_game_get_status (game);
  const TrioGame *tgame = trio_game_for (game);
  g_autofree char *winner = NULL;
  g_autofree char *loser = NULL;

  if (status.reason == BG_REASON_DRAW_AGREED)
    return g_strdup (_("Draw by agreement: the same position occurred five times."));
  if (tgame != NULL && tgame->describe_end != NULL)
    return tgame->describe_end (session, status);
  if (status.result != BG_RESULT_WIN || status.winner < 0)
    return g_strdup (_("The game is over."));

  winner = name_of (session, status.winner);
  loser = name_of (session, status.loser >= 0 ? status.loser : 1 - status.winner);
  switch (status.reason)
    {
    case BG_REASON_LINE_OF_THREE:
      return g_strdup_printf (_("%s wins with a line of three."), winner);
    case BG_REASON_TWO_PIECES:
      return g_strdup_printf (_("%s wins: %s has only two pieces left."), winner, loser);
    case BG_REASON_NO_MOVE:
      return g_strdup_printf (_("%s wins: %s cannot move."), winner, loser);
    default:
      return g_strdup_printf (_("%s wins."), winner);
    }
}

char *
trio_status_describe (TrioSession *session)
{
  const BgGame *game = trio_session_get_game (session);
  g_autofree char *name = NULL;
  int player;

  if (game == NULL)
    return g_strdup ("");
  if (bg_game_is_over (game))
    return describe_end (session);
  player = bg_game_get_player_to_move (game);
  name = name_of (session, player);
  if (trio_session_is_thinking (session))
    return g_strdup_printf (_("%s is thinking…"), name);
  return g_strdup_printf (_("%s to move"), name);
}

/* The perfect level plays as the expert until its table is installed. */
static int
playing_level (int level)
{
  g_autoptr (BgTaTable) table = NULL;

  if (level != BG_LEVEL_PERFECT)
    return level;
  table = bg_ta_table_get_default ();
  return table != NULL ? level : BG_LEVEL_MAX;
}

char *
trio_status_describe_player (TrioSession *session,
                             int          player,
                             const char  *name)
{
  const BgGame *game = trio_session_get_game (session);
  const BgRules *rules = bg_game_get_rules (game);
  const TrioGame *tgame = trio_game_for (game);
  const void *pos = bg_game_get_position (game);
  const TrioSeat *seat = trio_session_get_seat (session, player);
  g_autofree char *who = NULL;

  if (seat != NULL && seat->computer)
    /* Translators: a player's name and the computer's level, e.g. "Black (computer, Easy)" */
    who = g_strdup_printf (_("%s (computer, %s)"), name,
                           trio_status_level_name (playing_level (seat->level)));
  else
    who = g_strdup (name);

  if (tgame != NULL && tgame->describe_player != NULL)
    return tgame->describe_player (session, player, who);
  if (rules->pieces_in_hand != NULL && rules->pieces_in_hand (pos, player) > 0)
    return g_strdup_printf (ngettext ("%s — %d piece to place", "%s — %d pieces to place",
                                      rules->pieces_in_hand (pos, player)),
                            who, rules->pieces_in_hand (pos, player));
  return g_steal_pointer (&who);
}

guint
trio_status_winner_moves (BgTaValue value)
{
  /* The distance counts the plies of both players, and the player to move makes the
   * first: a win in 5 plies is 3 moves of his, a loss in 4 plies 2 moves of the winner. */
  return value.outcome == BG_TA_OUTCOME_WIN ? (value.distance + 1) / 2 : value.distance / 2;
}

/* The best moves, those of the same value as the first: "c2-c1, a4-b4". */
static char *
list_best_moves (const BgGame        *game,
                 const BgTaMoveValue *values,
                 guint                n_values,
                 guint               *n_best)
{
  g_autoptr (GString) text = g_string_new (NULL);
  const guint shown = 4;
  guint n = 1;

  while (n < n_values && bg_ta_value_compare (values[n].value, values[0].value) == 0)
    n++;
  for (guint i = 0; i < MIN (n, shown); i++)
    {
      g_autofree char *move = bg_game_format_move (game, values[i].move);

      g_string_append_printf (text, "%s%s", i > 0 ? ", " : "", move);
    }
  if (n > shown)
    g_string_append (text, ", …");
  *n_best = n;
  return g_string_free (g_steal_pointer (&text), FALSE);
}

char *
trio_status_describe_hint (TrioSession         *session,
                           const BgTaMoveValue *values,
                           guint                n_values)
{
  const BgGame *game = trio_session_get_game (session);
  BgTaValue value = values[0].value;
  int to_move = bg_game_get_player_to_move (game);
  g_autofree char *outcome = NULL;
  g_autofree char *moves = NULL;
  g_autofree char *best = NULL;
  guint n_best;

  if (value.outcome == BG_TA_OUTCOME_DRAW)
    outcome = g_strdup (_("Draw with best play"));
  else
    {
      g_autofree char *winner = name_of (session, value.outcome == BG_TA_OUTCOME_WIN
                                                  ? to_move : 1 - to_move);
      guint n = trio_status_winner_moves (value);

      /* Translators: who wins with perfect play, in his own moves: "Light wins in 5 moves" */
      outcome = g_strdup_printf (ngettext ("%s wins in %u move", "%s wins in %u moves", n),
                                 winner, n);
    }
  moves = list_best_moves (game, values, n_values, &n_best);
  /* Translators: the moves that keep the best result, e.g. "Best moves: c2-c1, a4-b4" */
  best = g_strdup_printf (ngettext ("Best move: %s", "Best moves: %s", n_best), moves);
  return g_strdup_printf ("%s\n%s", outcome, best);
}
