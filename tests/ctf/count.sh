#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# `lttv dump --count` skips the fields it can (fixed sizes, strings) and
# decodes the others, and prints only the number: it must count what
# babeltrace2 prints (every trace babeltrace2 reads completely), and fail
# where `lttv dump` fails, with the same message and after the same events
# (the `fail` corpora).
. "$LTTV_SRCDIR/tests/lib/tap.sh"
LTTV="$LTTV_BUILDDIR/cli/lttv"
T="$LTTV_TEST_TRACES"
[ -d "$T" ] || skip_all "no shared traces folder ($T)"
[ -n "$BABELTRACE2" ] && [ -x "$BABELTRACE2" ] || skip_all "babeltrace2 is not installed"

goods=""; fails=""
for d in "$T"/lttng-kernel/* "$T"/perf/* "$T"/lttng-ust/* "$T"/ctf-misc/* \
         "$T"/babeltrace-ctf-traces/succeed/* \
         "$T"/ctf-testsuite/stream/pass/*; do
  [ -d "$d" ] && goods="$goods $d"
done
for d in "$T"/babeltrace-ctf-traces/fail/* "$T"/ctf-testsuite/stream/fail/*; do
  [ -d "$d" ] && fails="$fails $d"
done
n=0; for d in $goods $fails; do n=$((n + 1)); done
plan $((n + 2))
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for d in $goods; do
  name=${d#"$T"/}
  if ! "$BABELTRACE2" "$d" > "$tmp/bt" 2>/dev/null; then
    skip "$name: babeltrace2 does not read it completely"
    continue
  fi
  want=$(wc -l < "$tmp/bt")
  got=$("$LTTV" dump --count "$d" 2>/dev/null)
  check "$name: --count gives babeltrace2's $want events" [ "$got" = "$want" ]
done
for d in $fails; do
  name=${d#"$T"/}
  timeout 60 "$LTTV" dump "$d" > "$tmp/out" 2> "$tmp/err"; rc=$?
  timeout 60 "$LTTV" dump --count "$d" > "$tmp/cout" 2> "$tmp/cerr"; crc=$?
  printed=$(wc -l < "$tmp/out")
  counted=$(tail -1 "$tmp/cout")
  if [ $crc -ne $rc ]; then
    fail "$name: --count exits $crc, dump $rc"
  elif ! cmp -s "$tmp/err" "$tmp/cerr"; then
    fail "$name: --count says $(head -c 200 "$tmp/cerr"), dump $(head -c 200 "$tmp/err")"
  elif [ -s "$tmp/cout" ] && [ "$counted" != "$printed" ]; then
    fail "$name: --count counts $counted events before the fault, dump prints $printed"
  else
    ok "$name: --count fails as dump does (exit $rc, $printed event(s) before)"
  fi
done

# Whole corpora as one traceset: streams that fail beside streams that do
# not, and events out of order (hello-lost): --count counts stream by
# stream, so it must come back to the merge's count where a stream fails.
for d in "$T"/ctf-testsuite/stream "$T"/lttng-ust; do
  name=${d#"$T"/}
  printed=$("$LTTV" dump "$d" 2>/dev/null | wc -l)
  counted=$("$LTTV" dump --count "$d" 2>/dev/null)
  check "$name (one traceset): --count counts the $printed events dump prints" \
    [ "$counted" = "$printed" ]
done
finish
