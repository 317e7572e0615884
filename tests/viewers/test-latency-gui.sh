#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The latency viewer (modules/latency) on the hand-worked scenario of
# tests/latency (scenarios/latency.scn; its figures worked out by hand in
# tests/latency/expected): the table exported as text (--export=latency:
# FILE.tsv) has those figures, over the whole trace, a window and the
# tab's selection; the image export is drawn; without the analyses the
# viewer says so. Then in a window driven with xdotool: a click on a row
# of the longest intervals, and on the scatter's highest point, moves the
# tab's current time and selection to that interval (read back in the
# traceinfo viewer's export, against the same times set over D-Bus), and
# so does a click on the histogram's bar of it.
. "$LTTV_SRCDIR/tests/lib/tap.sh"
. "$LTTV_SRCDIR/tests/lib/xvfb.sh"
plan 18

gui="$LTTV_BUILDDIR/gui/lttv-gui"
writer="$LTTV_BUILDDIR/tests/ctf-writer/lttv-ctf-writer"
exp="$LTTV_SRCDIR/tests/latency/expected"
tmp=$(mktemp -d)
pid=
trap 'kill $pid 2>/dev/null; rm -rf "$tmp"' EXIT
# a cache of its own: the check without the analyses (LTTV_NO_LATENCY)
# must not meet a cache that holds them
export XDG_CACHE_HOME="$tmp/cache"
trace="$tmp/latency"
"$writer" "$LTTV_SRCDIR/tests/latency/scenarios/latency.scn" "$trace" >/dev/null

# same NAME WANT GOT: the files are equal, else their difference
same_file () {
  if diff "$2" "$3" >"$tmp/diff"; then ok "$1"; else fail "$1"; sed 's/^/# /' "$tmp/diff" | head -20; fi
}
# lines BY [KIND] < TSV: the range line and the stats lines grouped BY
lines () { awk -F '\t' -v by="$1" -v kind="${2:-}" \
  '$1 == "range" || ($1 == "stats" && $3 == by && (kind == "" || $2 == kind))'; }

"$gui" --export=latency:"$tmp/all.tsv" "$trace" 2>"$tmp/err1"
check "the table exports as text (exit 0)" [ $? -eq 0 ]
grep -v '^#' "$exp/latency.tsv" >"$tmp/want-name"
lines name <"$tmp/all.tsv" >"$tmp/got-name"
same_file "every kind per name: the hand-worked figures (count, cut, min, max, mean, stddev, total, p50, p90, p99)" \
  "$tmp/want-name" "$tmp/got-name"
grep -v '^#' "$exp/latency-thread.tsv" >"$tmp/want-thread"
lines thread syscall <"$tmp/all.tsv" >"$tmp/got-thread"
same_file "system calls per thread: the hand-worked figures" "$tmp/want-thread" "$tmp/got-thread"
# IRQ 19 on cpu0 (3000 -> 3500), the only one
printf 'range\t1000\t13500\nstats\tirq\tcpu\t0\t1\t0\t500\t500\t500.000\t0.000\t500\t500\t500\t500\n' >"$tmp/want-cpu"
lines cpu irq <"$tmp/all.tsv" >"$tmp/got-cpu"
same_file "IRQs per CPU" "$tmp/want-cpu" "$tmp/got-cpu"
# --window=5000,7900: 44's two wakeups (5000 -> 7000, 7900 -> 8300), not
# 45's at 12000; both ends of the window included
"$gui" --export=latency:"$tmp/win.tsv" --window=5000,7900 "$trace" 2>"$tmp/err2"
printf 'range\t5000\t7900\nstats\tsched\tname\tsleeper\t2\t0\t400\t2000\t1200.000\t1131.371\t2400\t400\t2000\t2000\n' >"$tmp/want-win"
lines name sched <"$tmp/win.tsv" >"$tmp/got-win"
same_file "--window: the intervals beginning in it only" "$tmp/want-win" "$tmp/got-win"

"$gui" --export=latency:"$tmp/latency.png" --size=1000x600 "$trace" 2>"$tmp/err3"
check "the image export exits 0" [ $? -eq 0 ]
check "the image export is drawn" image_is_drawn "$tmp/latency.png"
check "no warning while exporting" \
  sh -c "! cat '$tmp'/err* | grep -E 'CRITICAL|WARNING|AddressSanitizer|runtime error'"

# Without the analyses: the text export fails saying why, the image says it.
LTTV_NO_LATENCY=1 XDG_CACHE_HOME="$tmp/cache-none" \
  "$gui" --export=latency:"$tmp/none.tsv" "$trace" >/dev/null 2>"$tmp/none-err"
st=$?
if [ $st -ne 0 ] && grep -q "not built" "$tmp/none-err" && grep -q "LTTV_NO_LATENCY" "$tmp/none-err"; then
  ok "without the analyses the export fails and says why (status $st)"
else
  fail "without the analyses the export fails and says why (status $st)"; sed 's/^/# /' "$tmp/none-err"
fi

# --- In a window --------------------------------------------------------
"$gui" "$trace" >"$tmp/stdout" 2>"$tmp/stderr" &
pid=$!
id=$(wait_window '^latency [^(]*LTTV$' 60)
check "a window opens on the trace" [ -n "$id" ]
xdotool windowsize "$id" 1280 800 2>/dev/null
act () { gapplication action org.lttv.Lttv "$@" 2>>"$tmp/gapp"; }
# settle: until two shots of the window 0.3 s apart are the same (15 s at
# most): on a loaded machine the viewer may still be moving or drawing
# when the clicks below look for its rows and points by their pixels.
settle () {
  for i in $(seq 30); do
    import -window "$id" "$tmp/settle1.png" 2>/dev/null; sleep 0.3
    import -window "$id" "$tmp/settle2.png" 2>/dev/null
    same "$tmp/settle1.png" "$tmp/settle2.png" && return 0
  done
  diag "the window was still changing after 15 s"
}
act add-viewer "'latency'"
sleep 2
# the viewer alone in the tab (Ctrl+Shift+M), its lists on the left half
xdotool key --window "$id" ctrl+shift+m 2>/dev/null
sleep 3

