/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-board-animation.c: the animation of one move on the boards of TrioBoardView */

#include "trio-board-animation.h"
#include "trio-animation.h"

#include <math.h>

/* The most pieces a move sets in motion: the piece, the one it takes, a castling rook,
 * and a few more for a rule set that moves more at once. */
#define MAX_ITEMS 8

typedef enum
{
  ITEM_GLIDE,      /* along path */
  ITEM_DROP,       /* a placement: from above onto path[0] */
  ITEM_SETTLE,     /* already on path[0]: settles from a lifted size */
  ITEM_FADE_OUT,   /* removed or captured */
  ITEM_FADE_IN,    /* appears where the move puts it, without a piece that left for it */
} ItemKind;

typedef struct
{
  ItemKind kind;
  int      piece;
  guint    path[BG_MAX_PATH_LOCATIONS];
  guint    n_path;
  double   start, end;    /* the part of the animation it takes, within [0, 1] */
} Item;

struct _TrioBoardAnimation
{
  guint           index;
  double          arrival;   /* when the moving piece reaches its destination */
  Item            items[MAX_ITEMS];
  guint           n_items;
  guint           hidden[MAX_ITEMS];
  guint           n_hidden;
  TrioBoardSprite sprites[MAX_ITEMS];
};

gboolean
trio_board_animation_follows (const BgGame *game,
                              guint         shown_n_played,
                              guint64       shown_key)
{
  const guint64 *keys;
  guint n_keys, n = bg_game_get_n_played (game);

  if (n != shown_n_played + 1)
    return FALSE;
  keys = bg_game_get_keys (game, &n_keys);
  return n_keys == n + 1 && keys[n - 1] == shown_key;
}

static Item *
add_item (TrioBoardAnimation *self,
          ItemKind            kind,
          int                 piece,
          guint               location,
          double              start,
          double              end)
{
  Item *item;

  if (self->n_items == MAX_ITEMS || piece == BG_NO_PIECE)
    return NULL;
  item = &self->items[self->n_items++];
  *item = (Item) { kind, piece, { location }, 1, start, end };
  return item;
}

static gboolean
is_one_of (guint        location,
           const int   *locations,
           guint        n)
{
  for (guint i = 0; i < n; i++)
    if (locations[i] >= 0 && (guint) locations[i] == location)
      return TRUE;
  return FALSE;
}

/* What else the move changed on the board (the rook of a castling): a piece that left one
 * location for another glides straight there; any other fades out, or in. */
static void
add_other_changes (TrioBoardAnimation *self,
                   const BgRules      *rules,
                   const void         *before,
                   const void         *after,
                   const int          *skip,
                   guint               n_skip)
{
  guint gone[MAX_ITEMS], come[MAX_ITEMS], n_gone = 0, n_come = 0;

  for (guint l = 0; l < rules->n_locations; l++)
    {
      int was = rules->piece_at (before, l), is = rules->piece_at (after, l);

      if (was == is || is_one_of (l, skip, n_skip))
        continue;
      if (was != BG_NO_PIECE && n_gone < MAX_ITEMS)
        gone[n_gone++] = l;
      if (is != BG_NO_PIECE && n_come < MAX_ITEMS)
        come[n_come++] = l;
    }
  for (guint i = 0; i < n_gone; i++)
    {
      int piece = rules->piece_at (before, gone[i]);
      Item *item = NULL;

      for (guint j = 0; j < n_come && item == NULL; j++)
        if (come[j] != G_MAXUINT && rules->piece_at (after, come[j]) == piece)
          {
            item = add_item (self, ITEM_GLIDE, piece, gone[i], 0, 1);
            if (item != NULL)
              item->path[item->n_path++] = come[j];
            come[j] = G_MAXUINT;
          }
      if (item == NULL)
        add_item (self, ITEM_FADE_OUT, piece, gone[i], 0.4, 1);
    }
  for (guint j = 0; j < n_come; j++)
    if (come[j] != G_MAXUINT)
      add_item (self, ITEM_FADE_IN, rules->piece_at (after, come[j]), come[j], 0.3, 1);
}

