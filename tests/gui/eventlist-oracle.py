#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Oracle for test-eventlist: reads `babeltrace2 --clock-seconds TRACE` on
stdin. `events` writes "NS NAME" per event; `count` prints how many events
match the test's filter, evaluated here by hand on babeltrace2's text:
    (name == "raw_syscalls:sys_enter" && id == 0x2)
    || (cpu == 1 && name =~ "^sched:")
"""
import re
import sys

LINE = re.compile(r'^\[(\d+)\.(\d{9})\] \([^)]*\) (?:\S+ )?(\S+): (.*)$')
CPU = re.compile(r'cpu_id = (\d+)')
ID = re.compile(r'[{,] id = (-?\d+)[,} ]')


def events():
    for line in sys.stdin:
        m = LINE.match(line.rstrip('\n'))
        if m is None:
            continue
        yield int(m.group(1)) * 1000000000 + int(m.group(2)), m.group(3), m.group(4)


def main():
    mode = sys.argv[1]
    if mode == 'events':
        out = sys.stdout
        for ns, name, _ in events():
            out.write('%d %s\n' % (ns, name))
        return
    n = 0
    for _, name, rest in events():
        cpu = CPU.search(rest)
        ident = ID.search(rest)
        a = name == 'raw_syscalls:sys_enter' and ident is not None and int(ident.group(1)) == 2
        b = cpu is not None and int(cpu.group(1)) == 1 and name.startswith('sched:')
        n += a or b
    print(n)


main()
