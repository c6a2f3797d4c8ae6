# SPDX-License-Identifier: GPL-3.0-or-later
# GUI test, part a (sourced by test-gui.sh): the chooser, a game of each, the autosave and its
# failures, the restored games that cannot be read, the Perfect level and the new-game dialog.

rm -rf "$shots/data"
check chooser "" -- 
# Each card shows its board: the thumbnails of La Triple Alliance, Marelle and TRICHESS (a
# blank card has a few colours, a board hundreds).
for card in 70 330 850; do
  colours=$(convert "$shots/chooser.png" -crop "180x180+$card+300" +repage -format %k info:)
  if [ "${colours:-0}" -lt 200 ]; then
    echo "not ok - chooser: the card at x=$card shows no board ($colours colours)"
    failures=$((failures + 1))
  fi
done
check triple-alliance "Return wait1 Right Return wait1 Up Up Return" \
  "move 1 by player 1: " "move 2 by player 2: " "move 3 by player 1: " -- \
  --game triple-alliance --seats h,c1
# Each step from a fresh folder: a game left in progress would be asked about (issue 34).
rm -rf "$shots/data"
check marelle-triple "Return wait1 Left Return wait1 Up Return wait1 Right Return wait1" \
  "move 1 by player 1: " "move 2 by player 2: " "move 3 by player 1: " -- \
  --game marelle --seats h,c2
rm -rf "$shots/data"
check marelle-standard "Down Return wait1" "move 1 by player 2: " "move 2 by player 1: " -- \
  --game marelle --option variant=standard --option first=2 --seats c3,h

rm -rf "$shots/data"
check trichess "Down Down Down Down Down Down Down Up Return Up Return wait3" \
  "move 1 by player 1: 1-[a-h]2-1-[a-h][34]" "move 2 by player 2: " "move 3 by player 3: " -- \
  --game trichess --seats h,c1,c1 --option board=pax

# Issue 13: a pawn dragged from e2 to e4 (screen points of the 1280x860 screen); the board
# picture is rendered once for all the frames of the drag.
rm -rf "$shots/data"
check trichess-drag "wait1 drag416,576,412,440 wait2" "move 1 by player 1: 1-e2-1-e4" -- \
  --game trichess --seats h,c1,c1 --option board=pax
renders=$(grep -c "board picture rendered at" "$shots/trichess-drag.log")
frames=$(sed -n 's/.*board view: \([0-9]*\) frames drawn.*/\1/p' "$shots/trichess-drag.log")
echo "  trichess-drag: ${frames:-?} frames drawn, the board picture rendered $renders times"
# Xvfb may merge motion events: a few frames at least, one picture.
if [ "$renders" -ne 1 ] || [ "${frames:-0}" -lt 4 ]; then
  echo "not ok - trichess-drag: the board picture must be rendered once, not at every frame"
  failures=$((failures + 1))
fi

# Seed 7 gives player 1 the highest triple, 4-4-4: the keys try each tile in turn.
rm -rf "$shots/data"
# Issue 34: each tile chosen before 4-4-4 says why it cannot be played (the opening's rule).
check triomino "Right Down Return Right Down Return Right Down Return Right Down Return Right Down Return Right Down Return Right Down Return Right Down Return Right Down Return wait2" \
  "move 1 by player 1: 4-4-4@0,0" "move 2 by player 2: " \
  "triomino notice: Tile 0-0-3 cannot be played: the round opens with 4-4-4, the highest triple" \
  -- --game triomino --seats h,c1 --option players=2 --option seed=7

# The game in progress is saved after every move and restored at the next start.
rm -rf "$shots/data"
check autosave-1 "Return wait2" "move 2 by player 2: " -- --game triple-alliance --seats h,c1
check autosave-2 "" "restoring a game of triple-alliance with 2 moves" -- 

# Issue 43: without a session bus (an address that leads nowhere: GLib would otherwise start
# one for the display), two Trios on the same data folder would both restore the game and
# overwrite each other's moves. The second says the folder is in use and quits (Escape),
# restoring and saving nothing; the first plays on before and after it, and saves.
rm -rf "$shots/data"; mkdir -p "$shots/data/trio"
printf 'trio-save 1\ngame marelle\nmoves d6 d2\nend\n' > "$shots/data/trio/current-game.trio"
export DBUS_SESSION_BUS_ADDRESS=unix:path=/nonexistent
check second-instance "Return wait1 second Left Return wait1" \
  "restoring a game of marelle with 2 moves" "move 3 by player 1: " \
  "second: .*data folder in use: another Trio holds the lock of .*/data/trio$" \
  "second: .*told: Another Trio is using its folder" "second: exit status 0$" \
  "move 4 by player 2: " --
