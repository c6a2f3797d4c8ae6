/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-statistics.c: the results of finished games and the best Triomino scores
 *
 * The store in memory and what a finished game adds to it; the file is read and written by
 * trio-statistics-file.c.
 */

#include "trio-statistics-private.h"

#include <glib/gi18n.h>
#include <string.h>

#include "bg-search.h"
#include "triple-alliance/solver/bg-ta-table.h"
#include "triomino/bg-triomino.h"

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

static gboolean
parse_levels (const char *text,
              guint      *levels)
{
  g_auto (GStrv) words = g_strsplit (text, ",", -1);
  guint64 last = 0;

  *levels = 0;
  for (guint i = 0; words[i] != NULL; i++)
    {
      guint64 level;

      if (!g_ascii_string_to_unsigned (words[i], 10, BG_LEVEL_MIN, BG_LEVEL_PERFECT, &level,
                                       NULL) || level <= last)
        return FALSE;
      *levels |= 1u << level;
      last = level;
    }
  return *levels != 0;
}

gboolean
trio_side_parse (const char *text,
                 TrioSide   *side)
{
  memset (side, 0, sizeof *side);
  if (g_str_has_prefix (text, "computer:"))
    {
      side->kind = TRIO_SIDE_COMPUTER;
      return parse_levels (text + strlen ("computer:"), &side->levels);
    }
  if (g_str_has_prefix (text, "player:"))
    {
      side->kind = TRIO_SIDE_PLAYER;
      side->name = text + strlen ("player:");
      return trio_statistics_name_is_valid (side->name);
    }
  if (g_str_has_prefix (text, "player-seat:"))
    {
      guint64 seat;

      side->kind = TRIO_SIDE_PLAYER_SEAT;
      if (!g_ascii_string_to_unsigned (text + strlen ("player-seat:"), 10, 0,
                                       TRIO_MAX_SEATS - 1, &seat, NULL))
        return FALSE;
      side->seat = (int) seat;
      return TRUE;
    }
  return FALSE;
}

gboolean
trio_statistics_name_is_valid (const char *name)
{
  if (name[0] == '\0' || strlen (name) > BG_SAVE_MAX_NAME || !g_utf8_validate (name, -1, NULL))
    return FALSE;
  for (const char *p = name; *p != '\0'; p = g_utf8_next_char (p))
    if (g_unichar_iscntrl (g_utf8_get_char (p)))
      return FALSE;
  return TRUE;
}

int
trio_side_compare (const char *a,
                   const char *b)
{
  TrioSide sa, sb;
  gboolean va = trio_side_parse (a, &sa), vb = trio_side_parse (b, &sb);

  if (!va || !vb)
    return va != vb ? (va ? -1 : 1) : strcmp (a, b);
  if (sa.kind != sb.kind)
    return sa.kind < sb.kind ? -1 : 1;
  switch (sa.kind)
    {
    case TRIO_SIDE_COMPUTER:
      /* By the lowest level, then a single level before mixes. */
      if ((sa.levels & -sa.levels) != (sb.levels & -sb.levels))
        return (sa.levels & -sa.levels) < (sb.levels & -sb.levels) ? -1 : 1;
      return sa.levels < sb.levels ? -1 : sa.levels > sb.levels;
    case TRIO_SIDE_PLAYER:
      return g_utf8_collate (sa.name, sb.name);
    default:
      return sa.seat - sb.seat;
    }
}

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
played_level (int level)
{
  g_autoptr (BgTaTable) table = NULL;

  if (level != BG_LEVEL_PERFECT)
    return CLAMP (level, BG_LEVEL_MIN, BG_LEVEL_MAX);
  table = bg_ta_table_get_default ();
  return table != NULL ? level : BG_LEVEL_MAX;
}

static char *
seat_side (const TrioSeat *seat,
           int             index)
{
  if (seat->computer)
    return computer_side (1u << played_level (seat->level));
  if (seat->name != NULL && trio_statistics_name_is_valid (seat->name))
    return g_strconcat ("player:", seat->name, NULL);
  return g_strdup_printf ("player-seat:%d", index);
}

char *
trio_statistics_game_key (const BgGame *game)
{
  const BgRules *rules = bg_game_get_rules (game);

  for (const BgOptionSpec *spec = rules->options; spec != NULL && spec->name != NULL; spec++)
    if (g_str_equal (spec->name, "variant"))
      {
        const char *value = g_hash_table_lookup (bg_game_get_options (game), "variant");

        return g_strdup_printf ("%s/%s", rules->id, value != NULL ? value
                                                                  : spec->default_value);
      }
  return g_strdup (rules->id);
}

/* The store */

static void
row_clear (gpointer data)
{
  TrioStatisticsRow *row = data;

  g_free (row->game);
  g_free (row->side);
}

static void
score_clear (gpointer data)
{
  TrioStatisticsScore *score = data;

  g_strfreev (score->players);
}

