#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds the libFuzzer targets (clang), fuzzes each for SECONDS, merges what was found into
# the minimal corpus, then replays the corpus and the crash inputs as a regression check.
#
# Usage: tests/fuzz/build-and-run.sh [SECONDS [TARGETS]]
#   SECONDS per target, default 60 (0 only builds and replays); TARGETS "save notation view".
# Needs clang and libclang-rt-14-dev (Debian 12). Work files go to $FUZZ_OUT
# (default /tmp/trio-fuzz).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
out=${FUZZ_OUT:-/tmp/trio-fuzz}
seconds=${1:-60}
cc=${CC_FUZZ:-clang}
targets=${2:-save notation view}
mkdir -p "$out" "$here/crashes"

glib_cflags=$(pkg-config --cflags glib-2.0)
glib_libs=$(pkg-config --libs glib-2.0)
lib_sources=$(find "$top"/src/libboardgames -name '*.c' | LC_ALL=C sort)
# The same defines as the Meson build gives the library.
common="-g -O1 -I$top/src/libboardgames -DG_LOG_DOMAIN=\"Trio\" -DGETTEXT_PACKAGE=\"trio\""
common="$common -fno-sanitize-recover=undefined"

for target in save notation view; do
  # shellcheck disable=SC2086
  $cc $common -fsanitize=fuzzer,address,undefined $glib_cflags \
    "$here/fuzz-$target.c" $lib_sources $glib_libs -lm -o "$out/fuzz-$target"
done
# shellcheck disable=SC2086
$cc $common -fsanitize=address,undefined $glib_cflags \
  "$here/replay.c" $lib_sources $glib_libs -lm -o "$out/replay"

if [ "$seconds" -gt 0 ]; then
  for target in $targets; do
    work="$out/corpus-$target"
    mkdir -p "$work" "$here/corpus/$target"
    # Saved games up to past the 1 MiB cap (the size checks, and slow loads of large files,
    # which -timeout reports); moves are short words.
    max_len=1100000
    [ "$target" = notation ] && max_len=256
    # Views and position texts, past the Triomino reader's 4096-byte bound.
    [ "$target" = view ] && max_len=5000
    echo "== fuzzing $target for $seconds s"
    "$out/fuzz-$target" -max_total_time="$seconds" -max_len=$max_len -timeout=10 \
      -rss_limit_mb=2048 -print_final_stats=1 \
      -artifact_prefix="$here/crashes/$target-" "$work" "$here/corpus/$target" \
      2>&1 | tee "$out/fuzz-$target.log" | grep -E '^(INFO|#[0-9]+ *(DONE|pulse)|stat::|==)' || true
    # Keep only the inputs that add coverage.
    rm -rf "$out/merged-$target"
    mkdir -p "$out/merged-$target"
    "$out/fuzz-$target" -merge=1 -use_counters=0 -max_len=$max_len "$out/merged-$target" \
      "$here/corpus/$target" "$work" > "$out/merge-$target.log" 2>&1
    rm -f "$here/corpus/$target"/*
    cp "$out/merged-$target"/* "$here/corpus/$target/"
    echo "corpus $target: $(ls "$here/corpus/$target" | wc -l) files"
  done
fi

echo "== replaying the corpus and the crash inputs"
"$out/replay" "$here"/corpus/* "$here/crashes"
