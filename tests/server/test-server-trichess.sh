#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Three trio-clients play a whole TRICHESS game through a real trio-server, each seat a bot
# of level 1 bounded by nodes; the game the server exports, replayed by boardgames-engine,
# has the moves every client saw and the end they were told.
#
#   test-server-trichess.sh TRIO_SERVER TRIO_CLIENT BOARDGAMES_ENGINE
TRIO_SERVER=$1 TRIO_CLIENT=$2 BOARDGAMES_ENGINE=$3
. "$(dirname "$0")/server-lib.sh"

bot_args=(--bot 1 --nodes 3000 --answer-draw yes)
start_server
bot a create --server "$(server_url)" --game trichess --option board=prolapsus \
  --seats human,human,human --seat 0 --name Ann "${bot_args[@]}" --export "$work/game.trio"
wait_for a '^welcome '
link=$(field "$(last_line a '^welcome ')" link)
token=$(field "$(last_line a '^welcome ')" token)
[ -n "$link" ] && [ ${#token} -eq 22 ] && ok "the creator got an invite link and a token" ||
  die "welcome without a link or a token"
bot b join "$link" --name Bob "${bot_args[@]}"
bot c join "$link" --name Cid "${bot_args[@]}"

for name in a b c; do
  expect_exit "$name" 0
done

# Every client saw the same moves and the same end.
for name in b c; do
  if [ "$(moves_of a)" = "$(moves_of "$name")" ]; then
    ok "$name saw the moves a saw"
  else
    not_ok "$name saw other moves than a"
  fi
  if [ "$(last_line a '^end ')" = "$(last_line "$name" '^end ')" ]; then
    ok "$name was told the end a was told"
  else
    not_ok "$name was told another end"
  fi
done
n_moves=$(moves_of a | wc -l)
end_line=$(last_line a '^end ')
echo "# $n_moves moves; $end_line"
[ "$n_moves" -gt 0 ] || not_ok "no move was played"
[ -s "$work/game.trio" ] && ok "the game was exported" || die "no exported game"

# The exported game replayed by the engine: the same moves, the same end.
replay=$(printf 'load %s\nhistory\nstatus\nquit\n' "$work/game.trio" | "$BOARDGAMES_ENGINE")
history=$(printf '%s\n' "$replay" | sed -n 's/^history [0-9]* //p' | tr ' ' '\n')
if [ "$history" = "$(moves_of a)" ]; then
  ok "the engine replays the exported game with the moves the clients saw"
else
  not_ok "the exported game's moves differ from the clients' ($replay)"
fi
status_line=$(printf '%s\n' "$replay" | grep '^status ' | tail -n 1)
reason=$(printf '%s\n' "$status_line" | sed -n 's/^[^(]*(\([^)]*\)).*$/\1/p')
case "$reason" in
  "line of three") reason=line-of-three ;;
  "two pieces left") reason=two-pieces ;;
  "no legal move") reason=no-move ;;
  "draw agreed") reason=draw-agreed ;;
  "fat and mate") reason=fat-mate ;;
  "target score reached") reason=target-score ;;
esac
set -- $status_line
# A win names the three places: "status win 2 (checkmate) seigneur 2 serf 1 vassal 3".
case "$2" in
  win) expected="end win winner=$(($3 - 1)) " ;;
  loss) expected="end win winner=-1 loser=$(($3 - 1)) " ;;
  draw) expected="end draw " ;;
  *) expected="(the engine says: $status_line)" ;;
esac
serf=$(printf '%s\n' "$status_line" | sed -n 's/.* serf \([0-9]*\) vassal [0-9]*$/\1/p')
vassal=$(printf '%s\n' "$status_line" | sed -n 's/.* vassal \([0-9]*\)$/\1/p')
if [ "$2" = win ] && { [ -z "$serf" ] || [ -z "$vassal" ] ||
                       [ "$(field "$end_line" loser)" != $((serf - 1)) ] ||
                       [ "$(field "$end_line" other)" != $((vassal - 1)) ]; }; then
  not_ok "the engine's places of the replayed game are not the server's: '$status_line', '$end_line'"
elif [[ "$end_line" == "$expected"* ]] && [ "$(field "$end_line" reason)" = "$reason" ]; then
  ok "the engine's end of the replayed game is the server's ($status_line)"
else
  not_ok "the engine ends the game '$status_line', the server '$end_line'"
fi
finish
