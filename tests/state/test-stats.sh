#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# lttv stats: events per type, over the whole traceset and over a range,
# against babeltrace2 (lines per event name); CPU time adds up.
. "$LTTV_SRCDIR/tests/lib/tap.sh"

bt=${BABELTRACE2:-babeltrace2}
command -v "$bt" >/dev/null || skip_all "babeltrace2 is not installed"
set -- lttng-kernel/many-threads lttng-kernel/bug446190 perf/vm-small
plan $(($# * 2 + 1))

lttv="$LTTV_BUILDDIR/cli/lttv"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# NAME<TAB>COUNT per event name in babeltrace2's output, for events whose
# time (ns from origin) is in [$2, $3] (no bounds when $2 is empty).
bt_counts () {
  "$bt" --clock-seconds "$1" 2>/dev/null | awk -v b="$2" -v e="$3" '
    { t = substr($1, 2, length($1) - 2); sub(/\./, "", t)
      # Same-length digit strings: compare as strings, exactly.
      if (b != "" && ((t "") < (b "") || (t "") > (e ""))) next
      for (i = 2; i <= NF; i++) if ($i ~ /:$/ && $(i + 1) == "{") { n[substr($i, 1, length($i) - 1)]++; break } }
    END { for (k in n) printf "%s\t%d\n", k, n[k] }' | LC_ALL=C sort
}

for trace in "$@"; do
  dir="$LTTV_TEST_TRACES/$trace"
  "$lttv" stats --no-cache --format=tsv "$dir" >"$tmp/all.tsv" 2>&1
  awk -F'\t' '$1 == "events" { print $2 "\t" $3 }' "$tmp/all.tsv" | LC_ALL=C sort >"$tmp/ours"
  bt_counts "$dir" "" "" >"$tmp/theirs"
  check "$trace: events per type over the whole trace are babeltrace2's" \
    diff "$tmp/theirs" "$tmp/ours"
  # A range that cuts checkpoint intervals: 20 % to 60 % of the trace.
  set -- $(awk -F'\t' '$1 == "range" { print $2, $3 }' "$tmp/all.tsv")
  b=$(awk -v b="$1" -v e="$2" 'BEGIN { printf "%.0f", b + (e - b) * 0.2 }')
  e=$(awk -v b="$1" -v e="$2" 'BEGIN { printf "%.0f", b + (e - b) * 0.6 }')
  "$lttv" stats --no-cache --format=tsv --begin="$b" --end="$e" "$dir" >"$tmp/range.tsv" 2>&1
  awk -F'\t' '$1 == "events" { print $2 "\t" $3 }' "$tmp/range.tsv" | LC_ALL=C sort >"$tmp/ours"
  bt_counts "$dir" "$b" "$e" >"$tmp/theirs"
  if diff "$tmp/theirs" "$tmp/ours" >"$tmp/diff"; then
    ok "$trace: events per type over [$b, $e] are babeltrace2's"
  else
    fail "$trace: events per type over [$b, $e] are babeltrace2's"; sed 's/^/# /' "$tmp/diff" | head
  fi
done

# Every nanosecond of a CPU with a known state is in exactly one status:
# for vm-small's CPU 0, the times add up to at most the range.
dir="$LTTV_TEST_TRACES/perf/vm-small"
"$lttv" stats --no-cache --format=tsv "$dir" >"$tmp/vm.tsv" 2>&1
check "vm-small: CPU 0's times add up to no more than the range" awk -F'\t' '
  $1 == "range" { r = $3 - $2 + 1 } $1 == "cpu_time" && $2 == 0 { s += $4 }
  END { exit !(s > 0 && s <= r) }' "$tmp/vm.tsv"
finish
