#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Drives boardgames-engine through its text protocol and checks the answers.
set -u
engine="$1"
failures=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Never the user's cache: no table there.
export XDG_CACHE_HOME="$tmp/cache"

# answers INPUT: what the engine prints for INPUT (a command a line). The end of the input
# stops a search as quit does, so the input is held open until the engine has answered an
# isready sent last (its readyok left out) or has ended; the empty lines that keep it open
# get no answer. The timeout is a hang's (a search without a bound), not a speed's.
answers () {
  want=$(($(printf '%s\n' "$1" | grep -c '^isready$') + 1))
  : > "$tmp/answers"
  { printf '%s\nisready\n' "$1"
    while [ "$(grep -c '^readyok$' "$tmp/answers")" -lt "$want" ] && echo; do
      sleep 0.02
    done
  } 2>/dev/null | timeout 100 "$engine" > "$tmp/answers" 2>&1
  awk -v n="$want" '/^readyok$/ && ++seen == n { next } { print }' "$tmp/answers"
}

# expect NAME INPUT PATTERN: the output of INPUT must contain a line matching PATTERN.
expect () {
  out=$(answers "$2")
  if printf '%s\n' "$out" | grep -Eq -- "$3"; then
    echo "ok - $1"
  else
    echo "not ok - $1: no line matching '$3' in:"
    printf '%s\n' "$out" | sed 's/^/    /'
    failures=$((failures + 1))
  fi
}

expect "games lists both" "games" '^game marelle '
expect "games lists triple alliance" "games" '^game triple-alliance '
expect "unknown command" "frobnicate" '^error: unknown command'
expect "no game yet" "moves" '^error: no game'
expect "unknown game" "new chess960" "^error: unknown game 'chess960'"
expect "bad option" "new marelle variant=lasker" '^error: .*variant'
expect "start moves" "new marelle variant=standard
moves" '^moves 24 '
expect "perft 2" "new marelle variant=standard
perft 2" '^perft 2 nodes 552 '
expect "divide" "new triple-alliance
divide 2" '^total 552$'
expect "illegal move" "new marelle
play d6 d6" '^error: move 2 \(d6\): illegal move'
expect "malformed move" "new marelle
play zz9" '^error: move 1 \(zz9\): '
expect "keeps going after errors" "new marelle
play zz9
bogus
play d6
history" '^history 1 d6$'
expect "undo" "new marelle
play d6 d2
undo
history" '^history 1 d6$'
expect "undo too far" "new marelle
undo" '^error: nothing to undo'
expect "status" "new triple-alliance first=2
status" '^status ongoing to-move 2$'
expect "setup and win" "setup triple-alliance : p1=a1,a2,b3,e5,d1,e3 p2=b1,b2,d4,d5,e1,c4 hand=0,0 turn=1
play b3-a3" '^status win 1 \(line of three\)$'
# Issue 47: a TRICHESS end names its three places, the rules' seigneur, serf and vassal.
expect "trichess mate names the three places" "setup trichess : 7wK/6wPwP/bR7/8 8/8/rK7/8 8/8/bK7/8 b
play 1-a3-1-a1" '^status win 3 \(checkmate\) seigneur 3 serf 1 vassal 2$'
expect "trichess pat names the three places" "setup trichess : rR6wK/6wP1/5bN2/8 8/8/rK7/8 8/8/bK7/8 w
status" '^status win 1 \(pat\) seigneur 1 serf 2 vassal 3$'
expect "trichess fat names the three places" "setup trichess : 4wK3/8/bR7/8 3rK4/8/8/8 8/8/bK7/8 b
play 1-a3-1-e3" '^status win 3 \(fat\) seigneur 3 serf 1 vassal 2$'
expect "go finds the win" "setup triple-alliance : p1=a1,a2,b3,e5,d1,e3 p2=b1,b2,d4,d5,e1,c4 hand=0,0 turn=1
go depth 3" '^bestmove b3-a3$'
expect "go level" "new marelle
go level 1 seed 7" '^bestmove [a-g][1-7]$'
expect "go bad limit" "new marelle
go speed 3" "^error: unknown limit 'speed'"
expect "analyse flags the mill given away" "new marelle variant=standard
play a1 d2 a4 g1 a7xd2 g4
analyse nodes 50000 threads 2" '^analysis 4 player 2 move g1 best a7 before -?[0-9]+ after -[0-9]+ loss [0-9]+ depth [0-9]+ blunder$'
expect "analyse ends with ok" "new marelle
play d6 d2
analyse nodes 2000 threads 1" '^ok$'
expect "analyse bad limit" "new marelle
analyse speed 3" "^error: unknown limit 'speed'"
expect "draw offer" "setup triple-alliance : p1=a1,a5,e1 p2=b4,d2,e5 hand=0,0 turn=1
play a1-a2 b4-b5 a2-a1 b5-b4 a1-a2 b4-b5 a2-a1 b5-b4 a1-a2 b4-b5 a2-a1 b5-b4 a1-a2 b4-b5 a2-a1 b5-b4
draw accept" '^status draw \(draw agreed\)$'
expect "no draw on offer" "new marelle
draw accept" '^error: no draw is on offer'
expect "position shows setup" "new marelle
position" '^setup p1= p2= hand=9,9 turn=1$'
expect "binary garbage" "$(printf 'play \377\376')" '^error: the line is not valid UTF-8'
expect "save and load" "new marelle variant=standard
play d6 d2 f4
save $tmp/game.trio
new triple-alliance
load $tmp/game.trio
history" '^history 3 d6 d2 f4$'
expect "saved file" "load $tmp/game.trio
position" '^setup p1=f4,d6 p2=d2 hand=7,8 turn=2$'
if grep -q '^option variant=standard$' "$tmp/game.trio" && grep -q '^seat 2 human$' "$tmp/game.trio"
then
  echo "ok - saved file holds the options and seats"
