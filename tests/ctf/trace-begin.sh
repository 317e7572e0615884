#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Where a traceset begins, the origin of every `+T` time (docs/cli.md): its
# first event, not its first packet's begin. begin/statedump-late.scn's
# first packet (cpu2's, empty) begins at 1000.000001, its first event comes
# at 1000.000005 (hand-worked from the scenario); many-threads' first event
# is babeltrace2's, 1457113582.794565804, 0.32 s after its first packet.
# A time before the first event gets the statedump's threads and a word on
# standard error, never a silent empty answer.
. "$LTTV_SRCDIR/tests/lib/tap.sh"
LTTV="$LTTV_BUILDDIR/cli/lttv"
writer="$LTTV_BUILDDIR/tests/ctf-writer/lttv-ctf-writer"
[ -x "$writer" ] || skip_all "lttv-ctf-writer is not built"
export TZ=UTC
plan 11
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
export XDG_CACHE_HOME="$tmp/cache"
T="$tmp/sd"
"$writer" "$LTTV_SRCDIR/tests/ctf/begin/statedump-late.scn" "$T" || { echo "Bail out! the writer failed"; exit 1; }

info=$("$LTTV" info "$T")
check "info: packets begin at 1000.000001000" \
  sh -c "printf '%s\n' \"\$0\" | grep -qx '  begin: 1000.000001000'" "$info"
check "info: first event at 1000.000005000" \
  sh -c "printf '%s\n' \"\$0\" | grep -qx '  first event: 1000.000005000'" "$info"

first=$("$LTTV" dump --begin=+0 "$T" 2>/dev/null | head -1 | sed "s/ {.*//")
check "dump --begin=+0 starts at the first event ($first)" \
  test "$first" = "[00:16:40.000005000] (+?.?????????) lttv-test sched_switch:"
line=$("$LTTV" dump --begin=+0.000003 "$T" 2>/dev/null | head -1 | sed "s/ {.*//")
check "dump --begin=+0.000003 starts at 1000.000008 ($line)" \
  test "$line" = "[00:16:40.000008000] (+?.?????????) lttv-test lttng_statedump_start:"
n=$("$LTTV" dump --filter='time >= +0.000003 && time < +0.0000034' "$T" 2>/dev/null | wc -l)
check "filter time >= +0.000003 && time < +0.0000034: the 4 events of 8000-8300 ($n)" test "$n" -eq 4

"$LTTV" state --at=+0 "$T" > "$tmp/plus0"
"$LTTV" state --at=1000000005000 "$T" > "$tmp/ns"
check "state --at=+0 is the state at the first event" \
  sh -c 'test -s "$0" && cmp -s "$0" "$1"' "$tmp/plus0" "$tmp/ns"

"$LTTV" state --at=1000000002000 "$T" > "$tmp/early" 2> "$tmp/early-err"; rc=$?
check "state before the first event: exit status 0" test $rc -eq 0
printf '%s\n' \
  "1000000002000	Threads/42/Exec_name	bash" \
  "1000000002000	Threads/42/PPID	1" \
  "1000000002000	Threads/77/Exec_name	worker" \
  "1000000002000	Threads/77/PID	70" \
  "1000000002000	Threads/77/PPID	1" > "$tmp/early-expected"
check "state before the first event: the statedump's threads" \
  cmp "$tmp/early-expected" "$tmp/early"
check "state before the first event: says so on stderr" \
  grep -q "1000000002000 precedes the first event (1000.000005000)" "$tmp/early-err"

M="$LTTV_TEST_TRACES/lttng-kernel/many-threads"
if [ -d "$M" ]; then
  "$LTTV" state --at=+0.25 "$M" > "$tmp/mt" 2> "$tmp/mt-err"
  check "many-threads state --at=+0.25: printed at 1457113583.044565804" \
    sh -c 'test -s "$0" && ! grep -v "^1457113583044565804	" "$0"' "$tmp/mt"
  n=$("$LTTV" dump --filter='time <= +0.000003' "$M" | wc -l)
  check "many-threads filter time <= +0.000003: its 2 first events ($n)" test "$n" -eq 2
else
  skip "no shared traces folder"
  skip "no shared traces folder"
fi
finish
