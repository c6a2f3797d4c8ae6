/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-eval-graph.h: the graph of a game's evaluation, move by move, drawn with Cairo
 *
 * One or more series of values in [-1, 1], one value per position of the game (the start,
 * then after each move; NAN where a series has none): a game of two shows one line from the
 * first player's side, a game of more one line per player, in the seats' colours with a
 * legend under the graph. The rated moves are dotted in their judgement's colour, the
 * position shown in review is marked, the tooltip names the move under the pointer, and a
 * click asks for the position there.
 */
#pragma once

#include <gtk/gtk.h>

#include "bg-analysis.h"

G_BEGIN_DECLS

#define TRIO_TYPE_EVAL_GRAPH (trio_eval_graph_get_type ())
G_DECLARE_FINAL_TYPE (TrioEvalGraph, trio_eval_graph, TRIO, EVAL_GRAPH, GtkWidget)

GtkWidget *trio_eval_graph_new         (void);
/* values: n_series rows of n_moves + 1 values (copied); judgements: n_moves (copied);
 * colours: one per series, or NULL for the theme's text colour. A single series is drawn
 * filled from its zero line. n_series 0 clears the graph. */
void       trio_eval_graph_set_data    (TrioEvalGraph     *self,
                                        guint              n_moves,
                                        guint              n_series,
                                        const double      *values,
                                        const BgJudgement *judgements,
                                        const GdkRGBA     *colours);
/* The legend under the graph: one name per series of the data set last (copied), drawn
 * beside a piece of its line; NULL for none (a single series). Set after the data. */
void       trio_eval_graph_set_legend  (TrioEvalGraph     *self,
                                        const char *const *names);
/* What the tooltip says of each position of the data set last (n_moves + 1 strings, copied:
 * the start, then the position after each move): the move and the analysis's verdict on it.
 * NULL: the graph's own tooltip. Set after the data. */
void       trio_eval_graph_set_labels  (TrioEvalGraph     *self,
                                        const char *const *labels);
/* The position shown in review (0 .. n_moves), or -1. */
void       trio_eval_graph_set_current (TrioEvalGraph     *self,
                                        int                position);

/* Signal "position-activated" (guint position): the player clicked the graph there. */

G_END_DECLS
