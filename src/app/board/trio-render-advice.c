/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-render-advice.c: the advisor's badges (a win, a draw, a loss and the moves to the end) */

#include "trio-render-advice.h"

#include <pango/pangocairo.h>

/* Dark enough for white marks on them to read (contrast over 4.5:1), and apart from the
 * boards' own highlights (gold, orange, violet, blue). */
static const double WIN_RGB[3] = { 0.09, 0.46, 0.22 };
static const double DRAW_RGB[3] = { 0.38, 0.40, 0.44 };
static const double LOSS_RGB[3] = { 0.74, 0.12, 0.11 };
static const double BEST_RGB[3] = { 0.99, 0.80, 0.16 };   /* the rim of the best choices */

const TrioAdviceMark *
trio_render_advice_at (const TrioBoardState *state,
                       guint                 location)
{
  for (guint i = 0; i < state->n_advice; i++)
    if (state->advice[i].location == location)
      return &state->advice[i];
  return NULL;
}

/* The outcome's shape in a square of side s whose centre is (x, y): a tick, an equals
 * sign, a cross. */
static void
draw_shape (cairo_t     *cr,
            BgTaOutcome  outcome,
            double       x,
            double       y,
            double       s)
{
  double h = s / 2;

  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_width (cr, s * 0.2);
  switch (outcome)
    {
    case BG_TA_OUTCOME_WIN:
      cairo_move_to (cr, x - 0.8 * h, y + 0.05 * h);
      cairo_line_to (cr, x - 0.25 * h, y + 0.6 * h);
      cairo_line_to (cr, x + 0.8 * h, y - 0.6 * h);
      break;
    case BG_TA_OUTCOME_LOSS:
      cairo_move_to (cr, x - 0.6 * h, y - 0.6 * h);
      cairo_line_to (cr, x + 0.6 * h, y + 0.6 * h);
      cairo_move_to (cr, x + 0.6 * h, y - 0.6 * h);
      cairo_line_to (cr, x - 0.6 * h, y + 0.6 * h);
      break;
    case BG_TA_OUTCOME_DRAW:
    case BG_TA_OUTCOME_UNKNOWN:
    default:
      cairo_move_to (cr, x - 0.7 * h, y - 0.35 * h);
      cairo_line_to (cr, x + 0.7 * h, y - 0.35 * h);
      cairo_move_to (cr, x - 0.7 * h, y + 0.35 * h);
      cairo_line_to (cr, x + 0.7 * h, y + 0.35 * h);
      break;
    }
  cairo_stroke (cr);
}

static void
rounded_rectangle (cairo_t *cr,
                   double   x,
                   double   y,
                   double   width,
                   double   height)
{
  double r = height / 2;

  cairo_new_sub_path (cr);
  cairo_arc (cr, x + width - r, y + r, r, -G_PI / 2, G_PI / 2);
  cairo_arc (cr, x + r, y + r, r, G_PI / 2, 3 * G_PI / 2);
  cairo_close_path (cr);
}

void
trio_render_advice_badge (cairo_t              *cr,
                          const TrioAdviceMark *mark,
                          double                x,
                          double                y,
                          double                height,
                          double                px)
{
  const double *rgb = mark->value.outcome == BG_TA_OUTCOME_WIN ? WIN_RGB
                      : mark->value.outcome == BG_TA_OUTCOME_LOSS ? LOSS_RGB : DRAW_RGB;
  gboolean numbered = mark->value.outcome == BG_TA_OUTCOME_WIN
                      || mark->value.outcome == BG_TA_OUTCOME_LOSS;
  double shape = height * 0.46, pad = height * 0.24, gap = height * 0.1;
  double text_w = 0, text_h = 0, width;
  PangoLayout *layout = NULL;

  if (numbered)
    {
      PangoFontDescription *font = pango_font_description_from_string ("Sans Bold");
      char number[16];
      PangoRectangle ink, logical;

      g_snprintf (number, sizeof number, "%u", mark->moves);
      pango_font_description_set_absolute_size (font, height * 0.62 * PANGO_SCALE);
      layout = pango_cairo_create_layout (cr);
      pango_layout_set_font_description (layout, font);
      pango_layout_set_text (layout, number, -1);
      pango_font_description_free (font);
      pango_layout_get_extents (layout, &ink, &logical);
      text_w = (double) logical.width / PANGO_SCALE;
      text_h = (double) logical.height / PANGO_SCALE;
    }
  width = numbered ? pad + shape + gap + text_w + pad * 1.1 : height;

  cairo_save (cr);
  /* A dark edge and a light rim keep the badge apart from the board and from a piece. */
  rounded_rectangle (cr, x - width / 2, y - height / 2, width, height);
  cairo_set_source_rgb (cr, rgb[0], rgb[1], rgb[2]);
  cairo_fill_preserve (cr);
  cairo_set_line_width (cr, MAX (height * (mark->best ? 0.12 : 0.07), 1.5 * px));
  if (mark->best)
    cairo_set_source_rgb (cr, BEST_RGB[0], BEST_RGB[1], BEST_RGB[2]);
  else
    cairo_set_source_rgba (cr, 1, 1, 1, 0.9);
  cairo_stroke (cr);
  rounded_rectangle (cr, x - width / 2 - height * 0.07, y - height * 0.57, width + height * 0.14,
                     height * 1.14);
  cairo_set_line_width (cr, MAX (height * 0.04, px));
  cairo_set_source_rgba (cr, 0.1, 0.06, 0.02, 0.6);
  cairo_stroke (cr);

  cairo_set_source_rgb (cr, 1, 1, 1);
  if (numbered)
    {
      double left = x - width / 2 + pad;

      draw_shape (cr, mark->value.outcome, left + shape / 2, y, shape);
      cairo_move_to (cr, left + shape + gap, y - text_h / 2);
      pango_cairo_show_layout (cr, layout);
      g_object_unref (layout);
    }
  else
    draw_shape (cr, mark->value.outcome, x, y, shape);
  /* No current point left behind (the path is not part of the saved state): the next
   * arc drawn would start with a line from here. */
  cairo_new_path (cr);
  cairo_restore (cr);
}
