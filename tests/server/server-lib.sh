# SPDX-License-Identifier: GPL-3.0-or-later
# tests/server/server-lib.sh: what the server's integration tests share (sourced by bash)
#
# A real trio-server on 127.0.0.1 with a free port and a state folder of its own, and
# trio-clients around it: bots (input closed, they play to the end) and scripted clients fed
# through a FIFO, whose output is a file the test waits on. Everything started is killed at
# the end, whatever happened, and the work folder removed (kept with KEEP=1). Waits poll for
# what they wait for and fail only after $WAIT_SECONDS (120 by default): a slow machine
# makes a test slower, never wrong.
#
# The test sets TRIO_SERVER and TRIO_CLIENT (and BOARDGAMES_ENGINE when it uses it).

set -u
: "${TRIO_SERVER:?}" "${TRIO_CLIENT:?}"
WAIT_SECONDS=${WAIT_SECONDS:-120}
export BG_SEARCH_THREADS=1

work=$(mktemp -d "${TMPDIR:-/tmp}/trio-server-test.XXXXXX") || exit 99
state="$work/state"
mkdir -p "$state"
server_pid=""
port=""
declare -A client_pid=() client_fd=()
failures=0

cleanup () {
  local name
  for name in "${!client_fd[@]}"; do
    eval "exec ${client_fd[$name]}>&-" 2>/dev/null
  done
  for name in "${!client_pid[@]}"; do
    kill -9 "${client_pid[$name]}" 2>/dev/null
  done
  [ -n "$server_pid" ] && kill -9 "$server_pid" 2>/dev/null
  wait 2>/dev/null
  if [ "${KEEP:-0}" = 1 ]; then
    echo "# the work folder is kept: $work"
  else
    rm -rf "$work"
  fi
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

# What the test saw, for a failure's report.
dump_logs () {
  local f
  for f in "$work"/*.out "$work"/*.err "$work"/server*.log; do
    [ -s "$f" ] || continue
    echo "# ---- ${f#"$work"/} (last 40 lines)"
    tail -n 40 "$f" | sed 's/^/#   /'
  done
}

ok () {
  echo "ok - $*"
}

not_ok () {
  echo "not ok - $*"
  failures=$((failures + 1))
}

# Fails the test at once, with the logs.
die () {
  echo "not ok - $*"
  dump_logs
  exit 1
}

finish () {
  if [ "$failures" -gt 0 ]; then
    dump_logs
    echo "$failures failures"
    exit 1
  fi
  echo "all passed"
  exit 0
}

listening () {
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

# start_server [ARGS...]: a server on a free port (it is tried until one binds), or on
# $port when set (a restart on the same state folder).
start_server () {
  local tries=0 deadline
  while :; do
    tries=$((tries + 1))
    [ -n "$port" ] && [ "$tries" -eq 1 ] || port=$((20000 + RANDOM % 40000))
    "$TRIO_SERVER" --address 127.0.0.1 --port "$port" --state "$state" "$@" \
      >>"$work/server.log" 2>&1 &
    server_pid=$!
    deadline=$((SECONDS + WAIT_SECONDS))
    while ! listening "$port"; do
      if ! kill -0 "$server_pid" 2>/dev/null; then
        server_pid=""
        break
      fi
      [ "$SECONDS" -lt "$deadline" ] || die "the server does not listen on port $port"
      sleep 0.05
    done
    [ -n "$server_pid" ] && return 0
    [ "$tries" -lt 20 ] || die "the server could not start (server.log)"
  done
}

kill_server () {
  kill -9 "$server_pid" 2>/dev/null
  wait "$server_pid" 2>/dev/null
  server_pid=""
}

# The server's address for --server: wss:// once the test sets server_scheme=wss (TLS).
server_url () {
  echo "${server_scheme:-ws}://127.0.0.1:$port"
}

# bot NAME ARGS...: a client whose input is closed (it plays to the end of the game).
bot () {
  local name=$1
  shift
  "$TRIO_CLIENT" "$@" </dev/null >"$work/$name.out" 2>"$work/$name.err" &
  client_pid[$name]=$!
}

# client NAME ARGS...: a client fed through a FIFO (send, close_input).
client () {
  local name=$1 fd
  shift
  rm -f "$work/$name.in"
  mkfifo "$work/$name.in"
  "$TRIO_CLIENT" "$@" <"$work/$name.in" >"$work/$name.out" 2>"$work/$name.err" &
  client_pid[$name]=$!
  exec {fd}>"$work/$name.in"
  client_fd[$name]=$fd
}

# send NAME LINE: one line to a client's input.
send () {
  printf '%s\n' "$2" >&"${client_fd[$1]}"
}

close_input () {
  eval "exec ${client_fd[$1]}>&-"
  unset "client_fd[$1]"
}

# count NAME REGEX: how many lines of the client's output match (0 before it has any).
count () {
  local n
  n=$(grep -Ec -- "$2" "$work/$1.out" 2>/dev/null)
  echo "${n:-0}"
}

# wait_for NAME REGEX [N]: until the client's output has N lines (1) matching REGEX.
wait_for () {
  local deadline=$((SECONDS + WAIT_SECONDS)) n=${3:-1}
  while [ "$(count "$1" "$2")" -lt "$n" ]; do
    [ "$SECONDS" -lt "$deadline" ] || die "$1: no line '$2' after $WAIT_SECONDS s"
    if ! kill -0 "${client_pid[$1]}" 2>/dev/null; then
      [ "$(count "$1" "$2")" -ge "$n" ] && return 0
      die "$1: ended without a line '$2'"
    fi
    sleep 0.05
  done
}

# The last line of a client's output that matches REGEX.
last_line () {
  grep -E -- "$2" "$work/$1.out" | tail -n 1
}

# wait_exit NAME: waits for the client to end; its exit status is then in $status.
wait_exit () {
  local deadline=$((SECONDS + WAIT_SECONDS))
  while kill -0 "${client_pid[$1]}" 2>/dev/null; do
    [ "$SECONDS" -lt "$deadline" ] || die "$1: still running after $WAIT_SECONDS s"
    sleep 0.05
  done
  status=0
  wait "${client_pid[$1]}" || status=$?
  unset "client_pid[$1]"
}

# expect_exit NAME STATUS: the client ends with that status.
expect_exit () {
  wait_exit "$1"
  if [ "$status" -eq "$2" ]; then
    ok "$1 ended with status $2"
  else
    not_ok "$1 ended with status $status, not $2"
  fi
}

# kill_client NAME: SIGKILL.
kill_client () {
  kill -9 "${client_pid[$1]}" 2>/dev/null
  wait "${client_pid[$1]}" 2>/dev/null
  unset "client_pid[$1]"
  if [ -n "${client_fd[$1]:-}" ]; then
    close_input "$1"
  fi
}

# The value of name=VALUE in a line.
field () {
  printf '%s\n' "$1" | tr ' ' '\n' | sed -n "s/^$2=//p" | head -n 1
}

# The moves a client was told, one a line: those of its first state, then its move lines.
moves_of () {
  awk '
    /^moves / && !state { state = 1; for (i = 3; i <= NF; i++) print $i; next }
    /^move [0-9]+ seat=/ { print $4 }
  ' "$work/$1.out"
}
