#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Thread names from the file's saved_cmdlines: on a recording made here
# of the system calls alone (root and tracefs needed, else skipped), no
# scheduler switch names any thread, every one is seen only as its
# events' common_pid. The state model names them as `trace-cmd report`
# does; among them a shell that renamed itself (/proc/self/comm) before
# its calls.
. "$LTTV_SRCDIR/tests/lib/tap.sh"

lttv="$LTTV_BUILDDIR/cli/lttv"
record="$LTTV_BUILDDIR/tools/lttv-record"
[ "$(id -u)" -eq 0 ] || skip_all "recording the kernel needs root"
[ -d /sys/kernel/tracing/events/sched ] || mount -t tracefs nodev /sys/kernel/tracing 2>/dev/null
[ -d /sys/kernel/tracing/events/raw_syscalls ] || skip_all "no raw_syscalls events in tracefs"
command -v trace-cmd >/dev/null 2>&1 || skip_all "trace-cmd is missing (Debian: trace-cmd)"
plan 4

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
XDG_CACHE_HOME="$tmp/cache"; export XDG_CACHE_HOME

"$record" --ftrace -e raw_syscalls:sys_enter,raw_syscalls:sys_exit -t 1 "$tmp/names.dat" -- \
  sh -c 'echo $$ >"$0/pid"; printf lttv-named >/proc/$$/comm
         for i in 1 2 3 4 5 6 7 8 9 10; do : </etc/hostname; sleep 0.05; done' "$tmp" \
  >/dev/null 2>"$tmp/rec.err"
pid=$(cat "$tmp/pid" 2>/dev/null)
check "lttv-record --ftrace -e raw_syscalls:... writes a .dat file" [ -s "$tmp/names.dat" ] && [ -n "$pid" ]

tab=$(printf '\t')
# trace-cmd's name of each thread: "COMM-TID [CPU] ..." (names from
# saved_cmdlines; "<...>" where it has none).
trace-cmd report -i "$tmp/names.dat" 2>/dev/null |
  sed -n "s/^ *\(.*\)-\([0-9][0-9]*\) *\[[0-9]*\] .*/\2$tab\1/p" | grep -v "$tab<\.\.\.>\$\|^0$tab" |
  sort -u -t "$tab" -k1,1 >"$tmp/report.names"
"$lttv" state "$tmp/names.dat" 2>"$tmp/state.err" |
  sed -n "s,^[^$tab]*${tab}Threads/\([0-9][0-9]*\)/Exec_name$tab,\1$tab,p" | sort -t "$tab" -k1,1 >"$tmp/lttv.names"
diag "$(wc -l <"$tmp/report.names") threads named by trace-cmd report, $(wc -l <"$tmp/lttv.names") by lttv state"
check "trace-cmd report names the renamed shell lttv-named" grep -qx "$pid${tab}lttv-named" "$tmp/report.names"
check "lttv state names it so" grep -qx "$pid${tab}lttv-named" "$tmp/lttv.names"
# every thread trace-cmd names, lttv names alike
join -t "$tab" -a 1 -e MISSING -o 0,1.2,2.2 "$tmp/report.names" "$tmp/lttv.names" >"$tmp/joined" 2>/dev/null
awk -F "$tab" '$2 != $3' "$tmp/joined" | head -5 | sed 's/^/# differs: /'
check "every thread trace-cmd report names, lttv state names alike" \
  sh -c "[ -s '$tmp/joined' ] && ! awk -F '$tab' '\$2 != \$3 { bad = 1 } END { exit !bad }' '$tmp/joined'"
finish
