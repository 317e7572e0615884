#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# fake-relayd.py PORTFILE MODE: a relay daemon that misbehaves, for
# test-live-faults.sh. Listens on 127.0.0.1 (a free port, written to
# PORTFILE), serves one viewer, then exits. MODE:
#   huge-list   a session count of 2^32-1
#   short-list  one session announced, half of its record sent, then closed
#   silent      the handshake answered, then nothing (the viewer times out)
#   version     a version 3.0 handshake
#   bad-status  attach answered with status 77
#   bad-index   attached (a metadata and a data stream), then an index of
#               a packet of 1001 bits
#   bad-packet  then a packet of 10 bytes where 4096 were asked
import socket
import struct
import sys

portfile, mode = sys.argv[1], sys.argv[2]
srv = socket.socket()
srv.bind(("127.0.0.1", 0))
srv.listen(1)
with open(portfile + ".tmp", "w") as f:
    f.write(str(srv.getsockname()[1]))
import os
os.rename(portfile + ".tmp", portfile)
srv.settimeout(30)
conn, _ = srv.accept()
conn.settimeout(30)


def recv_exact(n):
    b = b""
    while len(b) < n:
        c = conn.recv(n - len(b))
        if not c:
            sys.exit(0)
        b += c
    return b


def command():
    size, cmd, _ = struct.unpack(">QII", recv_exact(16))
    recv_exact(size)
    return cmd


def stream(sid, metadata):
    return struct.pack(">QQI", sid, 1, 1 if metadata else 0) \
        + b"host/s1/ust/uid/0/64-bit".ljust(4096, b"\0") \
        + (b"metadata" if metadata else b"channel0_0").ljust(255, b"\0")


SESSION = struct.pack(">QIII", 1, 100000, 0, 3) + b"host".ljust(64, b"\0") \
    + b"s1".ljust(255, b"\0")

while True:
    cmd = command()
    if cmd == 1:                                   # connect
        major = 3 if mode == "version" else 2
        conn.sendall(struct.pack(">QIII", 7, major, 0 if major == 3 else 4, 1))
    elif cmd == 8:                                 # create viewer session
        conn.sendall(struct.pack(">I", 1))
        if mode == "silent":
            command()
            conn.recv(1)                           # never answers
            sys.exit(0)
    elif cmd == 2:                                 # list sessions
        if mode == "huge-list":
            conn.sendall(struct.pack(">I", 0xFFFFFFFF))
        elif mode == "short-list":
            conn.sendall(struct.pack(">I", 1) + SESSION[:100])
            conn.close()
            sys.exit(0)
        else:
            conn.sendall(struct.pack(">I", 1) + SESSION)
    elif cmd == 3:                                 # attach
        if mode == "bad-status":
            conn.sendall(struct.pack(">II", 77, 0))
        else:
            conn.sendall(struct.pack(">II", 1, 2) + stream(1, True)
                         + stream(2, False))
    elif cmd == 7:                                 # new streams: none
        conn.sendall(struct.pack(">II", 2, 0))
    elif cmd == 6:                                 # metadata: none new
        conn.sendall(struct.pack(">QI", 0, 2))
    elif cmd == 4:                                 # next index
        bits = 1001 if mode == "bad-index" else 4096 * 8
        conn.sendall(struct.pack(">QQQQQQQII", 0, bits, bits, 1, 2, 0, 0, 1, 0))
    elif cmd == 5:                                 # packet
        conn.sendall(struct.pack(">III", 1, 10, 0) + b"x" * 10)
    else:
        conn.close()
        sys.exit(0)
