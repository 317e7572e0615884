#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# test-live-state.sh: the state of a live session built as it arrives
# (the open traceset grown in place, the build going on from its last
# event up to the complete time) is the state built whole on the relay
# daemon's stored copy: the same events (babeltrace2 counts them), the
# same checkpoints, the same state at each; and no event was applied twice.
. "$LTTV_SRCDIR/tests/lib/tap.sh"
. "$LTTV_SRCDIR/tests/live/live-lib.sh"
live_setup
plan 5

STATE=$LTTV_BUILDDIR/tests/live/live-state
S=lttv-state-$$
live_session "$S" || { diag "$(cat "$T/lttng.log")"; skip_all "cannot create a live session"; }
timeout 120 "$STATE" "$URL/host/$HOST/$S" >"$T/live.txt" 2>"$T/live.err" &
LPID=$!
sleep 1
# 3 s of events at 10 000 a second, from two threads: the session grows
# over some 30 live timer periods while it is followed
"$APP" 30000 10000 2
sleep 1
lt destroy "$S"
wait_exit "$LPID" 60
rc=$?
check "the live build ends with the session (status $rc)" test "$rc" = 0
[ "$rc" = 0 ] || diag "$(head -5 "$T/live.err")"
timeout 60 "$BT" "$T/relay/$HOST/$S"-* >"$T/bt.txt" 2>&1
n_bt=$(wc -l <"$T/bt.txt")
check "it holds the $n_bt events babeltrace2 reads in the stored copy" \
  grep -qx "events $n_bt" "$T/live.txt"
"$STATE" --stored "$(ls -d "$T/relay/$HOST/$S"-*)" >"$T/stored.txt" 2>"$T/stored.err"
check "its checkpoints and the state at each are the stored copy's" \
  cmp -s "$T/stored.txt" "$T/live.txt"
diag "the stored copy's state: $(wc -l <"$T/stored.txt") lines, $(grep -c '^checkpoint' "$T/stored.txt") checkpoints"
cmp -s "$T/stored.txt" "$T/live.txt" || diag "$(diff "$T/stored.txt" "$T/live.txt" | head -6)"
# steps N grows G applied A: built in steps, over a traceset grown in place
set -- $(cat "$T/live.err")
diag "live build: $*"
check "it was built in steps as the session grew ($2 steps, $4 grows)" \
  test "${2:-0}" -ge 5 -a "${4:-0}" -ge 5
check "each event was applied once ($6 applied, $n_bt events)" test "${6:-0}" = "$n_bt"
