/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-game-triomino.c: Triomino in the application: its table and hand, its score sheet,
 * its rules page, the chooser's picture (a few tiles of a seeded game on the felt), the
 * sentences of the scores, the hands and the end of a game, the best scores the
 * statistics keep, and the sound of a bonus */

#include <glib/gi18n.h>

#include "bg-search.h"
#include "triomino/bg-triomino.h"
#include "board/trio-board-renderer.h"
#include "games/trio-game.h"
#include "games/trio-move-sound.h"
#include "session/trio-session.h"
#include "trio-score-sheet.h"
#include "trio-triomino-render.h"
#include "trio-triomino-view.h"

/* A few moves of the greedy player: instant, and the same table every time. */
static BgGame *
sample_game (void)
{
  g_autoptr (GHashTable) options = bg_options_new ();
  g_autoptr (BgSearch) search = bg_search_new_with_table (10);
  BgGame *game;

  g_hash_table_insert (options, g_strdup ("players"), g_strdup ("2"));
  g_hash_table_insert (options, g_strdup ("seed"), g_strdup ("5"));
  game = bg_game_new (trio_game_triomino.id, options, NULL);
  for (guint i = 0; game != NULL && i < 9 && !bg_game_is_over (game); i++)
    {
      BgSearchLimits limits;
      BgSearchResult result;

      bg_search_limits_for_level (2, &limits);
      if (!bg_search_run (search, game, &limits, &result)
          || !bg_game_play (game, result.move, NULL))
        break;
    }
  return game;
}

/* Triomino has no fixed board: its picture is the tiles of the game on the felt. */
static void
draw_picture (const BgGame *game,
              cairo_t      *cr,
              int           width,
              int           height)
{
  static RsvgHandle *felt;
  BgTriominoPlaced placed[BG_TRIOMINO_N_TILES];
  guint n = bg_triomino_get_placed (bg_game_get_position (game), placed);
  TrioTriGeometry geom;
  RsvgRectangle viewport = { 0, 0, width, height };

  /* Kept for the chooser's next frames. */
  if (felt == NULL)
    felt = trio_board_load_svg ("boards/triomino.svg", NULL);
  if (felt != NULL)
    rsvg_handle_render_document (felt, cr, &viewport, NULL);
  trio_tri_geometry_fit_placed (&geom, width, height, placed, n, width / 4.0);
  for (guint i = 0; i < n; i++)
    {
      double pts[3][2];

      trio_tri_triangle_points (&geom, placed[i].row, placed[i].col, pts);
      trio_tri_draw_tile (cr, pts, placed[i].values, TRIO_TILE_NORMAL);
    }
}

static char *
describe_end (TrioSession *session,
              BgStatus     status)
{
  const void *pos = bg_game_get_position (trio_session_get_game (session));
  g_autofree char *winner = NULL;
  int tiles[BG_TRIOMINO_N_TILES];

  if (!bg_triomino_is_scored (pos))
    {
      if (status.result == BG_RESULT_DRAW)
        return g_strdup (_("The table is blocked and the lowest hands are level: a draw."));
      winner = trio_session_dup_player_name (session, status.winner);
      return bg_triomino_get_hand (pos, status.winner, tiles) == 0
             ? g_strdup_printf (_("%s has played all his tiles and wins."), winner)
             : g_strdup_printf (_("The table is blocked; %s holds the lowest hand and wins."),
                                winner);
    }
  if (status.result == BG_RESULT_DRAW)
    return g_strdup (_("The game ends in a tie for the highest score."));
  winner = trio_session_dup_player_name (session, status.winner);
  return g_strdup_printf (_("%s wins with %d points."), winner,
                          bg_triomino_get_score (pos, status.winner));
}

/* The score, or in the children's game the tiles left in hand. */
static char *
describe_player (TrioSession *session,
                 int          player,
                 const char  *who)
{
  const void *pos = bg_game_get_position (trio_session_get_game (session));

  if (!bg_triomino_is_scored (pos))
    {
      /* Counted, hidden or not (online, the others' hands are). */
      int n = bg_triomino_get_hand_count (pos, player);

      return g_strdup_printf (ngettext ("%s — %d tile in hand", "%s — %d tiles in hand", n),
                              who, n);
    }
  return g_strdup_printf (_("%s — %d points"), who, bg_triomino_get_score (pos, player));
}

/* The best scores: of the game for points, not the children's game. */
static gboolean
is_scored (const BgGame *game)
{
  return bg_triomino_is_scored (bg_game_get_position (game));
}

static int
final_score (const BgGame *game,
             int           seat)
{
  return bg_triomino_get_score (bg_game_get_position (game), seat);
}

/* A tile that closes a hexagon or makes a bridge sounds its bonus (not in the children's
 * game, where nothing counts); the engine scores the placement. */
static const char *
move_sound (const BgGame *game,
            guint         index)
{
  const void *before = bg_game_get_position_at (game, index);
  BgTriominoScore score;

  if (before == NULL || !bg_triomino_is_scored (before)
      || !bg_triomino_score_move (before, bg_game_get_played_move (game, index), &score))
    return NULL;
  return score.bridge || score.hexagons > 0 ? TRIO_SOUND_BONUS : NULL;
}

static const TrioBestScores best_scores = {
  .is_scored = is_scored,
  .final_score = final_score,
  .file_group = "Triomino",
};

const TrioGame trio_game_triomino = {
  .id = "triomino",
  .rules_page = "triomino",
  .max_level = BG_LEVEL_MAX,
  .create_view = trio_triomino_view_new,
  .create_sheet = trio_score_sheet_new,
  .sample_game = sample_game,
  .draw_picture = draw_picture,
  .describe_end = describe_end,
  .describe_player = describe_player,
  .seat_color = trio_tri_seat_color,
  .best_scores = &best_scores,
  .move_sound = move_sound,
};
