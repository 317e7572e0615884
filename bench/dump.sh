#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# bench/dump.sh TRACE...: `lttv dump` against babeltrace2 2.0 on each trace,
# the best of a few runs each (see `pair`), side by side (CPU seconds,
# then wall-clock seconds):
#   dump-text:  lttv dump T > /dev/null     vs  babeltrace2 T > /dev/null
#   dump-count: lttv dump --count T         vs  babeltrace2 T -o dummy
#               (and on one thread: LTTV_COUNT_THREADS=1)
#   info:       lttv info T (metadata + packet index only)
# Traces: the arguments, else $LTTV_BENCH_TRACES (space-separated), else
# lttng-kernel/many-threads of $LTTV_TEST_TRACES and $LTTV_BIG_TRACE when
# set (bench/run). LTTV_BUILDDIR: the build tree (bench/run's default,
# else ./build beside this folder); use an optimized build without
# sanitizers.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
# (absolute: the runs below are made from a scratch folder)
build=$(cd "${LTTV_BUILDDIR:-$here/../build}" && pwd)
if [ -x "$build/cli/.libs/lttv" ]; then
  lttv="$build/cli/.libs/lttv"           # not the libtool wrapper script
  export LD_LIBRARY_PATH="$build/core/.libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
else
  lttv="$build/cli/lttv"
fi
bt=${BABELTRACE2:-babeltrace2}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
[ $# -gt 0 ] || set -- ${LTTV_BENCH_TRACES:-${LTTV_TEST_TRACES:-$here/../tests/traces}/lttng-kernel/many-threads ${LTTV_BIG_TRACE:-}}

. "$here/lib.sh"
line () { # line NAME "OURS_CPU OURS_WALL" "REF_CPU REF_WALL"
  echo "$1 $2 $3" | awk '{ r = $2 > 0 ? $4 / $2 : 0; w = $3 > 0 ? $5 / $3 : 0;
    printf "%s: ours %ss, reference %ss, ratio %.1f (CPU time; wall %ss vs %ss, ratio %.1f)\n",
      $1, $2, $4, r, $3, $5, w }'
}
# The machine's speed changes from one second to the next: each figure is
# the best of $BENCH_REPEAT runs (3), ours and the reference's taking
# turns; a reference run over 10 s is not repeated.
runs=${BENCH_REPEAT:-3}
keep_best () { # keep_best BEST NEW: the one of less CPU time
  if [ -z "$1" ]; then echo "$2"; else printf '%s\n%s\n' "$1" "$2" | sort -n | head -1; fi
}
pair () { # pair NAME "OURS..." "REFERENCE..." (commands as strings, run in $dummy_dir)
  best_ours=""; best_ref=""; i=0
  while [ "$i" -lt "$runs" ]; do
    best_ours=$(keep_best "$best_ours" "$(cd "$dummy_dir" && eval cpu_wall "$2")")
    r=$(cd "$dummy_dir" && eval cpu_wall "$3")
    best_ref=$(keep_best "$best_ref" "$r")
    i=$((i + 1))
    awk -v c="${r%% *}" 'BEGIN { exit !(c > 10) }' && break
  done
  line "$1" "$best_ours" "$best_ref"
}
for t in "$@"; do
  t=$(cd "$t" && pwd)   # (the runs are made from a scratch folder)
  name=$(basename "$t")
  dummy_dir=$(mktemp -d)
  # the trace's files read once first, so that neither program's figure
  # includes reading them from the disk (this machine's page cache is
  # small and shared: a big trace is often not in it)
  find "$t" -type f -exec cat {} + > /dev/null
  pair "dump-text[$name]" '"$lttv" dump "$t"' '"$bt" "$t"'
  pair "dump-count[$name]" '"$lttv" dump --count "$t"' '"$bt" "$t" -o dummy'
  # --count reads the streams side by side (one thread per core): the
  # same on one thread, against the same babeltrace2 runs
  one=""
  for i in $(seq "$runs"); do
    one=$(keep_best "$one" "$(cd "$dummy_dir" && cpu_wall env LTTV_COUNT_THREADS=1 "$lttv" dump --count "$t")")
  done
  line "dump-count-one-thread[$name]" "$one" "$best_ref"
  info=""
  for i in $(seq "$runs"); do info=$(keep_best "$info" "$(cpu_wall "$lttv" info "$t")"); done
  echo "info[$name]: ours ${info%% *}s CPU"
  /usr/bin/time -f '%M' -o "$tmp/rss" "$lttv" dump "$t" > /dev/null 2>&1 || true
  echo "peak-rss[$name]: lttv dump $(cat "$tmp/rss") KB"
  n=$("$lttv" dump --count "$t" 2>/dev/null || true)
  echo "events[$name]: $n"
  rm -rf "$dummy_dir"
done
