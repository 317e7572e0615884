#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# CTF 2 field classes the corpus does not hold, in a hand-made trace
# (no packet header or context: the stream file is one packet; one event
# record class, no header): booleans, bit arrays, LEB128 integers
# (unsigned 624485 = e5 8e 26 and signed -123456 = c0 bb 78, the DWARF
# examples), a display base, optionals present and absent, a variant
# chosen by integer ranges, static- and dynamic-length strings (a
# relative length location), a BLOB, an alias, a structure's minimum
# alignment. The expected text is worked by hand from the bytes, in the
# forms of babeltrace2's sink.text.pretty (print.c: a present option in
# braces like a variant's option, an absent one `<none>`, a boolean
# `true`/`false`, a bit array `0xHEX`); babeltrace2 2.1's stored text of
# the CTF 2 corpus has none of these field classes.
. "$LTTV_SRCDIR/tests/lib/tap.sh"
. "$LTTV_SRCDIR/tests/ctf2/lib.sh"
LTTV="$LTTV_BUILDDIR/cli/lttv"
plan 5
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

str='{"type":"null-terminated-string"}'
payload='{"type":"structure","member-classes":[
 {"name":"b","field-class":{"type":"fixed-length-boolean","length":8,"byte-order":"little-endian","alignment":8}},
 {"name":"ba","field-class":{"type":"fixed-length-bit-array","length":8,"byte-order":"little-endian"}},
 {"name":"v","field-class":{"type":"variable-length-unsigned-integer"}},
 {"name":"s","field-class":{"type":"variable-length-signed-integer"}},
 {"name":"n","field-class":{"type":"fixed-length-unsigned-integer","length":8,"byte-order":"big-endian","alignment":8,"preferred-display-base":16}},
 {"name":"sel","field-class":'"$u8"'},
 {"name":"opt","field-class":{"type":"optional","field-class":'"$u8"',"selector-field-location":{"origin":"event-record-payload","path":["sel"]},"selector-field-ranges":[[1,1]]}},
 {"name":"opt2","field-class":{"type":"optional","field-class":'"$u8"',"selector-field-location":{"path":["sel"]},"selector-field-ranges":[[5,9]]}},
 {"name":"var","field-class":{"type":"variant","selector-field-location":{"origin":"event-record-payload","path":["sel"]},"options":[
   {"name":"a","field-class":'"$u8"',"selector-field-ranges":[[0,0]]},
   {"name":"b","field-class":'"$str"',"selector-field-ranges":[[1,3],[7,7]]}]}},
 {"name":"str","field-class":{"type":"static-length-string","length":4}},
 {"name":"len","field-class":'"$u8"'},
 {"name":"dstr","field-class":{"type":"dynamic-length-string","length-field-location":{"path":["len"]}}},
 {"name":"blob","field-class":{"type":"static-length-blob","length":2}},
 {"name":"al","field-class":"my-u16"},
 {"name":"st","field-class":{"type":"structure","minimum-alignment":32,"member-classes":[{"name":"x","field-class":'"$u8"'}]}}]}'
alias='{"type":"field-class-alias","name":"my-u16","field-class":{"type":"fixed-length-unsigned-integer","length":16,"byte-order":"little-endian","alignment":8}}'
erc='{"type":"event-record-class","name":"t","payload-field-class":'"$payload"'}'
mk_meta "$tmp/t" "$PREAMBLE" "$TRACE_CLASS" "$alias" "$DSC" "$erc"
# b ba | v | s | n sel opt | "hi\0" | "ab\0\0" | len "xy" | blob | al | pad | x
printf '\001\245\345\216\046\300\273\170\052\001\007hi\000ab\000\000\002xy\001\002\064\022\000\000\000\011' > "$tmp/t/stream"
want='t: { b = true, ba = 0xA5, v = 624485, s = -123456, n = 0x2A, sel = 1, opt = { 7 }, opt2 = <none>, var = { "hi" }, str = "ab", len = 2, dstr = "xy", blob = [ [0] = 0x1, [1] = 0x2 ], al = 4660, st = { x = 9 } }'
"$LTTV" dump "$tmp/t" > "$tmp/out" 2> "$tmp/err"; rc=$?
if [ $rc -eq 0 ] && [ "$(cat "$tmp/out")" = "$want" ]; then
  ok "every field class reads and prints"
