/* trio-score-sheet.c: placeholder until the real widget lands (being written now) */

#include "trio-score-sheet.h"

struct _TrioScoreSheet
{
  GtkWidget parent_instance;
};

G_DEFINE_FINAL_TYPE (TrioScoreSheet, trio_score_sheet, GTK_TYPE_WIDGET)

static void
trio_score_sheet_class_init (TrioScoreSheetClass *klass)
{

}

static void
trio_score_sheet_init (TrioScoreSheet *self)
{
}

GtkWidget *
trio_score_sheet_new (void)
{
  return g_object_new (trio_score_sheet_get_type (), NULL);
}

void trio_score_sheet_set_game (TrioScoreSheet *self, const BgGame *game) {}
void trio_score_sheet_update (TrioScoreSheet *self) {}
