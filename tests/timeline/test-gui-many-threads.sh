#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# lttv-gui opens many-threads (8 CPUs, 8,003 forks) with its default
# viewers, the control flow and resource views among them, while the
# state history builds behind them: the window is drawn and nothing
# complains (a viewer reading the tab's traceset during the build once
# broke the build: this catches it).
. "$LTTV_SRCDIR/tests/lib/tap.sh"
. "$LTTV_SRCDIR/tests/lib/xvfb.sh"
trace=$LTTV_TEST_TRACES/lttng-kernel/many-threads
[ -d "$trace" ] || skip_all "no trace at $trace"
plan 3

out=$(mktemp -d)
trap 'kill $pid 2>/dev/null; rm -rf "$out"' EXIT
# A cache of its own: the state is built here, not loaded.
XDG_CACHE_HOME=$out/cache "$LTTV_BUILDDIR/gui/lttv-gui" "$trace" >"$out/stdout" 2>"$out/stderr" &
pid=$!
id=$(wait_window '^many-threads — LTTV$' 30)
check "a window titled many-threads appears" [ -n "$id" ]
# Long enough for the build (about 2 s with sanitizers) and the views.
sleep 8
import -window "${id:-root}" "$out/window.png" 2>/dev/null
check "the window is drawn" image_is_drawn "$out/window.png"
kill $pid 2>/dev/null
wait $pid 2>/dev/null
check "no critical warning on stderr" sh -c "! grep -E 'CRITICAL|ERROR|AddressSanitizer|runtime error' '$out/stderr'"
grep -E 'CRITICAL|ERROR|Sanitizer|runtime error' "$out/stderr" | sort | uniq -c | head -5 | sed 's/^/# /'
finish
