#!/bin/sh
# GUI test: runs the real application under Xvfb, plays by keyboard in each game with
# synthesized key presses (xdotool), and saves a screenshot of each. A game fails when its
# moves do not appear in the application's move log or when its window shows no board.
#
# usage: test-gui.sh TRIO_BINARY SCREENSHOT_DIR
set -u
trio="$1"
shots="${2:-screenshots}"
for tool in xvfb-run xdotool import convert; do
  command -v "$tool" >/dev/null 2>&1 || { echo "skip: $tool is missing"; exit 77; }
done
mkdir -p "$shots"
failures=0
passed=0
# A cache of our own: no perfect-level table but the one a step may compute, and none of
# the user's to open at every start.
rm -rf "$shots/cache"
XDG_CACHE_HOME="$shots/cache"
export XDG_CACHE_HOME

# The session inside Xvfb: start the game, press the keys, take the screenshot.
cat > "$shots/session.sh" <<'EOS'
#!/bin/sh
trio="$1"; log="$2"; png="$3"; keys="$4"; shift 4
G_MESSAGES_DEBUG=Trio GDK_BACKEND=x11 NO_AT_BRIDGE=1 GSETTINGS_BACKEND=memory \
  XDG_DATA_HOME="$(dirname "$png")/data" "$trio" "$@" >"$log" 2>&1 &
pid=$!
# Wait for the window, then for the first frame.
for i in $(seq 1 50); do
  xdotool search --onlyvisible --name . >/dev/null 2>&1 && break
  sleep 0.2
done
sleep 1.5
for k in $keys; do
  case "$k" in
    wait*) sleep "${k#wait}" ;;
    shot*) import -window root "$(dirname "$png")/${k#shot}.png" ;;
    # until<regex>: wait (30 s at most) for a log line; '.' stands for the spaces.
    until*) for i in $(seq 1 150); do grep -Eq "${k#until}" "$log" && break; sleep 0.2; done ;;
    *) xdotool key "$k"; sleep 0.25 ;;
  esac
done
sleep 1.5
import -window root "$png"
kill "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
exit 0
EOS
chmod +x "$shots/session.sh"

# check NAME KEYS EXPECTED_LOG_PATTERN... -- APP_ARGS
check () {
  name="$1"; keys="$2"; shift 2
  patterns=""
  while [ "$1" != "--" ]; do patterns="$patterns
$1"; shift; done
  shift
  log="$shots/$name.log"; png="$shots/$name.png"
  xvfb-run -a -s "-screen 0 1280x860x24" "$shots/session.sh" "$trio" "$log" "$png" "$keys" "$@"
  ok=1
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
    echo "ok - $name ($colours colours, screenshot $png)"
    passed=$((passed + 1))
  else
    echo "not ok - $name"; sed 's/^/    /' "$log" | head -20
    failures=$((failures + 1))
  fi
}

rm -rf "$shots/data"
check chooser "" -- 
check triple-alliance "Return wait1 Right Return wait1 Up Up Return" \
  "move 1 by player 1: " "move 2 by player 2: " "move 3 by player 1: " -- \
  --game triple-alliance --seats h,c1
check marelle-triple "Return wait1 Left Return wait1 Up Return wait1 Right Return wait1" \
  "move 1 by player 1: " "move 2 by player 2: " "move 3 by player 1: " -- \
  --game marelle --seats h,c2
check marelle-standard "Down Return wait1" "move 1 by player 2: " "move 2 by player 1: " -- \
  --game marelle --option variant=standard --option first=2 --seats c3,h

check trichess "Down Down Down Down Down Down Down Up Return Up Return wait3" \
  "move 1 by player 1: 1-[a-h]2-1-[a-h][34]" "move 2 by player 2: " "move 3 by player 3: " -- \
  --game trichess --seats h,c1,c1 --option board=pax

# Seed 7 gives player 1 the highest triple, 4-4-4: the keys try each tile in turn.
check triomino "Right Down Return Right Down Return Right Down Return Right Down Return Right Down Return Right Down Return Right Down Return Right Down Return Right Down Return wait2" \
  "move 1 by player 1: 4-4-4@0,0" "move 2 by player 2: " -- \
  --game triomino --seats h,c1 --option players=2 --option seed=7

# The game in progress is saved after every move and restored at the next start.
check autosave-1 "Return wait2" "move 2 by player 2: " -- --game triple-alliance --seats h,c1
check autosave-2 "" "restoring a game of triple-alliance with 2 moves" -- 

# A restored game standing on a fifth repetition raises the draw offer; Enter agrees.
mkdir -p "$shots/data/trio"
cp "$(dirname "$0")/draw-offer.trio" "$shots/data/trio/current-game.trio"
check draw-offer "wait1 Return wait1" "restoring a game of triple-alliance with 28 moves" \
  "game over after 28 moves: Draw by agreement" --

rm -rf "$shots/data"
# The perfect level without its table: the new-game dialog of La Triple Alliance offers it
# greyed out (Down through the level list stops at Expert, which Return then picks), and
# computes the table on Compute (alt+o) until Cancel (alt+n). The dialog then starts a
# game (alt+s) that takes a move. The solver stops within its first pass: no table is
# written, and a checkpoint at most.
keys="Return wait1 Tab Tab Tab Tab Tab Tab space wait1 Down Down Down Down Down Down Down Down"
keys="$keys shotperfect-greyed Return wait0.5 alt+o untilstage.Finding wait1 shotperfect-computing"
keys="$keys alt+n untilcomputation.stopped wait0.5 shotperfect-cancelled alt+s wait1 Return wait1"
check perfect-level "$keys" \
  "perfect table: missing" "perfect table: computing" "perfect table: stage Finding" \
  "perfect table: cancelling" "perfect table: computation stopped" \
  "new game of triple-alliance, seats h,c6" "move 1 by player 1: " --
if [ -e "$XDG_CACHE_HOME/trio/triple-alliance-6.table" ]; then
  echo "not ok - perfect-level: a whole table was written in $XDG_CACHE_HOME/trio"
  failures=$((failures + 1))
fi
ls "$XDG_CACHE_HOME/trio" 2>/dev/null | sed 's/^/  perfect-level left: /'

echo "$passed passed, $failures failed"
[ "$failures" -eq 0 ]
