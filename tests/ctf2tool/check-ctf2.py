#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# check-ctf2.py METADATA...: each file is a CTF 2 metadata stream (a JSON
# text sequence, RFC 7464) whose fragments follow the CTF 2 specification's
# order rules: a preamble first (version 2), at most one trace class and
# before any data stream class, clock classes before the data stream
# classes naming them, data stream classes before their event record
# classes, unique ids. Prints each problem; exit status 1 if any.
import json
import sys

KNOWN = {"preamble", "field-class-alias", "trace-class", "clock-class",
         "data-stream-class", "event-record-class"}


def check(path):
    problems = []
    data = open(path, "rb").read()
    if not data.startswith(b"\x1e"):
        return ["does not begin with a record separator (0x1E)"]
    records = data.split(b"\x1e")[1:]
    frags = []
    for i, rec in enumerate(records):
        try:
            # RFC 8259 only: no NaN or Infinity
            frag = json.loads(rec.decode("utf-8"),
                              parse_constant=lambda c: (_ for _ in ()).throw(
                                  ValueError("not JSON: " + c)))
        except (ValueError, UnicodeDecodeError) as e:
            problems.append("record %d: not a JSON text: %s" % (i, e))
            continue
        if not isinstance(frag, dict) or frag.get("type") not in KNOWN:
            problems.append("record %d: not a fragment (an object with a "
                            "known type)" % i)
            continue
        frags.append((i, frag))
    if not frags or frags[0][1]["type"] != "preamble":
        problems.append("the first fragment is not a preamble")
    clocks, streams, events = set(), set(), set()
    seen_trace = seen_stream = False
    for i, f in frags:
        t = f["type"]
        where = "record %d (%s)" % (i, t)
        if t == "preamble":
            if i != 0:
                problems.append(where + ": a preamble after the first record")
            if f.get("version") != 2:
                problems.append(where + ": version is not 2")
        elif t == "trace-class":
            if seen_trace:
                problems.append(where + ": a second trace class")
            if seen_stream:
                problems.append(where + ": after a data stream class")
            seen_trace = True
        elif t == "clock-class":
            if f.get("id") in clocks:
                problems.append(where + ": clock class id declared twice")
            clocks.add(f.get("id"))
        elif t == "data-stream-class":
            seen_stream = True
            sid = f.get("id", 0)
            if sid in streams:
                problems.append(where + ": data stream class id %r twice" % sid)
            streams.add(sid)
            clk = f.get("default-clock-class-id")
            if clk is not None and clk not in clocks:
                problems.append(where + ": clock class %r not declared "
                                "before" % clk)
        elif t == "event-record-class":
            sid = f.get("data-stream-class-id", 0)
            if sid not in streams:
                problems.append(where + ": data stream class %r not "
                                "declared before" % sid)
            key = (sid, f.get("id", 0))
            if key in events:
                problems.append(where + ": event record class id %r twice "
                                "in data stream class %r" % (key[1], sid))
            events.add(key)
    return problems


status = 0
for p in sys.argv[1:]:
    for problem in check(p):
        print("%s: %s" % (p, problem))
        status = 1
sys.exit(status)
