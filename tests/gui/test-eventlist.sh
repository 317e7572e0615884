#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The event list on Xvfb, on perf/vm-small: its count, jumping to a time,
# paging, the scrollbar and a filter's count, against babeltrace2's events
# (eventlist-oracle.py turns its text into the expected values).
. "$LTTV_SRCDIR/tests/lib/tap.sh"
trace="$LTTV_TEST_TRACES/perf/vm-small"
[ -d "$trace" ] || skip_all "no test trace $trace"
[ -n "$BABELTRACE2" ] && command -v "$BABELTRACE2" >/dev/null || skip_all "babeltrace2 is not installed"
command -v python3 >/dev/null || skip_all "python3 is not installed"
. "$LTTV_SRCDIR/tests/lib/xvfb.sh"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$BABELTRACE2" --clock-seconds "$trace" > "$work/bt.txt"
python3 "$LTTV_SRCDIR/tests/gui/eventlist-oracle.py" events < "$work/bt.txt" > "$work/events.txt"
count=$(python3 "$LTTV_SRCDIR/tests/gui/eventlist-oracle.py" count < "$work/bt.txt")
export EL_TRACE="$trace" EL_ORACLE="$work/events.txt"
export EL_FILTER='(name == "raw_syscalls:sys_enter" && id == 0x2) || (cpu == 1 && name =~ "^sched:")'
export EL_FILTER_COUNT="$count"
# Column choices are saved: a folder of this run's own.
export XDG_CONFIG_HOME="$work/config"
"$LTTV_BUILDDIR/tests/gui/test-eventlist" --tap -k
