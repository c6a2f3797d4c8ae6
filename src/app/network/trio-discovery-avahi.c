/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-discovery-avahi.c: TrioDiscovery's Avahi thread: the thread, the client of the
 * daemon, the commands of the object, the announcements (an entry group per room); the
 * games found are trio-discovery-browse.c's
 *
 * Avahi's client library waits for the daemon's answer to every call it makes: it runs
 * here, on a thread with its own main context (avahi-glib's poll), which the object's
 * commands reach as idle sources, in order; what it finds goes back to the object's main
 * context the same way (trio-discovery-private.h).
 */

#include "trio-discovery-avahi.h"

#include <avahi-client/publish.h>
#include <avahi-common/alternative.h>
#include <avahi-common/error.h>
#include <avahi-common/malloc.h>
#include <string.h>

/* Renamings of an announcement on a collision, before it gives up. */
#define RENAMES_MAX   32

typedef struct
{
  TrioDiscoveryWorker *worker;
  char *name;                  /* the service's name now: the title, or a renaming */
  char *title;
  guint port;
  guint renames;
  TrioDiscoveryRecord record;
  AvahiEntryGroup *group;
} Announcement;

static TrioDiscoveryWorker *
worker_ref (TrioDiscoveryWorker *worker)
{
  g_atomic_ref_count_inc (&worker->ref_count);
  return worker;
}

static void
worker_unref (TrioDiscoveryWorker *worker)
{
  if (!g_atomic_ref_count_dec (&worker->ref_count))
    return;
  g_main_loop_unref (worker->loop);
  g_main_context_unref (worker->context);
  g_main_context_unref (worker->main_context);
  g_free (worker);
}

/* Events, to the object */

typedef struct
{
  TrioDiscoveryWorker *worker;
  TrioDiscoveryEvent event;
} Delivery;

static gboolean
deliver (gpointer data)
{
  Delivery *delivery = data;

  if (delivery->worker->owner != NULL)
    trio_discovery_handle_event (delivery->worker->owner, &delivery->event);
  return G_SOURCE_REMOVE;
}

static void
delivery_free (gpointer data)
{
  Delivery *delivery = data;

  worker_unref (delivery->worker);
  g_free (delivery->event.name);
  g_free (delivery);
}

void
trio_discovery_worker_tell (TrioDiscoveryWorker      *worker,
                            const TrioDiscoveryEvent *event)
{
  Delivery *delivery = g_new0 (Delivery, 1);
  GSource *source = g_idle_source_new ();

  delivery->worker = worker_ref (worker);
  delivery->event = *event;
  delivery->event.name = g_strdup (event->name);
  g_source_set_priority (source, G_PRIORITY_DEFAULT);
  g_source_set_callback (source, deliver, delivery, delivery_free);
  g_source_set_static_name (source, "[trio] discovery event");
  g_source_attach (source, worker->main_context);
  g_source_unref (source);
}

static void
tell_available (TrioDiscoveryWorker *worker,
                gboolean             available)
{
  TrioDiscoveryEvent event = { .kind = TRIO_DISCOVERY_EVENT_AVAILABLE, .available = available };

  trio_discovery_worker_tell (worker, &event);
}

/* Announcements */

static void publish (Announcement *announcement);

static void
announcement_free (gpointer data)
{
  Announcement *announcement = data;

  if (announcement->group != NULL)
    avahi_entry_group_free (announcement->group);
  g_free (announcement->name);
  g_free (announcement->title);
  g_free (announcement);
}

static AvahiStringList *
announcement_txt (Announcement *announcement)
{
  g_auto (GStrv) items = trio_discovery_record_to_txt (&announcement->record);

  return avahi_string_list_new_from_array ((const char **) items, -1);
}

/* The next name after a collision: "Title #2", "Title #3"… */
static gboolean
rename_announcement (Announcement *announcement)
{
  char *name;

  if (announcement->renames++ >= RENAMES_MAX)
    return FALSE;
  name = avahi_alternative_service_name (announcement->name);
  g_debug ("discovery: \"%s\" is taken on the network: \"%s\" instead", announcement->name,
           name);
  g_free (announcement->name);
  announcement->name = g_strdup (name);
  avahi_free (name);
  return TRUE;
}

static void
group_changed (AvahiEntryGroup      *group,
               AvahiEntryGroupState  state,
               void                 *data)
{
  Announcement *announcement = data;

  switch (state)
    {
    case AVAHI_ENTRY_GROUP_ESTABLISHED:
      g_debug ("discovery: announced \"%s\" (room %s, %d open seat%s)", announcement->name,
               announcement->record.room, announcement->record.open_seats,
               announcement->record.open_seats == 1 ? "" : "s");
      break;
    case AVAHI_ENTRY_GROUP_COLLISION:
      avahi_entry_group_reset (group);
      if (rename_announcement (announcement))
        publish (announcement);
      break;
    case AVAHI_ENTRY_GROUP_FAILURE:
      g_debug ("discovery: \"%s\" not announced: %s", announcement->name,
               avahi_strerror (avahi_client_errno (avahi_entry_group_get_client (group))));
      break;
    case AVAHI_ENTRY_GROUP_UNCOMMITED:
    case AVAHI_ENTRY_GROUP_REGISTERING:
      break;
    }
}

/* Adds the service to the announcement's group and commits it, when the daemon runs (else
 * it is done once it does). */
static void
publish (Announcement *announcement)
{
  TrioDiscoveryWorker *worker = announcement->worker;
  AvahiStringList *txt;
  int error;

  if (!worker->running)
    return;
  if (announcement->group == NULL)
    announcement->group = avahi_entry_group_new (worker->client, group_changed, announcement);
  if (announcement->group == NULL)
    {
      g_debug ("discovery: no entry group: %s",
               avahi_strerror (avahi_client_errno (worker->client)));
      return;
    }
  if (!avahi_entry_group_is_empty (announcement->group))
    return;
  txt = announcement_txt (announcement);
  do
    error = avahi_entry_group_add_service_strlst (announcement->group, AVAHI_IF_UNSPEC,
                                                  AVAHI_PROTO_UNSPEC, 0, announcement->name,
                                                  TRIO_DISCOVERY_SERVICE_TYPE, NULL, NULL,
                                                  (uint16_t) announcement->port, txt);
  while (error == AVAHI_ERR_COLLISION && rename_announcement (announcement));
  avahi_string_list_free (txt);
  if (error >= 0)
    error = avahi_entry_group_commit (announcement->group);
  if (error < 0)
    g_debug ("discovery: \"%s\" not announced: %s", announcement->name,
             avahi_strerror (error));
}

static void
publish_all (TrioDiscoveryWorker *worker)
{
  GHashTableIter iter;
  gpointer announcement;

  g_hash_table_iter_init (&iter, worker->announcements);
  while (g_hash_table_iter_next (&iter, NULL, &announcement))
    publish (announcement);
}

static void
reset_all (TrioDiscoveryWorker *worker)
{
  GHashTableIter iter;
  gpointer value;

  g_hash_table_iter_init (&iter, worker->announcements);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      Announcement *announcement = value;

      if (announcement->group != NULL)
        avahi_entry_group_reset (announcement->group);
    }
}

