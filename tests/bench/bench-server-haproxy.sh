#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# bench-server-haproxy.sh: rooms spread over two trio-servers behind HAProxy (a tool, not a CI test)
#
# Usage: tests/bench/bench-server-haproxy.sh [BUILD_DIR] [ROOMS]
#
# Starts two servers on 127.0.0.1, each with a state folder of its own, and HAProxy in front
# of them routing each room's path (/rooms/ROOM) to one server by a consistent hash of the
# path, as docs/server.md ("Past one machine") describes; HAProxy passes each client's address
# in X-Forwarded-For, which the servers read (--trusted-proxy 127.0.0.1). ROOMS rooms (24 by
# default) are created through the proxy, each played to its end by two bots (Marelle triple,
# level 1 bounded by nodes); one bot of every fourth room is killed mid-game and resumed
# through the proxy, which must send it to the same server. Then both stores are read: how
# many rooms each server holds, and that every room is whole on exactly one server (its moves
# numbered 1 to n without a gap, the game finished) and absent from the other; and neither
# server may have warned of a connection from the proxy without a usable X-Forwarded-For.
#
# Needs haproxy and sqlite3 (apt-get install haproxy sqlite3).
set -u

build=${1:-_build}
rooms=${2:-24}
server="$build/src/server/trio-server"
client="$build/src/server/trio-client"
for tool in haproxy sqlite3 "$server" "$client"; do
  command -v "$tool" > /dev/null || { echo "needs $tool" >&2; exit 2; }
done
export BG_SEARCH_THREADS=1

work=$(mktemp -d "${TMPDIR:-/tmp}/trio-haproxy.XXXXXX") || exit 2
pids=()
cleanup () {
  for pid in "${pids[@]}"; do kill -9 "$pid" 2> /dev/null; done
  wait 2> /dev/null
  [ "${KEEP:-0}" = 1 ] && echo "kept: $work" || rm -rf "$work"
}
trap cleanup EXIT

free_port () {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0))
print(s.getsockname()[1])'
}

# Starts server N on a free port; prints the port.
start_server () {
  local n=$1 port
  port=$(free_port)
  mkdir -p "$work/state$n"
  # The proxy names each client, but every client here is on 127.0.0.1 too: no per-address
  # bound.
  "$server" --address 127.0.0.1 --port "$port" --state "$work/state$n" --max-per-address 100000 \
    --trusted-proxy 127.0.0.1 --public-url "trio://127.0.0.1:$proxy_port" \
    > "$work/server$n.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 100); do
    grep -qs 'listening on port' "$work/server$n.log" && break
    sleep 0.1
  done
  if ! grep -q 'listening on port' "$work/server$n.log"; then
    echo "server $n did not start" >&2
    exit 1
  fi
  echo "$port"
}

proxy_port=$(free_port)
port1=$(start_server 1)
port2=$(start_server 2)

cat > "$work/haproxy.cfg" <<EOF
global
  maxconn 4096
defaults
  mode http
  timeout connect 5s
  timeout client 60s
  timeout server 60s
  timeout tunnel 1h
frontend trio
  bind 127.0.0.1:$proxy_port
  default_backend servers
backend servers
  # One room, one server: the path /rooms/ROOM hashed, consistently, so that adding a
  # server moves only the rooms that hash to it.
  balance uri
  hash-type consistent
  # Each client's address in X-Forwarded-For, for the servers' bound on connections.
  option forwardfor
  server one 127.0.0.1:$port1
  server two 127.0.0.1:$port2
EOF
haproxy -f "$work/haproxy.cfg" -db > "$work/haproxy.log" 2>&1 &
pids+=($!)
for _ in $(seq 50); do
  (exec 3<> "/dev/tcp/127.0.0.1/$proxy_port") 2> /dev/null && break
  sleep 0.1
done
echo "# two servers (ports $port1 and $port2) behind HAProxy on port $proxy_port"

