#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Benchmarks of the application, under Xvfb:
#  - the time from launch to the first frame drawn (median of RUNS launches);
#  - the time from launch to the first frame that shows a game of 100,000 moves (the limit
#    of the save format, tests/gui/large-game.sh), opened as `trio FILE` and restored from
#    the autosave (medians of RUNS launches each, in a data folder of their own);
#  - the page switches (issue 47): from the click that starts a game, or goes back to the
#    chooser, to the first frame of the new page, and to the first that shows it whole
#    (TRIO_BENCH_SWITCH: each game in turn, started and left, in a data folder of its own;
#    medians over RUNS launches of eight switches each way);
#  - the resident memory once a game of each kind has been played to its end by computer
#    players (or after LIMIT seconds), read from /proc.
#
# usage: build-aux/bench-app.sh [TRIO_BINARY] [RUNS] [LIMIT]
set -eu
trio="${1:-_build/src/app/trio}"
runs="${2:-7}"
limit="${3:-120}"

median () {
  sort -n | awk '{ a[NR] = $1 }
    END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'
}

inner=$(mktemp)
large=$(mktemp -d)
trap 'rm -rf "$inner" "$large"' EXIT
"$(dirname "$0")/../tests/gui/large-game.sh" > "$large/large-game.trio"
cat > "$inner" <<'EOS'
#!/bin/sh
trio="$1"; runs="$2"; limit="$3"; large="$4"
export GDK_BACKEND=x11 NO_AT_BRIDGE=1 GSETTINGS_BACKEND=memory
# An empty GTK window for comparison: what GTK itself takes with this renderer.
export GSK_RENDERER="${GSK_RENDERER:-}"
times=""
for i in $(seq 1 "$runs"); do
  t=$(TRIO_BENCH_STARTUP=1 "$trio" 2>/dev/null | sed -n 's/^first-frame-ms //p')
  times="$times $t"
done
echo "startup-ms$times"
# The large game: opened from an empty data folder, then restored from the autosave that
# the opening wrote (TRIO_BENCH_GAME: the first frame that shows it, then quit).
opened=""; restored=""
for i in $(seq 1 "$runs"); do
  rm -rf "$large/data"
  t=$(TRIO_BENCH_GAME=1 XDG_DATA_HOME="$large/data" "$trio" "$large/large-game.trio" \
        2>/dev/null | sed -n 's/^game-shown-ms //p')
  opened="$opened $t"
  t=$(TRIO_BENCH_GAME=1 XDG_DATA_HOME="$large/data" "$trio" 2>/dev/null \
        | sed -n 's/^game-shown-ms //p')
  restored="$restored $t"
done
echo "large-open-ms$opened"
echo "large-restore-ms$restored"
# The page switches: "switch-game-ms FIRST WHOLE" and "switch-chooser-ms FIRST WHOLE" lines.
for i in $(seq 1 "$runs"); do
  rm -rf "$large/switch"
  TRIO_BENCH_SWITCH=8 XDG_DATA_HOME="$large/switch" "$trio" 2>/dev/null | grep '^switch-'
done
for game in "triple-alliance c1,c1" "marelle c1,c1" "triomino c2,c2,c2,c2 --option players=4" \
            "trichess c1,c1,c1"; do
  set -- $game
  id=$1; seats=$2; shift 2
  log=$(mktemp)
  G_MESSAGES_DEBUG=Trio "$trio" --game "$id" --seats "$seats" "$@" >"$log" 2>&1 &
  pid=$!
  waited=0
  while [ "$waited" -lt "$limit" ] && ! grep -q "game over" "$log"; do
    sleep 1; waited=$((waited + 1))
  done
  moves=$(grep -c "Trio-DEBUG.*move " "$log" || true)
  rss=$(awk '/VmRSS/ { print $2 }' "/proc/$pid/status")
  over=$(grep -q "game over" "$log" && echo "game over" || echo "stopped after ${limit}s")
  echo "memory $id ${rss} kB after $moves moves ($over)"
  kill "$pid"; wait "$pid" 2>/dev/null || true
  rm -f "$log"
done
EOS
chmod +x "$inner"
out=$(xvfb-run -a -s "-screen 0 1280x860x24" "$inner" "$trio" "$runs" "$limit" "$large")
echo "$out" | grep -v -e '^startup-ms' -e '^large-' -e '^switch-'
echo "$out" | sed -n 's/^startup-ms //p' | tr ' ' '\n' | grep . | median |
  awk -v n="$runs" \
    '{ printf "startup: median %.0f ms to the first frame over %d launches\n", $1, n }'
for what in open restore; do
  echo "$out" | sed -n "s/^large-$what-ms //p" | tr ' ' '\n' | grep . | median |
    awk -v n="$runs" -v what="$what" '{ printf "large game (100,000 moves), %s: median %.0f ms " \
      "from launch to the game drawn over %d launches\n", what, $1, n }'
done
for page in game chooser; do
  for field in 2 3; do
    echo "$out" | awk -v p="switch-$page-ms" -v f="$field" '$1 == p { print $f }' | median |
      awk -v n="$runs" -v page="$page" -v what="$([ "$field" = 2 ] && echo first || echo whole)" \
        '{ printf "switch to the %s: median %.0f ms from the click to the %s frame " \
           "(%d launches of 8 switches)\n", page, $1, what, n }'
  done
done
