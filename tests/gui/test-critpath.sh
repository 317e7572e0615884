#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Runs the wakeup arrows and critical path viewer tests (test-critpath.c)
# on Xvfb, on the hand-worked scenario critpath-wake.scn and its path
# worked out by hand (tests/state/critpath/critpath-wake.expected).
. "$LTTV_SRCDIR/tests/lib/tap.sh"
. "$LTTV_SRCDIR/tests/lib/xvfb.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$LTTV_BUILDDIR/tests/ctf-writer/lttv-ctf-writer" "$LTTV_SRCDIR/tests/ctf-writer/scenarios/critpath-wake.scn" \
  "$tmp/critpath-wake" || { echo "Bail out! cannot write critpath-wake.scn"; exit 1; }
CRITPATH_TRACE=$tmp/critpath-wake CRITPATH_EXPECTED=$LTTV_SRCDIR/tests/state/critpath/critpath-wake.expected \
  "$LTTV_BUILDDIR/tests/gui/test-critpath" --tap -k
