#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# flatpak-check.sh: builds and runs Trio's Flatpak on a machine that can reach Debian's
# archive but not Flathub; CI runs it after the tests (.ci/run). The GNOME runtime and SDK the manifest names are replaced by
# stand-ins made from Debian packages (mmdebstrap), committed into a local OSTree repo and
# installed under the manifest's ids in a private user installation. Then the manifest is
# built with flatpak-builder, installed, run under Xvfb and checked: exports, the sandbox's
# permissions, autosave, settings, the solved table's place, the bundled Avahi client, Save As
# / Open with and without the portals, French.
#
# usage: sudo flatpak-check.sh REPO [WORKDIR]
#   REPO     the Trio checkout (its flatpak/*.json is built as it stands: the manifest takes
#            the checkout's last commit; two stray build folders are made in it for a check,
#            and removed)
#   WORKDIR  where everything goes (default ${TMPDIR:-/tmp}/trio-flatpak); a rerun reuses
#            the runtimes already installed there, made from the same package lists, unless
#            REBUILD_RUNTIMES=1, and the sources flatpak-builder downloaded (state/downloads)
# environment:
#   SUITE=bookworm MIRROR=http://deb.debian.org/debian SECURITY=http://deb.debian.org/debian-security
#   DISPLAY_NUM=79 (Xvfb's display)  SKIP_GUI=1 (build and install only)  REBUILD_RUNTIMES=1
#   ONE_RUNTIME=1 (the SDK's tree is committed as the Platform too: one mmdebstrap less)
#   NO_APPSTREAM_COMPOSE=1 (an SDK without appstream-compose, as Freedesktop SDK >= 24.08)
#   RUNTIMES_ONLY=1 (the runtimes made or reused, then exit 0: no app build, no check)
# needs root and: mmdebstrap flatpak flatpak-builder ostree bubblewrap xvfb xdotool imagemagick
#   dbus (dbus-run-session) util-linux (unshare) python3; for the portal case also
#   xdg-desktop-portal and xdg-desktop-portal-gtk (flatpak's Recommends).
# Exit status 0 when the build, the install and every check passed, 1 otherwise, 2 when it
# cannot start, 77 when Debian's archive cannot be reached (nothing to build the runtimes
# from: the check is skipped, not failed). The summary is WORKDIR/summary.txt, the logs WORKDIR/logs, the screenshots
# WORKDIR/out.
set -eu

mode=main
case ${1:-} in
  --ns) mode=ns; shift ;;
  --case) mode=case; casename=$2; shift 2 ;;
