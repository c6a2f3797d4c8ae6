#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# GUI test: runs the real application under Xvfb, plays by keyboard in each game with
# synthesized key presses (xdotool), and saves a screenshot of each. A game fails when its
# moves do not appear in the application's move log or when its window shows no board.
# Every step then quits as a user does (Ctrl+Q) and fails unless the application exits
# with status 0 and without a critical warning (G_DEBUG=fatal-criticals makes one abort).
#
# usage: test-gui.sh TRIO_BINARY SCREENSHOT_DIR [a|b]   (the part of the steps; both by default)
set -u
trio="$1"
shots="${2:-screenshots}"
# The build's compiled settings schema, for the steps that choose a setting (a key file).
schemas="$(dirname "$trio")/../../data"
for tool in xvfb-run xdotool import convert; do
  command -v "$tool" >/dev/null 2>&1 || { echo "skip: $tool is missing"; exit 77; }
done
mkdir -p "$shots"
failures=0
passed=0
# The user's cache, where the solved table of La Triple Alliance may be (the advisor's step).
table_cache="${XDG_CACHE_HOME:-${HOME:-/nonexistent}/.cache}"
# A cache of our own: no perfect-level table but the one a step may compute, and none of
# the user's to open at every start.
rm -rf "$shots/cache"
XDG_CACHE_HOME="$shots/cache"
export XDG_CACHE_HOME

# The session inside Xvfb: start the game, press the keys, take the screenshot, quit.
# $TRIO_FSIZE_BLOCKS, when set, limits the size of the files the application writes (a
# full disk where no small file system can be mounted); its output goes through a pipe,
# which the limit does not touch.
cat > "$shots/session.sh" <<'EOS'
#!/bin/sh
trio="$1"; log="$2"; png="$3"; keys="$4"; shift 4
data="${TRIO_DATA:-$(dirname "$png")/data}"
# How many 0.2 s polls an until or a twice makes: $TRIO_GUI_UNTIL s (60 by default).
polls=$((${TRIO_GUI_UNTIL:-60} * 5))
rm -f "$log.pid"
{
  if [ -n "${TRIO_FSIZE_BLOCKS:-}" ]; then trap '' XFSZ; ulimit -f "$TRIO_FSIZE_BLOCKS"; fi
  sh -c 'echo $$ >"$0"; exec "$@"' "$log.pid" env G_DEBUG=fatal-criticals \
    G_MESSAGES_DEBUG=Trio GDK_BACKEND=x11 NO_AT_BRIDGE=1 \
    GSETTINGS_BACKEND="${TRIO_GSETTINGS_BACKEND:-memory}" \
    XDG_DATA_HOME="$data" "$trio" "$@"
  echo "exit status $?"
} 2>&1 | cat >"$log" &
pipe=$!
sleep 0.5
pid=$(cat "$log.pid")
# Wait for the window, then for its first frame: a cold start under the sanitizers once
# left the screen blank past the 3 s this step used to wait. A drawn window has dozens of
# colours, a blank screen one (10 s at most).
for i in $(seq 1 50); do
  xdotool search --onlyvisible --name . >/dev/null 2>&1 && break
  sleep 0.2
done
for i in $(seq 1 40); do
  n=$(import -window root png:- 2>/dev/null | convert png:- -format %k info: 2>/dev/null)
  [ "${n:-0}" -ge 50 ] && break
  sleep 0.25
done
sleep 1.5
for k in $keys; do
  case "$k" in
    wait*) sleep "${k#wait}" ;;
    shot*) import -window root "$(dirname "$png")/${k#shot}.png" ;;
    # until<regex>: wait ($TRIO_GUI_UNTIL s, 60 by default, at most) for a log line; '.'
    # stands for the spaces. twice<regex>: the same, for a second such line.
    twice*) for i in $(seq 1 "$polls"); do
              [ "$(grep -Ec "${k#twice}" "$log")" -ge 2 ] && break; sleep 0.2
            done ;;
    until*) for i in $(seq 1 "$polls"); do grep -Eq "${k#until}" "$log" && break; sleep 0.2; done ;;
    # unfill: frees the full data folder (see the disk-full step).
    unfill) rm -f "$data/fill" ;;
    # second: a second Trio on the same data folder, shown until it says why it does not
    # start (told:) or exits, then a screenshot (STEP-second.png) and Escape. Its log lines
    # end the step's log, each after "second: ".
    second)
      G_DEBUG=fatal-criticals G_MESSAGES_DEBUG=Trio GDK_BACKEND=x11 NO_AT_BRIDGE=1 \
        GSETTINGS_BACKEND="${TRIO_GSETTINGS_BACKEND:-memory}" XDG_DATA_HOME="$data" \
        "$trio" >"$log.second" 2>&1 &
      second=$!
      for i in $(seq 1 "$polls"); do
        grep -q "told: " "$log.second" && break
        kill -0 "$second" 2>/dev/null || break
        sleep 0.2
      done
      sleep 1
      import -window root "${png%.png}-second.png"
      kill -0 "$second" 2>/dev/null && xdotool key Escape
      for i in $(seq 1 25); do kill -0 "$second" 2>/dev/null || break; sleep 0.2; done
      if kill -0 "$second" 2>/dev/null; then
        echo "session: the second Trio did not quit" >>"$log.second"; kill "$second"
      fi
      wait "$second"
      echo "exit status $?" >>"$log.second"
      sed 's/^/second: /' "$log.second" >>"$log.extra"
      rm -f "$log.second" ;;
    # dragX1,Y1,X2,Y2: drags with the mouse, in eight steps.
    drag*) echo "${k#drag}" | tr , ' ' | {
             read -r x1 y1 x2 y2
             xdotool mousemove "$x1" "$y1" mousedown 1
             for s in 1 2 3 4 5 6 7 8; do
               xdotool mousemove $((x1 + (x2 - x1) * s / 8)) $((y1 + (y2 - y1) * s / 8))
               sleep 0.05
             done
             xdotool mouseup 1; sleep 0.25; } ;;
    *) xdotool key "$k"; sleep 0.25 ;;
  esac
