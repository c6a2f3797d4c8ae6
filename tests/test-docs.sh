#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Checks the documentation: usage: test-docs.sh SOURCE_ROOT
#
# Fails when
#  (a) README.md is longer than 260 lines (a README for people; the rest goes to docs/);
#  (b) a relative link of README.md or docs/*.md (inline, image or reference definition;
#      outside code blocks and code spans) points to a file or folder that does not exist;
#      links with a scheme (https:, mailto:…) and links within a page (#…) are not followed;
#  (c) a path in the first column of the README's layout table (the table under its
#      "## Layout" heading) does not exist, or the README has no such table;
#  (d) the folders of src/app and the first table of docs/layout.md's section on it (a
#      table whose first column is headed "folder") differ: each folder has its line,
#      each line names a folder that exists.
set -u

src="${1:?usage: $0 SOURCE_ROOT}"
cd "$src" || exit 99
failures=0
max_lines=260
tmp=$(mktemp) || exit 99
trap 'rm -f "$tmp"' EXIT

fail () {
  echo "not ok - $*"
  failures=$((failures + 1))
}

# (a) The README's length.
lines=$(wc -l < README.md)
if [ "$lines" -gt "$max_lines" ]; then
  fail "README.md has $lines lines, more than $max_lines"
else
  echo "ok - README.md has $lines lines (at most $max_lines)"
fi

# (b) Relative links. The awk prints FILE<TAB>LINE<TAB>TARGET for every link outside fenced
# and indented code blocks, code spans removed first.
links () {
  awk '
    FNR == 1 { fence = 0 }
    /^[ \t]*(```|~~~)/ { fence = !fence; next }
    fence { next }
    /^(    |\t)/ { next }
    {
      line = $0
      gsub(/`[^`]*`/, "", line)
      # Reference definitions: [label]: target
      if (match(line, /^[ ]*\[[^]]+\]:[ \t]*[^ \t]+/)) {
        def = substr(line, RSTART, RLENGTH)
        sub(/^[ ]*\[[^]]+\]:[ \t]*/, "", def)
        print FILENAME "\t" FNR "\t" def
        next
      }
      # Inline links and images: ](target) or ](target "title")
      while (match(line, /\]\([^)]*\)/)) {
        target = substr(line, RSTART + 2, RLENGTH - 3)
        line = substr(line, RSTART + RLENGTH)
        sub(/^[ \t]+/, "", target)
        sub(/[ \t].*$/, "", target)
        print FILENAME "\t" FNR "\t" target
      }
    }
  ' README.md docs/*.md
}

checked=0
tab=$(printf '\t')
links > "$tmp" || { echo "not ok - reading the links"; exit 1; }
while IFS="$tab" read -r file line target; do
  target=${target#<}
  target=${target%>}
  case "$target" in
    '' | '#'*) continue ;;
  esac
  # A scheme (https:, mailto:, …) is not a file of the repository.
  if printf '%s\n' "$target" | grep -Eq '^[A-Za-z][A-Za-z0-9+.-]*:'; then
    continue
  fi
  path=${target%%#*}
  path=${path%%\?*}
  case "$path" in
    /*) resolved=".$path" ;;
    *) resolved="$(dirname "$file")/$path" ;;
  esac
  checked=$((checked + 1))
  if [ ! -e "$resolved" ]; then
    fail "$file:$line: the link '$target' points to '$resolved', which does not exist"
  fi
done < "$tmp"
echo "ok - $checked relative links checked in README.md and docs/*.md"

# (c) The layout table: every backquoted path of its first column exists.
layout=$(awk '
  /^## / { in_layout = ($0 ~ /^## Layout[ \t]*$/); table = 0; next }
  !in_layout { next }
  /^\|/ { table++; if (table > 2) print; next }
  table > 0 { exit }
' README.md)
if [ -z "$layout" ]; then
  fail "README.md has no layout table under a '## Layout' heading"
else
  rows=0
  paths=$(printf '%s\n' "$layout" | awk -F'|' '{
    cell = $2
    while (match(cell, /`[^`]+`/)) {
      print substr(cell, RSTART + 1, RLENGTH - 2)
      cell = substr(cell, RSTART + RLENGTH)
    }
  }')
  for p in $paths; do
    rows=$((rows + 1))
    [ -e "$p" ] || fail "README.md's layout table names '$p', which does not exist"
  done
  if [ "$rows" -eq 0 ]; then
    fail "README.md's layout table names no path"
  else
    echo "ok - the $rows paths of README.md's layout table checked"
  fi
fi

# (d) The application's folders in docs/layout.md.
listed=$(awk '
  /^## / { in_app = ($0 ~ /^## The application/); table = 0; next }
  !in_app { next }
  /^\| folder \|/ { table = 1; next }
  table && /^\| ---/ { next }
  table && /^\|/ { cell = $0; sub(/^\| `/, "", cell); sub(/`.*/, "", cell); print cell; next }
  table { exit }
' docs/layout.md | sed -e 's|^src/app/||' -e 's|/$||' -e 's|^$|.|' | LC_ALL=C sort)
present=$(cd src/app && find . -type d | sed -e 's|^\./||' | LC_ALL=C sort)
if [ -z "$listed" ]; then
  fail "docs/layout.md has no table of src/app's folders (first column headed 'folder')"
elif [ "$listed" != "$present" ]; then
  fail "docs/layout.md's folders of src/app differ from the tree:" \
    "$(printf '%s\n' "$listed" > "$tmp"; printf '%s\n' "$present" | diff "$tmp" - | \
       sed -n 's/^[<>] //p' | tr '\n' ' ')"
else
  echo "ok - the $(printf '%s\n' "$present" | wc -l) folders of src/app listed in docs/layout.md"
fi

if [ "$failures" -gt 0 ]; then
  echo "$failures failures"
  exit 1
fi
echo "all passed"
