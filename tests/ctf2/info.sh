#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# `lttv info` says which CTF version a trace's metadata is: JSON (CTF 2)
# or TSDL (CTF 1.8); the rest of what it says is the same for a converted
# trace as for its original, but the path and the number of event classes
# (babeltrace2's sink.ctf.fs writes only the classes of events it saw: 181
# event-record-class fragments, against 1181 TSDL event blocks), and what
# sink.ctf.fs adds that the TSDL left unsaid: the trace class's name,
# namespace and uid (LTTng's), the clock's precision (0) and origin (the
# Unix epoch, babeltrace2's rule for LTTng clocks).
. "$LTTV_SRCDIR/tests/lib/tap.sh"
LTTV="$LTTV_BUILDDIR/cli/lttv"
T="$LTTV_TEST_TRACES"
[ -d "$T/ctf2" ] || skip_all "no CTF 2 traces ($T/ctf2)"
plan 4
c="$T/ctf2/converted/many-threads"; o="$T/lttng-kernel/many-threads"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
"$LTTV" info "$c" > "$tmp/c" 2>&1
"$LTTV" info "$o" > "$tmp/o" 2>&1
check "CTF 2 trace: format: CTF 2" grep -qx '  format: CTF 2' "$tmp/c"
check "CTF 1.8 trace: format: CTF 1.8" grep -qx '  format: CTF 1.8' "$tmp/o"
skip='^Trace |^  format:|^  event classes:|^  name:|^  namespace:|^  uid:|^  clock precision:|^  clock origin:'
check "the rest is the same" sh -c 'grep -Ev "$2" "$0" > "$0.x"; grep -Ev "$2" "$1" | cmp -s - "$0.x"' "$tmp/c" "$tmp/o" "$skip"
check "181 event classes" grep -qx '  event classes: 181' "$tmp/c"
finish
