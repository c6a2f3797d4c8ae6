#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The TRICHESS bench tool on one short game: a file it wrote is read back whole, and a
# damaged or foreign one is refused or skipped with a message, not searched.
set -u
tool="$1"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0

# check NAME STATUS PATTERN COMMAND...: COMMAND exits with STATUS and prints a line (on
# either stream) matching PATTERN.
check () {
  name="$1"; status="$2"; pattern="$3"; shift 3
  out=$("$@" 2>&1)
  rc=$?
  if [ "$rc" -eq "$status" ] && printf '%s\n' "$out" | grep -Eq -- "$pattern"; then
    echo "ok - $name"
  else
    echo "not ok - $name: exit $rc, no line matching '$pattern' in:"
    printf '%s\n' "$out" | sed 's/^/    /'
    failures=$((failures + 1))
  fi
}

check "generate" 0 '; [0-9]+ positions' \
  "$tool" generate "$tmp/g.bin" --games 1 --nodes 300 --seed 3
# 8 bytes of header, then 128 a record.
records=$(( ($(wc -c < "$tmp/g.bin") - 8) / 128 ))
check "read back whole" 0 "^$records positions, 1 plies: [1-9][0-9]* nodes" \
  "$tool" depth "$tmp/g.bin" --depth 1 --positions 100000

# The same file with the first record's white king moved off the board.
{ head -c 104 "$tmp/g.bin"; printf '\310'; tail -c +106 "$tmp/g.bin"; } > "$tmp/bad.bin"
check "a damaged record skipped" 0 '1 damaged record\(s\) of .* skipped' \
  "$tool" depth "$tmp/bad.bin" --depth 1 --positions 100000
check "the others searched" 0 "^$((records - 1)) positions" \
  "$tool" depth "$tmp/bad.bin" --depth 1 --positions 100000

# A right header on nonsense: nothing is searched or fitted.
{ printf 'TCTUNE01'; head -c 12800 /dev/zero | tr '\0' '\377'; } > "$tmp/junk.bin"
check "nonsense searched not" 0 '^0 positions' "$tool" depth "$tmp/junk.bin" --depth 1
check "nonsense fitted not" 1 'too few usable positions' \
  "$tool" fit "$tmp/junk.bin" --iterations 1
check "not a file of generate" 1 'is not a file of generate' \
  "$tool" depth "$tmp/g.bin.missing"

if [ "$failures" -ne 0 ]; then
  echo "$failures check(s) failed"
  exit 1
fi
