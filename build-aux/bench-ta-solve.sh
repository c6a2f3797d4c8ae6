#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The solve of La Triple Alliance, measured, then its table checked (not a CI step: a run
# takes about five minutes and 0.7 GB of memory on two cores).
#
#  - RUNS solves from scratch into a temporary folder, each under /usr/bin/time -v: wall
#    time, peak resident memory, positions (table entries) per second; medians printed;
#  - one solve killed half-way and run again, to show that it resumes;
#  - tests/bench/bench-ta-table on the last table: 10,000 random positions against the
#    engine's alpha-beta, their symmetric images and best lines, then 200 games of the
#    perfect level against level 6 (MS milliseconds a move) from random openings, colours
#    swapped.
#
# usage: build-aux/bench-ta-solve.sh [BUILD_DIR] [RUNS] [MS] [POSITIONS] [GAMES]
# (POSITIONS and GAMES 0: measure the solve only)
set -eu
build="${1:-_build}"
runs="${2:-3}"
ms="${3:-500}"
positions="${4:-10000}"
games="${5:-200}"
engine="$build/src/engine/boardgames-engine"
bench="$build/tests/bench-ta-table"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

median () {
  sort -n | awk '{ a[NR] = $1 }
    END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'
}

ninja -C "$build" >/dev/null
walls=""; rss=""; rates=""
for i in $(seq 1 "$runs"); do
  rm -f "$dir/ta.table" "$dir/ta.table.partial"
  /usr/bin/time -v "$engine" solve triple-alliance --threads 2 --out "$dir/ta.table" \
    > "$dir/out.txt" 2> "$dir/time.txt"
  wall=$(sed -n 's/^time \([0-9.]*\) s.*/\1/p' "$dir/out.txt")
  rate=$(sed -n 's/^time .* \([0-9]*\) positions\/s/\1/p' "$dir/out.txt")
  peak=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$dir/time.txt")
  echo "run $i: ${wall} s, peak ${peak} kB, ${rate} positions/s"
  walls="$walls $wall"; rss="$rss $peak"; rates="$rates $rate"
done
echo "median: $(echo "$walls" | tr ' ' '\n' | grep . | median) s," \
  "peak $(echo "$rss" | tr ' ' '\n' | grep . | median) kB," \
  "$(echo "$rates" | tr ' ' '\n' | grep . | median) positions/s"
echo "table: $(stat -c %s "$dir/ta.table") bytes"
cat "$dir/out.txt"

# Killed at 150 s (past the first phase and its checkpoint), then resumed from its checkpoint.
rm -f "$dir/resumed.table"
timeout -s KILL 150 "$engine" solve triple-alliance --checkpoint 20 --out "$dir/resumed.table" \
  > /dev/null 2>&1 || true
echo "after the kill: $(ls "$dir" | grep resumed | tr '\n' ' ')"
"$engine" solve triple-alliance --out "$dir/resumed.table" 2>/dev/null | sed -n 1,2p
cmp "$dir/ta.table" "$dir/resumed.table" && echo "the resumed table is identical"

if [ "$positions" -gt 0 ] || [ "$games" -gt 0 ]; then
  "$bench" "$dir/ta.table" --positions "$positions" --games "$games" --time "$ms"
fi
