#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The statistics viewer's Copy (the loaded module, on Xvfb: stats-copy.c)
# holds the numbers `lttv stats --format=tsv` prints, for a 10 % range of
# many-threads and for whole traces: events per type and in total, events
# and time per state of each CPU, IRQs and soft IRQs per CPU, time per
# state and system calls of each thread, discarded events.
. "$LTTV_SRCDIR/tests/lib/tap.sh"
. "$LTTV_SRCDIR/tests/lib/xvfb.sh"
traces="${LTTV_TEST_TRACES:-}"
[ -d "$traces/lttng-kernel/many-threads" ] || skip_all "the shared traces are not there ($traces)"
plan 4

copy="$LTTV_BUILDDIR/tests/viewers/stats-copy"
lttv="$LTTV_BUILDDIR/cli/lttv"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# GTK's type system keeps its classes: leaks at exit are not ours
export ASAN_OPTIONS=detect_leaks=0:abort_on_error=1

# The copied tree as "KEY<TAB>VALUES" lines (fixed columns: name 1-48,
# count 50-61, seconds 63-78; path parts joined by "|").
ours () {
  awk 'NR > 1 {
    match ($0, /^ */); depth = RLENGTH / 2
    name = substr ($0, 1, 48); sub (/^ */, "", name); sub (/ *$/, "", name)
    count = substr ($0, 50, 12); gsub (/ /, "", count)
    secs = substr ($0, 63, 16); gsub (/ /, "", secs)
    part[depth] = name
    split ("Idle|User mode|System calls|IRQs|Soft IRQs", cl, "|")
    split ("IDLE|RUN_USERMODE|RUN_SYSCALL|IRQ|SOFTIRQ", cs, "|")
    split ("Unknown|Blocked|User mode|System call|Interrupted|Waiting for a CPU|Waiting (unknown)|Waiting after fork", tl, "|")
    split ("UNKNOWN|WAIT_BLOCKED|RUN_USERMODE|RUN_SYSCALL|INTERRUPTED|WAIT_FOR_CPU|WAIT_UNKNOWN|WAIT_FORK", ts, "|")
    if (depth == 0) print "T\t" count
    else if (depth == 1 && name == "Discarded events") print "D\t" count
    else if (depth == 2 && part[1] == "Events per type") print "E|" name "\t" count
    else if (part[1] == "CPUs" && depth >= 2) {
      cpu = part[2]; sub (/^CPU /, "", cpu)
      if (depth == 2) print "C|" cpu "\t" count
      else if (depth == 3) { for (k = 1; k <= 5; k++) if (name == cl[k] && secs != "0.000000") print "CT|" cpu "|" cs[k] "\t" secs }
      else if (depth == 4 && part[3] == "IRQ handlers") print "I|" cpu "|" name "\t" count " " secs
      else if (depth == 4 && part[3] == "Soft IRQ vectors") print "SI|" cpu "|" name "\t" count " " secs
    } else if (part[1] == "Threads" && depth >= 3) {
      tid = part[2]; sub (/ .*/, "", tid)
      if (depth == 3) { for (k = 1; k <= 8; k++) if (name == tl[k] && secs != "0.000000") print "TT|" tid "|" ts[k] "\t" secs }
      else if (depth == 4 && part[3] == "System calls") print "S|" tid "|" name "\t" count " " secs
    } }' "$1" | LC_ALL=C sort
}

# `lttv stats --format=tsv` as the same lines.
theirs () {
  awk -F '\t' 'function s(ns) { return sprintf ("%.6f", ns / 1e9) }
    $1 == "events_total" { print "T\t" $2 }
    $1 == "discarded" { print "D\t" $2 }
    $1 == "events" { print "E|" $2 "\t" $3 }
    $1 == "cpu_events" { print "C|" $2 "\t" $3 }
    $1 == "cpu_time" && s($4) != "0.000000" { print "CT|" $2 "|" $3 "\t" s($4) }
    $1 == "irq" { print "I|" $2 "|" $3 "\t" $4 " " s($5) }
    $1 == "softirq" { print "SI|" $2 "|" $3 "\t" $4 " " s($5) }
    $1 == "thread_time" && s($5) != "0.000000" { print "TT|" $2 "|" $4 "\t" s($5) }
    $1 == "syscall" { print "S|" $2 "|" $3 "\t" $4 " " s($5) }' "$1" | LC_ALL=C sort
}

compare () {   # LABEL TRACE [BEGIN END]
  label=$1; shift
  trace=$1; shift
  if [ $# -eq 2 ]; then
    "$lttv" stats --no-cache --format=tsv --begin="$1" --end="$2" "$trace" > "$tmp/$label.tsv" 2>"$tmp/err"
  else
    "$lttv" stats --no-cache --format=tsv "$trace" > "$tmp/$label.tsv" 2>"$tmp/err"
  fi
  "$copy" "$trace" "$@" > "$tmp/$label.copy" 2>>"$tmp/err"
  ours "$tmp/$label.copy" > "$tmp/$label.ours"
  theirs "$tmp/$label.tsv" > "$tmp/$label.theirs"
  n=$(wc -l < "$tmp/$label.theirs")
  if [ "$n" -gt 10 ] && cmp -s "$tmp/$label.ours" "$tmp/$label.theirs"; then
    ok "$label: the viewer's copy holds lttv stats' numbers ($n values)"
  else
    fail "$label: the viewer's copy holds lttv stats' numbers"
    sed 's/^/# /' "$tmp/err" | head -5
    diff "$tmp/$label.theirs" "$tmp/$label.ours" | head -8 | sed 's/^/# /'
  fi
}

compare "many-threads [+0.4, +0.5]" "$traces/lttng-kernel/many-threads" +0.4 +0.5
compare "many-threads, whole" "$traces/lttng-kernel/many-threads"
compare "vm-small [+0.3, +0.6]" "$traces/perf/vm-small" +0.3 +0.6
compare "bug446190, whole" "$traces/lttng-kernel/bug446190"
finish
