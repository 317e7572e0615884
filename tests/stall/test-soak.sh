#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Soak: the real window, driven for minutes as a restless user would,
# stays alive and responsive. On the multi-million-event recording the
# stall tests use (tests/lib/big-trace.sh), xdotool scrolls the viewers
# through their rows, zooms at random places (Ctrl+wheel, W/S, A/D),
# drags selections, resizes the window, opens the recording again in new
# tabs and switches and closes tabs while they build, and opens every
# damaged trace of the bad-input corpora in a tab of its own, each of
# which must show its error bar.
#
# Twice, the same actions: once on this build, where the sanitizers must
# report nothing, and once on the program as users run it, built without
# them ($LTTV_PLAIN_BUILDDIR: `./quickstart test` builds it in
# build/plain), where no main-loop callback may take 50 ms of CPU or
# more, nor any stall of its own doing last that long (as test-stall.sh
# judges). The sanitizers' own cost (GTK's style validation and paint
# take about twice their time under them) would make that budget a
# measure of the instrument. On a build without the
# sanitizers, one run judges both.
#
# LTTV_SOAK_SEED replays a run (the seed is printed); LTTV_SOAK_SECONDS
# lengthens each (default 100 s of actions, and more until every damaged
# trace was opened); LTTV_SOAK_KEEP=DIR keeps each run's stderr and
# actions there, to find a long turn in a profile (LTTV_STALL_TRACE=1
# makes the program split each long turn into its handlers and phases).
. "$LTTV_SRCDIR/tests/lib/tap.sh"
. "$LTTV_SRCDIR/tests/lib/xvfb.sh"
. "$LTTV_SRCDIR/tests/lib/big-trace.sh"
plan 9

trace=$(big_trace 2>"${TMPDIR:-/tmp}/big-trace-why.$$")
why=$(cat "${TMPDIR:-/tmp}/big-trace-why.$$"); rm -f "${TMPDIR:-/tmp}/big-trace-why.$$"
[ -n "$trace" ] && [ -d "$trace" ] || skip_all "$why"
seed=${LTTV_SOAK_SEED:-$(od -An -N2 -tu2 /dev/urandom | tr -d ' ')}
secs=${LTTV_SOAK_SECONDS:-100}
diag "seed $seed (replay with LTTV_SOAK_SEED=$seed), $secs s of actions on $trace"
out=$(mktemp -d)
pid=
trap 'kill $pid 2>/dev/null; [ -n "${LTTV_SOAK_KEEP:-}" ] && mkdir -p "$LTTV_SOAK_KEEP" && cp -r "$out"/* "$LTTV_SOAK_KEEP"/; rm -rf "$out"' EXIT

# Which build the budget is judged on.
sanitized=no
ldd "$LTTV_BUILDDIR/gui/.libs/lttv-gui" 2>/dev/null | grep -q libasan && sanitized=yes
plain=
if [ $sanitized = no ]; then
  plain=$LTTV_BUILDDIR
elif [ -n "${LTTV_PLAIN_BUILDDIR:-}" ] && [ -x "$LTTV_PLAIN_BUILDDIR/gui/lttv-gui" ]; then
  plain=$LTTV_PLAIN_BUILDDIR
fi

