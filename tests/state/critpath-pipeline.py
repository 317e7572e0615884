#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# One stage of test-critpath.sh's recorded pipeline, `producer | filter |
# consumer`: the producer computes then writes each block, the filter
# reads it, computes, passes it on; the consumer only reads. So the
# consumer waits for the filter, which waits for the producer. Each
# stage names itself (comm) and writes its tid to DIR/STAGE.tid.
import os
import sys
import time

stage, out = sys.argv[1], sys.argv[2]
with open("/proc/self/comm", "w") as f:
    f.write("cp-" + stage)
with open(os.path.join(out, stage + ".tid"), "w") as f:
    f.write("%d\n" % os.getpid())

BLOCK = 4096
BLOCKS = 200


def spin(seconds):
    t = time.perf_counter()
    while time.perf_counter() - t < seconds:
        pass


def read_block():
    data = b""
    while len(data) < BLOCK:
        chunk = os.read(0, BLOCK - len(data))
        if not chunk:
            break
        data += chunk
    return data


if stage == "producer":
    for _ in range(BLOCKS):
        spin(0.002)
        os.write(1, b"x" * BLOCK)
elif stage == "filter":
    while True:
        data = read_block()
        if not data:
            break
        spin(0.001)
        os.write(1, data)
else:
    n = 0
    while True:
        data = read_block()
        if not data:
            break
        n += len(data)
    print(n, file=sys.stderr)
