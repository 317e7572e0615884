#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The statistics viewer's tree (as its Copy writes it): events per type
# against babeltrace2 on the shared kernel traces, and CPU and thread times
# on a scenario worked out by hand (cpu-time.scn).
. "$LTTV_SRCDIR/tests/lib/tap.sh"
[ -x "${BABELTRACE2:-}" ] || skip_all "babeltrace2 is not installed"
traces="${LTTV_TEST_TRACES:-}"
[ -d "$traces/perf/vm-small" ] || skip_all "the shared traces are not there ($traces)"
plan 37

stats="$LTTV_BUILDDIR/tests/viewers/stats-text"
writer="$LTTV_BUILDDIR/tests/ctf-writer/lttv-ctf-writer"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# GTK's type system keeps its classes: leaks at exit are not ours
export ASAN_OPTIONS=detect_leaks=0:abort_on_error=1

# flatten TEXT: "PATH<TAB>COUNT<TAB>SECONDS" per row, PATH joined with '/'
# (the text has fixed columns: name 1-48, count 50-61, seconds 63-78).
flatten () {
  awk 'NR > 1 {
    match ($0, /^ */); depth = RLENGTH / 2
    name = substr ($0, 1, 48); sub (/^ */, "", name); sub (/ *$/, "", name)
    if (depth == 0 && NR == 2) name = "traceset"   # the root: the trace
    path[depth] = name; p = path[0]
    for (i = 1; i <= depth; i++) p = p "/" path[i]
    count = substr ($0, 50, 12); gsub (/ /, "", count)
    secs = substr ($0, 63, 16); gsub (/ /, "", secs)
    printf "%s\t%s\t%s\n", p, count, secs }' "$1"
}

