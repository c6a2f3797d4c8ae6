# SPDX-License-Identifier: GPL-3.0-or-later
# GUI test, part b (sourced by test-gui.sh): review and analysis, animations, the end and the
# threats on the board, pacing, statistics, the advisor, Triomino's drag, the refusals, small
# screens, the questions before a game is replaced, opening a file and French.

# The first keys on a board wait for it to be drawn: they need its size on the screen.
board="untilboard.picture.rendered"

# Issue 33: a finished game (restored) is told above the board; its analysis can be cancelled
# and runs again while the window reviews its moves (the review's lines come before the end
# of the analysis); Home and Alt+Right review the start; Play from Here goes back to move 2,
# (issue 47: the strips number the moves as the list does, in pairs: ply 52 is "26." Black's)
# Undo (alt+u) brings the whole game back, and Rematch starts the same game with the seats
# moved on. These are the banners' buttons: their keys work once the banner has slid in (the
# screen has settled).
rm -rf "$shots/data"; mkdir -p "$shots/data/trio"
cp "$(dirname "$0")/marelle-finished.trio" "$shots/data/trio/current-game.trio"
keys="$board settle shotreview-end alt+a untilanalysis:.started alt+c untilanalysis:.cancelled"
keys="$keys alt+a twiceanalysis:.started alt+Left alt+Left untilanalysis:.done settle"
keys="$keys shotreview-analysed Home alt+Right alt+Right untilreview:.move.2.of settle"
keys="$keys shotreview-move2 alt+p untilplay.from.move.2 settle shotreview-gone-back"
keys="$keys alt+u untilback.to.the.game settle alt+r"
check review "$keys" "restoring a game of marelle with 53 moves" \
  "end banner: White wins — Black has only two pieces left\.$" \
  "analysis: started, 53 moves" "analysis: cancelled" "analysis: done" \
  "analysis: move [0-9]+ \(.*\) (inaccuracy|mistake|blunder), best " \
  "review: move 52 of 53" "review: move 0 of 53" "review: move 2 of 53" "play from move 2" \
  "review strip: Reviewing move 26 of 27 \(Black\)$" "review strip: Reviewing the start" \
  "review strip: Reviewing move 1 of 27 \(Black\)$" "Went back to move 1 \(Black\)$" \
  "back to the game of 53 moves" "rematch of marelle, seats h,h" --
# The window stays usable while the analysis runs: the review answered before it ended.
if ! awk '/analysis: started/ { started++ } /review: move 52 of 53/ && started == 2 { seen = 1 }
          /analysis: done/ { exit !seen }' "$shots/review.log"; then
  echo "not ok - review: the review waited for the analysis"; failures=$((failures + 1))
fi

# Issue 47: the analysis in a player's words: a move into a forced loss, once "Blunder:
# 9999.6 pieces less than e2.", and a forced win let go (a finished game of six moves from a
# set-up position, analysed in a few seconds).
rm -rf "$shots/data"; mkdir -p "$shots/data/trio"
cp "$(dirname "$0")/ta-analysis.trio" "$shots/data/trio/current-game.trio"
words="Blunder: this move loses by force, which e2 avoids\\.$"
check analysis-words "$board settle alt+a untilanalysis:.done settle" \
  "restoring a game of triple-alliance with 6 moves" \
  "analysis: move 2 \\(a3\\) blunder, best e2: $words" \
  "analysis: move 3 \\(e4\\) blunder, best e2: Blunder: lets a forced win go; e2 wins\\.$" --