else
  fail "exit $rc: $(cat "$tmp/out" "$tmp/err" | head -c 600)"
fi

# The same event with the selector at 0 (variant option a, no optional)
# and LEB128 values of one byte: 0x7f (127) and 0x7f signed (-1).
printf '\000\000\177\177\000\000\011ab\000\000\000\001\002\064\022\011' > "$tmp/t/stream"
want='t: { b = false, ba = 0x0, v = 127, s = -1, n = 0x0, sel = 0, opt = <none>, opt2 = <none>, var = { 9 }, str = "ab", len = 0, dstr = "", blob = [ [0] = 0x1, [1] = 0x2 ], al = 4660, st = { x = 9 } }'
"$LTTV" dump "$tmp/t" > "$tmp/out" 2> "$tmp/err"; rc=$?
if [ $rc -eq 0 ] && [ "$(cat "$tmp/out")" = "$want" ]; then
  ok "other options and one-byte LEB128 integers"
else
  fail "exit $rc: $(cat "$tmp/out" "$tmp/err" | head -c 600)"
fi

# A LEB128 integer of 11 bytes does not fit 64 bits: a data fault.
printf '\000\000\377\377\377\377\377\377\377\377\377\377\001' > "$tmp/t/stream"
"$LTTV" dump "$tmp/t" > "$tmp/out" 2> "$tmp/err"; rc=$?
if [ $rc -eq 1 ] && grep -q "^lttv: $tmp/t/stream: byte [0-9]*: .*longer than 64 bits" "$tmp/err"; then
  ok "an overlong LEB128 integer is refused"
else
  fail "exit $rc: $(head -c 300 "$tmp/err")"
fi

# An optional chosen by a boolean (no ranges) and a dynamic-length array
# whose length is a LEB128 integer.
opt='{"type":"event-record-class","name":"u","payload-field-class":{"type":"structure","member-classes":[
 {"name":"flag","field-class":{"type":"fixed-length-boolean","length":8,"byte-order":"little-endian","alignment":8}},
 {"name":"o","field-class":{"type":"optional","field-class":'"$u8"',"selector-field-location":{"origin":"event-record-payload","path":["flag"]}}},
 {"name":"n","field-class":{"type":"variable-length-unsigned-integer"}},
 {"name":"arr","field-class":{"type":"dynamic-length-array","length-field-location":{"origin":"event-record-payload","path":["n"]},"element-field-class":'"$u8"'}}]}}'
mk_meta "$tmp/u" "$PREAMBLE" "$DSC" "$opt"
printf '\001\005\003\012\013\014\000\000' > "$tmp/u/stream"
want='u: { flag = true, o = { 5 }, n = 3, arr = [ [0] = 10, [1] = 11, [2] = 12 ] }
u: { flag = false, o = <none>, n = 0, arr = [ ] }'
"$LTTV" dump "$tmp/u" > "$tmp/out" 2> "$tmp/err"; rc=$?
if [ $rc -eq 0 ] && [ "$(cat "$tmp/out")" = "$want" ]; then
  ok "an optional chosen by a boolean, an array sized by a LEB128 integer"
else
  fail "exit $rc: $(cat "$tmp/out" "$tmp/err" | head -c 600)"
fi

# A variant's selector must be an integer: a string is refused.
bad='{"type":"event-record-class","name":"v","payload-field-class":{"type":"structure","member-classes":[
 {"name":"s","field-class":{"type":"null-terminated-string"}},
 {"name":"v","field-class":{"type":"variant","selector-field-location":{"origin":"event-record-payload","path":["s"]},"options":[{"name":"a","field-class":'"$u8"',"selector-field-ranges":[[0,0]]}]}}]}}'
mk_meta "$tmp/v" "$PREAMBLE" "$DSC" "$bad"
"$LTTV" dump "$tmp/v" > "$tmp/out" 2> "$tmp/err"; rc=$?
if [ $rc -eq 1 ] && grep -q "^lttv: $tmp/v/metadata: metadata fragment 2 (byte 64): selector field 'event.fields.s' is not an integer" "$tmp/err"; then
  ok "a string selector is refused"
else
  fail "exit $rc: $(head -c 300 "$tmp/err")"
fi
finish
