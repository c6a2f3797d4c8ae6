/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-triomino-animation.c: the Triomino view's moves that move (a tile travelling to the
 * table, a draw from the pile, a pass's label) and the marks of each seat's last move */

#include "trio-triomino-animation.h"

#include <math.h>
#include <string.h>

#include "board/trio-animation.h"
#include "trio-triomino-table-marks.h"

#define SQRT3 1.73205080756887729353
#define LIFT 0.15        /* how much larger a travelling tile grows halfway, as if lifted */

typedef enum
{
  ANIM_NONE,
  ANIM_PLACE,
  ANIM_DRAW,
  ANIM_PASS,
} AnimKind;

/* A seat's last placement this round, and whether its last move was a pass. */
typedef struct
{
  gboolean placed;
  int      row, col;
  guint    placed_at;   /* the move's index */
  gboolean passed;
} SeatMark;

struct _TrioTriAnimation
{
  GtkWidget           *view, *table, *hand_area;
  TrioTriAnimationDone done;
  gpointer             data;

  /* What the view showed last */
  gboolean        shown;
  guint           shown_n;
  guint64         shown_key;
  int             n_players;
  int             viewer;          /* the seat at the bottom, or -1 */
  int             pile_count;
  SeatMark        marks[BG_TRIOMINO_MAX_PLAYERS];
  TrioTriHand     drawn;           /* the hand as last drawn */
  TrioTriGeometry drawn_geom;      /* the table as last drawn */
  int             drawn_width, drawn_height;

  /* The move in motion */
  AnimKind        kind;
  guint           move;            /* its number, from 1 */
  int             player;
  guint           tick_id;
  gint64          start_time;
  guint           frames;
  double          t;               /* the time gone, 0 to 1 */
  int             tile, row, col;
  int             values[3];       /* the travelling tile's, on the corners of an up triangle */
  TrioTriHand     from;            /* the hand as drawn when the move began */
  int             slot;            /* the placed tile's index in from, or -1: from the side */
  double          angle0, angle1;  /* its turn, in degrees clockwise from pointing up */
  gboolean        camera;          /* the table's frame moves from geom0 */
  TrioTriGeometry geom0;
  BgMove          settled;         /* a placement dropped in place: shown at once */
};

/* Geometry */

static double
lerp (double a,
      double b,
      double e)
{
  return a + (b - a) * e;
}

static double
eased (TrioTriAnimation *self)
{
  return trio_animation_ease (self->t);
}

/* Where a seat sits around the table, in degrees clockwise from the right: the viewer at
 * the bottom (90), then the next seats clockwise, as play goes round a card table. */
static double
seat_angle (TrioTriAnimation *self,
            int               seat)
{
  int n = MAX (self->n_players, 1);
  int viewer = self->viewer >= 0 ? self->viewer : 0;

  return 90.0 + 360.0 * ((seat - viewer + n) % n) / n;
}

/* The turn (in degrees clockwise, the one nearest to near) that brings a tile showing
 * values on the corners of an up triangle onto triangle (row, col) with placed on its
 * corners 0, 1, 2 (see bg-triomino.h). */
static double
final_angle (const int values[3],
             int       row,
             int       col,
             const int placed[3],
             double    near)
{
  static const double up[3] = { -90, 30, 150 }, down[3] = { 90, 210, 330 };
  gboolean is_up = bg_triomino_triangle_is_up (row, col);
  const double *target = is_up ? up : down;
  double best = is_up ? 0 : 60, best_distance = G_MAXDOUBLE;

  for (int k = 0; k < 3; k++)
    {
      double theta = (is_up ? 0 : 60) + 120 * k;
      gboolean fits = TRUE;

      for (int j = 0; j < 3; j++)
        for (int i = 0; i < 3; i++)
          if (fabs (remainder (up[j] + theta - target[i], 360)) < 1 && values[j] != placed[i])
            fits = FALSE;
      if (!fits)
        continue;
      theta += 360 * round ((near - theta) / 360);
      if (fabs (theta - near) < best_distance)
        {
          best = theta;
          best_distance = fabs (theta - near);
        }
    }
  return best;
}

