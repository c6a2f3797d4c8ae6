/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-game.c: a game in progress, whatever its rules */

#include "bg-game.h"
#include "bg-game-private.h"
#include "bg-random.h"

#include <string.h>
#include <glib/gi18n-lib.h>

struct _BgGame
{
  const BgRules *rules;
  GHashTable *options;
  GArray *positions;     /* positions[0] is the start, the last one the current position */
  GArray *keys;          /* the key of each position, for the repetition rule */
  GArray *moves;         /* moves[i] leads from positions[i] to positions[i + 1] */
  GPtrArray *texts;      /* the notation of each move as written when it was played */
  GArray *redo;          /* undone moves, the next one to redo last */
  guint declined_ply;    /* the ply at which a draw offer was declined, or G_MAXUINT */
  gboolean draw_agreed;
  int resigned;          /* the player who resigned, or -1 */
  guint32 seed;          /* of the computer players' choices (bg_game_search_seed()) */
  gboolean view;         /* set up from a view that hides something (bg-view.h) */
};

G_DEFINE_QUARK (bg-error-quark, bg_error)

gboolean
bg_fail (GError    **error,
         BgError     code,
         const char *format,
         ...)
{
  va_list args;

  va_start (args, format);
  g_propagate_error (error, g_error_new_valist (BG_ERROR, code, format, args));
  va_end (args);
  return FALSE;
}

static const void *
position_at (const BgGame *game,
             guint         ply)
{
  return game->positions->data + (gsize) ply * game->rules->position_size;
}

static guint
current_ply (const BgGame *game)
{
  return game->moves->len;
}

static BgGame *
game_alloc (const BgRules *rules,
            GHashTable    *options)
{
  BgGame *game = g_new0 (BgGame, 1);

  game->rules = rules;
  game->options = options;
  game->positions = g_array_sized_new (FALSE, TRUE, rules->position_size, 64);
  game->keys = g_array_sized_new (FALSE, FALSE, sizeof (guint64), 64);
  game->moves = g_array_sized_new (FALSE, FALSE, sizeof (BgMove), 64);
  game->texts = g_ptr_array_new_with_free_func (g_free);
  game->redo = g_array_new (FALSE, FALSE, sizeof (BgMove));
  game->declined_ply = G_MAXUINT;
  game->resigned = -1;
  return game;
}

const BgRules *
bg_rules_find (const char  *game_id,
               GError     **error)
{
  const BgRules *rules = bg_rules_lookup (game_id);

  if (rules == NULL)
    /* Translators: %s is a game's identifier, such as "marelle" */
    g_set_error (error, BG_ERROR, BG_ERROR_UNKNOWN_GAME, _("unknown game '%s'"), game_id);
  return rules;
}

BgGame *
bg_game_new_at (const BgRules *rules,
                GHashTable    *options,
                const void    *pos,
                gboolean       view)
{
  BgGame *game = game_alloc (rules, options);
  guint64 key = rules->key (pos);

  game->seed = g_random_int ();
  game->view = view;
  g_array_append_vals (game->positions, pos, 1);
  g_array_append_val (game->keys, key);
  return game;
}

static BgGame *
game_create (const char  *game_id,
             GHashTable  *options,
             const char  *setup,
             GError     **error)
{
  const BgRules *rules = bg_rules_find (game_id, error);
  g_autoptr (GHashTable) full = NULL;
  g_autofree guint8 *pos = NULL;

  if (rules == NULL)
    return NULL;
  full = bg_options_complete (rules, options, error);
  if (full == NULL)
    return NULL;

  pos = g_malloc0 (rules->position_size);
  if (!rules->init (pos, full, error))
    return NULL;
  if (setup != NULL)
    {
      if (rules->parse_position == NULL)
        {
          g_set_error (error, BG_ERROR, BG_ERROR_BAD_OPTION,
                       /* Translators: %s is a game's identifier, such as "marelle" */
                       _("%s cannot be set up from a position"), rules->id);
          return NULL;
        }
      if (!rules->parse_position (pos, full, setup, error))
        return NULL;
    }

  return bg_game_new_at (rules, g_steal_pointer (&full), pos, FALSE);
}

BgGame *
bg_game_new (const char  *game_id,
             GHashTable  *options,
             GError     **error)
{
  return game_create (game_id, options, NULL, error);
}

BgGame *
bg_game_new_from_position (const char  *game_id,
                           GHashTable  *options,
                           const char  *setup,
                           GError     **error)
{
  g_return_val_if_fail (setup != NULL, NULL);
  return game_create (game_id, options, setup, error);
}

