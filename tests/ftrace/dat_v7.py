# SPDX-License-Identifier: GPL-2.0-or-later
"""A trace-cmd version 7 .dat file's sections and buffer tables, for the
tests that cut such files where they want: read from the layout that
trace-cmd.dat.v7(5) gives, apart from the reader under test."""
import struct


def sections(d):
    """(offset, id, size) of each section after the file's header."""
    # magic and "tracing" (10 bytes), the version string, then the
    # endianness, the size of a long and the page size (6 bytes)
    at = d.index(b'\0', 10) + 7
    # the compression's name and version, then the first options' offset
    at = d.index(b'\0', d.index(b'\0', at) + 1) + 1
    p = at + 8
    while p + 16 <= len(d):
        sid, _flags, _desc, size = struct.unpack('<HHIQ', d[p:p + 16])
        yield p, sid, size
        p += 16 + size


def buffer_tables(d):
    """(options section's offset, buffer name ('' for the top one),
    [(cpu, data offset, data size)]) of each BUFFER option, in order."""
    for p, sid, size in sections(d):
        if sid != 0:
            continue
        q = p + 16
        while q < p + 16 + size:
            oid, osz = struct.unpack('<HI', d[q:q + 6])
            if oid == 3:
                o = d[q + 6:q + 6 + osz]
                name_end = o.index(b'\0', 8)
                k = o.index(b'\0', name_end + 1) + 1   # after the clock's name
                n = struct.unpack('<I', o[k + 4:k + 8])[0]
                cpus = [struct.unpack('<IQQ', o[k + 8 + 20 * i:k + 28 + 20 * i]) for i in range(n)]
                yield p, o[8:name_end].decode(), cpus
            q += 6 + osz
