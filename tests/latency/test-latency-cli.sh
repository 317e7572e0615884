#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# lttv latency on a hand-worked scenario (scenarios/latency.scn: a syscall
# with an IRQ and a soft IRQ inside, a thread woken twice, a call cut by
# lost events, one cut by the end of the trace, block requests): the
# statistics, per thread, the longest, ranges, the cache, the switch that
# turns the analyses off, usage errors; then the API (latency-api).
. "$LTTV_SRCDIR/tests/lib/tap.sh"
writer="$LTTV_BUILDDIR/tests/ctf-writer/lttv-ctf-writer"
lttv="$LTTV_BUILDDIR/cli/lttv"
api="$LTTV_BUILDDIR/tests/latency/latency-api"
exp="$LTTV_SRCDIR/tests/latency/expected"
plan 18

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# a cache of its own: the test counts on what it holds
export XDG_CACHE_HOME="$tmp/cache"
trace="$tmp/latency"
check "the writer makes the scenario's trace" \
  "$writer" "$LTTV_SRCDIR/tests/latency/scenarios/latency.scn" "$trace"

# same NAME EXPECTED ARGS...: lttv latency --format=tsv ARGS gives EXPECTED
# (its # lines left out).
same () {
  name=$1 expected=$2; shift 2
  "$lttv" latency --format=tsv "$@" "$trace" >"$tmp/out" 2>"$tmp/err"
  grep -v '^#' "$expected" >"$tmp/want"
  if diff "$tmp/want" "$tmp/out" >"$tmp/diff"; then ok "$name"; else
    fail "$name"; sed 's/^/# /' "$tmp/diff" "$tmp/err" | head -20; fi
}
same "every kind's statistics per name are the hand-worked ones" "$exp/latency.tsv"
[ -f "$(ls "$XDG_CACHE_HOME"/lttv/* 2>/dev/null | head -1)" ]
check "the build left a state cache" test $? -eq 0
same "read back from the cache, the same" "$exp/latency.tsv"
same "without the cache, the same" "$exp/latency.tsv" --no-cache
same "system calls per thread" "$exp/latency-thread.tsv" --kind=syscall --by=thread
same "the two longest of each kind, with thread, CPU, size, direction" "$exp/latency-top.tsv" --top=2

# Ranges: intervals that begin from --begin to --end, both included
# (44's wakeups at 5000 and 7900; 45's at 12000).
printf 'range\t5000\t7900\nstats\tsched\tname\tsleeper\t2\t0\t400\t2000\t1200.000\t1131.371\t2400\t400\t2000\t2000\n' >"$tmp/r1"
same "--begin=+T --end=T: the end included" "$tmp/r1" --kind=sched --begin=+0.000004 --end=7900
printf 'range\t5000\t7899\nstats\tsched\tname\tsleeper\t1\t0\t2000\t2000\t2000.000\t0.000\t2000\t2000\t2000\t2000\n' >"$tmp/r2"
same "--end before a beginning leaves it out" "$tmp/r2" --kind=sched --begin=5000 --end=7899
printf 'range\t1000\t13500\nstats\tirq\tcpu\t0\t1\t0\t500\t500\t500.000\t0.000\t500\t500\t500\t500\n' >"$tmp/r3"
same "IRQs per CPU" "$tmp/r3" --kind=irq --by=cpu

"$lttv" latency "$trace" >"$tmp/text" 2>&1
check "text: a heading per kind with its counts" grep -q '^sched: 3 intervals, 0 cut' "$tmp/text"

# Without the analyses: said so; a cache built so does not serve a build
# with them.
rm -rf "$XDG_CACHE_HOME"
LTTV_NO_LATENCY=1 "$lttv" latency "$trace" >"$tmp/out" 2>"$tmp/err"
st=$?
if [ "$st" -eq 1 ] && grep -q 'LTTV_NO_LATENCY' "$tmp/err"; then
  ok "LTTV_NO_LATENCY: exit status 1, says why"
else
  fail "LTTV_NO_LATENCY: exit status 1, says why (got $st)"; sed 's/^/# /' "$tmp/err"
fi
same "after a cache built without them, built again with them" "$exp/latency.tsv"
# Every build makes them: lttv state's cache serves lttv latency as it is
# (the one file, not written again).
rm -rf "$XDG_CACHE_HOME"
"$lttv" state "$trace" >/dev/null 2>&1
find "$XDG_CACHE_HOME" -type f -exec cat {} + >"$tmp/cache0" 2>/dev/null
same "after lttv state's cache, lttv latency the same" "$exp/latency.tsv"
find "$XDG_CACHE_HOME" -type f -exec cat {} + >"$tmp/cache1" 2>/dev/null
check "lttv state's cache holds the analyses: lttv latency leaves it as it was" \
  test -s "$tmp/cache0" -a "$(find "$XDG_CACHE_HOME" -type f | wc -l)" -eq 1
check "  byte for byte" cmp -s "$tmp/cache0" "$tmp/cache1"

bad=""
for args in --kind=nosuch --by=nosuch --top=0 --format=xml; do
  "$lttv" latency "$args" "$trace" >/dev/null 2>"$tmp/err"
  st=$?
  [ "$st" -eq 2 ] && [ -s "$tmp/err" ] || bad="$bad $args($st)"
done
check "usage errors exit with status 2 and a message${bad:+:$bad}" test -z "$bad"

if "$api" "$trace" "$LTTV_TEST_TRACES/lttng-kernel/many-threads" >"$tmp/api" 2>&1; then
  ok "the API on the scenario: intervals, flags, ranges, maxima, histogram, top"
else
  fail "the API on the scenario: intervals, flags, ranges, maxima, histogram, top"
  sed 's/^/# /' "$tmp/api" | head -20
fi
finish
