# SPDX-License-Identifier: GPL-2.0-or-later
# lib.sh: helpers for benchmarks, sourced by bench/run and each bench/*.sh.

# seconds COMMAND...: wall time of one run of COMMAND, in seconds (best of
# $BENCH_REPEAT runs, default 3), output discarded; $BENCH_SETUP, when set,
# is run (by sh, untimed) before each.
seconds () {
  best=""
  for _ in $(seq "${BENCH_REPEAT:-3}"); do
    [ -z "${BENCH_SETUP:-}" ] || sh -c "$BENCH_SETUP"
    start=$(date +%s.%N)
    "$@" >/dev/null 2>&1 || true
    end=$(date +%s.%N)
    best=$(awk -v s="$start" -v e="$end" -v b="$best" \
      'BEGIN { t = e - s; if (b != "" && b < t) t = b; printf "%.4f", t }')
  done
  echo "$best"
}

# report WHAT OURS REFERENCE [UNIT]: one result line, with the speed-up
# (reference / ours: above 1 means we are faster).
report () {
  awk -v w="$1" -v o="$2" -v r="$3" -v u="${4:-s}" 'BEGIN {
    printf "%s: ours %s %s, reference %s %s, ratio %.1fx\n", w, o, u, r, u, (o > 0 ? r / o : 0) }'
}

# cpu_wall COMMAND...: "CPU WALL" seconds of one run, output discarded:
# CPU time from perf's task-clock, else getrusage (the machine is shared,
# so wall time measures the neighbours as much as the program). The wall
# time is perf's own, from the command's start to its end: perf's start
# (about 40 ms) is not in it.
if perf stat -e task-clock true > /dev/null 2>&1; then
  cpu_wall () {
    _perf=$(mktemp)
    LC_NUMERIC=C perf stat -e task-clock -o "$_perf" "$@" > /dev/null 2>&1 || true
    awk '{ gsub(",", "", $1) }   # (thousands, were LC_NUMERIC ignored)
      $2 == "msec" && $3 == "task-clock" { cpu = $1 / 1000 }
      $2 == "seconds" && $3 == "time" && $4 == "elapsed" { wall = $1 }
      END { printf "%.4f %.4f", cpu, wall }' "$_perf"
    rm -f "$_perf"
  }
else
  cpu_wall () {
    python3 -c '
import resource, subprocess, sys, time
t0 = time.monotonic()
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
wall = time.monotonic() - t0
r = resource.getrusage(resource.RUSAGE_CHILDREN)
print("%.4f %.4f" % (r.ru_utime + r.ru_stime, wall))' "$@"
  }
fi