/* The pile lies in the bottom left corner of the table: three tiles at most, stacked. */
/* Lifetime and timing */

TrioTriAnimation *
trio_tri_animation_new (GtkWidget            *view,
                        GtkWidget            *table,
                        GtkWidget            *hand_area,
                        TrioTriAnimationDone  done,
                        gpointer              data)
{
  TrioTriAnimation *self = g_new0 (TrioTriAnimation, 1);

  self->view = view;
  self->table = table;
  self->hand_area = hand_area;
  self->done = done;
  self->data = data;
  self->viewer = -1;
  self->drawn.player = -1;
  self->settled = BG_MOVE_NONE;
  return self;
}

void
trio_tri_animation_free (TrioTriAnimation *self)
{
  if (self->tick_id != 0)
    gtk_widget_remove_tick_callback (self->view, self->tick_id);
  g_free (self);
}

static void
queue_draws (TrioTriAnimation *self)
{
  gtk_widget_queue_draw (self->view);
  gtk_widget_queue_draw (self->table);
  gtk_widget_queue_draw (self->hand_area);
}

static void
stop (TrioTriAnimation *self)
{
  g_debug ("triomino animation of move %u: %u frames", self->move, self->frames);
  self->kind = ANIM_NONE;
  self->from.player = -1;
  queue_draws (self);
  if (self->done != NULL)
    self->done (self->data);
}

static gboolean
tick (GtkWidget     *widget G_GNUC_UNUSED,
      GdkFrameClock *clock,
      gpointer       data)
{
  TrioTriAnimation *self = data;
  gint64 now = gdk_frame_clock_get_frame_time (clock);

  /* From the first frame, not from the move: a late first frame skips nothing. */
  if (self->start_time == 0)
    self->start_time = now;
  self->t = (double) (now - self->start_time) / (TRIO_ANIMATION_MS * 1000.0);
  if (self->t >= 1)
    {
      self->tick_id = 0;
      stop (self);
      return G_SOURCE_REMOVE;
    }
  self->frames++;
  /* Only what moves: the travelling tile, the table under a moving frame or a pass's
   * label, the hand making room for a drawn tile. */
  if (self->kind == ANIM_PLACE || self->kind == ANIM_DRAW)
    gtk_widget_queue_draw (self->view);
  if (self->kind == ANIM_PASS || (self->kind == ANIM_PLACE && self->camera))
    gtk_widget_queue_draw (self->table);
  if (self->kind == ANIM_DRAW)
    gtk_widget_queue_draw (self->hand_area);
  return G_SOURCE_CONTINUE;
}

gboolean
trio_tri_animation_running (TrioTriAnimation *self)
{
  return self->kind != ANIM_NONE;
}

void
trio_tri_animation_finish (TrioTriAnimation *self)
{
  if (self->kind == ANIM_NONE)
    return;
  if (self->tick_id != 0)
    gtk_widget_remove_tick_callback (self->view, self->tick_id);
  self->tick_id = 0;
  stop (self);
}

gboolean
trio_tri_animation_hand_held (TrioTriAnimation *self)
{
  return self->kind == ANIM_PLACE && self->slot >= 0;
}

void
trio_tri_animation_reset (TrioTriAnimation *self)
{
  trio_tri_animation_finish (self);
  self->shown = FALSE;
  self->viewer = -1;
  self->n_players = 0;
  self->pile_count = 0;
  memset (self->marks, 0, sizeof self->marks);
}

/* Reading the game */

/* Each seat's last placement this round, and whether its last move was a pass (not when it
 * has drawn since: it is to move again). */