else
  echo "not ok - saved file holds the options and seats"
  failures=$((failures + 1))
fi
# The game's seed: shown, set, kept in the saved game and loaded back.
expect "seed needs a game" "seed" '^error: no game'
expect "seed set and shown" "new marelle
seed 4294967295
seed" '^seed 4294967295$'
expect "seed malformed" "new marelle
seed -3" '^error: usage: seed \[N\], N from 0 to 4294967295$'
expect "seed saved and loaded" "new trichess
seed 987654321
play 1-e2-1-e4
save $tmp/seed.trio
new marelle
load $tmp/seed.trio
seed" '^seed 987654321$'
if grep -q '^seed 987654321$' "$tmp/seed.trio"; then
  echo "ok - saved file holds the seed"
else
  echo "not ok - saved file holds the seed"
  failures=$((failures + 1))
fi
# go without a seed of its own draws from the game's: the same game seed, the same move.
go_with_seed () {
  answers "$(printf 'new marelle\nseed %s\nplay d6\ngo level 1' "$1")" | grep '^bestmove'
}
first=$(go_with_seed 11)
distinct=$(for s in 1 2 3 4 5 6 7 8; do go_with_seed "$s"; done | sort -u | wc -l)
if [ -n "$first" ] && [ "$(go_with_seed 11)" = "$first" ] && [ "$distinct" -gt 1 ]; then
  echo "ok - go draws from the game's seed"
else
  echo "not ok - go draws from the game's seed ('$first', $distinct distinct moves)"
  failures=$((failures + 1))
fi
printf 'trio-save 1\ngame marelle\nmoves d6 d6\nend\n' > "$tmp/illegal.trio"
expect "load illegal move" "load $tmp/illegal.trio" "^error: line 3: move 2 'd6' is not legal here"
printf 'trio-save 2\ngame marelle\nend\n' > "$tmp/newer.trio"
expect "load newer format" "load $tmp/newer.trio" '^error: .*newer version of Trio \(format 2\)'
printf '\177ELF\001\000\000' > "$tmp/garbage.trio"
expect "load garbage" "load $tmp/garbage.trio" '^error: not a Trio saved game'
head -n 5 "$tmp/game.trio" > "$tmp/truncated.trio"
expect "load truncated" "load $tmp/truncated.trio" '^error: .*truncated'
expect "load missing file" "load $tmp/missing.trio" '^error: .*missing.trio'
expect "bad load keeps the game" "new marelle
play d6
load $tmp/illegal.trio
history" '^history 1 d6$'
expect "save without a game" "save $tmp/x.trio" '^error: no game'
# Issue 14: save replaces only a regular file, reports write errors, leaves no temporary
# file; load reads at most the cap and does not wait on a FIFO.
expect "option given twice" "new marelle first=2 first=1" "^error: option 'first' is given twice$"
expect "go level 0" "new marelle
go level 0" "^error: the level is a number from 1 to 7 \(7: perfect\), not '0'$"
expect "help gives the levels" "help" '^ *go \[level 1-7 \(7 or perfect: the table\)\]'
printf 'trio-save 0\ngame marelle\nend\n' > "$tmp/v0.trio"
expect "version 0" "load $tmp/v0.trio" \
  "^error: line 1: the format version must be a number from 1 up, not '0'$"
