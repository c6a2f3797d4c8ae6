#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# build-container.sh: builds data/server/Containerfile with Podman and no registry, and plays on it (a tool, not a CI test)
#
# Usage: tests/bench/build-container.sh [BUILD_DIR] [WORK]
#
# Run from the source tree's root, as root (a few minutes; docs/server.md, "Running a server").
# 1. The base images debian:12 and debian:12-slim are made from Debian's archive with
#    mmdebstrap (minbase, merged /usr, APT set up as in the official images: no caches kept,
#    no translations; the slim one without documentation, manual pages or locales) and
#    imported under those names, since no registry may be reachable; kept for later runs
#    (FRESH=1 makes them again).
# 2. `podman build --pull=never -f data/server/Containerfile -t trio-server .`, with stray
#    build folders (_build-stray, build-stray) in the tree that .containerignore must keep out
#    of the build stage.
# 3. The image run with a named volume for its state (-p to a free port; NETWORK=host runs it
#    on the host's network with --port): two bots of BUILD_DIR's trio-client play a Marelle
#    game on it and a bot a TRICHESS game against two of the server's computer players; the
#    server runs as the user trio, not root.
# 4. The container stopped (SIGTERM) and started again: the finished games are still there,
#    watched and exported the same. Then the image's size.
#
# Podman's images, containers and volumes are kept in WORK (/var/tmp/trio-container by
# default), with a containers.conf of their own, nothing in the machine's. On this sandbox
# (a VM, root, cgroups v1 with a v2 hierarchy beside it, no systemd) crun refuses every
# container ("cgroups in hybrid mode not supported"), so runc runs them; and root without
# CAP_SYS_RESOURCE cannot raise its limits, so the containers get the shell's open files and
# 4096 processes. Needs: apt-get install podman runc mmdebstrap. KEEP=1 leaves the container
# and its volume.
set -u

build=${1:-_build}
work=${2:-/var/tmp/trio-container}
client="$build/src/server/trio-client"
[ -f data/server/Containerfile ] || { echo "run from the source tree's root" >&2; exit 2; }
for tool in podman runc mmdebstrap python3 "$client"; do
  command -v "$tool" > /dev/null || { echo "needs $tool" >&2; exit 2; }
done
client=$(realpath "$client")
mkdir -p "$work/logs" || exit 2
work=$(realpath "$work")
logs="$work/logs"
export BG_SEARCH_THREADS=1

passed=0
failed=0
ok () { echo "ok - $*"; passed=$((passed + 1)); }
notok () { echo "not ok - $*"; failed=$((failed + 1)); }
finish () {
  echo "$passed passed, $failed failed"
  [ "$failed" = 0 ]
  exit
}

