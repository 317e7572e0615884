#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Sessions with a real keyboard (xdotool): a tab's window, selection,
# current time, filter, bookmark (Ctrl+D) and maximised viewer
# (Ctrl+Shift+M) are saved with Ctrl+S, the file name typed in the dialog;
# the control flow view exported before saving is then the same, pixel for
# pixel, as the one `lttv-gui --export SESSION` draws and as the one a new
# lttv-gui process opened on the session exports (both with another data
# folder, so the bookmark comes from the session, not from the trace's
# bookmark file). A session naming a missing trace and a malformed one are
# reported, without a crash; then the in-process tests (test-session.c).
. "$LTTV_SRCDIR/tests/lib/tap.sh"
. "$LTTV_SRCDIR/tests/lib/xvfb.sh"
plan 18

gui="$LTTV_BUILDDIR/gui/lttv-gui"
trace="$LTTV_SRCDIR/data/sample-trace"
name=$(basename "$trace")
out=$(mktemp -d)
pid=
trap 'kill $pid 2>/dev/null; rm -rf "$out"' EXIT
keys () {
  xdotool windowfocus --sync "$id" 2>/dev/null || xdotool windowfocus "$id"
  xdotool key --delay 50 "$@"
  sleep 0.5
}
# flow FILE: the current tab's control flow view, exported (export-view).
flow () {
  rm -f "$1"
  act export-view "('controlflow', '$1', 900, 500)"
  for i in $(seq 100); do [ -s "$1" ] && return 0; sleep 0.1; done
  return 1
}
quit () {
  act quit
  for i in $(seq 100); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done
}

"$gui" "$trace" >"$out/stdout" 2>"$out/stderr" &
pid=$!
id=$(wait_window "^$name [^(]*LTTV\$" 60)
check "the window opens on $name" [ -n "$id" ]
sleep 2
flow "$out/plain.png"
act set-window "'+0.02,+0.09'"
act set-current-time "'+0.05'"
act set-selection "'+0.03,+0.06'"
act set-filter "'tid != 0'"
sleep 0.5
keys ctrl+d
sleep 1
xdotool key Return
sleep 0.5
keys ctrl+shift+m
sleep 0.5
flow "$out/before.png"
check "the changed window and marks draw another image" differ "$out/before.png" "$out/plain.png"

keys ctrl+s
dialog=$(wait_window "^Save Session\$" 10)
check "Ctrl+S asks where to save the session" [ -n "$dialog" ]
xdotool windowfocus --sync "$dialog" 2>/dev/null
xdotool key --delay 30 ctrl+a
xdotool type --delay 20 "$out/saved.lttv-session"
xdotool key Return
for i in $(seq 50); do [ -s "$out/saved.lttv-session" ] && break; sleep 0.1; done
check "the session file is written where it was typed" [ -s "$out/saved.lttv-session" ]
sed 's/^/# session: /' "$out/saved.lttv-session"
check "it holds the filter and the bookmark" \
  sh -c "grep -q '\"tid != 0\"' '$out/saved.lttv-session' && grep -q '\"bookmarks\" : \\[\$' '$out/saved.lttv-session' && grep -q '\"name\" :' '$out/saved.lttv-session'"
check "nothing was written into the trace folder" \
  sh -c "! find '$trace' -newer '$out/plain.png' -type f | grep -q ."
quit
grep -E 'CRITICAL|AddressSanitizer|runtime error' "$out/stderr" | sed 's/^/# /'
check "the session is among the recent files (File > Recent Traces)" \
  grep -q "saved.lttv-session" "$XDG_DATA_HOME/recently-used.xbel"

# Another data folder: the bookmark can only come from the session.
export XDG_DATA_HOME="$out/other-data"
mkdir -p "$XDG_DATA_HOME"
"$gui" --export=controlflow:"$out/headless.png" --size=900x500 "$out/saved.lttv-session" 2>"$out/err"
status=$?
sed 's/^/# stderr: /' "$out/err"
check "--export takes the session (exit 0)" [ $status -eq 0 ]
check "--export of the session draws what the tab showed, pixel for pixel" same "$out/headless.png" "$out/before.png"

"$gui" "$out/saved.lttv-session" >"$out/stdout2" 2>"$out/stderr2" &
pid=$!
id=$(wait_window "^$name [^(]*LTTV\$" 60)
check "a new lttv-gui opens the session (title $name)" [ -n "$id" ]
# (its state builds in the background: ask again until it is drawn, 30 s)
for k in $(seq 30); do
  sleep 1
  flow "$out/after.png"
  same "$out/after.png" "$out/before.png" && break
done
check "its control flow exports the same image as before saving" same "$out/after.png" "$out/before.png"
quit
check "no sanitizer report or critical warning" \
  sh -c "! grep -qE 'CRITICAL|AddressSanitizer|runtime error' '$out/stderr' '$out/stderr2'"

# A moved trace: named, the other trace opens.
cat >"$out/missing.lttv-session" <<EOF
{ "format": "lttv-session", "version": 1,
  "traces": [ { "path": "$out/gone/trace" }, { "path": "$trace" } ],
  "time": { "window": { "start": "0", "end": "18446744073709551614" } } }
EOF
"$gui" --export=controlflow:"$out/missing.png" --size=900x500 "$out/missing.lttv-session" 2>"$out/err"
status=$?
sed 's/^/# stderr: /' "$out/err"
check "a missing trace: exit 1, the path named" sh -c "[ $status -eq 1 ] && grep -q '$out/gone/trace' '$out/err'"
"$gui" --export=controlflow:"$out/plain2.png" --size=900x500 "$trace" 2>/dev/null
check "  and the other trace is drawn (as on its own)" same "$out/missing.png" "$out/plain2.png"
"$gui" "$out/missing.lttv-session" >/dev/null 2>"$out/stderr3" &
pid=$!
id=$(wait_window "^$name [^(]*LTTV\$" 60)
check "the window opens the other trace" [ -n "$id" ]
sleep 1
quit
check "  and says which trace is missing" grep -q "traces\[1\]: the trace $out/gone/trace is missing" "$out/stderr3"

printf '{ "format": "lttv-session", "version": 1, "traces": [ { "path": 7 } ] }' >"$out/bad.lttv-session"
"$gui" --export=controlflow:"$out/bad.png" "$out/bad.lttv-session" 2>"$out/err"
status=$?
sed 's/^/# stderr: /' "$out/err"
check "a malformed session: exit 1, FILE: WHERE: WHAT, no crash" \
  sh -c "[ $status -eq 1 ] && grep -q '^lttv-gui: $out/bad.lttv-session: traces\[1\]: ' '$out/err' && ! grep -q AddressSanitizer '$out/err'"

"$LTTV_BUILDDIR/tests/gui/test-session" >"$out/inproc" 2>&1
status=$?
sed 's/^/# /' "$out/inproc"
check "the in-process session tests pass (test-session.c)" [ $status -eq 0 ]
finish
