#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Inputs the fuzzers once broke lttv with (tests/fuzz/regressions/): each
# must now be read or rejected cleanly, with no sanitizer report (the test
# build aborts on any ASan/UBSan/LSan finding).
. "$LTTV_SRCDIR/tests/lib/tap.sh"
LTTV="$LTTV_BUILDDIR/cli/lttv"
R="$LTTV_SRCDIR/tests/fuzz/regressions"
n=0
for f in "$R"/metadata/* "$R"/stream/*; do [ -f "$f" ] && n=$((n + 1)); done
[ $n -gt 0 ] || skip_all "no regression inputs"
plan $n
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
run () { # run NAME: lttv dump, then lttv state (the build's record path),
          # on $tmp/t; each exits 0 or 1, no crash
  timeout 60 "$LTTV" dump "$tmp/t" > /dev/null 2> "$tmp/err"; rc=$?
  rm -rf "$tmp/cache"
  XDG_CACHE_HOME="$tmp/cache" timeout 60 "$LTTV" state "$tmp/t" > /dev/null 2>> "$tmp/err"
  rc2=$?; [ $rc2 -gt $rc ] && rc=$rc2
  if [ $rc -le 1 ] && ! grep -q 'Sanitizer\|runtime error' "$tmp/err"; then
    ok "$1: exit $rc, $(head -c 160 "$tmp/err" | tr '\n' ' ')"
  else
    fail "$1: exit $rc: $(head -c 400 "$tmp/err")"
  fi
}
for f in "$R"/metadata/*; do
  [ -f "$f" ] || continue
  rm -rf "$tmp/t"; mkdir "$tmp/t"; cp "$f" "$tmp/t/metadata"
  run "metadata $(basename "$f")"
done
for f in "$R"/stream/*; do
  [ -f "$f" ] || continue
  rm -rf "$tmp/t"; mkdir "$tmp/t"
  # fuzz-stream.c's format: 4-byte little-endian metadata length, metadata,
  # stream bytes
  len=$(od -An -tu4 -N4 --endian=little "$f" | tr -d ' ')
  tail -c +5 "$f" | head -c "$len" > "$tmp/t/metadata"
  tail -c +$((5 + len)) "$f" > "$tmp/t/stream_0"
  run "stream $(basename "$f")"
done
finish