# Devices of our own (as root: a regression must not replace the real /dev/null).
mkdir "$tmp/dev"
for dev in null:3 full:7; do
  node="$tmp/dev/${dev%:*}"
  mknod -m 666 "$node" c 1 "${dev#*:}" 2>/dev/null || continue
  expect "save to a device ($node)" "new marelle
save $node" "^error: cannot save to $node: it is not a regular file"
  [ -c "$node" ] || { echo "not ok - $node is no longer a device"; failures=$((failures + 1)); }
done
mkdir "$tmp/saves"
mkfifo "$tmp/saves/fifo.trio"
expect "save to a FIFO" "new marelle
save $tmp/saves/fifo.trio" '^error: cannot save to .*fifo.trio: it is not a regular file'
if [ ! -p "$tmp/saves/fifo.trio" ]; then
  echo "not ok - the FIFO was replaced"; failures=$((failures + 1))
fi
expect "load from a FIFO" "load $tmp/saves/fifo.trio" '^error: .*fifo.trio is not a regular file'
echo old > "$tmp/saves/real.trio"
ln -s real.trio "$tmp/saves/link.trio"
expect "save through a link" "new marelle
save $tmp/saves/link.trio" '^ok$'
if [ -L "$tmp/saves/link.trio" ] && head -1 "$tmp/saves/real.trio" | grep -q '^trio-save 1$'; then
  echo "ok - the link stays and its file holds the game"
else
  echo "not ok - the link stays and its file holds the game"; failures=$((failures + 1))
fi
ln -s nowhere.trio "$tmp/saves/dangling.trio"
expect "save to a dangling link" "new marelle
save $tmp/saves/dangling.trio" \
  '^error: .*dangling.trio: it is a symbolic link that leads to no file'
out=$( (trap '' XFSZ; ulimit -f 0; printf 'new marelle\nsave %s\n' "$tmp/saves/real.trio" \
  | "$engine" 2>&1) )
if printf '%s\n' "$out" | grep -q '^error: cannot save to .*real.trio: File too large$' \
   && ! printf '%s\n' "$out" | grep -q '^ok$' \
   && head -1 "$tmp/saves/real.trio" | grep -q '^trio-save 1$'; then
  echo "ok - a failed write is an error and keeps the old file"
else
  echo "not ok - a failed write is an error and keeps the old file:"
  printf '%s\n' "$out" | sed 's/^/    /'; failures=$((failures + 1))
fi
leftover=$(ls -A "$tmp/saves" | grep -v -e '^fifo.trio$' -e '^real.trio$' -e '^link.trio$' \
  -e '^dangling.trio$')
if [ -z "$leftover" ]; then
  echo "ok - no temporary file left"
else
  echo "not ok - temporary files left: $leftover"; failures=$((failures + 1))
fi
if [ -r /proc/self/pagemap ]; then
  expect "load reads at most the cap" "load /proc/self/pagemap" '^error: the file is too large'
