/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-statistics.h: the results of finished games and the best scores, kept in a file
 * ($XDG_DATA_HOME/trio/statistics)
 *
 * GLib only (no display needed): the application owns one TrioStatistics, the window's
 * game-over handler records each finished game, and the Statistics window shows it.
 *
 * What is recorded (docs/application.md, "Statistics"):
 *  - Per game and per side. A game is the rule set, and for a game whose descriptor names
 *    an option to keep apart (TrioGame.statistics_option: Marelle's variant, so that
 *    Marelle triple and nine men's morris are apart) that option's value too: the key is
 *    "ID" or "ID/VALUE".
 *  - A game with one human seat counts for that human (whatever his name) against the
 *    computer: the side is the computer's level, or its levels when the computer seats
 *    played at several ("computer:3", "computer:2,5").
 *  - A game with several human seats (hot seat) counts once for each human seat, under
 *    his name ("player:Alice"), or his seat when he has none ("player-seat:1", shown as
 *    the seat's name, "Black"), whatever the computer seats.
 *  - A game played online (trio_session_is_online()) counts for the player at this screen
 *    only, under the side "online", whoever the others were; and only that player's score
 *    enters the best scores.
 *  - A game among computers only is not recorded.
 *  - Won: the seat is the winner. Drawn: the game is drawn (but in a game played for a
 *    score, TrioGame.best_scores, a player whose score is below the best is beaten). Lost:
 *    anything else, so in TRICHESS both the serf and the vassal lose.
 *  - A game played for a score whose descriptor has best_scores (Triomino with scores):
 *    each human seat's final score enters the ten best (a tie keeps the earlier score
 *    first), with the date and every seat of the game.
 *  - One game counts once. A game-over signalled again for the same end (redo to the end)
 *    changes nothing; a game taken back after its end (undo) and finished again replaces
 *    its earlier result by the new one. A game loaded already over is not signalled by the
 *    session, so not recorded.
 */
#pragma once

#include <glib-object.h>

#include "session/trio-session.h"
#include "trio-statistics-file.h"

G_BEGIN_DECLS

#define TRIO_TYPE_STATISTICS (trio_statistics_get_type ())
G_DECLARE_FINAL_TYPE (TrioStatistics, trio_statistics, TRIO, STATISTICS, GObject)

/* $XDG_DATA_HOME/trio/statistics */
char            *trio_statistics_default_path  (void);
/* path NULL: the default path. Empty until load(). */
TrioStatistics  *trio_statistics_new           (const char     *path);
const char      *trio_statistics_get_path      (TrioStatistics *self);

/* Reads the file. No file is an empty store. A file that cannot be read or is damaged
 * (not a statistics file, binary, too large, counts out of range) is renamed aside
 * ("statistics.unreadable-DATE", as the saved game) and the store starts empty: returns
 * FALSE with error set, and *aside (if not NULL) the new name, or NULL when the file could
 * not be renamed; nothing is then saved over it during this run. */
gboolean         trio_statistics_load          (TrioStatistics *self,
                                                char          **aside,
                                                GError        **error);
/* Writes the file atomically, creating its folder. */
gboolean         trio_statistics_save          (TrioStatistics *self,
                                                GError        **error);
/* The error of the last save (NULL after a successful one). */
const GError    *trio_statistics_get_save_error (TrioStatistics *self);

/* Records the session's game if it is over (see above) and saves. Returns TRUE when the
 * statistics changed; a failed save is logged and kept for get_save_error(). */
gboolean         trio_statistics_record_game   (TrioStatistics *self,
                                                TrioSession    *session);
/* Forgets everything and saves. */
gboolean         trio_statistics_reset         (TrioStatistics *self,
                                                GError        **error);

/* The rows (in no order) and the best scores (best first). Valid until the next change. */
const TrioStatisticsRow   *trio_statistics_get_rows        (TrioStatistics *self,
                                                            guint          *n_rows);
const TrioStatisticsScore *trio_statistics_get_best_scores (TrioStatistics *self,
                                                            guint          *n_scores);
/* The count of one row, 0 when there is none (for tests). */
guint            trio_statistics_get_count     (TrioStatistics *self,
                                                const char     *game,
                                                const char     *side,
                                                TrioOutcome     outcome);
/* The key of a game for the rows: its id, and the value of its statistics option if it has
 * one ("ID/VALUE"). */
char            *trio_statistics_game_key      (const BgGame   *game);

/* Signals:
 *   "changed"   the rows or the scores changed (record, reset, load)
 */

G_END_DECLS
