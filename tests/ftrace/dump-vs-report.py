#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# dump-vs-report.py DUMP REPORT: every event of `lttv dump` (DUMP, run
# with TZ=UTC) against `trace-cmd report -R -t` (REPORT) of the same .dat
# file: time, CPU, pid, name and every field's value. The two are
# compared as multisets (trace-cmd and lttv may order events of one time
# differently, and a buffer instance's events apart). Prints the first
# differences; exit status 1 when there are any.
import collections
import re
import sys

LINE = re.compile(r'^\[(\d\d):(\d\d):(\d\d)\.(\d{9})\] \(\+[^)]*\) \S+ (\S+): '
                  r'\{ cpu_id = (\d+) \}, \{ (.*)$')
# trace-cmd's loss markers: with the count, or without when the page
# only says that events were missed
DROPPED = re.compile(r'^CPU:\d+ \[(?:\d+ )?EVENTS DROPPED\]$')
REPORT = re.compile(r'^(?:(\S+): +)?\s*(.*)-(\d+) +\[(\d+)\] +(\d+)\.(\d{9}): +(\S+): *(.*)$')


class Parser:
    """The values of lttv dump's (babeltrace2's) text."""

    def __init__(self, text):
        self.s, self.i = text, 0

    def peek(self, lit):
        return self.s.startswith(lit, self.i)

    def eat(self, lit):
        if not self.peek(lit):
            raise ValueError('expected %r at %r' % (lit, self.s[self.i:self.i + 30]))
        self.i += len(lit)

    def value(self):
        if self.peek('"'):
            self.i += 1
            out = []
            while not self.peek('"'):
                c = self.s[self.i]
                if c == '\\':
                    n = self.s[self.i + 1]
                    out.append({'n': '\n', 't': '\t', 'r': '\r', '"': '"', '\\': '\\'}.get(n, n))
                    self.i += 2
                else:
                    out.append(c)
                    self.i += 1
            self.i += 1
            return ''.join(out)
        if self.peek('[ ]'):
            self.i += 3
            return []
        if self.peek('['):
            self.eat('[ ')
            items = []
            while True:
                m = re.match(r'\[\d+\] = ', self.s[self.i:])
                self.i += m.end()
                items.append(self.value())
                if self.peek(', '):
                    self.i += 2
                    continue
                self.eat(' ]')
                return items
        m = re.match(r'-?(0x[0-9a-fA-F]+|\d+)', self.s[self.i:])
        if not m:
            raise ValueError('no value at %r' % self.s[self.i:self.i + 30])
        self.i += m.end()
        return int(m.group(0), 0)

    def fields(self):
        """`name = value, ...` up to ' }'"""
        out = []
        while not self.peek(' }'):
            m = re.match(r'(\w+) = ', self.s[self.i:])
            self.i += m.end()
            out.append((m.group(1), self.value()))
            if self.peek(', '):
                self.i += 2
        self.i += 2
        return out


def parse_dump(path):
    events = []
    for n, line in enumerate(open(path, encoding='utf-8', errors='replace'), 1):
        m = LINE.match(line.rstrip('\n'))
        if not m:
            raise SystemExit('%s:%d: not an event line: %s' % (path, n, line[:100]))
        hh, mm, ss, ns, name, cpu, rest = m.groups()
        p = Parser('{ ' + rest)
        p.eat('{ ')
        common = dict(p.fields())
        payload = []
        if p.peek(', { '):
            p.eat(', { ')
            payload = p.fields()
        day_ns = ((int(hh) * 60 + int(mm)) * 60 + int(ss)) * 10**9 + int(ns)
        events.append((day_ns, int(cpu), common.get('common_pid'), name, payload))
    return events


def as_int(text):
    text = text.strip()
    return int(text, 16) if text.lower().startswith('0x') else int(text, 10)


def same(ours, theirs):
    """Whether a value of ours prints as trace-cmd's text."""
    if isinstance(ours, list):
        if not theirs.startswith('ARRAY[') or not theirs.endswith(']'):
            return False
        inner = theirs[6:-1].strip()
        data = bytes(int(b, 16) for b in inner.split(', ')) if inner else b''
        if not ours:
            return not data
        if len(data) % len(ours):
            return False
        size = len(data) // len(ours)
        mask = (1 << (8 * size)) - 1
        return all(int.from_bytes(data[k * size:(k + 1) * size], 'little') == v & mask
                   for k, v in enumerate(ours))
    if isinstance(ours, str):
        return ours == theirs
    try:
        t = as_int(theirs)
    except ValueError:
        return False
    return t == ours or (t & (2**64 - 1)) == (ours & (2**64 - 1))


def key(ev):
    t, cpu, pid, name, payload = ev
    return (t, cpu, pid, name)


def main():
    dump, report = sys.argv[1], sys.argv[2]
    ours = parse_dump(dump)
    by_key = collections.defaultdict(list)
    for ev in ours:
        by_key[key(ev)].append(ev)
    bad = 0
    n_theirs = 0
    for n, line in enumerate(open(report, encoding='utf-8', errors='replace'), 1):
        line = line.rstrip('\n')
        if line.startswith('cpus=') or not line.strip() or DROPPED.match(line):
            continue
        m = REPORT.match(line)
        if not m:
            print('report:%d: not understood: %s' % (n, line[:100]))
            bad += 1
            continue
        n_theirs += 1
        _inst, _comm, pid, cpu, s, ns, name, rest = m.groups()
        name = name.rstrip(':')
        k = ((int(s) % 86400) * 10**9 + int(ns), int(cpu), int(pid), name)
        cands = by_key.get(k)
        if not cands:
            if bad < 10:
                print('report:%d: no such event in lttv dump: %s' % (n, line[:160]))
            bad += 1
            continue
        for idx, ev in enumerate(cands):
            payload = ev[4]
            pos, ok = 0, True
            for f, (fname, value) in enumerate(payload):
                if fname.endswith('_length') and f + 1 < len(payload) \
                        and payload[f + 1][0] + '_length' == fname.lstrip('_'):
                    continue
                lead = fname + '='
                if not rest.startswith(lead, pos):
                    ok = False
                    break
                start = pos + len(lead)
                if f + 1 < len(payload):
                    end = rest.find(' ' + payload[f + 1][0] + '=', start)
                    if end < 0:
                        ok = False
                        break
                else:
                    end = len(rest)
                if not same(value, rest[start:end]):
                    ok = False
                    break
                pos = end + 1
            if ok:
                del cands[idx]
                break
        else:
            if bad < 10:
                print('report:%d: fields differ: %s\n  lttv: %s' % (n, line[:200], cands[0][4]))
            bad += 1
    left = sum(len(v) for v in by_key.values())
    if left:
        print('%d event(s) of lttv dump not in the report' % left)
        bad += 1
    print('%d events compared, %d in lttv dump, %d differences' % (n_theirs, len(ours), bad))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
