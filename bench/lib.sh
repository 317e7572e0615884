# lib.sh: helpers for benchmarks, sourced by bench/run and each bench/*.sh.

# seconds COMMAND...: wall time of one run of COMMAND, in seconds (best of
# $BENCH_REPEAT runs, default 3), output discarded.
seconds () {
  best=""
  for _ in $(seq "${BENCH_REPEAT:-3}"); do
    start=$(date +%s.%N)
    "$@" >/dev/null 2>&1 || true
    end=$(date +%s.%N)
    best=$(awk -v s="$start" -v e="$end" -v b="$best" \
      'BEGIN { t = e - s; if (b != "" && b < t) t = b; printf "%.3f", t }')
  done
  echo "$best"
}

# report WHAT OURS REFERENCE [UNIT]: one result line, with the speed-up
# (reference / ours: above 1 means we are faster).
report () {
  awk -v w="$1" -v o="$2" -v r="$3" -v u="${4:-s}" 'BEGIN {
    printf "%s: ours %s %s, reference %s %s, ratio %.1fx\n", w, o, u, r, u, (o > 0 ? r / o : 0) }'
}
