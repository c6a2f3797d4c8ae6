/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-save-banner.h: the banner that says the game in progress could not be saved */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define TRIO_TYPE_SAVE_BANNER (trio_save_banner_get_type ())
G_DECLARE_FINAL_TYPE (TrioSaveBanner, trio_save_banner, TRIO, SAVE_BANNER, GtkWidget)

GtkWidget *trio_save_banner_new  (void);
/* Shows why the save failed, with a Save As button (the window's win.save-as action). */
void       trio_save_banner_show (TrioSaveBanner *self,
                                  const char     *reason);
void       trio_save_banner_hide (TrioSaveBanner *self);
gboolean   trio_save_banner_is_shown (TrioSaveBanner *self);

G_END_DECLS