rnd_state=$seed
# rnd N: R = a number in [0, N) (an LCG: the same seed, the same run).
rnd () { rnd_state=$(( (rnd_state * 1103515245 + 12345) % 2147483648 )); R=$(( (rnd_state / 65536) % $1 )); }
# The damaged traces, in the seed's order.
for d in "$LTTV_TEST_TRACES"/babeltrace-ctf-traces/fail/* "$LTTV_TEST_TRACES"/ctf-testsuite/stream/fail/*; do
  [ -d "$d" ] || continue
  rnd 1000000; echo "$R $d"
done | sort -n | cut -d' ' -f2- >"$out/bad"
n_bad=$(wc -l <"$out/bad")
actions_seed=$rnd_state

# has_error_bar: the current tab shows its error bar: the theme's colour
# of an error GtkInfoBar (f1e6d9, pinkish) fills a band under the tabs.
has_error_bar () {
  kill -0 $pid 2>/dev/null || return 1
  # (not import: its server grab would stall the program)
  timeout 10 "$LTTV_BUILDDIR/tests/stall/window-shot" "$id" "${W}x120+0+60" "$o/bar.png" 2>/dev/null || return 1
  [ "$(convert "$o/bar.png" -fill black +opaque '#f1e6d9' -fill white -opaque '#f1e6d9' \
        -format '%[fx:int(mean*w*h)]' info: 2>/dev/null)" -gt 5000 ]
}

# open_bad DIR: a new tab on DIR; its error bar must show.
open_bad () {
  name=$(basename "$1")
  "$gui" "$1" >/dev/null 2>>"$o/client" || true
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

focus () { xdotool windowfocus --sync "$id" 2>/dev/null || xdotool windowfocus "$id" 2>/dev/null; }
# (with the monotonic clock's seconds, as the stall meter's verbose lines)
log () { echo "$n $(cut -d' ' -f1 /proc/uptime): $*" >>"$o/actions"; }
# A point over the viewers (below the tabs, the time bar and the ruler;
# left of the viewers' close and export buttons: a file chooser would
# take the keyboard. The event list's export button is left of its
# event count, some 190 px from the right edge).
point () { rnd $(( W - 280 )); X=$(( 20 + R )); rnd $(( H - 300 )); Y=$(( 280 + R )); }

# soak NAME BUILDDIR: the actions, on BUILDDIR's lttv-gui, into $out/NAME;
# sets opened (the window opened), alive, n (actions), bars and missing.
soak () {
  o="$out/$1"; mkdir -p "$o"
  gui="$2/gui/lttv-gui"
  export LTTV_MODULE_PATH="$2/modules" GSETTINGS_SCHEMA_DIR="$2/data" LTTV_LOCALE_DIR="$2/po/locale"
  rnd_state=$actions_seed
  tabs=1; big_tabs=1; bars=0; missing=""; n=0; opened_bad=0; alive=no
  launch=$(cut -d' ' -f1 /proc/uptime)
  LTTV_STALL_REPORT=verbose "$gui" "$trace" >"$o/stdout" 2>"$o/stderr" &
  pid=$!
  id=$(wait_window "^$(basename "$trace") [^(]*LTTV\$" 60)
  opened=no
  [ -n "$id" ] || return 0
  opened=yes
  W=1400; H=950
  xdotool windowsize "$id" $W $H 2>/dev/null
  # Until the time is up and every damaged trace was opened, every other
  # action opening one.
  start=$(date +%s)
  while { [ $(( $(date +%s) - start )) -lt "$secs" ] || [ $opened_bad -lt "$n_bad" ]; } && kill -0 $pid 2>/dev/null; do
    n=$((n + 1))
    if [ $opened_bad -lt "$n_bad" ] && [ $((n % 2)) -eq 0 ]; then
      opened_bad=$((opened_bad + 1))
      bad=$(sed -n "${opened_bad}p" "$out/bad")
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
           "$gui" "$trace" >/dev/null 2>>"$o/client" || true
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
         gapplication action org.lttv.Lttv "$(echo zoom-in zoom-out zoom-fit back forward | cut -d' ' -f$((R + 1)))" 2>>"$o/client" ;;
    esac
    sleep 0.2
  done
  diag "$1: $n actions in $(( $(date +%s) - start )) s; the last ones:"
  tail -n 5 "$o/actions" | sed 's/^/#   /'
  kill -0 $pid 2>/dev/null && alive=yes
  [ -n "$missing" ] && diag "$1: no error bar for:$missing"
  gapplication action org.lttv.Lttv quit 2>>"$o/client"
  for i in $(seq 300); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done
  kill $pid 2>/dev/null
  report "$1"
}

# report NAME: the run's stall figures, the three longest busy ticks and
# the longest stall of its own after the first action (the meter's
# figures start after the first frame), and the longest stall, each with
# the action before it; sets busy, own and stall.
report () {
  o="$out/$1"
  grep -E '^lttv-gui: (longest|state history|first paint)' "$o/stderr" | sed "s/^lttv-gui: /# $1: /"
  first=$(awk '{ split($0, f, /[ :]+/); print f[2]; exit }' "$o/actions")
  grep -E '^lttv-gui: busy ' "$o/stderr" | awk -v t="${first:-0}" '$10 + 0 >= t + 0' | sort -t' ' -k3 -g |
    tail -n 3 | while read -r _ _ ms _ _ _ _ _ _ at _; do
    awk -v at="$at" -v ms="$ms" '{ split($0, f, /[ :]+/); if (f[2] + 0 <= at + 0) last = $0 }
         END { printf "#   busy %s ms ending at %s s, after action %s\n", ms, at, last }' "$o/actions"
  done
  grep -E '^lttv-gui: own stall ' "$o/stderr" | awk -v t="${first:-0}" '$15 + 0 >= t + 0' | sort -t' ' -k4 -g |
    tail -n 1 | while read -r _ _ _ ms _ off _ _ _ _ _ _ _ _ at _; do
    awk -v at="$at" -v ms="$ms" -v off="${off#(}" '{ split($0, f, /[ :]+/); if (f[2] + 0 <= at + 0) last = $0 }
         END { printf "#   own stall %s ms (%s ms off the CPU) ending at %s s, after action %s\n", ms, off, at, last }' "$o/actions"
  done
  grep -E '^lttv-gui: stall of ' "$o/stderr" | sort -t' ' -k4 -g | tail -n 1 | while read -r _ _ _ ms _ _ after _; do
    awk -v at="$(awk -v l="$launch" -v a="$after" 'BEGIN { printf "%.3f", l + a / 1000 }')" -v ms="$ms" \
        '{ split($0, f, /[ :]+/); if (f[2] + 0 <= at + 0) last = $0 }
         END { printf "#   stall %s ms ending at %s s, after action %s\n", ms, at, last }' "$o/actions"
  done
  stall=$(sed -n 's/^lttv-gui: longest main-loop stall: \([0-9.]*\) ms$/\1/p' "$o/stderr")
  busy=$(sed -n 's/^lttv-gui: longest main-loop busy time: \([0-9.]*\) ms.*/\1/p' "$o/stderr")
  own=$(sed -n 's/^lttv-gui: longest main-loop stall not spent waiting for a core: \([0-9.]*\) ms$/\1/p' "$o/stderr")
}

