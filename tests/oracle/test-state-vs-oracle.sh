#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# `lttv state --at` agrees with an independent implementation of
# state-model.md (state-model-oracle.py, which reads babeltrace2's output)
# at random times on real traces. Times are drawn with a fixed seed per
# trace (printed), so a failure can be replayed; LTTV_ORACLE_SEED changes it.
. "$LTTV_SRCDIR/tests/lib/tap.sh"

[ -x /usr/bin/python3 ] || skip_all "python3 is not installed"
[ -n "${BABELTRACE2:-}" ] || skip_all "babeltrace2 is not installed (the oracle reads through it)"
[ -d "$LTTV_TEST_TRACES" ] || skip_all "no shared traces at $LTTV_TEST_TRACES"

traces="lttng-kernel/many-threads lttng-kernel/bug446190 lttng-kernel/flipping-endianness
perf/perf-taskset2 perf/vm-small"
plan 6

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export XDG_CACHE_HOME="$tmp/cache"

# compare NAME PATH: one test point for one trace.
compare () {
  name=$1 path=$2
  seed=${LTTV_ORACLE_SEED:-$(printf '%s' "$name" | cksum | cut -d' ' -f1)}
  range=$("$BABELTRACE2" --clock-seconds --no-delta "$path" 2>/dev/null |
    sed -n '1s/^\[\([0-9.]*\)\].*/\1/p; $s/^\[\([0-9.]*\)\].*/\1/p' | tr -d . | tr '\n' ' ')
  set -- $range
  if [ $# -ne 2 ]; then fail "$name: babeltrace2 gives no time range"; return; fi
  times=$(/usr/bin/python3 -c "
import random, sys
b, e, seed = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
r = random.Random(seed)
ts = sorted({b, e, b - 1} | {r.randint(b, e) for _ in range(20)})
print(','.join(str(t) for t in ts))" "$1" "$2" "$seed")
  "$LTTV_BUILDDIR/cli/lttv" state --at="$times" "$path" >"$tmp/ours" 2>"$tmp/ours.err"
  /usr/bin/python3 "$LTTV_SRCDIR/tests/oracle/state-model-oracle.py" --at="$times" "$path" \
    >"$tmp/oracle" 2>"$tmp/oracle.err"
  if [ ! -s "$tmp/oracle" ]; then
    # Only right when no event could be applied (e.g. no CPU known).
    anomalies=$(sed -n 's/^anomalies: //p' "$tmp/oracle.err")
    if [ "${anomalies:-0}" -gt 0 ] && [ ! -s "$tmp/ours" ]; then
      ok "$name: no event is applicable ($anomalies anomalies): both print no state"
    else
      fail "$name: the oracle printed nothing"
      sed 's/^/# /' "$tmp/oracle.err" | head -n 5
    fi
    return
  fi
  if cmp -s "$tmp/ours" "$tmp/oracle"; then
    ok "$name: lttv state equals the oracle at 23 times (seed $seed, $(wc -l <"$tmp/oracle") lines)"
  else
    fail "$name: lttv state differs from the oracle (seed $seed)"
    diff "$tmp/oracle" "$tmp/ours" | head -n 20 | sed 's/^/# /'
    sed 's/^/# stderr: /' "$tmp/ours.err" | head -n 5
  fi
}

for t in $traces; do
  compare "$t" "$LTTV_TEST_TRACES/$t"
done
compare sample-trace "$LTTV_SRCDIR/data/sample-trace"
finish
