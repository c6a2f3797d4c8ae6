/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-announced-game.c: a game announced on the local network (read-only properties) */

#include "trio-announced-game.h"

#include "trio-discovery-record.h"

struct _TrioAnnouncedGame
{
  GObject parent_instance;

  char *title;
  char *game_id;
  char *host;
  guint port;
  char *room;
  char *link;
  int open_seats;
};

enum
{
  PROP_0,
  PROP_TITLE,
  PROP_GAME_ID,
  PROP_HOST,
  PROP_PORT,
  PROP_ROOM,
  PROP_LINK,
  PROP_OPEN_SEATS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (TrioAnnouncedGame, trio_announced_game, G_TYPE_OBJECT)

static void
trio_announced_game_finalize (GObject *object)
{
  TrioAnnouncedGame *self = TRIO_ANNOUNCED_GAME (object);

  g_free (self->title);
  g_free (self->game_id);
  g_free (self->host);
  g_free (self->room);
  g_free (self->link);
  G_OBJECT_CLASS (trio_announced_game_parent_class)->finalize (object);
}

static void
trio_announced_game_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  TrioAnnouncedGame *self = TRIO_ANNOUNCED_GAME (object);

  switch (prop_id)
    {
    case PROP_TITLE:
      g_value_set_string (value, self->title);
      break;
    case PROP_GAME_ID:
      g_value_set_string (value, self->game_id);
      break;
    case PROP_HOST:
      g_value_set_string (value, self->host);
      break;
    case PROP_PORT:
      g_value_set_uint (value, self->port);
      break;
    case PROP_ROOM:
      g_value_set_string (value, self->room);
      break;
    case PROP_LINK:
      g_value_set_string (value, self->link);
      break;
    case PROP_OPEN_SEATS:
      g_value_set_int (value, self->open_seats);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
trio_announced_game_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  TrioAnnouncedGame *self = TRIO_ANNOUNCED_GAME (object);

  switch (prop_id)
    {
    case PROP_TITLE:
      self->title = g_value_dup_string (value);
      break;
    case PROP_GAME_ID:
      self->game_id = g_value_dup_string (value);
      break;
    case PROP_HOST:
      self->host = g_value_dup_string (value);
      break;
    case PROP_PORT:
      self->port = g_value_get_uint (value);
      break;
    case PROP_ROOM:
      self->room = g_value_dup_string (value);
      break;
    case PROP_LINK:
      self->link = g_value_dup_string (value);
      break;
    case PROP_OPEN_SEATS:
      self->open_seats = g_value_get_int (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static GParamSpec *
string_property (const char *name)
{
  return g_param_spec_string (name, NULL, NULL, NULL,
                              G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY
                              | G_PARAM_STATIC_STRINGS);
}

static void
trio_announced_game_class_init (TrioAnnouncedGameClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = trio_announced_game_finalize;
  object_class->get_property = trio_announced_game_get_property;
  object_class->set_property = trio_announced_game_set_property;

  properties[PROP_TITLE] = string_property ("title");
  properties[PROP_GAME_ID] = string_property ("game-id");
  properties[PROP_HOST] = string_property ("host");
  properties[PROP_PORT] = g_param_spec_uint ("port", NULL, NULL, 0, G_MAXUINT16, 0, flags);
  properties[PROP_ROOM] = string_property ("room");
  properties[PROP_LINK] = string_property ("link");
  properties[PROP_OPEN_SEATS] = g_param_spec_int ("open-seats", NULL, NULL, 0,
                                                  TRIO_DISCOVERY_SEATS_MAX, 0, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
trio_announced_game_init (TrioAnnouncedGame *self)
{
}

TrioAnnouncedGame *
trio_announced_game_new (const char *title,
                         const char *game_id,
                         const char *host,
                         guint       port,
                         const char *room,
                         const char *link,
                         int         open_seats)
{
  return g_object_new (TRIO_TYPE_ANNOUNCED_GAME,
                       "title", title,
                       "game-id", game_id,
                       "host", host,
                       "port", port,
                       "room", room,
                       "link", link,
                       "open-seats", open_seats,
                       NULL);
}

const char *
trio_announced_game_get_title (TrioAnnouncedGame *self)
{
  g_return_val_if_fail (TRIO_IS_ANNOUNCED_GAME (self), NULL);
  return self->title;
}

const char *
trio_announced_game_get_game_id (TrioAnnouncedGame *self)
{
  g_return_val_if_fail (TRIO_IS_ANNOUNCED_GAME (self), NULL);
  return self->game_id;
}

const char *
trio_announced_game_get_host (TrioAnnouncedGame *self)
{
  g_return_val_if_fail (TRIO_IS_ANNOUNCED_GAME (self), NULL);
  return self->host;
}

guint
trio_announced_game_get_port (TrioAnnouncedGame *self)
{
  g_return_val_if_fail (TRIO_IS_ANNOUNCED_GAME (self), 0);
  return self->port;
}

const char *
trio_announced_game_get_room (TrioAnnouncedGame *self)
{
  g_return_val_if_fail (TRIO_IS_ANNOUNCED_GAME (self), NULL);
  return self->room;
}

const char *
trio_announced_game_get_link (TrioAnnouncedGame *self)
{
  g_return_val_if_fail (TRIO_IS_ANNOUNCED_GAME (self), NULL);
  return self->link;
}

int
trio_announced_game_get_open_seats (TrioAnnouncedGame *self)
{
  g_return_val_if_fail (TRIO_IS_ANNOUNCED_GAME (self), 0);
  return self->open_seats;
}
