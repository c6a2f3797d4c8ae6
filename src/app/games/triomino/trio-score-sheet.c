/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-score-sheet.c: the Triomino score sheet
 *
 * One column per player, a row per round with the points each made in it (the finished
 * rounds, then the one in play; the total after it in each cell's tooltip), then the
 * totals in bold and the tiles each holds (in the children's game, without points, only
 * the tiles); below, the pile, the last turn (its draws
 * and their cost, the placement's breakdown or the pass's penalty), how the last round ended
 * and the target. The scores at each round end are found by walking the
 * game's history backwards on a copy: a round ended wherever the round number went up.
 */

#include "trio-score-sheet.h"

#include <glib/gi18n.h>
#include <string.h>

#include "triomino/bg-triomino.h"
#include "games/trio-game-view.h"
#include "widgets/trio-squeezer.h"
#include "trio-triomino-render.h"
#include "trio-triomino-turn.h"

typedef struct
{
  int round;
  int scores[BG_TRIOMINO_MAX_PLAYERS];
} RoundEnd;

struct _TrioScoreSheet
{
  GtkWidget parent_instance;

  GtkWidget *box;
  GtkWidget *grid;
  GtkWidget *pile_label;
  GtkWidget *last_label;
  GtkWidget *round_label;
  GtkWidget *target_label;

  const BgGame *game;
  char         *names[BG_TRIOMINO_MAX_PLAYERS];
};

static void trio_score_sheet_game_view_init (TrioGameViewInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TrioScoreSheet, trio_score_sheet, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (TRIO_TYPE_GAME_VIEW,
                                                      trio_score_sheet_game_view_init))

static void trio_score_sheet_update (TrioScoreSheet *self);

static void
read_scores (const void *pos,
             int         scores[BG_TRIOMINO_MAX_PLAYERS])
{
  int n = bg_triomino_get_n_players (pos);

  for (int p = 0; p < BG_TRIOMINO_MAX_PLAYERS; p++)
    scores[p] = p < n ? bg_triomino_get_score (pos, p) : 0;
}

/* The scores at the end of every finished round, oldest first. */
static GArray *
round_ends (const BgGame *game)
{
  g_autoptr (BgGame) copy = bg_game_copy (game);
  GArray *ends = g_array_new (FALSE, FALSE, sizeof (RoundEnd));
  const void *pos = bg_game_get_position (copy);
  int later_round = bg_triomino_get_round (pos);
  int later_scores[BG_TRIOMINO_MAX_PLAYERS];

  read_scores (pos, later_scores);
  /* The last round ends the game without dealing a new one. */
  if (bg_game_is_over (game))
    {
      RoundEnd end = { later_round, { 0 } };

      memcpy (end.scores, later_scores, sizeof end.scores);
      g_array_append_val (ends, end);
    }
  while (bg_game_undo (copy))
    {
      pos = bg_game_get_position (copy);
      if (bg_triomino_get_round (pos) < later_round)
        {
          RoundEnd end = { bg_triomino_get_round (pos), { 0 } };

          memcpy (end.scores, later_scores, sizeof end.scores);
          g_array_prepend_val (ends, end);
        }
      later_round = bg_triomino_get_round (pos);
      read_scores (pos, later_scores);
    }
  return ends;
}

static const char *
player_name (TrioScoreSheet *self,
             int             player,
             char           *buf,
             gsize           size)
{
  if (player >= 0 && player < BG_TRIOMINO_MAX_PLAYERS && self->names[player] != NULL
      && self->names[player][0] != '\0')
    return self->names[player];
  g_snprintf (buf, size, _("Player %d"), player + 1);
  return buf;
}

static GtkWidget *
cell (const char *text,
      gboolean    bold,
      float       xalign)
{
  GtkWidget *label = gtk_label_new (NULL);

  if (bold)
    {
      g_autofree char *markup = g_markup_printf_escaped ("<b>%s</b>", text);

      gtk_label_set_markup (GTK_LABEL (label), markup);
    }
  else
    gtk_label_set_text (GTK_LABEL (label), text);
  gtk_label_set_xalign (GTK_LABEL (label), xalign);
  gtk_widget_add_css_class (label, "numeric");
  return label;
}

static GtkWidget *
number_cell (int      value,
             gboolean bold)
{
  char text[32];

  /* A minus sign, as the round's points have. */
  if (value < 0)
    g_snprintf (text, sizeof text, "−%d", -value);
  else
    g_snprintf (text, sizeof text, "%d", value);
  return cell (text, bold, 1);
}

/* The seat's colour, as its last tile is outlined on the table: a bar under its name. */
static void
draw_seat_mark (GtkDrawingArea *area G_GNUC_UNUSED,
                cairo_t        *cr,
                int             width,
                int             height,
                gpointer        data)
{
  GdkRGBA color;

  trio_tri_seat_color (GPOINTER_TO_INT (data), &color);
  gdk_cairo_set_source_rgba (cr, &color);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_fill (cr);
  /* A thin outline: the white seat's bar stays seen in the light theme. */
  cairo_rectangle (cr, 0.5, 0.5, width - 1, height - 1);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.3);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
}

