#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""An independent implementation of docs/state-model.md.

It reads a trace through babeltrace2's text output (not through LTTV's
reader), applies the state model's rules event by event, and prints the
state at the asked times exactly as `lttv state --at` does:

    T <TAB> PATH <TAB> VALUE      sorted by time, then by path (byte order)

T is printed in nanoseconds from the clock's origin. It exists to check
LTTV's state core against a second reading of the same document, so it is
written from the document alone and kept deliberately plain: one dict of
attribute -> value, no history.

usage: state-model-oracle.py --at=T[,T...] TRACE...   (T in ns from origin)
"""

import argparse
import os
import re
import subprocess
import sys

BABELTRACE2 = os.environ.get("BABELTRACE2") or "babeltrace2"

# --- reading babeltrace2's text output --------------------------------------

LINE = re.compile(r"^\[(\d+)\.(\d{9})\] (?:(\S+) )?(\S+): (.*)$")


class ValueReader:
    """Parses babeltrace2's field syntax: { a = 1, b = "x", c = [ [0] = 2 ],
    d = ( "NAME" : container = 5 ), e = { ... } }."""

    def __init__(self, text):
        self.s = text
        self.i = 0

    def ws(self):
        while self.i < len(self.s) and self.s[self.i] == " ":
            self.i += 1

    def peek(self):
        self.ws()
        return self.s[self.i] if self.i < len(self.s) else ""

    def expect(self, c):
        self.ws()
        if self.s[self.i] != c:
            raise ValueError("expected %r at %d in %r" % (c, self.i, self.s))
        self.i += 1

    def string(self):
        self.expect('"')
        out = []
        while self.s[self.i] != '"':
            c = self.s[self.i]
            if c == "\\":
                self.i += 1
                c = {"n": "\n", "t": "\t", "r": "\r", "\\": "\\", '"': '"'}.get(
                    self.s[self.i], self.s[self.i])
            out.append(c)
            self.i += 1
        self.i += 1
        return "".join(out)

    def value(self):
        c = self.peek()
        if c == '"':
            return self.string()
        if c == "{":
            return self.struct()
        if c == "[":
            self.i += 1
            items = []
            while self.peek() != "]":
                self.expect("[")
                while self.s[self.i] != "]":
                    self.i += 1
                self.i += 1
                self.expect("=")
                items.append(self.value())
                if self.peek() == ",":
                    self.i += 1
            self.i += 1
            return items
        if c == "(":
            # enumeration: ( "LABEL" : container = N ) or ( <unknown> : container = N )
            depth = 0
            start = self.i
            while True:
                ch = self.s[self.i]
                if ch == '"':
                    self.string()
                    continue
                if ch == "(":
                    depth += 1
                elif ch == ")":
                    depth -= 1
                    if depth == 0:
                        self.i += 1
                        break
                self.i += 1
            m = re.search(r"container = (-?(?:0x[0-9A-Fa-f]+|\d+))", self.s[start:self.i])
            return int(m.group(1), 0) if m else None
        start = self.i
        while self.i < len(self.s) and self.s[self.i] not in ",}]":
            self.i += 1
        token = self.s[start:self.i].strip()
        try:
            return int(token, 0)
        except ValueError:
            try:
                return float(token)
            except ValueError:
                return token

    def struct(self):
        self.expect("{")
        fields = {}
        while self.peek() != "}":
            start = self.i
            while self.s[self.i] != "=":
                self.i += 1
            name = self.s[start:self.i].strip()
            self.i += 1
            fields[name] = self.value()
            if self.peek() == ",":
                self.i += 1
        self.i += 1
        return fields

    def groups(self):
        out = []
        while self.peek() == "{":
            out.append(self.struct())
            if self.peek() == ",":
                self.i += 1
        return out


def trace_env(path):
    """The metadata's env block, through babeltrace2 (packetized metadata)."""
    text = subprocess.run([BABELTRACE2, "--output-format=ctf-metadata", path],
                          capture_output=True, text=True, check=True).stdout
    m = re.search(r"^env \{(.*?)^\};", text, re.S | re.M)
    env = {}
    for key, value in re.findall(r"^\s*(\w+) = (.*?);\s*$", m.group(1) if m else "", re.M):
        env[key] = value.strip('"') if value.startswith('"') else int(value, 0)
    return env


def trace_dirs(paths):
    for p in paths:
        if os.path.isfile(os.path.join(p, "metadata")):
            yield p
            continue
        for root, dirs, files in os.walk(p):
            dirs.sort()
            if "metadata" in files:
                yield root


