#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# `lttv state --at` on the shared real traces against tests/oracle's
# independent implementation of state-model.md (it reads babeltrace2's
# text, not our reader), at the first and last event and at random times
# in between. LTTV_ORACLE_SEED picks other times (the seed is printed).
# perf-taskset2 has no cpu_id in its packets: every event is on an
# unknown CPU, an anomaly, and both agree on an empty state.
. "$LTTV_SRCDIR/tests/lib/tap.sh"

command -v python3 >/dev/null || skip_all "python3 is not installed"
[ -x "${BABELTRACE2:-}" ] || command -v "${BABELTRACE2:-babeltrace2}" >/dev/null \
  || skip_all "babeltrace2 is not installed"
seed=${LTTV_ORACLE_SEED:-4}
diag "seed $seed"
set -- perf/vm-small perf/perf-taskset2 lttng-kernel/bug446190 \
  lttng-kernel/flipping-endianness lttng-kernel/many-threads
plan $#

lttv="$LTTV_BUILDDIR/cli/lttv"
oracle="$LTTV_SRCDIR/tests/oracle/state-model-oracle.py"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for trace in "$@"; do
  dir="$LTTV_TEST_TRACES/$trace"
  if [ ! -d "$dir" ]; then skip "$trace: not in $LTTV_TEST_TRACES"; continue; fi
  # first event / end as printed by lttv info (S.NNNNNNNNN) -> ns.
  range=$("$lttv" info "$dir" 2>/dev/null | awk '/first event:/ {b=$3} /end:/ {e=$2} END {sub(/\./, "", b); sub(/\./, "", e); print b, e}')
  set -- $range
  times=$(awk -v b="$1" -v e="$2" -v s="$seed" 'BEGIN {
    srand(s); printf "%s,%s", b, e;
    for (i = 0; i < 6; i++) printf ",%.0f", b + rand() * (e - b) }')
  "$lttv" state --no-cache --at="$times" "$dir" >"$tmp/ours" 2>"$tmp/ours.err"
  python3 "$oracle" --at="$times" "$dir" >"$tmp/oracle" 2>"$tmp/oracle.err"
  if diff -u "$tmp/oracle" "$tmp/ours" >"$tmp/diff"; then
    ok "$trace: lttv state agrees with the oracle at $(wc -l < "$tmp/ours") lines ($times)"
  else
    fail "$trace: lttv state agrees with the oracle ($times)"
    head -30 "$tmp/diff" "$tmp/oracle.err" | sed 's/^/# /'
  fi
done
finish
