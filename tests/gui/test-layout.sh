#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Runs the layout test (test-layout.c) on Xvfb.
. "$LTTV_SRCDIR/tests/lib/tap.sh"
. "$LTTV_SRCDIR/tests/lib/xvfb.sh"
exec "$LTTV_BUILDDIR/tests/gui/test-layout" --tap -k
