#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Four trio-clients play a whole Triomino game through a real trio-server, each seat a bot
# of level 1 bounded by nodes that plays from its seat's view, with a spectator; every
# message each received is kept (--json), and check-no-leak finds in none a tile of another
# hand or of the pile before it was laid on the table or shown at a round's count. The
# check is shown to fail on a log given as another seat's.
#
#   test-server-triomino.sh TRIO_SERVER TRIO_CLIENT CHECK_NO_LEAK
TRIO_SERVER=$1 TRIO_CLIENT=$2 CHECK_NO_LEAK=$3
. "$(dirname "$0")/server-lib.sh"

bot_args=(--bot 1 --nodes 300 --json)
start_server
bot s0 create --server "$(server_url)" --game triomino --option players=4 \
  --seats human,human,human,human --seat 0 --name Ann "${bot_args[@]}" \
  --export "$work/game.trio"
wait_for s0 '"type":"welcome"'
link=$(sed -n 's/.*"link":"\([^"]*\)".*/\1/p' "$work/s0.out" | head -n 1)
[ -n "$link" ] || die "no invite link in the welcome"
bot s1 join "$link" --seat 1 --name Bob "${bot_args[@]}"
bot s2 join "$link" --seat 2 --name Cid "${bot_args[@]}"
bot s3 join "$link" --seat 3 --name Dee "${bot_args[@]}"
wait_for s3 '"type":"welcome"'
bot watcher watch "$link" --json

for name in s0 s1 s2 s3; do
  expect_exit "$name" 0
done
[ "$failures" -eq 0 ] || die "a seat did not play to the end"
expect_exit watcher 0
[ -s "$work/game.trio" ] || die "no exported game"
echo "# $(grep -c '"type":"move"' "$work/s0.out") moves; $(grep '"type":"end"' "$work/s0.out")"
grep -q '^option seed=' "$work/game.trio" && ok "the record, after the end, has the seed" ||
  not_ok "the record has no seed"

# Each log with the seat its welcome gave.
logs=()
for name in s0 s1 s2 s3; do
  logs+=("$(sed -n 's/.*"type":"welcome".*"seat":\([0-9]*\).*/\1/p' "$work/$name.out")"
         "$work/$name.out")
done
echo "# seats and logs: ${logs[*]//$work\//}"
if "$CHECK_NO_LEAK" "$work/game.trio" "${logs[@]}" -1 "$work/watcher.out"; then
  ok "no seat and no spectator was sent a tile it should not have seen"
else
  not_ok "a tile leaked"
fi
# The check can fail: seat 0's messages name its own hand, which seat 1 must not see.
if "$CHECK_NO_LEAK" "$work/game.trio" 1 "$work/s0.out" >/dev/null; then
  not_ok "the check passes seat 0's messages as seat 1's"
else
  ok "the check finds seat 0's hand in its messages read as seat 1's"
fi
finish
