#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Checks the house's include arrows: usage: test-includes.sh SOURCE_ROOT
#
# A unit is a .c file with its .h and its -private.h (bg-marelle.c, bg-marelle.h and
# bg-marelle-private.h are one; a header alone, bg-random.h, is a unit too). The test fails
# when:
#  (a) the units of src/libboardgames include each other in a cycle (a -> b -> ... -> a);
#  (b) a game folder of src/libboardgames (marelle/, triple-alliance/ with its solver/,
#      triomino/, trichess/) includes a header of another game folder;
#  (c) a core file (at the root of src/libboardgames) includes a game folder's header,
#      except bg-rules.c, the registry of the games;
#  (d) the classes of src/app include each other in a cycle (a class is a unit, or the
#      files that share its -private.h: trio-window.c and trio-window-*.c are one);
#  (e) a game folder of src/app (games/<game>/) includes a header of another game folder,
#      or of a part that stands above the games (window/, newgame/, rules/, statistics/,
#      the application): a game uses the shared parts and itself only;
#  (f) the folders of src/app (its root left out: it holds the application, on top, and
#      the id and settings that every part reads) include each other in a cycle;
#  (g) a file of src/app outside games/ names a game in code: its id in any case, with a
#      hyphen or an underscore, in a name, an include or a string without a space (what
#      a game can do is asked of its descriptor, games/trio-game.h).
# An #include "x.h" is looked for beside the including file, then in the include
# directories (src/libboardgames; for the app src/app too), as the compiler does. Two
# arrows are not dependencies: a .c file's include of a header that declares a function
# the file defines (it implements part of that header: bg-search-core.c implements the
# BgSearch object of bg-search.h), and, for (a), the registry bg-rules.c, which stands
# above the games it lists while its header, the rules' interface, stands below them.
set -u

src="${1:?usage: $0 SOURCE_ROOT}"
cd "$src" || exit 99
lib=src/libboardgames
app=src/app

# Prints "FILE TARGET" for every #include "..." of the .c and .h files under $1 that resolves
# to a file of the tree, both relative to $1; $2...: the include directories (relative to
# $1), searched after the including file's own directory. Leaves out the arrows from a .c
# file to a header it implements part of.
edges () {
  base=$1
  shift
  (
    cd "$base" || exit 99
    find . -type f \( -name '*.c' -o -name '*.h' \) | sed 's|^\./||' | LC_ALL=C sort |
    while read -r file; do
      dir=$(dirname "$file")
      # The functions the file defines (GNU style: the name at the start of its line after
      # a line with the return type, not static).
      defined=$(case $file in *.c)
        awk '/^[A-Za-z_][A-Za-z0-9_]* \(/ && prev !~ /^static/ && prev !~ /[;,]$/ &&
             prev ~ /^[A-Za-z]/ { sub(/ \(.*/, ""); names = names sep $0; sep = "|" }
             { prev = $0 } END { print names }' "$file";;
      esac)
      sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$file" |
      while read -r inc; do
        for d in "$dir" "$@"; do
          [ -f "$d/$inc" ] || continue
          if [ -n "$defined" ] &&
             grep -Eq "(^|[^A-Za-z0-9_])($defined)[[:space:]]*\(" "$d/$inc"; then
            break
          fi
          # Normalise ./x and a/../b.
          echo "$file $d/$inc" | sed -e 's|^\./||' -e 's| \./| |' -e 's|/\./|/|g' \
            -e ':a' -e 's|[^/ ][^/ ]*/\.\./||' -e 'ta'
          break
        done
      done
    done
  )
}

# Reads "FILE TARGET" lines; prints each cycle of units found ("CYCLE: a -> b -> a") and
# fails when there is one. registry: a file that is a unit of its own.
cycles () {
  awk -v registry="${1:-}" -v classes="${2:-}" '
    BEGIN {
      # "FILE CLASS" lines: a file that includes the -private.h of a class is part of it.
      if (classes != "")
        while ((getline line < classes) > 0) {
          split(line, w, " ")
          class_of[w[1]] = w[2]
        }
    }
    function unit(f) {
      if (f == registry)
        return f
      if (f in class_of)
        return class_of[f]
      sub(/\.[ch]$/, "", f)
      sub(/-private$/, "", f)
      return f
    }
    {
      u = unit($1); v = unit($2)
      if (u != v && !((u, v) in seen)) {
        seen[u, v] = 1
        next_of[u, ++n_next[u]] = v
      }
      nodes[u] = 1; nodes[v] = 1
    }
    # Depth-first search; colour 1 on the stack, 2 done. A grey target closes a cycle.
    function visit(u,    i, v, k, path) {
      colour[u] = 1
      stack[++depth] = u
      for (i = 1; i <= n_next[u]; i++) {
        v = next_of[u, i]
        if (colour[v] == 1) {
          path = v
          for (k = depth; k >= 1 && stack[k] != v; k--)
            ;
          for (k++; k <= depth; k++)
            path = path " -> " stack[k]
          print "CYCLE: " path " -> " v
          found++
        } else if (colour[v] == 0)
          visit(v)
      }
      depth--
      colour[u] = 2
    }
    END {
      n = 0
      for (u in nodes)
        order[++n] = u
      # A fixed order, so that the report is the same every run.
      for (i = 2; i <= n; i++)
        for (j = i; j > 1 && order[j - 1] > order[j]; j--) {
          t = order[j]; order[j] = order[j - 1]; order[j - 1] = t
        }
      for (i = 1; i <= n; i++)
        if (colour[order[i]] == 0)
          visit(order[i])
      exit found > 0
    }'
}

