#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The histogram and statistics viewers on a real X server: each exports
# (headless render), and both live in a window driven over D-Bus (added,
# window moved, selection set) without a warning.
. "$LTTV_SRCDIR/tests/lib/tap.sh"
. "$LTTV_SRCDIR/tests/lib/xvfb.sh"
traces="${LTTV_TEST_TRACES:-}"
[ -d "$traces/perf/vm-small" ] || skip_all "the shared traces are not there ($traces)"
plan 10

gui="$LTTV_BUILDDIR/gui/lttv-gui"
trace="$traces/perf/vm-small"
out=$(mktemp -d)
trap 'kill $pid 2>/dev/null; rm -rf "$out"' EXIT
pid=

"$gui" --export=histogram:"$out/histogram.png" --size=900x400 "$trace" 2>"$out/err1"
check "the histogram exports the whole trace (exit 0)" [ $? -eq 0 ]
check "the histogram export is drawn" image_is_drawn "$out/histogram.png"
"$gui" --export=histogram:"$out/histogram-1ms.png" --window=+0.5,+0.501 --size=900x400 "$trace" 2>"$out/err2"
status=$?
check "the histogram exports a 1 ms window, read from the trace" \
  [ $status -eq 0 -a -s "$out/histogram-1ms.png" ]
"$gui" --export=statistics:"$out/statistics.png" --size=900x700 "$trace" 2>"$out/err3"
check "the statistics viewer exports (exit 0)" [ $? -eq 0 ]
check "the statistics export is drawn" image_is_drawn "$out/statistics.png"
check "no warning while exporting" \
  sh -c "! cat '$out'/err* | grep -E 'CRITICAL|WARNING|AddressSanitizer|runtime error'"

"$gui" "$trace" >"$out/stdout" 2>"$out/stderr" &
pid=$!
id=$(wait_window '^vm-small — LTTV$' 30)
check "a window opens on the trace" [ -n "$id" ]
act () { gapplication action org.lttv.Lttv "$@" 2>>"$out/gapp"; }
act add-viewer "'histogram'"
act add-viewer "'statistics'"
sleep 3
act set-window "'+0.2,+0.3'"
sleep 1
act set-selection "'+0.1,+0.4'"
sleep 3
import -window "${id:-root}" "$out/live.png" 2>/dev/null
check "the window with both viewers is drawn" image_is_drawn "$out/live.png"
kill -0 $pid 2>/dev/null
check "lttv-gui is still running after the window and selection moved" [ $? -eq 0 ]
kill $pid 2>/dev/null
wait $pid 2>/dev/null
check "no critical warning on stderr" \
  sh -c "! grep -E 'CRITICAL|WARNING|AddressSanitizer|runtime error' '$out/stderr'"
sed 's/^/# /' "$out/stderr" "$out/gapp" 2>/dev/null | head -20
finish
