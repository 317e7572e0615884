#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The histogram and statistics viewers on a big trace: a redraw from the
# density against counting the same bars by reading the events, at the
# whole range and at a 1 ms window; statistics of a 10 % selection
# against babeltrace2 reading that range.
# Usage: bench/histogram.sh (LTTV_BIG_TRACE, LTTV_BUILDDIR as bench/run)
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
builddir=${LTTV_BUILDDIR:-$here/../build/run}
trace=${LTTV_BIG_TRACE:-${LTTV_TEST_TRACES:-$here/../tests/traces}/lttng-kernel/many-threads}
bt=${BABELTRACE2:-babeltrace2}
make -s -C "$builddir/bench" histogram-bench >/dev/null || exit 1
out=$("$builddir/bench/histogram-bench" "$trace" 1920) || exit 1
get () { echo "$out" | awk -v k="$1" '$1 == k { print $2 }'; }
ms () { awk -v s="$1" 'BEGIN { printf "%.3f", s * 1000 }'; }

echo "trace: $trace, $(get events) events; state build with the density $(get build) s; buckets of $(get bucket_ns) ns"
report "histogram redraw, whole trace, 1920 px (density + cairo vs reading $(get read_full_events) events)" \
  "$(ms "$(get redraw_full)")" "$(ms "$(get read_full)")" ms
report "histogram redraw, 1 ms window, 1920 px (density + cairo vs reading $(get read_1ms_events) events)" \
  "$(ms "$(get redraw_1ms)")" "$(ms "$(get read_1ms)")" ms
t0=$(get stats_t0); t1=$(get stats_t1)
b=$(( t0 / 1000000000 )).$(printf %09d $(( t0 % 1000000000 )))
e=$(( t1 / 1000000000 )).$(printf %09d $(( t1 % 1000000000 )))
ref=$(BENCH_REPEAT=1 seconds "$bt" --clock-seconds --begin="$b" --end="$e" "$trace")
report "statistics of a 10 % selection ($(get stats_10pct_events) events; babeltrace2 reading that range)" \
  "$(get stats_10pct)" "$ref"
echo "statistics of the whole trace: $(get stats_full) s"
