#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Losses are drawn: tests/ctf-writer/scenarios/state-lost.scn discards 5
# events on cpu0 between 1500 (the end of its first packet) and 4000 (the
# end of the packet that says so). The resource view hatches CPU 0's row
# there (magenta over the row) and not CPU 1's; the control flow view
# hatches that time across every thread. Headless exports, 250 px wide.
. "$LTTV_SRCDIR/tests/lib/tap.sh"
. "$LTTV_SRCDIR/tests/lib/xvfb.sh"
. "$LTTV_SRCDIR/tests/timeline/pixels.sh"
writer="$LTTV_BUILDDIR/tests/ctf-writer/lttv-ctf-writer"
[ -x "$writer" ] || skip_all "lttv-ctf-writer is not built"
plan 10

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$writer" "$LTTV_SRCDIR/tests/ctf-writer/scenarios/state-lost.scn" "$tmp/trace" >/dev/null \
  || { echo "Bail out! cannot write state-lost"; exit 1; }

# magenta: red and blue well above green (no state colour is), on a
# pixel of the row's hatched band (2 to 14 px of its 16: the stripes are
# diagonal, one pixel may fall between two)
# magenta_in FILE ROW TIME: prints the first magenta pixel of the band.
magenta_in () {
  names=$(( IMG_W * 2 / 5 ))
  x=$(awk -v t="$3" -v a="$WIN_T0" -v b="$WIN_T1" -v w=$(( IMG_W - names )) -v n="$names" \
      'BEGIN { printf "%d", n + (t - a) * w / (b - a) }')
  y=$(( 28 + 16 * $2 + 2 ))
  found=
  for k in $(seq 0 11); do
    got=$(pixel "$1" "$x" "$((y + k))")
    r=$(printf %d 0x$(echo "$got" | cut -c1-2)); g=$(printf %d 0x$(echo "$got" | cut -c3-4))
    b=$(printf %d 0x$(echo "$got" | cut -c5-6))
    if [ $((r - g)) -gt 60 ] && [ $((b - g)) -gt 30 ]; then echo "$got at ($x, $((y + k)))"; return; fi
  done
}
expect_hatched () {
  found=$(magenta_in "$1" "$2" "$3")
  if [ -n "$found" ]; then ok "$4"; else fail "$4"; diag "no magenta pixel down the row's band"; fi
}
expect_unhatched () {
  found=$(magenta_in "$1" "$2" "$3")
  if [ -z "$found" ]; then ok "$4"; else fail "$4"; diag "magenta: $found"; fi
}

export_view resourceview "$tmp/trace" 1000,5000 250x200 "$tmp/rv.png"
check "the resource view is exported" [ -s "$tmp/rv.png" ]
# Rows: the trace set, "CPUs", CPU 0, CPU 1, "IRQs", IRQ 19.
expect_hatched "$tmp/rv.png" 2 2000 "CPU 0 is hatched at 2000 (in the loss)"
expect_hatched "$tmp/rv.png" 2 3500 "CPU 0 is hatched at 3500 (in the loss)"
expect_state "$tmp/rv.png" 2 1250 RUN_USERMODE "CPU 0 is not hatched before the loss"
expect_unhatched "$tmp/rv.png" 2 1250 "  no stripe there"
expect_state "$tmp/rv.png" 3 2500 RUN_USERMODE "CPU 1 lost nothing: not hatched"
expect_unhatched "$tmp/rv.png" 3 2500 "  no stripe there"

export_view controlflow "$tmp/trace" 1000,5000 250x200 "$tmp/cf.png"
check "the control flow view is exported" [ -s "$tmp/cf.png" ]
expect_hatched "$tmp/cf.png" 1 2500 "the control flow hatches the loss on its second row"
expect_hatched "$tmp/cf.png" 3 2500 "the control flow hatches the loss on its fourth row"
finish