done
sleep 1.5
# Unless the keys quit already (after their own screenshot of the step).
kill -0 "$pid" 2>/dev/null && import -window root "$png"
# The window's size on the screen (the steps on small screens compare it with the screen's).
xdotool search --onlyvisible --pid "$pid" --name . getwindowgeometry %@ 2>/dev/null \
  | sed -n 's/^ *Geometry: /window geometry /p' >>"$log.extra"
# Quit as a user does; a question still open (game over) is dismissed with Escape first.
for key in ctrl+q "Escape ctrl+q" "Escape Escape ctrl+q"; do
  kill -0 "$pid" 2>/dev/null || break
  # shellcheck disable=SC2086
  xdotool key $key
  for i in $(seq 1 25); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
done
if kill -0 "$pid" 2>/dev/null; then
  echo "session: the application did not quit" >>"$log.extra"
  kill "$pid"
fi
wait "$pipe"
[ -f "$log.extra" ] && cat "$log.extra" >>"$log" && rm -f "$log.extra"
rm -f "$log.pid"
exit 0
EOS
chmod +x "$shots/session.sh"

# check NAME KEYS EXPECTED_LOG_PATTERN... -- APP_ARGS
# $TRIO_GUI_SCREEN, when set, is the screen's size (WIDTHxHEIGHT; 1280x860 otherwise).
check () {
  name="$1"; keys="$2"; shift 2
  patterns=""
  while [ "$1" != "--" ]; do patterns="$patterns
$1"; shift; done
  shift
  log="$shots/$name.log"; png="$shots/$name.png"
  started=$(date +%s)
  xvfb-run -a -s "-screen 0 ${TRIO_GUI_SCREEN:-1280x860}x24" "$shots/session.sh" "$trio" "$log" \
    "$png" "$keys" "$@"
  ok=1
  # Quit cleanly, with no critical warning (nor any GLib/GTK warning of the application's).
  grep -q "^exit status 0$" "$log" || { echo "  $name: did not quit with status 0"; ok=0; }
  if grep -E "CRITICAL|Trio-WARNING" "$log"; then
    echo "  $name: a critical or a warning in the log"; ok=0
  fi
  echo "$patterns" | while IFS= read -r p; do
    [ -z "$p" ] && continue
    grep -Eq "$p" "$log" || { echo "  $name: no log line matching '$p'"; exit 1; }
  done || ok=0
  # A drawn board has hundreds of colours (wood, pieces, antialiasing); an empty window a few.
  colours=$(convert "$png" -crop 760x690+10+55 +repage -format %k info: 2>/dev/null || echo 0)
  if [ "$colours" -lt 300 ]; then
    echo "  $name: the window shows no board ($colours colours in the board area)"
    ok=0
  fi
  if [ "$ok" = 1 ]; then
    echo "ok - $name ($colours colours, $(($(date +%s) - started)) s, screenshot $png)"
    passed=$((passed + 1))
  else
    echo "not ok - $name"; sed 's/^/    /' "$log" | head -20
    failures=$((failures + 1))
  fi
}

# The steps, in two parts that meson runs at once (each on its own screen, in its own
# folder): most of a step's time is spent waiting.
here="$(dirname "$0")"
case "${3:-all}" in
  a) . "$here/steps-a.sh" ;;
  b) . "$here/steps-b.sh" ;;
  *) . "$here/steps-a.sh"; . "$here/steps-b.sh" ;;
esac

echo "$passed passed, $failures failed"
[ "$failures" -eq 0 ]