GArray *
trio_statistics_rows_new (void)
{
  GArray *rows = g_array_new (FALSE, TRUE, sizeof (TrioStatisticsRow));

  g_array_set_clear_func (rows, row_clear);
  return rows;
}

GArray *
trio_statistics_scores_new (void)
{
  GArray *scores = g_array_new (FALSE, TRUE, sizeof (TrioStatisticsScore));

  g_array_set_clear_func (scores, score_clear);
  return scores;
}

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

void
trio_statistics_emit_changed (TrioStatistics *self)
{
  g_signal_emit (self, signals[CHANGED], 0);
}

TrioStatisticsRow *
trio_statistics_find_row (GArray     *rows,
                          const char *game,
                          const char *side)
{
  for (guint i = 0; i < rows->len; i++)
    {
      TrioStatisticsRow *row = &g_array_index (rows, TrioStatisticsRow, i);

      if (g_str_equal (row->game, game) && g_str_equal (row->side, side))
        return row;
    }
  return NULL;
}

/* The row of game and side, made if need be; NULL when there are too many rows. */
TrioStatisticsRow *
trio_statistics_add_row (GArray     *rows,
                         const char *game,
                         const char *side)
{
  TrioStatisticsRow *row = trio_statistics_find_row (rows, game, side);
  TrioStatisticsRow fresh = { 0 };

  if (row != NULL)
    return row;
  if (rows->len >= TRIO_STATISTICS_MAX_ROWS)
    return NULL;
  fresh.game = g_strdup (game);
  fresh.side = g_strdup (side);
  g_array_append_val (rows, fresh);
  return &g_array_index (rows, TrioStatisticsRow, rows->len - 1);
}

/* Best first; a tie keeps the earlier score first. */
static int
compare_scores (gconstpointer a,
                gconstpointer b)
{
  const TrioStatisticsScore *sa = a, *sb = b;

  if (sa->score != sb->score)
    return sa->score > sb->score ? -1 : 1;
  return sa->date < sb->date ? -1 : sa->date > sb->date;
}

/* Takes score (its players) into scores, kept sorted, at most TRIO_STATISTICS_KEPT. */
void
trio_statistics_insert_score (GArray              *scores,
                              TrioStatisticsScore *score)
{
  guint at = 0;

  while (at < scores->len
         && compare_scores (&g_array_index (scores, TrioStatisticsScore, at), score) <= 0)
    at++;
  if (at >= TRIO_STATISTICS_KEPT)
    {
      score_clear (score);
      return;
    }
  g_array_insert_val (scores, at, *score);
  if (scores->len > TRIO_STATISTICS_KEPT)
    g_array_set_size (scores, TRIO_STATISTICS_KEPT);
}

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
  trio_statistics_emit_changed (self);
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
  guint64 score_id;     /* its Triomino scores, or 0 */
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

static gboolean
is_scored_triomino (const BgGame *game)
{
  return bg_game_get_rules (game) == &bg_triomino_rules
         && bg_triomino_is_scored (bg_game_get_position (game));
}

static TrioOutcome
outcome_of (const BgGame *game,
            int           seat)
{
  BgStatus status = bg_game_get_status (game);
  const void *pos = bg_game_get_position (game);

  if (status.result == BG_RESULT_WIN)
    return status.winner == seat ? TRIO_OUTCOME_WON : TRIO_OUTCOME_LOST;
  /* A tie at the top of a Triomino game does not make a draw of those below it. */
  if (is_scored_triomino (game))
    for (int p = 0; p < bg_game_get_n_players (game); p++)
      if (bg_triomino_get_score (pos, p) > bg_triomino_get_score (pos, seat))
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
add_scores (TrioStatistics *self,
            TrioSession    *session,
            Recorded       *recorded)
{
  static guint64 last_id;
  const BgGame *game = trio_session_get_game (session);
  int n = bg_game_get_n_players (game);

  recorded->score_id = ++last_id;
  for (int seat = 0; seat < n; seat++)
    {
      TrioStatisticsScore score = { 0 };

      if (trio_session_get_seat (session, seat)->computer)
        continue;
      score.date = g_get_real_time () / G_USEC_PER_SEC;
      score.score = bg_triomino_get_score (bg_game_get_position (game), seat);
      score.seat = (guint) seat;
      score.id = recorded->score_id;
      score.players = g_new0 (char *, n + 1);
      for (int p = 0; p < n; p++)
        score.players[p] = seat_side (trio_session_get_seat (session, p), p);
      g_debug ("statistics: Triomino score %d by %s", score.score, score.players[seat]);
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

  for (int seat = 0; seat < n; seat++)
    {
      const TrioSeat *s = trio_session_get_seat (session, seat);

      if (s->computer)
        levels |= 1u << played_level (s->level);
      else if (n_humans > 1)
        {
          g_autofree char *side = seat_side (s, seat);

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
  if (is_scored_triomino (game))
    add_scores (self, session, recorded);
  if (!trio_statistics_save (self, &error))
    g_message ("statistics: not saved: %s", error->message);
  trio_statistics_emit_changed (self);
  return TRUE;
}
