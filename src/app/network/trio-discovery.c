/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-discovery.c: games announced and found on the local network: the object, its list
 * and property on its main context (the Avahi thread is trio-discovery-avahi.c's) */

#include "trio-discovery-private.h"

struct _TrioDiscovery
{
  GObject parent_instance;

  TrioDiscoveryWorker *worker;  /* NULL when no thread could be made */
  GListStore *games;            /* TrioAnnouncedGame, by title */
  GHashTable *names;            /* a service's name → its game in games (borrowed) */
  GHashTable *own_rooms;        /* the rooms this object announces: not listed */
  gboolean available;
};

enum
{
  PROP_0,
  PROP_AVAILABLE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (TrioDiscovery, trio_discovery, G_TYPE_OBJECT)

/* The list */

static int
compare_titles (gconstpointer a,
                gconstpointer b,
                gpointer      user_data)
{
  TrioAnnouncedGame *game_a = (TrioAnnouncedGame *) a;
  TrioAnnouncedGame *game_b = (TrioAnnouncedGame *) b;

  return g_utf8_collate (trio_announced_game_get_title (game_a),
                         trio_announced_game_get_title (game_b));
}

static void
remove_game (TrioDiscovery     *self,
             TrioAnnouncedGame *game)
{
  guint position = 0;

  if (g_list_store_find (self->games, game, &position))
    g_list_store_remove (self->games, position);
}

static void
forget_name (TrioDiscovery *self,
             const char    *name)
{
  TrioAnnouncedGame *game = g_hash_table_lookup (self->names, name);

  if (game == NULL)
    return;
  remove_game (self, game);
  g_hash_table_remove (self->names, name);
}

static void
forget_room (TrioDiscovery *self,
             const char    *room)
{
  GHashTableIter iter;
  gpointer game;

  g_hash_table_iter_init (&iter, self->names);
  while (g_hash_table_iter_next (&iter, NULL, &game))
    if (g_strcmp0 (trio_announced_game_get_room (game), room) == 0)
      {
        remove_game (self, game);
        g_hash_table_iter_remove (&iter);
      }
}

static void
found (TrioDiscovery            *self,
       const TrioDiscoveryEvent *event)
{
  g_autofree char *title = trio_discovery_sanitize_title (event->name);
  g_autofree char *link = NULL;
  g_autoptr (TrioAnnouncedGame) game = NULL;
  TrioAnnouncedGame *old;
  guint position = 0;

  if (g_hash_table_contains (self->own_rooms, event->record.room) || title == NULL)
    {
      forget_name (self, event->name);
      return;
    }
  link = trio_discovery_link (event->host, event->port, event->record.room, event->record.key);
  game = trio_announced_game_new (title, event->record.game_id, event->host, event->port,
                                  event->record.room, link, event->record.open_seats);
  old = g_hash_table_lookup (self->names, event->name);
  /* The same name makes the same title: the game keeps its place. */
  if (old != NULL && g_list_store_find (self->games, old, &position))
    g_list_store_splice (self->games, position, 1, (gpointer *) &game, 1);
  else
    g_list_store_insert_sorted (self->games, game, compare_titles, NULL);
  g_hash_table_replace (self->names, g_strdup (event->name), game);
  g_debug ("discovery: found \"%s\": %s, %d open seat%s", title, event->record.game_id,
           event->record.open_seats, event->record.open_seats == 1 ? "" : "s");
}

void
trio_discovery_handle_event (TrioDiscovery            *self,
                             const TrioDiscoveryEvent *event)
{
  switch (event->kind)
    {
    case TRIO_DISCOVERY_EVENT_AVAILABLE:
      if (self->available == event->available)
        break;
      self->available = event->available;
      if (!self->available)
        {
          g_hash_table_remove_all (self->names);
          g_list_store_remove_all (self->games);
        }
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_AVAILABLE]);
      break;
    case TRIO_DISCOVERY_EVENT_FOUND:
      found (self, event);
      break;
    case TRIO_DISCOVERY_EVENT_GONE:
      if (g_hash_table_contains (self->names, event->name))
        g_debug ("discovery: \"%s\" is gone", event->name);
      forget_name (self, event->name);
      break;
    }
}

