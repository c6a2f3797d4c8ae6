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
#  (d) the units of src/app include each other in a cycle.
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
  awk -v registry="${1:-}" '
    function unit(f) {
      if (f == registry)
        return f
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

if ! echo "$app_edges" | cycles >&2; then
  echo "FAIL (d): the units of $app include each other in a cycle (above)" >&2
  status=1
fi

echo "$(echo "$lib_edges" | wc -l) include arrows in $lib," \
  "$(echo "$app_edges" | wc -l) in $app checked"
exit $status
