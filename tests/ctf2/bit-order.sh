#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# CTF 2 bit orders other than the byte order's default (first-to-last for
# little-endian, last-to-first for big-endian): the field's bits, read as
# in the default order, are reversed (CTF2-SPEC-2.0's bit-order; yactfr,
# its author's reader, does the same). Hand-made trace, values worked by
# hand from the bytes:
#   a  u8  LE last-to-first   01          -> 1000 0000           = 128
#   b  u16 BE first-to-last   12 34       -> 0x1234 reversed
#                                            0010 1100 0100 1000 = 11336
#   c  s4  LE last-to-first   low nibble of 31: 0001 -> 1000     = -8
#   d  u4  LE (default)       high nibble of 31                  = 3
#   e  bit array 8, LE l-t-f  A0: 1010 0000 -> 0000 0101         = 0x5
#   f  u8  BE last-to-first (its default, said explicitly)  01   = 1
#   g  float 32 LE l-t-f      FC 01 00 00: 0x000001FC reversed
#                                            = 0x3F800000        = 1
#   h  two u8 LE l-t-f        01 02 -> 0x80, 0x40                = 128, 64
# and a bit order that is neither is refused.
. "$LTTV_SRCDIR/tests/lib/tap.sh"
. "$LTTV_SRCDIR/tests/ctf2/lib.sh"
LTTV="$LTTV_BUILDDIR/cli/lttv"
plan 2
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

rev='"byte-order":"little-endian","bit-order":"last-to-first"'
u8r='{"type":"fixed-length-unsigned-integer","length":8,'"$rev"'}'
payload='{"type":"structure","member-classes":[
 {"name":"a","field-class":'"$u8r"'},
 {"name":"b","field-class":{"type":"fixed-length-unsigned-integer","length":16,"byte-order":"big-endian","bit-order":"first-to-last"}},
 {"name":"c","field-class":{"type":"fixed-length-signed-integer","length":4,'"$rev"'}},
 {"name":"d","field-class":{"type":"fixed-length-unsigned-integer","length":4,"byte-order":"little-endian"}},
 {"name":"e","field-class":{"type":"fixed-length-bit-array","length":8,'"$rev"'}},
 {"name":"f","field-class":{"type":"fixed-length-unsigned-integer","length":8,"byte-order":"big-endian","bit-order":"last-to-first"}},
 {"name":"g","field-class":{"type":"fixed-length-floating-point-number","length":32,'"$rev"'}},
 {"name":"h","field-class":{"type":"static-length-array","length":2,"element-field-class":'"$u8r"'}}]}'
erc='{"type":"event-record-class","name":"t","payload-field-class":'"$payload"'}'
mk_meta "$tmp/t" "$PREAMBLE" "$TRACE_CLASS" "$DSC" "$erc"
printf '\001\022\064\061\240\001\374\001\000\000\001\002' > "$tmp/t/stream"
want='t: { a = 128, b = 11336, c = -8, d = 3, e = 0x5, f = 1, g = 1, h = [ [0] = 128, [1] = 64 ] }'
"$LTTV" dump "$tmp/t" > "$tmp/out" 2> "$tmp/err"; rc=$?
if [ $rc -eq 0 ] && [ "$(cat "$tmp/out")" = "$want" ]; then
  ok "fields in the other bit order read reversed"
else
  fail "exit $rc: $(cat "$tmp/out" "$tmp/err" | head -c 600)"
fi

bad='{"type":"event-record-class","name":"t","payload-field-class":{"type":"structure","member-classes":[
 {"name":"a","field-class":{"type":"fixed-length-unsigned-integer","length":8,"byte-order":"little-endian","bit-order":"middle-out"}}]}}'
mk_meta "$tmp/b" "$PREAMBLE" "$DSC" "$bad"
: > "$tmp/b/stream"
"$LTTV" dump "$tmp/b" > "$tmp/out" 2> "$tmp/err"; rc=$?
if [ $rc -eq 1 ] && grep -q "^lttv: $tmp/b/metadata: metadata fragment 2 (byte [0-9]*): unknown bit order 'middle-out'" "$tmp/err"; then
  ok "an unknown bit order is refused"
else
  fail "exit $rc: $(head -c 300 "$tmp/err")"
fi
finish