BgGame *
bg_game_copy (const BgGame *game)
{
  BgGame *copy = game_alloc (game->rules, g_hash_table_ref (game->options));

  g_array_append_vals (copy->positions, game->positions->data, game->positions->len);
  g_array_append_vals (copy->keys, game->keys->data, game->keys->len);
  g_array_append_vals (copy->moves, game->moves->data, game->moves->len);
  g_array_append_vals (copy->redo, game->redo->data, game->redo->len);
  for (guint i = 0; i < game->texts->len; i++)
    g_ptr_array_add (copy->texts, g_strdup (game->texts->pdata[i]));
  copy->declined_ply = game->declined_ply;
  copy->draw_agreed = game->draw_agreed;
  copy->resigned = game->resigned;
  copy->seed = game->seed;
  copy->view = game->view;
  return copy;
}

void
bg_game_free (BgGame *game)
{
  if (game == NULL)
    return;
  g_hash_table_unref (game->options);
  g_array_unref (game->positions);
  g_array_unref (game->keys);
  g_array_unref (game->moves);
  g_ptr_array_unref (game->texts);
  g_array_unref (game->redo);
  g_free (game);
}

const BgRules *
bg_game_get_rules (const BgGame *game)
{
  return game->rules;
}

GHashTable *
bg_game_get_options (const BgGame *game)
{
  return game->options;
}

const void *
bg_game_get_position (const BgGame *game)
{
  return position_at (game, current_ply (game));
}

int
bg_game_get_player_to_move (const BgGame *game)
{
  return game->rules->player_to_move (bg_game_get_position (game));
}

int
bg_game_get_n_players (const BgGame *game)
{
  return game->rules->n_players (bg_game_get_position (game));
}

guint64
bg_game_get_key (const BgGame *game)
{
  return g_array_index (game->keys, guint64, current_ply (game));
}

GArray *
bg_game_get_legal_moves (const BgGame *game)
{
  GArray *moves = g_array_sized_new (FALSE, FALSE, sizeof (BgMove), game->rules->max_moves);
  guint n = 0;

  g_array_set_size (moves, game->rules->max_moves);
  if (!game->draw_agreed && game->resigned < 0)
    n = game->rules->legal_moves (bg_game_get_position (game), (BgMove *) moves->data);
  g_array_set_size (moves, n);
  return moves;
}

gboolean
bg_game_is_legal (const BgGame *game,
                  BgMove        move)
{
  g_autoptr (GArray) moves = bg_game_get_legal_moves (game);

  for (guint i = 0; i < moves->len; i++)
    if (g_array_index (moves, BgMove, i) == move)
      return TRUE;
  return FALSE;
}

char *
bg_game_format_move (const BgGame *game,
                     BgMove        move)
{
  char buf[64];

  game->rules->format_move (bg_game_get_position (game), move, buf, sizeof buf);
  return g_strdup (buf);
}

static void
push_move (BgGame *game,
           BgMove  move)
{
  const BgRules *rules = game->rules;
  guint ply = current_ply (game);
  guint64 key;

  g_ptr_array_add (game->texts, bg_game_format_move (game, move));
  /* Appending may move the array, so copy the position in place before playing. */
  g_array_set_size (game->positions, ply + 2);
  memcpy (game->positions->data + (gsize) (ply + 1) * rules->position_size,
          position_at (game, ply), rules->position_size);
  rules->play (game->positions->data + (gsize) (ply + 1) * rules->position_size, move);
  g_array_append_val (game->moves, move);
  key = rules->key (position_at (game, ply + 1));
  g_array_append_val (game->keys, key);
}

/* Plays a move already known to be legal. */
static void
play_legal (BgGame *game,
            BgMove  move)
{
  /* Replaying the move that was undone keeps the rest of the redo list. */
  if (game->redo->len > 0 && g_array_index (game->redo, BgMove, game->redo->len - 1) == move)
    g_array_set_size (game->redo, game->redo->len - 1);
  else
    g_array_set_size (game->redo, 0);
  push_move (game, move);
}

void
bg_game_push_seen (BgGame     *game,
                   BgMove      move,
                   const char *text,
                   const void *pos)
{
  guint64 key = game->rules->key (pos);

  g_return_if_fail (game->view);
  g_ptr_array_add (game->texts, g_strdup (text));
  g_array_append_vals (game->positions, pos, 1);
  g_array_append_val (game->moves, move);
  g_array_append_val (game->keys, key);
  g_array_set_size (game->redo, 0);
}

