/* trio-status.c: the sentences that tell the players where the game stands */

#include "trio-status.h"

#include <glib/gi18n.h>

#include "bg-search.h"
#include "bg-triomino.h"

const char *
trio_status_game_name (const char *game_id)
{
  if (g_str_equal (game_id, "triple-alliance"))
    return _("La Triple Alliance");
  if (g_str_equal (game_id, "marelle"))
    return _("Marelle Triple");
  if (g_str_equal (game_id, "triomino"))
    return _("Triomino");
  if (g_str_equal (game_id, "trichess"))
    return _("TRICHESS");
  return game_id;
}

const char *
trio_status_game_blurb (const char *game_id)
{
  if (g_str_equal (game_id, "triple-alliance"))
    return _("Six pieces each on 24 points: the first line of three wins.");
  if (g_str_equal (game_id, "marelle"))
    return _("Nine men’s morris with diagonals: every mill takes a piece.");
  if (g_str_equal (game_id, "triomino"))
    return _("Triangular tiles for 2 to 6 players: bridges, hexagons, 400 points.");
  if (g_str_equal (game_id, "trichess"))
    return _("Chess for three players on three boards.");
  return "";
}

const char *
trio_status_level_name (int level)
{
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
describe_triomino_end (TrioSession  *session,
                       BgStatus      status)
{
  const void *pos = bg_game_get_position (trio_session_get_game (session));
  g_autofree char *winner = NULL;

  if (status.result == BG_RESULT_DRAW)
    return g_strdup (_("The game ends in a tie for the highest score."));
  winner = name_of (session, status.winner);
  return g_strdup_printf (_("%s wins with %d points."), winner,
                          bg_triomino_get_score (pos, status.winner));
}

/* "Échec et mat" and its cousins name the three roles. */
static char *
describe_trichess_end (TrioSession *session,
                       BgStatus     status)
{
  g_autofree char *seigneur = name_of (session, status.winner);
  g_autofree char *serf = status.loser >= 0 ? name_of (session, status.loser) : g_strdup ("");
  g_autofree char *vassal = status.other >= 0 ? name_of (session, status.other)
                                               : g_strdup ("");
  const char *what;

  switch (status.reason)
    {
    case BG_REASON_CHECKMATE: what = _("Checkmate (échec et mat)"); break;
    case BG_REASON_PAT: what = _("Échec et pat"); break;
    case BG_REASON_FAT: what = _("Échec et fat: a double check"); break;
    case BG_REASON_FAT_MATE: what = _("Échec fat et mat"); break;
    default: what = _("The game is over"); break;
    }
  /* Translators: the first %s is how the game ended, then the players' names */
  return g_strdup_printf (_("%s. %s is the seigneur, %s the serf and %s the vassal."),
                          what, seigneur, serf, vassal);
}

static char *
describe_end (TrioSession *session)
{
  const BgGame *game = trio_session_get_game (session);
  BgStatus status = bg_game_get_status (game);
  const char *id = bg_game_get_rules (game)->id;
  g_autofree char *winner = NULL;
  g_autofree char *loser = NULL;

  if (status.reason == BG_REASON_DRAW_AGREED)
    return g_strdup (_("Draw by agreement: the same position occurred five times."));
  if (g_str_equal (id, "triomino"))
    return describe_triomino_end (session, status);
  if (g_str_equal (id, "trichess"))
    return describe_trichess_end (session, status);
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

char *
trio_status_describe_player (TrioSession *session,
                             int          player,
                             const char  *name)
{
  const BgGame *game = trio_session_get_game (session);
  const BgRules *rules = bg_game_get_rules (game);
  const void *pos = bg_game_get_position (game);
  const TrioSeat *seat = trio_session_get_seat (session, player);
  g_autofree char *who = NULL;

  if (seat != NULL && seat->computer)
    /* Translators: a player's name and the computer's level, e.g. "Black (computer, Easy)" */
    who = g_strdup_printf (_("%s (computer, %s)"), name, trio_status_level_name (seat->level));
  else
    who = g_strdup (name);

  if (g_str_equal (rules->id, "triomino"))
    return g_strdup_printf (_("%s — %d points"), who, bg_triomino_get_score (pos, player));
  if (rules->pieces_in_hand != NULL && rules->pieces_in_hand (pos, player) > 0)
    return g_strdup_printf (ngettext ("%s — %d piece to place", "%s — %d pieces to place",
                                      rules->pieces_in_hand (pos, player)),
                            who, rules->pieces_in_hand (pos, player));
  return g_steal_pointer (&who);
}
