#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Checks the translations: usage: test-translations.sh SOURCE_ROOT BUILD_DIR
#
# Fails when
#  (a) a file with translatable strings (_(" N_(" C_(" NC_(" ngettext(" in C, translatable="yes"
#      in GtkBuilder files, and every desktop, metainfo and schema file under data/) is missing
#      from po/POTFILES.in, or POTFILES.in names a file that does not exist;
#  (b) msgfmt --check finds an error in a po/*.po, or any message there is fuzzy or untranslated;
#  (c) a message that xgettext extracts today from the files in POTFILES.in has no translation
#      in a po/*.po (the catalogue was not updated after a string changed).
set -u

src="${1:?usage: $0 SOURCE_ROOT BUILD_DIR}"
build="${2:?usage: $0 SOURCE_ROOT BUILD_DIR}"
potfiles="$src/po/POTFILES.in"
linguas="$src/po/LINGUAS"
status=0

fail () {
  echo "FAIL: $*" >&2
  status=1
}

work="$build/test-translations"
rm -rf "$work"
mkdir -p "$work" || exit 99

# The files POTFILES.in lists, without comments and blank lines.
grep -v -e '^[[:space:]]*#' -e '^[[:space:]]*$' "$potfiles" | sed 's/[[:space:]]*$//' > "$work/listed"

# (a) Every listed file exists.
while IFS= read -r f; do
  [ -f "$src/$f" ] || fail "po/POTFILES.in lists $f, which does not exist"
done < "$work/listed"

# (a) Every file with translatable strings is listed.
{
  cd "$src" || exit 99
  find src -name '*.c' -o -name '*.h' | LC_ALL=C sort | while IFS= read -r f; do
    if grep -Eq '(^|[^A-Za-z0-9_])(N?C?_|ngettext|g_dngettext)[[:space:]]*\([^)]*"' "$f"; then
      echo "$f"
    fi
  done
  find data src -name '*.ui' | LC_ALL=C sort | while IFS= read -r f; do
    grep -q 'translatable="yes"' "$f" && echo "$f"
  done
  find data -maxdepth 1 \( -name '*.desktop.in' -o -name '*.metainfo.xml.in' \
                          -o -name '*.appdata.xml.in' -o -name '*.gschema.xml' \) | LC_ALL=C sort
} > "$work/needed"
while IFS= read -r f; do
  grep -Fqx "$f" "$work/listed" || fail "$f has translatable strings but is not in po/POTFILES.in"
done < "$work/needed"

# (c) A fresh template from the sources, with the keywords of meson's glib preset.
if ! xgettext --package-name=trio --from-code=UTF-8 --add-comments \
      -k_ -kN_ -kC_:1c,2 -kNC_:1c,2 -kngettext:1,2 -kg_dngettext:2,3 \
      -D "$src" --files-from="$potfiles" -o "$work/trio.pot"; then
  fail "xgettext could not extract the messages"
fi

languages=$(grep -v -e '^[[:space:]]*#' -e '^[[:space:]]*$' "$linguas")
[ -n "$languages" ] || fail "po/LINGUAS lists no language"
for lang in $languages; do
  po="$src/po/$lang.po"
  if [ ! -f "$po" ]; then
    fail "po/LINGUAS lists $lang but po/$lang.po does not exist"
    continue
  fi
  # (b) Valid, and neither fuzzy nor untranslated messages.
  if ! msgfmt --check --statistics -o "$work/$lang.mo" "$po" 2> "$work/$lang.stats"; then
    cat "$work/$lang.stats" >&2
    fail "msgfmt --check rejects po/$lang.po"
  fi
  cat "$work/$lang.stats"
  if grep -Eq 'fuzzy|untranslated' "$work/$lang.stats"; then
    fail "po/$lang.po has fuzzy or untranslated messages: $(cat "$work/$lang.stats")"
  fi
  # (c) Every message of the fresh template is translated in it (msgcmp ignores the
  # fuzzy and untranslated ones).
  if [ -f "$work/trio.pot" ] && ! msgcmp "$po" "$work/trio.pot" 2> "$work/$lang.cmp"; then
    cat "$work/$lang.cmp" >&2
    fail "po/$lang.po lacks messages of the sources (update it: meson compile -C BUILD trio-update-po)"
  fi
done

[ "$status" -eq 0 ] && echo "translations: OK"
exit "$status"
