#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# test-live-gui.sh: lttv-gui following live sessions of a private
# lttng-relayd, driven with the keyboard (xdotool) and D-Bus actions: the
# File › Open Live Session dialog lists the sessions and attaches; the
# tab's event count grows while a program records; the viewers draw; the
# Follow toggle brings the window back to the newest events; a network
# outage is reconnected without losing or doubling an event; a destroyed
# session leaves a finished trace of babeltrace2's count of the stored
# copy; a killed relay daemon shows "connection lost" and the window
# still answers.
. "$LTTV_SRCDIR/tests/lib/tap.sh"
. "$LTTV_SRCDIR/tests/lib/xvfb.sh"
. "$LTTV_SRCDIR/tests/live/live-lib.sh"
live_setup
plan 17

gui="$LTTV_BUILDDIR/gui/lttv-gui"
S=lttv-gui-$$
live_session "$S" || { diag "$(cat "$T/lttng.log")"; skip_all "cannot create a live session"; }
# the GUI reaches the relay daemon through a proxy the test can cut
python3 "$LTTV_SRCDIR/tests/live/cut-proxy.py" "$T/pport" "$P3" &
PROXY_PID=$!
for _ in $(seq 50); do [ -s "$T/pport" ] && break; sleep 0.1; done
PP=$(cat "$T/pport")
GUI_PID=
APP_PID=
stop_all () {
  [ -n "$GUI_PID" ] && kill "$GUI_PID" 2>/dev/null
  [ -n "$APP_PID" ] && kill "$APP_PID" 2>/dev/null
  kill "$PROXY_PID" 2>/dev/null
  live_cleanup
}
trap stop_all EXIT

G_MESSAGES_DEBUG=lttv-live-tab "$gui" >"$T/gui.err" 2>&1 &
GUI_PID=$!
win=$(wait_window '(LTTV|LTTV Trace Viewer)$' 60)
[ -n "$win" ] || {
  xdotool search --name . getwindowname %@ 2>/dev/null | sed 's/^/# window: /'
  sed 's/^/# lttv-gui: /' "$T/gui.err"
  echo "Bail out! lttv-gui did not show its window"; exit 99; }

# title_count: the event count in the window's title ([live: N events...])
title () { xdotool getwindowname "$win" 2>/dev/null; }
title_count () { title | sed -n 's/.*\[[a-z]*: \([0-9]*\) events.*/\1/p'; }

# The dialog, with the keyboard: Ctrl+L; the host and port typed; Return
# lists the sessions (the first is selected); Alt+A attaches.
xdotool windowactivate --sync "$win" 2>/dev/null
xdotool key --clearmodifiers ctrl+l
dlg=$(wait_window '^Open Live Session$' 20)
check "Ctrl+L opens the Open Live Session dialog" [ -n "$dlg" ]
sleep 0.5
xdotool key --clearmodifiers ctrl+a
xdotool type --delay 20 127.0.0.1
xdotool key Tab ctrl+a
xdotool type --delay 20 "$PP"
xdotool key Return
sleep 2
xdotool key --clearmodifiers alt+a
tab=$(wait_window "^$S \\[live" 20)
check "the dialog lists the relay daemon's sessions; Attach opens the session in a tab" [ -n "$tab" ]
[ -n "$tab" ] || { diag "title: $(title)"; diag "$(tail -5 "$T/gui.err")"; }

# Events recorded while the tab follows: 4000 a second for 8 s.
"$APP" 32000 4000 1 &
APP_PID=$!
sleep 3
n1=$(title_count)
sleep 2
n2=$(title_count)
diag "events in the title: ${n1:-none}, then ${n2:-none} 2 s later ($(title))"
check "the tab's event count grows while the program records" \
  [ "${n1:-0}" -gt 0 ] && [ "${n2:-0}" -gt "${n1:-0}" ]
import -window "$win" "$T/window.png" 2>/dev/null
check "the viewers draw the live events" image_is_drawn "$T/window.png"

