#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The GNOME parts of the window: the preferences and modules actions open
# their dialogs, and a module refused for its ABI is reported (stderr names
# its file) while the window works. (test-keyboard types the
# accelerators.)
. "$LTTV_SRCDIR/tests/lib/tap.sh"
. "$LTTV_SRCDIR/tests/lib/xvfb.sh"
plan 4

gui="$LTTV_BUILDDIR/gui/lttv-gui"
bad="$LTTV_BUILDDIR/tests/gui/bad-abi"
out=$(mktemp -d)
has_window () { [ -n "$(wait_window "$1" "$2")" ]; }
trap 'kill $pid 2>/dev/null; rm -rf "$out"' EXIT

LTTV_MODULE_PATH="$bad:$LTTV_MODULE_PATH" "$gui" >"$out/stdout" 2>"$out/stderr" &
pid=$!
id=$(wait_window '^sample-trace [^(]*LTTV$' 60)
check "the window opens with a refused module on the path" [ -n "$id" ]
check "the refusal names the module's file" grep -q "$bad/module-bad-abi.la: built for module ABI" "$out/stderr"

gapplication action org.lttv.Lttv preferences
check "the preferences action opens Preferences" has_window '^Preferences$' 10
gapplication action org.lttv.Lttv modules
mid=$(wait_window '^Modules$' 10)
check "the modules action opens Modules" [ -n "$mid" ]
[ -n "$mid" ] && import -window "$mid" "$LTTV_BUILDDIR/tests/gui/modules-dialog.png" 2>/dev/null
finish
