#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# GUI test of play with friends (issue 46): two Trios on one virtual screen, each with its
# own home and data folders. The first hosts a Marelle game on its own server for the local
# network (the new-game dialog: seat 1 played there, seat 2 "Friend, Invited"); the invite
# link is read from its log; the second joins through that link (trio trio://…, the Join
# dialog, Return).
# The invite strip's Copy Link puts the link on the clipboard. They play by mouse until a
# mill (a1 b2 d1 d2 g1xb2), each window animating the other's moves. The second window is
# closed (the first says its friend is gone) and opened again with the same link: it takes
# its seat back with the same moves, and plays on. The host asks to take back its move, the
# friend agrees: both go back before the mill. Screenshots of the screen at each stage, the
# windows side by side.
#
# usage: test-network.sh TRIO_BINARY SCREENSHOT_DIR
set -u
trio="$1"
shots="${2:-screenshots}/network"
schemas="$(dirname "$trio")/../../data"
for tool in xvfb-run xdotool import convert; do
  command -v "$tool" >/dev/null 2>&1 || { echo "skip: $tool is missing"; exit 77; }
done
rm -rf "$shots"
mkdir -p "$shots"
# The moves' sounds go through GTK's GStreamer backend, but to no speaker (test-gui.sh).
GST_PLUGIN_FEATURE_RANK="pulsesink:NONE,pipewiresink:NONE,alsasink:NONE,jackaudiosink:NONE"
GST_PLUGIN_FEATURE_RANK="$GST_PLUGIN_FEATURE_RANK,oss4sink:NONE,osssink:NONE,openalsink:NONE"
export GST_PLUGIN_FEATURE_RANK

# Each Trio's folders, and its player's name in its settings (a key file).
for who in a b; do
  mkdir -p "$shots/$who/home" "$shots/$who/data" "$shots/$who/config/glib-2.0/settings"
done
printf "[io/github/triogames/Trio]\nplayer-name='Alice'\n" \
  > "$shots/a/config/glib-2.0/settings/keyfile"
printf "[io/github/triogames/Trio]\nplayer-name='Bob'\n" \
  > "$shots/b/config/glib-2.0/settings/keyfile"

cat > "$shots/session.sh" <<'EOS'
#!/bin/sh
# Inside Xvfb: the two Trios, the moves, the screenshots.
trio="$1"; shots="$2"; schemas="$3"
until_s=${TRIO_GUI_UNTIL:-60}
failed=0
say () { echo "session: $*" >>"$shots/session.log"; }
# poll WHAT COMMAND...: every 0.1 s until COMMAND succeeds, $until_s seconds at most.
poll () {
  what="$1"; shift
  deadline=$(($(date +%s) + until_s))
  until "$@"; do
    if [ "$(date +%s)" -ge "$deadline" ]; then
      say "gave up waiting for $what"; failed=1; return 1
    fi
    sleep 0.1
  done
}
logged () { grep -Eq "$2" "$shots/$1.log"; }
logged_n () { [ "$(grep -Ec "$2" "$shots/$1.log")" -ge "$3" ]; }
# start WHO ARGS...: a Trio with WHO's folders; its process id in $shots/WHO.pid.
start () {
  who="$1"; shift
  (
    exec env G_DEBUG=fatal-criticals G_MESSAGES_DEBUG=Trio GDK_BACKEND=x11 NO_AT_BRIDGE=1 \
      HOME="$shots/$who/home" XDG_DATA_HOME="$shots/$who/data" \
      XDG_CONFIG_HOME="$shots/$who/config" GSETTINGS_BACKEND=keyfile \
      GSETTINGS_SCHEMA_DIR="$schemas" "$trio" "$@"
  ) >>"$shots/$who.log" 2>&1 &
  echo $! >"$shots/$who.pid"
}
running () { kill -0 "$(cat "$shots/$1.pid")" 2>/dev/null; }
gone () { ! running "$1"; }
# The main window of a Trio (the one named Trio, of its process).
window_of () {
  xdotool search --all --onlyvisible --pid "$(cat "$shots/$1.pid")" --name '^Trio$' 2>/dev/null \
    | head -1
}
has_window () { [ -n "$(window_of "$1")" ]; }
focused () { xdotool getwindowfocus getwindowname 2>/dev/null | grep -Eq "$1"; }
# A drop-down's list is shown: GTK names its window after the program (xdotool's own
# matching ignores the case, and the main window is Trio).
popup () {
  for w in $(xdotool search --onlyvisible --name . 2>/dev/null); do
    xdotool getwindowname "$w" 2>/dev/null
  done | grep -q "^$(basename "$trio")\$"
}
nopopup () { ! popup; }
# quit WHO: Ctrl+Q in its window, as a player does; its exit status in its log.
quit () {
  w=$(window_of "$1")
  [ -n "$w" ] && xdotool windowfocus --sync "$w" 2>/dev/null
  xdotool key ctrl+q
  if ! poll "$1 to quit" gone "$1"; then kill "$(cat "$shots/$1.pid")"; fi
  wait "$(cat "$shots/$1.pid")"
  echo "exit status $?" >>"$shots/$1.log"
}
# click X Y: a press and release at a point of the screen.
click () { xdotool mousemove "$1" "$2" click 1; }
shot () { import -window root "$shots/$1.png"; }
# tap WHAT X Y COMMAND...: clicks at X Y until COMMAND succeeds, again every 10 s: on a busy
# machine (the sanitizers, other work) a click that comes before the window has laid out its
# widgets is lost.
tap_x=0; tap_y=0; tap_next=0
tapped () {
  "$@" && return 0
  now=$(date +%s)
  if [ "$now" -ge "$tap_next" ]; then click "$tap_x" "$tap_y"; tap_next=$((now + 10)); fi
  return 1
}
tap () { tap_x="$2"; tap_y="$3"; tap_next=0; what="$1"; shift 3; poll "$what" tapped "$@"; }
# Where the points are: the board of a window at the screen's left, as the steps of
# test-gui.sh see it (1090x750), and the second window 1120 pixels to the right.
B=1120
a1="137 657"; d1="392 657"; g1="647 657"; b2="222 572"; d2="392 572"; f2="562 572"
# at WHO POINT: the point in WHO's window.
at () {
  set -- "$1" $2
  if [ "$1" = b ]; then click $(($2 + B)) "$3"; else click "$2" "$3"; fi
}

