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
# The computer's choices are the same at every run (a new game's seed): the keys of a step
# that answer the computer never meet a point it took in one run out of many.
TRIO_SEED="${TRIO_SEED:-1}"
export TRIO_SEED
# The moves' sounds go through GTK's GStreamer backend as in a user's Trio, but to no
# speaker: every audio output ranked out, GStreamer falls back to a sink that plays nothing
# (a test run on a desktop stays silent).
GST_PLUGIN_FEATURE_RANK="pulsesink:NONE,pipewiresink:NONE,alsasink:NONE,jackaudiosink:NONE"
GST_PLUGIN_FEATURE_RANK="$GST_PLUGIN_FEATURE_RANK,oss4sink:NONE,osssink:NONE,openalsink:NONE"
export GST_PLUGIN_FEATURE_RANK

# The session inside Xvfb: start the game, press the keys, take the screenshot, quit.
# $TRIO_FSIZE_BLOCKS, when set, limits the size of the files the application writes (a
# full disk where no small file system can be mounted); its output goes through a pipe,
# which the limit does not touch.
cat > "$shots/session.sh" <<'EOS'
#!/bin/sh
# shellcheck disable=SC2317  # the conditions are called through poll
trio="$1"; log="$2"; png="$3"; keys="$4"; shift 4
# The keys are split at spaces, and their regular expressions are not file patterns.
set -f
data="${TRIO_DATA:-$(dirname "$png")/data}"
# GTK names the window of a popover (a drop-down's list) after the program.
program=$(basename "$trio")
# Every wait polls for its condition, $TRIO_GUI_UNTIL seconds (60 by default) at most: a busy
# machine or the sanitizers make the application slower, never the step wrong. A bound
# reached is told in the log, and the step fails with what it waited for.
until_s=${TRIO_GUI_UNTIL:-60}
# poll WHAT COMMAND...: runs COMMAND every 0.1 s until it succeeds; 1 if the bound came first
# or the application ended (nothing changes then).
pid=""; may_end=""
running () { [ -z "$pid" ] || kill -0 "$pid" 2>/dev/null; }
poll () {
  what="$1"; shift
  deadline=$(($(date +%s) + until_s))
  until "$@"; do
    if ! running; then
      "$@" && return 0
      [ -n "$may_end" ] || echo "session: the application ended before $what" >>"$log.extra"
      return 1
    fi
    if [ "$(date +%s)" -ge "$deadline" ]; then
      echo "session: gave up waiting for $what" >>"$log.extra"
      return 1
    fi
    sleep 0.1
  done
}
# The conditions.
logged () { grep -Eq "$1" "$log"; }
logged_or_told () { grep -Eqs "$1" "$log" "$log.extra"; }
logged_twice () { [ "$(grep -Ec "$1" "$log")" -ge 2 ]; }
started () { [ -s "$log.pid" ]; }
window_shown () { xdotool search --onlyvisible --name . >/dev/null 2>&1; }
# A drawn window has dozens of colours, a blank screen one.
frame_drawn () {
  n=$(import -window root png:- 2>/dev/null | convert png:- -format %k info: 2>/dev/null)
  [ "${n:-0}" -ge 50 ]
}
# The window the keys go to: its name (a dialog's is its title; the main window's, Trio).
focused () { xdotool getwindowfocus getwindowname 2>/dev/null | grep -Eq "$1"; }
# A window on the screen has a name that matches (xdotool's own matching ignores the case).
shown () {
  for w in $(xdotool search --onlyvisible --name . 2>/dev/null); do
    xdotool getwindowname "$w" 2>/dev/null
  done | grep -Eq "$1"
}
closed () { ! shown "$1"; }
# The second Trio of the key 'second' has said why it does not start, or has ended.
second=""
second_ended () { ! kill -0 "$second" 2>/dev/null; }
second_told () { grep -q "told: " "$log.second" || second_ended; }
# The screen has settled when three pictures of it in a row are the same and it has not
# changed for a 150th of the bound (0.4 s; 1.6 s under the sanitizers, whose frames are slow):
# animations (a move's 250 ms, a spinner while the computer thinks) change it at each frame.
# On a machine with more work than cores the application may draw nothing for longer than
# that (a CI run at a load of 15 took a Triomino screenshot before its last frame): the time
# grows with the load per core (at most a tenth of the bound).
base_ms=$((until_s * 1000 / 150))
cores=$(nproc 2>/dev/null || echo 1)
still_for_load () {
  load=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null | cut -d. -f1)
  still_ms=$((base_ms * (1 + ${load:-0} / cores)))
  [ "$still_ms" -le $((until_s * 100)) ] || still_ms=$((until_s * 100))
}
still_ms=$base_ms
now_ms () { echo $(($(date +%s%N) / 1000000)); }
same=0; last=""; since=0
settled () {
  sum=$(import -window root rgb:- 2>/dev/null | cksum)
  if [ "$sum" = "$last" ]; then same=$((same + 1)); else same=0; last="$sum"; since=$(now_ms); fi
  [ "$same" -ge 2 ] && [ $(($(now_ms) - since)) -ge "$still_ms" ]
}
settle () { same=0; last=""; still_for_load; poll "the screen to settle" settled; }
rm -f "$log.pid"
{
  # The limit comes after the file of the process id, which it would leave empty.
  sh -c 'echo $$ >"$0"
         if [ -n "${TRIO_FSIZE_BLOCKS:-}" ]; then trap "" XFSZ; ulimit -f "$TRIO_FSIZE_BLOCKS"; fi
         exec "$@"' "$log.pid" env G_DEBUG=fatal-criticals \
    G_MESSAGES_DEBUG=Trio GDK_BACKEND=x11 NO_AT_BRIDGE=1 \
    GSETTINGS_BACKEND="${TRIO_GSETTINGS_BACKEND:-memory}" \
    XDG_DATA_HOME="$data" "$trio" "$@"
  echo "exit status $?"
} 2>&1 | cat >"$log" &
pipe=$!
poll "the application to start" started
pid=$(cat "$log.pid")
# The window, its first frame (a cold start under the sanitizers once left the screen blank
# for seconds), and the keyboard's focus in one of its windows: the keys go there.
poll "a window" window_shown && poll "the first frame" frame_drawn \
  && poll "the keyboard's focus" focused .