esac
[ $# -ge 1 ] || { sed -n 2,25p "$0"; exit 2; }
REPO=$(cd "$1" && pwd)
WORK=${2:-${TMPDIR:-/tmp}/trio-flatpak}
mkdir -p "$WORK"
WORK=$(cd "$WORK" && pwd)
SELF=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")
SUITE=${SUITE:-bookworm}
MIRROR=${MIRROR:-http://deb.debian.org/debian}
SECURITY=${SECURITY:-http://deb.debian.org/debian-security}
DISPLAY_NUM=${DISPLAY_NUM:-79}
LOGS=$WORK/logs
OUT=$WORK/out
mkdir -p "$LOGS" "$OUT"

# What flatpak keeps per user goes under WORKDIR: the installation (~/.local/share/flatpak)
# and the apps' data (~/.var/app). The machine's own user and system installations are not
# touched.
export HOME="$WORK/home"
unset XDG_DATA_HOME XDG_CONFIG_HOME XDG_CACHE_HOME XDG_STATE_HOME
mkdir -p "$HOME"

say () { printf '%s\n' "$*" | tee -a "$WORK/summary.txt"; }
fails=0
ok () { say "ok - $*"; }
notok () { say "not ok - $*"; fails=$((fails + 1)); }
timed () { # timed NAME COMMAND...: runs it into logs/NAME.log and says how long it took
  name=$1; shift
  t0=$(date +%s)
  if "$@" >"$LOGS/$name.log" 2>&1; then rc=0; else rc=$?; fi
  say "time: $name $(($(date +%s) - t0)) s (exit $rc)"
  [ $rc -eq 0 ] || { tail -30 "$LOGS/$name.log"; return $rc; }
}

# The manifest's ids and command.
MANIFEST=${MANIFEST:-$(ls "$REPO"/flatpak/*.json | head -1)}
eval "$(python3 - "$MANIFEST" <<'PY'
import json, sys, shlex
m = json.load(open(sys.argv[1]))
for k, v in (("APP_ID", m.get("id") or m.get("app-id")), ("RUNTIME", m["runtime"]),
             ("SDK", m["sdk"]), ("BRANCH", m["runtime-version"]), ("COMMAND", m["command"])):
    print("%s=%s" % (k, shlex.quote(v)))
PY
)"
ARCH=$(flatpak --default-arch)

# ----------------------------------------------------------------------------------------
# The checks of the installed app. The main part runs "--ns" in a private mount namespace,
# where a tmpfs on /run/user gives a standard XDG_RUNTIME_DIR (/run/user/UID: the portals
# hand the sandbox paths under it, whatever the caller's XDG_RUNTIME_DIR) and the document
# portal's FUSE mount goes away with the namespace. "--ns" runs each case ("--case NAME")
# on a session bus of its own: one that activates nothing (no portal), or the standard one.
if [ $mode = ns ]; then
  mount -t tmpfs -o mode=755 tmpfs /run/user
  XDG_RUNTIME_DIR=/run/user/$(id -u)
  export XDG_RUNTIME_DIR
  mkdir -m 700 "$XDG_RUNTIME_DIR"
  mkdir -p "$WORK/empty-services"
  cat >"$WORK/noportal.conf" <<EOF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:tmpdir=/tmp</listen>
  <servicedir>$WORK/empty-services</servicedir>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/>
  </policy>
</busconfig>
EOF
  # The portal's backend is started by the bus: it needs the display, and its file chooser
  # opens in the bus's working directory.
  DISPLAY=:$DISPLAY_NUM
  export DISPLAY
  cd "$OUT"
  n=0
  dbus-run-session --config-file="$WORK/noportal.conf" -- "$SELF" --case basic "$REPO" "$WORK" \
    2>"$LOGS/bus-basic.log" || n=$((n + $?))
  if [ -x /usr/libexec/xdg-desktop-portal ] && [ -x /usr/libexec/xdg-desktop-portal-gtk ]; then
    dbus-run-session -- "$SELF" --case portal "$REPO" "$WORK" 2>"$LOGS/bus-portal.log" \
      || n=$((n + $?))
  else
    say "skip - the portal case: xdg-desktop-portal and xdg-desktop-portal-gtk are not installed"
  fi
  dbus-run-session --config-file="$WORK/noportal.conf" -- "$SELF" --case noportal "$REPO" \
    "$WORK" 2>"$LOGS/bus-noportal.log" || n=$((n + $?))
  dbus-run-session --config-file="$WORK/noportal.conf" -- "$SELF" --case network "$REPO" \
    "$WORK" 2>"$LOGS/bus-network.log" || n=$((n + $?))
  exit $n
fi

if [ $mode = case ]; then
  export DISPLAY=:$DISPLAY_NUM
  VAR="$HOME/.var/app/$APP_ID"
  AUTOSAVE="$VAR/data/trio/current-game.trio"

  # launch TAG ARGS...: starts the app, waits for its window and its first frame.
  launch () {
    tag=$1; shift
    G_MESSAGES_DEBUG=Trio flatpak run "$APP_ID" "$@" >"$LOGS/app-$tag.log" 2>&1 &
    app_pid=$!
    for _ in $(seq 1 100); do
      xdotool search --onlyvisible --name . >/dev/null 2>&1 && break
      sleep 0.2
    done
    for _ in $(seq 1 60); do
      n=$(import -window root png:- 2>/dev/null | convert png:- -format %k info: 2>/dev/null \
        || true)
      [ "${n:-0}" -ge 50 ] && break
      sleep 0.25
    done
    sleep 1.5
  }
  # until_log TAG REGEX [SECONDS]: waits for a line of the app's log (20 s by default).
  until_log () {
    for _ in $(seq 1 $((${3:-20} * 5))); do
      grep -Eq "$2" "$LOGS/app-$1.log" && return 0
      sleep 0.2
    done
    return 1
  }
  # until_window NAME: waits (10 s at most) for a visible window of that name.
  until_window () {
    for _ in $(seq 1 50); do
      xdotool search --onlyvisible --name "$1" >/dev/null 2>&1 && return 0
      sleep 0.2
    done
    return 1
  }
  shot () { import -window root "$OUT/$1.png"; }
  quit () { # quits as a user does, then says how it ended
    xdotool key ctrl+q
    for _ in $(seq 1 50); do kill -0 "$app_pid" 2>/dev/null || break; sleep 0.2; done
    if kill -0 "$app_pid" 2>/dev/null; then
      notok "$1: still running 10 s after Ctrl+Q (killed)"
      kill "$app_pid"; wait "$app_pid" || true
    elif wait "$app_pid"; then ok "$1: quit with status 0"
    else notok "$1: quit with status $?"; fi
    if grep -E "CRITICAL|Trio-WARNING" "$LOGS/app-$1.log"; then
      notok "$1: a critical or a warning in logs/app-$1.log"
    fi
  }
  heading () { # a digest of the game chooser's heading, to tell two languages apart
    convert "$OUT/$1.png" -crop 600x60+250+215 +repage -format %# info: 2>/dev/null || echo none
  }

  case $casename in
  basic)
    # A game, its autosave, its restoring, the settings.
    rm -rf "$VAR"
    launch ta --game triple-alliance --seats h,c1
    xdotool key Return
    if until_log ta "move 2 by player 2"; then ok "a game is played in the sandbox (2 moves logged)"
    else notok "no move logged (logs/app-ta.log)"; fi
    sleep 1; shot game
    colours=$(convert "$OUT/game.png" -crop 760x690+10+55 +repage -format %k info: 2>/dev/null \
      || echo 0)
    if [ "$colours" -ge 300 ]; then ok "the board is drawn ($colours colours, out/game.png)"
    else notok "no board drawn ($colours colours, out/game.png)"; fi
    if grep -q "^game triple-alliance" "$AUTOSAVE" 2>/dev/null; then
      ok "the autosave is ~/${AUTOSAVE#"$HOME"/}"
    else notok "no autosave at ~/${AUTOSAVE#"$HOME"/}"; fi
    quit ta
    launch restore
    if until_log restore "restoring a game of triple-alliance with 2 moves" 10; then
      ok "the game in progress comes back at the next start"
    else notok "the game is not restored"; fi
    quit restore
    if [ -s "$VAR/config/glib-2.0/settings/keyfile" ]; then
      ok "GSettings: the keyfile backend, ~/${VAR#"$HOME"/}/config/glib-2.0/settings/keyfile"
    else notok "no settings keyfile"; fi

    # French: the app's .Locale extension and the runtime's fr_FR locale.
    rm -f "$AUTOSAVE"
    launch en; shot chooser-en; quit en
    rm -f "$AUTOSAVE"
    LANG=fr_FR.UTF-8 LANGUAGE=fr
    export LANG LANGUAGE
    launch fr; shot chooser-fr; quit fr
    if flatpak run --command=sh "$APP_ID" -c 'test -s /app/share/locale/fr/LC_MESSAGES/trio.mo'
    then ok "the French catalogue is in the sandbox (from the .Locale extension)"
    else notok "no French catalogue in the sandbox"; fi
    unset LANG LANGUAGE
    if [ "$(heading chooser-en)" != "$(heading chooser-fr)" ]; then
      ok "LANG=fr_FR.UTF-8 LANGUAGE=fr changes the heading (look at out/chooser-fr.png)"
    else notok "the French window's heading is the English one (out/chooser-fr.png)"; fi

    # Avahi's client, which the GNOME runtime lacks, comes with the app (the manifest's
    # avahi module), and every library of trio and of it is found; the server the app hosts
    # games with is built in.
    if flatpak run --command=sh "$APP_ID" -c 'for f in /app/bin/trio \
          /app/lib/libavahi-client.so.3 /app/lib/libavahi-glib.so.1; do
          echo "== $f"; ldd "$f" || exit 1; done' >"$LOGS/ldd.log" 2>&1 &&
       ! grep -q 'not found' "$LOGS/ldd.log" &&
       ! grep -q 'libavahi[^ ]* => /lib' "$LOGS/ldd.log"; then
      ok "Avahi's client is in /app/lib, and trio and it find their libraries (logs/ldd.log)"
    else notok "Avahi's client is missing from /app/lib, or a library is not found (logs/ldd.log)"
    fi
    if flatpak run --command=sh "$APP_ID" -c 'test -x /app/bin/trio-server'; then
      ok "the server is built in (/app/bin/trio-server)"
    else notok "no /app/bin/trio-server"; fi

    # The solved table's place: the engine, in the sandbox, with the smallest table.
    if flatpak run --command=boardgames-engine "$APP_ID" solve triple-alliance --pieces 3 \
        >"$LOGS/solve.log" 2>&1 && [ -s "$VAR/cache/trio/triple-alliance-3.table" ]; then
      ok "the solved table goes to ~/${VAR#"$HOME"/}/cache/trio/ (a 3-piece one written there)"
    else notok "no table in ~/${VAR#"$HOME"/}/cache/trio"; fi
    ;;
  portal|noportal)
    # Save As, then Open of a file that the host wrote: through the portal where there is
    # one, else in GTK's own dialog inside the sandbox.
    tag=$casename
    rm -f "$OUT/saved-$tag.trio" "$HOME/saved-$tag.trio"
    # No game in progress: --game would first ask before replacing it.
    rm -f "$AUTOSAVE"
    launch $tag --game marelle --seats h,h
    xdotool key ctrl+s
    if until_window "Save the Game"; then
      sleep 1; shot save-$tag
      xdotool key ctrl+a; xdotool type --delay 30 "saved-$tag.trio"; sleep 0.3; xdotool key Return
      if until_log $tag "game saved as" 10; then
        where=$(sed -n 's/.*game saved as //p' "$LOGS/app-$tag.log" | tail -1)
        if [ -s "$OUT/saved-$tag.trio" ]; then
          ok "$tag: Save As wrote the host's out/saved-$tag.trio (the app wrote $where)"
        else
          notok "$tag: Save As reported $where, but there is no out/saved-$tag.trio: the game" \
            "went to the sandbox's own home, gone when the app quits"
        fi
      elif [ $tag = noportal ] && until_log $tag "save refused: .*saved-$tag.trio is inside" 5
      then
        # GTK's own dialog, inside the sandbox: its folder is the sandbox's home, not kept.
        sleep 0.5; shot refused-$tag
        if until_window "The Game Was Not Saved"; then
          ok "$tag: Save As into the sandbox's home is refused and says why (out/refused-$tag.png)"
        else notok "$tag: the refusal is logged but no 'The Game Was Not Saved' window"; fi
        xdotool key Escape; sleep 0.5
      else notok "$tag: no save logged (logs/app-$tag.log)"; fi
    else notok "$tag: no 'Save the Game' window"; fi
    sleep 1
    printf 'trio-save 1\ngame marelle\nmoves d6 d2\nend\n' >"$OUT/open-me.trio"
    xdotool key ctrl+o
    if until_window "Open a Game"; then
      sleep 1
      xdotool key ctrl+l; sleep 0.3; xdotool type --delay 30 "$OUT/open-me.trio"; sleep 0.5
      xdotool key Return; sleep 2; shot open-$tag
      if grep -q "^moves d6 d2" "$AUTOSAVE" 2>/dev/null; then
        ok "$tag: Open read the host's out/open-me.trio"
      elif [ $tag = portal ]; then
        notok "$tag: Open did not load the host's out/open-me.trio (out/open-$tag.png)"
      else
        say "info - $tag: Open cannot reach the host's files (out/open-$tag.png)"
      fi
      for _ in 1 2 3 4; do
        xdotool search --onlyvisible --name "Open a Game|Could Not Open" >/dev/null 2>&1 || break
        xdotool key Escape; sleep 0.5
      done
    else notok "$tag: no 'Open a Game' window"; fi
    sleep 0.5
    quit $tag
    ;;
  network)
    # Play with friends from the sandbox (issue 46): the app hosts a game on its own server,
    # which a friend's client, sandboxed too, joins and plays; then the app joins a room of a
    # server run in the sandbox, as it would one on the internet.
    . "$REPO/build-aux/flatpak-check-network.sh"
    ;;
  esac
  exit $fails
fi

# ----------------------------------------------------------------------------------------
: >"$WORK/summary.txt"
say "flatpak-check.sh: $REPO ($(git -C "$REPO" rev-parse --short HEAD 2>/dev/null || echo '?'))"
say "manifest $(basename "$MANIFEST"): $APP_ID on $RUNTIME//$BRANCH, SDK $SDK, arch $ARCH"
[ "$(id -u)" = 0 ] || { say "needs root (mmdebstrap, the mount namespace)"; exit 2; }
for tool in mmdebstrap flatpak flatpak-builder ostree bwrap Xvfb xdotool import convert \
            dbus-run-session unshare python3; do
  command -v $tool >/dev/null || { say "missing: $tool"; exit 2; }
done
say "flatpak $(flatpak --version | cut -d' ' -f2), flatpak-builder" \
  "$(flatpak-builder --version | cut -d' ' -f2), bwrap $(bwrap --version | cut -d' ' -f2)," \
  "$(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
if bwrap --ro-bind / / true; then ok "bwrap makes a sandbox (bwrap --ro-bind / / true)"
else notok "bwrap cannot make a sandbox here"; exit 1; fi
t_start=$(date +%s)

# 1. The stand-in runtimes: Debian trees with the GNOME runtime's parts that Trio uses: GTK,
# librsvg, and for the server the application hosts, libsoup 3, json-glib and SQLite. Like the
# GNOME runtime, they have D-Bus's library but no Avahi: the manifest builds Avahi's client as
# a module of the app (docs/application.md, "The Flatpak"), and so does the check.
PLATFORM_PKGS="libgtk-4-1 libgtk-4-common librsvg2-2 librsvg2-common libglib2.0-0
  libglib2.0-bin shared-mime-info dconf-gsettings-backend gsettings-desktop-schemas fontconfig
  fonts-cantarell fonts-dejavu-core adwaita-icon-theme hicolor-icon-theme libgl1-mesa-dri
  libegl-mesa0 libglx-mesa0 libegl1 libgl1 locales libsoup-3.0-0 libjson-glib-1.0-0
  libsqlite3-0 libdbus-1-3"
SDK_PKGS="$PLATFORM_PKGS libgtk-4-dev librsvg2-dev libglib2.0-dev libglib2.0-dev-bin meson
  ninja-build pkgconf gcc libc6-dev gettext desktop-file-utils appstream-util elfutils binutils
  gtk-update-icon-cache libgtk-4-bin libxml2-utils libsoup-3.0-dev libjson-glib-dev
  libsqlite3-dev libdbus-1-dev make"
# What the runtimes are made of: installed runtimes made otherwise are made again.
RUNTIMES_STAMP=$(printf '%s\n' "$SUITE" $PLATFORM_PKGS -- $SDK_PKGS -- "${ONE_RUNTIME:-}" \
  "${NO_APPSTREAM_COMPOSE:-}" | sha256sum | cut -c1-16)
rootfs () { # rootfs DIR PACKAGES: a Debian tree; the .debs are kept in WORKDIR/debs
  rm -rf "$1"
  mkdir -p "$WORK/debs"
  nice -n 10 mmdebstrap --variant=apt --skip=essential/unlink --skip=download/empty \
    --include="$(echo $2 | tr ' ' ,)" \
    --dpkgopt='force-unsafe-io' \
    --dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/info/*' \
    --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-include=/usr/share/doc/*/copyright' \
    --setup-hook='mkdir -p "$1"/var/cache/apt/archives/' \
    --setup-hook="sync-in $WORK/debs /var/cache/apt/archives/" \
    --customize-hook="sync-out /var/cache/apt/archives $WORK/debs" \
    --customize-hook='printf "en_US.UTF-8 UTF-8\nfr_FR.UTF-8 UTF-8\n" >"$1/etc/locale.gen"' \
    --customize-hook='chroot "$1" locale-gen' \
    "$SUITE" "$1" "deb $MIRROR $SUITE main" "deb $MIRROR $SUITE-updates main" \
    "deb $SECURITY $SUITE-security main"
}
runtime_dir () { # runtime_dir ROOTFS OUT: /usr as files/, /etc as files/etc
  rm -rf "$2"; mkdir -p "$2"
  mv "$1/usr" "$2/files"; mv "$1/etc" "$2/files/etc"; rm -rf "$1"
  # What a user installation's OSTree repo cannot hold, or needs not: setuid bits and
  # files only root may read.
  rm -f "$2"/files/etc/shadow* "$2"/files/etc/gshadow*
  find "$2" -type f \( -perm -4000 -o -perm -2000 \) -exec chmod ug-s {} +
  find "$2" ! -type l ! -perm -o=r -exec chmod a+r {} +
  find "$2" -type d ! -perm -o=x -exec chmod a+x {} +
}
metadata () { # metadata NAME FILE
  printf '[Runtime]\nname=%s\nruntime=%s/%s/%s\nsdk=%s/%s/%s\n' "$1" \
    "$RUNTIME" "$ARCH" "$BRANCH" "$SDK" "$ARCH" "$BRANCH" >"$2"
}
make_runtimes () {
  ostree init --mode=bare-user-only --repo="$WORK/repo"
  timed mmdebstrap-sdk rootfs "$WORK/rootfs-sdk" "$SDK_PKGS"
  runtime_dir "$WORK/rootfs-sdk" "$WORK/runtime-sdk"
  metadata "$SDK" "$WORK/runtime-sdk/metadata"
  # Freedesktop SDK 24.08 (under GNOME 47) has no appstream-compose any more, which
  # flatpak-builder before 1.3.4 (Debian 12 has 1.2.3) runs: NO_APPSTREAM_COMPOSE=1 leaves
  # it out here too, to see what such a flatpak-builder does with the real SDK.
  [ "${NO_APPSTREAM_COMPOSE:-}" != 1 ] || rm -f "$WORK/runtime-sdk/files/bin/appstream-compose"
  if [ "${ONE_RUNTIME:-}" = 1 ]; then
    metadata "$RUNTIME" "$WORK/platform-metadata"
    timed export-platform flatpak build-export --runtime --files=files --disable-fsync \
      --metadata="$WORK/platform-metadata" --no-update-summary "$WORK/repo" \
      "$WORK/runtime-sdk" "$BRANCH"
  else
    timed mmdebstrap-platform rootfs "$WORK/rootfs-platform" "$PLATFORM_PKGS"
    runtime_dir "$WORK/rootfs-platform" "$WORK/runtime-platform"
    metadata "$RUNTIME" "$WORK/runtime-platform/metadata"
    timed export-platform flatpak build-export --runtime --files=files --disable-fsync \
      --no-update-summary "$WORK/repo" "$WORK/runtime-platform" "$BRANCH"
  fi
  timed export-sdk flatpak build-export --runtime --files=files --disable-fsync \
    "$WORK/repo" "$WORK/runtime-sdk" "$BRANCH"
  rm -rf "$WORK/runtime-platform" "$WORK/runtime-sdk"
}
if [ "${REBUILD_RUNTIMES:-}" = 1 ] || ! flatpak --user info "$SDK//$BRANCH" >/dev/null 2>&1 \
   || ! flatpak --user info "$RUNTIME//$BRANCH" >/dev/null 2>&1 \
   || [ "$(cat "$WORK/runtimes.stamp" 2>/dev/null)" != "$RUNTIMES_STAMP" ]; then
  [ ! -f "$WORK/runtimes.stamp" ] ||
    say "the runtimes' package lists changed: they are made again"
  # Without Debian's archive there is nothing to make the runtimes from: not a regression.
  if ! python3 -c 'import sys, urllib.request; urllib.request.urlopen(sys.argv[1], timeout=30)' \
       "$MIRROR/dists/$SUITE/Release" 2>"$LOGS/archive.log"; then
    say "skip - $MIRROR cannot be reached (logs/archive.log): no runtimes to build from"
    exit 77
  fi
  rm -rf "$WORK/repo" "$HOME/.local/share/flatpak" "$WORK/runtimes.stamp"
  make_runtimes
  flatpak --user remote-add --no-gpg-verify local-debian "file://$WORK/repo"
  timed install-runtimes flatpak --user install -y --noninteractive local-debian \
    "$RUNTIME//$BRANCH" "$SDK//$BRANCH"
  echo "$RUNTIMES_STAMP" >"$WORK/runtimes.stamp"
else
  say "reusing the runtimes installed in $HOME/.local/share/flatpak"
fi
flatpak --user run --command=sh "$SDK//$BRANCH" -c 'echo "SDK: $(. /etc/os-release;
  echo $PRETTY_NAME), GTK $(pkg-config --modversion gtk4), librsvg $(pkg-config --modversion \
  librsvg-2.0), GLib $(pkg-config --modversion glib-2.0), libsoup $(pkg-config --modversion \
  libsoup-3.0), json-glib $(pkg-config --modversion json-glib-1.0), SQLite $(pkg-config \
  --modversion sqlite3), meson $(meson --version)"' \
  | tee -a "$WORK/summary.txt"
t_runtimes=$(date +%s)
# RUNTIMES_ONLY=1: the runtimes made ready and nothing more (CI makes them while the tests
# run, and checks the app once the tests are done).
if [ "${RUNTIMES_ONLY:-}" = 1 ]; then
  say "time: runtimes $((t_runtimes - t_start)) s (RUNTIMES_ONLY: nothing more)"
  exit 0
fi

# 2. The app, as the README says, the state and the build outside the checkout. Without
# a usable /dev/fuse (a non-root user, a container) flatpak-builder cannot use rofiles-fuse.
fuse=""
[ -r /dev/fuse ] && [ -w /dev/fuse ] || fuse="--disable-rofiles-fuse"
# The sources downloaded (Avahi's release) are kept: a rerun needs no network for them.
find "$WORK/state" -mindepth 1 -maxdepth 1 ! -name downloads -exec rm -rf {} + 2>/dev/null || true
rm -rf "$WORK/build-dir" "$WORK/app-repo"
# Stray build folders of a developer's must not go into the build.
for stray in _build-stray build-stray; do
  [ -e "$REPO/$stray" ] || { mkdir "$REPO/$stray" && : >"$REPO/$stray/stray-marker"; }
done
if timed flatpak-builder nice -n 10 flatpak-builder --user --install --force-clean $fuse \
    --keep-build-dirs --state-dir="$WORK/state" --repo="$WORK/app-repo" "$WORK/build-dir" \
    "$MANIFEST"; then
  ok "flatpak-builder built and installed $APP_ID"
else notok "flatpak-builder failed (logs/flatpak-builder.log)"; exit 1; fi
for stray in _build-stray build-stray; do
  [ -f "$REPO/$stray/stray-marker" ] && rm -r "$REPO/$stray"
done
if [ -n "$(find "$WORK/state/build" -name stray-marker 2>/dev/null)" ]; then
  notok "stray build folders were copied into the build (state/build)"
elif [ -d "$WORK/state/build" ]; then
  ok "no stray build folder copied into the build ($(du -sh "$WORK/state/build" | cut -f1) of sources and build)"
else notok "no build folder kept to look at (state/build)"; fi
rm -rf "$WORK/state/build"
flatpak --user list --columns=application,branch,origin | sed 's/^/  /' | tee -a "$WORK/summary.txt"
flatpak --user info --show-permissions "$APP_ID" >"$LOGS/permissions.txt"

# The sandbox's permissions, as installed: the network and Avahi's system bus name (games
# between machines), nothing of the host's files.
permission () { # permission SECTION KEY: the value of KEY in [SECTION] of permissions.txt
  awk -v section="[$1]" -v key="$2" '
    /^\[/ { in_section = ($0 == section) }
    in_section && index($0, key "=") == 1 { print substr($0, length(key) + 2) }
  ' "$LOGS/permissions.txt"
}
shared=$(permission Context shared)
case ";$shared;" in
  *";network;"*) ok "the sandbox shares the network (shared=$shared)" ;;
  *) notok "the sandbox does not share the network (logs/permissions.txt: shared=$shared)" ;;
esac
if [ "$(permission "System Bus Policy" org.freedesktop.Avahi)" = talk ]; then
  ok "the sandbox may talk to Avahi on the system bus (org.freedesktop.Avahi=talk)"
else notok "no org.freedesktop.Avahi=talk in [System Bus Policy] (logs/permissions.txt)"; fi
if [ -n "$(permission Context filesystems)" ]; then
  notok "the sandbox has host files: filesystems=$(permission Context filesystems)"
fi

# 3. What the installation exports to the desktop.
EXP="$HOME/.local/share/flatpak/exports/share"
for f in applications/$APP_ID.desktop icons/hicolor/scalable/apps/$APP_ID.svg \
         icons/hicolor/symbolic/apps/$APP_ID-symbolic.svg; do
  if [ -e "$EXP/$f" ]; then ok "exported: $f"; else notok "not exported: $f"; fi
done
grep '^Exec=' "$EXP/applications/$APP_ID.desktop" | sed 's/^/  /' | tee -a "$WORK/summary.txt"
if command -v desktop-file-validate >/dev/null; then
  if desktop-file-validate "$EXP/applications/$APP_ID.desktop"; then
    ok "the exported desktop file validates"
  else notok "the exported desktop file does not validate"; fi
fi
(cd "$WORK/build-dir/export" && find . ! -type d | sort) >"$LOGS/build-export.txt"
if ls "$WORK"/build-dir/files/share/app-info/xmls/*.xml.gz >/dev/null 2>&1; then
  ok "appstream-compose made the AppStream data (build-dir/files/share/app-info)"
else notok "no AppStream data"; fi

# 4. The app under Xvfb, in a private mount namespace.
t_gui=$(date +%s)
if [ "${SKIP_GUI:-}" != 1 ]; then
  [ ! -e /tmp/.X11-unix/X$DISPLAY_NUM ] || { say "display :$DISPLAY_NUM is taken"; exit 2; }
  Xvfb :$DISPLAY_NUM -screen 0 1280x800x24 -nolisten tcp >"$LOGS/xvfb.log" 2>&1 &
  xvfb=$!
  trap 'kill $xvfb 2>/dev/null || true' EXIT
  sleep 1
  if unshare --mount --propagation private "$SELF" --ns "$REPO" "$WORK"; then :
  else fails=$((fails + $?)); fi
  say "time: gui-checks $(($(date +%s) - t_gui)) s"
  kill $xvfb; wait $xvfb 2>/dev/null || true; trap - EXIT
fi

# 5. Time and disk.
say "time: runtimes $((t_runtimes - t_start)) s, app build $((t_gui - t_runtimes)) s," \
  "in all $(($(date +%s) - t_start)) s"
say "disk (du; hard links counted once per line):"
for d in debs repo home/.local/share/flatpak state build-dir app-repo; do
  [ -e "$WORK/$d" ] && say "  $(du -sh "$WORK/$d" | cut -f1)	$d"
done
say "  $(du -sh "$WORK" | cut -f1)	all of $WORK"
say "installed: $(flatpak --user list --columns=application,size | tr '\t' ' ' | tr '\n' ';')"
if [ $fails -eq 0 ]; then say "RESULT: all checks passed"
else say "RESULT: $fails check(s) failed"; fi
[ $fails -eq 0 ]
