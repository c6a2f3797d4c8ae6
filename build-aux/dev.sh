#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Set-up, build, run and test Trio on a Debian 12 (bookworm) machine.
#
#   build-aux/dev.sh run    install the build dependencies, build, launch
#   build-aux/dev.sh test   install the build dependencies, build, run every test
#                           (a plain -Werror build, then the engine suites under ASan/UBSan)
#   build-aux/dev.sh flatpak  build the Flatpak and run it in its sandbox (as root; see
#                           build-aux/flatpak-check.sh), the runtimes kept in
#                           $TRIO_FLATPAK_WORK (default /var/cache/trio-flatpak)
#   build-aux/dev.sh flatpak-runtimes  only make (or reuse) the Flatpak check's runtimes
#   build-aux/dev.sh deps   install the packages of all the above, nothing more (CI first
#                           installs them all: apt's lock allows one install at a time)
#
# Packages are installed with apt-get only when some are missing (as root, or with sudo).
set -eu

cd "$(dirname "$0")/.."

# time: /usr/bin/time, with which the protocol test measures the memory a long line costs.
# libsoup 3, json-glib and SQLite: trio-server (src/server); glib-networking: its TLS.
# openssl: the command with which the server-tls test makes a CA and the server's certificate.
# libavahi-client and libavahi-glib: the games on the local network (src/app/network); the
# test of it runs its own avahi-daemon and dbus-daemon, on a veth pair (iproute2's ip).
# libgtk-4-media-gstreamer and GStreamer's base and good plugins: GTK's media backend, which
# plays the moves' sounds (Ogg Vorbis; src/app/sound), so that the GUI test plays them as a
# user's Trio does (without them Trio is silent; the GNOME runtime has them).
packages="gcc pkg-config meson ninja-build libglib2.0-dev check libgtk-4-dev librsvg2-dev gettext \
  xvfb xauth xdotool imagemagick desktop-file-utils appstream time \
  libsoup-3.0-dev libjson-glib-dev libsqlite3-dev glib-networking openssl \
  libavahi-client-dev libavahi-glib-dev avahi-daemon dbus-daemon iproute2 \
  libgtk-4-media-gstreamer gstreamer1.0-plugins-base gstreamer1.0-plugins-good"
flatpak_packages="mmdebstrap flatpak flatpak-builder ostree bubblewrap elfutils dbus xvfb xdotool \
  imagemagick util-linux python3 xdg-desktop-portal xdg-desktop-portal-gtk git"

install_dependencies () {
  missing=""
  for p in $packages; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing="$missing $p"
  done
  [ -z "$missing" ] && return 0
  echo "Installing:$missing"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  # shellcheck disable=SC2086
  $sudo apt-get install -y -qq --no-install-recommends $missing
}

# The GUI test's French run needs a French locale; Debian's minimal images have none.
ensure_french_locale () {
  locale -a 2>/dev/null | grep -qi '^fr_FR\.utf-\?8$' && return 0
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  if ! dpkg-query -W -f='${Status}' locales 2>/dev/null | grep -q "ok installed"; then
    { $sudo apt-get update -qq && $sudo apt-get install -y -qq --no-install-recommends locales; } ||
      true
  fi
  if [ -f /etc/locale.gen ] && $sudo sed -i 's/^# *\(fr_FR\.UTF-8 UTF-8\)/\1/' /etc/locale.gen &&
     $sudo locale-gen >/dev/null; then
    return 0
  fi
  echo "No French locale: the GUI test's French run will be skipped."
}

configure () {
  dir="$1"
  shift
  if [ -f "$dir/build.ninja" ]; then
    meson setup --reconfigure "$dir" "$@" >/dev/null
  else
    meson setup "$dir" "$@"
  fi
}

build () {
  configure _build -Dwerror=true
  ninja -C _build
}

run_tests () {
  build
  # The sanitized build (below) is compiled meanwhile: the GUI test spends most of its time
  # waiting, and every test is meant to pass on a busy machine (docs/testing.md).
  configure _build-asan -Dbuildtype=debug -Db_sanitize=address,undefined \
    -Dc_args=-fno-sanitize-recover=all -Dwerror=true
  ninja -C _build-asan >_build-asan/ninja.log 2>&1 &
  asan_build=$!
  status=0
  meson test -C _build --print-errorlogs --num-processes 2 --no-suite gui || status=$?
  # The GUI test's two halves at once, each on its own screen.
  meson test -C _build --print-errorlogs --num-processes 2 --suite gui || status=$?
  if ! wait "$asan_build"; then
    cat _build-asan/ninja.log
    echo "The sanitized build failed." >&2
    return 1
  fi
  [ "$status" -eq 0 ] || return "$status"
  # The engine, the board selection and the server again with the address and
  # undefined-behaviour sanitizers, with the soak tests; any report fails. The setup 'sanitized'
  # (tests/meson.build) makes every timeout four times as long and runs a quarter of the
  # exhaustive checks and of the soak's games.
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    meson test -C _build-asan --setup sanitized --suite engine --suite app --suite soak \
      --suite server --print-errorlogs --num-processes 2
  # The application under the same sanitizers, played by the GUI test. GTK keeps memory until
  # exit on purpose, so leaks are not looked for there. The setup tells the GUI test that its
  # frames are not compared with animations on and off, and that what it waits for may take
  # four times as long (the analysis of a game: a minute and more).
  ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    meson test -C _build-asan --setup sanitized --suite gui --print-errorlogs --num-processes 2
}

# The sandboxed check of the Flatpak; exit status 77 (Debian's archive out of reach) is a
# skip, not a failure.
flatpak_check () {
  if [ "$(id -u)" -ne 0 ]; then
    echo "skip - the Flatpak check needs root (mmdebstrap, a mount namespace)"
    return 0
  fi
  packages="$flatpak_packages"
  install_dependencies
  status=0
  # One Debian tree for both runtimes (the SDK's): a minute less, and CI's time is short.
  ONE_RUNTIME="${ONE_RUNTIME:-1}" build-aux/flatpak-check.sh "$PWD" \
    "${TRIO_FLATPAK_WORK:-/var/cache/trio-flatpak}" || status=$?
  [ "$status" -eq 77 ] && return 0
  return "$status"
}

case "${1:-}" in
  run)
    install_dependencies
    build
    exec ./_build/src/app/trio
    ;;
  test)
    install_dependencies
    ensure_french_locale
    run_tests
    ;;
  flatpak)
    flatpak_check
    ;;
  flatpak-runtimes)
    export RUNTIMES_ONLY=1
    flatpak_check
    ;;
  deps)
    install_dependencies
    [ "$(id -u)" -ne 0 ] || { packages="$flatpak_packages"; install_dependencies; }
    ensure_french_locale
    ;;
  *)
    echo "usage: $0 run|test|flatpak|flatpak-runtimes|deps" >&2
    exit 2
    ;;
esac