name=this-build
[ $sanitized = yes ] && name=sanitizers
soak $name "$LTTV_BUILDDIR"
check "the window opens on $(basename "$trace")" [ $opened = yes ]
check "lttv-gui is alive after $n actions" [ $alive = yes ]
check "an error bar for each of the $n_bad damaged traces ($bars shown)" [ "$bars" -eq "$n_bad" ]
grep -E 'CRITICAL|AddressSanitizer|runtime error|LeakSanitizer' "$out/$name/stderr" | head -n 20 | sed 's/^/# /'
check "the sanitizers and GLib reported nothing" sh -c "! grep -qE 'CRITICAL|AddressSanitizer|runtime error' '$out/$name/stderr'"

if [ -z "$plain" ]; then
  for what in "it opens and lives" "its error bars" "the stall was measured" "no callback of 50 ms" "no stall of 50 ms"; do
    skip "the budget is judged on the program built without the sanitizers: set LTTV_PLAIN_BUILDDIR to one (./quickstart test does) ($what)"
  done
  finish
fi
if [ "$plain" != "$LTTV_BUILDDIR" ]; then
  name=plain
  soak plain "$plain"
fi
check "built without the sanitizers ($plain), it opens and is alive after $n actions" [ "$opened$alive" = yesyes ]
check "built without the sanitizers, an error bar for each damaged trace ($bars of $n_bad)" [ "$bars" -eq "$n_bad" ]
check "the stall was measured (longest ${stall:-none} ms, wall clock)" [ -n "$stall" ]
# The longest turns are frames that style and paint a new tab, or the
# whole window after a tab switch or a resize (LTTV_STALL_TRACE splits
# them); a stall also counts the main thread blocked on the X connection
# behind such a frame, which Xvfb renders in software. bench/README.md
# has the figures.
budget () {
  check "$1" awk "BEGIN { exit !($2 < 50) }"
}
budget "no main-loop callback ran 50 ms or more (longest ${busy:-none} ms of CPU)" "${busy:-999}"
budget "no main-loop stall of 50 ms or more of the program's own making (${own:-none} ms; load $(cut -d' ' -f1 /proc/loadavg))" "${own:-999}"
finish