fi
# The solved table: none in an empty cache, a small one from the solver, and probing.
expect "probe without a table" "new triple-alliance
probe" '^error: no table at .*/cache/trio/triple-alliance-6.table'
expect "probe another game" "new trichess
probe" '^error: only La Triple Alliance and Marelle have tables'
expect "probe marelle outside its endgame tables" "new marelle
probe" '^error: the position is not in the endgame tables'
expect "perfect level without a table" "new triple-alliance
go level perfect nodes 3000" '^info no table: the perfect level searches as level 6$'
expect "perfect level plays without a table" "new triple-alliance
go level 7 nodes 3000" '^bestmove [a-e][1-5]$'
expect "level out of range" "new triple-alliance
go level 8" "^error: the level is a number from 1 to 7 \(7: perfect\), not '8'$"
# expect_run NAME PATTERN COMMAND...: what the command prints must match PATTERN.
expect_run () {
  name="$1"; pattern="$2"; shift 2
  out=$("$@" 2>&1)
  if printf '%s\n' "$out" | grep -Eq -- "$pattern"; then
    echo "ok - $name"
  else
    echo "not ok - $name: no line matching '$pattern' in:"
    printf '%s\n' "$out" | sed 's/^/    /'
    failures=$((failures + 1))
  fi
}
expect_run "solve the three-piece game" '^3\+3 +step +341040 +147677 +100627 +84748 ' \
  "$engine" solve triple-alliance --pieces 3 --threads 2 --out "$tmp/ta3.table"
expect_run "count a table" '^2\+3 +place +54230 +34622 +13695 +4431 ' "$engine" solve --count "$tmp/ta3.table"
expect_run "solve usage" '^usage: boardgames-engine solve' "$engine" solve triple-alliance --pieces 9
expect "table of another size" "table $tmp/ta3.table" \
  '^error: .*ta3.table solves the game with 3 pieces each, not 6$'
expect "table that is not one" "table $tmp/illegal.trio" '^error: .* is not a Triple Alliance table$'
if "$engine" solve chess > /dev/null 2>&1; then
  echo "not ok - solve refuses another game"
  failures=$((failures + 1))
else
  echo "ok - solve refuses another game"
fi

# The tournament benchmark, on a few short games: the table's row, how the games ended, and
# a line a game with --progress. Without the morris endgame tables, which the empty cache
# would compute first (seconds, minutes under the sanitizers).
expect_run "tournament row" '^marelle +L2 t1 +L1 t1 +4 ' env TRIO_ENDGAME_TABLES=0 \
  "$engine" tournament marelle --levels 2-1 --games 4 --nodes-per-ms 2 --seed 3
expect_run "tournament endings" '^ +ended by [a-z]' \
  "$engine" tournament triple-alliance --levels 2-1 --games 2 --nodes-per-ms 2
expect_run "tournament fixed depths" '^trichess +d1 t1 +d1 n300 t1 +6 ' \
  "$engine" tournament trichess --levels 6-6 --depths 1,1 --noises 0,300 --games 6 \
  --max-plies 40 --seed 5
# Side A's results by seating: 2 openings, each with its 3 seatings of one seat and 3 of two.
out=$("$engine" tournament trichess --levels 6-6 --depths 1,1 --noises 0,300 --games 12 \
  --max-plies 120 --seed 5 2>&1)
if printf '%s\n' "$out" | awk '/W-D-L of side A in one seat/ {
      split ($8, one, "-"); split ($11, two, "-");
      ok = one[1] + one[2] + one[3] == 6 && two[1] + two[2] + two[3] == 6 }
    END { exit !ok }'; then
  echo "ok - tournament by seating"
else
  echo "not ok - tournament by seating: not 6 games in each class in:"
  printf '%s\n' "$out" | sed 's/^/    /'
  failures=$((failures + 1))
fi
expect_run "tournament progress" '^trichess game 6 \(opening 0, seats [AB]{3}\): ' \
  "$engine" tournament trichess --levels 6-6 --depths 1,1 --games 6 --max-plies 20 --progress
expect_run "tournament usage" '^usage: boardgames-engine tournament' \
  "$engine" tournament marelle --threads 0,1

expect "quit stops" "quit
games" '^$'

# Issue 38. Every answer ends with one line: ok (or "ok DETAIL"), readyok or error. Ten
# commands, ten end lines, in their order; a game's end is told before the ok of its move.
out=$(answers "$(printf '%s\n' "new marelle" "play d6" "status" "# a comment" "" "history" \
  "moves" "go depth 2" "bogus" "play zz9" "help" "isready")")
