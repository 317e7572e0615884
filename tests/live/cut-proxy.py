#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# cut-proxy.py PORTFILE TARGET_PORT: forwards 127.0.0.1:FREE (written to
# PORTFILE) to 127.0.0.1:TARGET_PORT, for test-live-gui.sh. SIGUSR1 cuts
# every connection and refuses new ones for 3 s: a network outage, the
# relay daemon still running behind it.
import os
import selectors
import signal
import socket
import sys
import time

portfile, target = sys.argv[1], int(sys.argv[2])
srv = socket.socket()
srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
srv.bind(("127.0.0.1", 0))
srv.listen(8)
srv.setblocking(False)
with open(portfile + ".tmp", "w") as f:
    f.write(str(srv.getsockname()[1]))
os.rename(portfile + ".tmp", portfile)

sel = selectors.DefaultSelector()
sel.register(srv, selectors.EVENT_READ)
peer = {}
cut_until = 0.0
cut_now = False


def on_usr1(sig, frame):
    global cut_now
    cut_now = True


signal.signal(signal.SIGUSR1, on_usr1)


def close(s):
    for x in (s, peer.pop(s, None)):
        if x is not None:
            peer.pop(x, None)
            try:
                sel.unregister(x)
            except (KeyError, ValueError):
                pass
            x.close()


while True:
    if cut_now:
        cut_now = False
        cut_until = time.monotonic() + 3
        for s in list(peer):
            close(s)
    try:
        events = sel.select(0.2)
    except InterruptedError:
        continue
    for key, _ in events:
        s = key.fileobj
        if s is srv:
            try:
                c, _ = srv.accept()
            except BlockingIOError:
                continue
            if time.monotonic() < cut_until:
                c.close()
                continue
            try:
                u = socket.create_connection(("127.0.0.1", target), 5)
            except OSError:
                c.close()
                continue
            peer[c], peer[u] = u, c
            sel.register(c, selectors.EVENT_READ)
            sel.register(u, selectors.EVENT_READ)
            continue
        if s not in peer:
            continue
        try:
            data = s.recv(65536)
        except OSError:
            data = b""
        if not data:
            close(s)
            continue
        try:
            peer[s].sendall(data)
        except OSError:
            close(s)
