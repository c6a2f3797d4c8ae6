/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-join-dialog.h: joining a friend's game: its invite link (pasted, given on the command
 * line, or of a game announced on the local network), the seat (when several are free) and
 * the player's name
 *
 * Once the link reads as an invite, the dialog looks at the room as a spectator would (a
 * connection that watches, closed at once) to tell which game it is and which seats are
 * free.
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define TRIO_TYPE_JOIN_DIALOG (trio_join_dialog_get_type ())
G_DECLARE_FINAL_TYPE (TrioJoinDialog, trio_join_dialog, TRIO, JOIN_DIALOG, GtkWindow)

/* link: the invite to show (NULL: none yet); name: the player's name of last time; games:
 * the games announced on the local network (TrioAnnouncedGame, trio-discovery.h), or NULL:
 * choosing one gives its link. */
TrioJoinDialog *trio_join_dialog_new      (GtkWindow      *parent,
                                           const char     *link,
                                           const char     *name,
                                           GListModel     *games);
const char     *trio_join_dialog_get_link (TrioJoinDialog *self);
/* The seat chosen, -1 for the first free one. */
int             trio_join_dialog_get_seat (TrioJoinDialog *self);
const char     *trio_join_dialog_get_name (TrioJoinDialog *self);

/* Signal "join": the player pressed Join; the dialog closes after it. */

G_END_DECLS