# The host: from the chooser, Marelle's card, the new-game dialog: seat 2 a friend invited
# (its drop-down, the third kind), Start (Alt+S). The game goes to Trio's own server; the
# invite link is in the log.
start a
poll "the host's window" has_window a || exit 1
poll "the host's chooser" logged a "layout: window" || exit 1
tap "the new-game dialog" 470 450 focused "^New Game: " || exit 1
tap "the kinds of seat" 366 254 popup || exit 1
xdotool key Down Down Return
poll "the kinds of seat to close" nopopup || exit 1
sleep 1
shot new-game-friend
xdotool key alt+s
poll "the hosted game" logged a "new game of marelle, seats h,f," || exit 1
poll "the host's invite link" logged a "online: invite link trio://" || exit 1
poll "the host's board" logged a "board picture rendered" || exit 1
link=$(sed -n 's/.*online: invite link \(trio:[^ ]*\).*/\1/p' "$shots/a.log" | head -1)
say "invite link $link"
echo "$link" >"$shots/link"
# The invite strip's Copy Link, by its mnemonic: the link on the clipboard.
sleep 1
shot invite
xdotool windowfocus --sync "$(window_of a)"
xdotool key alt+c
poll "the link copied" logged a "online: invite link copied" || exit 1
if command -v xclip >/dev/null 2>&1; then
  copied=$(xclip -o -selection clipboard 2>/dev/null)
  [ "$copied" = "$link" ] || { say "the clipboard holds '$copied', not the link"; failed=1; }
fi

# The friend: the link on the command line, the Join dialog (the game found, Bob's name),
# Return joins.
start b "$link"
poll "the Join dialog" focused "^Join a Game$" || exit 1
poll "the Join dialog's look at the game" logged b "join: A game of .*: 1 seat is free" \
  || exit 1
shot join
xdotool key Return
poll "the friend's seat" logged b "online: state of marelle at ply 0, 2 seats, seat 2" || exit 1
poll "the friend's window" has_window b || exit 1
poll "the host to see the friend" logged a "online: seat 2 connected" || exit 1
xdotool windowmove "$(window_of b)" "$B" 0
poll "the friend's board" logged b "board picture rendered" || exit 1
sleep 1
shot joined

