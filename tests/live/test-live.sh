#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# test-live.sh: `lttv info` and `lttv dump` on a relay daemon's live session
# print what babeltrace2 prints, on the same session and on the stored copy;
# events are printed while the session records, and dump ends when the
# session is destroyed.
. "$LTTV_SRCDIR/tests/lib/tap.sh"
. "$LTTV_SRCDIR/tests/live/live-lib.sh"
live_setup
plan 12

S=lttv-live-$$
live_session "$S" || { diag "$(cat "$T/lttng.log")"; skip_all "cannot create a live session"; }
SURL=$URL/host/$HOST/$S

# info: the session list, as babeltrace2's lttng-live source lists it
timeout 20 "$BT" --input-format=lttng-live "$URL" >"$T/bt-info.txt" 2>&1
timeout 20 "$LTTV" info "$URL" >"$T/lttv-info.txt" 2>"$T/lttv-info.err"
check "info lists the sessions as babeltrace2 does" \
  cmp -s "$T/bt-info.txt" "$T/lttv-info.txt"
grep -q "^$SURL (timer = 100000, " "$T/lttv-info.txt" \
  && ok "info names the session with its URL and live timer" \
  || { fail "info names the session with its URL and live timer"; diag "$(cat "$T/lttv-info.txt" "$T/lttv-info.err")"; }

# babeltrace2 follows the session as it records (it reads what comes
# after it attaches); a relay daemon serves a session to one viewer at a
# time, so lttv reads the same session once it is stopped, from its
# beginning, and until it is destroyed.
timeout 30 "$BT" "$SURL" >"$T/bt.txt" 2>"$T/bt.err" &
BT_PID=$!
sleep 1
"$APP" 2000 2000 2
N=$((2 + 2000 * 2))
wait_lines "$T/bt.txt" "$N" 20
lt stop "$S"
kill "$BT_PID"; wait "$BT_PID" 2>/dev/null
timeout 60 "$LTTV" dump "$SURL" >"$T/lttv.txt" 2>"$T/lttv.err" &
LTTV_PID=$!
wait_lines "$T/lttv.txt" "$N" 20
lt destroy "$S"
wait_exit "$LTTV_PID" 30
rc=$?
check "dump ends by itself when the session is destroyed (status $rc)" \
  test "$rc" = 0
[ -s "$T/lttv.err" ] && diag "stderr: $(head -5 "$T/lttv.err")"
check "dump prints the $N events" test "$(wc -l <"$T/lttv.txt")" = "$N"
check "dump's lines are babeltrace2's on the same live session" \
  cmp -s "$T/bt.txt" "$T/lttv.txt"
cmp -s "$T/bt.txt" "$T/lttv.txt" || diag "$(diff "$T/bt.txt" "$T/lttv.txt" | head -4)"
timeout 60 "$BT" "$T/relay/$HOST/$S"-* >"$T/bt-stored1.txt" 2>&1
check "dump's lines are babeltrace2's on the stored copy of that session" \
  cmp -s "$T/bt-stored1.txt" "$T/lttv.txt"

# lttv following a second session as it records
S2=lttv-live2-$$
live_session "$S2"
timeout 60 "$LTTV" dump "$URL/host/$HOST/$S2" >"$T/live.txt" 2>"$T/live.err" &
LTTV_PID=$!
sleep 1
# one event first: printed while the session still records
"$APP" 1
wait_lines "$T/live.txt" 3 10 \
  && ok "events are printed while the session records" \
  || { fail "events are printed while the session records"; diag "$(cat "$T/live.err")"; }
"$APP" 3000 3000 2
N2=$((3 + 2 + 3000 * 2))
wait_lines "$T/live.txt" "$N2" 20 \
  && ok "all $N2 events arrive while the session records" \
  || fail "all $N2 events arrive while the session records ($(wc -l <"$T/live.txt"))"
lt destroy "$S2"
wait_exit "$LTTV_PID" 30
rc=$?
check "a session destroyed while recording: dump ends (status $rc)" \
  test "$rc" = 0
[ -s "$T/live.err" ] && diag "stderr: $(head -5 "$T/live.err")"
timeout 60 "$BT" "$T/relay/$HOST/$S2"-* >"$T/bt-stored.txt" 2>&1
check "dump's lines are babeltrace2's on the relay daemon's stored copy" \
  cmp -s "$T/bt-stored.txt" "$T/live.txt"
cmp -s "$T/bt-stored.txt" "$T/live.txt" \
  || diag "$(diff "$T/bt-stored.txt" "$T/live.txt" | head -6)"
# the mirror folder is private and removed at the end
check "the mirror folders are removed" \
  sh -c "[ -z \"\$(ls -A '$XDG_CACHE_HOME/lttv/live' 2>/dev/null)\" ]"

# a URL naming no session of the daemon
timeout 20 "$LTTV" dump "$URL/host/$HOST/no-such-session" >"$T/none.txt" 2>"$T/none.err"
rc=$?
check "an unknown session: status 1 and a clear message" \
  sh -c "[ $rc = 1 ] && grep -q '^lttv: $URL/host/$HOST/no-such-session: the relay daemon has no session no-such-session of host' '$T/none.err'"
finish
