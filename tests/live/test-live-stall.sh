#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# test-live-stall.sh: lttv-gui following a live session that records
# 100 000 events a second: the main loop never stalls 50 ms of its own
# making (LTTV_STALL_REPORT; the time the main thread waited for a core
# on the shared machine left out), the tab keeps up with the session,
# and the finished tab holds babeltrace2's count of the stored copy.
. "$LTTV_SRCDIR/tests/lib/tap.sh"
. "$LTTV_SRCDIR/tests/lib/xvfb.sh"
. "$LTTV_SRCDIR/tests/live/live-lib.sh"
live_setup
plan 4

gui="$LTTV_BUILDDIR/gui/lttv-gui"
S=lttv-stall-$$
live_session "$S" || { diag "$(cat "$T/lttng.log")"; skip_all "cannot create a live session"; }
GUI_PID=
APP_PID=
stop_all () {
  [ -n "$GUI_PID" ] && kill "$GUI_PID" 2>/dev/null
  [ -n "$APP_PID" ] && kill "$APP_PID" 2>/dev/null
  live_cleanup
}
trap stop_all EXIT

# (appended to: the test marks where the follow begins and ends)
LTTV_STALL_REPORT=verbose G_MESSAGES_DEBUG=lttv-live-tab "$gui" >>"$T/gui.err" 2>&1 &
GUI_PID=$!
win=$(wait_window '(LTTV|LTTV Trace Viewer)$' 60)
[ -n "$win" ] || { sed 's/^/# lttv-gui: /' "$T/gui.err"; echo "Bail out! lttv-gui did not show its window"; exit 99; }
title () { xdotool getwindowname "$win" 2>/dev/null; }
title_count () { title | sed -n 's/.*\[[a-z]*: \([0-9]*\) events.*/\1/p'; }

act attach-live "'$URL/host/$HOST/$S'"
wait_window "^$S \\[live" 20 >/dev/null
# 8 s at 100 000 events a second: two threads of 50 000 a second
"$APP" 400000 50000 2 &
APP_PID=$!
# the follow: from 1 s after the tab's first opening (the viewers take
# the traceset and draw it, as for any trace) to the recording's end
for _ in $(seq 100); do grep -q 'opened .* after the data came' "$T/gui.err" && break; sleep 0.1; done
sleep 1
echo "lttv-live-stall-test: follow begins" >>"$T/gui.err"
sleep 2
n1=$(title_count)
wait "$APP_PID"; APP_PID=
echo "lttv-live-stall-test: follow ends" >>"$T/gui.err"
t_end=$(date +%s%N)
# keeping up: the tab has every event within 3 s of the recording's end
N=$((2 + 400000 * 2))
n2=0
for _ in $(seq 60); do
  n2=$(title_count)
  [ "${n2:-0}" -ge "$N" ] && break
  sleep 0.1
done
lag=$(( ($(date +%s%N) - t_end) / 1000000 ))
diag "events in the title: ${n1:-none} mid-way, ${n2:-none} ${lag} ms after the recording ended"
check "the tab keeps up with 100 000 events/s (all $N within 3 s: $lag ms)" \
  test "${n2:-0}" -ge "$N" -a "$lag" -lt 3000
lt destroy "$S"
fin=$(wait_window "^$S \\[finished: " 60)
n=$(title_count)
timeout 60 "$BT" "$T/relay/$HOST/$S"-* >"$T/bt.txt" 2>&1
nb=$(wc -l <"$T/bt.txt")
check "the finished tab holds babeltrace2's count of the stored copy ($n, $nb)" \
  test -n "$fin" -a "$n" = "$nb"
act quit
for _ in $(seq 150); do kill -0 "$GUI_PID" 2>/dev/null || break; sleep 0.1; done
kill -0 "$GUI_PID" 2>/dev/null && fail "lttv-gui quits" || ok "lttv-gui quits"
GUI_PID=
# LTTV_STALL_REPORT=verbose prints each tick of 10 ms or more of the main
# loop's own (not waiting for a core); the debug lines say when the tab
# opened the folder and drew.
grep 'lttv-gui: longest\|first paint' "$T/gui.err" | sed 's/^/# /'
grep -c 'opened .* after the data came' "$T/gui.err" | sed 's/^/# openings of the folder: /'
sed -n '/opened .* after the data came/,/lttv-live-stall-test: follow begins/p' "$T/gui.err" \
  | sed -n 's/^lttv-gui: own stall \([0-9.]*\) ms.*/\1/p' | sort -n | tail -1 \
  | sed 's/^/# the first opening and its paint: longest own stall (ms) /'
sed -n '/lttv-live-stall-test: follow begins/,/lttv-live-stall-test: follow ends/p' "$T/gui.err" >"$T/follow.err"
sed -n 's/.*\(drawn\|opened\) \([0-9]*\) ms after the data came.*/\2/p' "$T/follow.err" | sort -n >"$T/drawn.txt"
diag "drawn after the data came: $(wc -l <"$T/drawn.txt") times, median $(sed -n "$(( ($(wc -l <"$T/drawn.txt") + 1) / 2 ))p" "$T/drawn.txt") ms, at most $(tail -1 "$T/drawn.txt") ms"
own=$(sed -n 's/^lttv-gui: own stall \([0-9]*\)\..*/\1/p' "$T/follow.err" | sort -n | tail -1)
diag "own stalls of 10 ms or more while following: $(grep -c '^lttv-gui: own stall' "$T/follow.err"), the longest ${own:-0} ms"
check "following, the main loop never stalled 50 ms of its own (${own:-0} ms)" \
  test "${own:-0}" -lt 50 -a "$(wc -l <"$T/follow.err")" -gt 2
grep -E 'CRITICAL|AddressSanitizer|runtime error' "$T/gui.err" | sed 's/^/# /'
finish