/* The daemon */

static void connect_client (TrioDiscoveryWorker *worker);

/* What the daemon held for this thread is gone with it: resolvers, browser, groups. */
static void
forget_daemon (TrioDiscoveryWorker *worker)
{
  GHashTableIter iter;
  gpointer value;

  trio_discovery_worker_forget_games (worker);
  g_hash_table_iter_init (&iter, worker->announcements);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      Announcement *announcement = value;

      g_clear_pointer (&announcement->group, avahi_entry_group_free);
    }
  g_clear_pointer (&worker->client, avahi_client_free);
  worker->running = FALSE;
}

static gboolean
reconnect (gpointer data)
{
  TrioDiscoveryWorker *worker = data;

  g_clear_pointer (&worker->reconnect, g_source_unref);
  forget_daemon (worker);
  connect_client (worker);
  return G_SOURCE_REMOVE;
}

static void
client_changed (AvahiClient      *client,
                AvahiClientState  state,
                void             *data)
{
  TrioDiscoveryWorker *worker = data;

  /* The first call may come from avahi_client_new(), before it returns. */
  worker->client = client;
  switch (state)
    {
    case AVAHI_CLIENT_S_RUNNING:
      if (!worker->running)
        g_debug ("discovery: the Avahi daemon runs");
      worker->running = TRUE;
      trio_discovery_worker_browse (worker);
      publish_all (worker);
      tell_available (worker, TRUE);
      break;
    case AVAHI_CLIENT_S_REGISTERING:
    case AVAHI_CLIENT_S_COLLISION:
      /* The machine's name changes: the announcements go again once it is settled. */
      reset_all (worker);
      break;
    case AVAHI_CLIENT_CONNECTING:
      g_debug ("discovery: waiting for the Avahi daemon");
      break;
    case AVAHI_CLIENT_FAILURE:
      /* The daemon went (or the bus): a new client waits for it to come back. The client
       * is not freed inside its own callback. */
      g_debug ("discovery: the Avahi daemon is gone: %s",
               avahi_strerror (avahi_client_errno (client)));
      worker->running = FALSE;
      tell_available (worker, FALSE);
      if (worker->reconnect == NULL && !worker->stopping)
        {
          worker->reconnect = g_idle_source_new ();
          g_source_set_callback (worker->reconnect, reconnect, worker, NULL);
          g_source_attach (worker->reconnect, worker->context);
        }
      break;
    }
}