# Events per type: "NAME COUNT" lines, sorted.
bt_types () {
  "$BABELTRACE2" "$1" 2>/dev/null | awk '/^\[/ {
    for (i = 2; i < NF; i++) if ($i ~ /:$/ && $(i + 1) == "{") { n[substr ($i, 1, length ($i) - 1)]++; break } }
    END { for (k in n) print k, n[k] }' | LC_ALL=C sort
}
our_types () {
  flatten "$1" | awk -F '\t' '$1 ~ /^traceset\/Events per type\// {
    sub (/^traceset\/Events per type\//, "", $1); print $1, $2 }' | LC_ALL=C sort
}

for t in perf/vm-small perf/perf-taskset2 lttng-kernel/many-threads lttng-kernel/bug446190 \
         lttng-kernel/flipping-endianness; do
  label=$(basename "$t")
  "$stats" "$traces/$t" > "$tmp/$label.txt" 2>"$tmp/err" || sed 's/^/# /' "$tmp/err"
  bt_types "$traces/$t" > "$tmp/$label.bt"
  our_types "$tmp/$label.txt" > "$tmp/$label.ours"
  if [ -s "$tmp/$label.bt" ] && cmp -s "$tmp/$label.bt" "$tmp/$label.ours"; then
    ok "$label: events per type are babeltrace2's ($(wc -l < "$tmp/$label.bt") types)"
  else
    fail "$label: events per type are babeltrace2's"
    diff "$tmp/$label.bt" "$tmp/$label.ours" | head -5 | sed 's/^/# /'
  fi
done

# A session folder (kernel + UST): a tree per trace, each with the event
# types babeltrace2 reads from that trace alone.
md="$traces/babeltrace-ctf-traces/succeed/multi-domains"
"$stats" "$md" > "$tmp/md.txt" 2>"$tmp/err" || sed 's/^/# /' "$tmp/err"
for d in kernel ust; do
  bt_types "$md/$d" > "$tmp/md-$d.bt"
  flatten "$tmp/md.txt" | awk -F '\t' -v p="traceset/$d/Events per type/" \
    'index ($1, p) == 1 { print substr ($1, length (p) + 1), $2 }' | LC_ALL=C sort > "$tmp/md-$d.ours"
  if [ -s "$tmp/md-$d.bt" ] && cmp -s "$tmp/md-$d.bt" "$tmp/md-$d.ours"; then
    ok "multi-domains: the $d trace's tree has babeltrace2's events per type"
  else
    fail "multi-domains: the $d trace's tree has babeltrace2's events per type"
    diff "$tmp/md-$d.bt" "$tmp/md-$d.ours" | head -5 | sed 's/^/# /'
  fi
done

"$writer" "$LTTV_SRCDIR/tests/viewers/cpu-time.scn" "$tmp/cpu" >/dev/null
"$stats" "$tmp/cpu" > "$tmp/cpu.txt"
flatten "$tmp/cpu.txt" > "$tmp/cpu.rows"
# row PATH COUNT SECONDS: the row exists with these values ("" for none)
rows="$tmp/cpu.rows"
row () {
  if grep -qxF "$(printf '%s\t%s\t%s' "traceset/$1" "$2" "$3")" "$rows"; then
    ok "scenario: $1 = ${2:+$2 times, }$3 s"
  else
    fail "scenario: $1 = ${2:+$2 times, }$3 s"
    grep -F "traceset/$1	" "$rows" | sed 's/^/# we have: /'
  fi
}
row "Threads/42 app/User mode" "" 0.005500
row "Threads/42 app/System call" "" 0.001000
row "Threads/42 app/Interrupted" "" 0.000500
row "Threads/42 app/Blocked" "" 0.002000
row "Threads/42 app/System calls/read" 2 0.001000
row "CPUs/CPU 0/Idle" "" 0.002000
row "CPUs/CPU 0/IRQs" "" 0.000500
row "CPUs/CPU 0/IRQ handlers/19" 1 0.000500
row "CPUs/CPU 0" 9 0.007000
row "Traps/x86_exceptions_page_fault_user" 1 ""
# the page fault at 6 ms: on CPU 0, in app (42), read from the events
row "CPUs/CPU 0/Traps" 1 ""
row "CPUs/CPU 0/Traps/x86_exceptions_page_fault_user" 1 ""
row "Threads/42 app/Traps/x86_exceptions_page_fault_user" 1 ""
row "Discarded events" 0 ""

# traps.scn: traps per CPU and per thread, read from the events
"$writer" "$LTTV_SRCDIR/tests/viewers/traps.scn" "$tmp/traps" >/dev/null
"$stats" "$tmp/traps" > "$tmp/traps.txt"
flatten "$tmp/traps.txt" > "$tmp/traps.rows"
rows="$tmp/traps.rows"
row "CPUs/CPU 0/Traps" 2 ""
row "CPUs/CPU 0/Traps/x86_exceptions_page_fault_user" 1 ""
row "CPUs/CPU 0/Traps/x86_exceptions_page_fault_kernel" 1 ""
row "CPUs/CPU 1/Traps/x86_exceptions_page_fault_user" 2 ""
row "CPUs/CPU 1/Traps/x86_exceptions_page_fault_kernel" 1 ""
row "Threads/42 app/Traps" 1 ""
row "Threads/43 db/Traps/x86_exceptions_page_fault_user" 2 ""
row "Threads/43 db/Traps/x86_exceptions_page_fault_kernel" 1 ""
row "Threads/0_0 swapper/0/Traps/x86_exceptions_page_fault_kernel" 1 ""

# processes.scn: threads grouped by process (PID from the fork)
"$writer" "$LTTV_SRCDIR/tests/viewers/processes.scn" "$tmp/procs" >/dev/null
"$stats" "$tmp/procs" > "$tmp/procs.txt"
flatten "$tmp/procs.txt" > "$tmp/procs.rows"
rows="$tmp/procs.rows"
row "Processes" "" 0.014000
row "Processes/42 app" "" 0.010000
row "Processes/42 app/42 app" "" 0.007000
row "Processes/42 app/44 app" "" 0.003000
row "Processes/43 db" "" 0.002000
row "Processes/0 swapper/0/0_1 swapper/1" "" 0.002000
if grep -q "^traceset/Processes/43 db/44" "$rows"; then
  fail "processes: thread 44 is not under db"
else
  ok "processes: thread 44 is not under db"
fi
finish