def events(paths):
    """(time_ns, event name, cpu, fields) in babeltrace2's merged order."""
    proc = subprocess.Popen([BABELTRACE2, "--clock-seconds", "--no-delta"] + list(paths),
                            stdout=subprocess.PIPE, text=True, errors="replace",
                            env=dict(os.environ, TZ="UTC"))
    for line in proc.stdout:
        m = LINE.match(line.rstrip("\n"))
        if not m:
            continue
        t = int(m.group(1)) * 1000000000 + int(m.group(2))
        groups = ValueReader(m.group(5)).groups()
        cpu = groups[0].get("cpu_id") if groups else None
        fields = {}
        for g in groups[1:]:
            fields.update(g)
        # the contexts between the packet context and the payload
        context = {}
        for g in groups[1:-1]:
            context.update(g)
        fields["__context"] = context
        yield t, m.group(4), cpu, fields
    proc.wait()


# --- the state model ----------------------------------------------------------

def x86_64_syscalls():
    names = {}
    try:
        with open("/usr/include/x86_64-linux-gnu/asm/unistd_64.h") as f:
            for m in re.finditer(r"#define __NR_(\w+) (\d+)", f.read()):
                names[int(m.group(2))] = m.group(1)
    except OSError:
        pass
    return names


def kernel_at_least_4_14(release):
    m = re.match(r"(\d+)\.(\d+)", release or "")
    return bool(m) and (int(m.group(1)), int(m.group(2))) >= (4, 14)


