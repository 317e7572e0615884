#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""compare-lttng-analyses.py KIND MI_JSON LTTV TRACE

Compares lttng-analyses' statistics (the --mi JSON of lttng-syscallstats,
lttng-schedstats, lttng-irqstats or lttng-iolatencystats, already run on
TRACE) with the
intervals `LTTV latency --top` lists: per group (syscall: thread and
system call; sched: woken thread; irq: IRQ number; softirq: vector, its
duration and its raise latency; block: device) the count, minimum, maximum and mean must
be theirs (times in ns: exact; the mean within 0.01 ns). Prints one line
of totals first, then each group that differs. Exit status 1 when one
does.
"""
import json
import subprocess
import sys

kind, mi_path, lttv, trace = sys.argv[1:5]
mi = json.load(open(mi_path))
if "error-message" in mi:
    print("lttng-analyses failed:", mi["error-message"])
    sys.exit(2)


def ours(lk):
    """Our complete intervals of kind lk: {(tid, name): [durations]}."""
    out = subprocess.run([lttv, "latency", "--no-cache", "--format=tsv", "--kind=" + lk,
                          "--top=2000000000", trace], capture_output=True, text=True, check=True)
    groups = {}
    for line in out.stdout.splitlines():
        f = line.split("\t")
        if f[0] == "top":
            groups.setdefault((int(f[4]), f[6]), []).append(int(f[3]))
    return groups


def regroup(groups, key):
    out = {}
    for k, d in groups.items():
        out.setdefault(key(k), []).extend(d)
    return out


def theirs(table_class, key, first=1):
    """{key: (count, min, mean, max)} from their table rows."""
    out = {}
    for r in mi["results"]:
        cls = r["class"] if isinstance(r["class"], str) else r["class"].get("inherit")
        if cls != table_class:
            continue
        for row in r["data"]:
            k = key(r, row)
            c, lo, mean, hi = (row[first]["value"], row[first + 1]["value"],
                               row[first + 2]["value"], row[first + 3]["value"])
            out[k] = (c, lo, mean, hi)
    return out


comparisons = []   # (label, theirs dict, ours dict)
if kind == "syscall":
    def tid_of(r, row):
        # "System call statistics [comm (pid, TID: 42)]"
        return int(r["class"]["title"].rsplit("TID: ", 1)[1].split(")")[0])
    t = theirs("per-tid", lambda r, row: (tid_of(r, row), row[0]["name"]))
    comparisons.append(("syscall per thread and name", t, ours("syscall")))
elif kind == "sched":
    t = theirs("per_tid_stats", lambda r, row: row[0]["tid"])
    comparisons.append(("sched per woken thread", t,
                        regroup(ours("sched"), lambda k: k[0])))
elif kind == "irq":
    t = theirs("hard-stats", lambda r, row: str(row[0]["nr"]))
    comparisons.append(("irq per number", t, regroup(ours("irq"), lambda k: k[1])))
    t = theirs("soft-stats", lambda r, row: str(row[0]["nr"]))
    if t:
        comparisons.append(("softirq duration per vector", t,
                            regroup(ours("softirq"), lambda k: k[1])))
        t = theirs("soft-stats", lambda r, row: str(row[0]["nr"]), first=6)
        t = {k: v for k, v in t.items() if v[0] > 0}
        comparisons.append(("softirq raise latency per vector", t,
                            regroup(ours("softirq-latency"), lambda k: k[1])))

elif kind == "block":
    t = theirs("disk-latency-stats", lambda r, row: row[0]["name"].strip("()"))
    comparisons.append(("block per device", t, regroup(ours("block"), lambda k: k[1])))

bad = 0
lines = []
summary = []
for label, t, o in comparisons:
    n_ok = 0
    for k in sorted(set(t) | set(o), key=str):
        d = o.get(k, [])
        mine = (len(d), min(d), sum(d) / len(d), max(d)) if d else (0, None, None, None)
        their = t.get(k, (0, None, None, None))
        same = (mine[0] == their[0] and mine[1] == their[1] and mine[3] == their[3]
                and (mine[0] == 0 or abs(mine[2] - their[2]) < 0.01))
        if same:
            n_ok += 1
        else:
            bad += 1
            lines.append("%s %s: ours count/min/mean/max %s, theirs %s" % (label, k, mine, their))
    summary.append("%s: %d of %d groups agree" % (label, n_ok, len(set(t) | set(o))))
print("; ".join(summary) if summary else "nothing to compare")
for line in lines:
    print(line)
sys.exit(1 if bad else 0)