ends=$(printf '%s\n' "$out" | grep -Ec '^(ok|ok .*|readyok|error: .*)$')
if [ "$ends" -eq 10 ] && [ "$(printf '%s\n' "$out" | tail -1)" = readyok ] \
   && printf '%s\n' "$out" | grep -E '^(ok|ok .*|readyok|error: .*)$' | tr '\n' ' ' \
      | grep -q '^ok marelle ok ok ok ok ok error: unknown command .* error: move 1 .* ok readyok $'
then
  echo "ok - one end line an answer"
else
  echo "not ok - one end line an answer ($ends end lines):"
  printf '%s\n' "$out" | sed 's/^/    /'; failures=$((failures + 1))
fi
out=$(printf '%s\n' "setup triple-alliance : p1=a1,a2,b3,e5,d1,e3 p2=b1,b2,d4,d5,e1,c4 hand=0,0 turn=1" \
  "play b3-a3" | "$engine" 2>&1)
if [ "$(printf '%s\n' "$out" | tail -2 | tr '\n' ' ')" = "status win 1 (line of three) ok " ]; then
  echo "ok - the end of the game before the ok"
else
  echo "not ok - the end of the game before the ok:"; printf '%s\n' "$out" | sed 's/^/    /'
  failures=$((failures + 1))
fi
# An info line per completed iteration, then the whole search's, then bestmove and ok.
out=$(answers "$(printf 'new marelle variant=standard\ngo depth 4 threads 1')")
if [ "$(printf '%s\n' "$out" | sed -n 's/^info depth \([0-9]*\) .*/\1/p' | tr '\n' ' ')" = \
     "1 2 3 4 4 " ] && [ "$(printf '%s\n' "$out" | tail -2 | head -1 | cut -d' ' -f1)" = bestmove ]
then
  echo "ok - an info line an iteration"
else
  echo "not ok - an info line an iteration:"; printf '%s\n' "$out" | sed 's/^/    /'
  failures=$((failures + 1))
fi
out=$(answers "$(printf 'new trichess\ngo depth 3 threads 1')")
if [ "$(printf '%s\n' "$out" | sed -n 's/^info depth \([0-9]*\) .*/\1/p' | tr '\n' ' ')" = "1 2 3 3 " ]
then
  echo "ok - an info line an iteration in TRICHESS"
else
  echo "not ok - an info line an iteration in TRICHESS:"; printf '%s\n' "$out" | sed 's/^/    /'
  failures=$((failures + 1))
fi
expect "threads limit" "new marelle
go depth 3 threads 1" '^bestmove '
expect "threads at least one" "new marelle
go threads 0" "^error: the threads is a number from 1 to 16, not '0'$"
expect "a limit twice" "new marelle
go time 100 level 3 time 200" "^error: the limit 'time' is given twice$"
# A limit given wins over the level's (6 s at level 6), whatever the order: nodes here, as
# time would only make the test slower (the same parse gives both).
for order in "level 6 nodes 3000" "nodes 3000 level 6"; do
  out=$(answers "$(printf 'new marelle\ngo %s threads 1' "$order")")
  nodes=$(printf '%s\n' "$out" | grep '^info depth' | tail -1 | sed 's/.* nodes \([0-9]*\) .*/\1/')
  if [ -n "$nodes" ] && [ "$nodes" -le 6000 ]; then
    echo "ok - go $order searches about the nodes given ($nodes)"
  else
    echo "not ok - go $order: $nodes nodes"; printf '%s\n' "$out" | sed 's/^/    /'
    failures=$((failures + 1))
  fi
done
# stop and quit end a search at once with its best move so far (a search without end).
out=$(printf 'new marelle\ngo depth 60 threads 1\nstop\nisready\n' | timeout 30 "$engine" 2>&1)
if printf '%s\n' "$out" | tail -5 | tr '\n' ' ' | grep -Eq '^info .* bestmove [a-g][1-7] ok ok readyok $'
then
  echo "ok - stop"
else
  echo "not ok - stop:"; printf '%s\n' "$out" | sed 's/^/    /'; failures=$((failures + 1))
fi
out=$(printf 'new marelle\ngo depth 60\nquit\ngames\n' | timeout 30 "$engine" 2>&1)
if [ "$(printf '%s\n' "$out" | tail -2 | cut -d' ' -f1 | tr '\n' ' ')" = "bestmove ok " ]; then
  echo "ok - quit while searching"
