#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Checks the saved games' type: usage: test-mime.sh MIME_XML DESKTOP_FILE
#
# The shared-mime-info file (built from data/io.github.triogames.Trio.mime.xml.in) is
# installed into a folder of its own and compiled there; GIO, reading that folder, must then
# give application/x-trio-game to a file named *.trio and to a file of another name that
# begins "trio-save 1", and not to another text file. The desktop file must declare the type
# and the invite links' scheme (x-scheme-handler/trio), and pass the file or link to Trio as
# a URI (%u: a local file comes as file://, an invite link as it is).
set -u
mime="${1:?usage: $0 MIME_XML DESKTOP_FILE}"
desktop="${2:?usage: $0 MIME_XML DESKTOP_FILE}"
type=application/x-trio-game
for tool in update-mime-database gio; do
  command -v "$tool" >/dev/null 2>&1 || { echo "skip: $tool is missing"; exit 77; }
done
status=0
fail () { echo "FAIL: $*" >&2; status=1; }

grep -q "^MimeType=.*$type;" "$desktop" || fail "the desktop file does not declare $type"
grep -q "^MimeType=.*x-scheme-handler/trio;" "$desktop" \
  || fail "the desktop file does not declare the invite links (x-scheme-handler/trio)"
grep -q '^Exec=trio %u$' "$desktop" || fail "the desktop file does not pass the file (Exec=trio %u)"

work=$(mktemp -d) || exit 99
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/data/mime/packages" "$work/files"
cp "$mime" "$work/data/mime/packages/" || exit 99
XDG_DATA_HOME="$work/data" update-mime-database "$work/data/mime" \
  || fail "update-mime-database refuses $mime"

printf 'trio-save 1\ngame marelle\nmoves d6 d2\nend\n' > "$work/files/game.trio"
printf 'trio-save 1\ngame marelle\nend\n' > "$work/files/game-without-extension"
printf 'Not a game: some notes.\n' > "$work/files/notes"
content_type () {
  XDG_DATA_HOME="$work/data" gio info -a standard::content-type "$work/files/$1" \
    | sed -n 's/^ *standard::content-type: //p'
}
for f in game.trio game-without-extension; do
  got=$(content_type "$f")
  [ "$got" = "$type" ] || fail "$f is '$got', not $type"
  echo "$f: $got"
done
got=$(content_type notes)
[ "$got" != "$type" ] || fail "a text file that is not a game is $type"
echo "notes: $got"
exit $status
