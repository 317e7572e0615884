#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Runs the marks, bookmarks and measurement tests (test-marks.c) on Xvfb,
# on the hand-worked scenario tests/timeline/two-threads.scn.
. "$LTTV_SRCDIR/tests/lib/tap.sh"
. "$LTTV_SRCDIR/tests/lib/xvfb.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$LTTV_BUILDDIR/tests/ctf-writer/lttv-ctf-writer" "$LTTV_SRCDIR/tests/timeline/two-threads.scn" \
  "$tmp/two-threads" || { echo "Bail out! cannot write two-threads.scn"; exit 1; }
MARKS_TRACE=$tmp/two-threads "$LTTV_BUILDDIR/tests/gui/test-marks" --tap -k