# Podman's own configuration and storage, in WORK.
nofile=$(ulimit -Hn)
[ "$nofile" = unlimited ] && nofile=1048576
cat > "$work/containers.conf" <<EOF
[containers]
default_ulimits = ["nofile=$nofile:$nofile", "nproc=4096:4096"]
[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
events_logger = "file"
EOF
cat > "$work/storage.conf" <<EOF
[storage]
driver = "${STORAGE_DRIVER:-overlay}"
graphroot = "$work/storage"
runroot = "$work/run"
EOF
export CONTAINERS_CONF="$work/containers.conf" CONTAINERS_STORAGE_CONF="$work/storage.conf"

name=trio-check
volume=trio-check-state
cleanup () {
  if [ "${KEEP:-0}" = 1 ]; then
    echo "# kept: container $name, volume $volume (CONTAINERS_CONF=$CONTAINERS_CONF CONTAINERS_STORAGE_CONF=$CONTAINERS_STORAGE_CONF podman ...)"
  else
    podman rm -f -t 2 "$name" > /dev/null 2>&1
    podman volume rm -f "$volume" > /dev/null 2>&1
  fi
  for stray in _build-stray build-stray; do
    [ -f "$stray/stray-marker" ] && rm -r "$stray"
  done
}
trap cleanup EXIT

# 1. The base images.
base_config="$work/base-config"
mkdir -p "$base_config"
cat > "$base_config/docker-clean" <<'EOF'
# No package or cache kept after an install (a layer holds them for nothing).
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
Dir::Cache::pkgcache "";
Dir::Cache::srcpkgcache "";
EOF
echo 'Acquire::Languages "none";' > "$base_config/docker-no-languages"
echo 'Acquire::GzipIndexes "true";' > "$base_config/docker-gzip-indexes"
echo 'Apt::AutoRemove::SuggestsImportant "false";' > "$base_config/docker-autoremove-suggests"
mirror=${MIRROR:-http://deb.debian.org/debian}
security=${SECURITY_MIRROR:-http://deb.debian.org/debian-security}
slim_opts=(
  --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-include=/usr/share/doc/*/copyright'
  --dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/info/*'
  --dpkgopt='path-exclude=/usr/share/locale/*'
  --dpkgopt='path-include=/usr/share/locale/locale.alias'
  --dpkgopt='path-exclude=/usr/share/lintian/*'
)
[ "${FRESH:-0}" = 1 ] && podman rmi -a -f > /dev/null 2>&1
for tag in 12 12-slim; do
  if [ "${FRESH:-0}" != 1 ] && podman image exists "docker.io/library/debian:$tag"; then
    ok "debian:$tag is there ($(podman images --format '{{.Size}}, made {{.CreatedSince}}' "docker.io/library/debian:$tag"))"
    continue
  fi
  opts=()
  [ "$tag" = 12-slim ] && opts=("${slim_opts[@]}")
  rm -f "$work/debian-$tag.tar"
  # shellcheck disable=SC2016 # "$1" is the chroot, for mmdebstrap's hook
  if printf 'deb %s bookworm main\ndeb %s bookworm-updates main\ndeb %s bookworm-security main\n' \
       "$mirror" "$mirror" "$security" \
     | nice -n 19 mmdebstrap --variant=minbase --format=tar \
         --hook-dir=/usr/share/mmdebstrap/hooks/merged-usr "${opts[@]}" \
         --customize-hook="copy-in $base_config/docker-clean $base_config/docker-no-languages $base_config/docker-gzip-indexes $base_config/docker-autoremove-suggests /etc/apt/apt.conf.d" \
         --customize-hook='rm -f "$1"/var/cache/apt/*.bin' \
         bookworm "$work/debian-$tag.tar" - > "$logs/mmdebstrap-$tag.log" 2>&1 \
     && podman import --change 'CMD ["bash"]' "$work/debian-$tag.tar" \
          "docker.io/library/debian:$tag" > "$logs/import-$tag.log" 2>&1; then
    ok "debian:$tag made with mmdebstrap and imported ($(podman images --format '{{.Size}}' "docker.io/library/debian:$tag"))"
    rm -f "$work/debian-$tag.tar"
  else
    notok "debian:$tag could not be made (logs/mmdebstrap-$tag.log, logs/import-$tag.log)"
    finish
  fi
done

# 2. The image.
for stray in _build-stray build-stray; do
  [ -e "$stray" ] || { mkdir "$stray" && : > "$stray/stray-marker"; }
done
start=$(date +%s)
if nice -n 19 podman build --pull=never -f data/server/Containerfile -t trio-server . \
     > "$logs/build.log" 2>&1; then
  ok "podman build -f data/server/Containerfile -t trio-server . ($(($(date +%s) - start)) s)"
else
  notok "podman build failed (logs/build.log)"
  tail -20 "$logs/build.log"
  finish
fi
# The build stage, from the same cached layers: what COPY . /src took.
if podman build --pull=never --target build -f data/server/Containerfile -t trio-server-build . \
     > "$logs/build-stage.log" 2>&1 \
   && podman run --rm --entrypoint sh trio-server-build -c \
        'ls -A /src; find /src -name stray-marker' > "$logs/src.txt" 2>&1; then
  if grep -qE '^\.git$|stray-marker' "$logs/src.txt"; then
    notok "the build stage's /src has Git or a stray build folder (logs/src.txt)"
  else
    ok "the build stage's /src has no Git nor build folder: $(grep -v / "$logs/src.txt" | tr '\n' ' ')"
  fi
else notok "the build stage could not be read (logs/build-stage.log, logs/src.txt)"; fi
# Untagged, not removed: its layers are the next run's cache (rmi would remove them too).
podman untag trio-server-build > /dev/null 2>&1

# 3. Run it.
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0))
print(s.getsockname()[1])')
podman rm -f -t 2 "$name" > /dev/null 2>&1
podman volume rm -f "$volume" > /dev/null 2>&1
podman volume create "$volume" > /dev/null
if [ "${NETWORK:-}" = host ]; then
  net=(--network host) extra=(--port "$port")
else
  net=(-p "127.0.0.1:$port:8080") extra=()
fi
if podman run -d --name "$name" "${net[@]}" -v "$volume:/var/lib/trio-server" trio-server \
     "${extra[@]}" --public-url "trio://127.0.0.1:$port" > "$logs/run.log" 2>&1; then
  ok "podman run -d ${net[*]} -v $volume:/var/lib/trio-server trio-server ${extra[*]} --public-url trio://127.0.0.1:$port"
else
  notok "podman run failed (logs/run.log)"; cat "$logs/run.log"; finish
fi

# wait_started N: waits for the Nth "listening" line of the container's log (60 s).
wait_started () {
  for _ in $(seq 300); do
    [ "$(podman logs "$name" 2>&1 | grep -c 'trio-server: listening on port')" -ge "$1" ] && return 0
    sleep 0.2
  done
  return 1
}
if wait_started 1; then ok "the server listens: $(podman logs "$name" 2>&1 | grep 'invite links begin')"
else notok "the server did not start"; podman logs "$name" 2>&1 | tail; finish; fi

user=$(podman top "$name" user pid args | sed -n 2p)
uid=$(podman exec "$name" id -u 2> /dev/null)
if [[ "$user" != trio* ]]; then notok "the server runs as '$user'"
elif [ -z "$uid" ] || [ "$uid" = 0 ]; then notok "the server's uid is '$uid'"
else ok "the server runs as trio (uid $uid): $user"; fi

# A Marelle game of two bots.
timeout 300 "$client" create --server "ws://127.0.0.1:$port" --game marelle --seats human,human --name Ann \
  --bot 1 --nodes 2000 --export "$work/marelle.trio" < /dev/null > "$logs/ann.out" \
  2> "$logs/ann.err" &
ann=$!
link=""
for _ in $(seq 600); do
  link=$(sed -n 's/^welcome .* link=\([^ ]*\).*/\1/p' "$logs/ann.out")
  [ -n "$link" ] && break
  sleep 0.1
done
if [ -n "$link" ]; then
  timeout 300 "$client" join "$link" --name Bob --bot 1 --nodes 2000 < /dev/null \
    > "$logs/bob.out" 2> "$logs/bob.err"
  bob=$?
  wait "$ann"
  ann=$?
  marelle_end=$(grep '^end ' "$logs/ann.out")
  if [ "$ann" = 0 ] && [ "$bob" = 0 ] && [ -n "$marelle_end" ]; then
    ok "two bots played Marelle to its end: $(grep -c '^move ' "$logs/ann.out") moves, $marelle_end"
  else notok "the Marelle game: exit $ann and $bob (logs/ann.*, logs/bob.*)"; fi
else
  kill "$ann" 2> /dev/null; wait "$ann"
  notok "no welcome from the server (logs/ann.*)"
fi

# A TRICHESS game of a bot and the server's computer players.
timeout 600 "$client" create --server "ws://127.0.0.1:$port" --game trichess \
  --seats human,computer:1,computer:1 --name Cid --bot 1 --nodes 2000 --answer-draw yes \
  --export "$work/trichess.trio" < /dev/null > "$logs/cid.out" 2> "$logs/cid.err"
cid=$?
trichess_link=$(sed -n 's/^welcome .* link=\([^ ]*\).*/\1/p' "$logs/cid.out")
trichess_end=$(grep '^end ' "$logs/cid.out")
if [ "$cid" = 0 ] && [ -n "$trichess_end" ]; then
  ok "a bot and two computer players of the server played TRICHESS to its end: $(grep -c '^move ' "$logs/cid.out") moves, $trichess_end"
else notok "the TRICHESS game: exit $cid (logs/cid.*)"; fi

podman exec "$name" ls -ln /var/lib/trio-server > "$logs/state.txt" 2>&1
owner=$(awk '/ trio-server.db$/ { print $3 }' "$logs/state.txt")
if [ -n "$uid" ] && [ "$owner" = "$uid" ]; then
  ok "the volume holds the store, written by trio: $(awk '/ trio-server/ { printf "%s ", $NF }' "$logs/state.txt")"
else notok "the volume: no trio-server.db of uid $uid (logs/state.txt)"; fi

# 4. Stop, start, and watch the finished games.
start=$(date +%s.%N)
podman stop -t 20 "$name" > /dev/null 2>&1
stopped=$(python3 -c "import time; print('%.1f' % (time.time() - $start))")
if podman logs "$name" 2>&1 | grep -q 'Shutting down'; then
  ok "podman stop: the server shut down on SIGTERM in $stopped s"
else notok "podman stop: no clean shut-down in the log ($stopped s)"; fi
podman start "$name" > /dev/null 2>&1
if wait_started 2; then
  ok "started again: $(podman logs "$name" 2>&1 | grep 'rooms restored' | tail -1 | sed 's/.*: //')"
else notok "the server did not start again"; podman logs "$name" 2>&1 | tail; finish; fi

# watch_same GAME LINK END: the finished game watched after the restart, and exported.
watch_same () {
  local out="$logs/watch-$1.out"
  timeout 60 "$client" watch "$2" --export "$work/$1-watched.trio" < /dev/null > "$out" 2>&1
  if [ "$(grep '^end ' "$out")" = "$3" ] \
     && diff <(grep -v '^# saved' "$work/$1.trio") \
             <(grep -v '^# saved' "$work/$1-watched.trio") > /dev/null 2>&1; then
    ok "after the restart, the $1 game is there, finished, and exports the same (${3#end })"
  else notok "after the restart, the $1 game differs or is missing ($out)"; fi
}
[ -n "$link" ] && watch_same marelle "$link" "$marelle_end"
[ -n "$trichess_link" ] && watch_same trichess "$trichess_link" "$trichess_end"

echo "# image: $(podman images --format '{{.Repository}}:{{.Tag}} {{.Size}}' localhost/trio-server)" \
  "($(podman image inspect --format '{{.Size}}' localhost/trio-server) bytes)"
podman images --format '#   {{.Repository}}:{{.Tag}} {{.Size}}' | grep -v '<none>'
finish
