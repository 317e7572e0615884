#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The critical path on a big trace ($LTTV_BIG_TRACE, >= 5 M events): its
# time for the busiest thread over the whole trace from the cached history
# (goal < 100 ms, critpath-bench.c); with LTTV_BASE_BUILDDIR (a build
# without the wakeup edges), the state build's cost of the edges: `lttv
# state --no-cache T` of both builds in BENCH_PAIRS pairs, in turns (goal:
# at most 15 % more).
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
trace=${LTTV_BIG_TRACE:-}
[ -n "$trace" ] && [ -d "$trace" ] || { echo "critpath: set LTTV_BIG_TRACE (lttv-record --workload --seconds=60 DIR)"; exit 0; }
b=$LTTV_BUILDDIR
make -s -C "$b/bench" critpath-bench >/dev/null || exit 1
cache=$(mktemp -d)
trap 'rm -rf "$cache"' EXIT
XDG_CACHE_HOME="$cache" "$b/bench/critpath-bench" "$trace"

# real BUILDDIR: its lttv program, not libtool's wrapper script.
real () {
  if [ -x "$1/cli/.libs/lttv" ]; then
    echo "env LD_LIBRARY_PATH=$1/core/.libs $1/cli/.libs/lttv"
  else
    echo "$1/cli/lttv"
  fi
}
[ -n "${LTTV_BASE_BUILDDIR:-}" ] || exit 0
ours=$(real "$b") base=$(real "$LTTV_BASE_BUILDDIR")
pairs=""
for i in $(seq "${BENCH_PAIRS:-5}"); do
  # (the order swapped each pair)
  if [ $((i % 2)) = 0 ]; then
    o=$(cpu_wall $ours state --no-cache "$trace"); r=$(cpu_wall $base state --no-cache "$trace")
  else
    r=$(cpu_wall $base state --no-cache "$trace"); o=$(cpu_wall $ours state --no-cache "$trace")
  fi
  pairs="$pairs ${o% *}/${r% *}/${o#* }/${r#* }"
done
echo "$pairs" | tr ' ' '\n' | awk -F/ 'NF == 4 { c[++n] = $1 / $2; w[n] = $3 / $4; s = s sprintf(" %.3f/%.3f", $1, $2)
    if (n == 1 || $1 < bo) bo = $1; if (n == 1 || $2 < bb) bb = $2 }
  function med(a, n,   i, j, t) { for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
    return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
  END { printf "state build with wakeup edges / without, %d pairs in turns (CPU s, ours/base):%s; CPU ratio median %.3f, wall ratio median %.3f; best CPU of each %.3f / %.3f s, ratio %.3f\n",
               n, s, med(c, n), med(w, n), bo, bb, bo / bb }'
