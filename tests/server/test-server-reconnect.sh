#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# A client killed (SIGKILL) in the middle of a game: the others see its seat dropped, the
# game waits, and the seat's token takes it back on a new connection, which gets the moves
# so far and plays the game to its normal end.
#
#   test-server-reconnect.sh TRIO_SERVER TRIO_CLIENT BOARDGAMES_ENGINE
TRIO_SERVER=$1 TRIO_CLIENT=$2
. "$(dirname "$0")/server-lib.sh"

bot_args=(--bot 2 --depth 2 --answer-draw yes)
start_server
bot a create --server "$(server_url)" --game marelle --seats human,human --name Ann \
  "${bot_args[@]}" --export "$work/game.trio"
wait_for a '^welcome '
link=$(field "$(last_line a '^welcome ')" link)
room=$(field "$(last_line a '^welcome ')" room)
bot b join "$link" --name Bob "${bot_args[@]}"
wait_for b '^welcome '
token=$(field "$(last_line b '^welcome ')" token)

wait_for a '^move ' 10
kill_client b
seen=$(moves_of a | wc -l)
ok "b killed after a saw $seen moves"
wait_for a '^seat 1 .*connected=0'
ok "a was told that seat 1 dropped"

# The game waits for seat 1: a plays at most its own next move.
sleep 0.5
waited=$(moves_of a | wc -l)
[ "$waited" -le $((seen + 1)) ] && ok "the game waits for the dropped seat" ||
  not_ok "the game went on without seat 1 ($seen then $waited moves)"

bot b2 resume --server "$(server_url)" --room "$room" --token "$token" "${bot_args[@]}"
wait_for b2 '^state '
state_moves=$(grep -m1 '^moves ' "$work/b2.out" | cut -d' ' -f3- | tr ' ' '\n')
if [ "$(moves_of a | head -n "$waited")" = "$(printf '%s\n' "$state_moves" |
                                             head -n "$waited")" ]; then
  ok "the resumed seat's state has the moves played before"
else
  not_ok "the resumed seat's state lacks moves"
fi
grep -q '^welcome ' "$work/b2.out" && not_ok "a resume is answered by welcome" ||
  ok "a resume is answered by the state alone"
wait_for a '^seat 1 .*connected=1'
ok "a was told that seat 1 is back"

for name in a b2; do
  expect_exit "$name" 0
done
if [ -n "$(last_line a '^end ')" ] && [ "$(last_line a '^end ')" = "$(last_line b2 '^end ')" ]
then
  ok "the game ended normally: $(last_line a '^end ')"
else
  not_ok "a and b2 were told different ends"
fi
[ -s "$work/game.trio" ] && ok "the game was exported" || not_ok "no exported game"
finish
