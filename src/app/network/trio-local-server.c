/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-local-server.c: the server this Trio runs for the local network */

#include "trio-local-server.h"

#include <gio/gio.h>
#include <string.h>

#include "trio-server.h"

/* A documentation address (RFC 5737): asking the route towards it names the address this
 * machine leaves from; a datagram socket sends nothing when it connects. */
#define PROBE_ADDRESS "198.51.100.1"

struct _TrioLocalServer
{
  GObject parent_instance;

  TrioServer *server;
  char *state_dir;
};

G_DEFINE_FINAL_TYPE (TrioLocalServer, trio_local_server, G_TYPE_OBJECT)

static TrioLocalServer *the_server;

static void
trio_local_server_dispose (GObject *object)
{
  TrioLocalServer *self = TRIO_LOCAL_SERVER (object);

  if (self->server != NULL)
    trio_server_shutdown (self->server);
  g_clear_object (&self->server);
  G_OBJECT_CLASS (trio_local_server_parent_class)->dispose (object);
}

static void
trio_local_server_finalize (GObject *object)
{
  g_free (TRIO_LOCAL_SERVER (object)->state_dir);
  G_OBJECT_CLASS (trio_local_server_parent_class)->finalize (object);
}

static void
trio_local_server_class_init (TrioLocalServerClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = trio_local_server_dispose;
  G_OBJECT_CLASS (klass)->finalize = trio_local_server_finalize;
}

static void
trio_local_server_init (TrioLocalServer *self)
{
}

char *
trio_local_server_dup_lan_host (void)
{
  g_autoptr (GSocket) socket = g_socket_new (G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_DATAGRAM,
                                             G_SOCKET_PROTOCOL_UDP, NULL);
  g_autoptr (GInetAddress) probe = g_inet_address_new_from_string (PROBE_ADDRESS);
  g_autoptr (GSocketAddress) target = g_inet_socket_address_new (probe, 9);
  g_autoptr (GSocketAddress) local = NULL;

  if (socket != NULL && g_socket_connect (socket, target, NULL, NULL)
      && (local = g_socket_get_local_address (socket, NULL)) != NULL)
    {
      GInetAddress *address = g_inet_socket_address_get_address (G_INET_SOCKET_ADDRESS (local));

      if (!g_inet_address_get_is_loopback (address) && !g_inet_address_get_is_any (address))
        return g_inet_address_to_string (address);
    }
  return g_strdup (g_get_host_name ());
}

/* The port of last time, or 0. */
static guint
read_port (const char *path)
{
  g_autofree char *text = NULL;
  guint64 port = 0;

  if (g_file_get_contents (path, &text, NULL, NULL))
    g_ascii_string_to_unsigned (g_strstrip (text), 10, 1, 65535, &port, NULL);
  return (guint) port;
}

static TrioServer *
listen_on (const char *state_dir,
           guint       port,
           GError    **error)
{
  TrioServerConfig config;
  g_autoptr (TrioServer) server = NULL;

  trio_server_config_init (&config);
  config.state_dir = state_dir;
  config.port = port;
  /* The computer's moves one at a time: the window's own computer players share the
   * processor. */
  config.threads = 1;
  server = trio_server_new (&config, error);
  if (server == NULL || !trio_server_listen (server, error))
    return NULL;
  return g_steal_pointer (&server);
}

static TrioLocalServer *
start (GError **error)
{
  g_autoptr (TrioLocalServer) self = g_object_new (TRIO_TYPE_LOCAL_SERVER, NULL);
  g_autofree char *port_path = NULL;
  g_autofree char *host = NULL;
  g_autofree char *url = NULL;
  g_autofree char *text = NULL;
  g_autoptr (GError) busy = NULL;
  guint port;

  self->state_dir = g_build_filename (g_get_user_data_dir (), "trio", "server", NULL);
  port_path = g_build_filename (self->state_dir, "port", NULL);
  port = read_port (port_path);
  if (port != 0)
    {
      self->server = listen_on (self->state_dir, port, &busy);
      if (self->server == NULL)
        g_debug ("local server: port %u is not free (%s): another one", port, busy->message);
    }
  /* The first time, or the port of last time taken: any free one. */
  if (self->server == NULL && (self->server = listen_on (self->state_dir, 0, error)) == NULL)
    return NULL;
  port = trio_server_get_port (self->server);
  host = trio_local_server_dup_lan_host ();
  url = strchr (host, ':') != NULL ? g_strdup_printf ("trio://[%s]:%u", host, port)
                                   : g_strdup_printf ("trio://%s:%u", host, port);
  trio_server_set_public_url (self->server, url);
  text = g_strdup_printf ("%u\n", port);
  if (!g_file_set_contents (port_path, text, -1, NULL))
    g_debug ("local server: its port could not be kept in %s", port_path);
  g_debug ("local server: listening on port %u, invite links begin %s", port,
           trio_server_get_link_base (self->server));
  return g_steal_pointer (&self);
}

TrioLocalServer *
trio_local_server_get (GError **error)
{
  if (the_server == NULL)
    the_server = start (error);
  return the_server;
}

void
trio_local_server_stop (void)
{
  if (the_server == NULL)
    return;
  g_debug ("local server: stopped");
  g_clear_object (&the_server);
}

guint
trio_local_server_get_port (TrioLocalServer *self)
{
  return trio_server_get_port (self->server);
}

const char *
trio_local_server_get_link_base (TrioLocalServer *self)
{
  return trio_server_get_link_base (self->server);
}

char *
trio_local_server_dup_room_url (TrioLocalServer *self,
                                const char      *room)
{
  return g_strdup_printf ("ws://127.0.0.1:%u/rooms/%s", trio_server_get_port (self->server),
                          room);
}

gboolean
trio_local_server_owns_url (TrioLocalServer *self,
                            const char      *url)
{
  g_autofree char *prefix = g_strdup_printf ("ws://127.0.0.1:%u/rooms/",
                                             trio_server_get_port (self->server));

  return url != NULL && g_str_has_prefix (url, prefix);
}
