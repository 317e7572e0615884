#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# A build short of memory stops with a clear error rather than dying when
# an allocation fails: it names the trace, where it stopped and how many
# events it applied; the state before that is the whole build's, the
# state after it is not known (nothing printed, not the last values drawn
# on), and the partial state is not cached. LTTV_TEST_MEMORY_SHORT_AT=N
# stands in for a machine that runs short at event N (the real limits,
# read by state_memory_headroom, are tested in test-memory-headroom).
. "$LTTV_SRCDIR/tests/lib/tap.sh"

src="$LTTV_TEST_TRACES/perf/vm-small"
[ -d "$src" ] || skip_all "$src is not here"
plan 6

lttv="$LTTV_BUILDDIR/cli/lttv"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
XDG_CACHE_HOME="$tmp/cache"; export XDG_CACHE_HOME
# (the first event, one in the middle, the last)
begin=1787002622624; middle=1787500000000; end=1788097170618

LTTV_TEST_MEMORY_SHORT_AT=8192 "$lttv" state --at=$begin "$src" >"$tmp/short" 2>"$tmp/err"
rc=$?
sed 's/^/# /' "$tmp/err"
check "exit status 1 ($rc)" [ $rc -eq 1 ]
check "the message names the trace, where the build stopped and the events applied" \
  grep -qE "^lttv: $src: not enough memory to build the state further: stopped at [0-9]+\.[0-9]{9}, 8192 events applied" "$tmp/err"
stop=$(sed -n 's/.*stopped at \([0-9]*\)\.\([0-9]*\),.*/\1\2/p' "$tmp/err")

"$lttv" state --no-cache --at=$begin,$middle,$end "$src" >"$tmp/whole" 2>&1
"$lttv" state --no-cache --at=$begin "$src" >"$tmp/whole-begin" 2>&1
check "the state at the first event is the whole build's" cmp -s "$tmp/whole-begin" "$tmp/short"

# A time after the stop (the middle of the trace is past event 8192 of 19068).
LTTV_TEST_MEMORY_SHORT_AT=8192 "$lttv" state --at=$end "$src" >"$tmp/after" 2>/dev/null
check "after the stop ($stop < $end) nothing is printed" \
  sh -c "[ -n '$stop' ] && [ '$stop' -lt $end ] && [ ! -s '$tmp/after' ]"

check "the partial state was not cached" \
  sh -c "! ls '$tmp/cache/lttv'/state-*.cache >/dev/null 2>&1"
"$lttv" state --at=$begin,$middle,$end "$src" >"$tmp/again" 2>&1
check "with memory again, the whole state is built" cmp -s "$tmp/whole" "$tmp/again"
finish
