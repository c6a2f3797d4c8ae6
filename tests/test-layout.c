/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-layout.c: the arithmetic of the window's adaptive layouts (trio-layout.c), with the
 * sizes of the real window: a side panel of 314 pixels, header-bar buttons, the chooser's
 * cards */

#include "widgets/trio-layout.h"

/* The side panel (314 pixels and a line) stays beside a board of 300 pixels at least. */
static void
test_split_beside (void)
{
  g_assert_true (trio_layout_split_beside (1100, 314, 1, 300));
  g_assert_true (trio_layout_split_beside (800, 314, 1, 300));
  g_assert_true (trio_layout_split_beside (615, 314, 1, 300));
  g_assert_false (trio_layout_split_beside (614, 314, 1, 300));
  g_assert_false (trio_layout_split_beside (360, 314, 1, 300));
}

/* Under a board that wants to be square: the board has its natural height while the panel
 * keeps its least, and never less than its own least. */
static void
test_split_main_height (void)
{
  g_assert_cmpint (trio_layout_split_main_height (673, 1, 264, 360, 150), ==, 360);
  g_assert_cmpint (trio_layout_split_main_height (500, 1, 264, 360, 150), ==, 349);
  g_assert_cmpint (trio_layout_split_main_height (300, 1, 264, 360, 150), ==, 264);
}

/* The review strip's buttons: three icons, Play from Here, Back to the Game. */
static void
test_wrap (void)
{
  const int widths[] = { 34, 34, 34, 115, 135 };
  guint line_of[G_N_ELEMENTS (widths)];

  g_assert_cmpuint (trio_layout_wrap (widths, 5, 1000, 6, line_of), ==, 1);
  for (guint i = 0; i < 5; i++)
    g_assert_cmpuint (line_of[i], ==, 0);

  g_assert_cmpuint (trio_layout_wrap (widths, 5, 326, 6, line_of), ==, 2);
  g_assert_cmpuint (line_of[3], ==, 0);
  g_assert_cmpuint (line_of[4], ==, 1);

  /* Exactly full: 34 + 6 + 34 + 6 + 34 + 6 + 115 = 235. */
  g_assert_cmpuint (trio_layout_wrap (widths, 4, 235, 6, line_of), ==, 1);
  g_assert_cmpuint (trio_layout_wrap (widths, 4, 234, 6, line_of), ==, 2);
  g_assert_cmpuint (line_of[3], ==, 1);

  /* Narrower than a child: it has a line of its own. */
  g_assert_cmpuint (trio_layout_wrap (widths, 5, 100, 6, line_of), ==, 4);
  g_assert_cmpuint (line_of[1], ==, 0);
  g_assert_cmpuint (line_of[2], ==, 1);
  g_assert_cmpuint (line_of[3], ==, 2);
  g_assert_cmpuint (line_of[4], ==, 3);

  g_assert_cmpuint (trio_layout_wrap (widths, 0, 100, 6, line_of), ==, 0);
}

/* The chooser's four cards, at least 150 pixels wide, 18 apart: one row, two rows of two
 * (never three and one), or one column. */
static void
test_grid_columns (void)
{
  g_assert_cmpuint (trio_layout_grid_columns (4, 150, 752, 18), ==, 4);
  g_assert_cmpuint (trio_layout_grid_columns (4, 150, 654, 18), ==, 4);
  g_assert_cmpuint (trio_layout_grid_columns (4, 150, 653, 18), ==, 2);
  g_assert_cmpuint (trio_layout_grid_columns (4, 150, 486, 18), ==, 2);
  g_assert_cmpuint (trio_layout_grid_columns (4, 150, 318, 18), ==, 2);
  g_assert_cmpuint (trio_layout_grid_columns (4, 150, 317, 18), ==, 1);
  g_assert_cmpuint (trio_layout_grid_columns (4, 150, 100, 18), ==, 1);
  /* Five where four fit: two lines of three and two. */
  g_assert_cmpuint (trio_layout_grid_columns (5, 150, 700, 18), ==, 3);
  g_assert_cmpuint (trio_layout_grid_columns (0, 150, 700, 18), ==, 1);
}

/* The header bar's start: New Game and Undo/Redo, New Game as an icon with them, the icon
 * alone. */
static void
test_squeeze (void)
{
  const int widths[] = { 164, 116, 34 };

  g_assert_cmpuint (trio_layout_squeeze (widths, 3, 400), ==, 0);
  g_assert_cmpuint (trio_layout_squeeze (widths, 3, 164), ==, 0);
  g_assert_cmpuint (trio_layout_squeeze (widths, 3, 163), ==, 1);
  g_assert_cmpuint (trio_layout_squeeze (widths, 3, 60), ==, 2);
  g_assert_cmpuint (trio_layout_squeeze (widths, 3, 10), ==, 2);
  g_assert_cmpuint (trio_layout_squeeze (widths, 0, 10), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/layout/split-beside", test_split_beside);
  g_test_add_func ("/layout/split-main-height", test_split_main_height);
  g_test_add_func ("/layout/wrap", test_wrap);
  g_test_add_func ("/layout/grid-columns", test_grid_columns);
  g_test_add_func ("/layout/squeeze", test_squeeze);
  return g_test_run ();
}
