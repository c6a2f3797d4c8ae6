/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-server-messages.c: the server's messages of docs/server.md, written as JSON */

#include "trio-server-protocol.h"

#include <json-glib/json-glib.h>

#include "bg-rules.h"

static const char *const reasons[] = {
  NULL, "line-of-three", "two-pieces", "no-move", "draw-agreed", "checkmate", "pat", "fat",
  "fat-mate", "target-score", "resigned",
};
G_STATIC_ASSERT (G_N_ELEMENTS (reasons) == BG_N_REASONS);

const char *
trio_protocol_reason (int reason)
{
  if (reason < 0 || reason >= BG_N_REASONS)
    return NULL;
  return reasons[reason];
}

static JsonBuilder *
begin (const char *type)
{
  JsonBuilder *builder = json_builder_new ();

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "type");
  json_builder_add_string_value (builder, type);
  return builder;
}

/* Ends the object begun by begin() and writes it on one line. */
static char *
finish (JsonBuilder *builder)
{
  g_autoptr (JsonGenerator) generator = json_generator_new ();
  g_autoptr (JsonNode) root = NULL;

  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  json_generator_set_root (generator, root);
  g_object_unref (builder);
  return json_generator_to_data (generator, NULL);
}

static void
add_string (JsonBuilder *builder,
            const char  *name,
            const char  *value)
{
  json_builder_set_member_name (builder, name);
  if (value == NULL)
    json_builder_add_null_value (builder);
  else
    json_builder_add_string_value (builder, value);
}

static void
add_int (JsonBuilder *builder,
         const char  *name,
         gint64       value)
{
  json_builder_set_member_name (builder, name);
  json_builder_add_int_value (builder, value);
}

static void
add_bool (JsonBuilder *builder,
          const char  *name,
          gboolean     value)
{
  json_builder_set_member_name (builder, name);
  json_builder_add_boolean_value (builder, value);
}

char *
trio_protocol_error (int         code,
                     const char *message)
{
  JsonBuilder *builder = begin ("error");

  add_string (builder, "code", trio_protocol_error_code (code));
  add_string (builder, "message", message);
  return finish (builder);
}

char *
trio_protocol_welcome (const char *room,
                       int         seat,
                       const char *token,
                       const char *link)
{
  JsonBuilder *builder = begin ("welcome");

  add_string (builder, "room", room);
  add_int (builder, "seat", seat);
  add_string (builder, "token", token);
  add_string (builder, "link", link);
  return finish (builder);
}

static const char *
seat_kind (TrioSeatKind kind)
{
  switch (kind)
    {
    case TRIO_SEAT_HUMAN:
      return "human";
    case TRIO_SEAT_COMPUTER:
      return "computer";
    case TRIO_SEAT_OPEN:
    default:
      return "open";
    }
}

/* The members of a seat: name, kind, level, connected. */
static void
add_seat_members (JsonBuilder        *builder,
                  const TrioSeatInfo *info)
{
  add_string (builder, "name", info->name);
  add_string (builder, "kind", seat_kind (info->kind));
  json_builder_set_member_name (builder, "level");
  if (info->kind == TRIO_SEAT_COMPUTER)
    json_builder_add_int_value (builder, info->level);
  else
    json_builder_add_null_value (builder);
  add_bool (builder, "connected", info->connected);
}

char *
trio_protocol_seat (int                 seat,
                    const TrioSeatInfo *info)
{
  JsonBuilder *builder = begin ("seat");

  add_int (builder, "seat", seat);
  add_seat_members (builder, info);
  return finish (builder);
}

static const char *
offer_kind (TrioOfferKind kind)
{
  return kind == TRIO_OFFER_DRAW ? "draw" : kind == TRIO_OFFER_UNDO ? "undo" : NULL;
}

static void
add_waiting (JsonBuilder         *builder,
             const char          *name,
             const TrioOfferInfo *offer,
             guint                n_seats)
{
  json_builder_set_member_name (builder, name);
  json_builder_begin_array (builder);
  for (guint i = 0; i < n_seats && i < TRIO_PROTOCOL_MAX_SEATS; i++)
    if (offer->waiting[i])
      json_builder_add_int_value (builder, i);
  json_builder_end_array (builder);
}