gboolean
bg_game_is_view (const BgGame *game)
{
  return game->view;
}

static gboolean
refuse_view (const BgGame  *game,
             GError       **error)
{
  if (!game->view)
    return FALSE;
  g_set_error (error, BG_ERROR, BG_ERROR_VIEW,
               _("this is a view of a game, which hides part of it: its moves are played "
                 "in the game itself"));
  return TRUE;
}

gboolean
bg_game_play (BgGame  *game,
              BgMove   move,
              GError **error)
{
  if (refuse_view (game, error))
    return FALSE;
  if (bg_game_is_over (game))
    {
      g_set_error (error, BG_ERROR, BG_ERROR_GAME_OVER, _("the game is over"));
      return FALSE;
    }
  if (!bg_game_is_legal (game, move))
    {
      g_set_error (error, BG_ERROR, BG_ERROR_ILLEGAL_MOVE, _("illegal move"));
      return FALSE;
    }
  play_legal (game, move);
  return TRUE;
}

gboolean
bg_game_parse_move (const BgGame *game,
                    const char   *text,
                    BgMove       *move,
                    GError      **error)
{
  g_autofree char *clean = g_strstrip (g_strdup (text));

  if (*clean == '\0')
    {
      g_set_error (error, BG_ERROR, BG_ERROR_MALFORMED_MOVE, _("empty move"));
      return FALSE;
    }
  if (!game->rules->parse_move (bg_game_get_position (game), clean, move, error))
    return FALSE;
  if (bg_game_is_over (game))
    {
      g_set_error (error, BG_ERROR, BG_ERROR_GAME_OVER, _("the game is over"));
      return FALSE;
    }
  if (!bg_game_is_legal (game, *move))
    {
      g_autoptr (GError) why = NULL;

      if (game->rules->explain_illegal != NULL
          && !game->rules->explain_illegal (bg_game_get_position (game), *move, &why))
        /* Translators: the move as it was written, then why it is not legal */
        g_set_error (error, BG_ERROR, BG_ERROR_ILLEGAL_MOVE, _("illegal move '%s': %s"),
                     clean, why->message);
      else
        /* Translators: %s is the move as it was written */
        g_set_error (error, BG_ERROR, BG_ERROR_ILLEGAL_MOVE, _("illegal move '%s'"), clean);
      return FALSE;
    }
  return TRUE;
}

gboolean
bg_game_play_text (BgGame     *game,
                   const char *text,
                   GError    **error)
{
  BgMove move;

  /* Parsing has checked that the game goes on and that the move is legal. */
  if (refuse_view (game, error) || !bg_game_parse_move (game, text, &move, error))
    return FALSE;
  play_legal (game, move);
  return TRUE;
}

char *
bg_game_to_text (const BgGame *game)
{
  return game->rules->to_text (bg_game_get_position (game));
}

char *
bg_game_format_position (const BgGame *game)
{
  if (game->rules->format_position == NULL)
    return NULL;
  return game->rules->format_position (bg_game_get_position (game));
}

gboolean
bg_game_can_undo (const BgGame *game)
{
  return current_ply (game) > 0;
}

gboolean
bg_game_can_redo (const BgGame *game)
{
  return game->redo->len > 0;
}

gboolean
bg_game_undo (BgGame *game)
{
  guint ply = current_ply (game);

  if (ply == 0)
    return FALSE;
  g_array_append_val (game->redo, g_array_index (game->moves, BgMove, ply - 1));
  g_array_set_size (game->moves, ply - 1);
  g_array_set_size (game->keys, ply);
  g_array_set_size (game->positions, ply);
  g_ptr_array_set_size (game->texts, ply - 1);
  game->draw_agreed = FALSE;
  game->resigned = -1;
  if (game->declined_ply >= ply)
    game->declined_ply = G_MAXUINT;
  return TRUE;
}

gboolean
bg_game_redo (BgGame *game)
{
  BgMove move;

  if (game->redo->len == 0 || bg_game_is_over (game))
    return FALSE;
  move = g_array_index (game->redo, BgMove, game->redo->len - 1);
  g_array_set_size (game->redo, game->redo->len - 1);
  push_move (game, move);
  return TRUE;
}

guint
bg_game_get_n_played (const BgGame *game)
{
  return game->moves->len;
}

BgMove
bg_game_get_played_move (const BgGame *game,
                         guint         index)
{
  g_return_val_if_fail (index < game->moves->len, BG_MOVE_NONE);
  return g_array_index (game->moves, BgMove, index);
}