static void
connect_client (TrioDiscoveryWorker *worker)
{
  AvahiClient *client;
  int error = 0;

  client = avahi_client_new (avahi_glib_poll_get (worker->poll), AVAHI_CLIENT_NO_FAIL,
                             client_changed, worker, &error);
  worker->client = client;
  if (client == NULL)
    g_debug ("discovery: no Avahi (%s): games are neither announced nor found",
             avahi_strerror (error));
}

/* The thread */

static gpointer
run (gpointer data)
{
  TrioDiscoveryWorker *worker = data;

  g_main_context_push_thread_default (worker->context);
  worker->poll = avahi_glib_poll_new (worker->context, G_PRIORITY_DEFAULT);
  worker->announcements = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                                 announcement_free);
  connect_client (worker);

  g_main_loop_run (worker->loop);

  /* Stopped: every announcement is withdrawn as the groups go, then the client. */
  if (worker->reconnect != NULL)
    {
      g_source_destroy (worker->reconnect);
      g_clear_pointer (&worker->reconnect, g_source_unref);
    }
  g_hash_table_remove_all (worker->announcements);
  forget_daemon (worker);
  g_hash_table_unref (worker->announcements);
  avahi_glib_poll_free (worker->poll);
  /* Commands still queued (none should be: stopping is the last) go with their refs. */
  while (g_main_context_iteration (worker->context, FALSE))
    ;
  g_main_context_pop_thread_default (worker->context);
  worker_unref (worker);
  return NULL;
}

/* Commands, from the object */

typedef enum
{
  COMMAND_ANNOUNCE,
  COMMAND_WITHDRAW,
  COMMAND_STOP
} CommandKind;

typedef struct
{
  TrioDiscoveryWorker *worker;
  CommandKind kind;
  char *title;
  guint port;
  TrioDiscoveryRecord record;  /* ANNOUNCE; WITHDRAW: its room only */
} Command;

