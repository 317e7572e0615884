#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The resource view's tree: a group per trace, with its CPUs, IRQs, soft
# IRQs and block devices (two-threads.scn, README.md: CPUs 0 and 1, IRQ
# 19 "eth0"); a userspace trace is a group of its own with no rows; two
# kernel traces share one group, since the state core keeps one set of
# CPUs for the traceset.
. "$LTTV_SRCDIR/tests/lib/tap.sh"
traces="${LTTV_TEST_TRACES:-}"
plan 4
rows="$LTTV_BUILDDIR/tests/timeline/rv-rows"
writer="$LTTV_BUILDDIR/tests/ctf-writer/lttv-ctf-writer"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export ASAN_OPTIONS=detect_leaks=0:abort_on_error=1
"$writer" "$LTTV_SRCDIR/tests/timeline/two-threads.scn" "$tmp/alpha" >/dev/null
"$writer" "$LTTV_SRCDIR/tests/timeline/two-threads.scn" "$tmp/beta" >/dev/null

tab=$(printf '\t')
"$rows" "$tmp/alpha" > "$tmp/one.txt" 2>&1
cat > "$tmp/one.want" <<END
alpha$tab
  CPUs$tab
    CPU 0${tab}0
    CPU 1${tab}1
  IRQs$tab
    eth0${tab}19
END
check "one trace: its group holds its CPUs and IRQ 19 named eth0" cmp -s "$tmp/one.want" "$tmp/one.txt"
diff "$tmp/one.want" "$tmp/one.txt" | sed 's/^/# /'

"$rows" "$tmp/alpha" "$tmp/beta" > "$tmp/two.txt" 2>&1
sed 's/^alpha\t/alpha + beta\t/' "$tmp/one.want" > "$tmp/two.want"
check "two kernel traces: one group naming both" cmp -s "$tmp/two.want" "$tmp/two.txt"
diff "$tmp/two.want" "$tmp/two.txt" | sed 's/^/# /'

# Block devices are named and numbered major:minor, never by the raw
# dev_t (266338304 was shown for 254:0).
"$writer" "$LTTV_SRCDIR/tests/timeline/block-devices.scn" "$tmp/blocks" >/dev/null
"$rows" "$tmp/blocks" > "$tmp/blocks.txt" 2>&1
cat > "$tmp/blocks.want" <<END
blocks$tab
  Block devices$tab
    8:0${tab}8:0
    8:16${tab}8:16
    254:0${tab}254:0
END
check "block devices: major:minor in both columns" cmp -s "$tmp/blocks.want" "$tmp/blocks.txt"
diff "$tmp/blocks.want" "$tmp/blocks.txt" | sed 's/^/# /'

ust="$traces/babeltrace-ctf-traces/succeed/multi-domains/ust"
if [ -d "$ust" ]; then
  "$rows" "$tmp/alpha" "$ust" > "$tmp/ust.txt" 2>&1
  { cat "$tmp/one.want"; printf 'ust (no CPU, IRQ or block device events)\t\n'; } > "$tmp/ust.want"
  check "a kernel and a userspace trace: a group each, the userspace one empty" cmp -s "$tmp/ust.want" "$tmp/ust.txt"
  diff "$tmp/ust.want" "$tmp/ust.txt" | sed 's/^/# /'
else
  skip "the shared traces are not there ($traces)"
fi
finish