const char *
bg_game_get_played_text (const BgGame *game,
                         guint         index)
{
  g_return_val_if_fail (index < game->texts->len, NULL);
  return game->texts->pdata[index];
}

const void *
bg_game_get_position_at (const BgGame *game,
                         guint         index)
{
  g_return_val_if_fail (index < game->positions->len, NULL);
  return position_at (game, index);
}

int
bg_game_get_played_player (const BgGame *game,
                           guint         index)
{
  g_return_val_if_fail (index < game->moves->len, -1);
  return game->rules->player_to_move (position_at (game, index));
}

gboolean
bg_game_describe_move (const BgGame *game,
                       BgMove        move,
                       BgMoveInfo   *info)
{
  g_return_val_if_fail (info != NULL, FALSE);
  if (game->rules->describe_move == NULL || !bg_game_is_legal (game, move))
    return FALSE;
  game->rules->describe_move (bg_game_get_position (game), move, info);
  return TRUE;
}

gboolean
bg_game_describe_played (const BgGame *game,
                         guint         index,
                         BgMoveInfo   *info)
{
  g_return_val_if_fail (info != NULL, FALSE);
  if (game->rules->describe_move == NULL || index >= game->moves->len)
    return FALSE;
  game->rules->describe_move (position_at (game, index),
                              g_array_index (game->moves, BgMove, index), info);
  return TRUE;
}

guint
bg_game_get_marks (const BgGame *game,
                   BgMark       *marks,
                   guint         max)
{
  guint ply = current_ply (game);

  g_return_val_if_fail (marks != NULL || max == 0, 0);
  if (game->rules->marks == NULL || max == 0)
    return 0;
  return game->rules->marks (ply > 0 ? position_at (game, ply - 1) : NULL,
                             ply > 0 ? g_array_index (game->moves, BgMove, ply - 1)
                                     : BG_MOVE_NONE,
                             position_at (game, ply), marks, max);
}

/* The path of a move known to be legal in pos. */
static guint
move_path (const BgRules *rules,
           const void    *pos,
           BgMove         move,
           guint         *locations,
           guint          max)
{
  BgMoveInfo info;
  guint n = 0;

  if (max == 0)
    return 0;
  if (rules->move_path != NULL)
    return rules->move_path (pos, move, locations, max);
  if (rules->describe_move == NULL)
    return 0;
  rules->describe_move (pos, move, &info);
  if (info.to < 0)
    return 0;
  if (info.from >= 0 && max >= 2)
    locations[n++] = (guint) info.from;
  locations[n++] = (guint) info.to;
  return n;
}

guint
bg_game_move_path (const BgGame *game,
                   BgMove        move,
                   guint        *locations,
                   guint         max)
{
  g_return_val_if_fail (locations != NULL || max == 0, 0);
  if (!bg_game_is_legal (game, move))
    return 0;
  return move_path (game->rules, bg_game_get_position (game), move, locations, max);
}

guint
bg_game_played_path (const BgGame *game,
                     guint         index,
                     guint        *locations,
                     guint         max)
{
  g_return_val_if_fail (locations != NULL || max == 0, 0);
  if (index >= game->moves->len)
    return 0;
  return move_path (game->rules, position_at (game, index),
                    g_array_index (game->moves, BgMove, index), locations, max);
}

guint32
bg_game_get_seed (const BgGame *game)
{
  return game->seed;
}

void
bg_game_set_seed (BgGame  *game,
                  guint32  seed)
{
  game->seed = seed;
}

/* A different seed at every ply of a game, and at the same ply of different games. */
guint32
bg_game_search_seed (const BgGame *game)
{
  guint64 mixed = bg_random_hash ((guint64) game->seed << 32 | current_ply (game));
  guint32 seed = (guint32) (mixed ^ (mixed >> 32));

  return seed != 0 ? seed : 1;
}

const guint64 *
bg_game_get_keys (const BgGame *game,
                  guint        *n_keys)
{
  *n_keys = game->keys->len;
  return (const guint64 *) game->keys->data;
}

guint
bg_game_get_repetitions (const BgGame *game)
{
  guint64 key = bg_game_get_key (game);
  guint count = 0;

  for (guint i = 0; i < game->keys->len; i++)
    count += g_array_index (game->keys, guint64, i) == key;
  return count;
}

static BgStatus
resigned_status (const BgGame *game,
                 const void   *pos)
{
  const BgRules *rules = game->rules;
  BgStatus status = { BG_RESULT_WIN, -1, -1, -1, BG_REASON_RESIGNED };

  status.loser = game->resigned;
  if (rules->n_players (pos) == 2)
    status.winner = 1 - game->resigned;
  else if (rules->resign_winner != NULL)
    status.winner = rules->resign_winner (pos, game->resigned);
  return status;
}

