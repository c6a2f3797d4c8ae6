#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Checks that every source file states its licence: usage: test-spdx.sh SOURCE_ROOT
#
# Fails when a C file, header, shell or Python script, Meson file, GtkBuilder or XML file,
# style sheet or desktop file of the source tree has no SPDX-License-Identifier line among
# its first two lines (the second after a shebang or an XML declaration). Fuzz inputs, board
# pictures and rules texts are data, not source.
set -u

src="${1:?usage: $0 SOURCE_ROOT}"
cd "$src" || exit 99
missing=0
checked=0
files=$(find src tests data build-aux po .ci meson.build meson_options.txt \
          -path tests/fuzz/corpus -prune -o -path tests/fuzz/crashes -prune -o -type f \
          \( -name '*.c' -o -name '*.h' -o -name '*.sh' -o -name '*.py' -o -name meson.build \
             -o -name meson_options.txt -o -name '*.ui' -o -name '*.xml' -o -name '*.xml.in' \
             -o -name '*.css' -o -name '*.desktop.in' -o -path .ci/run \) -print | LC_ALL=C sort)
for f in $files; do
  checked=$((checked + 1))
  if ! head -n 2 "$f" | grep -Eq 'SPDX-License-Identifier: [A-Za-z0-9.+-]+'; then
    echo "FAIL: $f has no SPDX-License-Identifier line at its top" >&2
    missing=$((missing + 1))
  fi
done
echo "$checked source files checked, $missing without an SPDX line"
[ "$checked" -gt 0 ] && [ "$missing" -eq 0 ]