# The moves, each waited for in both windows; the other's is animated there.
at a "$a1"
poll "move 1 in the friend's window" logged b "move 1 by player 1: a1" || exit 1
poll "move 1 animated in the friend's window" logged b "animation of move 1:" || exit 1
at b "$b2"
poll "move 2 in the host's window" logged a "move 2 by player 2: b2" || exit 1
poll "move 2 animated in the host's window" logged a "animation of move 2:" || exit 1
at a "$d1"
poll "move 3 in the friend's window" logged b "move 3 by player 1: d1" || exit 1
at b "$d2"
poll "move 4 in the host's window" logged a "move 4 by player 2: d2" || exit 1
# The mill: g1, then the piece it takes.
at a "$g1"
at a "$b2"
poll "the mill in the friend's window" logged b "move 5 by player 1: g1xb2" || exit 1
poll "the mill animated in the friend's window" logged b "animation of move 5:" || exit 1
poll "the mill in the host's window" logged a "move 5 by player 1: g1xb2" || exit 1
# Issue 47: the mill sounds in both windows (the friend's as its piece lands).
poll "the mill's sound in the friend's window" logged b "sound: mill" || exit 1
poll "the mill's sound in the host's window" logged a "sound: mill" || exit 1
sleep 1
shot mill

# The friend leaves: the host waits for them.
quit b
poll "the host to see the friend gone" logged a "online: seat 2 disconnected" || exit 1
sleep 1
shot friend-gone

# The friend opens the same link again: the seat is taken back, with its moves.
start b "$link"
poll "the friend's seat taken back" logged b "online: resuming seat 2 of room" || exit 1
poll "the friend's game restored" logged b \
  "online: state of marelle at ply 5, 2 seats, seat 2, moves: a1 b2 d1 d2 g1xb2$" || exit 1
poll "the friend's window again" has_window b || exit 1
xdotool windowmove "$(window_of b)" "$B" 0
poll "the host to see the friend back" logged_n a "online: seat 2 connected" 2 || exit 1
poll "the friend's board again" logged b "board picture rendered" || exit 1
sleep 1
shot resumed

# The friend plays on from where it was: the game goes on in both windows.
at b "$f2"
poll "move 6 in the host's window" logged a "move 6 by player 2: f2" || exit 1
poll "move 6 animated in the host's window" logged a "animation of move 6:" || exit 1

# The host asks to take back its last move (Ctrl+Z); the friend is asked, and agrees
# (Return): both go back to before the mill.
xdotool windowfocus --sync "$(window_of a)"
xdotool key ctrl+z
poll "the friend to be asked" focused "^Take Back a Move\?$" || exit 1
# With no window manager the question comes up at the screen's corner: over its window.
xdotool search --name "^Take Back a Move" windowmove $((B + 360)) 300 2>/dev/null
sleep 1
shot undo-asked
xdotool key Return
poll "the host's game taken back" logged a \
  "online: state of marelle at ply 4, .* moves: a1 b2 d1 d2$" || exit 1
poll "the friend's game taken back" logged b \
  "online: state of marelle at ply 4, .* moves: a1 b2 d1 d2$" || exit 1
sleep 1
shot undone
quit b
quit a
[ "$failed" = 0 ]
EOS
chmod +x "$shots/session.sh"

started=$(date +%s)
# A free display from a number of its own (test-gui.sh says why).
xvfb-run -a -n $((400 + $$ % 80)) -s "-screen 0 2240x860x24" "$shots/session.sh" "$trio" "$shots" "$schemas"
status=$?
ok=1
[ "$status" = 0 ] || { echo "  network: the session failed (status $status)"; ok=0; }
cat "$shots/session.log" 2>/dev/null
for who in a b; do
  # Each run of each Trio quit cleanly (the friend's twice), with no critical warning nor
  # one of Trio's.
  runs=$(grep -c "^exit status 0$" "$shots/$who.log")
  want=1; [ "$who" = b ] && want=2
  if [ "$runs" -ne "$want" ]; then
    echo "  network: $who did not quit with status 0 ($runs of $want runs)"; ok=0
  fi
  if grep -E "CRITICAL|Trio-WARNING" "$shots/$who.log"; then
    echo "  network: a critical or a warning in $who's log"; ok=0
  fi
  # The mill sounded once in each window: the friend's game taken back after its restart and
  # both games rebuilt after the undo were silent.
  mills=$(grep -c "sound: mill" "$shots/$who.log")
  if [ "$mills" -ne 1 ]; then
    echo "  network: the mill sounded $mills times in $who's window, not once"; ok=0
  fi
done
if [ "$ok" = 1 ]; then
  echo "ok - network ($(($(date +%s) - started)) s, screenshots in $shots)"
else
  echo "not ok - network"
  for who in a b; do echo "  $who:"; tail -15 "$shots/$who.log" | sed 's/^/    /'; done
  exit 1
fi