# Moving the window stops the following; Follow brings it to the end.
act set-window "'0,1000'"
sleep 0.3
f0=$(grep -c 'lttv-live-tab-DEBUG.*following: window' "$T/gui.err")
sleep 1.5
f1=$(grep -c 'lttv-live-tab-DEBUG.*following: window' "$T/gui.err")
check "a window the user sets is kept as data comes (not followed)" [ "$f0" = "$f1" ]
act live-follow
sleep 0.5
last=$(grep 'lttv-live-tab-DEBUG.*following: window' "$T/gui.err" | tail -1)
diag "after Follow: $last"
f2=$(grep -c 'lttv-live-tab-DEBUG.*following: window' "$T/gui.err")
check "Follow moves the time window to the newest events" \
  sh -c "[ $f2 -gt $f1 ] && echo '$last' | grep -q 'window [0-9]*\\.\\.\\([0-9]*\\), trace end \\1\$'"

# A network outage of 3 s while recording: connection lost, retried,
# reconnected; nothing lost, nothing twice (the count below).
kill -USR1 "$PROXY_PID"
lost=$(wait_window "^$S \\[live: connection lost\\]" 10)
check "a cut connection shows \"connection lost\"" [ -n "$lost" ]
grep -q 'retrying in' "$T/gui.err" && ok "the reason and the retry are reported" \
  || fail "the reason and the retry are reported"
grep 'retrying in' "$T/gui.err" | head -2 | sed 's/^/# /'
back=$(wait_window "^$S \\[live: [0-9]* events" 20)
check "the connection comes back by itself" [ -n "$back" ]

wait "$APP_PID"; APP_PID=
sleep 1
lt destroy "$S"
fin=$(wait_window "^$S \\[finished: " 60)
check "a destroyed session leaves a finished trace" [ -n "$fin" ]
sleep 1
n=$(title_count)
timeout 60 "$BT" "$T/relay/$HOST/$S"-* >"$T/bt-stored.txt" 2>&1
nb=$(wc -l <"$T/bt-stored.txt")
check "its event count ($n) is babeltrace2's on the stored copy ($nb)" [ "$n" = "$nb" ]

# A relay daemon killed under a second session: connection lost, retried;
# the window still answers.
S2=lttv-gui2-$$
live_session "$S2"
"$APP" 500 &
APP_PID=$!
act attach-live "'$URL/host/$HOST/$S2'"
tab2=$(wait_window "^$S2 \\[live: [0-9]* events" 20)
check "attach-live opens a second session in a tab" [ -n "$tab2" ]
wait "$APP_PID"; APP_PID=
kill "$RELAYD_PID"; wait "$RELAYD_PID" 2>/dev/null; RELAYD_PID=
lost2=$(wait_window "^$S2 \\[live: connection lost\\]" 30)
check "a killed relay daemon shows \"connection lost\"" [ -n "$lost2" ]
t0=$(date +%s%N)
act zoom-out
t1=$(date +%s%N)
ms=$(( (t1 - t0) / 1000000 ))
diag "a D-Bus action answered in $ms ms while the relay daemon is gone"
check "the window still answers within 2 s ($ms ms)" [ "$ms" -lt 2000 ]
sleep 3
grep 'retrying in' "$T/gui.err" | tail -1 | sed 's/^/# /'
check "the retries go on, with the reason" \
  sh -c "grep 'retrying in' '$T/gui.err' | tail -1 | grep -q 'Connection refused'"

act quit
for _ in $(seq 100); do kill -0 "$GUI_PID" 2>/dev/null || break; sleep 0.1; done
kill -0 "$GUI_PID" 2>/dev/null && fail "lttv-gui quits" || ok "lttv-gui quits"
GUI_PID=
check "the mirror folders are removed at exit" \
  sh -c "[ -z \"\$(ls -A '$XDG_CACHE_HOME/lttv/live' 2>/dev/null)\" ]"
grep -E 'CRITICAL|AddressSanitizer|runtime error' "$T/gui.err" | sed 's/^/# /'
finish
