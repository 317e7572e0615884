#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# `lttv info` reports lost packets (gaps in packet_seq_num, from the packet
# headers or the index): as many as babeltrace2 reports ("Tracer discarded
# N packets" on its standard error), for each packet-seq-num trace.
. "$LTTV_SRCDIR/tests/lib/tap.sh"
LTTV="$LTTV_BUILDDIR/cli/lttv"
D="$LTTV_TEST_TRACES/babeltrace-ctf-traces/packet-seq-num"
[ -d "$D" ] || skip_all "no shared traces folder"
[ -n "$BABELTRACE2" ] && [ -x "$BABELTRACE2" ] || skip_all "babeltrace2 is not installed"
n=0; for t in "$D"/*; do n=$((n + 1)); done
plan $n
for t in "$D"/*; do
  ref=$("$BABELTRACE2" "$t" 2>&1 >/dev/null | sed -n 's/.*Tracer discarded \([0-9]*\) packet.*/\1/p' | awk '{ s += $1 } END { print s + 0 }')
  ours=$("$LTTV" info "$t" | sed -n 's/.*: \([0-9]*\) packet(s) lost.*/\1/p' | awk '{ s += $1 } END { print s + 0 }')
  check "$(basename "$t"): $ours lost packets (babeltrace2: $ref)" test "$ours" = "$ref"
done
finish
