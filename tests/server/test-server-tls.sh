#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# trio-server serving wss:// itself (--tls-cert, --tls-key) with a certificate for 127.0.0.1
# and localhost from a CA made by openssl for the test: invite links begin https://, two bots
# trusting that CA (--tls-ca) play a whole Marelle game over wss://, its export replays and
# the store has it after a restart; a client without --tls-ca, one trusting another CA and a
# plain ws:// client on the TLS port are refused, each with one line and exit status 3; a
# --tls-ca file without a certificate is a bad option (exit status 1); a silent connection is
# closed at the handshake's deadline, and one does not keep the server from ending at SIGTERM.
#
#   test-server-tls.sh TRIO_SERVER TRIO_CLIENT BOARDGAMES_ENGINE
TRIO_SERVER=$1 TRIO_CLIENT=$2 BOARDGAMES_ENGINE=$3
. "$(dirname "$0")/server-lib.sh"

command -v openssl >/dev/null 2>&1 ||
  die "no openssl command to make the certificates (build-aux/dev.sh deps installs it)"

# new_ca NAME: a throwaway certificate authority, $work/NAME.pem and $work/NAME.key.
new_ca () {
  openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 2 \
    -subj "/CN=Trio test $1" -addext basicConstraints=critical,CA:TRUE \
    -addext keyUsage=critical,keyCertSign -keyout "$work/$1.key" -out "$work/$1.pem" \
    2>>"$work/openssl.err" || die "openssl cannot make the CA $1 (openssl.err)"
}

new_ca ca
new_ca other-ca
printf '%s\n' 'subjectAltName=IP:127.0.0.1,DNS:localhost' 'basicConstraints=CA:FALSE' \
  'extendedKeyUsage=serverAuth' >"$work/server.ext"
openssl req -new -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -subj /CN=localhost \
  -keyout "$work/server.key" -out "$work/server.csr" 2>>"$work/openssl.err" &&
  openssl x509 -req -in "$work/server.csr" -CA "$work/ca.pem" -CAkey "$work/ca.key" \
    -set_serial 2 -days 2 -extfile "$work/server.ext" -out "$work/server.pem" \
    2>>"$work/openssl.err" || die "openssl cannot make the server's certificate (openssl.err)"
ok "a CA and the server's certificate for 127.0.0.1 and localhost made"

# GLib's TLS is glib-networking's: without it --tls-ca cannot be read (exit status 1). A
# valid CA file and a port where nothing listens: status 3 once the file is read.
"$TRIO_CLIENT" watch "https://127.0.0.1:1/aaaaaaaaaaaaaaaa#aaaaaaaaaaaaaaaaaaaaaa" \
  --tls-ca "$work/ca.pem" </dev/null >/dev/null 2>"$work/probe.err"
[ $? -ne 1 ] || die "no TLS in GLib (install glib-networking: build-aux/dev.sh deps):" \
  "$(head -n 1 "$work/probe.err")"

server_scheme=wss
start_server --tls-cert "$work/server.pem" --tls-key "$work/server.key"
tls=(--tls-ca "$work/ca.pem")
bot_args=(--bot 2 --depth 2 --answer-draw yes)
bot a create --server "$(server_url)" --game marelle --seats human,human --name Ann \
  "${tls[@]}" "${bot_args[@]}" --export "$work/game.trio"
wait_for a '^welcome '
link=$(field "$(last_line a '^welcome ')" link)
room=$(field "$(last_line a '^welcome ')" room)
if [[ "$link" == "https://127.0.0.1:$port/$room#"* ]]; then
  ok "the invite link begins https://127.0.0.1:$port/"
else
  not_ok "the invite link is '$link'"
fi

# refused NAME REGEX ARGS...: a client that cannot connect: status 3, one line on stderr.
refused () {
  local name=$1 regex=$2
  shift 2
  bot "$name" "$@"
  wait_exit "$name"
  if [ "$status" -eq 3 ] && [ "$(grep -c '' "$work/$name.err")" -eq 1 ] &&
     grep -Eq -- "$regex" "$work/$name.err"; then
    ok "$name refused (exit status 3): $(cat "$work/$name.err")"
  else
    not_ok "$name: exit status $status, not 3 with one line '$regex' on stderr" \
      "($(grep -c '' "$work/$name.err") lines: $(head -n 1 "$work/$name.err"))"
  fi
}

