#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# A trace-cmd .dat recording kept in tests/traces (ftrace/small.dat, file
# version 7, zstd) and its conversions to version 6 and to an
# uncompressed version 7: lttv info says the format and the clock; every
# event lttv dump prints is the one `trace-cmd report -R` prints (time,
# CPU, pid, name, every field); the thread each CPU runs is the one
# trace-cmd's report shows (running-threads.py); a .dat file and a CTF
# trace open together.
. "$LTTV_SRCDIR/tests/lib/tap.sh"
plan 10

lttv="$LTTV_BUILDDIR/cli/lttv"
dat="$LTTV_TEST_TRACES/ftrace/small.dat"
ctf="$LTTV_TEST_TRACES/perf/vm-small"
here="$LTTV_SRCDIR/tests/ftrace"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
XDG_CACHE_HOME="$tmp/cache"; export XDG_CACHE_HOME
TZ=UTC; export TZ

"$lttv" info "$dat" >"$tmp/info" 2>&1
check "lttv info: format trace-cmd .dat v7, clock local" \
  sh -c "grep -qx '  format: trace-cmd .dat v7' '$tmp/info' && grep -q '^  clock: local ' '$tmp/info'"

if ! command -v trace-cmd >/dev/null 2>&1; then
  for i in 2 3 4 5 6 7 8; do skip "trace-cmd is missing (Debian: trace-cmd)"; done
else
  compare () {  # compare NAME FILE: lttv dump against trace-cmd report -R
    "$lttv" dump "$2" >"$tmp/$1.dump" 2>"$tmp/$1.err"
    trace-cmd report -R -t -i "$2" >"$tmp/$1.report" 2>/dev/null
    python3 "$here/dump-vs-report.py" "$tmp/$1.dump" "$tmp/$1.report" >"$tmp/$1.cmp" 2>&1
    status=$?
    sed 's/^/# /' "$tmp/$1.cmp" | tail -5
    [ $status -eq 0 ] && [ ! -s "$tmp/$1.err" ]
  }
  check "version 7, zstd: every event as trace-cmd report -R prints it" compare v7 "$dat"
  trace-cmd convert -i "$dat" -o "$tmp/v6.dat" --file-version 6 --compression none >/dev/null 2>&1
  "$lttv" info "$tmp/v6.dat" 2>&1 | grep -qx '  format: trace-cmd .dat v6'
  check "lttv info says v6 for a version 6 file" [ $? -eq 0 ]
  check "version 6: every event as trace-cmd report -R prints it" compare v6 "$tmp/v6.dat"
  trace-cmd convert -i "$dat" -o "$tmp/v7n.dat" --file-version 7 --compression none >/dev/null 2>&1
  check "version 7 uncompressed: every event as trace-cmd report -R prints it" compare v7n "$tmp/v7n.dat"
  n=$(grep -vc '^cpus=' "$tmp/v7.report")
  count=$("$lttv" dump --count "$dat" 2>&1)
  check "lttv dump --count: $n events, as trace-cmd report" [ "$count" = "$n" ]
  # One event class per kernel event, however the copy stores them.
  kinds=$(awk 'NR > 1 { for (i = 4; i <= NF; i++) if ($i ~ /:$/) { print $i; break } }' "$tmp/v7.report" | sort -u | wc -l)
  classes=$("$lttv" info "$dat" | sed -n 's/^  event classes: //p')
  check "lttv info: $kinds event classes, the kinds of event trace-cmd reports ($classes)" \
    [ "$classes" = "$kinds" ]
  # The running threads at five times, from the first event to the end.
  set -- $("$lttv" info "$dat" | sed -n 's/^  first event: \([0-9]*\)\.\([0-9]*\)$/\1\2/p;s/^  end: \([0-9]*\)\.\([0-9]*\)$/\1\2/p')
  first=$1 end=$2
  times=""
  for k in 0 1 2 3 4; do times="$times $((first + (end - first) * k / 4))"; done
  python3 "$here/running-threads.py" "$tmp/v7.report" $times >"$tmp/expected"
  "$lttv" state --at="$(echo $times | tr ' ' ,)" "$dat" 2>&1 | grep 'Current_thread' | sort >"$tmp/state"
  check "the thread each CPU runs is trace-cmd's: its last event's pid, or a switch's next_pid" \
    sh -c "[ -s '$tmp/expected' ] && cmp -s '$tmp/expected' '$tmp/state' || { diff '$tmp/expected' '$tmp/state' | head -5 | sed 's/^/# /'; false; }"
fi

# A CTF trace and a .dat file in one traceset, each on its own clock.
"$lttv" info "$ctf" "$dat" >"$tmp/both" 2>&1
check "lttv info on a CTF trace and a .dat file lists both with their clocks" \
  sh -c "grep -q '^Trace $dat\$' '$tmp/both' && grep -qx '  format: CTF 1.8' '$tmp/both' \
         && [ \$(grep -c '^  clock: ' '$tmp/both') -eq 2 ]"
a=$("$lttv" dump --count "$ctf")
b=$("$lttv" dump --count "$dat")
ab=$("$lttv" dump --count "$ctf" "$dat")
check "dump --count of both is the sum of each ($a + $b)" [ "$ab" = "$((a + b))" ]
finish
