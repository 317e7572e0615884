#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# `lttv info` lists each loss with its stream, CPU, time range and count:
# the same ranges and counts as babeltrace2's "Tracer discarded N
# events|packets between [A] and [B]" warnings, for the packet-seq-num
# traces (lost packets) and for ctf-writer scenarios (discarded events,
# lost packets);
# and the hand-worked line of tests/ctf-writer/scenarios/state-lost.scn.
. "$LTTV_SRCDIR/tests/lib/tap.sh"
LTTV="$LTTV_BUILDDIR/cli/lttv"
writer="$LTTV_BUILDDIR/tests/ctf-writer/lttv-ctf-writer"
D="$LTTV_TEST_TRACES/babeltrace-ctf-traces/packet-seq-num"
[ -d "$D" ] || skip_all "no shared traces folder"
[ -n "$BABELTRACE2" ] && [ -x "$BABELTRACE2" ] || skip_all "babeltrace2 is not installed"
[ -x "$writer" ] || skip_all "lttv-ctf-writer is not built"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$writer" "$LTTV_SRCDIR/tests/state/scenarios/discarded.scn" "$tmp/discarded" >/dev/null
"$writer" "$LTTV_SRCDIR/tests/ctf-writer/scenarios/state-lost.scn" "$tmp/state-lost" >/dev/null
"$writer" "$LTTV_SRCDIR/tests/ctf-writer/scenarios/state-lost-packets.scn" "$tmp/state-lost-packets" >/dev/null
n=3; for t in "$D"/*; do n=$((n + 1)); done
plan $((n + 2))

# "N KIND A B" lines, A and B as babeltrace2 prints them in UTC.
ref () {
  TZ=UTC "$BABELTRACE2" "$1" 2>&1 >/dev/null \
    | sed -n 's/.*Tracer discarded \([0-9]*\) \(event\|packet\)s* between \[\([^]]*\)\] and \[\([^]]*\)\].*/\1 \2 \3 \4/p' | sort
}
ours () {
  "$LTTV" info "$1" | sed -n 's/^  lost: .* from \([0-9.]*\) to \([0-9.]*\): \([0-9]*\) \(event\|packet\)s*$/\3 \4 \1 \2/p' \
    | awk 'function hms(t,  s, ns) { s = int(t); ns = substr(t, index(t, ".") + 1);
             s = s % 86400; return sprintf("%02d:%02d:%02d.%s", int(s / 3600), int(s / 60) % 60, s % 60, ns) }
           { print $1, $2, hms($3), hms($4) }' | sort
}
for t in "$D"/* "$tmp/discarded" "$tmp/state-lost" "$tmp/state-lost-packets"; do
  ref "$t" >"$tmp/ref"; ours "$t" >"$tmp/ours"
  if diff -u "$tmp/ref" "$tmp/ours" >"$tmp/diff"; then
    ok "$(basename "$t"): the losses listed are babeltrace2's ($(wc -l <"$tmp/ref") ranges)"
  else
    fail "$(basename "$t"): the losses listed are babeltrace2's"; sed 's/^/# /' "$tmp/diff"
  fi
done
# Worked out by hand: cpu0's first packet ends with its last event (1500),
# the next one, which says 5 events were discarded, with 4000.
check "state-lost: lttv info gives the stream, CPU, range and count" \
  sh -c "'$LTTV' info '$tmp/state-lost' | grep -qx '  lost: channel0_0 (CPU 0) from 0.000001500 to 0.000004000: 5 events'"
# hello-lost (lttng-ust; babeltrace2 stops on its packets that go back in
# time): every loss is listed with its CPU, and they add up to the
# discarded events the trace reports (its streams' last counters).
H="$LTTV_TEST_TRACES/lttng-ust/hello-lost"
if [ -d "$H" ]; then
  "$LTTV" info "$H" >"$tmp/hello" 2>&1
  total=$(sed -n 's/^  discarded events: //p' "$tmp/hello")
  sum=$(sed -n 's/^  lost: .* (CPU [0-9]*) from .*: \([0-9]*\) events*$/\1/p' "$tmp/hello" | awk '{ s += $1 } END { print s + 0 }')
  check "hello-lost: the losses listed per CPU add up to $total discarded events (got $sum)" \
    sh -c "[ '$total' -gt 0 ] && [ '$sum' = '$total' ] && ! grep -q '^  lost: [^(]* from' '$tmp/hello'"
else
  skip "no hello-lost trace"
fi
finish
