#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Traces dropped on the window open in it: a real drag, with the mouse
# (xdotool), from another X client offering the trace folders as URIs
# (drag-source, what a file manager does), through the X server's XDND.
. "$LTTV_SRCDIR/tests/lib/tap.sh"
. "$LTTV_SRCDIR/tests/lib/xvfb.sh"
plan 3

gui="$LTTV_BUILDDIR/gui/lttv-gui"
source="$LTTV_BUILDDIR/tests/gui/drag-source"
trace="$LTTV_TEST_TRACES/perf/perf-taskset2"
[ -d "$trace" ] || skip_all "$trace is missing"
out=$(mktemp -d)
trap 'kill $pid $spid 2>/dev/null; rm -rf "$out"' EXIT

"$gui" "$LTTV_SRCDIR/data/sample-trace" >"$out/stdout" 2>"$out/stderr" &
pid=$!
id=$(wait_window '^sample-trace [^(]*LTTV$' 60)
check "the window opens on the sample trace" [ -n "$id" ]
"$source" "$trace" >"$out/source.log" 2>&1 &
spid=$!
sid=$(wait_window '^drag-source$' 20)
# No window manager: place the two windows side by side ourselves.
xdotool windowmove --sync "$sid" 0 0 2>/dev/null
xdotool windowmove --sync "$id" 300 0 2>/dev/null
sleep 0.5

# Press on the source, move past the drag threshold, travel onto lttv-gui
# in steps (XDND follows the pointer), release there.
xdotool mousemove --sync 100 100 mousedown 1
for x in 110 130 160 200 260 400 600 800; do
  xdotool mousemove --sync "$x" 300
  sleep 0.1
done
sleep 0.3
xdotool mouseup 1
tid=$(wait_window '^perf-taskset2 [^(]*LTTV$' 30)
check "the dropped trace opens in a tab of the window (title perf-taskset2)" [ -n "$tid" ]
check "in the same window" [ "$tid" = "$id" ]
gapplication action org.lttv.Lttv quit
grep -E 'CRITICAL|AddressSanitizer|runtime error' "$out/stderr" | sed 's/^/# /'
finish
