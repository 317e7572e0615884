#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# While a tab builds the state history of a multi-million-event recording
# in its worker, the window stays responsive: the main thread never runs,
# or waits on a lock or the disk, 50 ms without returning to its loop. The
# trace is $LTTV_BIG_TRACE when set, else one recorded on this machine
# (tests/lib/big-trace.sh). The figures are printed.
. "$LTTV_SRCDIR/tests/lib/tap.sh"
. "$LTTV_SRCDIR/tests/lib/xvfb.sh"
. "$LTTV_SRCDIR/tests/lib/big-trace.sh"
plan 4

gui="$LTTV_BUILDDIR/gui/lttv-gui"
trace=$(big_trace 2>"${TMPDIR:-/tmp}/big-trace-why.$$")
why=$(cat "${TMPDIR:-/tmp}/big-trace-why.$$"); rm -f "${TMPDIR:-/tmp}/big-trace-why.$$"
[ -n "$trace" ] && [ -d "$trace" ] || skip_all "$why"
events=$("$LTTV_BUILDDIR/cli/lttv" dump --count "$trace" 2>/dev/null)
check "the trace is a multi-million-event recording ($trace: ${events:-no} events)" \
  [ "${events:-0}" -ge 1000000 ]
out=$(mktemp -d)
trap 'kill $pid 2>/dev/null; rm -rf "$out"' EXIT

# A cache of its own: the history is built, not loaded.
XDG_CACHE_HOME="$out/cache" LTTV_STALL_REPORT=1 "$gui" "$trace" >"$out/stdout" 2>"$out/stderr" &
pid=$!
built=""
for i in $(seq 6000); do
  built=$(grep "state history built" "$out/stderr")
  [ -n "$built" ] && break
  kill -0 $pid 2>/dev/null || break
  sleep 0.1
done
diag "trace: $trace"
check "the state history of $(basename "$trace") is built in the window" [ -n "$built" ]
diag "${built#lttv-gui: }"
gapplication action org.lttv.Lttv quit
for i in $(seq 100); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done
busy=$(echo "$built" | sed -n 's/.*(main-thread CPU \([0-9.]*\) ms.*/\1/p')
own=$(echo "$built" | sed -n 's/.*not waiting for a core \([0-9.]*\) ms).*/\1/p')
stall=$(echo "$built" | sed -n 's/.*during the build: \([0-9.]*\) ms.*/\1/p')
check "no main-loop callback ran 50 ms or more during the build (longest ${busy:-none} ms of CPU)" \
  awk "BEGIN { exit !(${busy:-999} < 50) }"
# The wall-clock stall also holds the time the main thread waited for a
# core while other processes had both. What is left without that wait is
# the program's own doing (its callbacks, or blocking on a lock, the disk
# or the X server).
check "no main-loop stall of 50 ms or more of the program's own making (${own:-none} ms; wall clock ${stall:-none} ms, load $(cut -d' ' -f1 /proc/loadavg))" \
  awk "BEGIN { exit !(${own:-999} < 50) }"
grep -E 'CRITICAL|AddressSanitizer|runtime error' "$out/stderr" | sed 's/^/# /'
finish
