#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# lttv-gui --export=critpath:FILE.tsv: headless, no thread is selected,
# so it writes nothing and says why (the viewer's own export, with a
# thread selected, is checked in test-critpath.c).
. "$LTTV_SRCDIR/tests/lib/tap.sh"
. "$LTTV_SRCDIR/tests/lib/xvfb.sh"
plan 3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$LTTV_BUILDDIR/tests/ctf-writer/lttv-ctf-writer" "$LTTV_SRCDIR/tests/ctf-writer/scenarios/critpath-wake.scn" \
  "$tmp/critpath-wake" || { echo "Bail out! cannot write critpath-wake.scn"; exit 1; }
"$LTTV_BUILDDIR/gui/lttv-gui" --export=critpath:"$tmp/path.tsv" "$tmp/critpath-wake" 2>"$tmp/err"
status=$?
sed 's/^/# /' "$tmp/err"
check "the export fails (exit $status)" [ $status -ne 0 ]
check "it says no thread is selected" grep -q "No thread selected" "$tmp/err"
check "and writes no file" [ ! -e "$tmp/path.tsv" ]
finish
