#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The latency analyses: the state build from nothing with them (the
# default) against without them (LTTV_NO_LATENCY=1, the same binary), in
# pairs in turns
# (goal: at most 25 % more); `lttv latency --kind=syscall` (empty cache:
# the build included; then from the cache) against lttng-syscallstats on an
# LTTng kernel trace it reads; the scatter chart's per-pixel maxima at 1920
# pixels on 10 M intervals against 10 k (goal: at most 2x).
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
b=$LTTV_BUILDDIR
if [ -x "$b/cli/.libs/lttv" ]; then
  lttv="$b/cli/.libs/lttv"; LD_LIBRARY_PATH="$b/core/.libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"; export LD_LIBRARY_PATH
else
  lttv="$b/cli/lttv"
fi
cache=$(mktemp -d)
trap 'rm -rf "$cache"' EXIT

trace=${LTTV_BIG_TRACE:-}
if [ -n "$trace" ] && [ -d "$trace" ]; then
  # (CPU of both threads and wall, each pair in turns, order swapped
  # every other pair; medians)
  rows=""
  for i in $(seq "${BENCH_PAIRS:-5}"); do
    for mode in with without; do
      [ $((i % 2)) -eq 0 ] && mode=$([ "$mode" = with ] && echo without || echo with)
      rm -rf "$cache/lttv"
      if [ "$mode" = with ]; then
        set -- $(cpu_wall env XDG_CACHE_HOME="$cache" "$lttv" state "$trace")
      else
        set -- $(cpu_wall env LTTV_NO_LATENCY=1 XDG_CACHE_HOME="$cache" "$lttv" state "$trace")
      fi
      rows="$rows $mode:$1:$2"
    done
  done
  echo "$rows" | tr ' ' '\n' | awk -F: 'NF == 3 { c[$1] = c[$1] " " $2; w[$1] = w[$1] " " $3 }
    function med(s,   a, n, i, j, t) { n = split(s, a, " ");
      for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
      return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
    END { cw = med(c["with"]); co = med(c["without"]); ww = med(w["with"]); wo = med(w["without"]);
      printf "state build with the latency analyses vs without (LTTV_NO_LATENCY=1), median of pairs: CPU %.3f s vs %.3f s (+%.1f %%), wall %.3f s vs %.3f s (+%.1f %%); goal <= +25 %%\n",
             cw, co, 100 * (cw / co - 1), ww, wo, 100 * (ww / wo - 1) }'
  rm -rf "$cache/lttv"
  XDG_CACHE_HOME="$cache" /usr/bin/time -f '%M' -o "$cache/peak" "$lttv" state "$trace" >/dev/null 2>&1
  with_kb=$(cat "$cache/peak"); size=$(du -k "$cache"/lttv/* | awk '{ s += $1 } END { print s }')
  rm -rf "$cache/lttv"
  LTTV_NO_LATENCY=1 XDG_CACHE_HOME="$cache" /usr/bin/time -f '%M' -o "$cache/peak" "$lttv" state "$trace" >/dev/null 2>&1
  without_kb=$(cat "$cache/peak"); size0=$(du -k "$cache"/lttv/* | awk '{ s += $1 } END { print s }')
  echo "peak memory with / without: $with_kb / $without_kb KB; cache $size / $size0 KB"
else
  echo "latency: set LTTV_BIG_TRACE for the build with and without the analyses"
fi

# lttv latency against lttng-syscallstats (it reads LTTng kernel traces
# only, in a folder named kernel).
lt=${LTTV_LATENCY_LTTNG_TRACE:-$LTTV_TEST_TRACES/lttng-kernel/many-threads}
if command -v lttng-syscallstats-mi >/dev/null 2>&1 && [ -d "$lt" ]; then
  mkdir -p "$cache/a" && cp -r "$lt" "$cache/a/kernel"
  ref=$(BENCH_REPEAT=1 seconds lttng-syscallstats-mi --skip-validation --no-intersection "$cache/a")
  ours=$(BENCH_SETUP="rm -rf '$cache/lttv'" seconds env XDG_CACHE_HOME="$cache" "$lttv" latency --kind=syscall "$lt")
  report "lttv latency --kind=syscall $(basename "$lt") (state built, empty cache) vs lttng-syscallstats-mi" "$ours" "$ref"
  XDG_CACHE_HOME="$cache" "$lttv" latency --kind=syscall "$lt" >/dev/null 2>&1
  ours=$(seconds env XDG_CACHE_HOME="$cache" "$lttv" latency --kind=syscall "$lt")
  report "  same, from the cache" "$ours" "$ref"
else
  echo "latency: lttng-syscallstats-mi (python3-lttnganalyses) or $lt missing"
fi

make -s -C "$b/bench" latency-bench >/dev/null || exit 1
"$b/bench/latency-bench" 10000 10000000 | awk '
  { n[NR] = $1; w[NR] = $2; x[NR] = $3 }
  END { printf "scatter per-pixel maxima, 1920 px, 10 M vs 10 k intervals: whole %.3f vs %.3f ms (%.2fx), 1/1000 window %.3f vs %.3f ms (%.2fx); goal <= 2x\n",
               w[2], w[1], w[2] / w[1], x[2], x[1], x[2] / x[1] }'
