#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# A trace-cmd .dat recording in lttv-gui: given on the command line, the
# window opens on it with its control flow, resources and event list
# drawn, and it joins the recent files; dropped on a window, it opens in
# a tab there. The event list then counts the events `trace-cmd report`
# prints and shows them in its order (test-eventlist on the .dat, its
# oracle made from the report, not from lttv).
. "$LTTV_SRCDIR/tests/lib/tap.sh"
dat="$LTTV_TEST_TRACES/ftrace/small.dat"
[ -f "$dat" ] || skip_all "no test recording $dat"
command -v trace-cmd >/dev/null 2>&1 || skip_all "trace-cmd is missing (Debian: trace-cmd)"
. "$LTTV_SRCDIR/tests/lib/xvfb.sh"
plan 9

gui="$LTTV_BUILDDIR/gui/lttv-gui"
source="$LTTV_BUILDDIR/tests/gui/drag-source"
out=$(mktemp -d)
pid= spid=
trap 'kill $pid $spid 2>/dev/null; rm -rf "$out"' EXIT
XDG_CACHE_HOME="$out/cache"; export XDG_CACHE_HOME
rm -f "$XDG_DATA_HOME/recently-used.xbel"

# The report's events, "NS NAME" each (its timestamps with -t are
# seconds.nanoseconds).
trace-cmd report -t -i "$dat" 2>/dev/null |
  sed -n 's/^.* \[[0-9]*\] *\([0-9]*\)\.\([0-9]\{9\}\): *\([^: ]*\):.*/\1\2 \3/p' |
  sed 's/^0*//' >"$out/oracle"
n=$(wc -l <"$out/oracle")
diag "trace-cmd report: $n events"

# Each viewer exported alone from the command line: drawn.
for v in controlflow resourceview eventlist; do
  "$gui" --export=$v:"$out/$v.png" --size=900x500 "$dat" 2>"$out/$v.err"
  check "lttv-gui --export=$v on the .dat is drawn" image_is_drawn "$out/$v.png"
done

"$gui" "$dat" >"$out/stdout" 2>"$out/stderr" &
pid=$!
id=$(wait_window '^small\.dat [^(]*LTTV$' 60)
check "lttv-gui FILE.dat: a window titled small.dat" [ -n "$id" ]
sleep 2
import -window "${id:-root}" "$out/window.png" 2>/dev/null
check "the window is drawn, not blank" image_is_drawn "$out/window.png"
uri="file://$(cd "$(dirname "$dat")" && pwd)/small.dat"
sleep 1
check "the .dat joins the recent files" grep -q "href=\"$uri\"" "$XDG_DATA_HOME/recently-used.xbel"
act quit 2>/dev/null
wait $pid 2>/dev/null

# Dropped on a window showing the sample trace (test-drop's way: a real
# drag with the mouse from another X client offering the file's URI).
"$gui" "$LTTV_SRCDIR/data/sample-trace" >"$out/stdout2" 2>"$out/stderr2" &
pid=$!
id=$(wait_window '^sample-trace [^(]*LTTV$' 60)
"$source" "$dat" >"$out/source.log" 2>&1 &
spid=$!
sid=$(wait_window '^drag-source$' 20)
xdotool windowmove --sync "$sid" 0 0 2>/dev/null
xdotool windowmove --sync "$id" 300 0 2>/dev/null
sleep 0.5
xdotool mousemove --sync 100 100 mousedown 1
for x in 110 130 160 200 260 400 600 800; do
  xdotool mousemove --sync "$x" 300
  sleep 0.1
done
sleep 0.3
xdotool mouseup 1
tid=$(wait_window '^small\.dat [^(]*LTTV$' 60)
check "a dropped .dat opens in a tab of the window (title small.dat)" \
  sh -c "[ -n '$tid' ] && [ '$tid' = '$id' ]"
act quit 2>/dev/null
wait $pid 2>/dev/null
pid=
check "no critical warning on stderr" \
  sh -c "! cat '$out'/stderr* '$out'/*.err | grep -E 'CRITICAL|AddressSanitizer|runtime error'"

# The event list on the .dat: its count and order against the report.
EL_TRACE="$dat" EL_ORACLE="$out/oracle" XDG_CONFIG_HOME="$out/config" \
  "$LTTV_BUILDDIR/tests/gui/test-eventlist" --tap -k -p /eventlist/count -p /eventlist/page-through \
  >"$out/el.tap" 2>&1
sed 's/^/# /' "$out/el.tap" | tail -5
check "the event list counts the report's $n events and pages through them in its order" \
  sh -c "grep -q '^ok 1 ' '$out/el.tap' && grep -q '^ok 2 ' '$out/el.tap' && ! grep -q '^not ok' '$out/el.tap'"
finish
