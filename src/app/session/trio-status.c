/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-status.c: the sentences that tell the players where the game stands */

#include "trio-status.h"

#include <glib/gi18n.h>

#include "bg-search.h"
#include "games/trio-game.h"

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
describe_resigned (TrioSession *session,
                   BgStatus     status)
{
  g_autofree char *loser = name_of (session, status.loser);
  g_autofree char *winner = NULL;

  if (status.winner < 0)
    /* Translators: a player's name */
    return g_strdup_printf (_("%s resigned."), loser);
  winner = name_of (session, status.winner);
  /* Translators: the winner's name, then the name of the player who resigned */
  return g_strdup_printf (_("%s wins: %s resigned."), winner, loser);
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
  if (status.reason == BG_REASON_RESIGNED)
    return describe_resigned (session, status);
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

/* The piece the last move took with the mill it closed, or NULL (a capture in TRICHESS
 * closes no mill). */
static char *
describe_last_mill (TrioSession  *session,
                    const BgGame *game)
{
  guint n = bg_game_get_n_played (game);
  BgMark marks[BG_MAX_MARKS];
  guint n_marks = bg_game_get_marks (game, marks, G_N_ELEMENTS (marks));
  gboolean mill = FALSE;
  g_autofree char *name = NULL;
  BgMoveInfo info;
  char point[16];

  for (guint i = 0; i < n_marks; i++)
    mill |= marks[i].kind == BG_MARK_MILL;
  if (n == 0 || !mill || !bg_game_describe_played (game, n - 1, &info) || info.removed < 0)
    return NULL;
  bg_game_get_rules (game)->location_name ((guint) info.removed, point, sizeof point);
  name = name_of (session, bg_game_get_played_player (game, n - 1));
  /* Translators: a player's name, then a point of the board, such as d6; the status line
   * goes on with whose turn it is */
  return g_strdup_printf (_("%s closed a mill and took the piece on %s"), name, point);
}

char *
trio_status_describe (TrioSession *session)
{
  const BgGame *game = trio_session_get_game (session);
  g_autofree char *name = NULL;
  g_autofree char *turn = NULL;
  g_autofree char *mill = NULL;
  int player;

  if (game == NULL)
    return g_strdup ("");
  if (bg_game_is_over (game))
    return describe_end (session);
  player = bg_game_get_player_to_move (game);
  name = name_of (session, player);
  if (trio_session_is_thinking (session))
    turn = g_strdup_printf (_("%s is thinking…"), name);
  else
    turn = g_strdup_printf (_("%s to move"), name);
  mill = describe_last_mill (session, game);
  if (mill == NULL)
    return g_steal_pointer (&turn);
  /* Translators: what the last move did, then whose turn it is: "White closed a mill and
   * took the piece on d6 — Black to move" */
  return g_strdup_printf (_("%s — %s"), mill, turn);
}

char *
trio_status_describe_removal (TrioSession *session)
{
  const BgGame *game = trio_session_get_game (session);
  int player, n;
  g_autofree char *name = NULL;
  g_autofree char *opponent = NULL;

  if (game == NULL)
    return g_strdup ("");
  player = bg_game_get_player_to_move (game);
  n = bg_game_get_n_players (game);
  name = name_of (session, player);
  opponent = name_of (session, (player + 1) % MAX (n, 1));
  /* Translators: the player who closes a mill, then the opponent: "White closes a mill:
   * take one of Black’s pieces." */
  return g_strdup_printf (_("%s closes a mill: take one of %s’s pieces."), name, opponent);
}

/* The perfect level plays as the expert until its table is installed. */
static int
playing_level (const TrioGame *game,
               int             level)
{
  if (level != BG_LEVEL_PERFECT)
    return level;
  return trio_game_has_installed_table (game) ? level : BG_LEVEL_MAX;
}

/* The pieces player has in hand, after the move pending when there is one: the rule set
 * plays it on a copy of the position, as the game would. */
static int
pieces_in_hand (const BgGame *game,
                int           player,
                BgMove        pending)
{
  const BgRules *rules = bg_game_get_rules (game);
  g_autofree void *after = NULL;

  if (pending == BG_MOVE_NONE || !bg_game_is_legal (game, pending))
    return rules->pieces_in_hand (bg_game_get_position (game), player);
  after = g_memdup2 (bg_game_get_position (game), rules->position_size);
  rules->play (after, pending);
  return rules->pieces_in_hand (after, player);
}

char *
trio_status_describe_player (TrioSession *session,
                             int          player,
                             const char  *name,
                             BgMove       pending)
{
  const BgGame *game = trio_session_get_game (session);
  const BgRules *rules = bg_game_get_rules (game);
  const TrioGame *tgame = trio_game_for (game);
  const TrioSeat *seat = trio_session_get_seat (session, player);
  g_autofree char *who = NULL;
  int in_hand;

  if (seat != NULL && seat->computer)
    /* Translators: a player's name and the computer's level, e.g. "Black (computer, Easy)" */
    who = g_strdup_printf (_("%s (computer, %s)"), name,
                           trio_status_level_name (playing_level (tgame, seat->level)));
  else
    who = g_strdup (name);

  if (tgame != NULL && tgame->describe_player != NULL)
    return tgame->describe_player (session, player, who);
  in_hand = rules->pieces_in_hand != NULL ? pieces_in_hand (game, player, pending) : 0;
  if (in_hand > 0)
    return g_strdup_printf (ngettext ("%s — %d piece to place", "%s — %d pieces to place",
                                      in_hand),
                            who, in_hand);
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

char *
trio_status_describe_solved_start (const BgGame *game)
{
  const TrioGame *tgame = game != NULL ? trio_game_for (game) : NULL;
  const BgRules *rules;
  g_autoptr (BgGame) start = NULL;
  g_autofree BgTaMoveValue *values = NULL;
  g_autofree char *winner = NULL;
  g_autofree char *loser = NULL;
  BgTaTable *table;
  guint n;
  int first;

  if (tgame == NULL || tgame->solved_table == NULL
      || (table = trio_game_dup_installed_table (tgame)) == NULL)
    return NULL;
  /* The game's first position, without its moves (a game may begin from a set-up one). */
  rules = bg_game_get_rules (game);
  if (rules->format_position != NULL)
    {
      g_autofree char *setup = rules->format_position (bg_game_get_position_at (game, 0));

      start = bg_game_new_from_position (rules->id, bg_game_get_options (game), setup, NULL);
    }
  values = g_new (BgTaMoveValue, MAX (rules->max_moves, 1));
  n = start != NULL ? tgame->solved_table->rate_moves (table, start, values) : 0;
  trio_game_unref_table (tgame, table);
  if (n == 0 || values[0].value.outcome != BG_TA_OUTCOME_WIN
      || bg_game_get_n_players (start) != 2)
    return NULL;
  first = bg_game_get_player_to_move (start);
  winner = trio_game_dup_seat_name (tgame, first);
  loser = trio_game_dup_seat_name (tgame, 1 - first);
  /* Translators: the seat that moves first (and wins with perfect play), then the other seat,
   * then the first again: "With perfect play Light, who begins, always wins: Dark’s moves
   * all show ✗ until Light errs." The ✗ is the advisor's badge of a losing move. */
  return g_strdup_printf (_("With perfect play %s, who begins, always wins: %s’s moves all "
                            "show ✗ until %s errs."), winner, loser, winner);
}

/* The solved table's value of a move for its player, in words. */
static char *
describe_value (BgTaValue value)
{
  guint moves = trio_status_winner_moves (value);

  switch (value.outcome)
    {
    case BG_TA_OUTCOME_WIN:
      return g_strdup_printf (ngettext ("wins in %u move", "wins in %u moves", moves), moves);
    case BG_TA_OUTCOME_LOSS:
      return g_strdup_printf (ngettext ("loses in %u move", "loses in %u moves", moves), moves);
    case BG_TA_OUTCOME_DRAW:
      return g_strdup (_("draws"));
    default:
      return g_strdup (_("not in the table"));
    }
}

char *
trio_status_describe_value (BgTaValue value)
{
  return describe_value (value);
}