TrioBoardAnimation *
trio_board_animation_new (const BgGame *game,
                          gboolean      settled)
{
  const BgRules *rules = bg_game_get_rules (game);
  g_autoptr (TrioBoardAnimation) self = NULL;
  guint n = bg_game_get_n_played (game);
  const void *before, *after;
  BgMoveInfo info;
  int skip[3];

  if (n == 0 || rules->n_locations == 0 || !bg_game_describe_played (game, n - 1, &info)
      || info.to < 0)
    return NULL;
  self = g_new0 (TrioBoardAnimation, 1);
  self->index = n - 1;
  before = bg_game_get_position_at (game, n - 1);
  after = bg_game_get_position_at (game, n);

  /* The piece taken goes first, so that the one taking it is drawn above. */
  if (info.removed >= 0)
    add_item (self, ITEM_FADE_OUT, rules->piece_at (before, info.removed), info.removed,
              0.4, 1);
  if (info.from >= 0 && !settled)
    {
      Item *item = add_item (self, ITEM_GLIDE, rules->piece_at (before, info.from),
                             info.from, 0, 1);

      if (item != NULL)
        item->n_path = bg_game_played_path (game, n - 1, item->path, BG_MAX_PATH_LOCATIONS);
      if (item != NULL && item->n_path < 2)
        {
          item->path[0] = info.from;
          item->path[1] = info.to;
          item->n_path = 2;
        }
      self->arrival = 1;
    }
  else
    {
      int piece = rules->piece_at (after, info.to);

      /* A promotion shows the piece that moved until the end; a placement the new one. */
      if (info.from >= 0)
        piece = rules->piece_at (before, info.from);
      add_item (self, settled ? ITEM_SETTLE : ITEM_DROP,
                piece != BG_NO_PIECE ? piece : info.piece, info.to, 0, settled ? 0.6 : 0.75);
      self->arrival = settled ? 0 : 0.75;
    }

  skip[0] = info.from;
  skip[1] = info.to;
  skip[2] = info.removed;
  add_other_changes (self, rules, before, after, skip, G_N_ELEMENTS (skip));

  /* What stands where an item ends is drawn by the item. */
  for (guint i = 0; i < self->n_items; i++)
    if (self->items[i].kind != ITEM_FADE_OUT)
      self->hidden[self->n_hidden++] = self->items[i].path[self->items[i].n_path - 1];
  return g_steal_pointer (&self);
}

void
trio_board_animation_free (TrioBoardAnimation *self)
{
  g_free (self);
}

guint
trio_board_animation_get_move (const TrioBoardAnimation *self)
{
  return self->index;
}

typedef struct
{
  double x, y;
} Point;

static Point
lerp (Point  a,
      Point  b,
      double t,
      double t0,
      double t1)
{
  double w = t1 - t0 > 1e-9 ? (t - t0) / (t1 - t0) : 0.5;

  return (Point) { a.x + (b.x - a.x) * w, a.y + (b.y - a.y) * w };
}

/* A centripetal Catmull-Rom curve from p1 to p2 (s from 0 to 1), p0 and p3 their
 * neighbours: it passes through every centre without the loops or overshoots of the
 * uniform curve where cells of different sizes meet (TRICHESS's centre). */
static Point
catmull_rom (Point  p0,
             Point  p1,
             Point  p2,
             Point  p3,
             double s)
{
  double t0 = 0, t1, t2, t3, t;
  Point a1, a2, a3, b1, b2;

  t1 = t0 + MAX (sqrt (hypot (p1.x - p0.x, p1.y - p0.y)), 1e-3);
  t2 = t1 + MAX (sqrt (hypot (p2.x - p1.x, p2.y - p1.y)), 1e-3);
  t3 = t2 + MAX (sqrt (hypot (p3.x - p2.x, p3.y - p2.y)), 1e-3);
  t = t1 + s * (t2 - t1);
  a1 = lerp (p0, p1, t, t0, t1);
  a2 = lerp (p1, p2, t, t1, t2);
  a3 = lerp (p2, p3, t, t2, t3);
  b1 = lerp (a1, a2, t, t0, t2);
  b2 = lerp (a2, a3, t, t1, t3);
  return lerp (b1, b2, t, t1, t2);
}

/* The point at fraction e of a path of n centres, by length along its chords; *segment
 * and *s tell where it lies (between centres segment and segment + 1). */
static Point
along_path (const Point *p,
            guint        n,
            double       e,
            guint       *segment,
            double      *s)
{
  double total = 0, target, run = 0;
  guint i;

  for (i = 0; i + 1 < n; i++)
    total += hypot (p[i + 1].x - p[i].x, p[i + 1].y - p[i].y);
  target = CLAMP (e, 0, 1) * total;
  for (i = 0; i + 2 < n; i++)
    {
      double len = hypot (p[i + 1].x - p[i].x, p[i + 1].y - p[i].y);

      if (run + len >= target)
        break;
      run += len;
    }
  {
    double len = hypot (p[i + 1].x - p[i].x, p[i + 1].y - p[i].y);
    /* The ends are extended straight, so that the curve leaves and arrives along them. */
    Point before = i > 0 ? p[i - 1] : (Point) { 2 * p[0].x - p[1].x, 2 * p[0].y - p[1].y };
    Point after = i + 2 < n ? p[i + 2]
                            : (Point) { 2 * p[i + 1].x - p[i].x, 2 * p[i + 1].y - p[i].y };

    *segment = i;
    *s = len > 1e-9 ? CLAMP ((target - run) / len, 0, 1) : 1;
    if (n == 2)
      return lerp (p[0], p[1], *s, 0, 1);
    return catmull_rom (before, p[i], p[i + 1], after, *s);
  }
}

