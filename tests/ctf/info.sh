#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# `lttv info`: tracer, host and time range of a trace, from the metadata
# and the packets (values from the trace's metadata env block and from
# babeltrace2's first event).
. "$LTTV_SRCDIR/tests/lib/tap.sh"
LTTV="$LTTV_BUILDDIR/cli/lttv"
T="$LTTV_TEST_TRACES/lttng-kernel/many-threads"
[ -d "$T" ] || skip_all "no shared traces folder"
plan 4
out=$("$LTTV" info "$T"); rc=$?
check "exit status 0" test $rc -eq 0
check "tracer lttng-modules 2.8" sh -c "printf '%s\n' \"\$0\" | grep -q '^  tracer: lttng-modules 2.8$'" "$out"
check "host wilbrod" sh -c "printf '%s\n' \"\$0\" | grep -q '^  host: wilbrod$'" "$out"
# the first packet begins at or before the first event (1457113582.794565804)
b=$(printf '%s\n' "$out" | sed -n 's/^  begin: //p')
check "begin $b <= first event" awk -v b="$b" 'BEGIN { exit !(b <= 1457113582.794565804 && b > 1457113582) }'
finish
