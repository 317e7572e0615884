#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# lttv state / lttv stats as docs/cli.md says: exit status 2 for usage
# errors, 1 with "lttv: PATH: ..." when a trace cannot be read; +seconds
# from the start of the traceset.
. "$LTTV_SRCDIR/tests/lib/tap.sh"
plan 8

lttv="$LTTV_BUILDDIR/cli/lttv"
vm="$LTTV_TEST_TRACES/perf/vm-small"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
XDG_CACHE_HOME="$tmp/cache"; export XDG_CACHE_HOME

"$lttv" state >/dev/null 2>&1
check "lttv state without a trace: exit 2" [ $? -eq 2 ]
"$lttv" state --at=abc "$vm" >/dev/null 2>"$tmp/err"
status=$?
check "lttv state --at=abc: exit 2, 'is not a time'" sh -c "[ $status -eq 2 ] && grep -q 'is not a time' '$tmp/err'"
"$lttv" state "$tmp/nothing-here" >/dev/null 2>"$tmp/err"
status=$?
check "lttv state on a missing folder: exit 1, 'lttv: PATH: ...'" \
  sh -c "[ $status -eq 1 ] && grep -q '^lttv: $tmp/nothing-here: ' '$tmp/err'"
"$lttv" stats --format=xml "$vm" >/dev/null 2>&1
check "lttv stats --format=xml: exit 2" [ $? -eq 2 ]
# vm-small begins at 1787.002622624 s (its first event): +0.5 is
# 1787502622624 ns.
"$lttv" state --at=+0.5 "$vm" >"$tmp/rel" 2>&1
check "lttv state --at=+0.5 prints the state at begin + 0.5 s" \
  sh -c "[ -s '$tmp/rel' ] && ! cut -f1 '$tmp/rel' | grep -vqx 1787502622624"
"$lttv" state --at=1787.502622624 "$vm" >"$tmp/sec" 2>&1
check "--at in seconds from origin is the same time" cmp -s "$tmp/rel" "$tmp/sec"
# Times are printed in increasing order whatever the order asked.
"$lttv" state --at=1788000000000,1787100000000 "$vm" | cut -f1 | uniq >"$tmp/order"
check "times are printed in increasing order" sh -c "printf '1787100000000\n1788000000000\n' | cmp -s - '$tmp/order'"
# Many times in one run (answered together, 256 at a time) print what
# the same times print asked a few at a time: 300 times 3 ms apart from
# the start, one twice, one past the end (the state at the end).
all=$(awk 'BEGIN { for (i = 0; i < 300; i++) printf "%s%.0f", (i ? "," : ""), 1787002622624 + i * 3000000;
               printf ",1787002622624,99999999999999" }')
"$lttv" state --at="$all" "$vm" >"$tmp/together"
: >"$tmp/apart"
echo "$all" | tr ',' '\n' | sort -n | uniq | xargs -n 7 | tr ' ' ',' | while read -r few; do
  "$lttv" state --at="$few" "$vm" >>"$tmp/apart"
done
check "300 times at once print as they do a few at a time" \
  sh -c "[ \$(cut -f1 '$tmp/together' | uniq | wc -l) -eq 301 ] && cmp -s '$tmp/together' '$tmp/apart'"
finish