static void
read_marks (TrioTriAnimation *self,
            const BgGame     *game)
{
  const void *pos = bg_game_get_position (game);
  int round = bg_triomino_get_round (pos), found = 0;
  gboolean seen[BG_TRIOMINO_MAX_PLAYERS] = { FALSE };

  self->n_players = bg_triomino_get_n_players (pos);
  self->pile_count = bg_triomino_get_pile_count (pos);
  memset (self->marks, 0, sizeof self->marks);
  for (guint i = bg_game_get_n_played (game); i-- > 0 && found < self->n_players;)
    {
      int p = bg_game_get_played_player (game, i);
      BgMoveInfo info;

      if (bg_triomino_get_round (bg_game_get_position_at (game, i)) != round)
        break;
      if (p < 0 || p >= BG_TRIOMINO_MAX_PLAYERS || self->marks[p].placed
          || !bg_game_describe_played (game, i, &info))
        continue;
      if ((info.flags & BG_MOVE_PASSES) != 0 && !seen[p])
        self->marks[p].passed = TRUE;
      seen[p] = TRUE;
      if ((info.flags & BG_MOVE_PLACES) != 0 && info.tile >= 0)
        {
          self->marks[p].placed = TRUE;
          self->marks[p].row = info.row;
          self->marks[p].col = info.col;
          self->marks[p].placed_at = i;
          found++;
        }
    }
}

static void
start_place (TrioTriAnimation *self,
             const BgMoveInfo *info)
{
  self->kind = ANIM_PLACE;
  self->tile = info->tile;
  self->row = info->row;
  self->col = info->col;
  /* From the slot it was drawn in, when its seat's hand was on screen face up. */
  if (self->from.player == self->player && self->from.face_up)
    for (guint i = 0; i < self->from.n && self->slot < 0; i++)
      if (self->from.tiles[i] == self->tile)
        self->slot = (int) i;
  if (self->slot >= 0)
    {
      memcpy (self->values, self->from.values[self->slot], sizeof self->values);
      self->angle0 = 0;
    }
  else
    {
      /* Held upright by its seat, facing the middle of the table. */
      trio_tri_corner_values (self->tile, 0, TRUE, self->values);
      self->angle0 = seat_angle (self, self->player) - 90;
    }
  self->angle1 = final_angle (self->values, self->row, self->col, info->values, self->angle0);
  self->camera = TRUE;
  self->geom0 = self->drawn_geom;
}

static void
start_draw (TrioTriAnimation *self,
            const BgGame     *game,
            guint             index)
{
  int before[BG_TRIOMINO_N_TILES], after[BG_TRIOMINO_N_TILES];
  guint n_before = bg_triomino_get_hand (bg_game_get_position_at (game, index), self->player,
                                         before);
  guint n_after = bg_triomino_get_hand (bg_game_get_position (game), self->player, after);

  self->kind = ANIM_DRAW;
  self->tile = -1;
  for (guint i = 0; i < n_after && self->tile < 0; i++)
    {
      gboolean had = FALSE;

      for (guint j = 0; j < n_before && !had; j++)
        had = before[j] == after[i];
      if (!had)
        self->tile = after[i];
    }
}

static void
start (TrioTriAnimation *self,
       const BgGame     *game,
       guint             index)
{
  BgMoveInfo info;

  if (!bg_game_describe_played (game, index, &info))
    return;
  self->move = index + 1;
  self->player = bg_game_get_played_player (game, index);
  self->from = self->drawn;
  self->slot = -1;
  self->camera = FALSE;
  self->start_time = 0;
  self->frames = 0;
  self->t = 0;
  if ((info.flags & BG_MOVE_PLACES) != 0 && info.tile >= 0)
    start_place (self, &info);
  else if ((info.flags & BG_MOVE_DRAWS) != 0)
    start_draw (self, game, index);
  else if ((info.flags & BG_MOVE_PASSES) != 0)
    self->kind = ANIM_PASS;
  else
    return;
  self->tick_id = gtk_widget_add_tick_callback (self->view, tick, self, NULL);
  queue_draws (self);
}

