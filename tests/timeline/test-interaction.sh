#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Runs the interaction tests of the timeline viewers (test-interaction.c)
# on Xvfb, on the hand-worked scenario two-threads.scn.
. "$LTTV_SRCDIR/tests/lib/tap.sh"
. "$LTTV_SRCDIR/tests/lib/xvfb.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$LTTV_BUILDDIR/tests/ctf-writer/lttv-ctf-writer" "$LTTV_SRCDIR/tests/timeline/two-threads.scn" \
  "$tmp/trace" || { echo "Bail out! cannot write two-threads.scn"; exit 1; }
TIMELINE_TRACE=$tmp/trace "$LTTV_BUILDDIR/tests/timeline/test-interaction" --tap -k
