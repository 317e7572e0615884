#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The resource view draws each CPU's and IRQ's status where the
# hand-worked scenario two-threads.scn puts them (README.md): headless
# export of a known window at a known size, then the colour of the pixels
# in the middle of every interval.
. "$LTTV_SRCDIR/tests/lib/tap.sh"
. "$LTTV_SRCDIR/tests/lib/xvfb.sh"
. "$LTTV_SRCDIR/tests/timeline/pixels.sh"
plan 13

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
write_scenario two-threads "$tmp/trace"
export_view resourceview "$tmp/trace" 1000,12000 250x200 "$tmp/rv.png"
check "the view is exported" [ -s "$tmp/rv.png" ]

# Rows: the trace set, "CPUs", CPU 0, CPU 1, "IRQs", IRQ 19 (no soft IRQ
# or block device in the scenario: no empty group either).
cpu0=2; cpu1=3; irq19=5
expect_state "$tmp/rv.png" $cpu0 1500 RUN_USERMODE "CPU 0 runs alpha in user mode"
expect_state "$tmp/rv.png" $cpu0 2500 RUN_SYSCALL "CPU 0 runs alpha's read()"
expect_state "$tmp/rv.png" $cpu0 3500 RUN_USERMODE "CPU 0 runs alpha in user mode after read()"
expect_state "$tmp/rv.png" $cpu0 5500 IDLE "CPU 0 is idle while alpha is blocked"
expect_state "$tmp/rv.png" $cpu0 9000 RUN_USERMODE "CPU 0 runs alpha again from 8000"
expect_state "$tmp/rv.png" $cpu0 11000 IDLE "CPU 0 is idle once alpha is preempted"
expect_state "$tmp/rv.png" $cpu1 3000 RUN_USERMODE "CPU 1 runs beta"
expect_state "$tmp/rv.png" $cpu1 5500 IRQ "CPU 1 serves IRQ 19 over [5000, 6000)"
expect_state "$tmp/rv.png" $cpu1 9000 RUN_USERMODE "CPU 1 runs beta after the IRQ"
expect_state "$tmp/rv.png" $irq19 5500 IRQ "IRQ 19 runs over [5000, 6000)"
expect_colour "$tmp/rv.png" $irq19 3000 ffffff "IRQ 19 is not running before 5000"
expect_colour "$tmp/rv.png" 6 5500 ffffff "no row below IRQ 19 (empty groups are hidden)"
finish