# Plays room i to its end through the proxy: a creator bot and a joining bot.
play_room () {
  local i=$1 link token room
  "$client" create --server "ws://127.0.0.1:$proxy_port" --game marelle --seats human,human \
    --name "A$i" --bot 1 --nodes 2000 > "$work/a$i.out" 2> "$work/a$i.err" &
  local a=$!
  # Bounded waits: a loaded machine makes them longer, never wrong (60 s).
  for _ in $(seq 1200); do
    link=$(sed -n 's/^welcome .* link=\([^ ]*\).*/\1/p' "$work/a$i.out")
    [ -n "$link" ] && break
    sleep 0.05
  done
  [ -n "$link" ] || { echo "room $i: no welcome" >&2; return 1; }
  "$client" join "$link" --name "B$i" --bot 1 --nodes 2000 > "$work/b$i.out" \
    2> "$work/b$i.err" &
  local b=$!
  if [ $((i % 4)) = 0 ]; then
    # Killed after a few moves, then resumed with its token through the proxy.
    for _ in $(seq 1200); do
      [ "$(grep -c '^move ' "$work/b$i.out")" -ge 4 ] && break
      sleep 0.05
    done
    kill -9 "$b" 2> /dev/null
    wait "$b" 2> /dev/null
    token=$(sed -n 's/^welcome .* token=\([^ ]*\).*/\1/p' "$work/b$i.out")
    room=$(sed -n 's/^welcome room=\([^ ]*\).*/\1/p' "$work/b$i.out")
    "$client" resume --server "ws://127.0.0.1:$proxy_port" --room "$room" --token "$token" \
      --bot 1 --nodes 2000 > "$work/b$i-resumed.out" 2> "$work/b$i-resumed.err" &
    b=$!
  fi
  wait "$a" "$b"
}

start=$(date +%s.%N)
for i in $(seq "$rooms"); do
  play_room "$i" &
  sleep 0.05
done
wait_failures=0
for job in $(jobs -p); do
  case " ${pids[*]} " in *" $job "*) continue;; esac
  wait "$job" || wait_failures=$((wait_failures + 1))
done
elapsed=$(echo "$(date +%s.%N) - $start" | bc)

# What each store holds.
failures=0
declare -A where=()
for n in 1 2; do
  db="$work/state$n/trio-server.db"
  count=$(sqlite3 "$db" 'SELECT count(*) FROM rooms')
  finished=$(sqlite3 "$db" 'SELECT count(*) FROM rooms WHERE finished IS NOT NULL')
  moves=$(sqlite3 "$db" 'SELECT count(*) FROM moves')
  echo "server $n: $count rooms ($finished finished), $moves moves"
  while IFS='|' read -r room n_moves max_ply fin; do
    if [ -n "${where[$room]:-}" ]; then
      echo "not ok - room $room is on both servers"
      failures=$((failures + 1))
    fi
    where[$room]=$n
    if [ "$n_moves" != "$max_ply" ] || [ -z "$fin" ]; then
      echo "not ok - room $room on server $n: $n_moves moves up to ply $max_ply, finished '$fin'"
      failures=$((failures + 1))
    fi
  done < <(sqlite3 "$db" 'SELECT r.id, count(m.ply), coalesce(max(m.ply), 0), r.finished
                          FROM rooms r LEFT JOIN moves m ON m.room = r.id GROUP BY r.id')
done
for n in 1 2; do
  if grep -q 'Connection from the trusted proxy' "$work/server$n.log"; then
    echo "not ok - server $n: $(grep -m 1 'Connection from the trusted proxy' "$work/server$n.log")"
    failures=$((failures + 1))
  fi
done
for i in $(seq 4 4 "$rooms"); do
  if ! grep -q '^end ' "$work/b$i-resumed.out" 2> /dev/null; then
    echo "not ok - room $i: the resumed client did not see the end"
    failures=$((failures + 1))
  fi
done
held=${#where[@]}
echo "$held of $rooms rooms held, each whole on one server; $((rooms / 4)) clients killed" \
  "and resumed through the proxy; $wait_failures rooms failed; $(printf '%.1f' "$elapsed") s"
if [ "$held" != "$rooms" ]; then
  echo "not ok - $held rooms held, $rooms created"
  failures=$((failures + 1))
fi
[ "$wait_failures" = 0 ] || failures=$((failures + 1))
if [ "$failures" -gt 0 ]; then
  for f in "$work"/*.err "$work"/server*.log "$work"/haproxy.log; do
    [ -s "$f" ] && { echo "# ${f#"$work"/}"; tail -n 5 "$f" | sed 's/^/#   /'; }
  done
  exit 1
fi
echo "all rooms whole"
