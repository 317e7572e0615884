#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The module host: modules come from LTTV_MODULE_PATH (first folder wins
# over later ones and over the installed folder); a module built for
# another ABI is refused with a message naming its file while the others
# load. Runs without a display: --list-views needs none.
. "$LTTV_SRCDIR/tests/lib/tap.sh"
plan 8

gui="$LTTV_BUILDDIR/gui/lttv-gui"
mods="$LTTV_BUILDDIR/modules"
bad="$LTTV_BUILDDIR/tests/gui/bad-abi"
over="$LTTV_BUILDDIR/tests/gui/override"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

LTTV_MODULE_PATH="$mods" "$gui" --list-views >"$out/views" 2>"$out/err"
check "--list-views exits 0" [ $? -eq 0 ]
check "the traceinfo module of the build tree is listed with its label" \
  grep -qx "traceinfo	Trace Information" "$out/views"

LTTV_MODULE_PATH="$bad:$mods" "$gui" --list-views >"$out/views" 2>"$out/err"
status=$?
sed 's/^/# stderr: /' "$out/err"
check "a refused module does not make the program fail" [ $status -eq 0 ]
check "the wrong-ABI module is refused, naming its file and both ABIs" \
  grep -q "^lttv-gui: $bad/module-bad-abi.la: built for module ABI 999, this lttv-gui loads ABI 1; not loaded" "$out/err"
check "the other modules still load" grep -qx "traceinfo	Trace Information" "$out/views"

LTTV_MODULE_PATH="$over:$mods" "$gui" --list-views >"$out/views" 2>"$out/err"
check "the first folder of LTTV_MODULE_PATH overrides a module of the same id" \
  grep -qx "traceinfo	Override of traceinfo" "$out/views"
LTTV_MODULE_PATH="$mods:$over" "$gui" --list-views >"$out/views" 2>"$out/err"
check "in the other order the build tree's module wins" \
  grep -qx "traceinfo	Trace Information" "$out/views"

LTTV_MODULE_PATH="$out/nothing-here" "$gui" --list-views >"$out/views" 2>"$out/err"
check "with no module found, no viewer is listed" [ ! -s "$out/views" ]
finish
