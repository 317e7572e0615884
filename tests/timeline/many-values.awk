# SPDX-License-Identifier: GPL-2.0-or-later
# many-values.awk: writes the scenario of test-many-values.sh (no input).
# CPU 0: threads 1000..1399 (t1000..t1399) each run in user mode over
# [1000 + 100 i, 1100 + 100 i) and are preempted (prev_state 0): WAIT_FOR_CPU
# after; the last keeps CPU 0. CPU 1: IRQ 19 over [10000, 20000); on block
# device 8:0 one request issued at 10000, 599 more at 20000 + 100 j (j = 1..599),
# all issued before any completes; request j (sector 8 j) completes at
# 80000 + 100 j (j = 0..599). Requests in flight: 1 over [10000, 20100),
# j + 1 from 20000 + 100 j, 600 at 79900, 599 - j from 80000 + 100 j, 0 from
# 139900; the trace ends at 150000.
BEGIN {
  print "flavour lttng 2.8"
  print "kernel 4.4.3"
  print "cpus 2"
  print "1000 cpu0 sched_switch prev_comm=swapper/0 prev_tid=0 prev_prio=20 prev_state=0 next_comm=t1000 next_tid=1000 next_prio=20"
  for (i = 1; i < 400; i++)
    printf "%d cpu0 sched_switch prev_comm=t%d prev_tid=%d prev_prio=20 prev_state=0 next_comm=t%d next_tid=%d next_prio=20\n",
           1000 + 100 * i, 999 + i, 999 + i, 1000 + i, 1000 + i
  print "10000 cpu1 irq_handler_entry irq=19 name=eth0"
  print "10000 cpu1 block_rq_issue dev=8388608 sector=0 nr_sector=8 bytes=4096 tid=0 rwbs=1 comm=kworker"
  print "20000 cpu1 irq_handler_exit irq=19 ret=1"
  for (j = 1; j < 600; j++)
    printf "%d cpu1 block_rq_issue dev=8388608 sector=%d nr_sector=8 bytes=4096 tid=0 rwbs=1 comm=kworker\n",
           20000 + 100 * j, 8 * j
  for (j = 0; j < 600; j++)
    printf "%d cpu1 block_rq_complete dev=8388608 sector=%d nr_sector=8 error=0 rwbs=1\n", 80000 + 100 * j, 8 * j
  print "150000 cpu1 syscall_entry_getpid"
}
