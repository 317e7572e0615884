#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# lttv-gui with no argument opens the bundled sample trace in a window
# that is really drawn: its title becomes the trace's name once the
# traceset is open.
. "$LTTV_SRCDIR/tests/lib/tap.sh"
. "$LTTV_SRCDIR/tests/lib/xvfb.sh"
plan 3

out=$(mktemp -d)
trap 'kill $pid 2>/dev/null; rm -rf "$out"' EXIT
"$LTTV_BUILDDIR/gui/lttv-gui" >"$out/stdout" 2>"$out/stderr" &
pid=$!

id=$(wait_window '^sample-trace — LTTV$' 20)
check "a window titled with the sample trace's name appears" [ -n "$id" ]
sleep 1
import -window "${id:-root}" "$out/window.png" 2>/dev/null
check "the window is drawn, not blank" image_is_drawn "$out/window.png"
kill $pid 2>/dev/null
wait $pid 2>/dev/null
check "no critical warning on stderr" sh -c "! grep -E 'CRITICAL|ERROR|AddressSanitizer|runtime error' '$out/stderr'"
cat "$out/stderr" | sed 's/^/# /'
finish