/* The seat's name over its colour, or its number when the sheet is too narrow for the name
 * (six players in the side panel): the name is then in the tooltip. */
static GtkWidget *
seat_heading (const char *name,
              const char *number,
              int         seat)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *texts = trio_squeezer_new ();
  GtkWidget *mark = g_object_new (GTK_TYPE_DRAWING_AREA,
                                  "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION,
                                  "content-height", 4, NULL);

  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (mark), draw_seat_mark,
                                  GINT_TO_POINTER (seat), NULL);
  trio_squeezer_append (TRIO_SQUEEZER (texts), cell (name, TRUE, 1));
  trio_squeezer_append (TRIO_SQUEEZER (texts), cell (number, TRUE, 1));
  gtk_widget_set_tooltip_text (box, name);
  gtk_box_append (GTK_BOX (box), texts);
  gtk_box_append (GTK_BOX (box), mark);
  return box;
}

static char *
round_end_text (TrioScoreSheet *self,
                const void     *pos,
                gboolean        over)
{
  int gains[BG_TRIOMINO_MAX_PLAYERS], player;
  BgTriominoRoundEnd how = bg_triomino_get_last_round_end (pos, &player, gains);
  int round = bg_triomino_get_round (pos) - (over ? 0 : 1);
  char name_buf[64];
  const char *name;

  if (how == BG_TRIOMINO_ROUND_GOING || player < 0)
    return NULL;
  name = player_name (self, player, name_buf, sizeof name_buf);
  if (!bg_triomino_is_scored (pos))
    return how == BG_TRIOMINO_ROUND_OUT
           /* Translators: the children's game, without points: "Round 1: Player 3 went out" */
           ? g_strdup_printf (_("Round %d: %s went out"), round, name)
           /* Translators: "Round 1: blocked; Player 3 had the lowest hand" */
           : g_strdup_printf (_("Round %d: blocked; %s had the lowest hand"), round, name);
  if (how == BG_TRIOMINO_ROUND_OUT)
    /* Translators: "Round 2: Player 3 went out, +47" */
    return g_strdup_printf (_("Round %d: %s went out, +%d"), round, name, gains[player]);
  /* Translators: "Round 2: blocked; Player 3 had the lowest hand, +12" */
  return g_strdup_printf (_("Round %d: blocked; %s had the lowest hand, +%d"), round, name,
                          gains[player]);
}

static void
clear_grid (TrioScoreSheet *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->grid)) != NULL)
    gtk_grid_remove (GTK_GRID (self->grid), child);
}

/* The tiles in each hand, the opponents' too, under the totals. */
static void
attach_tile_counts (TrioScoreSheet *self,
                    const void     *pos,
                    int             row)
{
  GtkWidget *heading = cell (_("Tiles"), FALSE, 0);

  gtk_widget_set_tooltip_text (heading, _("The tiles in each player’s hand"));
  gtk_grid_attach (GTK_GRID (self->grid), heading, 0, row, 1, 1);
  for (int p = 0; p < bg_triomino_get_n_players (pos); p++)
    {
      /* Counted, hidden or not (online, the others' hands are). */
      GtkWidget *count = number_cell (bg_triomino_get_hand_count (pos, p), FALSE);

      gtk_widget_add_css_class (count, "dim-label");
      gtk_grid_attach (GTK_GRID (self->grid), count, p + 1, row, 1, 1);
    }
}

/* A round's points, signed: "+47", "−12" (a minus sign), "0". */
static GtkWidget *
gain_cell (int gain)
{
  char text[32];

  if (gain > 0)
    g_snprintf (text, sizeof text, "+%d", gain);
  else if (gain < 0)
    g_snprintf (text, sizeof text, "−%d", -gain);
  else
    g_snprintf (text, sizeof text, "0");
  return cell (text, FALSE, 1);
}

/* One row of a round: its number, then each player's points in it, with the total they
 * made in the tooltip. */