unset DBUS_SESSION_BUS_ADDRESS
if grep -Eq "second: .*(restoring a game|autosave)" "$shots/second-instance.log"; then
  echo "not ok - second-instance: the second Trio restored or saved the game"
  failures=$((failures + 1))
fi
if ! grep -Eq "^moves d6 d2 [a-g][1-7] [a-g][1-7]$" "$shots/data/trio/current-game.trio"; then
  echo "not ok - second-instance: the first Trio's four moves are not saved"
  failures=$((failures + 1))
fi

# A restored game standing on a fifth repetition raises the draw offer; Enter agrees.
mkdir -p "$shots/data/trio"
cp "$(dirname "$0")/draw-offer.trio" "$shots/data/trio/current-game.trio"
check draw-offer "wait1 Return wait1" "restoring a game of triple-alliance with 28 moves" \
  "game over after 28 moves: Draw by agreement" --

# Issue 14: a save that fails is told at once in a banner, and the game stays in the
# window: Ctrl+Q asks first (Alt+W closes without saving). As root, chmod does not stop
# writes: the read-only and full folders are then small tmpfs mounts.
mounts=""
cleanup () { for m in $mounts; do umount "$m" 2>/dev/null; done; }
trap cleanup EXIT
root=0; [ "$(id -u)" = 0 ] && root=1
ro="$shots/readonly"
umount "$ro" 2>/dev/null; rm -rf "$ro"; mkdir -p "$ro"
readonly_ok=0
if [ "$root" = 1 ]; then
  if mount -t tmpfs -o size=64k tmpfs "$ro" 2>/dev/null; then
    mounts="$mounts $ro"; mkdir -p "$ro/trio"
    printf 'trio-save 1\ngame chess960\nend\n' > "$ro/trio/current-game.trio"
    mount -o remount,ro "$ro" && readonly_ok=1
  fi
else
  mkdir -p "$ro/trio"; printf 'trio-save 1\ngame chess960\nend\n' > "$ro/trio/current-game.trio"
  chmod 555 "$ro" "$ro/trio" && readonly_ok=1
fi
if [ "$readonly_ok" = 1 ]; then
  export TRIO_DATA="$ro"
  # The unreadable file cannot be set aside: the message must not claim it was.
  check readonly-restore "wait1" "restore failed: line 2: unknown game 'chess960'" \
    "The file could not be set aside \(.*\), so it was left as it is" --
  # New Game asks too (Escape keeps the game). The game asked for starts once the last one
  # is read: the file that cannot be read is told first (Escape closes the message).
  keys="Escape wait0.5 Return wait1 shotreadonly-save ctrl+n wait1 Escape wait0.5 ctrl+q wait1"
  check readonly-save "$keys shotreadonly-asked alt+w" \
    "autosave failed: .*(Read-only file system|Permission denied)" "move 2 by player 2: " \
    "new game held back: the game is not saved" "close held back: the game is not saved" -- \
    --game marelle --seats h,c1
  unset TRIO_DATA
  if [ ! -f "$ro/trio/current-game.trio" ]; then
    echo "not ok - readonly: the file went"; failures=$((failures + 1))
  fi
else
  echo "skip - readonly: no read-only folder can be made here"
fi

full="$shots/full"
umount "$full" 2>/dev/null; rm -rf "$full"; mkdir -p "$full"
if [ "$root" = 1 ] && mount -t tmpfs -o size=64k tmpfs "$full" 2>/dev/null; then
  mounts="$mounts $full"
  mkdir -p "$full/trio"
  dd if=/dev/zero of="$full/fill" bs=4k >/dev/null 2>&1
  export TRIO_DATA="$full"
  # Full, then space is freed: the next move is saved, the banner goes, Ctrl+Q just quits.
  # The computer's reply depends on the game's seed, drawn anew each run: when it took the
  # point left of ours, the first Return does nothing and the second places our move.
  check disk-full "Return wait1 shotfull-banner unfill Left Return wait1 Left Return wait1" \
    "autosave failed: .*No space left on device" "move 3 by player 1: " \
    "autosave succeeded again" -- --game marelle --seats h,c1
  unset TRIO_DATA
  if ! grep -q "^moves .* .* .*" "$full/trio/current-game.trio" 2>/dev/null; then
    echo "not ok - disk-full: the game was not saved once space was free"
    failures=$((failures + 1))
  fi
  ls -A "$full/trio" | grep -v -e '^current-game.trio$' -e '^lock$' | sed 's/^/  disk-full left: /'
