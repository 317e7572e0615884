#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# LTTV_STALL_TRACE, the tool that explains a long main-loop turn: with a
# threshold of 2 ms it prints the turns of a resize, whose frame paints
# the whole window (a box of about 100% of it: the double buffer the X
# server fills), and the widget the keyboard focus moves to.
. "$LTTV_SRCDIR/tests/lib/tap.sh"
. "$LTTV_SRCDIR/tests/lib/xvfb.sh"
plan 5

gui="$LTTV_BUILDDIR/gui/lttv-gui"
trace="$LTTV_SRCDIR/data/sample-trace"
out=$(mktemp -d)
pid=
trap 'kill $pid 2>/dev/null; rm -rf "$out"' EXIT

LTTV_STALL_TRACE=2 "$gui" "$trace" >"$out/stdout" 2>"$out/stderr" &
pid=$!
id=$(wait_window "^$(basename "$trace") [^(]*LTTV\$" 30)
check "the window opens on $(basename "$trace")" [ -n "$id" ]
sleep 2
mark=$(wc -l <"$out/stderr")
xdotool windowsize "$id" 700 500; sleep 1
xdotool windowsize "$id" 1200 800; sleep 1
xdotool windowfocus --sync "$id" 2>/dev/null; xdotool key Tab; sleep 1
gapplication action org.lttv.Lttv quit 2>>"$out/gapp"
for i in $(seq 100); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done
tail -n +"$((mark + 1))" "$out/stderr" >"$out/after"
grep -E 'long turn|focus to' "$out/after" | head -n 8 | sed 's/^/# /'

check "turns shorter than the default 20 ms are printed with a threshold of 2 ms" \
  sh -c "grep -E '^lttv-gui: long turn ([2-9]|1[0-9])\\.[0-9] ms of CPU' '$out/after' | grep -q ."
widest=$(sed -n 's/.*painted a box of \([0-9]*\)% of the window$/\1/p' "$out/after" | sort -n | tail -n 1)
check "a resize paints a box of the whole window (widest ${widest:-none}%)" \
  [ "${widest:-0}" -ge 90 -a "${widest:-0}" -le 100 ]
check "each turn gives its phases and painted box" \
  sh -c "! grep '^lttv-gui: long turn' '$out/after' | grep -qv 'frame update .* layout .* (allocation .*), paint .*; other handlers .* ms; painted a box of [0-9]*% of the window\$'"
check "the focus move to a widget is printed" grep -qE '^lttv-gui: focus to Gtk[A-Za-z]+ at [0-9.]+ s$' "$out/after"
finish
