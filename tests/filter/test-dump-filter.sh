#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# `lttv dump --filter=EXPR` on real traces keeps exactly the lines that
# babeltrace2 prints for the events an independent Python predicate
# accepts (dump-filter-oracle.py; times and deltas left out of the
# comparison, as a delta depends on the line before).
. "$LTTV_SRCDIR/tests/lib/tap.sh"
[ -n "$BABELTRACE2" ] && command -v "$BABELTRACE2" >/dev/null || skip_all "babeltrace2 is not installed"
command -v python3 >/dev/null || skip_all "python3 is not installed"
T="$LTTV_TEST_TRACES"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# trace | oracle predicate | our expression
cases='perf/vm-small|switch-runnable|name == "sched:sched_switch" && prev_state == 0
perf/vm-small|ret-negative|ret < 0
perf/vm-small|cpu1-syscalls-or-prio|cpu == 1 && (name =~ "^raw_syscalls" || prio >= 120)
lttng-kernel/many-threads|lttng-switch-big-tid|name == "sched_switch" && next_tid > 0x1000
lttng-kernel/many-threads|lttng-exit-error|name == "syscall_exit_*" && ret < 0
lttng-kernel/many-threads|lttng-fork-or-cpu7-irq|name == "sched_process_fork" || cpu == 7 && name =~ "^irq_"
lttng-kernel/bug446190|old-sys-glob|name == "sys_*" && cpu == 0'

plan $(( $(echo "$cases" | wc -l) * 2 + 2 ))
while IFS='|' read -r trace pred expr; do
  [ -d "$T/$trace" ] || { skip "no trace $trace"; skip "no trace $trace"; continue; }
  [ -f "$work/$(echo $trace | tr / _).bt" ] || "$BABELTRACE2" "$T/$trace" > "$work/$(echo $trace | tr / _).bt"
  python3 "$LTTV_SRCDIR/tests/filter/dump-filter-oracle.py" "$pred" \
    < "$work/$(echo $trace | tr / _).bt" > "$work/want"
  "$LTTV_BUILDDIR/cli/lttv" dump --filter="$expr" "$T/$trace" > "$work/got.raw" 2>"$work/err"
  status=$?
  sed -E 's/^\[[^]]*\] \([^)]*\) //' "$work/got.raw" > "$work/got"
  n=$(wc -l < "$work/want")
  check "$trace: $expr: exit status 0" [ "$status" -eq 0 ]
  if [ "$n" -gt 0 ] && cmp -s "$work/want" "$work/got"; then
    ok "$trace: $expr: the $n lines babeltrace2 + the oracle keep"
  else
    fail "$trace: $expr: $n lines expected, $(wc -l < "$work/got") printed"
    diff "$work/want" "$work/got" | head -5 | sed 's/^/# /'
  fi
done <<EOF_CASES
$cases
EOF_CASES

# --count counts the matches; a syntax error is a usage error with a caret.
n=$("$LTTV_BUILDDIR/cli/lttv" dump --count --filter='ret < 0' "$T/perf/vm-small")
want=$(python3 "$LTTV_SRCDIR/tests/filter/dump-filter-oracle.py" ret-negative < "$work/perf_vm-small.bt" | wc -l)
check "--count with --filter counts the matches ($want)" [ "$n" = "$want" ]
"$LTTV_BUILDDIR/cli/lttv" dump --filter='cpu == (1' "$T/perf/vm-small" > "$work/out" 2> "$work/err"
status=$?
check "a syntax error exits 2 and shows a caret under the column" \
  sh -c "[ $status -eq 2 ] && grep -q 'column' '$work/err' && grep -q '\^' '$work/err' && [ ! -s '$work/out' ]"
finish
