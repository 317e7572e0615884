#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Invariants of the state (check-invariants.c says which) on every kernel
# trace of the suite, the hand-worked scenarios, the bundled sample trace
# and a recording of this machine made now (perf, a few seconds: it loses
# events as real recordings do); then each thread's CPU share against
# lttng-analyses' lttng-cputop on the LTTng kernel traces.
. "$LTTV_SRCDIR/tests/lib/tap.sh"

check="$LTTV_BUILDDIR/tests/state/check-invariants"
writer="$LTTV_BUILDDIR/tests/ctf-writer/lttv-ctf-writer"
lttv="$LTTV_BUILDDIR/cli/lttv"
traces="perf/vm-small perf/perf-taskset2 lttng-kernel/bug446190
  lttng-kernel/flipping-endianness lttng-kernel/many-threads"
scenarios="state-irq-in-softirq state-tid-reuse state-prev-state-old state-prev-state-new
  state-statedump state-anomalies state-event-thread state-event-thread-lttng state-block"
plan 18

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

invariants () {
  name=$1 dir=$2
  if "$check" "$dir" >"$tmp/out" 2>&1; then
    ok "$name: the invariants hold"
  else
    fail "$name: the invariants hold"
    grep -v '^cpu ' "$tmp/out" | head -20 | sed 's/^/# /'
  fi
}

for t in $traces; do
  if [ -d "$LTTV_TEST_TRACES/$t" ]; then invariants "$t" "$LTTV_TEST_TRACES/$t"
  else skip "$t: not in $LTTV_TEST_TRACES"; fi
done
invariants "data/sample-trace" "$LTTV_SRCDIR/data/sample-trace"
for name in $scenarios; do
  "$writer" "$LTTV_SRCDIR/tests/ctf-writer/scenarios/$name.scn" "$tmp/$name" >/dev/null 2>&1
  invariants "$name" "$tmp/$name"
done

# A recording of this machine, now.
rec="$LTTV_BUILDDIR/tools/lttv-record"
if [ "$(id -u)" != 0 ]; then
  skip "a recording of this machine: not root"
elif ! command -v perf >/dev/null; then
  skip "a recording of this machine: perf is not installed"
elif [ ! -x "$rec" ]; then
  skip "a recording of this machine: $rec was not built"
elif ! "$rec" --workload --seconds=2 "$tmp/rec" >"$tmp/rec.log" 2>&1; then
  skip "a recording of this machine: lttv-record failed ($(tail -1 "$tmp/rec.log"))"
else
  invariants "a 2 s recording of this machine" "$tmp/rec"
fi

# CPU shares against lttng-cputop (lttng-analyses reads LTTng kernel
# traces only): each thread's share of the time range lttng-cputop gives
# (first to last event), ours from lttv stats over that range (its user +
# system call + interrupted time: lttng-cputop counts a thread's time on
# a CPU from its switch in to its switch out, interrupts included).
# Tolerance: 0.25 percentage point per thread (compare-cputop.py: the
# differences are the time a thread ran before its CPU's first switch,
# which the model does not know: 0.04 point on many-threads, 0.19 on
# bug446190); lttng-cputop lists the top 10.
cputop=$(command -v lttng-cputop)
for t in lttng-kernel/many-threads lttng-kernel/bug446190; do
  dir="$LTTV_TEST_TRACES/$t"
  if [ -z "$cputop" ]; then skip "$t: lttng-cputop (python3-lttnganalyses) is not installed"; continue; fi
  if [ ! -d "$dir" ]; then skip "$t: not in $LTTV_TEST_TRACES"; continue; fi
  # (it looks for the tracer's version in a folder named kernel, and does
  # not follow symbolic links)
  rm -rf "$tmp/ct" && mkdir -p "$tmp/ct" && cp -r "$dir" "$tmp/ct/kernel"
  "$cputop" --gmt --no-progress --skip-validation "$tmp/ct" >"$tmp/cputop" 2>&1
  if python3 "$LTTV_SRCDIR/tests/state/compare-cputop.py" "$tmp/cputop" "$lttv" "$dir" >"$tmp/cmp" 2>&1; then
    ok "$t: per-thread CPU shares agree with lttng-cputop within 0.25 point ($(head -1 "$tmp/cmp"))"
  else
    fail "$t: per-thread CPU shares agree with lttng-cputop within 0.25 point"
    sed 's/^/# /' "$tmp/cmp" | head -20
  fi
done
finish
