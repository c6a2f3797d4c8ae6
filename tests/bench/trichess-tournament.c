/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trichess-tournament.c: boardgames-engine's tournament with TRICHESS's baseline search
 *
 *   trichess-tournament GAME [OPTIONS]   as "boardgames-engine tournament GAME [OPTIONS]",
 *                                        where --algorithms may name 1, the baseline
 *   trichess-tournament --bench          TRICHESS's speeds, the baseline's included
 *
 * The baseline (trichess-baseline.c), the first version's paranoid search, is the measuring
 * stick of the TRICHESS figures in docs/computer-players.md; the library leaves it out,
 * this tool puts it back (bg_trichess_set_baseline()) around the same tournament code (src/engine).
 */

#include "engine-tournament.h"
#include "trichess-baseline.h"

int
main (int   argc,
      char *argv[])
{
  bg_trichess_set_baseline (trichess_baseline_search);
  if (argc == 2 && g_str_equal (argv[1], "--bench"))
    {
      bg_trichess_bench ();
      return 0;
    }
  return engine_tournament_main (argc, argv);
}