# current NAME: what the traceinfo viewer shows of the tab's times
current () { grab "$tmp/$1.png"; }
# is_at NAME BEGIN END: the tab's current time is BEGIN and its selection
# BEGIN-END, as the traceinfo viewer shows them: the same image as when
# they are set over D-Bus
is_at () {
  current "$1"
  act set-selection "'$2,$3'"
  act set-current-time "'$2'"
  current "$1-ref"
  same "$tmp/$1.png" "$tmp/$1-ref.png"
}
# The selection made over D-Bus is in the text export of the live tab.
act set-selection "'5000,7900'"
rm -f "$tmp/sel.tsv"
act export-view "('latency', '$tmp/sel.tsv', 100, 100)"
for i in $(seq 50); do [ -s "$tmp/sel.tsv" ] && break; sleep 0.1; done
lines name sched <"$tmp/sel.tsv" >"$tmp/got-sel"
same_file "the tab's selection: its intervals only" "$tmp/want-win" "$tmp/got-sel"
act set-selection "'1000,13500'"
act set-current-time "'1000'"
sleep 1
settle

# The longest system calls: read (2000, 7000 ns), write (10000, 400 ns).
# A click below their rows gives the list the keyboard; Home selects the
# first, Down the second.
xdotool mousemove --window "$id" 150 770 click 1 2>/dev/null
xdotool key --window "$id" Home 2>/dev/null
sleep 1
import -window "$id" "$tmp/row1.png" 2>/dev/null
check "Home in the longest: the current time and selection go to the read" is_at key1 2000 9000
xdotool key --window "$id" Down 2>/dev/null
sleep 1
import -window "$id" "$tmp/row2.png" 2>/dev/null
check "Down: to the write" is_at key2 10000 10400
# The two rows: the bands of the list's half where nearly every pixel
# changed between the two (the selected row's colour moved); a click in
# the first goes back to the read.
bands=$(compare "$tmp/row1.png" "$tmp/row2.png" -compose src -highlight-color white \
          -lowlight-color black png:- 2>/dev/null |
  convert - -crop 50%x100%+0+0 +repage -scale 1x\! -threshold 80% txt:- 2>/dev/null |
  awk -F '[,: ]+' '/#FFFFFF/ { if ($2 != last + 1 && n < 2) { n++ } last = $2; lo[n] = lo[n] ? lo[n] : $2; hi[n] = $2 }
    END { print lo[1], hi[1], lo[2], hi[2] }')
set -- $bands
diag "rows changed at ${1:-?}-${2:-?} and ${3:-?}-${4:-?}"
[ -n "${2:-}" ] && xdotool mousemove --window "$id" 150 $(( $1 + ($2 - $1) / 4 )) click 1 2>/dev/null
sleep 1
check "a click on the read's row goes back to it" is_at click1 2000 9000

# The scatter's highest point is the read (7000 ns): the first pixel of
# its colour in the right half (the charts), from the top (a selection
# away from it: its tint changes the colour).
act set-selection "'13000,13500'"
act set-current-time "'1000'"
sleep 1
import -window "$id" "$tmp/scatter.png" 2>/dev/null
xy=$(convert "$tmp/scatter.png" -crop 640x480+640+0 +repage txt:- 2>/dev/null |
  awk -F '[(),: ]+' 'NR > 1 { r = $3; g = $4; b = $5
    if (r > 200 && r < 222 && g > 98 && g < 122 && b > 25 && b < 55) { print $1 + 640, $2; exit } }')
set -- $xy
diag "the highest point at ${1:-?},${2:-?}"
[ -n "${1:-}" ] && xdotool mousemove --window "$id" "$1" "$(( $2 + 2 ))" click 1 2>/dev/null
sleep 1
check "a click on the scatter's highest point goes to the read" is_at point 2000 9000

# The histogram's rightmost bar holds the read alone (400 ns and 7000 ns,
# log buckets): a click on it goes to its longest interval, the read.
act set-selection "'13000,13500'"
act set-current-time "'1000'"
sleep 1
import -window "$id" "$tmp/hist.png" 2>/dev/null
xy=$(convert "$tmp/hist.png" -crop 640x320+640+480 +repage txt:- 2>/dev/null |
  awk -F '[(),: ]+' 'NR > 1 { r = $3; g = $4; b = $5
    if (r > 204 && r < 224 && g > 106 && g < 130 && b > 38 && b < 64 && $1 >= x) { x = $1; y = $2 } }
    END { if (x != "") print x + 640 - 2, y + 480 }')
set -- $xy
diag "the rightmost bar at ${1:-?},${2:-?}"
[ -n "${1:-}" ] && xdotool mousemove --window "$id" "$1" "$(( $2 - 10 ))" click 1 2>/dev/null
sleep 2
check "a click on the histogram's bar of the longest goes to the read" is_at bar 2000 9000

import -window "$id" "$tmp/live.png" 2>/dev/null
check "the window with the viewer is drawn" image_is_drawn "$tmp/live.png"
kill $pid 2>/dev/null
wait $pid 2>/dev/null
check "no critical warning on stderr" \
  sh -c "! grep -E 'CRITICAL|WARNING|AddressSanitizer|runtime error' '$tmp/stderr'"
sed 's/^/# /' "$tmp/stderr" "$tmp/gapp" 2>/dev/null | head -20
finish
