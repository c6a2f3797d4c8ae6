#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Issue 43: what boardgames-engine makes of files at the Triple Alliance table's path that are
# not the table it wants: a FIFO, a link to /dev/zero, a sparse file of 4 GiB, the table of
# the game with three pieces each. Each is refused with its reason, at once and without
# reading it, and the perfect level says it plays as level 6. (The morris endgame tables'
# path is checked in the marelle-endgame suite, where a refused file is computed again.)
#
# Every run has a generous timeout (a FIFO used to block the tool for ever) and, where the
# tool starts under it, a limit on its memory (a link to /dev/zero used to grow it without
# end); neither decides a pass by itself on a slow machine: a pass needs the answers.
set -u
engine="$1"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
export XDG_CACHE_HOME="$tmp/cache"
path="$XDG_CACHE_HOME/trio/triple-alliance-6.table"
mkdir -p "$XDG_CACHE_HOME/trio"

# 1 GB of address space, unless the tool cannot start under it (the sanitizers reserve
# terabytes for their shadow memory).
limit=
if (ulimit -v 1000000 && "$engine" < /dev/null > /dev/null 2>&1); then
  limit=1000000
fi

# bounded COMMAND...: runs the command with the limits above.
bounded () {
  (if [ -n "$limit" ]; then ulimit -v "$limit"; fi; exec timeout 60 "$@")
}

# check NAME INPUT PATTERN...: the tool's output for INPUT has a line matching each PATTERN.
check () {
  c_name="$1"; input="$2"; shift 2
  out=$(printf '%s\n' "$input" | bounded "$engine" 2>&1)
  for pattern in "$@"; do
    if ! printf '%s\n' "$out" | grep -Eq -- "$pattern"; then
      echo "not ok - $c_name: no line matching '$pattern' in:"
      printf '%s\n' "$out" | sed 's/^/    /'
      failures=$((failures + 1))
      return
    fi
  done
  echo "ok - $c_name"
}

# refused NAME REASON [COUNT_REASON]: with what is at $path, the perfect level, probe and the
# table command each give REASON, and solve --count (which takes a table of any size) gives
# COUNT_REASON, by default REASON too ("-": it is not run).
refused () {
  name="$1"; reason="$2"; count_reason="${3:-$2}"
  check "$name: go level 7" "new triple-alliance
go level 7 depth 1" "^info .*triple-alliance-6.table.*$reason" \
    '^info no table: the perfect level searches as level 6$' '^bestmove [a-e][1-5]$'
  check "$name: probe" "new triple-alliance
probe" "^error: .*triple-alliance-6.table.*$reason"
  check "$name: table" "table" "^error: .*triple-alliance-6.table.*$reason"
  if [ "$count_reason" = "-" ]; then
    return
  fi
  out=$(bounded "$engine" solve --count "$path" 2>&1)
  if printf '%s\n' "$out" | grep -Eq -- "^error: .*$count_reason"; then
    echo "ok - $name: solve --count"
  else
    echo "not ok - $name: solve --count: no error '$count_reason' in:"
    printf '%s\n' "$out" | sed 's/^/    /'
    failures=$((failures + 1))
  fi
}

mkfifo "$path"
refused "FIFO" "is not a regular file"
rm -f "$path"

ln -s /dev/zero "$path"
refused "link to /dev/zero" "is not a regular file"
rm -f "$path"

truncate -s 4G "$path"
refused "sparse file of 4 GiB" "is not a Triple Alliance table"
rm -f "$path"

# The table of the small game where the real one belongs: not taken for it.
"$engine" solve triple-alliance --pieces 3 --threads 2 --out "$tmp/ta3.table" > /dev/null 2>&1
cp "$tmp/ta3.table" "$path"
refused "table of three pieces" "3 pieces each, not 6" -
# Its header before 4 GiB: still refused for its pieces, not read.
truncate -s 4G "$path"
refused "table of three pieces grown to 4 GiB" "3 pieces each, not 6" "is damaged"
rm -f "$path"

# Nothing at the path: as before, no reason given but the missing table.
check "no table: go level 7" "new triple-alliance
go level 7 depth 1" '^info no table: the perfect level searches as level 6$' \
  '^bestmove [a-e][1-5]$'

if [ "$failures" -gt 0 ]; then
  echo "$failures failures"
  exit 1
fi
echo "all passed"
