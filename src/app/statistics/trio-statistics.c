/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-statistics.c: the results of finished games and the best scores
 *
 * The store in memory and what a finished game adds to it; the records and their file are
 * trio-statistics-file.c's, which this calls down into to read and write them.
 */

#include "trio-statistics.h"

#include <glib/gi18n.h>

#include "bg-search.h"
#include "games/trio-game.h"

struct _TrioStatistics
{
  GObject parent_instance;

  char *path;
  GArray *rows;          /* TrioStatisticsRow, in no order */
  GArray *scores;        /* TrioStatisticsScore, best first, at most TRIO_STATISTICS_KEPT */
  GError *save_error;    /* the last save's, or NULL */
  gboolean keep_file;    /* the file could not be read nor set aside: never replace it */
  guint64 generation;    /* new for every store and at every reset */
};

enum
{
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* Every store, and every reset, has its own generation: what a session remembers having
 * recorded is withdrawn only from the store and generation it went into. */
static guint64 last_generation;

G_DEFINE_FINAL_TYPE (TrioStatistics, trio_statistics, G_TYPE_OBJECT)

/* Sides */

/* "computer:2,5" for the levels in mask. */
static char *
computer_side (guint levels)
{
  g_autoptr (GString) text = g_string_new ("computer:");

  for (int level = BG_LEVEL_MIN; level <= BG_LEVEL_PERFECT; level++)
    if (levels & (1u << level))
      g_string_append_printf (text, "%s%d", text->str[text->len - 1] == ':' ? "" : ",", level);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* The perfect level plays as the expert until its table is installed. */
static int
played_level (const BgGame *game,
              int           level)
{
  if (level != BG_LEVEL_PERFECT)
    return CLAMP (level, BG_LEVEL_MIN, BG_LEVEL_MAX);
  return trio_game_has_installed_table (trio_game_for (game)) ? level : BG_LEVEL_MAX;
}

static char *
seat_side (const BgGame   *game,
           const TrioSeat *seat,
           int             index)
{
  if (seat->computer)
    return computer_side (1u << played_level (game, seat->level));
  if (seat->name != NULL && trio_statistics_name_is_valid (seat->name))
    return g_strconcat ("player:", seat->name, NULL);
  return g_strdup_printf ("player-seat:%d", index);
}

char *
trio_statistics_game_key (const BgGame *game)
{
  const BgRules *rules = bg_game_get_rules (game);
  const TrioGame *tgame = trio_game_for (game);
  const char *option = tgame != NULL ? tgame->statistics_option : NULL;

  for (const BgOptionSpec *spec = rules->options;
       option != NULL && spec != NULL && spec->name != NULL; spec++)
    if (g_str_equal (spec->name, option))
      {
        const char *value = g_hash_table_lookup (bg_game_get_options (game), option);

        return g_strdup_printf ("%s/%s", rules->id, value != NULL ? value
                                                                  : spec->default_value);
      }
  return g_strdup (rules->id);
}

/* The store */

static void
trio_statistics_finalize (GObject *object)
{
  TrioStatistics *self = TRIO_STATISTICS (object);

  g_free (self->path);
  g_array_unref (self->rows);
  g_array_unref (self->scores);
  g_clear_error (&self->save_error);
  G_OBJECT_CLASS (trio_statistics_parent_class)->finalize (object);
}

static void
trio_statistics_class_init (TrioStatisticsClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = trio_statistics_finalize;
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
trio_statistics_init (TrioStatistics *self)
{
  self->rows = trio_statistics_rows_new ();
  self->scores = trio_statistics_scores_new ();
  self->generation = ++last_generation;
}

char *
trio_statistics_default_path (void)
{
  return g_build_filename (g_get_user_data_dir (), "trio", "statistics", NULL);
}

TrioStatistics *
trio_statistics_new (const char *path)
{
  TrioStatistics *self = g_object_new (TRIO_TYPE_STATISTICS, NULL);

  self->path = path != NULL ? g_strdup (path) : trio_statistics_default_path ();
  return self;
}

const char *
trio_statistics_get_path (TrioStatistics *self)
{
  g_return_val_if_fail (TRIO_IS_STATISTICS (self), NULL);
  return self->path;
}

const GError *
trio_statistics_get_save_error (TrioStatistics *self)
{
  g_return_val_if_fail (TRIO_IS_STATISTICS (self), NULL);
  return self->save_error;
}

static void
emit_changed (TrioStatistics *self)
{
  g_signal_emit (self, signals[CHANGED], 0);
}

/* The file */

/* The file's group of the best scores, or NULL when no game keeps them. */
static const char *
scores_group (void)
{
  const TrioGame *game = trio_game_find_best_scores ();

  return game != NULL ? game->best_scores->file_group : NULL;
}

gboolean
trio_statistics_load (TrioStatistics *self,
                      char          **aside,
                      GError        **error)
{
  g_autoptr (GArray) rows = trio_statistics_rows_new ();
  g_autoptr (GArray) scores = trio_statistics_scores_new ();
  g_autoptr (GError) local = NULL;
  g_autoptr (GError) aside_error = NULL;
  g_autofree char *new_name = NULL;
  gboolean missing = FALSE, ok;

  g_return_val_if_fail (TRIO_IS_STATISTICS (self), FALSE);

  if (aside != NULL)
    *aside = NULL;
  ok = trio_statistics_file_read (self->path, scores_group (), rows, scores, &missing, &local);
  self->keep_file = FALSE;
  if (!ok)
    {
      g_array_set_size (rows, 0);
      g_array_set_size (scores, 0);
      new_name = bg_save_set_aside (self->path, &aside_error);
      if (new_name == NULL)
        {
          g_message ("statistics: the file cannot be set aside: %s", aside_error->message);
          self->keep_file = TRUE;
        }
      g_debug ("statistics: %s is damaged: %s; kept as %s", self->path, local->message,
               new_name ? new_name : "(not renamed)");
    }
  else if (missing)
    g_debug ("statistics: no file at %s yet", self->path);
  else
    g_debug ("statistics: %u rows and %u scores read from %s", rows->len, scores->len,
             self->path);
  g_array_unref (self->rows);
  g_array_unref (self->scores);
  self->rows = g_steal_pointer (&rows);
  self->scores = g_steal_pointer (&scores);
  emit_changed (self);
  if (ok)
    return TRUE;
  if (aside != NULL)
    *aside = g_steal_pointer (&new_name);
  g_propagate_error (error, g_steal_pointer (&local));
  return FALSE;
}

static gboolean
write_file (TrioStatistics *self,
            GError        **error)
{
  if (self->keep_file)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_EXIST,
                   _("The damaged statistics file could not be set aside, so it is not "
                     "replaced."));
      return FALSE;
    }
  return trio_statistics_file_write (self->path, scores_group (), self->rows, self->scores,
                                     error);
}

gboolean
trio_statistics_save (TrioStatistics *self,
                      GError        **error)
{
  g_autoptr (GError) local = NULL;

  g_return_val_if_fail (TRIO_IS_STATISTICS (self), FALSE);

  g_clear_error (&self->save_error);
  if (write_file (self, &local))
    {
      g_debug ("statistics: saved to %s", self->path);
      return TRUE;
    }
  self->save_error = g_error_copy (local);
  g_propagate_error (error, g_steal_pointer (&local));
  return FALSE;
}

/* The records */

const TrioStatisticsRow *
trio_statistics_get_rows (TrioStatistics *self,
                          guint          *n_rows)
{
  g_return_val_if_fail (TRIO_IS_STATISTICS (self), NULL);
  *n_rows = self->rows->len;
  return (const TrioStatisticsRow *) self->rows->data;
}

const TrioStatisticsScore *
trio_statistics_get_best_scores (TrioStatistics *self,
                                 guint          *n_scores)
{
  g_return_val_if_fail (TRIO_IS_STATISTICS (self), NULL);
  *n_scores = MIN (self->scores->len, TRIO_STATISTICS_N_BEST);
  return (const TrioStatisticsScore *) self->scores->data;
}

guint
trio_statistics_get_count (TrioStatistics *self,
                           const char     *game,
                           const char     *side,
                           TrioOutcome     outcome)
{
  TrioStatisticsRow *row;

  g_return_val_if_fail (TRIO_IS_STATISTICS (self), 0);
  g_return_val_if_fail (outcome < TRIO_N_OUTCOMES, 0);
  row = trio_statistics_find_row (self->rows, game, side);
  return row != NULL ? row->counts[outcome] : 0;
}

gboolean
trio_statistics_reset (TrioStatistics *self,
                       GError        **error)
{
  gboolean ok;

  g_return_val_if_fail (TRIO_IS_STATISTICS (self), FALSE);

  g_array_set_size (self->rows, 0);
  g_array_set_size (self->scores, 0);
  self->generation = ++last_generation;
  g_debug ("statistics: reset");
  ok = trio_statistics_save (self, error);
  emit_changed (self);
  return ok;
}

/* Recording */

/* What the store last recorded of a session's game, kept on the session: the same end
 * signalled again is not counted twice, and a new end of the same game (after an undo)
 * replaces it. */
typedef struct
{
  const BgGame *game;   /* NULL once the session shows another game */
  guint64 generation;
  guint n_played;
  guint64 key;
  char *game_key;
  guint n_sides;
  char *sides[TRIO_MAX_SEATS];
  TrioOutcome outcomes[TRIO_MAX_SEATS];
  guint64 score_id;     /* its best scores, or 0 */
} Recorded;

static void
recorded_clear (Recorded *recorded)
{
  g_clear_pointer (&recorded->game_key, g_free);
  for (guint i = 0; i < recorded->n_sides; i++)
    g_clear_pointer (&recorded->sides[i], g_free);
  recorded->n_sides = 0;
  recorded->score_id = 0;
  recorded->game = NULL;
}

static void
recorded_free (gpointer data)
{
  recorded_clear (data);
  g_free (data);
}

/* Every new game of the session goes through "changed" (trio_session_resume()). */
static void
session_changed (TrioSession *session,
                 Recorded    *recorded)
{
  if (recorded->game != trio_session_get_game (session))
    recorded->game = NULL;
}

static Recorded *
recorded_for (TrioSession *session)
{
  Recorded *recorded = g_object_get_data (G_OBJECT (session), "trio-statistics-recorded");

  if (recorded == NULL)
    {
      recorded = g_new0 (Recorded, 1);
      g_object_set_data_full (G_OBJECT (session), "trio-statistics-recorded", recorded,
                              recorded_free);
      g_signal_connect (session, "changed", G_CALLBACK (session_changed), recorded);
    }
  return recorded;
}

static void
withdraw (TrioStatistics *self,
          Recorded       *recorded)
{
  for (guint i = 0; i < recorded->n_sides; i++)
    {
      TrioStatisticsRow *row = trio_statistics_find_row (self->rows, recorded->game_key,
                                                         recorded->sides[i]);

      if (row == NULL || row->counts[recorded->outcomes[i]] == 0)
        continue;
      row->counts[recorded->outcomes[i]]--;
      if (row->counts[0] + row->counts[1] + row->counts[2] == 0)
        g_array_remove_index_fast (self->rows,
                                   (guint) (row - (TrioStatisticsRow *) self->rows->data));
    }
  for (guint i = self->scores->len; recorded->score_id != 0 && i-- > 0;)
    if (g_array_index (self->scores, TrioStatisticsScore, i).id == recorded->score_id)
      g_array_remove_index (self->scores, i);
  g_debug ("statistics: the earlier end of this game is withdrawn");
}

/* The best scores of game's descriptor when game, over, was played for a score and the
 * statistics keep its best scores; NULL otherwise. */
static const TrioBestScores *
scored_by (const BgGame *game)
{
  const TrioGame *tgame = trio_game_for (game);

  if (tgame == NULL || tgame->best_scores == NULL || !tgame->best_scores->is_scored (game))
    return NULL;
  return tgame->best_scores;
}

static TrioOutcome
outcome_of (const BgGame *game,
            int           seat)
{
  BgStatus status = bg_game_get_status (game);
  const TrioBestScores *scored = scored_by (game);

  if (status.result == BG_RESULT_WIN)
    return status.winner == seat ? TRIO_OUTCOME_WON : TRIO_OUTCOME_LOST;
  /* A tie at the top of a game for a score does not make a draw of those below it. */
  if (scored != NULL)
    for (int p = 0; p < bg_game_get_n_players (game); p++)
      if (scored->final_score (game, p) > scored->final_score (game, seat))
        return TRIO_OUTCOME_LOST;
  return TRIO_OUTCOME_DRAWN;
}

static void
add_result (TrioStatistics *self,
            Recorded       *recorded,
            const char     *side,
            TrioOutcome     outcome)
{
  TrioStatisticsRow *row = trio_statistics_add_row (self->rows, recorded->game_key, side);
  static const char *const names[] = { "won", "drawn", "lost" };

  if (row == NULL)
    {
      g_message ("statistics: too many rows, %s against %s is not recorded",
                 recorded->game_key, side);
      return;
    }
  if (row->counts[outcome] < TRIO_STATISTICS_MAX_COUNT)
    row->counts[outcome]++;
  recorded->sides[recorded->n_sides] = g_strdup (side);
  recorded->outcomes[recorded->n_sides++] = outcome;
  g_debug ("statistics: %s, %s: %s", recorded->game_key, side, names[outcome]);
}

static void
add_scores (TrioStatistics       *self,
            TrioSession          *session,
            const TrioBestScores *scored,
            Recorded             *recorded)
{
  static guint64 last_id;
  const BgGame *game = trio_session_get_game (session);
  int n = bg_game_get_n_players (game);

  recorded->score_id = ++last_id;
  for (int seat = 0; seat < n; seat++)
    {
      TrioStatisticsScore score = { 0 };

      /* Online, the score of the player at this screen only. */
      if (trio_session_get_seat (session, seat)->computer
          || (trio_session_is_online (session) && seat != trio_session_get_local_seat (session)))
        continue;
      score.date = g_get_real_time () / G_USEC_PER_SEC;
      score.score = scored->final_score (game, seat);
      score.seat = (guint) seat;
      score.id = recorded->score_id;
      score.players = g_new0 (char *, n + 1);
      for (int p = 0; p < n; p++)
        score.players[p] = seat_side (game, trio_session_get_seat (session, p), p);
      g_debug ("statistics: %s score %d by %s", bg_game_get_rules (game)->name, score.score,
               score.players[seat]);
      trio_statistics_insert_score (self->scores, &score);
    }
}

static void
add_results (TrioStatistics *self,
             TrioSession    *session,
             Recorded       *recorded,
             int             n_humans)
{
  const BgGame *game = trio_session_get_game (session);
  int n = bg_game_get_n_players (game);
  guint levels = 0;
  int human = -1;

  /* Online: the player at this screen's result, apart from the games played here. */
  if (trio_session_is_online (session))
    {
      int local = trio_session_get_local_seat (session);

      add_result (self, recorded, "online", outcome_of (game, local));
      return;
    }
  for (int seat = 0; seat < n; seat++)
    {
      const TrioSeat *s = trio_session_get_seat (session, seat);

      if (s->computer)
        levels |= 1u << played_level (game, s->level);
      else if (n_humans > 1)
        {
          g_autofree char *side = seat_side (game, s, seat);

          add_result (self, recorded, side, outcome_of (game, seat));
        }
      else
        human = seat;
    }
  if (human >= 0)
    {
      g_autofree char *side = computer_side (levels);

      add_result (self, recorded, side, outcome_of (game, human));
    }
}

gboolean
trio_statistics_record_game (TrioStatistics *self,
                             TrioSession    *session)
{
  const BgGame *game;
  g_autoptr (GError) error = NULL;
  const TrioBestScores *scored;
  Recorded *recorded;
  int n_humans = 0;

  g_return_val_if_fail (TRIO_IS_STATISTICS (self), FALSE);
  g_return_val_if_fail (TRIO_IS_SESSION (session), FALSE);

  game = trio_session_get_game (session);
  if (game == NULL || !bg_game_is_over (game))
    return FALSE;
  for (int seat = 0; seat < bg_game_get_n_players (game); seat++)
    n_humans += !trio_session_get_seat (session, seat)->computer;
  if (n_humans == 0)
    {
      g_debug ("statistics: a game among computers is not recorded");
      return FALSE;
    }
  recorded = recorded_for (session);
  if (recorded->game == game && recorded->generation == self->generation)
    {
      if (recorded->n_played == bg_game_get_n_played (game)
          && recorded->key == bg_game_get_key (game))
        {
          g_debug ("statistics: this end of the game is recorded already");
          return FALSE;
        }
      withdraw (self, recorded);
    }
  recorded_clear (recorded);
  recorded->game = game;
  recorded->generation = self->generation;
  recorded->n_played = bg_game_get_n_played (game);
  recorded->key = bg_game_get_key (game);
  recorded->game_key = trio_statistics_game_key (game);

  add_results (self, session, recorded, n_humans);
  if ((scored = scored_by (game)) != NULL)
    add_scores (self, session, scored, recorded);
  if (!trio_statistics_save (self, &error))
    g_message ("statistics: not saved: %s", error->message);
  emit_changed (self);
  return TRUE;
}