static void
attach_round (TrioScoreSheet *self,
              int             row,
              int             n,
              const char     *label,
              const char     *tooltip,
              const int       before[BG_TRIOMINO_MAX_PLAYERS],
              const int       after[BG_TRIOMINO_MAX_PLAYERS])
{
  GtkWidget *heading = cell (label, FALSE, 0);

  gtk_widget_set_tooltip_text (heading, tooltip);
  gtk_grid_attach (GTK_GRID (self->grid), heading, 0, row, 1, 1);
  for (int p = 0; p < n; p++)
    {
      GtkWidget *gain = gain_cell (after[p] - before[p]);
      /* Translators: the tooltip of a player's points in a round of the score sheet */
      g_autofree char *total = g_strdup_printf (_("%d points in all after it"), after[p]);

      gtk_widget_set_tooltip_text (gain, total);
      gtk_grid_attach (GTK_GRID (self->grid), gain, p + 1, row, 1, 1);
    }
}

static void
fill_grid (TrioScoreSheet *self)
{
  const void *pos = bg_game_get_position (self->game);
  int n = bg_triomino_get_n_players (pos);
  int to_move = bg_game_is_over (self->game) ? -1 : bg_game_get_player_to_move (self->game);
  gboolean scored = bg_triomino_is_scored (pos);
  g_autoptr (GArray) ends = scored ? round_ends (self->game) : NULL;
  int row = 0, before[BG_TRIOMINO_MAX_PLAYERS] = { 0 }, now[BG_TRIOMINO_MAX_PLAYERS];

  gtk_grid_attach (GTK_GRID (self->grid), cell (scored ? _("Round") : "", TRUE, 0), 0, row,
                   1, 1);
  for (int p = 0; p < n; p++)
    {
      char buf[64], number[16];
      const char *name = player_name (self, p, buf, sizeof buf);
      /* Translators: marks the player to move in the score sheet's heading */
      g_autofree char *text = p == to_move ? g_strdup_printf (_("▸ %s"), name)
                                           : g_strdup (name);
      g_autofree char *short_text = NULL;

      g_snprintf (number, sizeof number, "%d", p + 1);
      short_text = p == to_move ? g_strdup_printf (_("▸ %s"), number) : g_strdup (number);
      gtk_grid_attach (GTK_GRID (self->grid), seat_heading (text, short_text, p), p + 1, row,
                       1, 1);
    }
  row++;
  gtk_grid_attach (GTK_GRID (self->grid), gtk_separator_new (GTK_ORIENTATION_HORIZONTAL),
                   0, row++, n + 1, 1);
  /* The children's game has no points: the tiles in hand only. */
  if (!scored)
    {
      attach_tile_counts (self, pos, row);
      return;
    }

  /* Each round's points, which add up to the total: the finished rounds, then the one in
   * play. */
  for (guint i = 0; i < ends->len; i++, row++)
    {
      const RoundEnd *end = &g_array_index (ends, RoundEnd, i);
      char text[16];
      /* Translators: the tooltip of a finished round's number in the score sheet */
      g_autofree char *tooltip = g_strdup_printf (_("The points of round %d"), end->round);

      g_snprintf (text, sizeof text, "%d", end->round);
      attach_round (self, row, n, text, tooltip, before, end->scores);
      memcpy (before, end->scores, sizeof before);
    }
  read_scores (pos, now);
  if (!bg_game_is_over (self->game))
    {
      /* Translators: the row of the round in play in the score sheet, "3 …" */
      g_autofree char *text = g_strdup_printf (_("%d …"), bg_triomino_get_round (pos));
      /* Translators: the tooltip of the round in play in the score sheet */
      g_autofree char *tooltip = g_strdup_printf (_("The points of round %d so far, in play"),
                                                  bg_triomino_get_round (pos));

      attach_round (self, row++, n, text, tooltip, before, now);
    }

  gtk_grid_attach (GTK_GRID (self->grid), gtk_separator_new (GTK_ORIENTATION_HORIZONTAL),
                   0, row++, n + 1, 1);
  gtk_grid_attach (GTK_GRID (self->grid), cell (_("Total"), TRUE, 0), 0, row, 1, 1);
  for (int p = 0; p < n; p++)
    gtk_grid_attach (GTK_GRID (self->grid), number_cell (now[p], TRUE), p + 1, row, 1, 1);
  attach_tile_counts (self, pos, row + 1);
}

static void
set_label (GtkWidget  *label,
           const char *text)
{
  gtk_label_set_text (GTK_LABEL (label), text != NULL ? text : "");
  gtk_widget_set_visible (label, text != NULL && text[0] != '\0');
}

static void
trio_score_sheet_dispose (GObject *object)
{
  TrioScoreSheet *self = TRIO_SCORE_SHEET (object);

  g_clear_pointer (&self->box, gtk_widget_unparent);
  for (int p = 0; p < BG_TRIOMINO_MAX_PLAYERS; p++)
    g_clear_pointer (&self->names[p], g_free);

  G_OBJECT_CLASS (trio_score_sheet_parent_class)->dispose (object);
}

