#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Damaged .dat files: garbage, another tool's file, cut files, a CPU
# section of zero bytes, events whose format the file lacks. Each gets
# "lttv: PATH: ..." (with the byte where it can be told) and exit status
# 1, never a crash or a hang; what is readable is still printed. The
# damaged files are made here from tests/traces/ftrace/small.dat and its
# version 6 and uncompressed version 7 conversions (trace-cmd convert).
. "$LTTV_SRCDIR/tests/lib/tap.sh"
plan 18

lttv="$LTTV_BUILDDIR/cli/lttv"
dat="$LTTV_TEST_TRACES/ftrace/small.dat"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
XDG_CACHE_HOME="$tmp/cache"; export XDG_CACHE_HOME

# run NAME FILE: lttv dump --count; its output in $tmp/NAME.out/.err
run () {
  timeout 120 "$lttv" dump --count "$2" >"$tmp/$1.out" 2>"$tmp/$1.err"
  echo $? >"$tmp/$1.status"
  sed 's/^/# /' "$tmp/$1.err" | head -3
}
failed_with () {  # NAME PATTERN: exit 1, "lttv: FILE: ..." matching PATTERN
  [ "$(cat "$tmp/$1.status")" = 1 ] && grep -q "^lttv: .*$1.*: $2" "$tmp/$1.err" \
    && ! grep -q 'Sanitizer\|runtime error' "$tmp/$1.err"
}

head -c 3000 /dev/urandom >"$tmp/garbage.dat"
run garbage "$tmp/garbage.dat"
check "garbage: neither a trace folder nor a .dat file" failed_with garbage 'neither a trace folder nor a trace-cmd .dat file'

{ printf '\027\010\104tracing6\000\000\010\000\020\000\000'; head -c 5000 /dev/urandom; } >"$tmp/headgarbage.dat"
run headgarbage "$tmp/headgarbage.dat"
check "the magic then garbage: the byte where it goes wrong" failed_with headgarbage 'byte 18: no header_page section'

# A perf.data file's head (another tool's recording).
{ printf 'PERFILE2'; head -c 2000 /dev/zero; } >"$tmp/perf.data"
run perf "$tmp/perf.data"
check "perf.data: neither a trace folder nor a .dat file" failed_with perf 'neither a trace folder'

# Found by fuzzing: a buffer instance libtracecmd 1.3 cannot open, where
# it then crashes (tracecmd_buffer_instance_handle closes its half-made
# handle) or, in a sanitizer build, runs out of memory first. lttv
# converts in a process of its own: that one dies, lttv says so.
run instance "$LTTV_SRCDIR/tests/fuzz/regressions/ftrace/instance-handle-close.dat"
check "libtracecmd dying on a damaged instance: exit 1, a clear error" \
  sh -c "[ \"\$(cat '$tmp/instance.status')\" = 1 ] && grep -q '^lttv: .*instance-handle-close.dat: libtracecmd \(crashed\|failed\) reading it' '$tmp/instance.err'"

# Cut files: version 7 keeps its headers at the end, version 6 its data.
size=$(stat -c %s "$dat")
head -c $((size / 2)) "$dat" >"$tmp/cut7.dat"
run cut7 "$tmp/cut7.dat"
check "version 7 cut in half: its first section is outside the file" failed_with cut7 'byte 29: first section outside the file'

if ! command -v trace-cmd >/dev/null 2>&1 || ! command -v python3 >/dev/null 2>&1; then
  for i in 6 7 8 9 10 11 12 13 14 15 16 17 18; do skip "trace-cmd or python3 is missing"; done
  finish
fi
trace-cmd convert -i "$dat" -o "$tmp/v6.dat" --file-version 6 --compression none >/dev/null 2>&1
size=$(stat -c %s "$tmp/v6.dat")

