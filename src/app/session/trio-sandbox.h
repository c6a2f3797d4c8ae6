/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-sandbox.h: whether a file written inside the Flatpak sandbox is one the player finds
 * again once Trio has quit */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* TRUE outside a sandbox (no info file), and inside one for a path in the folders the host
 * keeps: the document portal's (a file chosen through the portal), the app's own
 * (~/.var/app/ID, where GLib's user folders are) and those the sandbox's permissions share
 * with write access ([Context] filesystems of the info file). Anything else is written in
 * the sandbox's own home, which goes when the app quits. info_path: the sandbox's info
 * file, NULL for /.flatpak-info. */
gboolean trio_sandbox_keeps_path (const char *info_path,
                                  const char *path);

G_END_DECLS
