#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Clock values to ns exactly as babeltrace2 converts them, at every
# frequency and offset: `lttv dump` of each clocks/*.scn trace (written by
# lttv-ctf-writer) must be byte for byte `babeltrace2`'s. The scenarios
# hold clock values where a conversion in double precision (babeltrace2's)
# and an exact one differ by a ns either way, and pairs of events on two
# CPUs that only one of them puts on the same ns (the merge order then
# differs too); offsets of more than a second in cycles, a negative
# offset_s, an offset in cycles that converts differently.
. "$LTTV_SRCDIR/tests/lib/tap.sh"
LTTV="$LTTV_BUILDDIR/cli/lttv"
writer="$LTTV_BUILDDIR/tests/ctf-writer/lttv-ctf-writer"
src="$LTTV_SRCDIR/tests/ctf/clocks"
[ -x "$writer" ] || skip_all "lttv-ctf-writer is not built"
[ -n "$BABELTRACE2" ] && [ -x "$BABELTRACE2" ] || skip_all "babeltrace2 is not installed"
export TZ=UTC

n=0; for s in "$src"/*.scn; do n=$((n + 1)); done
plan $n
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for s in "$src"/*.scn; do
  name=$(basename "$s" .scn)
  if ! "$writer" "$s" "$tmp/$name" 2> "$tmp/err"; then
    fail "$name: the writer refused it: $(head -c 300 "$tmp/err")"
    continue
  fi
  "$BABELTRACE2" "$tmp/$name" > "$tmp/bt" 2> "$tmp/bt-err" \
    || { fail "$name: babeltrace2 failed: $(head -c 300 "$tmp/bt-err")"; continue; }
  "$LTTV" dump "$tmp/$name" > "$tmp/lt" 2> "$tmp/err" \
    || { fail "$name: lttv dump failed: $(head -c 300 "$tmp/err")"; continue; }
  if cmp -s "$tmp/bt" "$tmp/lt"; then
    ok "$name: identical to babeltrace2 ($(wc -l < "$tmp/bt") events)"
  else
    line=$(cmp "$tmp/bt" "$tmp/lt" | sed -n 's/.*line \([0-9]*\).*/\1/p')
    fail "$name: first difference at line ${line:-?} ($(diff "$tmp/bt" "$tmp/lt" | grep -c '^>') lines differ)"
    diag "babeltrace2: $(sed -n "${line:-1}p" "$tmp/bt" | head -c 300)"
    diag "lttv:        $(sed -n "${line:-1}p" "$tmp/lt" | head -c 300)"
  fi
done
finish
