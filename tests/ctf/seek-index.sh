#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Seeking and the packet index:
# - `lttv dump --begin=T1 --end=T2` prints what `babeltrace2 --begin=T1
#   --end=T2` prints (babeltrace2 is the oracle);
# - a trace read through its index/*.idx files and the same trace without
#   them (packet headers scanned) give the same info and the same events;
# - a garbage index is ignored, not trusted.
. "$LTTV_SRCDIR/tests/lib/tap.sh"
LTTV="$LTTV_BUILDDIR/cli/lttv"
T="$LTTV_TEST_TRACES/lttng-kernel/many-threads"
[ -d "$T" ] || skip_all "no shared traces folder"
plan 8
export TZ=UTC
tmp=$(mktemp -d); trap 'chmod -R u+w "$tmp"; rm -rf "$tmp"' EXIT
# (a cache of its own: info reports the state's anomalies only where a
# build left a cache, and the copies below have none)
export XDG_CACHE_HOME="$tmp/cache"

if [ -n "$BABELTRACE2" ] && [ -x "$BABELTRACE2" ]; then
  for range in "1457113582.985967600 1457113583.1" "1457113583.2 1457113583.21"; do
    set -- $range
    "$BABELTRACE2" --begin="$1" --end="$2" "$T" > "$tmp/bt" 2>/dev/null
    "$LTTV" dump --begin="$1" --end="$2" "$T" > "$tmp/lt"
    if [ -s "$tmp/bt" ] && cmp -s "$tmp/bt" "$tmp/lt"; then
      ok "--begin=$1 --end=$2: same $(wc -l < "$tmp/bt") events as babeltrace2"
    else
      fail "--begin=$1 --end=$2 differs from babeltrace2 (line $(cmp "$tmp/bt" "$tmp/lt" | sed -n 's/.*line //p'))"
    fi
    # --count takes the range stream by stream, without the merge.
    n=$("$LTTV" dump --count --begin="$1" --end="$2" "$T")
    check "--count --begin=$1 --end=$2: $(wc -l < "$tmp/bt") events as babeltrace2" \
      [ "$n" = "$(wc -l < "$tmp/bt")" ]
  done
else
  for i in 1 2 3 4; do skip "babeltrace2 is not installed"; done
fi

mkdir "$tmp/noidx"
cp "$T/metadata" "$T"/channel0_* "$tmp/noidx/"
"$LTTV" info "$T" | sed 1d > "$tmp/info-idx"
"$LTTV" info "$tmp/noidx" | sed 1d > "$tmp/info-scan"
check "info: same with the index and with a header scan" cmp -s "$tmp/info-idx" "$tmp/info-scan"
"$LTTV" dump --begin=1457113583.2 "$T" > "$tmp/d-idx"
"$LTTV" dump --begin=1457113583.2 "$tmp/noidx" > "$tmp/d-scan"
check "seek: same events with the index and with a header scan" cmp -s "$tmp/d-idx" "$tmp/d-scan"

cp -r "$tmp/noidx" "$tmp/badidx"; mkdir "$tmp/badidx/index"
for f in "$T"/index/*.idx; do
  head -c 16 "$f" > "$tmp/badidx/index/$(basename "$f")"
  head -c 4000 /dev/urandom >> "$tmp/badidx/index/$(basename "$f")"
done
"$LTTV" info "$tmp/badidx" | sed 1d > "$tmp/info-bad"
check "a garbage index is ignored: info as from the headers" cmp -s "$tmp/info-scan" "$tmp/info-bad"
"$LTTV" dump "$tmp/badidx" > "$tmp/d-bad"
"$LTTV" dump "$T" > "$tmp/d-full"
check "a garbage index is ignored: every event read" cmp -s "$tmp/d-full" "$tmp/d-bad"
finish
