#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The window never freezes: while a script moves the time window, zooms,
# steps back and forward and sets the current time and selection, as a
# user dragging and clicking would, no main-loop callback runs 50 ms or
# more. lttv-gui measures, after the first paint (LTTV_STALL_REPORT), the
# longest gap between ticks of a 5 ms timer (wall clock: printed) and the
# main thread's CPU time between two ticks (judged: it is what callbacks
# cost), and the gap minus the time the main thread waited for a core
# meanwhile, and the time this test's X server waited for one (judged:
# what callbacks cost plus any blocking on a lock or the disk, without the
# wait caused by other jobs loading this shared machine).
. "$LTTV_SRCDIR/tests/lib/tap.sh"
. "$LTTV_SRCDIR/tests/lib/xvfb.sh"
plan 4

gui="$LTTV_BUILDDIR/gui/lttv-gui"
trace="$LTTV_TEST_TRACES/lttng-kernel/many-threads"
[ -d "$trace" ] || trace="$LTTV_SRCDIR/data/sample-trace"
out=$(mktemp -d)
trap 'kill $pid 2>/dev/null; rm -rf "$out"' EXIT
act () { gapplication action org.lttv.Lttv "$@" 2>>"$out/gapp"; }

LTTV_STALL_REPORT=1 "$gui" "$trace" >"$out/stdout" 2>"$out/stderr" &
pid=$!
id=$(wait_window "^$(basename "$trace") [^(]*LTTV\$" 30)
check "the window opens on $(basename "$trace")" [ -n "$id" ]
sleep 1
for i in 1 2 3 4 5; do
  act set-window "'+0.$i,+0.$((i + 2))'"
  act zoom-in
  act set-current-time "'+0.$((i + 1))'"
  act set-selection "'+0.$i,+0.$((i + 1))'"
  act zoom-selection
  act zoom-out
  act back
  act forward
  act zoom-fit
done
act quit
for i in $(seq 100); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done
sed -n 's/^lttv-gui: \(.*stall.*\|first paint.*\)/# \1/p' "$out/stderr"
stall=$(sed -n 's/^lttv-gui: longest main-loop stall: \([0-9.]*\) ms$/\1/p' "$out/stderr")
check "the stall was measured" [ -n "$stall" ]
busy=$(sed -n 's/^lttv-gui: longest main-loop busy time: \([0-9.]*\) ms.*/\1/p' "$out/stderr")
check "no main-loop callback ran 50 ms or more (longest ${busy:-none} ms of CPU)" \
  awk "BEGIN { exit !(${busy:-999} < 50) }"
own=$(sed -n 's/^lttv-gui: longest main-loop stall not spent waiting for a core: \([0-9.]*\) ms$/\1/p' "$out/stderr")
# What is left of a stall without the run-queue wait is the program's own
# doing (its callbacks, or blocking on a lock, the disk or the X server).
check "no main-loop stall of 50 ms or more of the program's own making (${own:-none} ms; wall clock ${stall:-none} ms, load $(cut -d' ' -f1 /proc/loadavg))" \
  awk "BEGIN { exit !(${own:-999} < 50) }"
finish
