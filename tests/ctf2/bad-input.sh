#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Bad CTF 2 input: the ctf2/fail traces and hand-made faults are refused
# with `lttv: PATH: metadata fragment N (byte B): WHAT` (metadata) or
# `lttv: PATH: byte B: WHAT` (data), exit status 1 (cli.md); the events
# before a data fault are still printed; no crash (the sanitizer build
# aborts on any memory error). Fragment indexes count from 0; byte
# offsets are worked from the fragments' lengths (a fragment is 0x1e,
# its JSON, a newline: the preamble's 31 bytes take bytes 0-32).
. "$LTTV_SRCDIR/tests/lib/tap.sh"
. "$LTTV_SRCDIR/tests/ctf2/lib.sh"
LTTV="$LTTV_BUILDDIR/cli/lttv"
T="$LTTV_TEST_TRACES"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fails=""
for d in "$T"/ctf2/fail/*; do [ -d "$d" ] && fails="$fails $d"; done
n=0; for d in $fails; do n=$((n + 1)); done
plan $((n + 14))

# check NAME DIR EXPECTED-MESSAGE-REGEX: dump exits 1 with that message
check () {
  "$LTTV" dump "$2" > "$tmp/out" 2> "$tmp/err"; rc=$?
  msg=$(grep '^lttv: ' "$tmp/err" | head -1)
  if [ $rc -ne 1 ]; then
    fail "$1: exit status $rc, expected 1: $(head -c 300 "$tmp/err")"
  elif grep -q 'AddressSanitizer\|runtime error' "$tmp/err"; then
    fail "$1: $(grep -m1 'AddressSanitizer\|runtime error' "$tmp/err")"
  elif ! printf '%s\n' "$msg" | grep -Eq "$3"; then
    fail "$1: message '$msg' does not match '$3'"
  else
    ok "$1: ${msg#lttv: "$tmp"/}"
  fi
}

for d in $fails; do
  check "${d#"$T"/}" "$d" "^lttv: $d/[a-z]+: (metadata fragment [0-9]+ \(byte [0-9]+\)|byte [0-9]+): .+"
done

str='{"type":"null-terminated-string"}'
erc='{"type":"event-record-class","name":"t","payload-field-class":{"type":"structure","member-classes":[{"name":"s","field-class":'"$str"'}]}}'

mk_meta "$tmp/json" "$PREAMBLE" '{"type":"trace-class",'
check "malformed JSON" "$tmp/json" \
  "^lttv: $tmp/json/metadata: metadata fragment 1 \(byte 34\): malformed JSON"

mk_meta "$tmp/nopre" "$TRACE_CLASS" "$DSC"
check "no preamble" "$tmp/nopre" \
  "^lttv: $tmp/nopre/metadata: metadata fragment 0 \(byte 1\): the first fragment must be the preamble"

mk_meta "$tmp/nodsc" "$PREAMBLE" "$TRACE_CLASS"
check "no data stream class" "$tmp/nodsc" \
  "^lttv: $tmp/nodsc/metadata: metadata fragment 1 \(byte [0-9]+\): .*without a data stream class"

# the second data stream class (byte 33 + 30) has the same id, 0
mk_meta "$tmp/twice" "$PREAMBLE" "$DSC" "$DSC"
check "contradictory fragments" "$tmp/twice" \
  "^lttv: $tmp/twice/metadata: metadata fragment 2 \(byte 64\): data stream class 0 declared twice"

mk_meta "$tmp/nosc" "$PREAMBLE" "$DSC" '{"type":"event-record-class","data-stream-class-id":3}'
check "event record class of an unknown stream class" "$tmp/nosc" \
  "^lttv: $tmp/nosc/metadata: metadata fragment 2 \(byte 64\): .*data stream class 3"

loc='{"type":"event-record-class","name":"t","payload-field-class":{"type":"structure","member-classes":[{"name":"s","field-class":{"type":"dynamic-length-string","length-field-location":{"origin":"event-record-payload","path":["nope"]}}}]}}'
mk_meta "$tmp/loc" "$PREAMBLE" "$DSC" "$loc"
check "field location pointing nowhere" "$tmp/loc" \
  "^lttv: $tmp/loc/metadata: metadata fragment 2 \(byte 64\): .*'event.fields.nope' not found"

# A bit order other than first-to-last and last-to-first is refused,
# naming it and the fragment (the other bit order is read: bit-order.sh).
bo='{"type":"event-record-class","name":"t","payload-field-class":{"type":"structure","member-classes":[{"name":"x","field-class":{"type":"fixed-length-unsigned-integer","length":4,"byte-order":"little-endian","bit-order":"sideways"}}]}}'
mk_meta "$tmp/bo" "$PREAMBLE" "$DSC" "$bo"
check "unknown bit order" "$tmp/bo" \
  "^lttv: $tmp/bo/metadata: metadata fragment 2 \(byte 64\): unknown bit order 'sideways'"

mk_meta "$tmp/ext" '{"type":"preamble","version":2,"extensions":{"example.org,2026":{"must":{}}}}' "$DSC"
check "unknown required extension" "$tmp/ext" \
  "^lttv: $tmp/ext/metadata: metadata fragment 0 \(byte 1\): .*extension.*example.org,2026"

mk_meta "$tmp/v3" '{"type":"preamble","version":3}' "$DSC"
check "CTF version 3" "$tmp/v3" \
  "^lttv: $tmp/v3/metadata: metadata fragment 0 \(byte 1\): CTF version 3"

mk_meta "$tmp/ftype" "$PREAMBLE" "$DSC" '{"type":"event-record-class","payload-field-class":{"type":"structure","member-classes":[{"name":"x","field-class":{"type":"fixed-length-integer"}}]}}'
check "unknown field class type" "$tmp/ftype" \
  "^lttv: $tmp/ftype/metadata: metadata fragment 2 \(byte 64\): unknown field class type 'fixed-length-integer'"

# a truncated data stream: two events, then a string without its NUL
# (byte 7 of the stream)
mk_meta "$tmp/cut" "$PREAMBLE" "$DSC" "$erc"
printf 'ab\000cd\000ef' > "$tmp/cut/stream"
check "truncated data stream" "$tmp/cut" \
  "^lttv: $tmp/cut/stream: byte 6: string without its terminating NUL"
if [ "$(cat "$tmp/out")" = 't: { s = "ab" }
t: { s = "cd" }' ]; then
  ok "truncated data stream: the events before the fault are printed"
else
  fail "truncated data stream: printed $(head -c 200 "$tmp/out")"
fi

# metadata cut inside its last fragment (no closing newline: RFC 7464),
# as while a tracer writes it: the fragments before are read, and said
mk_meta "$tmp/mcut" "$PREAMBLE" "$DSC" "$erc"
printf '\036{"type":"event-record-class","id":1,"na' >> "$tmp/mcut/metadata"
printf 'ab\000' > "$tmp/mcut/stream"
check "metadata cut inside a fragment" "$tmp/mcut" \
  "^lttv: $tmp/mcut/metadata: metadata fragment 3 \(byte [0-9]+\): the file ends inside this fragment"
if [ "$(cat "$tmp/out")" = 't: { s = "ab" }' ]; then
  ok "metadata cut inside a fragment: the events are read"
else
  fail "metadata cut inside a fragment: printed $(head -c 200 "$tmp/out")"
fi
finish