# A CPU section of zero bytes: CPU 1's size in the flyrecord table.
# Events whose format is missing: sched_switch's ID line changed.
python3 - "$tmp/v6.dat" "$tmp/zero.dat" "$tmp/noformat.dat" <<'PY'
import struct, sys
d = open(sys.argv[1], 'rb').read()
k = d.index(b'flyrecord\0') + 10
z = bytearray(d)
z[k + 24:k + 32] = bytes(8)
open(sys.argv[2], 'wb').write(z)
i = d.index(b'name: sched_switch\nID: ') + len(b'name: sched_switch\nID: ')
j = d.index(b'\n', i)
u = bytearray(d)
u[i:j] = b'9' * (j - i)
open(sys.argv[3], 'wb').write(u)
PY
trace-cmd report -i "$tmp/v6.dat" >"$tmp/v6.report" 2>/dev/null
cpu0=$(grep -c '\[000\]' "$tmp/v6.report")
all=$(grep -vc '^cpus=' "$tmp/v6.report")
switches=$(grep -c ' sched_switch: ' "$tmp/v6.report")
# Version 6 cut in its CPU data: the events before the cut are read
# (libtracecmd refuses such a file whole). Cut where CPU 1's data begin:
# CPU 0's events, all of them. Cut 10 pages into CPU 1's data: as many
# as trace-cmd reports of the file cut there with its table saying so.
# Cut 100 bytes before the end: the byte and the CPU said.
eval "$(python3 - "$tmp/v6.dat" "$tmp/cutpage.dat" "$tmp/cutpage-table.dat" <<'PY'
import struct, sys
d = open(sys.argv[1], 'rb').read()
k = d.index(b'flyrecord\0') + 10
off1, size1 = struct.unpack('<QQ', d[k + 16:k + 32])
cut = off1 + 10 * 4096
open(sys.argv[2], 'wb').write(d[:cut])
t = bytearray(d[:cut])
t[k + 24:k + 32] = struct.pack('<Q', 10 * 4096)
open(sys.argv[3], 'wb').write(t)
print('cpu1_at=%d' % off1)
PY
)"
head -c "$cpu1_at" "$tmp/v6.dat" >"$tmp/cutcpu1.dat"
run cutcpu1 "$tmp/cutcpu1.dat"
check "version 6 cut where CPU 1's data begin: CPU 0's $cpu0 events read, the cut said" \
  sh -c "[ \"\$(cat '$tmp/cutcpu1.status')\" = 1 ] && [ \"\$(cat '$tmp/cutcpu1.out')\" = $cpu0 ] \
         && grep -q 'cutcpu1.dat: byte $cpu1_at: the file ends inside CPU 1.s data' '$tmp/cutcpu1.err'"
page=$(trace-cmd report -i "$tmp/cutpage-table.dat" 2>/dev/null | grep -vc '^cpus=')
run cutpage "$tmp/cutpage.dat"
check "version 6 cut 10 pages into CPU 1's data: the $page events trace-cmd reads there" \
  sh -c "[ \"\$(cat '$tmp/cutpage.out')\" = '$page' ] && [ '$page' -gt $cpu0 ]"
head -c $((size - 100)) "$tmp/v6.dat" >"$tmp/cut6.dat"
run cut6 "$tmp/cut6.dat"
check "version 6 cut 100 bytes before its end: the byte said, the events before read" \
  sh -c "[ \"\$(cat '$tmp/cut6.status')\" = 1 ] \
         && grep -q 'cut6.dat: byte $((size - 100)): the file ends inside CPU 1.s data' '$tmp/cut6.err' \
         && [ \"\$(cat '$tmp/cut6.out')\" -gt '$page' ] && [ \"\$(cat '$tmp/cut6.out')\" -lt $all ]"
# Version 7 cut after its first options: the tables of CPU data (written
# after the data) are lost; the data before the cut are read. Where the
# whole file's table puts CPU 1's data: CPU 0's events. Inside CPU 1's
# fifth compressed chunk: its first four chunks' pages, as many events as
# trace-cmd reports of the version 6 copy whose table ends CPU 1 there.
# The same cut in a version 7 copy not compressed. After the data, in
# the options holding their table: every event.
trace-cmd convert -i "$dat" -o "$tmp/v7n.dat" --file-version 7 --compression none >/dev/null 2>&1
eval "$(python3 - "$dat" "$tmp/v7n.dat" "$tmp/v6.dat" "$tmp" "$LTTV_SRCDIR/tests/ftrace" <<'PY'
import struct, sys
sys.dont_write_bytecode = True   # (nothing written into the source tree)
sys.path.insert(0, sys.argv[5])
from dat_v7 import buffer_tables
def buffer_table(d):
    # the top buffer's: the first
    p, _name, cpus = next(buffer_tables(d))
    return p, cpus
z = open(sys.argv[1], 'rb').read()
opts, cpus = buffer_table(z)
off1 = cpus[1][1]
p, pages = off1 + 4, 0
for i in range(4):
    c, u = struct.unpack('<II', z[p:p + 8])
    p, pages = p + 8 + c, pages + u // 4096
