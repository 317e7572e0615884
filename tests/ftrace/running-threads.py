#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# running-threads.py REPORT T...: from `trace-cmd report -R -t`, the
# thread each CPU runs at each time T (ns): the next_pid of the CPU's last
# sched_switch at or before T. Prints "T<TAB>CPUs/N/Current_thread<TAB>TID"
# lines as `lttv state` does, sorted.
import re
import sys

LINE = re.compile(r'^(?:\S+: +)?\s*.*-\d+ +\[(\d+)\] +(\d+)\.(\d{9}): +sched_switch: .* next_pid=(-?\d+) ')

times = [int(t) for t in sys.argv[2:]]
switches = []
for line in open(sys.argv[1], encoding='utf-8', errors='replace'):
    m = LINE.match(line)
    if m:
        cpu, s, ns, tid = m.groups()
        switches.append((int(s) * 10**9 + int(ns), int(cpu), int(tid)))
out = []
for t in times:
    cur = {}
    for ts, cpu, tid in switches:
        if ts <= t:
            cur[cpu] = tid
    for cpu in sorted(cur):
        out.append('%d\tCPUs/%d/Current_thread\t%d' % (t, cpu, cur[cpu]))
print('\n'.join(sorted(out)))
