#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The control flow view draws each thread's states where the hand-worked
# scenario two-threads.scn puts them (tests/timeline/README.md): headless
# export of a known window at a known size, then the colour of the pixels
# in the middle of every interval.
. "$LTTV_SRCDIR/tests/lib/tap.sh"
. "$LTTV_SRCDIR/tests/lib/xvfb.sh"
. "$LTTV_SRCDIR/tests/timeline/pixels.sh"
plan 19

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
write_scenario two-threads "$tmp/trace"

# 250 px wide: the names pane takes 2/5 (100 px), the rows 150 px for the
# 11 us of [1000, 12000] ns.
export_view controlflow "$tmp/trace" 1000,12000 250x200 "$tmp/cf.png"
check "the view is exported" [ -s "$tmp/cf.png" ]
check "the exported view is drawn" image_is_drawn "$tmp/cf.png"

# Rows, as sorted: swapper/0, swapper/1, then by birth and tid: alpha (100), beta (200).
alpha=2; beta=3
expect_state "$tmp/cf.png" $alpha 1500 RUN_USERMODE "alpha runs in user mode from 1000"
expect_state "$tmp/cf.png" $alpha 2500 RUN_SYSCALL "alpha is in read() over [2000, 3000)"
expect_state "$tmp/cf.png" $alpha 3500 RUN_USERMODE "alpha is back in user mode at 3000"
expect_state "$tmp/cf.png" $alpha 5500 WAIT_BLOCKED "alpha blocks (prev_state 1) at 4000"
expect_state "$tmp/cf.png" $alpha 7500 WAIT_FOR_CPU "alpha waits for the CPU once woken at 7000"
expect_state "$tmp/cf.png" $alpha 9000 RUN_USERMODE "alpha runs again from 8000"
expect_state "$tmp/cf.png" $alpha 11000 WAIT_FOR_CPU "alpha is preempted (prev_state 0) at 10000"
expect_state "$tmp/cf.png" $beta 3000 RUN_USERMODE "beta runs in user mode from 1000"
expect_state "$tmp/cf.png" $beta 5500 INTERRUPTED "beta is interrupted by IRQ 19 over [5000, 6000)"
expect_state "$tmp/cf.png" $beta 9000 RUN_USERMODE "beta resumes after the IRQ"
expect_state "$tmp/cf.png" 0 1500 WAIT_FOR_CPU "swapper/0 was switched out with prev_state 0 at 1000"
expect_state "$tmp/cf.png" 0 9000 WAIT_FOR_CPU "swapper/0 is off the CPU while alpha runs"
expect_state "$tmp/cf.png" 0 5500 RUN_USERMODE "swapper/0 runs while alpha is blocked"
# Zoomed on [1500, 3500], read() spans 75 px: its name is written on it.
export_view controlflow "$tmp/trace" 1500,3500 250x200 "$tmp/zoom.png"
expect_state "$tmp/zoom.png" $alpha 2100 RUN_SYSCALL "alpha's read() at 2100 when zoomed"
x0=$(( 100 + (2000 - 1500) * 150 / 2000 + 2 )); y0=$(( 28 + 16 * alpha + 2 ))
dark=$(convert "$tmp/zoom.png" -crop 70x12+$x0+$y0 -colorspace gray -threshold 40% \
        -format '%[fx:int((1-mean)*w*h)]' info:)
diag "dark pixels on the read() interval: $dark"
check "the system call's name is written on its interval" [ "${dark:-0}" -gt 10 ]
# The same view as vector images, headless.
export_view controlflow "$tmp/trace" 1000,12000 800x300 "$tmp/cf.svg"
check "the view exports to SVG" sh -c "grep -q '<svg' '$tmp/cf.svg'"
export_view controlflow "$tmp/trace" 1000,12000 800x300 "$tmp/cf.pdf"
check "the view exports to PDF" sh -c "head -c 5 '$tmp/cf.pdf' | grep -q '%PDF-'"
finish