/* The object */

static void
trio_discovery_dispose (GObject *object)
{
  TrioDiscovery *self = TRIO_DISCOVERY (object);

  if (self->worker != NULL)
    trio_discovery_worker_stop (g_steal_pointer (&self->worker));
  if (self->names != NULL)
    g_hash_table_remove_all (self->names);
  if (self->games != NULL)
    g_list_store_remove_all (self->games);
  G_OBJECT_CLASS (trio_discovery_parent_class)->dispose (object);
}

static void
trio_discovery_finalize (GObject *object)
{
  TrioDiscovery *self = TRIO_DISCOVERY (object);

  g_clear_pointer (&self->names, g_hash_table_unref);
  g_clear_pointer (&self->own_rooms, g_hash_table_unref);
  g_clear_object (&self->games);
  G_OBJECT_CLASS (trio_discovery_parent_class)->finalize (object);
}

static void
trio_discovery_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  TrioDiscovery *self = TRIO_DISCOVERY (object);

  switch (prop_id)
    {
    case PROP_AVAILABLE:
      g_value_set_boolean (value, self->available);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
trio_discovery_class_init (TrioDiscoveryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = trio_discovery_dispose;
  object_class->finalize = trio_discovery_finalize;
  object_class->get_property = trio_discovery_get_property;

  properties[PROP_AVAILABLE] = g_param_spec_boolean ("available", NULL, NULL, FALSE,
                                                     G_PARAM_READABLE | G_PARAM_STATIC_STRINGS
                                                     | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
trio_discovery_init (TrioDiscovery *self)
{
  self->games = g_list_store_new (TRIO_TYPE_ANNOUNCED_GAME);
  self->names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->own_rooms = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}

TrioDiscovery *
trio_discovery_new (void)
{
  TrioDiscovery *self = g_object_new (TRIO_TYPE_DISCOVERY, NULL);

  self->worker = trio_discovery_worker_start (self);
  return self;
}

gboolean
trio_discovery_get_available (TrioDiscovery *self)
{
  g_return_val_if_fail (TRIO_IS_DISCOVERY (self), FALSE);
  return self->available;
}

GListModel *
trio_discovery_get_games (TrioDiscovery *self)
{
  g_return_val_if_fail (TRIO_IS_DISCOVERY (self), NULL);
  return G_LIST_MODEL (self->games);
}

void
trio_discovery_announce (TrioDiscovery *self,
                         const char    *title,
                         const char    *game_id,
                         guint          port,
                         const char    *room,
                         const char    *key,
                         int            open_seats)
{
  g_autofree char *name = NULL;
  TrioDiscoveryRecord record;
  gboolean valid;

  g_return_if_fail (TRIO_IS_DISCOVERY (self));
  g_return_if_fail (port > 0 && port <= G_MAXUINT16);
  valid = trio_discovery_record_set (&record, game_id, room, key, open_seats);
  g_return_if_fail (valid);

  name = trio_discovery_sanitize_title (title);
  /* A name is needed: the machine's, when the host's text has nothing to show. */
  if (name == NULL)
    name = trio_discovery_sanitize_title (g_get_host_name ());
  if (name == NULL)
    name = g_strdup ("Trio");
  g_hash_table_add (self->own_rooms, g_strdup (room));
  forget_room (self, room);
  if (self->worker != NULL)
    trio_discovery_worker_announce (self->worker, name, port, &record);
}

void
trio_discovery_withdraw (TrioDiscovery *self,
                         const char    *room)
{
  g_return_if_fail (TRIO_IS_DISCOVERY (self));
  g_return_if_fail (room != NULL);

  if (!g_hash_table_remove (self->own_rooms, room))
    return;
  if (self->worker != NULL)
    trio_discovery_worker_withdraw (self->worker, room);
}
