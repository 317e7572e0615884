#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The state history on a big trace ($LTTV_BIG_TRACE, >= 5 M events):
# building it from nothing (empty cache) against `babeltrace2 T -o dummy`
# (decoding only); `lttv state --at=` with 100 times from the cache
# against the same; query latencies; history size against trace size;
# peak memory while building.
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
trace=${LTTV_BIG_TRACE:-}
[ -n "$trace" ] && [ -d "$trace" ] || { echo "state: set LTTV_BIG_TRACE (lttv-record --workload --seconds=60 DIR)"; exit 0; }
b=$LTTV_BUILDDIR
make -s -C "$b/bench" state-query >/dev/null || exit 1
# The real program, not libtool's wrapper script around it.
if [ -x "$b/cli/.libs/lttv" ]; then
  lttv="$b/cli/.libs/lttv"; LD_LIBRARY_PATH="$b/core/.libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"; export LD_LIBRARY_PATH
else
  lttv="$b/cli/lttv"
fi
bt=${BABELTRACE2:-babeltrace2}

# cpu COMMAND...: CPU seconds of one run (wall time is noisy on a shared
# machine; both are printed).
cpu () {
  set -- $(cpu_wall "$@")
  echo "$1"
}

cache=$(mktemp -d)
trap 'rm -rf "$cache"' EXIT
ref=$(seconds "$bt" "$trace" -o dummy)
ref_cpu=$(cpu "$bt" "$trace" -o dummy)
# From nothing: every run with an empty cache (emptied before, untimed).
build=$(BENCH_SETUP="rm -rf '$cache/lttv'" seconds env XDG_CACHE_HOME="$cache" "$lttv" state "$trace")
report "state build from nothing (lttv state, empty cache) vs babeltrace2 -o dummy" "$build" "$ref"
rm -rf "$cache/lttv"
report "  same, CPU time" "$(cpu env XDG_CACHE_HOME="$cache" "$lttv" state "$trace")" "$ref_cpu"
# Side by side in turns: a babeltrace2 run, then a build, $BENCH_PAIRS
# times (default 5). This machine's load changes within seconds, and the
# best of 3 runs each, taken 10 s apart, can compare two minutes; each
# pair's ratio compares one.
pairs=""
for _ in $(seq "${BENCH_PAIRS:-5}"); do
  one_ref=$(BENCH_REPEAT=1 seconds "$bt" "$trace" -o dummy)
  one=$(BENCH_REPEAT=1 BENCH_SETUP="rm -rf '$cache/lttv'" seconds env XDG_CACHE_HOME="$cache" "$lttv" state "$trace")
  pairs="$pairs $one/$one_ref"
done
echo "$pairs" | tr ' ' '\n' | awk -F/ 'NF == 2 { r[++n] = $2 / $1; s = s sprintf(" %.3f/%.2f", $1, $2) }
  END { for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (r[j] < r[i]) { t = r[i]; r[i] = r[j]; r[j] = t }
        printf "state build from nothing, %d pairs in turns (ours/reference s):%s; ratios %.1fx to %.1fx, median %.1fx\n",
               n, s, r[1], r[n], n % 2 ? r[(n + 1) / 2] : (r[n / 2] + r[n / 2 + 1]) / 2 }'
# Peak memory while building, the cache's size, and which of the build's
# two threads bounds it (the other one's waits for batches).
rm -rf "$cache/lttv"
log=$cache/build.log
LTTV_STATE_WAITS=1 XDG_CACHE_HOME="$cache" /usr/bin/time -f '%M %I' -o "$cache/peak" "$lttv" state "$trace" >/dev/null 2>"$log"
# (blocks of 512 bytes read from the disk: this machine's page cache drops
# idle files' pages within seconds)
read -r peak_kb blocks < "$cache/peak"
echo "state build peak memory: $peak_kb KB ($((blocks / 2048)) MB of the trace read from the disk)"
grep '^state build: the builder waited' "$log"
tsize=$(du -sb "$trace" | cut -f1)
hsize=$(du -cb "$cache"/lttv/*.cache | tail -1 | cut -f1)
awk -v h="$hsize" -v t="$tsize" 'BEGIN { printf "state history size (cache file) vs trace size: ours %.1f MB, reference %.1f MB, ratio %.2f (goal <= 0.5)\n", h / 1e6, t / 1e6, h / t }'

# 100 times, from the cache.
times=$(XDG_CACHE_HOME="$cache" "$b/bench/state-query" "$trace" >/dev/null 2>&1; \
  "$lttv" info "$trace" | awk '/begin:/ {b=$2} /end:/ {e=$2} END {
    sub(/\./, "", b); sub(/\./, "", e); srand(7); s = "";
    for (i = 0; i < 100; i++) s = s (i ? "," : "") sprintf("%.0f", b + rand() * (e - b)); print s }')
at=$(seconds env XDG_CACHE_HOME="$cache" "$lttv" state --at="$times" "$trace")
report "lttv state --at= 100 times, cached, vs babeltrace2 -o dummy" "$at" "$ref"
report "  same, CPU time" "$(cpu env XDG_CACHE_HOME="$cache" "$lttv" state --at="$times" "$trace")" "$ref_cpu"
q="$b/bench/state-query"; [ -x "$b/bench/.libs/state-query" ] && q="$b/bench/.libs/state-query"
XDG_CACHE_HOME="$cache" "$q" "$trace" | sed 's/^/state query: /'
