#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# A sequence written in a type named inside a structure takes its length
# from where it was written (CTF's lexical scoping: the ctf-testsuite's
# metadata/pass/sequence-typedef-length), not from a member of the same
# name where the type is used. babeltrace2 refuses that metadata, so the
# expected text is worked out by hand from the bytes below.
. "$LTTV_SRCDIR/tests/lib/tap.sh"
plan 3
LTTV="$LTTV_BUILDDIR/cli/lttv"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/trace"
cat > "$tmp/trace/metadata" <<'TSDL'
/* CTF 1.8 */
typealias integer { size = 8; align = 8; signed = false; } := uint8_t;
typealias integer { size = 32; align = 32; signed = false; base = hex; } := uint32_t;
trace {
	major = 1;
	minor = 8;
	byte_order = le;
	packet.header := struct { uint32_t magic; };
};
event {
	name = e;
	fields := struct {
		uint8_t len;
		typedef struct { uint32_t A[len]; } Field;
		struct {
			string len;
			Field x;
		} field;
	};
};
TSDL
# Byte 0: magic; 4: len = 2; 5-7: padding to the 32-bit aligned struct
# `field`; 8: "ab\0"; 11: padding; 12: x.A[0] = 0x11223344; 16: x.A[1] =
# 0x55667788. If `len` were the string, there would be no length at all.
printf '\301\037\374\301\002\000\000\000ab\000\000\104\063\042\021\210\167\146\125' > "$tmp/trace/stream"
"$LTTV" dump "$tmp/trace" > "$tmp/out" 2> "$tmp/err"; rc=$?
check "the trace reads (exit status $rc: $(head -c 200 "$tmp/err"))" [ $rc -eq 0 ]
sed 's/^/# /' "$tmp/out"
check "one event" [ "$(wc -l < "$tmp/out")" -eq 1 ]
check "x.A has the 2 elements counted by the outer len" \
  grep -q 'len = 2, field = { len = "ab", x = { A = \[ \[0\] = 0x11223344, \[1\] = 0x55667788 \] } }' "$tmp/out"
finish