refused untrusted "^trio-client: cannot connect to wss://127\.0\.0\.1:$port/rooms/$room: \
the server's certificate is not trusted: signed by an unknown authority \(self-signed, or \
from a private CA: --tls-ca FILE trusts its CA\)$" join "$link" --name Eve
refused other-ca "certificate is not trusted: signed by an unknown authority \(by none of \
--tls-ca's certificates\)$" join "$link" --name Eve --tls-ca "$work/other-ca.pem"
# The same room's trio:// link: WebSocket without TLS, to the TLS port.
refused plain "^trio-client: cannot connect to ws://127\.0\.0\.1:$port/rooms/$room: " \
  join "trio://127.0.0.1:$port/${link#https://127.0.0.1:"$port"/}" --name Eve
# A --tls-ca file that holds no certificate is a bad option.
bot no-ca join "$link" --name Eve --tls-ca "$work/server.ext"
wait_exit no-ca
if [ "$status" -eq 1 ] && grep -q 'the file holds no PEM certificate' "$work/no-ca.err"; then
  ok "--tls-ca without a certificate refused (exit status 1): $(head -n 1 "$work/no-ca.err")"
else
  not_ok "--tls-ca without a certificate: exit status $status, not 1"
fi

bot b join "$link" --name Bob "${tls[@]}" "${bot_args[@]}"
wait_for b '^welcome '
[ "$(field "$(last_line b '^welcome ')" seat)" = 1 ] && ok "b took seat 1, left open" ||
  not_ok "b did not take seat 1: $(last_line b '^welcome ')"
for name in a b; do
  expect_exit "$name" 0
done
end_line=$(last_line a '^end ')
n_moves=$(moves_of a | wc -l)
if [ -n "$end_line" ] && [ "$n_moves" -gt 0 ] && [ "$(moves_of a)" = "$(moves_of b)" ] &&
   [ "$end_line" = "$(last_line b '^end ')" ]; then
  ok "the game was played over wss:// to its end, $n_moves moves: $end_line"
else
  not_ok "a and b saw other moves or ends, or none ($n_moves moves, '$end_line')"
fi
[ -s "$work/game.trio" ] && ok "the game was exported" || die "no exported game"
replay=$(printf 'load %s\nhistory\nquit\n' "$work/game.trio" | "$BOARDGAMES_ENGINE")
history=$(printf '%s\n' "$replay" | sed -n 's/^history [0-9]* //p' | tr ' ' '\n')
if [ "$history" = "$(moves_of a)" ]; then
  ok "the engine replays the exported game with the moves the clients saw"
else
  not_ok "the exported game's moves differ from the clients' ($replay)"
fi

# The store: the server restarted on its state folder has the finished game.
kill_server
start_server --tls-cert "$work/server.pem" --tls-key "$work/server.key"
bot watcher watch "$link" "${tls[@]}"
expect_exit watcher 0
if [ "$(grep -m1 '^moves ' "$work/watcher.out" | cut -d' ' -f3- | tr ' ' '\n')" = \
     "$(moves_of a)" ] && [ "$(last_line watcher '^end ')" = "$end_line" ]; then
  ok "after a restart, a spectator over wss:// is given the game's moves and end"
else
  not_ok "the restarted server's game is not the one played"
fi

# Connections that never finish their handshake, with a deadline of 1 s: a silent one (not
# even a TLS ClientHello) is closed at it; and the server, SIGTERM sent while another is open,
# ends (libsoup's closing of a TLS connection waits for its handshake, which a silent client
# never ends: the server shuts those connections down first).
kill_server
start_server --tls-cert "$work/server.pem" --tls-key "$work/server.key" --handshake-timeout 1000
exec 3<>"/dev/tcp/127.0.0.1/$port"
start=${EPOCHREALTIME/./}
timeout 10 cat <&3 >/dev/null
closed=$?
elapsed=$(( (${EPOCHREALTIME/./} - start) / 1000 ))
exec 3<&-
if [ "$closed" -ne 124 ] && [ "$elapsed" -ge 1000 ]; then
  ok "a silent connection to the TLS port closed at the deadline, after $elapsed ms"
else
  not_ok "a silent connection to the TLS port: $([ "$closed" -eq 124 ] && echo "still open" ||
    echo "closed") after $elapsed ms, with a deadline of 1000 ms"
fi
exec 3<>"/dev/tcp/127.0.0.1/$port"
kill -TERM "$server_pid"
deadline=$((SECONDS + 10))
while kill -0 "$server_pid" 2>/dev/null && [ "$SECONDS" -lt "$deadline" ]; do
  sleep 0.05
done
if kill -0 "$server_pid" 2>/dev/null; then
  not_ok "the server did not end within 10 s of SIGTERM, a connection in its TLS handshake"
  kill_server
else
  wait "$server_pid"
  status=$?
  server_pid=""
  [ "$status" -eq 0 ] && ok "the server ended at SIGTERM, a connection in its TLS handshake" ||
    not_ok "the server ended at SIGTERM with status $status, not 0"
fi
exec 3<&-
finish