for k in $keys; do
  case "$k" in
    shot*) import -window root "$(dirname "$png")/${k#shot}.png" ;;
    # until<regex>: a log line ('.' stands for the spaces); twice<regex>: a second one.
    twice*) poll "a second log line '${k#twice}'" logged_twice "${k#twice}" ;;
    until*) poll "the log line '${k#until}'" logged "${k#until}" ;;
    # focus<regex>: the window with the keyboard's focus has that name (a dialog's title).
    # closed<regex>: no window on the screen has (the keys go to the main window again).
    focus*) poll "the focus in a window named '${k#focus}'" focused "${k#focus}" ;;
    closed*) poll "the window '${k#closed}' to close" closed "${k#closed}" ;;
    # popup, nopopup: a popover (a drop-down's list) is shown, or none is.
    popup) poll "a popover" shown "^$program\$" ;;
    nopopup) poll "the popover to close" closed "^$program\$" ;;
    # settle: the screen has stopped changing (a move's animation is over, for a picture).
    settle) settle ;;
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
      poll "the second Trio to say why it does not start" second_told
      settle
      import -window root "${png%.png}-second.png"
      kill -0 "$second" 2>/dev/null && xdotool key Escape
      if ! poll "the second Trio to quit" second_ended; then
        echo "session: the second Trio did not quit" >>"$log.second"; kill "$second"
      fi
      wait "$second"
      echo "exit status $?" >>"$log.second"
      sed 's/^/second: /' "$log.second" >>"$log.extra"
      rm -f "$log.second" ;;
    # clickX,Y: a click at that screen point, at once (a drag's pace is 0.4 s).
    click*) xdotool mousemove $(echo "${k#click}" | tr , ' ') click 1 ;;
    # dragX1,Y1,X2,Y2: drags with the mouse, in eight steps paced by 0.05 s: the pointer's
    # motion, not a condition (Xvfb may merge the motion events of a faster drag).
    drag*) echo "${k#drag}" | tr , ' ' | {
             read -r x1 y1 x2 y2
             xdotool mousemove "$x1" "$y1" mousedown 1
             for s in 1 2 3 4 5 6 7 8; do
               xdotool mousemove $((x1 + (x2 - x1) * s / 8)) $((y1 + (y2 - y1) * s / 8))
               sleep 0.05
             done
             xdotool mouseup 1; } ;;
    # A key. The application reads the keys in turn, however fast they come: a step waits
    # only for what a key starts elsewhere (a thread, a timer, a window to map).
    *) xdotool key "$k" ;;
  esac