static void
item_frame (const Item              *item,
            const TrioBoardRenderer *renderer,
            gpointer                 data,
            double                   width,
            double                   height,
            double                   t,
            TrioBoardSprite         *sprite)
{
  double local = item->end > item->start ? (t - item->start) / (item->end - item->start) : 1;
  double e = trio_animation_ease (CLAMP (local, 0, 1));
  Point centres[BG_MAX_PATH_LOCATIONS];
  guint last = item->n_path - 1;

  for (guint i = 0; i < item->n_path; i++)
    renderer->location_center (data, width, height, item->path[i], &centres[i].x,
                               &centres[i].y);
  *sprite = (TrioBoardSprite) { item->piece, centres[last].x, centres[last].y, 1, 1,
                                item->path[last], item->path[last], 0 };
  switch (item->kind)
    {
    case ITEM_GLIDE:
      {
        guint segment;
        double s;
        Point p = along_path (centres, item->n_path, e, &segment, &s);

        sprite->x = p.x;
        sprite->y = p.y;
        sprite->size_from = item->path[segment];
        sprite->size_to = item->path[segment + 1];
        sprite->size_mix = s;
      }
      break;
    case ITEM_DROP:
      /* From a little above, larger and clear, onto its point. */
      sprite->y -= (1 - e) * 0.06 * MIN (width, height);
      sprite->scale = 1.35 - 0.35 * e;
      sprite->alpha = CLAMP (local * 2.5, 0, 1);
      break;
    case ITEM_SETTLE:
      sprite->scale = 1.08 - 0.08 * e;
      break;
    case ITEM_FADE_OUT:
      sprite->alpha = 1 - e;
      sprite->scale = 1 - 0.15 * e;
      break;
    case ITEM_FADE_IN:
    default:
      sprite->alpha = e;
      break;
    }
}

void
trio_board_animation_frame (TrioBoardAnimation      *self,
                            const TrioBoardRenderer *renderer,
                            gpointer                 data,
                            double                   width,
                            double                   height,
                            double                   t,
                            TrioBoardState          *state)
{
  for (guint i = 0; i < self->n_items; i++)
    item_frame (&self->items[i], renderer, data, width, height, t, &self->sprites[i]);
  state->hidden = self->hidden;
  state->n_hidden = self->n_hidden;
  state->sprites = self->sprites;
  state->n_sprites = self->n_items;
}

/* The view's motion */

static void
motion_stop (TrioBoardMotion *self)
{
  if (self->tick_id != 0 && self->widget != NULL)
    gtk_widget_remove_tick_callback (self->widget, self->tick_id);
  self->tick_id = 0;
  self->widget = NULL;
  g_clear_pointer (&self->animation, trio_board_animation_free);
}

static gboolean
on_tick (GtkWidget     *widget,
         GdkFrameClock *clock,
         gpointer       data)
{
  TrioBoardMotion *self = data;
  gint64 now = gdk_frame_clock_get_frame_time (clock);

  if (self->start == 0)
    self->start = now;
  self->t = (now - self->start) / (TRIO_ANIMATION_MS * 1000.0);
  gtk_widget_queue_draw (widget);
  if (self->t < 1.0)
    {
      self->n_frames++;
      return G_SOURCE_CONTINUE;
    }
  g_debug ("animation of move %u: %u frames", trio_board_animation_get_move (self->animation) + 1,
           self->n_frames);
  self->tick_id = 0;
  self->widget = NULL;
  g_clear_pointer (&self->animation, trio_board_animation_free);
  return G_SOURCE_REMOVE;
}

void
trio_board_motion_follow (TrioBoardMotion *self,
                          GtkWidget       *widget,
                          const BgGame    *game,
                          BgMove           settled_move)
{
  guint n_played = game != NULL ? bg_game_get_n_played (game) : 0;
  gboolean follows;

  if (game != NULL && self->shown && n_played == self->shown_n_played
      && bg_game_get_key (game) == self->shown_key)
    return;
  follows = game != NULL && self->shown
            && trio_board_animation_follows (game, self->shown_n_played, self->shown_key);
  motion_stop (self);
  self->shown = game != NULL;
  if (game == NULL)
    return;
  self->shown_n_played = n_played;
  self->shown_key = bg_game_get_key (game);
  /* A view out of sight would play it when shown again, long after the move. */
  if (!follows || !trio_animation_enabled (widget) || !gtk_widget_get_mapped (widget))
    return;
  self->animation = trio_board_animation_new (game, settled_move != BG_MOVE_NONE
                                                    && settled_move
                                                       == bg_game_get_played_move (game,
                                                                                   n_played - 1));
  if (self->animation == NULL)
    return;
  self->start = 0;
  self->t = 0;
  self->n_frames = 0;
  self->widget = widget;
  self->tick_id = gtk_widget_add_tick_callback (widget, on_tick, self, NULL);
}

void
trio_board_motion_reset (TrioBoardMotion *self)
{
  motion_stop (self);
  self->shown = FALSE;
}

gboolean
trio_board_motion_frame (TrioBoardMotion         *self,
                         const TrioBoardRenderer *renderer,
                         gpointer                 data,
                         double                   width,
                         double                   height,
                         TrioBoardState          *state)
{
  if (self->animation == NULL)
    return FALSE;
  trio_board_animation_frame (self->animation, renderer, data, width, height, self->t, state);
  return self->t < self->animation->arrival;
}
