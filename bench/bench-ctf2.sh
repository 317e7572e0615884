#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# bench/bench-ctf2.sh [TRACE]: the CTF 2 reader against the CTF 1.8 one on
# the same recording (issue #32's goal: within 10 %). TRACE (default
# $LTTV_BIG_TRACE, >= 5 M events) is a CTF 1.8 trace; tsdl-to-ctf2
# (tests/ctf2tool) makes its CTF 2 copy, the metadata translated and the
# data streams hard-linked (in $CTF2_BENCH_DIR, default $TMPDIR: copied
# when on another file system than the trace). Timed in $BENCH_PAIRS (5) pairs in
# turns, the order swapped each pair, on the original then the copy:
#   lttv dump T > /dev/null; lttv dump --count T; lttv state T with an
#   empty cache (the state build from nothing, in a temporary
#   XDG_CACHE_HOME).
# Each line: medians of CPU and wall seconds, ratio copy / original
# (below 1.10 is the goal). First, whether the copy prints exactly as the
# original (`lttv dump` and `--count`). LTTV_BUILDDIR: an optimized build
# without sanitizers (bench/run's default).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
trace=${1:-${LTTV_BIG_TRACE:-}}
[ -n "$trace" ] && [ -d "$trace" ] || { echo "ctf2: set LTTV_BIG_TRACE (lttv-record --workload --seconds=60 DIR)"; exit 0; }
trace=$(cd "$trace" && pwd)
b=$(cd "${LTTV_BUILDDIR:-$here/../build/run}" && pwd)
make -s -C "$b/tests/ctf2tool" tsdl-to-ctf2 >/dev/null || exit 1
tool="$b/tests/ctf2tool/tsdl-to-ctf2"
[ -x "$b/tests/ctf2tool/.libs/tsdl-to-ctf2" ] && tool="$b/tests/ctf2tool/.libs/tsdl-to-ctf2"
if [ -x "$b/cli/.libs/lttv" ]; then
  lttv="$b/cli/.libs/lttv"; LD_LIBRARY_PATH="$b/core/.libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"; export LD_LIBRARY_PATH
else
  lttv="$b/cli/lttv"
fi
name=$(basename "$trace")

work=$(mktemp -d "${CTF2_BENCH_DIR:-${TMPDIR:-/tmp}}/ctf2-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
copy="$work/$name"
start=$(date +%s.%N)
"$tool" "$trace" "$copy"
echo "ctf2-translate[$name]: $(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.2f", e - s }') s (metadata $(wc -c < "$trace/metadata") bytes of TSDL to $(wc -c < "$copy/metadata") of JSON)"
cache="$work/cache"

# The copy must print as its original.
n_orig=$("$lttv" dump --count "$trace" 2>/dev/null || echo failed)
n_copy=$("$lttv" dump --count "$copy" 2>"$work/err" || echo failed)
if [ "$n_copy" = failed ]; then
  echo "ctf2-reads[$name]: this lttv does not read the CTF 2 copy ($(head -1 "$work/err")); original figures only"
  copy=""
else
  h_orig=$("$lttv" dump "$trace" 2>/dev/null | md5sum | cut -c1-32)
  h_copy=$("$lttv" dump "$copy" 2>/dev/null | md5sum | cut -c1-32)
  same=no; [ "$h_orig" = "$h_copy" ] && [ "$n_orig" = "$n_copy" ] && same=yes
  echo "ctf2-prints-the-same[$name]: $same (events $n_orig / $n_copy, dump md5 $h_orig / $h_copy)"
fi

# The trace's files read once, so that no run reads them from the disk
# (the copy's data are the same files).
find "$trace" -type f -exec cat {} + > /dev/null

# run KIND T: "CPU WALL" of one run
run () {
  case $1 in
    dump) cpu_wall "$lttv" dump "$2" ;;
    count) cpu_wall "$lttv" dump --count "$2" ;;
    state) rm -rf "$cache"; cpu_wall env XDG_CACHE_HOME="$cache" "$lttv" state "$2" ;;
  esac
}
# median of the lines of a file, column $2
median () {
  sort -n -k"$2" "$1" | awk -v c="$2" '{ v[NR] = $c } END {
    printf "%.4f", NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
for kind in dump count state; do
  : > "$work/orig"; : > "$work/copy"
  for i in $(seq "${BENCH_PAIRS:-5}"); do
    if [ -z "$copy" ]; then
      run $kind "$trace" >> "$work/orig"; echo >> "$work/orig"
      continue
    fi
    if [ $((i % 2)) = 1 ]; then
      run $kind "$trace" >> "$work/orig"; echo >> "$work/orig"
      run $kind "$copy" >> "$work/copy"; echo >> "$work/copy"
    else
      run $kind "$copy" >> "$work/copy"; echo >> "$work/copy"
      run $kind "$trace" >> "$work/orig"; echo >> "$work/orig"
    fi
  done
  case $kind in
    dump) what="lttv dump > /dev/null" ;;
    count) what="lttv dump --count" ;;
    state) what="state build from nothing (lttv state, empty cache)" ;;
  esac
  oc=$(median "$work/orig" 1); ow=$(median "$work/orig" 2)
  if [ -z "$copy" ]; then
    echo "ctf2-$kind[$name]: $what: CTF 1.8 original ${oc}s CPU, ${ow}s wall (median of ${BENCH_PAIRS:-5}); no CTF 2 figure"
    continue
  fi
  cc=$(median "$work/copy" 1); cw=$(median "$work/copy" 2)
  awk -v k="$kind" -v n="$name" -v w="$what" -v oc="$oc" -v ow="$ow" -v cc="$cc" -v cw="$cw" -v p="${BENCH_PAIRS:-5}" 'BEGIN {
    printf "ctf2-%s[%s]: %s: CTF 2 copy %ss, CTF 1.8 original %ss, ratio %.3f (copy/original, CPU; wall %ss vs %ss, ratio %.3f; medians of %d pairs in turns)\n",
      k, n, w, cc, oc, (oc > 0 ? cc / oc : 0), cw, ow, (ow > 0 ? cw / ow : 0), p }'
done