static void
trio_score_sheet_class_init (TrioScoreSheetClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = trio_score_sheet_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "score-sheet");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static GtkWidget *
info_label (GtkWidget *box)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 32);
  gtk_box_append (GTK_BOX (box), label);
  return label;
}

static void
trio_score_sheet_init (TrioScoreSheet *self)
{
  GtkWidget *title;

  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));

  title = gtk_label_new (_("Score Sheet"));
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_widget_add_css_class (title, "heading");
  gtk_box_append (GTK_BOX (self->box), title);

  self->grid = gtk_grid_new ();
  gtk_grid_set_column_spacing (GTK_GRID (self->grid), 8);
  gtk_grid_set_row_spacing (GTK_GRID (self->grid), 2);
  gtk_box_append (GTK_BOX (self->box), self->grid);

  gtk_box_append (GTK_BOX (self->box), gtk_separator_new (GTK_ORIENTATION_HORIZONTAL));
  self->pile_label = info_label (self->box);
  self->last_label = info_label (self->box);
  self->round_label = info_label (self->box);
  self->target_label = info_label (self->box);
  gtk_widget_add_css_class (self->target_label, "dim-label");

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Score sheet"), -1);
}

GtkWidget *
trio_score_sheet_new (void)
{
  return g_object_new (TRIO_TYPE_SCORE_SHEET, NULL);
}

static void
trio_score_sheet_set_game (TrioGameView *view,
                           const BgGame *game)
{
  TrioScoreSheet *self = TRIO_SCORE_SHEET (view);

  self->game = game;
  trio_score_sheet_update (self);
}

static void
trio_score_sheet_game_view_update (TrioGameView *view)
{
  trio_score_sheet_update (TRIO_SCORE_SHEET (view));
}

static void
trio_score_sheet_game_view_set_names (TrioGameView      *view,
                                      const char *const *names)
{
  trio_score_sheet_set_names (TRIO_SCORE_SHEET (view), names);
}

static void
trio_score_sheet_game_view_init (TrioGameViewInterface *iface)
{
  iface->set_game = trio_score_sheet_set_game;
  iface->update = trio_score_sheet_game_view_update;
  iface->set_names = trio_score_sheet_game_view_set_names;
}

void
trio_score_sheet_set_names (TrioScoreSheet    *self,
                            const char *const *names)
{
  gboolean more;

  g_return_if_fail (TRIO_IS_SCORE_SHEET (self));

  more = names != NULL;
  for (int p = 0; p < BG_TRIOMINO_MAX_PLAYERS; p++)
    {
      g_clear_pointer (&self->names[p], g_free);
      more = more && names[p] != NULL;
      if (more)
        self->names[p] = g_strdup (names[p]);
    }
  trio_score_sheet_update (self);
}

static void
trio_score_sheet_update (TrioScoreSheet *self)
{
  const void *pos;
  g_autofree char *pile = NULL;
  g_autofree char *last = NULL;
  g_autofree char *round_end = NULL;
  g_autofree char *target = NULL;

  clear_grid (self);
  /* Its game's file gives the sheet only games of Triomino. */
  if (self->game == NULL)
    {
      set_label (self->pile_label, NULL);
      set_label (self->last_label, NULL);
      set_label (self->round_label, NULL);
      set_label (self->target_label, NULL);
      return;
    }
  pos = bg_game_get_position (self->game);
  fill_grid (self);

  pile = g_strdup_printf (ngettext ("Round %d · %d tile in the pile",
                                    "Round %d · %d tiles in the pile",
                                    bg_triomino_get_pile_count (pos)),
                          bg_triomino_get_round (pos), bg_triomino_get_pile_count (pos));
  {
    g_autofree char *turn_text = NULL;
    char name_buf[64];
    TrioTriTurn turn;

    trio_tri_last_turn (self->game, &turn);
    turn_text = trio_tri_turn_text (&turn, player_name (self, turn.player, name_buf,
                                                        sizeof name_buf));
    /* Translators: the last turn, "Last: Player 2, 1-2-3: 6" */
    last = g_strdup_printf (_("Last: %s"), turn_text);
  }
  round_end = round_end_text (self, pos, bg_game_is_over (self->game));
  if (bg_triomino_is_scored (pos))
    target = g_strdup_printf (_("First to %d points at the end of a round wins"),
                              bg_triomino_get_target (pos));
  else
    target = g_strdup (_("Children’s game: no points, the first to play all his tiles wins"));
  set_label (self->pile_label, pile);
  set_label (self->last_label, last);
  set_label (self->round_label, round_end);
  set_label (self->target_label, target);
}
