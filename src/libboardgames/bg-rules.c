/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-rules.c: the registry of rule sets */

#include "bg-rules.h"

#include "marelle/bg-marelle.h"
#include "trichess/bg-trichess.h"
#include "triomino/bg-triomino.h"
#include "triple-alliance/bg-triple-alliance.h"

static const BgRules *const all_rules[] = {
  &bg_triple_alliance_rules,
  &bg_marelle_rules,
  &bg_triomino_rules,
  &bg_trichess_rules,
  NULL,
};

void
bg_move_info_init (BgMoveInfo *info)
{
  *info = (BgMoveInfo) {
    .flags = 0,
    .from = -1,
    .to = -1,
    .removed = -1,
    .piece = BG_NO_PIECE,
    .promotion = 0,
    .tile = -1,
  };
}

const BgRules *const *
bg_rules_list (void)
{
  return all_rules;
}

const BgRules *
bg_rules_lookup (const char *id)
{
  g_return_val_if_fail (id != NULL, NULL);

  for (guint i = 0; all_rules[i] != NULL; i++)
    if (g_str_equal (all_rules[i]->id, id))
      return all_rules[i];
  return NULL;
}

const char *
bg_reason_to_string (BgReason reason)
{
  static const char *const names[BG_N_REASONS] = {
    [BG_REASON_NONE] = "", [BG_REASON_LINE_OF_THREE] = "line of three",
    [BG_REASON_TWO_PIECES] = "two pieces left", [BG_REASON_NO_MOVE] = "no legal move",
    [BG_REASON_DRAW_AGREED] = "draw agreed", [BG_REASON_CHECKMATE] = "checkmate",
    [BG_REASON_PAT] = "pat", [BG_REASON_FAT] = "fat", [BG_REASON_FAT_MATE] = "fat and mate",
    [BG_REASON_TARGET_SCORE] = "target score reached", [BG_REASON_RESIGNED] = "resigned",
  };

  g_return_val_if_fail ((guint) reason < BG_N_REASONS, "");
  return names[reason];
}