done
# The step is over once its log has every line the check expects and the screen has settled
# (the session's own lines, those of the key 'second' among them, are in $log.extra until the
# end).
while IFS= read -r p; do
  [ -n "$p" ] && { poll "the log line '$p'" logged_or_told "$p" || break; }
done <"$log.expect"
# Unless the keys quit (after their own screenshot of the step), maybe while it settles.
may_end=1
if running; then settle; running && import -window root "$png"; fi
# The window's size on the screen (the steps on small screens compare it with the screen's).
xdotool search --onlyvisible --pid "$pid" --name . getwindowgeometry %@ 2>/dev/null \
  | sed -n 's/^ *Geometry: /window geometry /p' >>"$log.extra"
# Quit as a user does: a question or another window still open is closed first (Escape, and
# its closing waited for, three at most), then Ctrl+Q.
gone () { ! running; }
focus_name () { xdotool getwindowfocus getwindowname 2>/dev/null; }
focus_left () { [ "$(focus_name)" != "$1" ]; }
for _ in 1 2 3; do
  other=$(focus_name)
  if ! running || [ -z "$other" ] || [ "$other" = Trio ]; then break; fi
  xdotool key Escape
  poll "the window '$other' to close" focus_left "$other" || break
done
running && xdotool key ctrl+q
if running && ! poll "the application to quit" gone; then
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
  # The session waits for these lines before its last screenshot.
  printf '%s\n' "$patterns" >"$log.expect"
  # No picture of an earlier run may stand for this one's.
  rm -f "$png"
  started=$(date +%s)
  # About one step in fifty on this busy machine, the application cannot open the display
  # xvfb-run gave it, though Xvfb told it was ready and reports nothing (the cause is not
  # known; the number of a display the step before had just left was ruled out). The step
  # then runs again, and the output shows what the application and Xvfb said.
  for try in 1 2 3; do
    xvfb-run -a -n "$display_base" -e "$log.xvfb" -s "-screen 0 ${TRIO_GUI_SCREEN:-1280x860}x24" \
      "$shots/session.sh" "$trio" "$log" "$png" "$keys" "$@"
    grep -q "cannot open display" "$log" || break
    echo "  $name: the application could not open the display (try $try):"
    sed 's/^/    /' "$log" "$log.xvfb" | grep -v '^ *$' | head -20
  done
  rm -f "$log.xvfb"
  rm -f "$log.expect"
  ok=1
  # A wait that reached its bound: the step went on at the wrong moment.
  if grep "^session: " "$log"; then echo "  $name: a wait of the session failed"; ok=0; fi
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
# Each half looks for a free display from a number of its own (and of this run's process):
# two xvfb-run started at once from the same number can both take it, one Xvfb then fails and
# its application is sent to the other's display, whose cookie it lacks.
case "${3:-all}" in a) display_base=100 ;; b) display_base=200 ;; *) display_base=300 ;; esac
display_base=$((display_base + $$ % 80))
case "${3:-all}" in
  a) . "$here/steps-a.sh" ;;
  b) . "$here/steps-b.sh" ;;
  *) . "$here/steps-a.sh"; . "$here/steps-b.sh" ;;
esac

echo "$passed passed, $failures failed"
[ "$failures" -eq 0 ]
