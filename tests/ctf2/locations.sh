#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# CTF 2 field locations: a null path element is the parent structure (it
# climbs out of the current structure, or cancels the name before it), and
# member names may hold a '.'. Expected text worked by hand from the bytes.
. "$LTTV_SRCDIR/tests/lib/tap.sh"
. "$LTTV_SRCDIR/tests/ctf2/lib.sh"
LTTV="$LTTV_BUILDDIR/cli/lttv"
plan 3
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# erc LENGTH-LOCATION-OF-s ARR-LOCATION: the event record class
erc () {
  echo '{"type":"event-record-class","name":"t","payload-field-class":{"type":"structure","member-classes":[
 {"name":"a.b","field-class":'"$u8"'},
 {"name":"in","field-class":{"type":"structure","member-classes":[
   {"name":"a.b","field-class":'"$u8"'},
   {"name":"s","field-class":{"type":"dynamic-length-string","length-field-location":'"$1"'}}]}},
 {"name":"arr","field-class":{"type":"dynamic-length-array","element-field-class":'"$u8"',"length-field-location":'"$2"'}}]}}'
}
# outer a.b = 2 | in: a.b = 1, s | arr
# s is sized by [null, "a.b"]: the outer a.b (2: "xy"), not in's (1);
# arr by ["in", null, "a.b"] from the payload: the outer a.b again (2).
mk_meta "$tmp/t" "$PREAMBLE" "$TRACE_CLASS" "$DSC" \
  "$(erc '{"path":[null,"a.b"]}' '{"origin":"event-record-payload","path":["in",null,"a.b"]}')"
printf '\002\001xy\005\006' > "$tmp/t/stream"
want='t: { a.b = 2, in = { a.b = 1, s = "xy" }, arr = [ [0] = 5, [1] = 6 ] }'
"$LTTV" dump "$tmp/t" > "$tmp/out" 2> "$tmp/err"; rc=$?
if [ $rc -eq 0 ] && [ "$(cat "$tmp/out")" = "$want" ]; then
  ok "null elements locate the parent; names hold a '.'"
else
  fail "exit $rc: $(cat "$tmp/out" "$tmp/err" | head -c 600)"
fi

# Two nulls from in climb above the payload: no such field.
mk_meta "$tmp/u" "$PREAMBLE" "$TRACE_CLASS" "$DSC" \
  "$(erc '{"path":[null,null,"a.b"]}' '{"path":["a.b"]}')"
printf '\002\001xy\005\006' > "$tmp/u/stream"
"$LTTV" dump "$tmp/u" > /dev/null 2> "$tmp/err"; rc=$?
if [ $rc -ne 0 ] && grep -q "^lttv: $tmp/u/metadata: .*sequence length field '\[null, null, \"a.b\"\]' not found" "$tmp/err"; then
  ok "a location above the scope's root is not found: $(head -c 200 "$tmp/err")"
else
  fail "above the root: exit $rc: $(head -c 300 "$tmp/err")"
fi
# A null at the root of an absolute location is refused.
mk_meta "$tmp/v" "$PREAMBLE" "$TRACE_CLASS" "$DSC" \
  "$(erc '{"path":["a.b"]}' '{"origin":"event-record-payload","path":[null,"a.b"]}')"
: > "$tmp/v/stream"
"$LTTV" dump "$tmp/v" > /dev/null 2> "$tmp/err"; rc=$?
if [ $rc -ne 0 ] && grep -q "metadata fragment 3 (byte [0-9]*): .*goes above the root" "$tmp/err"; then
  ok "a null above an origin is refused: $(head -c 200 "$tmp/err")"
else
  fail "null at the root: exit $rc: $(head -c 300 "$tmp/err")"
fi
finish