static void
announce_now (TrioDiscoveryWorker *worker,
              Command             *command)
{
  Announcement *announcement = g_hash_table_lookup (worker->announcements,
                                                    command->record.room);

  if (announcement != NULL && announcement->port == command->port
      && strcmp (announcement->title, command->title) == 0)
    {
      /* The same service: only its TXT record changes. */
      AvahiStringList *txt;

      announcement->record = command->record;
      if (announcement->group == NULL || avahi_entry_group_is_empty (announcement->group))
        return;
      txt = announcement_txt (announcement);
      if (avahi_entry_group_update_service_txt_strlst (announcement->group, AVAHI_IF_UNSPEC,
                                                       AVAHI_PROTO_UNSPEC, 0,
                                                       announcement->name,
                                                       TRIO_DISCOVERY_SERVICE_TYPE, NULL,
                                                       txt) < 0)
        g_debug ("discovery: \"%s\" not updated: %s", announcement->name,
                 avahi_strerror (avahi_client_errno (worker->client)));
      avahi_string_list_free (txt);
      return;
    }
  if (announcement == NULL)
    {
      announcement = g_new0 (Announcement, 1);
      announcement->worker = worker;
      announcement->record = command->record;
      /* Keyed by its own room. */
      g_hash_table_insert (worker->announcements, announcement->record.room, announcement);
    }
  else if (announcement->group != NULL)
    avahi_entry_group_reset (announcement->group);
  g_free (announcement->title);
  g_free (announcement->name);
  announcement->title = g_strdup (command->title);
  announcement->name = g_strdup (command->title);
  announcement->renames = 0;
  announcement->port = command->port;
  announcement->record = command->record;
  publish (announcement);
}

static gboolean
run_command (gpointer data)
{
  Command *command = data;
  TrioDiscoveryWorker *worker = command->worker;

  if (worker->stopping)
    return G_SOURCE_REMOVE;
  switch (command->kind)
    {
    case COMMAND_ANNOUNCE:
      announce_now (worker, command);
      break;
    case COMMAND_WITHDRAW:
      if (g_hash_table_remove (worker->announcements, command->record.room))
        g_debug ("discovery: room %s withdrawn", command->record.room);
      break;
    case COMMAND_STOP:
      worker->stopping = TRUE;
      g_main_loop_quit (worker->loop);
      break;
    }
  return G_SOURCE_REMOVE;
}

static void
command_free (gpointer data)
{
  Command *command = data;

  worker_unref (command->worker);
  g_free (command->title);
  g_free (command);
}

static void
send_command (TrioDiscoveryWorker *worker,
              Command             *command)
{
  GSource *source = g_idle_source_new ();

  command->worker = worker_ref (worker);
  g_source_set_priority (source, G_PRIORITY_DEFAULT);
  g_source_set_callback (source, run_command, command, command_free);
  g_source_set_static_name (source, "[trio] discovery command");
  g_source_attach (source, worker->context);
  g_source_unref (source);
}

TrioDiscoveryWorker *
trio_discovery_worker_start (TrioDiscovery *owner)
{
  TrioDiscoveryWorker *worker = g_new0 (TrioDiscoveryWorker, 1);
  g_autoptr (GError) error = NULL;
  GThread *thread;

  g_atomic_ref_count_init (&worker->ref_count);
  worker->owner = owner;
  worker->main_context = g_main_context_ref_thread_default ();
  worker->context = g_main_context_new ();
  worker->loop = g_main_loop_new (worker->context, FALSE);
  thread = g_thread_try_new ("trio-discovery", run, worker_ref (worker), &error);
  if (thread == NULL)
    {
      g_debug ("discovery: no thread for Avahi (%s): games are neither announced nor found",
               error->message);
      worker_unref (worker);
      worker_unref (worker);
      return NULL;
    }
  /* Never waited for: it ends on its own once stopped. */
  g_thread_unref (thread);
  return worker;
}

void
trio_discovery_worker_announce (TrioDiscoveryWorker       *worker,
                                const char                *title,
                                guint                      port,
                                const TrioDiscoveryRecord *record)
{
  Command *command = g_new0 (Command, 1);

  command->kind = COMMAND_ANNOUNCE;
  command->title = g_strdup (title);
  command->port = port;
  command->record = *record;
  send_command (worker, command);
}

void
trio_discovery_worker_withdraw (TrioDiscoveryWorker *worker,
                                const char          *room)
{
  Command *command = g_new0 (Command, 1);

  command->kind = COMMAND_WITHDRAW;
  g_strlcpy (command->record.room, room, sizeof command->record.room);
  send_command (worker, command);
}

void
trio_discovery_worker_stop (TrioDiscoveryWorker *worker)
{
  Command *command = g_new0 (Command, 1);

  worker->owner = NULL;
  command->kind = COMMAND_STOP;
  send_command (worker, command);
  worker_unref (worker);
}
