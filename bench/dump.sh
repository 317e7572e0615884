#!/bin/sh
# bench/dump.sh TRACE...: `lttv dump` against babeltrace2 2.0 on each trace,
# one run each, side by side (wall-clock seconds):
#   dump-text:  lttv dump T > /dev/null     vs  babeltrace2 T > /dev/null
#   dump-count: lttv dump --count T         vs  babeltrace2 T -o dummy
#   info:       lttv info T (metadata + packet index only)
# Traces: the arguments, else $LTTV_BENCH_TRACES (space-separated), else
# ../shared/traces/lttng-kernel/many-threads. LTTV_BUILDDIR: the build tree
# (default ./build beside this folder).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build=${LTTV_BUILDDIR:-$here/../build}
if [ -x "$build/cli/.libs/lttv" ]; then
  lttv="$build/cli/.libs/lttv"           # not the libtool wrapper script
  export LD_LIBRARY_PATH="$build/core/.libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
else
  lttv="$build/cli/lttv"
fi
bt=${BABELTRACE2:-babeltrace2}
[ $# -gt 0 ] || set -- ${LTTV_BENCH_TRACES:-$here/../../shared/traces/lttng-kernel/many-threads}

now () { date +%s.%N; }
secs () { # secs CMD...: elapsed seconds of one run, output discarded
  t0=$(now); "$@" > /dev/null 2>&1 || true; t1=$(now)
  echo "$t0 $t1" | awk '{ printf "%.3f", $2 - $1 }'
}
line () { # line NAME OURS REF
  echo "$1 $2 $3" | awk '{ r = $2 > 0 ? $3 / $2 : 0;
    printf "%s: ours %ss, reference %ss, ratio %.1f\n", $1, $2, $3, r }'
}

for t in "$@"; do
  name=$(basename "$t")
  dummy_dir=$(mktemp -d)
  ours=$(secs "$lttv" dump "$t")
  ref=$(secs "$bt" "$t")
  line "dump-text[$name]" "$ours" "$ref"
  ours=$(secs "$lttv" dump --count "$t")
  ref=$(cd "$dummy_dir" && secs "$bt" "$t" -o dummy)
  line "dump-count[$name]" "$ours" "$ref"
  echo "info[$name]: ours $(secs "$lttv" info "$t")s"
  n=$("$lttv" dump --count "$t" 2>/dev/null || true)
  echo "events[$name]: $n"
  rm -rf "$dummy_dir"
done
