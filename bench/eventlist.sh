#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The event list and the filter on a big trace (LTTV_BIG_TRACE; record one
# with tools/lttv-record --workload --seconds=60 DIR):
# - the list's response under Xvfb (tests/gui/test-eventlist in EL_BENCH
#   mode): Page Down, End/Home, dragging the scrollbar, jumping to a random
#   time, each with the redraw; median and max of 100 runs (goal < 50 ms);
# - filter throughput: `lttv dump --count --filter=EXPR` against
#   `lttv dump --count` (goal: the filter costs under 25 % more), and
#   against babeltrace2 piped into grep for the same events.
# Usage: bench/eventlist.sh [BUILDDIR]  (a build without sanitizers)
. "$(dirname "$0")/lib.sh"
builddir=${1:-${LTTV_BUILDDIR:-build/run}}
trace=${LTTV_BIG_TRACE:-}
[ -n "$trace" ] && [ -d "$trace" ] || { echo "eventlist: set LTTV_BIG_TRACE (lttv-record --workload --seconds=60 DIR)"; exit 0; }
lttv="$builddir/cli/lttv"

# The state cache first (not timed): the list needs the checkpoints.
"$lttv" stats "$trace" >/dev/null 2>&1

make -s -C "$builddir/tests/gui" test-eventlist >/dev/null || exit 1
export LTTV_MODULE_PATH="$builddir/modules" GSETTINGS_SCHEMA_DIR="$builddir/data"
export GSETTINGS_BACKEND=memory NO_AT_BRIDGE=1 XDG_CONFIG_HOME="${TMPDIR:-/tmp}/lttv-bench-config"
EL_BENCH="$trace" xvfb-run -a -s "-screen 0 1600x1000x24" \
  "$builddir/tests/gui/test-eventlist" 2>/dev/null | grep '^eventlist '

count=$(seconds "$lttv" dump --count "$trace")
for expr in 'name == "sched:sched_switch"' 'cpu == 1 && ret < 0' 'comm =~ "^kworker" || tid == 1'; do
  filtered=$(seconds "$lttv" dump --count --filter="$expr" "$trace")
  report "filter '$expr' (reference: dump --count)" "$filtered" "$count"
done
if command -v babeltrace2 >/dev/null; then
  bt=$(seconds sh -c "babeltrace2 '$trace' | grep -c 'sched:sched_switch:'")
  filtered=$(seconds "$lttv" dump --count --filter='name == "sched:sched_switch"' "$trace")
  report "filter sched_switch (reference: babeltrace2 | grep)" "$filtered" "$bt"
fi
