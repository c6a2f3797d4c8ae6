/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-session.c: a game being played in the window: seats, computer moves, hints (its
 * online play: trio-session-online.c) */

#include "trio-session-private.h"

#include <gio/gio.h>
#include <glib/gi18n.h>

#include "bg-search.h"
#include "bg-view.h"
#include "games/trio-game.h"

/* 2^18 entries, 4 MiB: enough for the levels' time limits, and a quarter of the engine
 * tool's table, as the window's memory counts for the player. */
#define APP_TABLE_BITS 18

/* Where a search runs: a copy of the game, so the main thread may change its own. */
struct _TrioSearchJob
{
  BgGame *game;
  BgSearch *search;
  BgSearchLimits limits;
  BgSearchResult result;
  guint generation;
  gboolean hint;
  const TrioSolvedTable *solved;  /* a hint in a solved game: its table's operations */
  BgTaTable *table;        /* and its table (installed), or NULL */
  BgTaMoveValue *rated;    /* the table's rating of every move, best first */
  guint n_rated;
};

G_DEFINE_FINAL_TYPE (TrioSession, trio_session, G_TYPE_OBJECT)

enum
{
  CHANGED,
  THINKING_CHANGED,
  HINT,
  DRAW_OFFERED,
  GAME_OVER,
  COVER_CHANGED,
  MOVE_REQUESTED,
  MOVE_PLAYED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void schedule_turn (TrioSession *self);

static void
search_job_free (gpointer data)
{
  TrioSearchJob *job = data;

  bg_game_free (job->game);
  g_clear_pointer (&job->search, bg_search_free);
  if (job->table != NULL)
    job->solved->unref (job->table);
  g_free (job->rated);
  g_free (job);
}

static void
clear_seats (TrioSession *self)
{
  for (guint i = 0; i < self->n_seats; i++)
    g_clear_pointer (&self->seats[i].name, g_free);
  self->n_seats = 0;
}

/* Cancels the search under way; its result, when it comes, is thrown away. */
void
trio_session_cancel_search (TrioSession *self)
{
  self->generation++;
  if (self->held_source != 0)
    {
      g_clear_handle_id (&self->held_source, g_source_remove);
      self->held_move = BG_MOVE_NONE;
      g_clear_pointer (&self->held_view, bg_game_free);
      g_signal_emit (self, signals[THINKING_CHANGED], 0);
    }
  if (self->task == NULL)
    return;
  bg_search_cancel (self->job->search);
  g_clear_object (&self->task);
  self->job = NULL;
  g_signal_emit (self, signals[THINKING_CHANGED], 0);
}

static void
trio_session_dispose (GObject *object)
{
  TrioSession *self = TRIO_SESSION (object);

  trio_session_cancel_search (self);
  G_OBJECT_CLASS (trio_session_parent_class)->dispose (object);
}

static void
trio_session_finalize (GObject *object)
{
  TrioSession *self = TRIO_SESSION (object);

  clear_seats (self);
  g_clear_pointer (&self->game, bg_game_free);
  g_clear_pointer (&self->idle_search, bg_search_free);
  g_free (self->hint_values);
  G_OBJECT_CLASS (trio_session_parent_class)->finalize (object);
}

static void
trio_session_class_init (TrioSessionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = trio_session_dispose;
  object_class->finalize = trio_session_finalize;

  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[THINKING_CHANGED] = g_signal_new ("thinking-changed", G_TYPE_FROM_CLASS (klass),
                                            G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                            G_TYPE_NONE, 0);
  signals[HINT] = g_signal_new ("hint", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  signals[DRAW_OFFERED] = g_signal_new ("draw-offered", G_TYPE_FROM_CLASS (klass),
                                        G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                        G_TYPE_NONE, 0);
  signals[GAME_OVER] = g_signal_new ("game-over", G_TYPE_FROM_CLASS (klass),
                                     G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[COVER_CHANGED] = g_signal_new ("cover-changed", G_TYPE_FROM_CLASS (klass),
                                         G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                         G_TYPE_NONE, 0);
  signals[MOVE_REQUESTED] = g_signal_new ("move-requested", G_TYPE_FROM_CLASS (klass),
                                          G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                          G_TYPE_NONE, 1, G_TYPE_UINT);
  signals[MOVE_PLAYED] = g_signal_new ("move-played", G_TYPE_FROM_CLASS (klass),
                                       G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                       G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_BOOLEAN);
}

static void
trio_session_init (TrioSession *self)
{
  self->held_move = BG_MOVE_NONE;
  self->hide_hands = TRUE;
  self->revealed = -1;
  self->local_seat = -1;
}

TrioSession *
trio_session_new (void)
{
  return g_object_new (TRIO_TYPE_SESSION, NULL);
}

const BgGame *
trio_session_get_game (TrioSession *self)
{
  return self->game;
}

const TrioSeat *
trio_session_get_seat (TrioSession *self,
                       int          player)
{
  g_return_val_if_fail (player >= 0 && (guint) player < self->n_seats, NULL);
  return &self->seats[player];
}

char *
trio_session_dup_player_name (TrioSession *self,
                              int          player)
{
  if (player >= 0 && (guint) player < self->n_seats && self->seats[player].name != NULL
      && self->seats[player].name[0] != '\0')
    return g_strdup (self->seats[player].name);
  if (self->game != NULL && trio_game_for (self->game) != NULL)
    return trio_game_dup_seat_name (trio_game_for (self->game), player);
  return g_strdup_printf (_("Player %d"), player + 1);
}

gboolean
trio_session_is_thinking (TrioSession *self)
{
  return (self->task != NULL && !self->job->hint) || self->held_source != 0;
}

void
trio_session_set_pacing (TrioSession *self,
                         guint        animation_ms,
                         guint        pause_ms)
{
  self->animation_ms = animation_ms;
  self->pause_ms = pause_ms;
}

/* A move was played now; by a computer or not decides the pause before the next one. */
static void
note_move_time (TrioSession *self,
                gboolean     by_computer)
{
  self->last_move_time = g_get_monotonic_time ();
  self->last_by_computer = by_computer;
}

void
trio_session_emit_thinking (TrioSession *self)
{
  g_signal_emit (self, signals[THINKING_CHANGED], 0);
}

/* The human seat to move, whatever the computer is doing, or -1. */
static int
human_seat_to_move (TrioSession *self)
{
  int player;

  if (self->game == NULL || bg_game_is_over (self->game))
    return -1;
  player = bg_game_get_player_to_move (self->game);
  /* Online, the others' seats are played elsewhere. */
  if (self->local_seat >= 0 && player != self->local_seat)
    return -1;
  return (guint) player < self->n_seats && !self->seats[player].computer ? player : -1;
}

gboolean
trio_session_human_to_move (TrioSession *self)
{
  if (human_seat_to_move (self) < 0 || trio_session_is_thinking (self))
    return FALSE;
  /* Online, a move over the draw offer declines it (the server's rule). */
  if (self->local_seat >= 0)
    return !self->online_waiting;
  if (bg_game_has_draw_offer (self->game) && !self->draw_asked)
    return FALSE;
  return !trio_session_is_covered (self);
}

/* Pass-and-play privacy */

/* Whether the game hides part of each seat's position from the others and more than one
 * human shares the screen: only then is anything covered. */
gboolean
trio_session_is_pass_and_play (TrioSession *self)
{
  guint humans = 0;

  /* Online, one player sits at each screen. */
  if (self->game == NULL || self->local_seat >= 0
      || !bg_rules_has_hidden_information (bg_game_get_rules (self->game)))
    return FALSE;
  for (guint i = 0; i < self->n_seats; i++)
    if (!self->seats[i].computer)
      humans++;
  return humans >= 2;
}

gboolean
trio_session_is_covered (TrioSession *self)
{
  int seat = human_seat_to_move (self);

  return self->hide_hands && seat >= 0 && seat != self->revealed
         && trio_session_is_pass_and_play (self);
}

/* After every change: a human to move who is not the one who has seen their hidden part
 * last is covered, and then nobody's is seen (an undo under the cover must not bring back
 * the hand of the player who left the screen). Without the cover the human to move sees it. */
static void
note_seat_to_move (TrioSession *self)
{
  int seat = human_seat_to_move (self);

  if (seat < 0)
    return;
  if (!self->hide_hands || !trio_session_is_pass_and_play (self))
    self->revealed = seat;
  else if (seat != self->revealed)
    self->revealed = -1;
}

void
trio_session_uncover (TrioSession *self)
{
  if (!trio_session_is_covered (self))
    return;
  self->revealed = human_seat_to_move (self);
  g_debug ("cover: lifted for player %d", self->revealed + 1);
  g_signal_emit (self, signals[COVER_CHANGED], 0);
}

void
trio_session_set_hide_hands (TrioSession *self,
                             gboolean     hide)
{
  if (self->hide_hands == !!hide)
    return;
  self->hide_hands = !!hide;
  g_debug ("cover: hands hidden between players: %s", hide ? "on" : "off");
  /* Turned on, it covers from the next pass on: not the hand in sight now. */
  if (hide && human_seat_to_move (self) >= 0)
    self->revealed = human_seat_to_move (self);
  g_signal_emit (self, signals[COVER_CHANGED], 0);
}

gboolean
trio_session_get_hide_hands (TrioSession *self)
{
  return self->hide_hands;
}

/* With G_MESSAGES_DEBUG=Trio each move is logged: the GUI tests read it. The move is told
 * ("move-played"): played now, as opposed to a game loaded, undone or redone. */
static void
log_last_move (TrioSession *self,
               gboolean     by_other)
{
  guint n = bg_game_get_n_played (self->game);

  if (n == 0)
    return;
  g_debug ("move %u by player %d: %s", n, bg_game_get_played_player (self->game, n - 1) + 1,
           bg_game_get_played_text (self->game, n - 1));
  g_signal_emit (self, signals[MOVE_PLAYED], 0, n - 1, by_other);
}

static void
clear_hint (TrioSession *self)
{
  g_clear_pointer (&self->hint_values, g_free);
  self->n_hint_values = 0;
}

void
trio_session_changed (TrioSession *self)
{
  clear_hint (self);
  note_seat_to_move (self);
  g_signal_emit (self, signals[CHANGED], 0);
  schedule_turn (self);
}

/* The perfect level plays from the solved table, which only a game with one has
 * (TrioGame.solved_table). */
static int
max_level (const BgGame *game)
{
  const TrioGame *tgame = trio_game_for (game);

  return tgame != NULL ? tgame->max_level : BG_LEVEL_MAX;
}

gboolean
trio_session_resume (TrioSession    *self,
                     BgGame         *game,
                     const TrioSeat *seats,
                     guint           n_seats,
                     GError        **error)
{
  return trio_session_load (self, game, seats, n_seats, -1, error);
}

gboolean
trio_session_load (TrioSession    *self,
                   BgGame         *game,
                   const TrioSeat *seats,
                   guint           n_seats,
                   int             local_seat,
                   GError        **error)
{
  TrioSeat humans[TRIO_MAX_SEATS] = { { 0 } };

  /* A saved game may have no seat lines: everyone is a human then. */
  if (n_seats == 0 && bg_game_get_n_players (game) <= TRIO_MAX_SEATS)
    {
      seats = humans;
      n_seats = (guint) bg_game_get_n_players (game);
    }
  if (n_seats != (guint) bg_game_get_n_players (game) || n_seats > TRIO_MAX_SEATS)
    {
      g_set_error (error, BG_ERROR, BG_ERROR_BAD_OPTION, _("This game needs %d players."),
                   bg_game_get_n_players (game));
      bg_game_free (game);
      return FALSE;
    }
  trio_session_cancel_search (self);
  clear_seats (self);
  g_clear_pointer (&self->game, bg_game_free);
  self->game = game;
  for (guint i = 0; i < n_seats; i++)
    {
      self->seats[i] = seats[i];
      self->seats[i].level = CLAMP (seats[i].level, BG_LEVEL_MIN, max_level (game));
      self->seats[i].name = g_strdup (seats[i].name);
    }
  self->n_seats = n_seats;
  if (self->idle_search != NULL)
    bg_search_clear (self->idle_search);
  /* A game loaded already over is not announced again. */
  self->over_announced = bg_game_is_over (game);
  self->draw_asked = FALSE;
  self->last_move_time = 0;
  self->local_seat = local_seat;
  self->online_waiting = FALSE;
  /* A new game, or one restored or opened: whoever sits at the screen, the hand of the
   * human to move is covered. */
  self->revealed = -1;
  trio_session_changed (self);
  return TRUE;
}

gboolean
trio_session_start (TrioSession    *self,
                    const char     *game_id,
                    GHashTable     *options,
                    const TrioSeat *seats,
                    guint           n_seats,
                    GError        **error)
{
  BgGame *game = bg_game_new (game_id, options, error);
  const char *seed = g_getenv ("TRIO_SEED");

  if (game == NULL)
    return FALSE;
  /* The GUI test fixes the computer's choices, so that its keys never meet a point the
   * computer took in one run out of many (docs/testing.md). */
  if (seed != NULL)
    bg_game_set_seed (game, (guint32) g_ascii_strtoull (seed, NULL, 10));
  return trio_session_resume (self, game, seats, n_seats, error);
}

static void
search_thread (GTask        *task,
               gpointer      source,
               gpointer      data,
               GCancellable *cancellable)
{
  TrioSearchJob *job = data;
  const TrioGame *game = trio_game_for (job->game);

  if (job->table != NULL)
    {
      job->rated = g_new (BgTaMoveValue, bg_game_get_rules (job->game)->max_moves);
      job->n_rated = job->solved->rate_moves (job->table, job->game, job->rated);
      if (job->n_rated > 0)
        {
          job->result.move = job->rated[0].move;
          g_task_return_boolean (task, TRUE);
          return;
        }
    }
  /* What the game's search reads (Marelle's endgame tables). */
  if (game != NULL && game->prepare_search != NULL)
    game->prepare_search (job->game);
  bg_search_run (job->search, job->game, &job->limits, &job->result);
  g_task_return_boolean (task, TRUE);
}

static void
play_computer_move (TrioSession *self,
                    BgMove       move)
{
  if (!bg_game_play (self->game, move, NULL))
    {
      /* Online, the server's move was checked before it was held. */
      g_warning ("The computer chose a move that is not legal; this is a bug.");
      return;
    }
  self->generation++;
  self->draw_asked = FALSE;
  note_move_time (self, TRUE);
  log_last_move (self, TRUE);
  trio_session_changed (self);
}

static gboolean
held_move_due (gpointer user_data)
{
  TrioSession *self = user_data;
  BgMove move = self->held_move;

  self->held_source = 0;
  self->held_move = BG_MOVE_NONE;
  g_signal_emit (self, signals[THINKING_CHANGED], 0);
  play_computer_move (self, move);
  return G_SOURCE_REMOVE;
}

/* The computer's move (or, online, another seat's) is played once the move before it has
 * been seen: its animation is over and, after another computer's move, the pause has
 * passed. */
gint64
trio_session_hold_ms (TrioSession *self)
{
  gint64 wait_ms = self->animation_ms + (self->last_by_computer ? self->pause_ms : 0);

  return self->last_move_time == 0 ? 0
         : wait_ms - (g_get_monotonic_time () - self->last_move_time) / 1000;
}

void
trio_session_hold_move (TrioSession *self,
                        BgMove       move)
{
  gint64 left_ms = trio_session_hold_ms (self);

  if (left_ms <= 0)
    {
      g_signal_emit (self, signals[THINKING_CHANGED], 0);
      play_computer_move (self, move);
      return;
    }
  /* Still "thinking" to the window: the board stays read-only until the move is played. */
  self->held_move = move;
  self->held_source = g_timeout_add ((guint) left_ms, held_move_due, self);
}

static void
search_done (GObject      *source,
             GAsyncResult *res,
             gpointer      user_data)
{
  TrioSession *self = TRIO_SESSION (source);
  TrioSearchJob *job = g_task_get_task_data (G_TASK (res));

  /* The search and its transposition table serve again: one table, not one per move. */
  if (self->idle_search == NULL)
    self->idle_search = g_steal_pointer (&job->search);
  /* A search for a game that has changed since is stale: drop it. */
  if (job->generation != self->generation || G_TASK (res) != self->task)
    return;
  g_clear_object (&self->task);
  self->job = NULL;
  if (job->hint)
    {
      clear_hint (self);
      if (job->n_rated > 0)
        {
          self->hint_values = g_steal_pointer (&job->rated);
          self->n_hint_values = job->n_rated;
        }
      g_signal_emit (self, signals[HINT], 0, (guint) job->result.move);
      return;
    }
  trio_session_hold_move (self, job->result.move);
}

static void
start_search (TrioSession *self,
              int          level,
              gboolean     hint)
{
  TrioSearchJob *job = g_new0 (TrioSearchJob, 1);

  job->game = bg_game_copy (self->game);
  /* A cancelled search may still be running in its thread: it keeps its own. */
  job->search = self->idle_search != NULL ? g_steal_pointer (&self->idle_search)
                                          : bg_search_new_with_table (APP_TABLE_BITS);
  bg_search_limits_for_level (level, &job->limits);
  /* The game's own seed: varied play replays the same from a saved game. */
  job->limits.seed = bg_game_search_seed (self->game);
  if (hint)
    job->limits.time_limit_ms = MIN (job->limits.time_limit_ms, 1500);
  job->generation = self->generation;
  job->hint = hint;
  /* With the solved table a hint tells the value of the position, not only a move. */
  if (hint && max_level (self->game) == BG_LEVEL_PERFECT)
    {
      const TrioGame *game = trio_game_for (self->game);

      job->solved = game->solved_table;
      job->table = trio_game_dup_installed_table (game);
    }

  self->task = g_task_new (self, NULL, search_done, NULL);
  self->job = job;
  g_task_set_task_data (self->task, job, search_job_free);
  g_task_run_in_thread (self->task, search_thread);
  if (!hint)
    g_signal_emit (self, signals[THINKING_CHANGED], 0);
}

/* The computers answer the draw offer by their evaluation; the humans are asked only if
 * every computer agrees. */
static gboolean
computers_accept_draw (TrioSession *self)
{
  for (guint i = 0; i < self->n_seats; i++)
    if (self->seats[i].computer && !bg_game_computer_accepts_draw (self->game, (int) i))
      return FALSE;
  return TRUE;
}

gboolean
trio_session_has_human (TrioSession *self)
{
  for (guint i = 0; i < self->n_seats; i++)
    if (!self->seats[i].computer)
      return TRUE;
  return FALSE;
}

static void
schedule_turn (TrioSession *self)
{
  int player;

  if (self->game == NULL || self->task != NULL)
    return;
  if (bg_game_is_over (self->game))
    {
      if (!self->over_announced)
        {
          self->over_announced = TRUE;
          g_signal_emit (self, signals[GAME_OVER], 0);
        }
      return;
    }
  /* Online, the server plays the computer's seats and puts the draw offer. */
  if (self->local_seat >= 0)
    return;
  if (bg_game_has_draw_offer (self->game) && !self->draw_asked)
    {
      if (!computers_accept_draw (self))
        bg_game_decline_draw (self->game);
      else if (trio_session_has_human (self))
        {
          self->draw_asked = TRUE;
          g_signal_emit (self, signals[DRAW_OFFERED], 0);
          return;
        }
      else
        {
          bg_game_accept_draw (self->game);
          trio_session_changed (self);
          return;
        }
    }
  player = bg_game_get_player_to_move (self->game);
  if ((guint) player < self->n_seats && self->seats[player].computer)
    start_search (self, self->seats[player].level, FALSE);
}

void
trio_session_answer_draw (TrioSession *self,
                          gboolean     accept)
{
  if (self->game == NULL || !bg_game_has_draw_offer (self->game))
    return;
  if (accept)
    bg_game_accept_draw (self->game);
  else
    bg_game_decline_draw (self->game);
  self->draw_asked = FALSE;
  trio_session_changed (self);
}

gboolean
trio_session_play (TrioSession *self,
                   BgMove       move,
                   GError     **error)
{
  if (!trio_session_human_to_move (self))
    {
      g_set_error (error, BG_ERROR, BG_ERROR_ILLEGAL_MOVE, _("It is not your turn."));
      return FALSE;
    }
  trio_session_cancel_search (self);  /* a hint may be under way */
  if (self->local_seat >= 0)
    {
      /* Sent to the room, and played once the server has acknowledged it. */
      self->online_waiting = TRUE;
      g_signal_emit (self, signals[MOVE_REQUESTED], 0, (guint) move);
      g_signal_emit (self, signals[THINKING_CHANGED], 0);
      return TRUE;
    }
  if (!bg_game_play (self->game, move, error))
    return FALSE;
  self->draw_asked = FALSE;
  trio_session_note_own_move (self);
  trio_session_changed (self);
  return TRUE;
}

void
trio_session_note_own_move (TrioSession *self)
{
  note_move_time (self, FALSE);
  log_last_move (self, FALSE);
}

void
trio_session_request_hint (TrioSession *self)
{
  /* Online, no help against the others. */
  if (!trio_session_human_to_move (self) || self->task != NULL || self->local_seat >= 0)
    return;
  start_search (self, BG_LEVEL_MAX - 1, TRUE);
}

void
trio_session_stop (TrioSession *self)
{
  trio_session_cancel_search (self);
}

void
trio_session_go_on (TrioSession *self)
{
  schedule_turn (self);
}

const BgTaMoveValue *
trio_session_get_hint_values (TrioSession *self,
                              guint       *n_values)
{
  *n_values = self->n_hint_values;
  return self->hint_values;
}

void
trio_session_perfect_table_ready (TrioSession *self)
{
  int player;

  if (self->task == NULL || self->job->hint)
    return;
  /* A perfect player that began to search without its table starts again from it. */
  player = bg_game_get_player_to_move (self->game);
  if ((guint) player < self->n_seats && self->seats[player].level == BG_LEVEL_PERFECT)
    {
      trio_session_cancel_search (self);
      schedule_turn (self);
    }
}