else
  # No mount: a file-size limit makes every write fail as on a full disk.
  rm -rf "$shots/data"
  export TRIO_FSIZE_BLOCKS=0
  check disk-full "Return wait1 shotdisk-full ctrl+q wait1 alt+w" \
    "autosave failed: .*File too large" "close held back: the game is not saved" -- \
    --game marelle --seats h,c1
  unset TRIO_FSIZE_BLOCKS
fi

# The restore: a file without seat lines (everyone human), an unreadable file kept under
# a new name that the message gives, and a link that leads nowhere.
rm -rf "$shots/data"; mkdir -p "$shots/data/trio"
printf 'trio-save 1\ngame marelle\nmoves d6 d2\nend\n' > "$shots/data/trio/current-game.trio"
check no-seats "" "restoring a game of marelle with 2 moves" --
printf 'trio-save 1\ngame chess960\nend\n' > "$shots/data/trio/current-game.trio"
check unreadable "wait1" "restore failed: line 2: unknown game 'chess960'" \
  "The file was kept as .*/trio/current-game\.trio\.unreadable-[0-9]{8}-[0-9]{6}\." --
ls "$shots/data/trio" | grep -q 'current-game\.trio\.unreadable-' \
  || { echo "not ok - unreadable: no file kept"; failures=$((failures + 1)); }
# A file of 1 MiB of option lines (quadratic to load once: 8 s and more) is read in the
# background and refused at once.
rm -f "$shots/data/trio"/*
awk 'BEGIN { print "trio-save 1"; print "game marelle"
             for (i = 0; i < 65000; i++) print "option o" i "=1"; print "end" }' \
  > "$shots/data/trio/current-game.trio"
check large-file "wait1" "restore failed: line 3: marelle has no option 'o0'" \
  "The file was kept as .*current-game\.trio\.unreadable-" --
# From the first log line to the refusal: a generous bound (tenths of a second now).
elapsed=$(awk '/Trio-DEBUG/ { split($3, t, ":"); s = t[1] * 3600 + t[2] * 60 + t[3]
                              if (first == "") first = s }
               /restore failed/ { print int(s - first); exit }' "$shots/large-file.log")
if [ "${elapsed:-99}" -gt 5 ]; then
  echo "not ok - large-file: refused after ${elapsed:-?} s"; failures=$((failures + 1))
fi
rm -f "$shots/data/trio"/*
ln -s nowhere.trio "$shots/data/trio/current-game.trio"
check dangling-link "wait1" \
  "restore failed: The saved game is a symbolic link that leads to no file" \
  "The file was kept as .*current-game\.trio\.unreadable-" --

rm -rf "$shots/data"
# The perfect level without its table: the new-game dialog of La Triple Alliance offers it
# greyed out (Down through the level list stops at Expert, which Return then picks), and
# computes the table on Compute (alt+o) until Stop Computing (alt+n). The dialog then starts a
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

# Issue 13: the new-game dialog is built from the rule set's options. Ctrl+N, then the
# chooser's cards: TRICHESS's board, a list (Tab from Start to it, Space, Down: the second
# board, hexagonal); Triomino's number of players, a spin button (Up: 3, a third seat row
# shows) and its opening (Down: european); the first seat stays human, so that the game
# (saved when it starts) is still in progress when the step looks at the saved file: three
# computer players finish a game within the step on an idle machine, and a finished game's
# file is removed. Screenshots: the dialogs.
rm -rf "$shots/data"
keys="ctrl+n wait1 Right Right Right Return wait1 shotnew-game-trichess-dialog Tab space wait1"
keys="$keys Down Return wait1 shotnew-game-trichess-chosen alt+s wait2"
check new-game-trichess "$keys" "new game of trichess, seats h,c3,c3, options board=hexagonal$" \
  -- --game marelle --seats h,c1
rm -rf "$shots/data"
keys="ctrl+n wait1 Right Right Return wait1 shotnew-game-triomino-dialog Tab Up Tab space wait1"
keys="$keys Down Return wait1 shotnew-game-triomino-chosen alt+s wait3"
check new-game-triomino "$keys" \
  "new game of triomino, seats h,c3,c3, options opening=european players=3 scoring=points seed=" \
  -- --game marelle --seats h,c1
for option in players=3 opening=european scoring=points 'seed=[0-9]+'; do
  grep -Eq "^option $option\$" "$shots/data/trio/current-game.trio" 2>/dev/null || {
    echo "not ok - new-game-triomino: the saved game has no option $option"
    failures=$((failures + 1)); }
done

