#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Damaged copies of a real trace (made in a temporary folder, never in the
# shared one): a truncated stream file, a zeroed packet, garbage bytes.
# Each exits 1 with `lttv: PATH: byte N: WHAT`, and the events before the
# fault are printed exactly as from the intact trace.
. "$LTTV_SRCDIR/tests/lib/tap.sh"
LTTV="$LTTV_BUILDDIR/cli/lttv"
SRC="$LTTV_TEST_TRACES/lttng-kernel/many-threads"
[ -d "$SRC" ] || skip_all "no shared traces folder ($LTTV_TEST_TRACES)"
plan 9
tmp=$(mktemp -d); trap 'chmod -R u+w "$tmp"; rm -rf "$tmp"' EXIT
export TZ=UTC
"$LTTV" dump "$SRC" > "$tmp/full"

copy () { rm -rf "$tmp/t"; mkdir "$tmp/t"; cp "$SRC/metadata" "$SRC"/channel0_* "$tmp/t/"; chmod u+w "$tmp/t"/*; }

# prefix_ok OUT: the output is the start of the intact trace's dump
prefix_ok () { cmp -s -n "$(wc -c < "$1")" "$1" "$tmp/full"; }

check_case () {
  what=$1
  "$LTTV" dump "$tmp/t" > "$tmp/out" 2> "$tmp/err"; rc=$?
  msg=$(head -1 "$tmp/err")
  check "$what: exit status 1 (got $rc)" test $rc -eq 1
  if printf '%s\n' "$msg" | grep -Eq "^lttv: $tmp/t/channel0_[0-9]+: byte [0-9]+: .+"; then
    ok "$what: message names file, byte offset and fault: ${msg#lttv: $tmp/t/}"
  else
    fail "$what: bad message: $msg"
  fi
  lines=$(wc -l < "$tmp/out")
  # $2 = 1: the last event may lie partly in the damaged bytes
  if [ "${2:-0}" = 1 ]; then head -n -1 "$tmp/out" > "$tmp/out1"; mv "$tmp/out1" "$tmp/out"; fi
  if [ "$lines" -gt 0 ] && prefix_ok "$tmp/out"; then
    ok "$what: $lines events before the fault printed as from the intact trace"
  else
    fail "$what: events before the fault missing or different ($lines lines)"
  fi
}

copy
size=$(stat -c %s "$tmp/t/channel0_1")
truncate -s $((size / 2 + 123)) "$tmp/t/channel0_1"
check_case "truncated stream file"

copy
# zero the third packet's header (packets of this stream are 4 KiB..)
off=$(od -An -tu8 -j $((16 + 2 * 56)) -N 8 --endian=big "$SRC/index/channel0_2.idx" | tr -d ' ')
dd if=/dev/zero of="$tmp/t/channel0_2" bs=1 seek="$off" count=64 conv=notrunc 2>/dev/null
check_case "zeroed packet header"

copy
# garbage over the end of the first packet of channel0_3: event ids
# 0xffff... (no such event) and sizes past the packet end
head -c 4096 /dev/zero | tr '\0' '\377' > "$tmp/g"
off=$(od -An -tu8 -j $((16 + 2 * 56)) -N 8 --endian=big "$SRC/index/channel0_3.idx" | tr -d ' ')
dd if="$tmp/g" of="$tmp/t/channel0_3" bs=1 seek=$((off - 4096)) count=4096 conv=notrunc 2>/dev/null
check_case "garbage bytes in a packet" 1
finish
