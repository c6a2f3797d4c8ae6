/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-sandbox.c: whether a file written inside the Flatpak sandbox is one the player finds
 * again once Trio has quit
 *
 * Without the file chooser portal, GTK 4.8 falls back to its own dialog inside the sandbox,
 * where the home folder is the sandbox's and is not kept: a game saved there is lost.
 */

#include "trio-sandbox.h"

#include <string.h>
#include <unistd.h>

/* path is dir or inside it (both canonical). */
static gboolean
is_within (const char *path,
           const char *dir)
{
  gsize n = strlen (dir);

  while (n > 1 && dir[n - 1] == '/')
    n--;
  return n > 0 && strncmp (path, dir, n) == 0 && (path[n] == '\0' || path[n] == '/');
}

static const struct
{
  const char *name;
  GUserDirectory dir;
} xdg_dirs[] = {
  { "xdg-desktop", G_USER_DIRECTORY_DESKTOP },
  { "xdg-documents", G_USER_DIRECTORY_DOCUMENTS },
  { "xdg-download", G_USER_DIRECTORY_DOWNLOAD },
  { "xdg-music", G_USER_DIRECTORY_MUSIC },
  { "xdg-pictures", G_USER_DIRECTORY_PICTURES },
  { "xdg-public-share", G_USER_DIRECTORY_PUBLIC_SHARE },
  { "xdg-templates", G_USER_DIRECTORY_TEMPLATES },
  { "xdg-videos", G_USER_DIRECTORY_VIDEOS },
};

/* The folder a filesystems entry ("home", "~/Games", "xdg-documents/Trio", "/srv")
 * shares, or NULL when it shares all ("host") or none that this reads. */
static char *
shared_folder (const char *entry,
               gboolean   *everything)
{
  const char *home = g_get_home_dir ();
  const char *slash = strchr (entry, '/');
  g_autofree char *head = slash ? g_strndup (entry, (gsize) (slash - entry)) : g_strdup (entry);

  *everything = g_str_equal (entry, "host");
  if (g_str_equal (entry, "home"))
    return g_strdup (home);
  if (entry[0] == '~' && (entry[1] == '/' || entry[1] == '\0'))
    return g_build_filename (home, entry + 1, NULL);
  if (entry[0] == '/')
    return g_strdup (entry);
  for (guint i = 0; i < G_N_ELEMENTS (xdg_dirs); i++)
    if (g_str_equal (head, xdg_dirs[i].name) && g_get_user_special_dir (xdg_dirs[i].dir))
      return g_build_filename (g_get_user_special_dir (xdg_dirs[i].dir), slash, NULL);
  return NULL;
}

/* Whether the sandbox's permissions share a folder holding path, with write access. */
static gboolean
shared_by_permissions (GKeyFile   *info,
                       const char *path)
{
  g_auto (GStrv) entries = g_key_file_get_string_list (info, "Context", "filesystems", NULL,
                                                       NULL);

  for (guint i = 0; entries != NULL && entries[i] != NULL; i++)
    {
      g_autofree char *entry = g_strdup (entries[i]);
      char *mode = strrchr (entry, ':');
      g_autofree char *folder = NULL;
      gboolean everything;

      if (entry[0] == '!')
        continue;
      if (mode != NULL)
        {
          if (g_str_equal (mode, ":ro"))
            continue;
          *mode = '\0';
        }
      folder = shared_folder (entry, &everything);
      if (everything)
        return TRUE;
      if (folder != NULL)
        {
          g_autofree char *canonical = g_canonicalize_filename (folder, NULL);

          if (is_within (path, canonical))
            return TRUE;
        }
    }
  return FALSE;
}

gboolean
trio_sandbox_keeps_path (const char *info_path,
                         const char *path)
{
  g_autoptr (GKeyFile) info = g_key_file_new ();
  g_autofree char *canonical = g_canonicalize_filename (path, NULL);
  g_autofree char *app_id = NULL;
  g_autofree char *doc = g_build_filename (g_get_user_runtime_dir (), "doc", NULL);
  g_autofree char *uid_doc = g_strdup_printf ("/run/user/%u/doc", (guint) getuid ());
  const char *own[] = { g_get_user_data_dir (), g_get_user_config_dir (),
                        g_get_user_cache_dir (), g_get_user_state_dir () };

  if (!g_key_file_load_from_file (info, info_path ? info_path : "/.flatpak-info",
                                  G_KEY_FILE_NONE, NULL))
    return TRUE;
  if (is_within (canonical, doc) || is_within (canonical, uid_doc)
      || is_within (canonical, "/run/flatpak/doc"))
    return TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (own); i++)
    if (is_within (canonical, own[i]))
      return TRUE;
  app_id = g_key_file_get_string (info, "Application", "name", NULL);
  if (app_id != NULL)
    {
      g_autofree char *var = g_build_filename (g_get_home_dir (), ".var", "app", app_id, NULL);

      if (is_within (canonical, var))
        return TRUE;
    }
  return shared_by_permissions (info, canonical);
}
