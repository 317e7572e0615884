#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Golden full-state dumps of real traces at a few times (golden/*.tsv).
# They were checked by hand against babeltrace2's output before being
# committed, and agree with the independent implementation of
# state-model.md in tests/oracle (test-oracle.sh). Some values explained:
#
# vm-small (perf, kernel 6.18), at 1787500000000:
#   CPUs/0 IDLE: the last sched_switch on cpu0 before it (1787496264849)
#     switches 1552 out with prev_state 1 to swapper/0; so
#   Threads/1552 WAIT_BLOCKED with System_call futex (it blocked inside
#     futex, and its system call survives the switch).
#   Threads/0_1 RUN_USERMODE, no system call: perf recorded this trace
#     without the switches into some tasks; their raw_syscalls events name
#     their thread (perf_tid), which re-syncs cpu1 (state-model.md, "The
#     thread of an event"), so the swapper gets none of them.
#   Threads/76 and 12571 UNKNOWN: switched in on cpu0 (76 at
#     1787084136537, by a switch from 15: the switch from 76 to 15 was
#     lost too) and never seen leaving: perf sees no event of theirs; the
#     next event on cpu0 names another thread, which displaces them.
# vm-small at the end (1788097170618):
#   Threads/12602, 12614, 12617 System_call exit_group: their exit_group
#     entries are theirs (perf_tid), not the swapper's of cpu1.
#   Block/266338304/Requests 9: the trace has 10 block_rq_issue and one
#     block_rq_complete on that device.
# bug446190 (LTTng 2.5, kernel 3.10 ARM), at the end (1412670975232769939):
#   CPUs/1 RUN_SYSCALL, current thread 482: the last event on cpu1 is
#     sys_ioctl (old names) from lttng-sessiond stopping the session;
#   Threads/482/PID 428 (a thread of lttng-sessiond, pid 428, from the
#     statedump), PPID 1, System_call ioctl.
# many-threads (LTTng 2.8, 8 CPUs), at 1457113582800000000: every CPU IDLE
#   (current thread 0): the workload's threads are between bursts.
. "$LTTV_SRCDIR/tests/lib/tap.sh"
plan 3

traces=$LTTV_TEST_TRACES
lttv="$LTTV_BUILDDIR/cli/lttv"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

golden () {
  name=$1 trace=$2
  file="$LTTV_SRCDIR/tests/state/golden/$name.tsv"
  if [ ! -d "$traces/$trace" ]; then skip "$name: $traces/$trace is not here"; return; fi
  times=$(cut -f1 "$file" | uniq | paste -sd, -)
  "$lttv" state --no-cache --at="$times" "$traces/$trace" >"$tmp/$name.out" 2>"$tmp/$name.err"
  if diff -u "$file" "$tmp/$name.out" >"$tmp/$name.diff"; then
    ok "$name: the state at $times is the golden dump"
  else
    fail "$name: the state at $times is the golden dump"
    head -30 "$tmp/$name.diff" | sed 's/^/# /'
  fi
}
golden vm-small perf/vm-small
golden bug446190 lttng-kernel/bug446190
golden many-threads lttng-kernel/many-threads
finish
