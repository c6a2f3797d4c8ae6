#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The server killed (SIGKILL) in the middle of a game restarts on the same state folder:
# every move a client saw acknowledged (the server's "move" comes once the move is on disk)
# is in the room it reads back, and the seats' tokens resume the game to its end.
#
#   test-server-restart.sh TRIO_SERVER TRIO_CLIENT BOARDGAMES_ENGINE
TRIO_SERVER=$1 TRIO_CLIENT=$2 BOARDGAMES_ENGINE=$3
. "$(dirname "$0")/server-lib.sh"

bot_args=(--bot 1 --nodes 2000 --answer-draw yes)
start_server
bot a create --server "$(server_url)" --game trichess --seats human,human,human --name Ann \
  "${bot_args[@]}"
wait_for a '^welcome '
link=$(field "$(last_line a '^welcome ')" link)
room=$(field "$(last_line a '^welcome ')" room)
token_a=$(field "$(last_line a '^welcome ')" token)
bot b join "$link" --name Bob "${bot_args[@]}"
bot c join "$link" --name Cid "${bot_args[@]}"
wait_for b '^welcome '
wait_for c '^welcome '
token_b=$(field "$(last_line b '^welcome ')" token)
token_c=$(field "$(last_line c '^welcome ')" token)

wait_for a '^move ' 30
kill_server
ok "the server killed after a saw $(moves_of a | wc -l) moves"
for name in a b c; do
  expect_exit "$name" 3
done
# The moves acknowledged to anyone: the longest list a client saw.
acked=""
for name in a b c; do
  [ "$(moves_of "$name" | wc -l)" -gt "$(printf '%s' "$acked" | grep -c '')" ] &&
    acked=$(moves_of "$name")
done
n_acked=$(printf '%s\n' "$acked" | wc -l)

start_server
ok "the server restarted on port $port with the same state folder"
bot a2 resume --server "$(server_url)" --room "$room" --token "$token_a" "${bot_args[@]}" \
  --export "$work/game.trio"
wait_for a2 '^state '
restored=$(grep -m1 '^moves ' "$work/a2.out" | cut -d' ' -f3- | tr ' ' '\n')
if [ "$(printf '%s\n' "$restored" | head -n "$n_acked")" = "$acked" ]; then
  ok "the $n_acked acknowledged moves are all in the restored room"
else
  not_ok "the restored room lacks acknowledged moves"
fi
bot b2 resume --server "$(server_url)" --room "$room" --token "$token_b" "${bot_args[@]}"
bot c2 resume --server "$(server_url)" --room "$room" --token "$token_c" "${bot_args[@]}"
for name in a2 b2 c2; do
  expect_exit "$name" 0
done
end_line=$(last_line a2 '^end ')
[ -n "$end_line" ] && ok "the game ended: $end_line" || not_ok "no end"

# The whole game, replayed by the engine, begins with the acknowledged moves.
replay=$(printf 'load %s\nhistory\nquit\n' "$work/game.trio" | "$BOARDGAMES_ENGINE")
history=$(printf '%s\n' "$replay" | sed -n 's/^history [0-9]* //p' | tr ' ' '\n')
if [ "$(printf '%s\n' "$history" | head -n "$n_acked")" = "$acked" ] &&
   [ "$(printf '%s\n' "$history" | wc -l)" -ge "$n_acked" ]; then
  ok "the exported game replays, from the acknowledged moves on"
else
  not_ok "the exported game does not begin with the acknowledged moves ($replay)"
fi
finish
