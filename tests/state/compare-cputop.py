#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""compare-cputop.py CPUTOP_OUTPUT LTTV TRACE

Compares lttng-cputop's per-thread CPU usage (lttng-analyses, run with
--gmt: a thread's time on a CPU from its switch in to its switch out, over
the time range it prints, from the first event to the last) with
`LTTV stats --format=tsv`'s over that same range (the thread's
RUN_USERMODE + RUN_SYSCALL + INTERRUPTED time). Each thread
lttng-cputop lists must agree within TOLERANCE percentage points. Prints
the largest difference first, then each thread.
"""
import calendar
import re
import subprocess
import sys
import time

# (percentage points: a thread current on a CPU before the trace's first
# switch there is counted by lttng-cputop from the range's start, by the
# state model from that switch on only, as it cannot know it before:
# lttng-sessiond on bug446190, 11.5 ms of 6.0 s, 0.19 point)
TOLERANCE = 0.25

cputop_text = open(sys.argv[1]).read()
cputop = {}
for m in re.finditer(r"^\W*([\d.]+) %\s+(.*?) \((\d+)\)", cputop_text, re.M):
    cputop[int(m.group(3))] = (float(m.group(1)), m.group(2))
if not cputop:
    print("no per-thread usage in lttng-cputop's output:")
    print(cputop_text[:2000])
    sys.exit(1)

def ns(text):
    """'2016-03-04 17:46:22.794565804' (UTC) in ns since the epoch."""
    day, frac = text.split(".")
    return calendar.timegm(time.strptime(day, "%Y-%m-%d %H:%M:%S")) * 10**9 + int(frac.ljust(9, "0"))


m = re.search(r"Timerange: \[(.*?), (.*?)\]", cputop_text)
stats = subprocess.run([sys.argv[2], "stats", "--no-cache", "--format=tsv",
                        "--begin=%d" % ns(m.group(1)), "--end=%d" % ns(m.group(2)), sys.argv[3]],
                       capture_output=True, text=True).stdout
t0 = t1 = None
ours = {}
for line in stats.splitlines():
    f = line.rstrip("\n").split("\t")
    if f[0] == "range":
        t0, t1 = int(f[1]), int(f[2])
    elif f[0] == "thread_time" and f[3] in ("RUN_USERMODE", "RUN_SYSCALL", "INTERRUPTED"):
        if f[1].isdigit():
            ours[int(f[1])] = ours.get(int(f[1]), 0) + int(f[4])
span = t1 - t0 + 1
worst, lines = 0.0, []
for tid, (pct, name) in sorted(cputop.items(), key=lambda kv: -kv[1][0]):
    mine = 100.0 * ours.get(tid, 0) / span
    worst = max(worst, abs(mine - pct))
    lines.append("%-8d %-20s lttng-cputop %6.2f %%  lttv %6.2f %%" % (tid, name, pct, mine))
print("largest difference %.3f point over %d threads" % (worst, len(cputop)))
print("\n".join(lines))
sys.exit(0 if worst <= TOLERANCE else 1)
