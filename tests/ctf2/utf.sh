#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# CTF 2 static- and dynamic-length strings in UTF-16 and UTF-32 (either
# byte order) print as UTF-8, up to their first U+0000; an invalid unit
# (a lone surrogate) prints U+FFFD and the text goes on. A null-terminated
# string in UTF-16/32 and an unknown encoding are still refused, naming
# the fragment. The expected text is worked by hand from the bytes.
. "$LTTV_SRCDIR/tests/lib/tap.sh"
. "$LTTV_SRCDIR/tests/ctf2/lib.sh"
LTTV="$LTTV_BUILDDIR/cli/lttv"
plan 3
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
refused "a null-terminated UTF-16 string" utf-16le null-terminated-string "encoding 'utf-16le' is not supported"
refused "an unknown encoding" utf-7 static-length-string "encoding 'utf-7' is not supported"
finish