else
  echo "not ok - quit while searching:"; printf '%s\n' "$out" | sed 's/^/    /'
  failures=$((failures + 1))
fi
expect "stop with no search" "stop" '^ok$'

# Issue 43, point 4: the end of the input, and stop, stop what is under way. The bounds
# (timeout, session_wait) are a hang's, not a speed's; the times are printed.
now_ms () {
  echo $(($(date +%s%N) / 1000000))
}
# A session whose input stays open: session_start [NAME=VALUE...] (the environment),
# printf ... >&3, session_wait PATTERN (FALSE after 20 s or once the engine has ended
# without a line matching), session_end.
session_start () {
  rm -f "$tmp/in"
  mkfifo "$tmp/in"
  env "$@" timeout 60 "$engine" < "$tmp/in" > "$tmp/out" 2>&1 &
  session_pid=$!
  exec 3> "$tmp/in"
}
session_wait () {
  tries=0
  until grep -Eq -- "$1" "$tmp/out"; do
    if [ "$tries" -ge 1000 ] || ! kill -0 "$session_pid" 2>/dev/null; then
      return 1
    fi
    sleep 0.02
    tries=$((tries + 1))
  done
}
session_end () {
  exec 3>&-
  wait "$session_pid"
}
# check NAME CONDITION-STATUS OUTPUT
check () {
  if [ "$2" -eq 0 ]; then
    echo "ok - $1"
  else
    echo "not ok - $1:"; printf '%s\n' "$3" | sed 's/^/    /'
    failures=$((failures + 1))
  fi
}
start=$(now_ms)
out=$( (printf 'new marelle\ngo depth 60 threads 1\n'; sleep 1) | timeout 20 "$engine" 2>&1)
ms=$(($(now_ms) - start - 1000))
[ "$(printf '%s\n' "$out" | tail -2 | cut -d' ' -f1 | tr '\n' ' ')" = "bestmove ok " ]
check "the end of the input stops go, which answers (exit $ms ms after the end)" $? "$out"
out=$( (printf 'new marelle\nplay d6 d2 f4\nanalyse nodes 100000000000 threads 1\n'; sleep 1) \
  | timeout 20 "$engine" 2>&1)
[ "$(printf '%s\n' "$out" | tail -1)" = "error: the analysis was stopped" ]
check "the end of the input stops analyse" $? "$out"
# go waits for the morris endgame table, which a fresh cache computes (seconds, minutes
# under the sanitizers); a stop ends the wait at once, before the table is written, and
# the search goes on without it.
fresh="$tmp/fresh-cache"
session_start XDG_CACHE_HOME="$fresh"
printf 'setup marelle : p1=a1,d2,g4,f6 p2=a7,b4,e5,g1 hand=0,0 turn=1\ngo depth 6\n' >&3
session_wait '^info endgame table: reading or computing'
start=$(now_ms)
printf 'stop\nisready\n' >&3
session_wait '^readyok$'
ms=$(($(now_ms) - start))
! [ -e "$fresh/trio/marelle-triple-endgame.table" ] \
  && tail -4 "$tmp/out" | tr '\n' ' ' | grep -Eq '^bestmove [a-g][1-7]-[a-g][1-7] ok ok readyok $'
status=$?
session_end
check "stop while go waits for the endgame table (answered in $ms ms)" $status "$(cat "$tmp/out")"
session_start
printf 'new marelle\nplay d6 d2 f4 b4\nanalyse nodes 100000000000 threads 1\n' >&3
session_wait '^ok$'
sleep 0.2
start=$(now_ms)
printf 'stop\nisready\n' >&3
session_wait '^readyok$'
ms=$(($(now_ms) - start))
[ "$(tail -3 "$tmp/out" | tr '\n' ' ')" = "error: the analysis was stopped ok readyok " ]
status=$?
session_end
check "stop during analyse (answered in $ms ms)" $status "$(cat "$tmp/out")"

# Point 5: bounded input. A line over 1 MiB is refused, and not kept: 256 MiB of it in
# less than 50 MB.
out=$({ printf '#'; head -c 1048575 /dev/zero | tr '\0' a; printf '\n#'
  head -c 1048576 /dev/zero | tr '\0' a; printf '\nisready\n'; } | "$engine" 2>&1)
