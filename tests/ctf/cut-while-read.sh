#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Stream files cut while `lttv` reads them (issue #30: it died of SIGBUS,
# exit 135, as babeltrace2 does). Each command reads a copy of
# many-threads and is held at a known point while the test cuts every
# stream file: `dump` writes into a FIFO the test does not read yet;
# `state` and `stats` stop themselves at the state build's first check
# (LTTV_TEST_STOP_BUILD). Then: exit status 1, `lttv: PATH: byte N: the
# file was cut to SIZE bytes ...`, and what was read before is printed
# (dump's lines are babeltrace2's first lines of the untouched trace).
. "$LTTV_SRCDIR/tests/lib/tap.sh"
LTTV="$LTTV_BUILDDIR/cli/lttv"
T="$LTTV_TEST_TRACES/lttng-kernel/many-threads"
[ -d "$T" ] || skip_all "no shared traces folder ($LTTV_TEST_TRACES)"
[ -n "$BABELTRACE2" ] && [ -x "$BABELTRACE2" ] || skip_all "babeltrace2 is not installed"
export TZ="${TZ:-UTC}"

plan 7
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
"$BABELTRACE2" "$T" > "$tmp/bt" 2>/dev/null

fresh () { rm -rf "$tmp/t"; cp -r "$T" "$tmp/t"; chmod -R u+w "$tmp/t"; }
cut_all () { for f in "$tmp"/t/channel*; do truncate -s "$1" "$f"; done; }

# verdict NAME RC SIZE: the exit status, the message, no sanitizer report.
verdict () {
  if [ "$2" -ne 1 ]; then
    fail "$1: exit status $2, expected 1: $(head -c 300 "$tmp/err")"
  elif grep -q 'AddressSanitizer\|runtime error' "$tmp/err"; then
    fail "$1: $(grep -m1 'AddressSanitizer\|runtime error' "$tmp/err")"
  elif ! grep -Eq "^lttv: $tmp/t/channel0_[0-9]: byte [0-9]+: the file was cut to $3 bytes while it was read" "$tmp/err"; then
    fail "$1: no 'lttv: PATH: byte N: the file was cut' line: $(head -c 300 "$tmp/err")"
  else
    return 0
  fi
  return 1
}

# dump_cut SIZE [ENV...]: dump held by its full FIFO while the files are cut.
dump_cut () {
  size=$1; shift
  fresh; rm -f "$tmp/fifo"; mkfifo "$tmp/fifo"
  env "$@" "$LTTV" dump "$tmp/t" > "$tmp/fifo" 2> "$tmp/err" & pid=$!
  exec 3< "$tmp/fifo"
  dd bs=1 count=1 <&3 > "$tmp/out" 2>/dev/null
  cut_all "$size"
  cat <&3 >> "$tmp/out"
  exec 3<&-
  wait $pid; rc=$?
  name="dump, files cut to $size $*"
  verdict "$name" $rc "$size" || return
  n=$(wc -l < "$tmp/out")
  # (babeltrace2 2.0.4 shows one stale empty string in it: cli.md)
  d=$(head -n "$n" "$tmp/bt" | diff - "$tmp/out" | grep -c '^>')
  if [ "$n" -lt 1 ] || [ "$n" -ge 240644 ]; then
    fail "$name: $n events printed"
  elif [ "$d" -gt 1 ]; then
    fail "$name: $d of its $n lines are not babeltrace2's"
  else
    ok "$name: $n events as babeltrace2's, then: $(grep -m1 cut "$tmp/err" | sed "s|$tmp/||")"
  fi
}

dump_cut 4096
dump_cut 300000
dump_cut 0 LTTV_NO_PACKET_COPY=1

# build_cut COMMAND: stopped at the build's first check while cut.
build_cut () {
  fresh
  LTTV_TEST_STOP_BUILD=1 "$LTTV" "$1" --no-cache "$tmp/t" > "$tmp/out" 2> "$tmp/err" & pid=$!
  i=0
  while [ "$(sed 's/.*) //' /proc/$pid/stat 2>/dev/null | cut -c1)" != T ] && [ $i -lt 600 ]; do
    sleep 0.1; i=$((i + 1))
  done
  cut_all 4096
  kill -CONT $pid
  wait $pid; rc=$?
  verdict "$1, files cut while the state is built" $rc 4096 || return
  if [ ! -s "$tmp/out" ]; then
    fail "$1: nothing printed of what was read before the cut"
  else
    ok "$1, files cut while the state is built: $(wc -l < "$tmp/out") lines printed, then the cut"
  fi
}

build_cut state
build_cut stats

# A session still recording: the last packet of a stream cut short when
# the trace opens (no index: babeltrace2 refuses the file whole). Its
# events up to the cut are read, the one the cut goes through is not.
fresh; rm -rf "$tmp/t/index"; truncate -s 300000 "$tmp/t/channel0_0"
"$LTTV" dump "$tmp/t" > "$tmp/out" 2> "$tmp/err"; rc=$?
n=$(wc -l < "$tmp/out")
d=$(head -n "$n" "$tmp/bt" | diff - "$tmp/out" | grep -c '^>')
if [ $rc -ne 1 ] || ! grep -Eq "^lttv: $tmp/t/channel0_0: byte [0-9]+: the file ends inside this event" "$tmp/err"; then
  fail "last packet cut short: exit status $rc: $(head -c 300 "$tmp/err")"
elif [ "$n" -lt 1000 ] || [ "$d" -gt 1 ]; then
  fail "last packet cut short: $n events printed, $d not babeltrace2's"
else
  ok "last packet cut short: $n events as babeltrace2's, then the cut"
fi
# ... and its packetized metadata cut inside a packet: the whole packets
# are read up to their last whole declaration, and the cut said first;
# events of classes declared after it end the reading (unknown id).
fresh; truncate -s 200000 "$tmp/t/metadata"
"$LTTV" dump "$tmp/t" > "$tmp/out" 2> "$tmp/err"; rc=$?
n=$(wc -l < "$tmp/out")
if [ $rc -ne 1 ] || ! head -1 "$tmp/err" | grep -Eq "^lttv: $tmp/t/metadata: byte [0-9]+: the file ends inside a metadata packet"; then
  fail "metadata cut short: exit status $rc: $(head -c 300 "$tmp/err")"
elif [ "$n" -lt 1 ] || ! head -n "$n" "$tmp/bt" | cmp -s - "$tmp/out"; then
  fail "metadata cut short: $n events printed, not babeltrace2's first"
else
  ok "metadata cut short: read, $n events as babeltrace2's, then: $(sed -n 2p "$tmp/err" | sed "s|$tmp/||")"
fi
finish
