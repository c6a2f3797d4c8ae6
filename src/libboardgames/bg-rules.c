/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-rules.c: the registry of rule sets */

#include "bg-rules.h"

#include "bg-marelle.h"
#include "bg-trichess.h"
#include "bg-triomino.h"
#include "bg-triple-alliance.h"

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