BgStatus
bg_game_get_status (const BgGame *game)
{
  const BgRules *rules = game->rules;
  const void *pos = bg_game_get_position (game);
  BgStatus status = rules->rule_status (pos);

  if (game->draw_agreed)
    {
      status.result = BG_RESULT_DRAW;
      status.winner = status.loser = status.other = -1;
      status.reason = BG_REASON_DRAW_AGREED;
      return status;
    }
  if (game->resigned >= 0)
    return resigned_status (game, pos);
  if (status.result != BG_RESULT_ONGOING || !rules->no_move_loses)
    return status;

  {
    g_autofree BgMove *moves = g_new (BgMove, rules->max_moves);

    if (rules->legal_moves (pos, moves) == 0)
      {
        int mover = rules->player_to_move (pos);

        status.result = BG_RESULT_WIN;
        status.loser = mover;
        status.winner = rules->n_players (pos) == 2 ? 1 - mover : -1;
        status.other = -1;
        status.reason = BG_REASON_NO_MOVE;
      }
  }
  return status;
}

gboolean
bg_game_is_over (const BgGame *game)
{
  return bg_game_get_status (game).result != BG_RESULT_ONGOING;
}

gboolean
bg_game_has_draw_offer (const BgGame *game)
{
  if (!game->rules->repetition_draw || game->draw_agreed)
    return FALSE;
  if (game->declined_ply == current_ply (game))
    return FALSE;
  if (bg_game_get_repetitions (game) < BG_REPETITION_COUNT)
    return FALSE;
  return !bg_game_is_over (game);
}

void
bg_game_accept_draw (BgGame *game)
{
  g_return_if_fail (bg_game_has_draw_offer (game));
  game->draw_agreed = TRUE;
  g_array_set_size (game->redo, 0);
}

gboolean
bg_game_resign (BgGame  *game,
                int      player,
                GError **error)
{
  g_return_val_if_fail (game != NULL, FALSE);

  if (player < 0 || player >= bg_game_get_n_players (game))
    return bg_fail (error, BG_ERROR_ILLEGAL_MOVE, _("there is no player %d"), player + 1);
  if (bg_game_is_over (game))
    return bg_fail (error, BG_ERROR_GAME_OVER, _("the game is over"));
  game->resigned = player;
  g_array_set_size (game->redo, 0);
  return TRUE;
}

int
bg_game_get_resigned (const BgGame *game)
{
  return game->resigned;
}

void
bg_game_decline_draw (BgGame *game)
{
  game->declined_ply = current_ply (game);
}

gboolean
bg_game_computer_accepts_draw (const BgGame *game,
                               int           player)
{
  const BgRules *rules = bg_game_get_rules (game);

  return rules->evaluate (bg_game_get_position (game), player) <= 0;
}

gboolean
bg_game_settle_draw_offer (BgGame *game)
{
  if (!bg_game_has_draw_offer (game))
    return FALSE;
  for (int i = 0; i < bg_game_get_n_players (game); i++)
    if (!bg_game_computer_accepts_draw (game, i))
      {
        bg_game_decline_draw (game);
        return FALSE;
      }
  bg_game_accept_draw (game);
  return TRUE;
}

static guint64
perft_rec (const BgRules *rules,
           guint8        *positions,
           BgMove        *moves,
           guint          depth)
{
  gsize size = rules->position_size;
  guint n = rules->legal_moves (positions, moves);
  guint64 total = 0;

  if (depth == 1)
    return n;
  for (guint i = 0; i < n; i++)
    {
      memcpy (positions + size, positions, size);
      rules->play (positions + size, moves[i]);
      total += perft_rec (rules, positions + size, moves + rules->max_moves, depth - 1);
    }
  return total;
}

guint64
bg_game_perft (const BgGame *game,
               guint         depth)
{
  const BgRules *rules = game->rules;
  g_autofree guint8 *positions = NULL;
  g_autofree BgMove *moves = NULL;

  if (depth == 0)
    return 1;
  if (bg_game_is_over (game) || game->view)
    return 0;
  positions = g_malloc ((gsize) (depth + 1) * rules->position_size);
  moves = g_new (BgMove, (gsize) depth * rules->max_moves);
  memcpy (positions, bg_game_get_position (game), rules->position_size);
  return perft_rec (rules, positions, moves, depth);
}