void
trio_tri_animation_update (TrioTriAnimation *self,
                           const BgGame     *game)
{
  guint n = bg_game_get_n_played (game), n_keys;
  const guint64 *keys = bg_game_get_keys (game, &n_keys);
  guint64 key = bg_game_get_key (game);
  BgMove settled;
  gboolean next;

  /* The same position again (another refresh): whatever runs goes on. */
  if (self->shown && n == self->shown_n && key == self->shown_key)
    return;
  trio_tri_animation_finish (self);
  settled = self->settled;
  self->settled = BG_MOVE_NONE;
  next = self->shown && n == self->shown_n + 1 && n < n_keys && keys[n - 1] == self->shown_key
         && bg_triomino_get_round (bg_game_get_position_at (game, n - 1))
            == bg_triomino_get_round (bg_game_get_position (game));
  self->shown = TRUE;
  self->shown_n = n;
  self->shown_key = key;
  read_marks (self, game);
  if (!next)
    return;
  if (!trio_animation_enabled (self->view) || !gtk_widget_get_mapped (self->view)
      || self->drawn_width == 0)
    {
      g_debug ("triomino move %u shown at once", n);
      return;
    }
  if (settled != BG_MOVE_NONE && bg_game_get_played_move (game, n - 1) == settled)
    {
      g_debug ("triomino move %u dropped in place", n);
      return;
    }
  start (self, game, n - 1);
}

void
trio_tri_animation_settle (TrioTriAnimation *self,
                           BgMove            move)
{
  self->settled = move;
}

/* The table */

void
trio_tri_animation_camera (TrioTriAnimation *self,
                           int               width,
                           int               height,
                           TrioTriGeometry  *geom)
{
  /* The frame glides to its new place with the tile; a resize ends the glide, and a frame
   * that stays where it was needs none. */
  if (self->kind == ANIM_PLACE && self->camera && width == self->drawn_width
      && height == self->drawn_height && (fabs (self->geom0.ox - geom->ox) > 0.01
                                          || fabs (self->geom0.oy - geom->oy) > 0.01
                                          || fabs (self->geom0.side - geom->side) > 0.01))
    {
      double e = eased (self);

      geom->ox = lerp (self->geom0.ox, geom->ox, e);
      geom->oy = lerp (self->geom0.oy, geom->oy, e);
      geom->side = lerp (self->geom0.side, geom->side, e);
    }
  else
    self->camera = FALSE;
  self->drawn_geom = *geom;
  self->drawn_width = width;
  self->drawn_height = height;
}

gboolean
trio_tri_animation_hides (TrioTriAnimation       *self,
                          const BgTriominoPlaced *placed)
{
  return self->kind == ANIM_PLACE && placed->row == self->row && placed->col == self->col;
}

void
trio_tri_animation_draw_pile (TrioTriAnimation *self,
                              cairo_t          *cr,
                              int               width,
                              int               height)
{
  trio_tri_draw_pile (cr, self->table, width, height, self->pile_count);
}

void
trio_tri_animation_draw_marks (TrioTriAnimation      *self,
                               cairo_t               *cr,
                               const TrioTriGeometry *geom,
                               const char *const     *names,
                               int                    width,
                               int                    height)
{
  guint latest = 0, n_names = names != NULL ? g_strv_length ((char **) names) : 0;
  gboolean any = FALSE;

  for (int p = 0; p < self->n_players; p++)
    if (self->marks[p].placed && (!any || self->marks[p].placed_at > latest))
      {
        latest = self->marks[p].placed_at;
        any = TRUE;
      }
  /* Every seat's last tile in its colour, the most recent one the boldest. */
  for (int p = 0; p < self->n_players; p++)
    {
      const SeatMark *mark = &self->marks[p];
      gboolean newest = mark->placed_at == latest;
      double pts[3][2];
      GdkRGBA color;

      if (!mark->placed
          || (self->kind == ANIM_PLACE && mark->row == self->row && mark->col == self->col))
        continue;
      trio_tri_seat_color (p, &color);
      color.alpha = newest ? 1.0 : 0.85;
      trio_tri_triangle_points (geom, mark->row, mark->col, pts);
      trio_tri_draw_outline (cr, pts, &color,
                             newest ? MAX (geom->side * 0.065, 3.0)
                                    : MAX (geom->side * 0.035, 2.0));
    }
  for (int p = 0; p < self->n_players; p++)
    if (self->marks[p].passed)
      trio_tri_draw_pass_label (cr, self->table, p, (guint) p < n_names ? names[p] : NULL,
                                seat_angle (self, p), width, height, self->pile_count,
                                self->kind == ANIM_PASS && p == self->player ? eased (self)
                                                                             : 1);
}

