/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-data-lock.h: one Trio at a time on its data folder */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  TRIO_DATA_LOCK_HELD,        /* taken: the folder is this process's */
  TRIO_DATA_LOCK_IN_USE,      /* another process holds it */
  TRIO_DATA_LOCK_UNAVAILABLE  /* no lock file could be made there (error says why) */
} TrioDataLockState;

/* The data folder of this user: $XDG_DATA_HOME/trio. */
char              *trio_data_lock_folder (void);

/* Takes the lock of the folder dir (made if missing) without waiting. When it is held, *fd
 * is the lock's file descriptor, which holds it until it is closed or the process ends
 * (a crash too); otherwise *fd is -1. */
TrioDataLockState  trio_data_lock_take   (const char *dir,
                                          int        *fd,
                                          GError    **error);

G_END_DECLS
