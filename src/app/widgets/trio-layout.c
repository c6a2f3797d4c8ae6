/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-layout.c: the arithmetic of the window's adaptive layouts, without GTK */

#include "trio-layout.h"

gboolean
trio_layout_split_beside (int width,
                          int side_width,
                          int gap,
                          int main_min_beside)
{
  return width >= side_width + gap + main_min_beside;
}

int
trio_layout_split_main_height (int height,
                               int gap,
                               int main_min,
                               int main_nat,
                               int side_min)
{
  int room = height - gap - side_min;

  return MAX (main_min, MIN (main_nat, room));
}

guint
trio_layout_wrap (const int *widths,
                  guint      n,
                  int        width,
                  int        spacing,
                  guint     *line_of)
{
  guint line = 0;
  int used = 0;

  for (guint i = 0; i < n; i++)
    {
      if (i > 0 && used + spacing + widths[i] > width)
        {
          line++;
          used = 0;
        }
      else if (i > 0)
        used += spacing;
      used += widths[i];
      line_of[i] = line;
    }
  return n > 0 ? line + 1 : 0;
}

guint
trio_layout_grid_columns (guint n,
                          int   cell_min,
                          int   width,
                          int   spacing)
{
  guint columns = 1, lines;

  if (n == 0)
    return 1;
  while (columns < n && (int) (columns + 1) * cell_min + (int) columns * spacing <= width)
    columns++;
  lines = (n + columns - 1) / columns;
  return (n + lines - 1) / lines;
}

guint
trio_layout_squeeze (const int *widths,
                     guint      n,
                     int        width)
{
  for (guint i = 0; i < n; i++)
    if (widths[i] <= width)
      return i;
  return n > 0 ? n - 1 : 0;
}