/* The hand */

/* A tile's place in the hand as it was before the move, or FALSE for one new to it. */
static gboolean
from_points (TrioTriAnimation *self,
             int               tile,
             double            pts[3][2])
{
  for (guint i = 0; i < self->from.n; i++)
    if (self->from.tiles[i] == tile)
      {
        memcpy (pts, self->from.pts[i], sizeof (double) * 6);
        return TRUE;
      }
  return FALSE;
}

void
trio_tri_animation_draw_hand (TrioTriAnimation  *self,
                              cairo_t           *cr,
                              const TrioTriHand *live)
{
  gboolean sliding;

  /* The tile leaves the hand it was in: that hand stays until it lands. */
  if (trio_tri_animation_hand_held (self))
    {
      for (guint i = 0; i < self->from.n; i++)
        if ((int) i != self->slot)
          trio_tri_draw_hand_tile (cr, &self->from, i, self->from.pts[i]);
      return;
    }
  self->drawn = *live;
  if (live->face_up && live->player >= 0)
    self->viewer = live->player;
  /* A drawn tile comes in: the others make room for it. */
  sliding = self->kind == ANIM_DRAW && self->from.player == live->player;
  for (guint i = 0; i < live->n; i++)
    {
      double pts[3][2], old[3][2];

      if (sliding && live->tiles[i] == self->tile)
        continue;
      memcpy (pts, live->pts[i], sizeof pts);
      if (sliding && from_points (self, live->tiles[i], old))
        for (int k = 0; k < 3; k++)
          {
            pts[k][0] = lerp (old[k][0], pts[k][0], eased (self));
            pts[k][1] = lerp (old[k][1], pts[k][1], eased (self));
          }
      trio_tri_draw_hand_tile (cr, live, i, pts);
    }
}

/* The travelling tile */

/* A tile that turns over from its back to its face over [f0, f1] of the way: how wide it
 * shows, and whether its back is up. */
static double
turn_over (double    e,
           double    f0,
           double    f1,
           gboolean *back)
{
  double f = CLAMP ((e - f0) / (f1 - f0), 0, 1);

  *back = f < 0.5;
  return MAX (fabs (cos (G_PI * f)), 0.02);
}

/* A tile's way: from (fx, fy) at side fside to (tx, ty) at side tside (in the view),
 * turning from angle0 to angle1, clipped to the table or not, turning over from its back to
 * values over [flip0, flip1] of the way (values NULL: its back all the way). */
typedef struct
{
  double     fx, fy, fside, tx, ty, tside;
  double     angle0, angle1;
  gboolean   clip;
  double     flip0, flip1;
  const int *values;
} Flight;

static void
placing_flight (TrioTriAnimation      *self,
                const graphene_rect_t *table,
                const graphene_rect_t *hand,
                Flight                *f)
{
  double pts[3][2];

  trio_tri_triangle_points (&self->drawn_geom, self->row, self->col, pts);
  trio_tri_shape_of (pts, &f->tx, &f->ty, &f->tside);
  f->tx += table->origin.x;
  f->ty += table->origin.y;
  f->angle0 = self->angle0;
  f->angle1 = self->angle1;
  f->values = self->values;
  if (self->slot >= 0)
    {
      trio_tri_shape_of (self->from.pts[self->slot], &f->fx, &f->fy, &f->fside);
      f->fx += hand->origin.x;
      f->fy += hand->origin.y;
      return;
    }
  /* From under the table's edge on its seat's side, turning face up on the way. */
  f->fside = f->tside;
  trio_tri_edge_point (table->size.width, table->size.height, seat_angle (self, self->player),
              -f->fside * (1 + LIFT) / SQRT3, &f->fx, &f->fy);
  f->fx += table->origin.x;
  f->fy += table->origin.y;
  f->clip = TRUE;
  f->flip1 = 0.45;
}

