#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# test-discovery-avahi.sh: a game announced by one TrioDiscovery and listed by another,
# through a real avahi-daemon: usage: test-discovery-avahi.sh TEST_DISCOVERY
#
# Nothing of the machine is used nor disturbed: the test runs in network and mount
# namespaces of its own (unshare), with a tmpfs on /run (the daemon's pid file and socket,
# the bus's socket), a D-Bus system bus of its own (dbus-daemon), and one interface, a veth
# pair with a link-local IPv4 address, on which its own avahi-daemon (started and stopped
# by test-discovery itself, to check that TrioDiscovery waits for a daemon and outlives
# one) announces and browses. It needs root, unshare, ip (iproute2), dbus-daemon and
# avahi-daemon (build-aux/dev.sh installs them); without one of them, or where the
# namespaces or the veth pair cannot be made (a container without the privileges), it is
# skipped (exit status 77) and says why.
set -u

skip () {
  echo "skip: $*"
  exit 77
}

if [ "${1:-}" != --inside ]; then
  test_binary=${1:?usage: $0 TEST_DISCOVERY}
  [ "$(id -u)" -eq 0 ] ||
    skip "needs root (namespaces of its own, its own system bus and avahi-daemon)"
  for tool in unshare ip dbus-daemon avahi-daemon; do
    command -v $tool >/dev/null 2>&1 || skip "no $tool (build-aux/dev.sh deps installs it)"
  done
  unshare --mount --net --propagation private true 2>/dev/null ||
    skip "unshare cannot make a network and mount namespace here"
  exec unshare --mount --net --propagation private "$0" --inside "$test_binary"
fi

# In the namespaces.
test_binary=$2
work=$(mktemp -d "${TMPDIR:-/tmp}/trio-discovery-XXXXXX") || exit 99
bus=""
cleanup () {
  [ -z "$bus" ] || kill "$bus" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

mount -t tmpfs -o mode=755 tmpfs /run || skip "cannot mount a tmpfs on /run"
mkdir -p /run/dbus
if ! ip link add trio0 type veth peer name trio1 2>"$work/ip.log"; then
  skip "no veth pair: $(cat "$work/ip.log")"
fi
ip link set trio0 multicast on up && ip link set trio1 up &&
  ip address add 169.254.46.1/16 dev trio0 || exit 99

cat >"$work/bus.conf" <<EOF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>system</type>
  <listen>unix:path=/run/dbus/system_bus_socket</listen>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
EOF
cat >"$work/avahi-daemon.conf" <<EOF
[server]
host-name=trio-test
use-ipv4=yes
use-ipv6=no
allow-interfaces=trio0
[wide-area]
enable-wide-area=no
[publish]
publish-hinfo=no
publish-workstation=no
EOF

dbus-daemon --config-file="$work/bus.conf" --nofork --nopidfile 2>"$work/bus.log" &
bus=$!
for _ in $(seq 1 100); do
  [ -S /run/dbus/system_bus_socket ] && break
  kill -0 "$bus" 2>/dev/null || break
  sleep 0.1
done
[ -S /run/dbus/system_bus_socket ] || { cat "$work/bus.log"; echo "no system bus"; exit 99; }

export DBUS_SYSTEM_BUS_ADDRESS=unix:path=/run/dbus/system_bus_socket
export TRIO_TEST_AVAHI_DAEMON="avahi-daemon --file=$work/avahi-daemon.conf --no-drop-root \
--no-chroot --no-rlimits --no-proc-title"
export TRIO_TEST_AVAHI_LOG="$work/avahi.log"
export G_MESSAGES_DEBUG=Trio
status=0
"$test_binary" -p /discovery/announce-and-find || status=$?
if [ $status -ne 0 ]; then
  echo "--- avahi-daemon's log (the last run):"
  cat "$work/avahi.log"
fi
exit $status