# The sanitizers' run (TRIO_GUI_SANITIZED, build-aux/dev.sh) leaves out the comparisons of
# frames with animations on and off: they look at pixels, which the sanitizers do not, and
# the moves are animated in every other step.
sanitized="${TRIO_GUI_SANITIZED:-}"
# Issue 33: the same game between computers (the seed of the restored file fixes their moves)
# with GTK's animations on and off ends on the same frame, pixel for pixel; moves are animated
# only when they are on. No pause between the computers' moves (its setting, in a key file):
# each waits only for the move before it to be shown.
# compare_animations NAME FILE KEYS PATTERN... (check's own variables are left alone)
compare_animations () {
  anim="$1"; file="$2"; wait_keys="$3"; shift 3
  for mode in true false; do
    mkdir -p "$shots/config-$mode/gtk-4.0" "$shots/config-$mode/glib-2.0/settings"
    printf '[Settings]\ngtk-enable-animations=%s\n' "$mode" \
      > "$shots/config-$mode/gtk-4.0/settings.ini"
    printf '[io/github/triogames/Trio]\ncomputer-pause=0\n' \
      > "$shots/config-$mode/glib-2.0/settings/keyfile"
    rm -rf "$shots/data"; mkdir -p "$shots/data/trio"
    cp "$(dirname "$0")/$file" "$shots/data/trio/current-game.trio"
    # Without the morris endgame tables, which a thread computes meanwhile: a search that
    # finds one installed plays otherwise, and the two games would part.
    export XDG_CONFIG_HOME="$shots/config-$mode" TRIO_GSETTINGS_BACKEND=keyfile \
      GSETTINGS_SCHEMA_DIR="$schemas" TRIO_ENDGAME_TABLES=0
    check "$anim-$mode" "$wait_keys" "$@" --
    unset TRIO_ENDGAME_TABLES
    unset XDG_CONFIG_HOME TRIO_GSETTINGS_BACKEND GSETTINGS_SCHEMA_DIR
  done
  animated=$(grep -c "animation of move" "$shots/$anim-true.log")
  still=$(grep -c "animation of move" "$shots/$anim-false.log")
  # The board's area: the side panel's text may lie a pixel apart between two runs.
  for mode in true false; do
    convert "$shots/$anim-$mode.png" -crop 770x700+8+55 +repage "$shots/$anim-$mode-board.png"
  done
  differ=$(compare -metric AE "$shots/$anim-true-board.png" "$shots/$anim-false-board.png" \
             null: 2>&1)
  echo "  $anim: $animated moves animated when on, $still when off; $differ pixels differ"
  if [ "$animated" -lt 1 ] || [ "$still" -ne 0 ]; then
    echo "not ok - $anim: moves must be animated with animations on, and only then"
    failures=$((failures + 1))
  fi
  if [ "$differ" != 0 ]; then
    echo "not ok - $anim: the last frames differ ($differ pixels)"
    failures=$((failures + 1))
  fi
}
if [ -z "$sanitized" ]; then
  compare_animations animations animations.trio "untilgame.over settle" \
    "restoring a game of marelle with 0 moves" "game over after [0-9]+ moves: "
  compare_animations animations-ta animations-ta.trio "untilgame.over settle" \
    "restoring a game of triple-alliance with 0 moves" "game over after [0-9]+ moves"
  compare_animations animations-trichess animations-trichess.trio \
    "untilmove.2.by.player.2 settle" "restoring a game of trichess with 0 moves" \
    "move 2 by player 2: "
else
  echo "skip - animations: the frames are not compared in the sanitizers' run"
fi

# colour_pixels PNG COLOUR [FUZZ]: how many pixels of the board area have that colour.
colour_pixels () {
  convert "$1" -crop 760x690+10+55 +repage -fuzz "${3:-4%}" -fill black +opaque "$2" \
    -fill white -opaque "$2" -format "%[fx:round(mean*w*h)]" info:
}

# Issue 33: a won game of La Triple Alliance shows its line of three in gold across the
# board (a band between the points and rings round them: thousands of pixels); one move
# earlier, none.
rm -rf "$shots/data"; mkdir -p "$shots/data/trio"
cp "$(dirname "$0")/line-of-three.trio" "$shots/data/trio/current-game.trio"
check line-of-three "$board" "restoring a game of triple-alliance with 13 moves" --
sed 's/ e3-d3$//' "$(dirname "$0")/line-of-three.trio" > "$shots/data/trio/current-game.trio"
check line-of-three-before "$board" "restoring a game of triple-alliance with 12 moves" --
won=$(colour_pixels "$shots/line-of-three.png" "#fccc29" 6%)
before=$(colour_pixels "$shots/line-of-three-before.png" "#fccc29" 6%)
echo "  line-of-three: $won gold pixels when won, $before a move earlier"
if [ "${won:-0}" -lt 3000 ] || [ "${before:-9999}" -gt 100 ]; then
  echo "not ok - line-of-three: the winning line is not drawn (or gold shows before it)"
  failures=$((failures + 1))
fi

