#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The accelerators work from the real keyboard: keys are typed with
# xdotool (XTEST, as a user's keyboard) into the focused lttv-gui window,
# and what they do is seen in the window's titles and in what the tab's
# traceinfo viewer draws (export-view), compared with the same command
# given through its action.
. "$LTTV_SRCDIR/tests/lib/tap.sh"
. "$LTTV_SRCDIR/tests/lib/xvfb.sh"
plan 13

gui="$LTTV_BUILDDIR/gui/lttv-gui"
trace="$LTTV_TEST_TRACES/perf/perf-taskset2"
[ -d "$trace" ] || trace="$LTTV_SRCDIR/data/sample-trace"
name=$(basename "$trace")
out=$(mktemp -d)
trap 'kill $pid 2>/dev/null; rm -rf "$out"' EXIT
# keys KEY...: focus the main window (no window manager here), then type.
keys () {
  xdotool windowfocus --sync "$id" 2>/dev/null || xdotool windowfocus "$id"
  xdotool key --delay 50 "$@"
  sleep 0.5
}
visible () { xdotool search --onlyvisible --name "$1" 2>/dev/null | head -n 1; }

"$gui" "$trace" >"$out/stdout" 2>"$out/stderr" &
pid=$!
id=$(wait_window "^$name [^(]*LTTV\$" 60)
check "the window opens on $name" [ -n "$id" ]
sleep 1
grab "$out/start.png"

keys ctrl+plus
grab "$out/zoomed.png"
check "Ctrl+plus zooms in (the window shown changes)" differ "$out/zoomed.png" "$out/start.png"
keys alt+Left
grab "$out/back.png"
check "Alt+Left goes back to the previous window" same "$out/back.png" "$out/start.png"
keys alt+Right
grab "$out/forward.png"
check "Alt+Right goes forward again" same "$out/forward.png" "$out/zoomed.png"
keys ctrl+0
grab "$out/fit.png"
check "Ctrl+0 zooms to fit (the whole traceset again)" same "$out/fit.png" "$out/start.png"

# Ctrl+G puts the cursor in the current-time field: typing a time there
# sets it, as the set-current-time action does.
keys ctrl+g
xdotool type --delay 30 "+0.25"
keys Return
grab "$out/typed.png"
act set-current-time "'+0.5'"
act set-current-time "'+0.25'"
grab "$out/acted.png"
check "Ctrl+G then a typed time sets the current time" same "$out/typed.png" "$out/acted.png"
check "  (and the time typed changed what is shown)" differ "$out/typed.png" "$out/fit.png"

keys ctrl+t
check "Ctrl+T opens a new, empty tab" sh -c "[ -n \"\$(xdotool search --onlyvisible --name '^Empty tab — LTTV\$' 2>/dev/null)\" ] || { sleep 2; [ -n \"\$(xdotool search --onlyvisible --name '^Empty tab — LTTV\$' 2>/dev/null)\" ]; }"
keys ctrl+Page_Up
check "Ctrl+Page Up shows the tab before: the trace's" [ -n "$(wait_window "^$name [^(]*LTTV\$" 10)" ]
keys ctrl+Page_Down
check "Ctrl+Page Down shows the next: the empty tab again" [ -n "$(wait_window '^Empty tab — LTTV$' 10)" ]
keys ctrl+w
check "Ctrl+W closes it: the trace's tab is current again" [ -n "$(wait_window "^$name [^(]*LTTV\$" 10)" ]

keys ctrl+question
check "Ctrl+? opens the shortcuts window" [ -n "$(wait_window "^Keyboard Shortcuts\$" 10)" ]
xdotool key Escape

keys ctrl+q
for i in $(seq 100); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done
check "Ctrl+Q quits" sh -c "! kill -0 $pid 2>/dev/null"
grep -E 'CRITICAL|AddressSanitizer|runtime error' "$out/stderr" | sed 's/^/# /'
finish