status=0
lib_edges=$(edges "$lib" .)
app_edges=$(edges "$app" . ../libboardgames | grep -v ' \.\./libboardgames/')

if [ -z "$lib_edges" ] || [ -z "$app_edges" ]; then
  echo "FAIL: no #include found under $lib or $app" >&2
  exit 1
fi

if ! echo "$lib_edges" | cycles bg-rules.c >&2; then
  echo "FAIL (a): the units of $lib include each other in a cycle (above)" >&2
  status=1
fi

# (b) and (c): the folder of each side of an arrow; a game folder is the first component.
bad=$(echo "$lib_edges" | awk '
  function folder(f) { return f ~ /\// ? substr(f, 1, index(f, "/") - 1) : "" }
  {
    from = folder($1); to = folder($2)
    if (from != "" && to != "" && from != to)
      print "FAIL (b): " $1 " (game folder " from "/) includes " $2
    else if (from == "" && to != "" && $1 != "bg-rules.c")
      print "FAIL (c): the core file " $1 " includes " $2 " (only bg-rules.c names games)"
  }')
if [ -n "$bad" ]; then
  echo "$bad" >&2
  status=1
fi

# The files of a class split over several (those that include its -private.h), as
# "FILE CLASS", relative to $app.
classes=$(mktemp) || exit 99
trap 'rm -f "$classes"' EXIT
(
  cd "$app" || exit 99
  grep -rl --include='*.c' '^#include "[^"]*-private\.h"' . | sed 's|^\./||' | LC_ALL=C sort |
  while read -r file; do
    inc=$(sed -n 's/^#include "\([^"]*\)-private\.h".*/\1/p' "$file" | head -n 1)
    case $inc in */*) ;; *) [ "$(dirname "$file")" = . ] || inc="$(dirname "$file")/$inc";; esac
    echo "$file $inc"
  done
) > "$classes"

if ! echo "$app_edges" | cycles "" "$classes" >&2; then
  echo "FAIL (d): the classes of $app include each other in a cycle (above)" >&2
  status=1
fi

# (f): the folders, one unit each.
folder_edges=$(echo "$app_edges" | awk '
  function folder(f) { return f ~ /\// ? substr(f, 1, match(f, /\/[^\/]*$/) - 1) : "" }
  { from = folder($1); to = folder($2); if (from != "" && to != "" && from != to) print from, to }')
if ! echo "$folder_edges" | cycles >&2; then
  echo "FAIL (f): the folders of $app include each other in a cycle (above)" >&2
  status=1
fi

# (e): games/<game>/ includes the shared parts and itself only.
bad=$(echo "$app_edges" | awk '
  function game(f) {
    return f ~ /^games\/[^\/]*\// ? substr(f, 7, index(substr(f, 7), "/") - 1) : ""
  }
  {
    from = game($1)
    if (from == "")
      next
    to = game($2)
    if (to != "" && to != from)
      print "FAIL (e): " $1 " (game folder games/" from "/) includes " $2
    else if ($2 ~ /^(window|newgame|rules|statistics)\// || $2 ~ /^trio-application\.h$/)
      print "FAIL (e): " $1 " (game folder games/" from "/) includes " $2 \
            ", which stands above the games"
  }')
if [ -n "$bad" ]; then
  echo "$bad" >&2
  status=1
fi

# (g): the game ids, from the game folders; "triple-alliance" is also matched as
# triple_alliance, TRIPLE_ALLIANCE, TripleAlliance.
ids=$(cd "$app/games" && find . -mindepth 1 -maxdepth 1 -type d | sed 's|^\./||' | LC_ALL=C sort)
if [ -z "$ids" ]; then
  echo "FAIL: no game folder under $app/games" >&2
  exit 1
fi
pattern=$(echo "$ids" | sed 's/-/[-_]?/g' | paste -sd '|' -)
bad=$(cd "$app" && find . -type f \( -name '*.c' -o -name '*.h' \) ! -path './games/*' |
  sed 's|^\./||' | LC_ALL=C sort | while read -r file; do
    # Comments and strings with a space (sentences for the player) are left out.
    awk '
      {
        line = $0; out = ""
        while (line != "") {
          if (in_comment) {
            i = index(line, "*/")
            if (i == 0) { line = ""; break }
            line = substr(line, i + 2); in_comment = 0
          } else if (match(line, /\/\*|\/\/|"([^"\\]|\\.)*"/)) {
            tok = substr(line, RSTART, RLENGTH)
            out = out substr(line, 1, RSTART - 1)
            line = substr(line, RSTART + RLENGTH)
            if (tok == "//") line = ""
            else if (tok == "/*") in_comment = 1
            else if (tok !~ / /) out = out tok
          } else { out = out line; line = "" }
        }
        print FNR ": " out
      }' "$file" | grep -Ei "$pattern" | sed "s|^|FAIL (g): $app/$file:|"
  done)
if [ -n "$bad" ]; then
  echo "$bad" >&2
  echo "FAIL (g): files outside $app/games name a game (ask the descriptor instead)" >&2
  status=1
fi

echo "$(echo "$lib_edges" | wc -l) include arrows in $lib," \
  "$(echo "$app_edges" | wc -l) in $app checked"
exit $status