open(sys.argv[4] + '/cut7cpu1.dat', 'wb').write(z[:off1])
open(sys.argv[4] + '/cut7chunk.dat', 'wb').write(z[:p + 100])
open(sys.argv[4] + '/cut7opts.dat', 'wb').write(z[:opts + 40])
n = open(sys.argv[2], 'rb').read()
nopts, ncpus = buffer_table(n)
open(sys.argv[4] + '/cut7n.dat', 'wb').write(n[:ncpus[1][1] + pages * 4096 + 100])
d = bytearray(open(sys.argv[3], 'rb').read())
k = d.index(b'flyrecord\0') + 10
o1 = struct.unpack('<Q', d[k + 16:k + 24])[0]
d[k + 24:k + 32] = struct.pack('<Q', pages * 4096)
open(sys.argv[4] + '/cut7chunk-table.dat', 'wb').write(d[:o1 + pages * 4096])
print('cut7_cpu1_at=%d cut7_chunk_at=%d' % (off1, p + 100))
PY
)"
run cut7cpu1 "$tmp/cut7cpu1.dat"
check "version 7 cut where CPU 1's data begin: CPU 0's $cpu0 events read, the cut said" \
  sh -c "[ \"\$(cat '$tmp/cut7cpu1.status')\" = 1 ] && [ \"\$(cat '$tmp/cut7cpu1.out')\" = $cpu0 ] \
         && grep -q 'cut7cpu1.dat: byte $cut7_cpu1_at: the file ends before CPU 1.s data' '$tmp/cut7cpu1.err'"
chunk=$(trace-cmd report -i "$tmp/cut7chunk-table.dat" 2>/dev/null | grep -vc '^cpus=')
run cut7chunk "$tmp/cut7chunk.dat"
check "version 7 cut in CPU 1's fifth compressed chunk: the $chunk events trace-cmd reads of its first four" \
  sh -c "[ \"\$(cat '$tmp/cut7chunk.out')\" = '$chunk' ] && [ '$chunk' -gt $cpu0 ] \
         && grep -q 'cut7chunk.dat: byte $cut7_chunk_at: the file ends inside CPU 1.s data' '$tmp/cut7chunk.err'"
run cut7n "$tmp/cut7n.dat"
check "the same cut, not compressed: the same $chunk events" \
  sh -c "[ \"\$(cat '$tmp/cut7n.status')\" = 1 ] && [ \"\$(cat '$tmp/cut7n.out')\" = '$chunk' ] \
         && grep -q 'cut7n.dat: byte [0-9]*: the file ends inside CPU 1.s data' '$tmp/cut7n.err'"
run cut7opts "$tmp/cut7opts.dat"
check "version 7 cut in the table after the data: all $all events, the cut said" \
  sh -c "[ \"\$(cat '$tmp/cut7opts.status')\" = 1 ] && [ \"\$(cat '$tmp/cut7opts.out')\" = $all ] \
         && grep -q 'cut7opts.dat: byte [0-9]*: the file ends after CPU data, before their table' '$tmp/cut7opts.err'"
size7=$(stat -c %s "$dat")
head -c $((size7 - 20)) "$dat" >"$tmp/cut7end.dat"
run cut7end "$tmp/cut7end.dat"
check "version 7 cut 20 bytes before its end (its strings): all $all events, the cut said" \
  sh -c "[ \"\$(cat '$tmp/cut7end.status')\" = 1 ] && [ \"\$(cat '$tmp/cut7end.out')\" = $all ] \
         && grep -q 'cut7end.dat: byte $((size7 - 20)): the file ends inside its section' '$tmp/cut7end.err'"
check "no sanitizer report on the cut files" \
  sh -c "! cat '$tmp'/cut7*.err | grep -q 'Sanitizer\|runtime error'"
run zero "$tmp/zero.dat"
check "a CPU section of zero bytes: said, and CPU 0's $cpu0 events still read" \
  sh -c "[ \"\$(cat '$tmp/zero.status')\" = 1 ] && grep -q 'CPU 1: no event readable, where the file.s statistics say' '$tmp/zero.err' && [ \"\$(cat '$tmp/zero.out')\" = $cpu0 ]"
run noformat "$tmp/noformat.dat"
check "events without a format: the byte and id said" \
  sh -c "[ \"\$(cat '$tmp/noformat.status')\" = 1 ] && grep -q 'noformat.dat: byte [0-9]*: event id [0-9]* has no format in the file' '$tmp/noformat.err'"
check "and the $((all - switches)) other events still read" [ "$(cat "$tmp/noformat.out")" = "$((all - switches))" ]
# The second open reads the converted copy: the same problems again.
run noformat2 "$tmp/noformat.dat"
check "reopened from the cache: the same count and problems" \
  sh -c "cmp -s '$tmp/noformat.out' '$tmp/noformat2.out' && cmp -s '$tmp/noformat.err' '$tmp/noformat2.err'"
finish
