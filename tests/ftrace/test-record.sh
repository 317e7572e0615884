#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Recordings made here with `lttv-record --ftrace` (root and tracefs
# needed, else skipped): every event lttv dump prints is the one
# `trace-cmd report -R` prints, on a short recording with a buffer
# instance and on one of several seconds; events the kernel overwrote
# (a small ring buffer) are the discarded events lttv info counts, as
# the file's CPU statistics (trace-cmd report --stat) say.
. "$LTTV_SRCDIR/tests/lib/tap.sh"

lttv="$LTTV_BUILDDIR/cli/lttv"
record="$LTTV_BUILDDIR/tools/lttv-record"
here="$LTTV_SRCDIR/tests/ftrace"
[ "$(id -u)" -eq 0 ] || skip_all "recording the kernel needs root"
[ -d /sys/kernel/tracing/events/sched ] || mount -t tracefs nodev /sys/kernel/tracing 2>/dev/null
[ -d /sys/kernel/tracing/events/sched ] || skip_all "no tracefs at /sys/kernel/tracing"
command -v trace-cmd >/dev/null 2>&1 || skip_all "trace-cmd is missing (Debian: trace-cmd)"
plan 7

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
XDG_CACHE_HOME="$tmp/cache"; export XDG_CACHE_HOME
TZ=UTC; export TZ

compare () {  # compare NAME FILE: lttv dump against trace-cmd report -R
  "$lttv" dump "$2" >"$tmp/$1.dump" 2>"$tmp/$1.err"
  trace-cmd report -R -t -i "$2" >"$tmp/$1.report" 2>/dev/null
  python3 "$here/dump-vs-report.py" "$tmp/$1.dump" "$tmp/$1.report" >"$tmp/$1.cmp" 2>&1
  status=$?
  sed 's/^/# /' "$tmp/$1.cmp" | tail -5
  [ $status -eq 0 ] && [ ! -s "$tmp/$1.err" ]
}

# A short command, recorded in the top buffer and an instance.
"$record" --ftrace -i "lttv-test-$$" -t 1 "$tmp/short.dat" -- \
  sh -c 'ls -R /usr/share/doc >/dev/null 2>&1; cat /etc/passwd | sort >/dev/null; sleep 0.1' >/dev/null 2>"$tmp/rec.err"
check "lttv-record --ftrace -i writes a .dat file" [ -s "$tmp/short.dat" ]
cpus=$(grep -c '^processor' /proc/cpuinfo)
"$lttv" info "$tmp/short.dat" >"$tmp/short.info" 2>&1
streams=$(sed -n 's/^  streams: \([0-9]*\) .*/\1/p' "$tmp/short.info")
check "two buffers of $cpus CPUs: up to $((2 * cpus)) streams, more than $cpus ($streams)" \
  sh -c "[ '$streams' -gt $cpus ] && [ '$streams' -le $((2 * cpus)) ]"
check "short recording with an instance: every event as trace-cmd report -R" compare short "$tmp/short.dat"
# Cut where the instance's CPU data begin (its table, after them, lost):
# the top buffer's events, the instance said missing.
at=$(python3 - "$tmp/short.dat" "$LTTV_SRCDIR/tests/ftrace" <<'PY'
import sys
sys.dont_write_bytecode = True   # (nothing written into the source tree)
sys.path.insert(0, sys.argv[2])
from dat_v7 import buffer_tables
d = open(sys.argv[1], 'rb').read()
# where the first instance's CPU data begin
print(min(off for _p, name, cpus in buffer_tables(d) if name for _cpu, off, _size in cpus if off > 0))
PY
)
head -c "$at" "$tmp/short.dat" >"$tmp/cutinst.dat"
top=$(trace-cmd report -i "$tmp/short.dat" 2>/dev/null | grep -v '^cpus=' | grep -vc "^lttv-test-$$:")
"$lttv" dump --count "$tmp/cutinst.dat" >"$tmp/cutinst.out" 2>"$tmp/cutinst.err"
check "cut where the instance's data begin: the top buffer's $top events, the instance said" \
  sh -c "[ \"\$(cat '$tmp/cutinst.out')\" = $top ] && grep -q 'cutinst.dat: byte $at: the file ends before buffer lttv-test-$$.s CPU' '$tmp/cutinst.err'"

# Several seconds of the built-in workload.
"$record" --ftrace -w -t 3 "$tmp/long.dat" >/dev/null 2>&1
check "3 s recording: every event as trace-cmd report -R" compare long "$tmp/long.dat"

# A ring buffer far too small: the kernel overwrites the oldest events.
"$record" --ftrace -w -t 1 -b 64 "$tmp/lost.dat" >/dev/null 2>&1
lost=$(trace-cmd report --stat -i "$tmp/lost.dat" 2>/dev/null |
       awk '/^(overrun|dropped events):/ { s += $NF } END { print s + 0 }')
"$lttv" info "$tmp/lost.dat" >"$tmp/lost.info" 2>&1
said=$(sed -n 's/^  discarded events: \([0-9]*\).*/\1/p' "$tmp/lost.info")
check "overwritten events: lttv info counts $lost discarded, as the CPU statistics ($said)" \
  sh -c "[ '$lost' -gt 0 ] && [ '$said' = '$lost' ]"
check "and the events kept are the report's" compare lost "$tmp/lost.dat"
finish
