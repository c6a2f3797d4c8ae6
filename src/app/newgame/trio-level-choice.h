/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-level-choice.h: the drop-down list of the computer's levels
 *
 * Six levels, Beginner to Expert; with a perfect-level table (La Triple Alliance), a
 * seventh, Perfect, which can be chosen only once the table is ready: until then the
 * list shows it greyed out.
 */
#pragma once

#include <gtk/gtk.h>

#include "trio-perfect-table.h"

G_BEGIN_DECLS

/* table NULL: the six levels only. */
GtkDropDown *trio_level_choice_new       (TrioPerfectTable *table);
/* BG_LEVEL_MIN .. BG_LEVEL_PERFECT */
int          trio_level_choice_get_level (GtkDropDown      *choice);
/* A level the list does not offer now (Perfect without its table) selects Expert. */
void         trio_level_choice_set_level (GtkDropDown      *choice,
                                          int               level);
/* Whether Perfect can be chosen now. */
gboolean     trio_level_choice_perfect_available (GtkDropDown *choice);

G_END_DECLS
