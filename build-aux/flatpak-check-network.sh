# SPDX-License-Identifier: GPL-3.0-or-later
# The Flatpak check's network case (sourced by flatpak-check.sh --case network, which gives
# launch, until_log, quit, shot, ok, notok, VAR, LOGS, WORK and APP_ID): play with friends from
# the sandbox. 1. The app hosts a Marelle game on its own server for the local network; a
# friend's trio-client, sandboxed too, joins through the invite link and answers the host's
# move. 2. A trio-server run in the sandbox holds a room that a trio-client creates; the app
# joins it through its link (the Join dialog) and the two play a move each.

# wait_file FILE REGEX [SECONDS]: waits for a line of a file (20 s by default).
wait_file () {
  for _ in $(seq 1 $((${3:-20} * 5))); do
    grep -Eq "$2" "$1" 2>/dev/null && return 0
    sleep 0.2
  done
  return 1
}
stop () { # stop PID: ends a background process of the case
  [ -n "$1" ] || return 0
  kill "$1" 2>/dev/null || true
  wait "$1" 2>/dev/null || true
}

# 1. Hosting.
rm -rf "$VAR"
launch host --game marelle --seats h,f
link=""
if until_log host "online: invite link trio://" 30; then
  link=$(sed -n 's/.*online: invite link \(trio:[^ ]*\).*/\1/p' "$LOGS/app-host.log" | head -1)
  ok "network: the app hosts a game on its own server in the sandbox ($link)"
else notok "network: no invite link in logs/app-host.log"; fi
friend=""
if [ -n "$link" ]; then
  flatpak run --command=trio-client "$APP_ID" join "$link" --name Bob --bot 1 --nodes 200 \
    </dev/null >"$LOGS/client-join.log" 2>&1 &
  friend=$!
  if until_log host "online: seat 2 connected" 30; then
    ok "network: a friend's sandboxed client took the free seat through the link"
  else notok "network: the friend never came (logs/client-join.log)"; fi
  until_log host "board picture rendered" 20 || true
  xdotool key Return
  if until_log host "move 2 by player 2: " 30; then
    ok "network: the host's move went to the friend, whose answer came back" \
      "($(sed -n 's/.*\(move 2 by player 2: [^ ]*\).*/\1/p' "$LOGS/app-host.log" | head -1))"
  else notok "network: no answer from the friend (logs/app-host.log, logs/client-join.log)"; fi
  sleep 1; shot network-host
fi
quit host
stop "$friend"

# 2. Joining a room of a server (here a trio-server in the sandbox, on any free port). The
# hosted game, left in progress, would come back at the next start (and a join would ask
# before replacing it): a new player's folders.
rm -rf "$VAR"
flatpak run --command=trio-server "$APP_ID" --port 0 --state "$VAR/server" \
  >"$LOGS/server.log" 2>&1 &
server=$!
port=""
if wait_file "$LOGS/server.log" "listening on port [0-9]+" 20; then
  port=$(sed -n 's/.*listening on port \([0-9]*\).*/\1/p' "$LOGS/server.log" | head -1)
  ok "network: trio-server runs in the sandbox (port $port)"
else notok "network: trio-server did not start (logs/server.log)"; fi
creator=""
if [ -n "$port" ]; then
  # The creator reads its moves from a pipe the case holds open (descriptor 7).
  rm -f "$WORK/creator.in"; mkfifo "$WORK/creator.in"
  flatpak run --command=trio-client "$APP_ID" create --server "ws://127.0.0.1:$port" \
    --game marelle --seats human,human --name Alice <"$WORK/creator.in" \
    >"$LOGS/client-create.log" 2>&1 &
  creator=$!
  exec 7>"$WORK/creator.in"
  link=""
  if wait_file "$LOGS/client-create.log" "^welcome .*link=trio://" 20; then
    link=$(sed -n 's/^welcome .*link=\(trio:[^ ]*\).*/\1/p' "$LOGS/client-create.log" | head -1)
  else notok "network: no room made on the sandbox's server (logs/client-create.log)"; fi
  if [ -n "$link" ]; then
    launch join "$link"
    if until_log join "join: A game of .*: 1 seat is free" 30; then
      shot network-join
      xdotool key Return
    else notok "network: the Join dialog did not look at the room (logs/app-join.log)"; fi
    if until_log join "online: state of marelle at ply 0, 2 seats, seat 2" 30; then
      ok "network: the app joined the room through its link (seat 2)"
      until_log join "board picture rendered" 20 || true
      echo d6 >&7
      if until_log join "move 1 by player 1: d6" 30; then
        ok "network: the creator's move reached the app"
      else notok "network: the creator's move never came (logs/app-join.log)"; fi
      sleep 1
      xdotool key Return
      if wait_file "$LOGS/client-create.log" "^move 2 seat=1 " 30; then
        ok "network: the app's move reached the room ($(grep -m1 '^move 2 ' \
          "$LOGS/client-create.log"))"
      else notok "network: the app's move never reached the room (logs/client-create.log)"; fi
      sleep 1; shot network-joined
    else notok "network: the app did not take the seat (logs/app-join.log)"; fi
    quit join
  fi
  exec 7>&-
fi
stop "$creator"
stop "$server"
