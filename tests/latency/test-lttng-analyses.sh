#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The latencies against lttng-analyses (python3-lttnganalyses), an
# independent implementation: per group (system calls per thread and name,
# scheduling latency per woken thread, IRQs per number, soft IRQs per
# vector, block requests per device) the count, minimum, maximum and mean
# must be theirs (compare-lttng-analyses.py), on the LTTng kernel traces of
# the suite and on the hand-worked scenario. Where they differ by design
# (a call during which events were lost: they give it the time to its
# exit, we count it apart as cut), the test says it and expects exactly
# that difference. Run with --no-intersection: by default they drop the
# events before the last stream's first one, and with them the threads
# those events put on their CPUs.
. "$LTTV_SRCDIR/tests/lib/tap.sh"
lttv="$LTTV_BUILDDIR/cli/lttv"
writer="$LTTV_BUILDDIR/tests/ctf-writer/lttv-ctf-writer"
compare="$LTTV_SRCDIR/tests/latency/compare-lttng-analyses.py"
traces="many-threads bug446190 flipping-endianness"
command -v lttng-syscallstats-mi >/dev/null 2>&1 ||
  skip_all "lttng-analyses (python3-lttnganalyses) is not installed"
plan 13

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export XDG_CACHE_HOME="$tmp/cache"

# run TOOL DIR: lttng-TOOL-mi on trace DIR, into $tmp/mi.json (it reads the
# tracer's version in a folder named kernel, and follows no links).
run () {
  rm -rf "$tmp/a" && mkdir -p "$tmp/a" && cp -r "$2" "$tmp/a/kernel"
  "lttng-$1-mi" --skip-validation --no-intersection "$tmp/a" >"$tmp/mi.json" 2>"$tmp/mi.err"
}

# agree LABEL KIND TOOL DIR: one test point.
agree () {
  if ! run "$3" "$4"; then
    skip "$1: lttng-$3 cannot read it ($(tail -1 "$tmp/mi.err"))"; return
  fi
  python3 "$compare" "$2" "$tmp/mi.json" "$lttv" "$4" >"$tmp/cmp" 2>&1
  case $? in
    0) ok "$1: $(head -1 "$tmp/cmp")" ;;
    2) skip "$1: $(head -1 "$tmp/cmp")" ;;
    *) fail "$1: $(head -1 "$tmp/cmp")"; sed 's/^/# /' "$tmp/cmp" | sed -n '2,21p' ;;
  esac
}

for t in $traces; do
  dir="$LTTV_TEST_TRACES/lttng-kernel/$t"
  if [ ! -d "$dir" ]; then
    skip "$t: not in $LTTV_TEST_TRACES"; skip "$t"; skip "$t"; continue
  fi
  agree "$t: system calls per thread and name as lttng-syscallstats" syscall syscallstats "$dir"
  agree "$t: scheduling latency per thread as lttng-schedstats" sched schedstats "$dir"
  agree "$t: IRQs and soft IRQs as lttng-irqstats" irq irqstats "$dir"
done

scn="$tmp/latency"
"$writer" "$LTTV_SRCDIR/tests/latency/scenarios/latency.scn" "$scn" >/dev/null 2>&1
# The nanosleep of 43 (11100 to 13000) is cut by the events lost at 11200:
# lttng-syscallstats counts 1900 ns, we count no duration.
if run syscallstats "$scn"; then
  python3 "$compare" syscall "$tmp/mi.json" "$lttv" "$scn" >"$tmp/cmp" 2>&1
  if [ "$(sed 1d "$tmp/cmp")" = "syscall per thread and name (43, 'nanosleep'): ours count/min/mean/max (0, None, None, None), theirs (1, 1900, 1900.0, 1900)" ]; then
    ok "scenario: system calls as lttng-syscallstats but the one cut by lost events"
  else
    fail "scenario: system calls as lttng-syscallstats but the one cut by lost events"
    sed 's/^/# /' "$tmp/cmp"
  fi
else
  skip "scenario: lttng-syscallstats cannot read it ($(tail -1 "$tmp/mi.err"))"
fi
agree "scenario: scheduling latency as lttng-schedstats" sched schedstats "$scn"
agree "scenario: IRQs as lttng-irqstats" irq irqstats "$scn"
agree "scenario: block requests as lttng-iolatencystats" block iolatencystats "$scn"
finish