class State:
    def __init__(self, env):
        self.a = {}                 # path -> value
        self.current = {}           # cpu -> tid (after a first sched_switch)
        self.perf = env.get("tracer_name") == "perf"
        self.new_prev_state = kernel_at_least_4_14(
            env.get("release") if self.perf else env.get("kernel_release"))
        self.syscalls = x86_64_syscalls()
        self.anomalies = 0
        self.thread_keys = {}       # "Threads/<tid>" -> its paths
        self.irqs = {}              # cpu -> {irq: value}
        self.block = {}             # (dev, sector) -> number of issues in flight
        self.softirqs = {}          # cpu -> {vec: value}

    # attribute helpers; the indexes only make lookups fast, the state is self.a
    def set(self, path, value):
        if value is None:
            self.a.pop(path, None)
        else:
            self.a[path] = value
        parts = path.split("/")
        if parts[0] == "Threads":
            keys = self.thread_keys.setdefault("Threads/" + parts[1], set())
            (keys.discard if value is None else keys.add)(path)
        elif parts[0] == "CPUs" and len(parts) == 4:
            table = self.irqs if parts[2] == "IRQs" else self.softirqs
            per_cpu = table.setdefault(int(parts[1]), {})
            if value is None:
                per_cpu.pop(int(parts[3]), None)
            else:
                per_cpu[int(parts[3])] = value

    def thread(self, tid, cpu):
        return "Threads/0_%d" % cpu if tid == 0 else "Threads/%d" % tid

    def running(self, t):
        return "RUN_SYSCALL" if (t + "/System_call") in self.a else "RUN_USERMODE"

    def irq_running_on(self, cpu):
        return bool(self.irqs.get(cpu))

    def softirq_running_on(self, cpu):
        return any(v in ("RUNNING", "RAISED_RUNNING")
                   for v in self.softirqs.get(cpu, {}).values())

    def cpu_status(self, cpu):
        if self.irq_running_on(cpu):
            status = "IRQ"
        elif self.softirq_running_on(cpu):
            status = "SOFTIRQ"
        elif cpu not in self.current:
            status = None
        elif self.current[cpu] == 0:
            status = "IDLE"
        else:
            status = self.running(self.thread(self.current[cpu], cpu))
        self.set("CPUs/%d" % cpu, status)

    def resume(self, cpu):
        if cpu not in self.current:
            return
        t = self.thread(self.current[cpu], cpu)
        if self.irq_running_on(cpu) or self.softirq_running_on(cpu):
            self.set(t, "INTERRUPTED")
        else:
            self.set(t, self.running(t))

    def softirq_aggregate(self, vec):
        values = [per_cpu[vec] for per_cpu in self.softirqs.values() if vec in per_cpu]
        if any(v in ("RUNNING", "RAISED_RUNNING") for v in values):
            self.set("Soft_IRQs/%d" % vec, "RUNNING")
        elif values:
            self.set("Soft_IRQs/%d" % vec, "RAISED")
        else:
            self.set("Soft_IRQs/%d" % vec, None)

    def prev_state_status(self, s):
        if self.new_prev_state:
            if s in (0, 256):
                return "WAIT_FOR_CPU"
            if s in (1, 2, 64, 128):
                return "WAIT_BLOCKED"
            if s in (16, 32):
                return None
            return "WAIT_UNKNOWN"
        s &= 1023
        if s == 0:
            return "WAIT_FOR_CPU"
        if s & 3:
            return "WAIT_BLOCKED"
        if s & 64:
            return None
        return "WAIT_UNKNOWN"

    # field access with the layout's names
    def tid_field(self, f, lttng_name):
        perf_name = {"tid": "pid", "prev_tid": "prev_pid", "next_tid": "next_pid",
                     "parent_tid": "parent_pid", "child_tid": "child_pid"}.get(lttng_name)
        return f.get(perf_name if self.perf else lttng_name)

    def apply(self, name, cpu, f):
        if self.perf:
            name = name.split(":", 1)[-1]
        if cpu is None:
            self.anomalies += 1
            return
        if name != "sched_switch":
            tid = f.get("perf_tid") if self.perf else f["__context"].get("tid")
            if isinstance(tid, int) and tid >= 0:
                self.event_thread(cpu, tid)
        cur = self.current.get(cpu)
        cur_t = self.thread(cur, cpu) if cur is not None else None
        try:
            handler = self.handler_for(name, f)
            if handler:
                handler(cpu, cur_t, f)
        except (KeyError, TypeError):
            self.anomalies += 1

    def handler_for(self, name, f):
        if name == "sched_switch":
            return self.sched_switch
        if self.perf:
            if name == "sys_enter":
                return self.syscall_entry
            if name == "sys_exit":
                return self.syscall_exit
        else:
            for prefix in ("syscall_entry_", "compat_syscall_entry_", "sys_", "compat_sys_"):
                if name.startswith(prefix):
                    f["__syscall"] = name[len(prefix):]
                    return self.syscall_entry
            if name == "exit_syscall" or name.startswith("syscall_exit_") or name.startswith("compat_syscall_exit_"):
                return self.syscall_exit
        name = name[len("irq_"):] if name.startswith("irq_softirq_") else name
        return {
            "irq_handler_entry": self.irq_entry, "irq_handler_exit": self.irq_exit,
            "softirq_raise": self.softirq_raise, "softirq_entry": self.softirq_entry,
            "softirq_exit": self.softirq_exit, "sched_waking": self.wakeup,
            "sched_wakeup": self.wakeup, "sched_wakeup_new": self.wakeup,
            "sched_migrate_task": self.migrate, "sched_pi_setprio": self.setprio,
            "sched_process_fork": self.fork, "sched_process_exec": self.exec_,
            "sched_process_free": self.free,
            "lttng_statedump_process_state": self.statedump,
            "block_rq_issue": self.block_issue, "block_rq_complete": self.block_complete,
        }.get(name)

    # the thread of an event, and lost switches
    def displace(self, cpu):
        t = self.thread(self.current[cpu], cpu)
        self.set(t, "UNKNOWN")
        self.set(t + "/Current_cpu_rq", None)

    def lose_elsewhere(self, tid, cpu):
        """tid is on `cpu` now: another CPU the model had it on loses it."""
        if tid == 0:
            return
        for other, cur in list(self.current.items()):
            if other != cpu and cur == tid:
                self.anomalies += 1
                del self.current[other]
                self.set("CPUs/%d/Current_thread" % other, None)
                self.cpu_status(other)

    def event_thread(self, cpu, tid):
        if self.current.get(cpu) == tid:
            return
        if cpu in self.current:
            self.anomalies += 1
            self.displace(cpu)
        self.lose_elsewhere(tid, cpu)
        self.current[cpu] = tid
        self.set("CPUs/%d/Current_thread" % cpu, tid)
        t = self.thread(tid, cpu)
        self.resume(cpu)
        self.set(t + "/Current_cpu_rq", cpu)
        self.cpu_status(cpu)

    def sched_switch(self, cpu, cur_t, f):
        prev_tid, next_tid = self.tid_field(f, "prev_tid"), self.tid_field(f, "next_tid")
        prev_state, prev_comm = f["prev_state"], f["prev_comm"]
        prev_prio, next_comm, next_prio = f["prev_prio"], f["next_comm"], f["next_prio"]
        if cpu in self.current and self.current[cpu] != prev_tid:
            self.anomalies += 1
            self.displace(cpu)
        self.lose_elsewhere(prev_tid, cpu)
        self.lose_elsewhere(next_tid, cpu)
        p = self.thread(prev_tid, cpu)
        status = self.prev_state_status(prev_state)
        self.set(p, status)
        self.set(p + "/Current_cpu_rq", cpu if status == "WAIT_FOR_CPU" else None)
        self.set(p + "/Exec_name", prev_comm)
        self.set(p + "/Prio", prev_prio)
        n = self.thread(next_tid, cpu)
        self.set(n, self.running(n))
        self.set(n + "/Current_cpu_rq", cpu)
        self.set(n + "/Exec_name", next_comm)
        self.set(n + "/Prio", next_prio)
        self.current[cpu] = next_tid
        self.set("CPUs/%d/Current_thread" % cpu, next_tid)
        self.cpu_status(cpu)

    def syscall_entry(self, cpu, cur_t, f):
        if self.perf:
            sid = f["id"]
            name = self.syscalls.get(sid, "syscall_%d" % sid)
        else:
            name = f["__syscall"]
        if cur_t is not None:
            self.set(cur_t + "/System_call", name)
            self.set(cur_t, "RUN_SYSCALL")
        self.cpu_status(cpu)

    def syscall_exit(self, cpu, cur_t, f):
        if cur_t is not None:
            self.set(cur_t + "/System_call", None)
            self.set(cur_t, "RUN_USERMODE")
        self.cpu_status(cpu)

    def irq_entry(self, cpu, cur_t, f):
        irq = f["irq"]
        self.set("CPUs/%d/IRQs/%d" % (cpu, irq), "RUNNING")
        self.set("IRQs/%d" % irq, cpu)
        if cur_t is not None:
            self.set(cur_t, "INTERRUPTED")
        self.set("CPUs/%d" % cpu, "IRQ")

    def irq_exit(self, cpu, cur_t, f):
        irq = f["irq"]
        key = "CPUs/%d/IRQs/%d" % (cpu, irq)
        if key not in self.a:
            self.anomalies += 1
            return
        self.set(key, None)
        others = sorted(c for c, per_cpu in self.irqs.items() if irq in per_cpu)
        self.set("IRQs/%d" % irq, others[0] if others else None)
        self.resume(cpu)
        self.cpu_status(cpu)

    def softirq_raise(self, cpu, cur_t, f):
        vec = f["vec"]
        key = "CPUs/%d/Soft_IRQs/%d" % (cpu, vec)
        self.set(key, "RAISED_RUNNING" if self.a.get(key) in ("RUNNING", "RAISED_RUNNING") else "RAISED")
        self.softirq_aggregate(vec)

    def softirq_entry(self, cpu, cur_t, f):
        vec = f["vec"]
        self.set("CPUs/%d/Soft_IRQs/%d" % (cpu, vec), "RUNNING")
        if cur_t is not None:
            self.set(cur_t, "INTERRUPTED")
        self.softirq_aggregate(vec)
        self.cpu_status(cpu)

    def softirq_exit(self, cpu, cur_t, f):
        vec = f["vec"]
        key = "CPUs/%d/Soft_IRQs/%d" % (cpu, vec)
        self.set(key, "RAISED" if self.a.get(key) == "RAISED_RUNNING" else None)
        self.softirq_aggregate(vec)
        self.resume(cpu)
        self.cpu_status(cpu)

    def wakeup(self, cpu, cur_t, f):
        tid = self.tid_field(f, "tid")
        if tid == 0:
            return
        t = self.thread(tid, cpu)
        if self.a.get(t) in ("RUN_USERMODE", "RUN_SYSCALL", "INTERRUPTED"):
            return
        self.set(t, "WAIT_FOR_CPU")
        self.set(t + "/Current_cpu_rq", f["target_cpu"])
        self.set(t + "/Prio", f["prio"])

    def migrate(self, cpu, cur_t, f):
        tid = self.tid_field(f, "tid")
        if tid != 0:
            self.set(self.thread(tid, cpu) + "/Current_cpu_rq", f["dest_cpu"])

    def setprio(self, cpu, cur_t, f):
        tid = self.tid_field(f, "tid")
        if tid != 0:
            self.set(self.thread(tid, cpu) + "/Prio", f["newprio"])

    def fork(self, cpu, cur_t, f):
        parent = self.thread(self.tid_field(f, "parent_tid"), cpu)
        child_tid = self.tid_field(f, "child_tid")
        c = self.thread(child_tid, cpu)
        self.set(c + "/PPID", self.tid_field(f, "parent_tid"))
        pid = None if self.perf else f.get("child_pid")
        if pid is not None and pid != child_tid:
            self.set(c + "/PID", pid)
        self.set(c + "/Exec_name", f["child_comm"])
        self.set(c, "WAIT_FOR_CPU")
        self.set(c + "/Current_cpu_rq", self.a.get(parent + "/Current_cpu_rq"))
        self.set(c + "/System_call", self.a.get(parent + "/System_call"))

    def exec_(self, cpu, cur_t, f):
        tid = self.tid_field(f, "tid")
        name = os.path.basename(f["filename"]).encode()[:15].decode(errors="ignore")
        self.set(self.thread(tid, cpu) + "/Exec_name", name)

    def free(self, cpu, cur_t, f):
        t = self.thread(self.tid_field(f, "tid"), cpu)
        for k in list(self.thread_keys.get(t, ())):
            self.set(k, None)

    def statedump(self, cpu, cur_t, f):
        tid = f["tid"]
        if tid == 0:
            return
        t = self.thread(tid, cpu)
        if t + "/Exec_name" not in self.a:
            self.set(t + "/Exec_name", f["name"])
        if t + "/PPID" not in self.a:
            self.set(t + "/PPID", f["ppid"])
        if t + "/PID" not in self.a and f["pid"] != tid:
            self.set(t + "/PID", f["pid"])
        if t not in self.a:
            status = {0: "UNKNOWN", 1: "WAIT_FORK", 2: "WAIT_FOR_CPU", 3: "UNKNOWN",
                      4: "UNKNOWN", 5: "WAIT_UNKNOWN", 6: "RUN_USERMODE"}.get(f["status"])
            self.set(t, status)
            if status == "WAIT_FOR_CPU":
                self.set(t + "/Current_cpu_rq", f["cpu"])

    def block_count(self, dev):
        n = sum(k for (d, _), k in self.block.items() if d == dev)
        self.set("Block/%d/Requests" % dev, n)

    def block_issue(self, cpu, cur_t, f):
        key = (f["dev"], f["sector"])
        self.block[key] = self.block.get(key, 0) + 1
        self.block_count(f["dev"])

    def block_complete(self, cpu, cur_t, f):
        key = (f["dev"], f["sector"])
        if self.block.get(key, 0) == 0:
            self.anomalies += 1
            return
        self.block[key] -= 1
        self.block_count(f["dev"])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--at", required=True, help="times in ns from origin, comma-separated")
    ap.add_argument("traces", nargs="+")
    args = ap.parse_args()
    times = sorted(int(t) for t in args.at.split(","))
    dirs = list(trace_dirs(args.traces))
    env = trace_env(dirs[0]) if dirs else {}
    state = State(env)
    out = []

    def snapshot(t):
        for path in sorted(state.a, key=lambda p: p.encode()):
            out.append("%d\t%s\t%s" % (t, path, state.a[path]))

    # Before the first event nothing has happened: only the threads of the
    # session's first statedump are known (docs/cli.md), each from its
    # first entry, tid 0 left out.
    before, dump, dump_done = [], {}, False
    pending = list(times)
    first = True
    for t, name, cpu, fields in events(args.traces):
        if first:
            while pending and pending[0] < t:
                before.append(pending.pop(0))
            first = False
        if name == "lttng_statedump_end":
            dump_done = True
        elif name == "lttng_statedump_process_state" and not dump_done:
            tid = fields.get("tid")
            if tid and tid not in dump:
                dump[tid] = fields
        while pending and pending[0] < t:
            snapshot(pending.pop(0))
        state.apply(name, cpu, fields)
    while pending:
        snapshot(pending.pop(0))
    early = []
    for t in before:
        lines = []
        for tid, f in dump.items():
            lines.append("Threads/%d/Exec_name\t%s" % (tid, f.get("name")))
            lines.append("Threads/%d/PPID\t%d" % (tid, f.get("ppid")))
            if f.get("pid") != tid:
                lines.append("Threads/%d/PID\t%d" % (tid, f.get("pid")))
        early += ["%d\t%s" % (t, l) for l in sorted(lines, key=lambda l: l.encode())]
    out = early + out
    sys.stdout.write("\n".join(out) + ("\n" if out else ""))
    print("anomalies: %d" % state.anomalies, file=sys.stderr)


if __name__ == "__main__":
    main()
