#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# running-threads.py REPORT T...: from `trace-cmd report -R -t`, the
# thread each CPU runs at each time T (ns), as trace-cmd shows it: after
# the CPU's last event at or before T, the next_pid of a sched_switch,
# else the pid that event was recorded in (common_pid). Prints
# "T<TAB>CPUs/N/Current_thread<TAB>TID" lines as `lttv state` does, sorted.
import re
import sys

LINE = re.compile(r'^(?:\S+: +)?\s*.*-(\d+) +\[(\d+)\] +(\d+)\.(\d{9}): +(\S+):(.*)$')
NEXT = re.compile(r' next_pid=(-?\d+) ')

times = [int(t) for t in sys.argv[2:]]
events = []
for line in open(sys.argv[1], encoding='utf-8', errors='replace'):
    m = LINE.match(line)
    if not m:
        continue
    pid, cpu, s, ns, name, rest = m.groups()
    tid = int(pid)
    if name == 'sched_switch':
        n = NEXT.search(rest)
        tid = int(n.group(1))
    events.append((int(s) * 10**9 + int(ns), int(cpu), tid))
events.sort(key=lambda e: e[0])
out = []
for t in times:
    cur = {}
    for ts, cpu, tid in events:
        if ts <= t:
            cur[cpu] = tid
    for cpu in sorted(cur):
        out.append('%d\tCPUs/%d/Current_thread\t%d' % (t, cpu, cur[cpu]))
print('\n'.join(sorted(out)))
