/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-perfect-section.h: the new-game dialog's part about the perfect level's table
 *
 * What the perfect level needs, and a Compute button; while the table is computed, its
 * progress and a Cancel button; then that it is ready. It follows a TrioPerfectTable, so
 * every dialog open at the time shows the same computation.
 */
#pragma once

#include <gtk/gtk.h>

#include "trio-perfect-table.h"

G_BEGIN_DECLS

#define TRIO_TYPE_PERFECT_SECTION (trio_perfect_section_get_type ())
G_DECLARE_FINAL_TYPE (TrioPerfectSection, trio_perfect_section, TRIO, PERFECT_SECTION, GtkBox)

GtkWidget *trio_perfect_section_new (TrioPerfectTable *table);

G_END_DECLS
