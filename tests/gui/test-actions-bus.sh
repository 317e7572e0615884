#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# A running lttv-gui is driven from a script with `gapplication action`:
# the window commands are exported on the session bus, and what they do is
# seen in what the window's viewer draws (export-view), compared with the
# headless export of the same window. Also: traces named on the command
# line open in the window, and the main loop's longest stall is printed.
. "$LTTV_SRCDIR/tests/lib/tap.sh"
. "$LTTV_SRCDIR/tests/lib/xvfb.sh"
plan 13

gui="$LTTV_BUILDDIR/gui/lttv-gui"
trace="$LTTV_TEST_TRACES/perf/perf-taskset2"
[ -d "$trace" ] || trace="$LTTV_SRCDIR/data/sample-trace"
name=$(basename "$trace")
out=$(mktemp -d)
trap 'kill $pid 2>/dev/null; rm -rf "$out"' EXIT

LTTV_STALL_REPORT=1 "$gui" "$trace" >"$out/stdout" 2>"$out/stderr" &
pid=$!
# The title has "(opening…)" until the traceset is open.
id=$(wait_window "^$name [^(]*LTTV\$" 60)
check "the trace named on the command line opens in the window (title $name)" [ -n "$id" ]
[ -n "$id" ] || { xdotool search --name . getwindowname %@ 2>/dev/null | sed 's/^/# window: /'; sed 's/^/# lttv-gui: /' "$out/stderr"; }
sleep 1

# (gapplication list-actions wants an installed desktop file: ask D-Bus.)
actions=$(gdbus call --session --dest org.lttv.Lttv --object-path /org/lttv/Lttv \
  --method org.gtk.Actions.List 2>&1)
diag "exported: $actions"
missing=""
for a in set-window set-current-time set-selection zoom-in zoom-out zoom-fit zoom-selection \
         back forward new-tab close-tab add-viewer export-view new-window preferences modules quit; do
  echo "$actions" | grep -q "'$a'" || missing="$missing $a"
done
check "window commands are exported on the session bus${missing:+ (missing:$missing)}" [ -z "$missing" ]

# The headless export of the same viewer and window is the reference.
"$gui" --export=traceinfo:"$out/ref-a.png" --window=1000,5000 --size=640x400 "$trace" 2>/dev/null
"$gui" --export=traceinfo:"$out/ref-b.png" --window=2000,9000 --size=640x400 "$trace" 2>/dev/null

act set-window "'1000,5000'"
grab "$out/a.png"
check "set-window reaches the tab's viewer (same image as --window=1000,5000)" same "$out/a.png" "$out/ref-a.png"
check "the two reference windows draw differently (the comparison can fail)" differ "$out/ref-a.png" "$out/ref-b.png"
act set-window "'2000,9000'"
grab "$out/b.png"
check "a second set-window moves it again" same "$out/b.png" "$out/ref-b.png"
act back
grab "$out/back.png"
check "back returns to the previous window" same "$out/back.png" "$out/ref-a.png"
act forward
grab "$out/fwd.png"
check "forward returns to the later window" same "$out/fwd.png" "$out/ref-b.png"

# Another tab has its own time context.
act new-tab
act set-window "'1000,5000'"
act close-tab
grab "$out/after-tab.png"
check "a window set in another tab leaves this tab's window alone" same "$out/after-tab.png" "$out/ref-b.png"

# Opened traces are remembered among the recent files, and open-recent
# (what File > Recent Traces does) opens one in a new tab.
uri="file://$(cd "$trace" && pwd -P)"
# GtkRecentManager writes its file lazily: poll up to 20 s under load.
for i in $(seq 200); do grep -q "$uri\"" "$XDG_DATA_HOME/recently-used.xbel" 2>/dev/null && break; sleep 0.1; done
check "the opened trace is in the recent files, for lttv" \
  sh -c "grep -A8 '$uri\"' '$XDG_DATA_HOME/recently-used.xbel' | grep -q 'lttv'"
other="$LTTV_SRCDIR/data/sample-trace"
act open-recent "'$other'"
check "open-recent opens the trace in a tab of the window" \
  sh -c "xdotool search --onlyvisible --name '^sample-trace [^(]*LTTV\$' >/dev/null 2>&1 || { sleep 3; xdotool search --onlyvisible --name '^sample-trace [^(]*LTTV\$' >/dev/null; }"
act close-tab

import -window "${id:-root}" "$out/window.png" 2>/dev/null
check "the window is drawn, not blank" image_is_drawn "$out/window.png"

act quit
for i in $(seq 100); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done
check "the quit action ends the program" sh -c "! kill -0 $pid 2>/dev/null"
# Exports and new tabs are synchronous by design: printed, not judged
# (test-stall.sh judges the window commands).
sed -n 's/^lttv-gui: \(.*stall.*\|first paint.*\)/# \1/p' "$out/stderr"
check "the program reports its main-loop figures at exit" grep -q "longest main-loop stall" "$out/stderr"
grep -E 'CRITICAL|AddressSanitizer|runtime error' "$out/stderr" | sed 's/^/# /'
finish