static void
drawing_flight (TrioTriAnimation      *self,
                const graphene_rect_t *table,
                const graphene_rect_t *hand,
                Flight                *f)
{
  double pts[3][2];
  int slot = -1;

  trio_tri_pile_points (table->size.width, table->size.height, MIN (self->pile_count, 3), pts);
  trio_tri_shape_of (pts, &f->fx, &f->fy, &f->fside);
  f->fx += table->origin.x;
  f->fy += table->origin.y;
  if (self->from.player == self->drawn.player)
    for (guint i = 0; i < self->drawn.n && slot < 0; i++)
      if (self->drawn.tiles[i] == self->tile)
        slot = (int) i;
  if (slot >= 0)
    {
      /* Into its place in the hand, face up if the hand is. */
      trio_tri_shape_of (self->drawn.pts[slot], &f->tx, &f->ty, &f->tside);
      f->tx += hand->origin.x;
      f->ty += hand->origin.y;
      f->values = self->drawn.face_up ? self->drawn.values[slot] : NULL;
      f->flip0 = 0.35;
      f->flip1 = 0.85;
      return;
    }
  /* A hand not on screen: the tile goes off to its seat's side. */
  f->tside = f->fside;
  f->angle1 = seat_angle (self, self->player);
  trio_tri_edge_point (table->size.width, table->size.height, f->angle1, -f->tside, &f->tx, &f->ty);
  f->tx += table->origin.x;
  f->ty += table->origin.y;
  f->angle1 -= 90;
  f->clip = TRUE;
}

static void
draw_flight (TrioTriAnimation      *self,
             cairo_t               *cr,
             const graphene_rect_t *table,
             const Flight          *f)
{
  double e = eased (self), pts[3][2], squash = 1;
  gboolean back = f->values == NULL;

  if (f->clip)
    {
      cairo_rectangle (cr, table->origin.x, table->origin.y, table->size.width,
                       table->size.height);
      cairo_clip (cr);
    }
  if (f->values != NULL && f->flip1 > 0)
    squash = turn_over (e, f->flip0, f->flip1, &back);
  trio_tri_turned_points (lerp (f->fx, f->tx, e), lerp (f->fy, f->ty, e),
                          lerp (f->fside, f->tside, e) * (1 + LIFT * sin (G_PI * e)),
                          lerp (f->angle0, f->angle1, e), squash, pts);
  if (back)
    trio_tri_draw_back (cr, pts);
  else
    trio_tri_draw_tile (cr, pts, f->values, TRIO_TILE_NORMAL);
}

void
trio_tri_animation_snapshot (TrioTriAnimation *self,
                             GtkSnapshot      *snapshot)
{
  graphene_rect_t table, hand, box;
  Flight f = { 0 };
  double r;
  cairo_t *cr;

  if ((self->kind != ANIM_PLACE && self->kind != ANIM_DRAW) || self->drawn_width == 0
      || !gtk_widget_compute_bounds (self->table, self->view, &table)
      || !gtk_widget_compute_bounds (self->hand_area, self->view, &hand))
    return;
  if (self->kind == ANIM_PLACE)
    placing_flight (self, &table, &hand, &f);
  else
    drawing_flight (self, &table, &hand, &f);
  /* Drawn over the tile's way only: the rest of the view is not drawn again. */
  r = MAX (f.fside, f.tside) * (1 + LIFT) / SQRT3 + 4;
  graphene_rect_init (&box, MIN (f.fx, f.tx) - r, MIN (f.fy, f.ty) - r,
                      fabs (f.tx - f.fx) + 2 * r, fabs (f.ty - f.fy) + 2 * r);
  cr = gtk_snapshot_append_cairo (snapshot, &box);
  draw_flight (self, cr, &table, &f);
  cairo_destroy (cr);
}