char *
trio_protocol_offer (const TrioOfferInfo *offer,
                     guint                n_seats)
{
  JsonBuilder *builder = begin ("offer");

  add_string (builder, "kind", offer_kind (offer->kind));
  add_int (builder, "from", offer->from);
  add_waiting (builder, "to", offer, offer->kind == TRIO_OFFER_NONE ? 0 : n_seats);
  add_int (builder, "ply", offer->ply);
  return finish (builder);
}

static void
add_end_members (JsonBuilder       *builder,
                 const TrioEndInfo *end)
{
  add_string (builder, "result", end->draw ? "draw" : "win");
  add_int (builder, "winner", end->winner);
  add_int (builder, "loser", end->loser);
  add_int (builder, "other", end->other);
  add_string (builder, "reason", end->reason);
}

char *
trio_protocol_end (const TrioEndInfo *end)
{
  JsonBuilder *builder = begin ("end");

  add_end_members (builder, end);
  return finish (builder);
}

char *
trio_protocol_record (const char *save)
{
  JsonBuilder *builder = begin ("record");

  add_string (builder, "save", save);
  return finish (builder);
}

char *
trio_protocol_move (guint       ply,
                    int         seat,
                    const char *move,
                    const char *view)
{
  JsonBuilder *builder = begin ("move");

  add_int (builder, "ply", ply);
  add_int (builder, "seat", seat);
  add_string (builder, "move", move);
  add_string (builder, "view", view);
  return finish (builder);
}

static void
add_options (JsonBuilder *builder,
             GHashTable  *options)
{
  GHashTableIter iter;
  gpointer name, value;

  json_builder_set_member_name (builder, "options");
  json_builder_begin_object (builder);
  if (options != NULL)
    {
      g_hash_table_iter_init (&iter, options);
      while (g_hash_table_iter_next (&iter, &name, &value))
        add_string (builder, name, value);
    }
  json_builder_end_object (builder);
}

static void
add_state_seats (JsonBuilder         *builder,
                 const TrioStateInfo *state)
{
  json_builder_set_member_name (builder, "seats");
  json_builder_begin_array (builder);
  for (guint i = 0; i < state->n_seats; i++)
    {
      json_builder_begin_object (builder);
      add_seat_members (builder, &state->seats[i]);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

static void
add_state_offer (JsonBuilder         *builder,
                 const TrioStateInfo *state)
{
  json_builder_set_member_name (builder, "offer");
  if (state->offer == NULL || state->offer->kind == TRIO_OFFER_NONE)
    {
      json_builder_add_null_value (builder);
      return;
    }
  json_builder_begin_object (builder);
  add_string (builder, "kind", offer_kind (state->offer->kind));
  add_int (builder, "from", state->offer->from);
  add_waiting (builder, "waiting", state->offer, state->n_seats);
  json_builder_end_object (builder);
}

char *
trio_protocol_state (const TrioStateInfo *state)
{
  JsonBuilder *builder = begin ("state");

  add_string (builder, "game", state->game);
  add_options (builder, state->options);
  add_int (builder, "seat", state->seat);
  add_state_seats (builder, state);
  add_string (builder, "view", state->view);
  json_builder_set_member_name (builder, "moves");
  json_builder_begin_array (builder);
  for (guint i = 0; i < state->n_moves; i++)
    json_builder_add_string_value (builder, state->moves[i]);
  json_builder_end_array (builder);
  add_int (builder, "ply", state->n_moves);
  add_int (builder, "to_move", state->to_move);
  add_state_offer (builder, state);
  json_builder_set_member_name (builder, "status");
  if (state->end == NULL || !state->end->over)
    json_builder_add_null_value (builder);
  else
    {
      json_builder_begin_object (builder);
      add_end_members (builder, state->end);
      json_builder_end_object (builder);
    }
  return finish (builder);
}
