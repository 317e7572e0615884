#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# CTF 2 strings in UTF-16 and UTF-32 (either byte order) print as UTF-8:
# static- and dynamic-length ones up to their first U+0000, null-terminated
# ones up to their first zero code unit (not a zero byte pair across two
# units); an invalid unit (a lone surrogate) prints U+FFFD and the text
# goes on; a string without its end is a data error; an unknown encoding
# is refused, naming the fragment. Expected text worked by hand.
. "$LTTV_SRCDIR/tests/lib/tap.sh"
. "$LTTV_SRCDIR/tests/ctf2/lib.sh"
LTTV="$LTTV_BUILDDIR/cli/lttv"
plan 4
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

sls () { echo '{"type":"static-length-string","length":'"$1"',"encoding":"'"$2"'"}'; }
payload='{"type":"structure","member-classes":[
 {"name":"a","field-class":'"$(sls 6 utf-16le)"'},
 {"name":"b","field-class":'"$(sls 8 utf-16be)"'},
 {"name":"len","field-class":'"$u8"'},
 {"name":"c","field-class":{"type":"dynamic-length-string","encoding":"utf-32le","length-field-location":{"path":["len"]}}},
 {"name":"d","field-class":'"$(sls 4 utf-32be)"'},
 {"name":"e","field-class":'"$(sls 4 utf-16le)"'},
 {"name":"f","field-class":'"$(sls 4 utf-16be)"'}]}'
erc='{"type":"event-record-class","name":"t","payload-field-class":'"$payload"'}'
mk_meta "$tmp/t" "$PREAMBLE" "$TRACE_CLASS" "$DSC" "$erc"
# a: 68 00 e9 00 00 00   "h" "é" U+0000 (the end)
# b: d8 3d de 00 00 21 00 00   U+1F600 as a surrogate pair, "!", U+0000
# len: 8 (bytes)   c: 41 00 00 00 ac 20 00 00   "A" "€"
# d: 00 00 00 7a   "z"
# e: 00 dc 78 00   a low surrogate alone (U+FFFD), "x"
# f: 00 41 d8 00   "A", a high surrogate with nothing after (U+FFFD)
printf '\150\000\351\000\000\000\330\075\336\000\000\041\000\000\010\101\000\000\000\254\040\000\000\000\000\000\172\000\334\170\000\000\101\330\000' > "$tmp/t/stream"
want='t: { a = "hé", b = "😀!", len = 8, c = "A€", d = "z", e = "�x", f = "A�" }'
"$LTTV" dump "$tmp/t" > "$tmp/out" 2> "$tmp/err"; rc=$?
if [ $rc -eq 0 ] && [ "$(cat "$tmp/out")" = "$want" ]; then
  ok "UTF-16 and UTF-32 strings print as UTF-8"
else
  fail "exit $rc: $(cat "$tmp/out" "$tmp/err" | head -c 600)"
fi

# Null-terminated: n1 in UTF-16LE is 00 01 (U+0100) 41 00 ("A") 00 00;
# a byte scan would end it at the zero pair of bytes 3-4. n2 in UTF-32BE
# is 00 00 00 e9 ("é") then a zero unit; n3 (UTF-16BE) is empty: 00 00.
nts () { echo '{"type":"null-terminated-string","encoding":"'"$1"'"}'; }
erc='{"type":"event-record-class","name":"t","payload-field-class":{"type":"structure","member-classes":[
 {"name":"n1","field-class":'"$(nts utf-16le)"'},
 {"name":"n2","field-class":'"$(nts utf-32be)"'},
 {"name":"n3","field-class":'"$(nts utf-16be)"'},
 {"name":"x","field-class":'"$u8"'}]}}'
mk_meta "$tmp/n" "$PREAMBLE" "$TRACE_CLASS" "$DSC" "$erc"
printf '\000\001\101\000\000\000\000\000\000\351\000\000\000\000\000\000\052' > "$tmp/n/stream"
want='t: { n1 = "ĀA", n2 = "é", n3 = "", x = 42 }'
"$LTTV" dump "$tmp/n" > "$tmp/out" 2> "$tmp/err"; rc=$?
if [ $rc -eq 0 ] && [ "$(cat "$tmp/out")" = "$want" ]; then
  ok "null-terminated UTF-16 and UTF-32 strings end at a zero code unit"
else
  fail "exit $rc: $(cat "$tmp/out" "$tmp/err" | head -c 600)"
fi
# Without its zero unit (41 00 then one byte): a data error naming it.
printf '\101\000\000' > "$tmp/n/stream"
"$LTTV" dump "$tmp/n" > "$tmp/out" 2> "$tmp/err"; rc=$?
if [ $rc -ne 0 ] && grep -q "^lttv: $tmp/n/stream: .*terminating null code unit" "$tmp/err"; then
  ok "an unterminated UTF-16 string is a data error: $(head -c 200 "$tmp/err")"
else
  fail "unterminated: exit $rc: $(cat "$tmp/out" "$tmp/err" | head -c 300)"
fi

# refused NAME ENCODING FIELD-CLASS-TYPE MESSAGE-PART
refused () {
  erc='{"type":"event-record-class","name":"t","payload-field-class":{"type":"structure","member-classes":[{"name":"s","field-class":{"type":"'"$3"'","length":2,"encoding":"'"$2"'"}}]}}'
  mk_meta "$tmp/$1" "$PREAMBLE" "$TRACE_CLASS" "$DSC" "$erc"
  : > "$tmp/$1/stream"
  "$LTTV" dump "$tmp/$1" > /dev/null 2> "$tmp/err"; rc=$?
  if [ $rc -ne 0 ] && grep -q "metadata fragment 3 (byte [0-9]*): .*$4" "$tmp/err"; then
    ok "$1 is refused: $(head -c 200 "$tmp/err")"
  else
    fail "$1: exit $rc: $(head -c 300 "$tmp/err")"
  fi
}
refused "an unknown encoding" utf-7 static-length-string "encoding 'utf-7' is not supported"
finish
