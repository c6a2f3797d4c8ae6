#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The hostile cases of docs/server.md's error table, each answered with its error code, and
# the room unharmed: a wrong key or token, a seat taken, a move out of turn, illegal or
# stale, frames that are not JSON or not a message, an unknown type, a frame over 64 KiB, a
# client over the rate limit, too many connections from one address; and no-room,
# room-exists, not-seated.
#
#   test-server-hostile.sh TRIO_SERVER TRIO_CLIENT BOARDGAMES_ENGINE
TRIO_SERVER=$1 TRIO_CLIENT=$2
. "$(dirname "$0")/server-lib.sh"

# send_expect NAME FRAME CODE: the frame is answered by the error CODE.
send_expect () {
  local before line
  before=$(count "$1" '^(error|move|state|welcome) ')
  send "$1" "$2"
  wait_for "$1" '^(error|move|state|welcome) ' $((before + 1))
  line=$(grep -E '^(error|move|state|welcome) ' "$work/$1.out" | sed -n "$((before + 1))p")
  if [[ "$line" == "error $3:"* ]]; then
    ok "$3: ${line#error "$3": }"
  else
    not_ok "'${2:0:60}' is answered '$line', not error $3"
  fi
}

# refused NAME CODE ARGS...: a client whose opening is refused with CODE, and exits 2.
refused () {
  local name=$1 code=$2 status
  shift 2
  bot "$name" "$@"
  wait_exit "$name"
  if grep -q "^error $code:" "$work/$name.out" && [ "$status" -eq 2 ]; then
    ok "$code: $(sed -n "s/^error $code: //p" "$work/$name.out") (exit status 2)"
  else
    not_ok "$name: no error $code and exit status 2 ($status: $(head -c 200 "$work/$name.out"))"
  fi
}

start_server --max-per-address 8
url=$(server_url)

# Seat 0 and seat 1 of a Marelle room; their input lines are sent as they are.
client h create --server "$url" --game marelle --seats human,human --name Ann --raw
wait_for h '^state '
link=$(field "$(last_line h '^welcome ')" link)
room=$(field "$(last_line h '^welcome ')" room)
key=${link##*#}
client j join "$link" --name Bob --raw
wait_for j '^state '

# The opening refused.
refused k1 bad-key join "${link%#*}#AAAAAAAAAAAAAAAAAAAAAA" --name Eve
refused k2 bad-token resume --server "$url" --room "$room" --token AAAAAAAAAAAAAAAAAAAAAA
refused k3 seat-taken join "$link" --name Eve --seat 0
refused k4 no-room join "${link%/*}/zzzzzzzzzzzzzzzz#$key" --name Eve
refused k5 room-exists create --server "$url" --room "$room" --game marelle \
  --seats human,human --name Eve
refused k6 bad-game create --server "$url" --game chess --seats human,human --name Eve

# Moves refused: nothing of the room changes.
send_expect j '{"type":"move","move":"d6","ply":0}' not-your-turn
send_expect h '{"type":"move","move":"d6-d5","ply":0}' illegal-move
send_expect h '{"type":"move","move":"d6","ply":3}' stale
send h '{"type":"move","move":"d6","ply":0}'
wait_for j '^move 1 seat=0 d6'
ok "a move after the refusals is played"
send_expect j '{"type":"move","move":"d6","ply":1}' illegal-move
send_expect j '{"type":"answer","offer":"draw","accept":true}' no-offer

# Frames that are not messages.
send_expect h '{"type":' bad-json
send_expect h '[1, 2, 3]' bad-json
send_expect h '{"type":"dance"}' bad-message
send_expect h '{"type":"move","ply":1}' bad-message
send_expect h '{"type":"move","move":42,"ply":1}' bad-message

# A game message before the opening.
client n connect "$url/rooms/$room"
send_expect n '{"type":"move","move":"d2","ply":1}' not-seated
close_input n
wait_exit n

# A frame over 64 KiB closes the connection with 1009, unread: a watch with the room's key,
# which would be answered by a state, is not.
client big connect "$url/rooms/$room"
send big "{\"type\":\"watch\",\"key\":\"$key\",\"pad\":\"$(head -c 70000 /dev/zero |
                                                             tr '\0' 'k')\"}"
wait_for big '^closed '
if [ "$(count big '^state ')" -eq 0 ] && [ "$(last_line big '^closed ')" = "closed 1009" ]; then
  ok "a frame of 70 kB is not read and closes the connection with 1009"
else
  not_ok "a frame of 70 kB: '$(last_line big '^closed ')' after $(count big '^state ') states"
fi
close_input big
wait_exit big

# Over 20 messages a second: rate-limit, then the connection is closed (1008).
client fast connect "$url/rooms/$room"
frames=""
for i in $(seq 1 60); do
  frames+='{"type":"dance"}'$'\n'
done
printf '%s' "$frames" >&"${client_fd[fast]}"
wait_for fast '^closed '
if grep -q '^error rate-limit:' "$work/fast.out" &&
   [ "$(last_line fast '^closed ')" = "closed 1008" ]; then
  ok "rate-limit after $(count fast '^error bad-message:') messages, then closed 1008"
else
  not_ok "60 frames at once: no rate-limit then closed 1008"
fi
close_input fast
wait_exit fast

# Too many connections from one address (the server is told 8: h and j hold two).
for i in 1 2 3 4 5 6; do
  client "c$i" connect "$url/rooms/$room"
  send_expect "c$i" '{"type":"dance"}' bad-message
done
client c7 connect "$url/rooms/$room"
wait_for c7 '^closed '
if grep -q '^error too-many-connections:' "$work/c7.out"; then
  ok "too-many-connections for the ninth connection, then $(last_line c7 '^closed ')"
else
  not_ok "a ninth connection from one address is not refused"
fi

# The room is unharmed: it plays on.
send j '{"type":"move","move":"d2","ply":1}'
wait_for h '^move 2 seat=1 d2'
ok "the room plays on after every refusal"
finish