# Issue 33: a king in check glows red on its square (both kings of an échec et fat); one
# move earlier, no king is in check.
rm -rf "$shots/data"; mkdir -p "$shots/data/trio"
cp "$(dirname "$0")/double-check.trio" "$shots/data/trio/current-game.trio"
check double-check "$board" "restoring a game of trichess with 1 moves" --
sed '/^moves /d' "$(dirname "$0")/double-check.trio" > "$shots/data/trio/current-game.trio"
check double-check-before "$board" "restoring a game of trichess with 0 moves" --
checked=$(colour_pixels "$shots/double-check.png" "#cc0505" 6%)
before=$(colour_pixels "$shots/double-check-before.png" "#cc0505" 6%)
echo "  double-check: $checked red pixels with the kings in check, $before a move earlier"
if [ "${checked:-0}" -lt 600 ] || [ "${before:-9999}" -gt 50 ]; then
  echo "not ok - double-check: the kings in check do not glow (or red shows before)"
  failures=$((failures + 1))
fi

# Issue 33: the computers' moves are paced. With the long pause chosen (its setting in a
# key file), Red answers White's move and its move stays shown, marked in Red's rose, while
# Black waits: a screenshot between the two has Red's marker and none of Black's blue; then
# Black's comes, at least 1.7 s after Red's.
if [ -f "$schemas/gschemas.compiled" ]; then
  mkdir -p "$shots/config-paced/glib-2.0/settings"
  printf '[io/github/triogames/Trio]\ncomputer-pause=1500\n' \
    > "$shots/config-paced/glib-2.0/settings/keyfile"
  export XDG_CONFIG_HOME="$shots/config-paced" TRIO_GSETTINGS_BACKEND=keyfile \
    GSETTINGS_SCHEMA_DIR="$schemas"
  rm -rf "$shots/data"
  # Between the two moves the spinner turns (Black thinks, then waits): the screen does not
  # settle. Red's animation is over, its last frame drawn with the line that tells it.
  keys="$board Down Down Down Down Down Down Down Up Return Up Return"
  keys="$keys untilanimation.of.move.2: shotpaced-between untilmove.3.by.player.3 settle"
  keys="$keys shotpaced-after"
  check trichess-paced "$keys" "move 2 by player 2: " "move 3 by player 3: " -- \
    --game trichess --seats h,c1,c1 --option board=pax
  unset XDG_CONFIG_HOME TRIO_GSETTINGS_BACKEND GSETTINGS_SCHEMA_DIR
  red=$(colour_pixels "$shots/paced-between.png" "#ed5c73")
  blue=$(colour_pixels "$shots/paced-between.png" "#4080eb")
  blue_after=$(colour_pixels "$shots/paced-after.png" "#4080eb")
  gap=$(awk '/move [23] by player/ { split($3, t, ":"); s[n++] = t[1] * 3600 + t[2] * 60 + t[3] }
             END { printf "%d", (s[1] - s[0]) * 1000 }' "$shots/trichess-paced.log")
  echo "  trichess-paced: between the moves $red rose and $blue blue pixels, $blue_after blue" \
    "after; Black moved ${gap} ms after Red"
  if [ "${red:-0}" -lt 300 ] || [ "${blue:-1}" -gt 20 ] || [ "${blue_after:-0}" -lt 300 ] \
     || [ "${gap:-0}" -lt 1700 ]; then
    echo "not ok - trichess-paced: Red's move was not shown on its own before Black's"
    failures=$((failures + 1))
  fi
else
  echo "not ok - trichess-paced: no compiled settings schema in $schemas"
  failures=$((failures + 1))
fi

# Issue 33: the statistics. A restored game one move from its end: the computer (Expert)
# makes the line of three, the loss is recorded in the statistics file, and Ctrl+I opens the
# Statistics window (Escape closes it).
rm -rf "$shots/data"; mkdir -p "$shots/data/trio"
cp "$(dirname "$0")/statistics-end.trio" "$shots/data/trio/current-game.trio"
keys="untilstatistics:.saved ctrl+i focus^Statistics\$ settle shotstatistics-window"
check statistics "$keys Escape closed^Statistics\$" \
  "restoring a game of triple-alliance with 13 moves" \
  "game over after 14 moves" "statistics: triple-alliance, computer:6: lost" \
  "statistics: saved to .*/trio/statistics$" "statistics window: shown, 1 rows" --
if ! grep -qx '1=triple-alliance;computer:6;0;0;1;' "$shots/data/trio/statistics" 2>/dev/null
then
  echo "not ok - statistics: the file does not have the loss against the Expert"
  sed 's/^/    /' "$shots/data/trio/statistics" 2>/dev/null
  failures=$((failures + 1))
fi
# Reset (Alt+R) asks first; the default answer (Return) keeps the statistics, Reset
# (Shift+Tab, Space) empties them, in the window and in the file.
keys="ctrl+i focus^Statistics\$ alt+r focusReset Return closedReset alt+r focusReset"
keys="$keys shift+Tab space closedReset untilstatistics:.reset settle"
check statistics-reset "$keys shotstatistics-reset Escape closed^Statistics\$" \
  "statistics: 1 rows and 0 scores read" "statistics: reset" \
  "statistics window: empty, 0 rows" --
if [ "$(grep -c 'statistics: reset' "$shots/statistics-reset.log")" -ne 1 ] \
   || grep -q '^\[Results\]' "$shots/data/trio/statistics"; then
  echo "not ok - statistics-reset: not reset once, after the question"
  failures=$((failures + 1))
fi
# A damaged statistics file (binary, with a negative count) is set aside at the start with
# a message, and the statistics start empty.
printf '[Statistics]\nVersion=1\n[Results]\n1=trichess;computer:3;-2;0;0;\n\0\1\2' \
  > "$shots/data/trio/statistics"
keys="focusThe.Statistics settle shotstatistics-damaged Escape closedThe.Statistics ctrl+i"
check statistics-damaged "$keys focus^Statistics\$ Escape closed^Statistics\$" \
  "statistics problem: The statistics file is (not text|damaged)" \
  "The file was kept as .*/trio/statistics\.unreadable-[0-9]{8}-[0-9]{6}, and the" \
  "statistics window: empty, 0 rows" --
ls "$shots/data/trio" | grep -q '^statistics\.unreadable-' \
  || { echo "not ok - statistics-damaged: no file kept"; failures=$((failures + 1)); }


# Issue 33: Triomino's moves move (through the frame clock), and end where the same moves
# shown at once end. Two computers finish a restored game: six moves (placements, draws,
# passes) that the game's seed makes the same every time, once with GTK's animations on and
# once off (a settings.ini of GTK's); the final frames of the table and hand must not differ
# by a pixel (the move list beside them may stop scrolling a row apart).
mkdir -p "$shots/config-on" "$shots/config-off/gtk-4.0"
printf '[Settings]\ngtk-enable-animations=false\n' > "$shots/config-off/gtk-4.0/settings.ini"
for mode in on off; do
  rm -rf "$shots/data"; mkdir -p "$shots/data/trio"
  cp "$(dirname "$0")/triomino-end.trio" "$shots/data/trio/current-game.trio"
  export XDG_CONFIG_HOME="$shots/config-$mode"
  if [ "$mode" = on ]; then shown="triomino animation of move 253: [1-9][0-9]* frames"
  else shown="triomino move 253 shown at once"; fi
  check "triomino-animations-$mode" "untilgame.over settle" \
    "restoring a game of triomino with 247 moves" "move 248 by player 2: " "$shown" \
    "game over after 253 moves" --
  unset XDG_CONFIG_HOME
done
if grep -q "triomino animation of move" "$shots/triomino-animations-off.log"; then
  echo "not ok - triomino-animations-off: a move was animated with animations off"
  failures=$((failures + 1))
fi
moves_on=$(grep -o "move [0-9]* by player .*" "$shots/triomino-animations-on.log")
moves_off=$(grep -o "move [0-9]* by player .*" "$shots/triomino-animations-off.log")
if [ "$moves_on" != "$moves_off" ]; then
  echo "not ok - triomino-animations: the computers played other moves the second time"
  failures=$((failures + 1))
fi
for mode in on off; do
  convert "$shots/triomino-animations-$mode.png" -crop 770x700+8+55 +repage \
    "$shots/triomino-animations-$mode-table.png"
done
differ=$(compare -metric AE "$shots/triomino-animations-on-table.png" \
           "$shots/triomino-animations-off-table.png" null: 2>&1)
echo "  triomino-animations: the final frames differ by ${differ:-?} pixels"
if [ "$differ" != 0 ]; then
  echo "not ok - triomino-animations: the final frames differ"
  compare "$shots/triomino-animations-on-table.png" "$shots/triomino-animations-off-table.png" \
    "$shots/triomino-animations-diff.png" 2>/dev/null
  failures=$((failures + 1))
fi

# Issue 33: the advisor (Show Perfect Moves, Ctrl+P) on the game above a move before its
# end, where Light wins at once (d4-e4 or e3-d3) and any other move loses at once: off, no
# badge; on, each of Light's pieces has one (two green, four red); e3 chosen, its
# destinations (d3 green, e2 and e4 red); the toggle kept in its setting; the side panel
# says once that the first player wins with perfect play (issue 47). Only with the full
# table, which CI has not: the step is skipped without it.
if [ -f "$table_cache/trio/triple-alliance-6.table" ] && [ -f "$schemas/gschemas.compiled" ]
then
  mkdir -p "$shots/config-advisor/glib-2.0/settings"
  printf '[io/github/triogames/Trio]\nshow-perfect-moves=false\n' \
    > "$shots/config-advisor/glib-2.0/settings/keyfile"
  rm -rf "$shots/data"; mkdir -p "$shots/data/trio"
  sed 's/ e3-d3$//' "$(dirname "$0")/line-of-three.trio" > "$shots/data/trio/current-game.trio"
  export XDG_CONFIG_HOME="$shots/config-advisor" TRIO_GSETTINGS_BACKEND=keyfile \
    GSETTINGS_SCHEMA_DIR="$schemas" XDG_CACHE_HOME="$table_cache"
  keys="untilperfect.table:.ready $board settle shotadvisor-off ctrl+p untilperfect.moves.shown"
  keys="$keys settle shotadvisor-pieces drag647,402,647,402"   # a click on e3
  check advisor "$keys" "restoring a game of triple-alliance with 12 moves" \
    "perfect table: ready" "perfect moves shown" \
    "advisor: With perfect play Light, who begins, always wins: Dark’s moves all show ✗" --
  export XDG_CACHE_HOME="$shots/cache"
  unset XDG_CONFIG_HOME TRIO_GSETTINGS_BACKEND GSETTINGS_SCHEMA_DIR
  # The pixels of a win's green and of a loss's red.
  badge_pixels () {
    echo "$(colour_pixels "$1" "#177538") $(colour_pixels "$1" "#bd1f1c")"
  }
  off=$(badge_pixels "$shots/advisor-off.png")
  pieces=$(badge_pixels "$shots/advisor-pieces.png")
  chosen=$(badge_pixels "$shots/advisor.png")
  echo "  advisor: green and red pixels off: $off; on: $pieces; e3 chosen: $chosen"
  echo "$off $pieces $chosen" | {
    read -r g0 r0 g1 r1 g2 r2
    # Badge for badge: 2 green and 4 red on the pieces, 1 green and 2 red on e3's moves.
    [ "$g0" -le 20 ] && [ "$r0" -le 20 ] && [ "$g1" -ge 400 ] \
      && [ "$r1" -ge $((g1 * 3 / 2)) ] && [ "$g2" -ge 200 ] && [ "$r2" -ge $((g2 * 3 / 2)) ] \
      && [ "$g2" -lt "$g1" ]
  } || { echo "not ok - advisor: the badges are not shown as expected"
         failures=$((failures + 1)); }
  grep -q "show-perfect-moves=true" "$shots/config-advisor/glib-2.0/settings/keyfile" \
    || { echo "not ok - advisor: the toggle was not kept in its setting"
         failures=$((failures + 1)); }
else
  echo "skip - advisor: no table at $table_cache/trio/triple-alliance-6.table"
fi

# Issue 34: a tile of the hand dragged onto the table (screen points of the 1280x860 screen):
# first onto a triangle where it does not fit, which says why and sends it back to the hand,
# then onto its place, where it is played (and not flown there again from the hand).
rm -rf "$shots/data"; mkdir -p "$shots/data/trio"
cp "$(dirname "$0")/triomino-play.trio" "$shots/data/trio/current-game.trio"
keys="untilrestoring settle drag210,673,253,176 untiltriomino.notice settle"
keys="$keys shottriomino-refused drag210,673,483,258"
check triomino-drag "$keys" "restoring a game of triomino with 20 moves" \
  "triomino notice: The side values do not match: the neighbour's side reads 4-4" \
  "move 21 by player 1: 0-3-5@1,4" "triomino move 21 dropped in place" --

# Issue 34: a refused click says why, in the status line. La Triple Alliance, restored with
# Light to place: the keys choose c1 (the cursor starts on c2), a third piece on a1-b1-c1.
# Marelle, restored: d3 (where the cursor starts) closes d1-d2-d3 and the status asks for
# one of Black's pieces; d2, White's own, is refused with its reason (the mill stays).
rm -rf "$shots/data"; mkdir -p "$shots/data/trio"
printf 'trio-save 1\ngame triple-alliance\nseat 1 human\nseat 2 human\nmoves a1 e5 b1 e4\nend\n' \
  > "$shots/data/trio/current-game.trio"
check refused-placement "$board Down Down Return" \
  "board: c1 refused: While placing, no third piece may go on a line: c1 would complete" \
  "status: While placing, no third piece may go on a line" --
printf 'trio-save 1\ngame marelle\nseat 1 human\nseat 2 human\nmoves d1 b6 d2 b4\nend\n' \
  > "$shots/data/trio/current-game.trio"
keys="$board Return untilstatus:.White.closes.a.mill settle shotmill-removal-asked Down Return"
check mill-removal "$keys" \
  "status: White closes a mill: take one of Black.*s pieces" \
  "board: d2 refused: Take one of your opponent.*s pieces, not one of yours" --
# The computer, Black, closes one of its two mills: the status says which piece it took.
# (Level 2 with this seed takes b2xf4: `boardgames-engine` answers `go level 2` the same
# after `seed 2`. Since issue 35's evaluation most seeds block g4 instead.)
printf 'trio-save 1\ngame marelle\nseed 2\nseat 1 human\nseat 2 computer 2\nmoves %s\nend\n' \
  "a1 b6 g7 b4 e4 d6 f4" > "$shots/data/trio/current-game.trio"
check mill-computer "untilmove.8.by" \
  "status: Black closed a mill and took the piece on [a-g][1-7] — White to move" --
# Issue 47: while the piece a mill takes is chosen, the piece just placed is no longer in
# hand. White's a7 (clicked at its point on the screen) closes a1-a4-a7: 6 pieces left to
# place, not 7.
rm -rf "$shots/data"; mkdir -p "$shots/data/trio"
printf 'trio-save 1\ngame marelle\nseat 1 human\nseat 2 human\nmoves a1 b2 a4 b4\nend\n' \
  > "$shots/data/trio/current-game.trio"
check mill-hand-count "untilgame.shown settle drag137,147,137,147 untilstatus:.White.closes" \
  "players: White — 7 pieces to place [|] Black — 7 pieces to place$" \
  "status: White closes a mill: take one of Black’s pieces\.$" \
  "players: White — 6 pieces to place [|] Black — 7 pieces to place$" --

# Issue 34: the window fits an 800×600 screen and a phone's 360 pixels: the window within
# the screen, every button of its header bar within the window (the app's layout line), the
# side panel beside the board at 800 and under it at 360; a move by keys is played there.
rm -rf "$shots/data"
for screen in 800x600:beside 360x720:under; do
  size=${screen%:*}
  rm -rf "$shots/data"
  export TRIO_GUI_SCREEN="$size"
  check "fits-$size" "$board Return" "move 1 by player 1: " "move 2 by player 2: " \
    "layout: window .*, side panel ${screen#*:} the board" -- --game triple-alliance --seats h,c1
  unset TRIO_GUI_SCREEN
  if ! awk -v sw="${size%x*}" -v sh="${size#*x}" '
         /window geometry / { split($NF, g, "x"); gw = g[1]; gh = g[2] }
         /layout: window / { split($0, w, "layout: window "); split(w[2], d, "[x,]")
                             ww = d[1]; n = $(NF - 7); left = $(NF - 2); right = $NF
                             sub("x=", "", left); sub("x=", "", right) }
         END { print "  fits-" sw "x" sh ": window " gw "x" gh ", " n " header bar buttons from " \
                     left " to " right " of " ww
               exit !(gw > 0 && gw <= sw && gh <= sh && n >= 3 && left >= 0 && right <= ww) }' \
       "$shots/fits-$size.log"; then
    echo "not ok - fits-$size: the window or its header bar's buttons are off the screen"
    failures=$((failures + 1))
  fi
done
# Issue 47: on the phone's screen, the new-game dialog of Triomino (the third card, by keys
# from the chooser), whose options' lists hold long values, keeps within the screen.
rm -rf "$shots/data"
export TRIO_GUI_SCREEN=360x720
check new-game-360 "settle Down Down Return focusNew.Game:.Triomino settle" --
unset TRIO_GUI_SCREEN
if ! awk '/window geometry / { split($NF, g, "x"); n++; if (g[1] > 360) wide = g[1] }
          END { print "  new-game-360: " n " windows, the widest " (wide ? wide : "within 360")
                exit !(n >= 2 && !wide) }' "$shots/new-game-360.log"; then
  echo "not ok - new-game-360: the new-game dialog is wider than the screen"
  failures=$((failures + 1))
fi
# Issue 34: a game in progress (restored: two moves of Marelle) is not replaced without a
# question. New Game asks; Escape keeps the game; asked again, Return replaces it (the game
# chooser shows).
in_progress () {
  rm -rf "$shots/data"; mkdir -p "$shots/data/trio"
  printf 'trio-save 1\ngame marelle\nseat 1 human\nseat 2 human\nmoves d6 d2\nend\n' \
    > "$shots/data/trio/current-game.trio"
}
in_progress
keys="untilrestoring ctrl+n focusStart.a.New.Game settle shotreplace-asked Escape"
keys="$keys closedStart.a.New.Game ctrl+n focusStart.a.New.Game Return closedStart.a.New.Game"
check replace-new-game "$keys" \
  "restoring a game of marelle with 2 moves" "asked first: Start a New Game\?" \
  "game in progress kept: Start a New Game\?" "game in progress replaced: Start a New Game\?" --
# The command line's --game waits for the restored game, then asks: Escape keeps it.
in_progress
keys="focusStart.a.New.Game settle shotreplace-game-option Escape closedStart.a.New.Game"
check replace-game-option "$keys" \
  "restoring a game of marelle with 2 moves" \
  "asked first: Start a New Game of TRICHESS\?" "kept: Start a New Game of TRICHESS\?" -- \
  --game trichess --seats h,c1,c1
if grep -q "new game of trichess\|game in progress replaced" "$shots/replace-game-option.log"; then
  echo "not ok - replace-game-option: the game in progress was replaced"
  failures=$((failures + 1))
fi
# Issue 47: a click just after "Start a New Game?" is answered lands on the chooser, never
# on the game left (it played a move there during the pages' cross-fade). GTK_SLOWDOWN makes
# any transition between the pages five times as long, so that the click, at the point a1 of
# the board, comes while the game's page would still be leaving. The switch's time is told.
in_progress
export GTK_SLOWDOWN=5
keys="untilgame.shown ctrl+n focusStart.a.New.Game Return closedStart.a.New.Game click137,657"
keys="$keys untilpage.switch:.chooser settle"
check leave-click "$keys" "game in progress replaced: Start a New Game\?" \
  "page switch: chooser drawn [0-9]+ ms after the click" --
unset GTK_SLOWDOWN
if grep -q "move 3 by\|ignored" "$shots/leave-click.log"; then
  echo "not ok - leave-click: the click after New Game reached the game left"
  failures=$((failures + 1))
fi
# Issue 47: the game left for the chooser stays until another starts: Escape goes back to it
# (its time told), and so does the chooser's button (Alt+B); a new game (the first card's)
# then replaces it, in the autosave too: New Game and Escape go back to the new game only.
in_progress
keys="untilgame.shown ctrl+n focusStart.a.New.Game Return closedStart.a.New.Game"
keys="$keys untilpage.switch:.chooser settle shotback-offered Escape untilback.to.the.game"
keys="$keys untilpage.switch:.game ctrl+n focusStart.a.New.Game Return closedStart.a.New.Game"
keys="$keys twicepage.switch:.chooser alt+b twiceback.to.the.game twicepage.switch:.game"
keys="$keys ctrl+n focusStart.a.New.Game Return closedStart.a.New.Game Return"
keys="$keys focusNew.Game alt+s closedNew.Game untilnew.game.of ctrl+n untilpage.switch:.chooser"
keys="$keys settle Escape"
check back-to-game "$keys" "back to the game in progress: marelle, 2 moves" \
  "page switch: game drawn [0-9]+ ms after the click" "new game of triple-alliance" \
  "back to the game in progress: triple-alliance" --
if [ "$(grep -c "back to the game in progress: marelle" "$shots/back-to-game.log")" -ne 2 ] \
   || ! grep -q "^game triple-alliance" "$shots/data/trio/current-game.trio"; then
  echo "not ok - back-to-game: the game left came back after a new game, or stayed saved"
  failures=$((failures + 1))
fi
for step in leave-click back-to-game; do
  sed -n 's/.*page switch: /  '"$step"': page switch: /p' "$shots/$step.log"
done
# `trio FILE.trio` opens the file (the desktop file's %f): over a game in progress once the
# player agrees (Return); with none, at once.
in_progress
check open-file "focus^Open settle shotopen-file-asked Return closed^Open" \
  "opening .*/line-of-three\.trio" \
  "asked first: Open .line-of-three\.trio.\?" \
  "opened .*/line-of-three\.trio: a game of triple-alliance with 13 moves" -- \
  "$(dirname "$0")/line-of-three.trio"
rm -rf "$shots/data"
check open-file-at-once "" "opened .*/marelle-finished\.trio: a game of marelle with 53 moves" \
  -- "$(dirname "$0")/marelle-finished.trio"
if grep -q "asked first" "$shots/open-file-at-once.log"; then
  echo "not ok - open-file-at-once: asked with no game in progress"
  failures=$((failures + 1))
fi

# Issue 43: a legal game of 100,000 moves (the limit of the format, written by large-game.sh)
# opens, and comes back from the autosave, well within the bound (36 s and 18 s before the
# move list was made lazy; about a second now): its last moves are listed, and its first
# too (Home reviews the start).
"$(dirname "$0")/large-game.sh" > "$shots/large-game.trio"
# The bound, from the start of the reading to the game drawn: 20 s with the default 60 s
# waits (a loaded machine took 6 s), four times that for the sanitizers' run.
large_bound=$((${TRIO_GUI_UNTIL:-60} / 3))
rm -rf "$shots/data"
keys="untilgame.shown settle shotlarge-game-end alt+Left untilreview:.move"
keys="$keys Home untilreview:.move.0.of"
check large-game "$keys" \
  "opened .*/large-game\.trio: a game of triple-alliance with 100000 moves" \
  "game shown: 100000 moves, drawn [0-9]+ ms after it came" "review: move 99999 of 100000" \
  "review: move 0 of 100000" -- "$shots/large-game.trio"
check large-restore "untilgame.shown settle" "reading the game saved at the last close" \
  "restoring a game of triple-alliance with 100000 moves" "game shown: 100000 moves" --
for step in large-game large-restore; do
  elapsed=$(awk '/Trio-DEBUG/ { split($3, t, ":"); s = t[1] * 3600 + t[2] * 60 + t[3] }
                 /opening |reading the game saved/ && first == "" { first = s }
                 /game shown: 100000 moves/ && first != "" { printf "%.1f", s - first; exit }' \
              "$shots/$step.log")
  echo "  $step: read and drawn in ${elapsed:-?} s"
  if [ "$(echo "${elapsed:-999}" | cut -d. -f1)" -ge "$large_bound" ]; then
    echo "not ok - $step: read and drawn in ${elapsed:-?} s (the bound: $large_bound s)"
    failures=$((failures + 1))
  fi
done

# Issue 34: French from the build tree, with a status sentence that reads well whatever the
# name ("À jouer : Clair", not "Au tour de Clair"); F11 makes the window fullscreen.
if locale -a 2>/dev/null | grep -qi '^fr_FR\.utf-\?8$'; then
  rm -rf "$shots/data"
  saved_lang="${LANG-}"
  export LANG=fr_FR.UTF-8 LANGUAGE=fr
  check french "$board F11" "status: À jouer.{1,2}: Clair$" "fullscreen asked, entering" -- \
    --game triple-alliance --seats h,c1
  unset LANGUAGE
  if [ -n "$saved_lang" ]; then LANG="$saved_lang"; else unset LANG; fi
else
  echo "skip - french: no fr_FR.UTF-8 locale"
fi
