#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# `lttv info` shows what the metadata says of the trace class (uid,
# namespace, name, environment, user attributes) and of its clock (uid,
# namespace, name, description, precision, accuracy, origin: Unix epoch or
# custom, user attributes). Expected lines: the values written in the
# hand-made metadata below; the environment sorted by key. A CTF 1.8
# trace shows what its TSDL clock block says (lttng-kernel/many-threads:
# `uuid = "e0ff1bac-..."; description = "Monotonic Clock";`, no
# precision).
. "$LTTV_SRCDIR/tests/lib/tap.sh"
. "$LTTV_SRCDIR/tests/ctf2/lib.sh"
LTTV="$LTTV_BUILDDIR/cli/lttv"
plan 4
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

tc='{"type":"trace-class","uid":"tr-1234","namespace":"example.org,2026","name":"my trace","environment":{"zeta":"last","alpha":7,"quote":"say \"hi\""},"attributes":{"example.org,2026":{"k":[1,2]}}}'
cc='{"type":"clock-class","id":"cc","name":"wall","namespace":"example.org,2026","uid":"clk-9","description":"A clock","frequency":1000,"precision":3,"accuracy":12,"origin":"unix-epoch","attributes":{"x.org":true}}'
dsc='{"type":"data-stream-class","default-clock-class-id":"cc"}'
mk_meta "$tmp/t" "$PREAMBLE" "$tc" "$cc" "$dsc"
: > "$tmp/t/stream"
"$LTTV" info "$tmp/t" > "$tmp/out" 2> "$tmp/err"; rc=$?
cat > "$tmp/want" <<'EOF'
  name: my trace
  namespace: example.org,2026
  uid: tr-1234
  attributes: {"example.org,2026":{"k":[1,2]}}
  env: alpha = 7
  env: quote = "say \"hi\""
  env: zeta = "last"
  clock: cc (1000 Hz)
  clock name: wall
  clock namespace: example.org,2026
  clock uid: clk-9
  clock description: A clock
  clock precision: 3 cycles
  clock accuracy: 12 cycles
  clock origin: Unix epoch
  clock attributes: {"x.org":true}
EOF
grep -E '^  (name|namespace|uid|attributes|env|clock[a-z ]*):' "$tmp/out" > "$tmp/got"
if [ $rc -eq 0 ] && cmp -s "$tmp/want" "$tmp/got"; then
  ok "trace class and clock class metadata"
else
  fail "exit $rc: $(diff "$tmp/want" "$tmp/got" | head -c 600) $(head -c 300 "$tmp/err")"
fi

# A custom origin, and a clock that says nothing more.
cc2='{"type":"clock-class","id":"c2","frequency":10,"origin":{"namespace":"ns.org","name":"boot","uid":"b-1"}}'
mk_meta "$tmp/c" "$PREAMBLE" "$TRACE_CLASS" "$cc2" '{"type":"data-stream-class","default-clock-class-id":"c2"}'
: > "$tmp/c/stream"
"$LTTV" info "$tmp/c" > "$tmp/out" 2> "$tmp/err"; rc=$?
got=$(grep -E '^  (name|namespace|uid|attributes|env|clock[a-z ]*):' "$tmp/out")
want='  clock: c2 (10 Hz)
  clock origin: boot (namespace: ns.org, uid: b-1)'
if [ $rc -eq 0 ] && [ "$got" = "$want" ]; then
  ok "a custom origin; nothing shown that is not said"
else
  fail "exit $rc: $got $(head -c 300 "$tmp/err")"
fi

# Attributes that are not an object are refused (CTF2-SPEC-2.0).
mk_meta "$tmp/b" "$PREAMBLE" '{"type":"trace-class","attributes":[1]}' "$DSC"
: > "$tmp/b/stream"
"$LTTV" info "$tmp/b" > "$tmp/out" 2> "$tmp/err"; rc=$?
if [ $rc -eq 1 ] && grep -q "^lttv: $tmp/b/metadata: metadata fragment 1 (byte [0-9]*): 'attributes' is not an object" "$tmp/err"; then
  ok "attributes that are not an object are refused"
else
  fail "exit $rc: $(head -c 300 "$tmp/err")"
fi

T="$LTTV_TEST_TRACES/lttng-kernel/many-threads"
if [ -d "$T" ]; then
  got=$("$LTTV" info "$T" 2>/dev/null | grep '^  clock')
  want='  clock: monotonic (1000000000 Hz)
  clock uid: e0ff1bac-aa1d-451d-a8c1-10cb8d315d45
  clock description: Monotonic Clock'
  check "CTF 1.8: the clock's uuid and description" test "$got" = "$want"
else
  skip "no lttng-kernel/many-threads"
fi
finish