[ "$out" = "$(printf 'error: the line is longer than 1048576 bytes\nreadyok')" ]
check "a line of 1 MiB is read, a longer one refused" $? "$out"
if [ -x /usr/bin/time ]; then
  out=$({ head -c 268435456 /dev/zero | tr '\0' a; printf '\nnew marelle\nmoves\n'; } \
    | /usr/bin/time -f %M -o "$tmp/rss" "$engine" 2>&1)
  kb=$(tail -1 "$tmp/rss")
  [ "$(printf '%s\n' "$out" | head -1)" = "error: the line is longer than 1048576 bytes" ] \
    && printf '%s\n' "$out" | grep -q '^moves 24 ' && [ "$kb" -lt 51200 ]
  check "a line of 256 MiB is refused in little memory ($kb KB at most)" $? "$out"
else
  echo "ok - # SKIP a line of 256 MiB: no /usr/bin/time (Debian's package time)"
fi
# Commands that take no argument (or one) refuse more, quit too.
commands="help games position moves redo status history isready stop probe quit"
commands="$commands undo_1 draw_accept seed_3 perft_1 divide_1 bench_1 view_1"
out=$(answers "$(echo new marelle; for c in $commands; do echo "$c extra" | tr _ ' '; done
  echo games)")
n=$(printf '%s\n' "$out" | grep -c '^error: too many arguments (usage: ')
[ "$n" -eq 18 ] && printf '%s\n' "$out" | grep -q '^game '
check "extra arguments are refused ($n errors)" $? "$out"
expect "go time 0" "new marelle
go time 0" "^error: the time is a number from 1 to 3600000, not '0'$"
expect "go nodes 0" "new marelle
go nodes 0" "^error: the nodes is a number from 1 to [0-9]+, not '0'$"
expect "go depth 0" "new marelle
go depth 0" "^error: the depth is a number from 1 to 63, not '0'$"
expect "analyse nodes 0" "new marelle
play d6
analyse nodes 0" "^error: 'nodes' needs a number from 1 to [0-9]+$"
# Views (docs/views.md): a seat sees its hand, the counts of the others and of the pile; a
# game without hidden information shows the whole position; a Triomino position's setup
# line reads back.
expect "view of a seat" "new triomino players=3 seed=5
view 2" '^view view=2 round=1 turn=3 draws=0 passes=0 scores=0,0,0 last-round=0 over=0 end=none gains=0,0,0 board=- hand1=\?7 hand2=0-2-3/0-4-4/1-1-2/1-1-3/1-2-4/2-2-2/4-5-5 hand3=\?7 pile=\?35$'
expect "view of a spectator" "new triomino players=3 seed=5
view spectator" '^view view=spectator .* hand1=\?7 hand2=\?7 hand3=\?7 pile=\?35$'
expect "view of the whole position" "new marelle
play d6
view 1" '^view p1=d6 p2= hand=8,9 turn=2$'
expect "view of no seat" "new triomino players=3
view 4" '^error: usage: view SEAT \(a player from 1 to 3, or spectator\)$'
out=$(answers "new triomino players=3 seed=5
play 5-5-5@0,0 draw
position")
setup=$(printf '%s\n' "$out" | sed -n 's/^setup //p')
expect "a Triomino position read back" "setup triomino players=3 seed=5 : $setup
history
moves" '^moves 3 3-5-5@1,0 5-3-5@0,-1 5-5-3@0,1$'
# load of a finished game: its status, then its ok.
out=$(answers "setup triple-alliance : p1=a1,a2,b3,e5,d1,e3 p2=b1,b2,d4,d5,e1,c4 hand=0,0 turn=1
play b3-a3
save $tmp/over.trio
load $tmp/over.trio")
[ "$(printf '%s\n' "$out" | tail -2 | tr '\n' ' ')" = \
  "status win 1 (line of three) ok triple-alliance 1 " ]
check "load of a finished game: the status, then ok" $? "$out"

if [ "$failures" -ne 0 ]; then
  echo "$failures protocol check(s) failed"
  exit 1
fi
