/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-online-store.h: the seats this Trio holds in rooms, kept so that it may take them
 * back: $XDG_DATA_HOME/trio/rooms (a key file, mode 0600: a seat's token resumes it)
 *
 * Plain data (no display; tests/test-online.c): one group per room, its invite link, its
 * WebSocket URL, the seat and its token, whether this Trio's own server hosts it, and
 * whether its game is over or was left for another. Reopening an invite of a room held
 * here, or starting Trio again after an online game, resumes the seat.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The rooms kept at most: the oldest are forgotten. */
#define TRIO_ONLINE_STORE_MAX 50

typedef struct
{
  char *room;        /* the room's id */
  char *link;        /* the invite link, with the room's key */
  char *url;         /* the room's WebSocket URL */
  int seat;
  char *token;
  gboolean hosted;   /* on this Trio's own server (started again to resume it) */
  gboolean done;     /* the game is over, or the player left it for another */
  gint64 time;       /* when it was last played (seconds since 1970) */
} TrioOnlineRecord;

void              trio_online_record_free  (TrioOnlineRecord *record);
TrioOnlineRecord *trio_online_record_copy  (const TrioOnlineRecord *record);

/* $XDG_DATA_HOME/trio/rooms */
char             *trio_online_store_path   (void);
/* The room's record, or NULL (none, or no file that can be read). */
TrioOnlineRecord *trio_online_store_lookup (const char *path,
                                            const char *room);
/* The last record played whose game is not done, or NULL. */
TrioOnlineRecord *trio_online_store_last   (const char *path);
/* Writes record in place of its room's (atomically, mode 0600), keeping the latest
 * TRIO_ONLINE_STORE_MAX; a file that cannot be read is replaced. */
gboolean          trio_online_store_save   (const char *path,
                                            const TrioOnlineRecord *record,
                                            GError    **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TrioOnlineRecord, trio_online_record_free)

G_END_DECLS
