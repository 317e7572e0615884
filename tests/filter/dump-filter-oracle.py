#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""An independent filter for test-dump-filter.sh: reads babeltrace2's
default text on stdin and keeps the lines that one named predicate
accepts, each written here in Python over the line's own text (event
name, packet context cpu_id, payload fields). Times and deltas are cut
from the output: deltas depend on which line comes before."""
import re
import sys

LINE = re.compile(r'^\[[^\]]*\] \([^)]*\) (?:\S+ )?(\S+): (.*)$')
FIELD = re.compile(r'(?:^|[{,] )(\w+) = ("(?:[^"\\]|\\.)*"|-?\w+)')


def parse(rest):
    fields = {}
    for name, value in FIELD.findall(rest):
        if value.startswith('"'):
            v = value[1:-1]
        elif value.startswith('0x') or value.startswith('0X'):
            v = int(value, 16)
        else:
            try:
                v = int(value)
            except ValueError:
                v = value
        # the payload comes last and wins, as the filter looks there first
        fields[name] = v
    return fields


def cpu_of(rest):
    m = re.match(r'\{ cpu_id = (\d+)', rest)
    return int(m.group(1)) if m else None


def num(f, k):
    v = f.get(k)
    return v if isinstance(v, int) else None


PREDICATES = {
    'switch-runnable': lambda n, c, f: n == 'sched:sched_switch' and num(f, 'prev_state') == 0,
    'ret-negative': lambda n, c, f: num(f, 'ret') is not None and num(f, 'ret') < 0,
    'cpu1-syscalls-or-prio': lambda n, c, f: c == 1 and (
        n.startswith('raw_syscalls') or (num(f, 'prio') is not None and num(f, 'prio') >= 120)),
    'lttng-switch-big-tid': lambda n, c, f: n == 'sched_switch' and num(f, 'next_tid') is not None
        and num(f, 'next_tid') > 0x1000,
    'lttng-exit-error': lambda n, c, f: n.startswith('syscall_exit_') and num(f, 'ret') is not None
        and num(f, 'ret') < 0,
    'lttng-fork-or-cpu7-irq': lambda n, c, f: n == 'sched_process_fork' or (
        c == 7 and n.startswith('irq_')),
    'old-sys-glob': lambda n, c, f: n.startswith('sys_') and c == 0,
}


def main():
    pred = PREDICATES[sys.argv[1]]
    out = sys.stdout
    for line in sys.stdin:
        line = line.rstrip('\n')
        m = LINE.match(line)
        if m is None:
            continue
        name, rest = m.group(1), m.group(2)
        if pred(name, cpu_of(rest), parse(rest)):
            out.write(re.sub(r'^\[[^\]]*\] \([^)]*\) ', '', line) + '\n')


main()
