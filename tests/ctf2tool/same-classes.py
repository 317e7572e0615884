#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# same-classes.py OURS THEIRS: two CTF 2 metadata streams describe the same
# data the same way: the same preamble UUID, trace class (UID,
# environment, packet header), clock classes, data stream classes and
# event record classes, each with the same field classes and roles. What
# only says a default or a consequence is normalized first: ids of 0 left
# out, a decimal display base, no structure members, a structure's
# minimum alignment (compared as the alignment it gives), the trace
# class's name and namespace, a clock's precision, attributes. Prints the first differences; exit status 1 if any.
import json
import sys


def fragments(path):
    data = open(path, "rb").read().split(b"\x1e")
    return [json.loads(r) for r in data if r.strip()]


def align(fc):
    """The alignment a field class gives its field, in bits."""
    t = fc.get("type", "")
    if t == "structure":
        a = fc.get("minimum-alignment", 1)
        for m in fc.get("member-classes", []):
            a = max(a, align(m["field-class"]))
        return a
    if t.endswith("-array"):
        return max(fc.get("minimum-alignment", 1),
                   align(fc["element-field-class"]))
    if t.startswith("fixed-length") or t.startswith("variable-length"):
        return fc.get("alignment", 1) if t.startswith("fixed") else 8
    if t == "variant":
        return 1
    return 8       # strings and blobs


def norm(fc):
    if isinstance(fc, list):
        return [norm(x) for x in fc]
    if not isinstance(fc, dict):
        return fc
    out = {k: norm(v) for k, v in fc.items()
           if k not in ("minimum-alignment", "attributes", "precision")}
    if fc.get("type") == "structure":
        out["(alignment)"] = align(fc)
    if out.get("preferred-display-base") == 10:
        del out["preferred-display-base"]
    if out.get("alignment") == 1:
        del out["alignment"]
    if out.get("member-classes") == []:
        del out["member-classes"]
    return out


def classes(path):
    frags = fragments(path)
    by = {}
    for f in frags:
        t = f["type"]
        if t == "trace-class":
            f = dict(f)
            f.pop("name", None)
            f.pop("namespace", None)
        if t in ("data-stream-class",):
            key = (t, f.get("id", 0))
            f = dict(f, id=f.get("id", 0))
        elif t == "event-record-class":
            key = (t, f.get("data-stream-class-id", 0), f.get("id", 0))
            f = dict(f, id=f.get("id", 0),
                     **{"data-stream-class-id": f.get("data-stream-class-id", 0)})
        elif t == "clock-class":
            key = (t, f.get("id"))
        else:
            key = (t,)
        by[key] = norm(f)
    return by


def diff(a, b, where, out):
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b)):
            if k not in a:
                out.append("%s: only theirs has %s = %s" % (where, k, json.dumps(b[k])[:80]))
            elif k not in b:
                out.append("%s: only ours has %s = %s" % (where, k, json.dumps(a[k])[:80]))
            else:
                diff(a[k], b[k], where + "/" + k, out)
    elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            diff(x, y, "%s/%d" % (where, i), out)
    elif a != b:
        out.append("%s: ours %s, theirs %s" % (where, json.dumps(a)[:80], json.dumps(b)[:80]))


ours, theirs = classes(sys.argv[1]), classes(sys.argv[2])
problems = []
for key in sorted(set(ours) | set(theirs), key=str):
    if key not in ours:
        problems.append("%s: only in theirs" % (key,))
    elif key not in theirs:
        problems.append("%s: only in ours" % (key,))
    else:
        diff(ours[key], theirs[key], str(key), problems)
for p in problems[:10]:
    print(p)
sys.exit(1 if problems else 0)
