#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Rows holding hundreds of distinct values draw, and draw right (issue
# #30: a block device's requests-in-flight counter past 256 values hung
# the drawing in its colour cache). many-values.awk writes the scenario:
# 600 block requests issued before any completes on device 8:0, IRQ 19 on
# CPU 1 meanwhile, 400 threads taking turns on CPU 0. The resource view
# and the control flow are exported under a time limit, then the colour
# of pixels where the scenario fixes it is checked.
. "$LTTV_SRCDIR/tests/lib/tap.sh"
. "$LTTV_SRCDIR/tests/lib/xvfb.sh"
. "$LTTV_SRCDIR/tests/timeline/pixels.sh"
plan 19

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
awk -f "$LTTV_SRCDIR/tests/timeline/many-values.awk" >"$tmp/many.scn"
"$LTTV_BUILDDIR/tests/ctf-writer/lttv-ctf-writer" "$tmp/many.scn" "$tmp/trace" \
  || { echo "Bail out! cannot write the scenario"; exit 1; }

# export_within VIEW T0,T1 WxH FILE: export_view under a time limit.
export_within () {
  WIN_T0=${2%,*}; WIN_T1=${2#*,}; IMG_W=${3%x*}
  timeout 120 "$LTTV_BUILDDIR/gui/lttv-gui" --export="$1:$4" --window="$2" --size="$3" "$tmp/trace" \
    2>"$4.log"
}

# Block colours (modules/resourceview/resourceview-rows.c, by hand): n
# requests in flight draw 1 - (1 - (0.57, 0.25, 0.67)) k, k = min(1, 0.45
# + 0.11 n): n = 1 gives (0.7592, 0.58, 0.8152), n >= 5 the full colour;
# cairo keeps 16 bits per channel and the image the top 8.
one_request=c294d0; many_requests=9140ab

# 1600 px wide: the rows get over 1000 px for the 149 us, about 1 px per
# 100 ns step of the counter: well over 256 distinct values are drawn.
check "the resource view is exported within the time limit" \
  export_within resourceview 1000,150000 1600x240 "$tmp/rv.png"
diag "$(cat "$tmp/rv.png.log")"
names_width "$tmp/rv.png"
diag "names pane: ${NAMES_W:-not found} px"
# Rows: the trace set, CPUs, CPU 0, CPU 1, IRQs, IRQ 19, Block devices, 8:0.
cpu0=2; irq19=5; dev=7
expect_state "$tmp/rv.png" $cpu0 5050 RUN_USERMODE "CPU 0 runs t1040 in user mode"
expect_state "$tmp/rv.png" $irq19 15000 IRQ "IRQ 19 runs on CPU 1 over [10000, 20000)"
# Both rows hold the integer 1 there (IRQ 19's CPU, the device's one
# request): each gets its own row's colour.
expect_colour "$tmp/rv.png" $dev 15000 $one_request "8:0 holds 1 request over [10000, 20100)"
expect_colour "$tmp/rv.png" $dev 50000 $many_requests "8:0 holds 301 requests at 50000"
expect_colour "$tmp/rv.png" $dev 79950 $many_requests "8:0 holds 600 requests at 79950"
expect_colour "$tmp/rv.png" $dev 110000 $many_requests "8:0 holds 299 requests at 110000"
expect_colour "$tmp/rv.png" $dev 145000 ffffff "8:0 holds no request from 139900"
expect_colour "$tmp/rv.png" $dev 5000 ffffff "8:0 holds no request before 10000"

# Zoomed on the counter's peak: 100 ns per value over 800 px, no value
# merged into another's pixel.
check "the resource view zoomed on [70000, 90000] is exported" \
  export_within resourceview 70000,90000 1600x240 "$tmp/peak.png"
names_width "$tmp/peak.png"
expect_colour "$tmp/peak.png" $dev 79950 $many_requests "zoomed: 8:0 holds 600 requests at 79950"
expect_colour "$tmp/peak.png" $dev 89950 $many_requests "zoomed: 8:0 holds 500 requests at 89950"

# The control flow: 400 thread rows, all of them tall enough to be seen.
check "the control flow is exported within the time limit" \
  export_within controlflow 1000,150000 1600x8200 "$tmp/cf.png"
diag "$(cat "$tmp/cf.png.log")"
names_width "$tmp/cf.png"
diag "names pane: ${NAMES_W:-not found} px"
# Rows: swapper/0, then the threads by birth: t1000 + i on row 1 + i.
expect_state "$tmp/cf.png" 1 145000 WAIT_FOR_CPU "t1000 waits for the CPU after its turn"
expect_state "$tmp/cf.png" 200 145000 WAIT_FOR_CPU "t1199 waits for the CPU after its turn"
expect_state "$tmp/cf.png" 400 145000 RUN_USERMODE "t1399, the last, keeps CPU 0"
expect_colour "$tmp/cf.png" 399 20000 ffffff "t1398 is not drawn before its birth at 40800"
check "the control flow zoomed on [20000, 21000] is exported" \
  export_within controlflow 20000,21000 1600x8200 "$tmp/cfz.png"
names_width "$tmp/cfz.png"
expect_state "$tmp/cfz.png" 191 20050 RUN_USERMODE "t1190 runs over [20000, 20100)"
finish
