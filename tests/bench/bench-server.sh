#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The server's load benchmark for several numbers of rooms, one table (docs/testing.md):
#
#   tests/bench/bench-server.sh BENCH_SERVER_ROOMS TRIO_SERVER [ROOMS...]  (10 100 1000 by default)
#   meson compile -C _build bench-server
#
# $BENCH_SECONDS: how long each run plays (20 by default); $BENCH_ARGS: more arguments for
# bench-server-rooms (--rate 0 --server-arg ... for a server without the rate limit).
set -eu
bench=${1:?usage: $0 BENCH_SERVER_ROOMS TRIO_SERVER [ROOMS...]}
server=${2:?usage: $0 BENCH_SERVER_ROOMS TRIO_SERVER [ROOMS...]}
shift 2
[ $# -gt 0 ] || set -- 10 100 1000
echo "| rooms | held | set up (s) | moves/s | ack p50 (ms) | ack p99 (ms) |" \
  "server idle (MiB) | seated (MiB) | per room (KiB) | at the end (MiB) | server CPU % |" \
  "bench CPU % | server µs a move | bench µs a move | games | errors | load before |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |" \
  "--- | --- |"
# Each row ends with the machine's load average (1 minute) before the run: the figures
# depend on the other work the two cores had.
for rooms in "$@"; do
  load=$(cut -d' ' -f1 /proc/loadavg)
  # shellcheck disable=SC2086
  if row=$("$bench" --server "$server" --rooms "$rooms" --seconds "${BENCH_SECONDS:-20}" \
             ${BENCH_ARGS:-}); then
    echo "$row $load |"
  else
    echo "| $rooms | (bench-server failed: status $?) |"
  fi
done
