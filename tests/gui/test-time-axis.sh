#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Runs the time axis test (test-time-axis.c) on Xvfb.
. "$LTTV_SRCDIR/tests/lib/tap.sh"
. "$LTTV_SRCDIR/tests/lib/xvfb.sh"
exec "$LTTV_BUILDDIR/tests/gui/test-time-axis" --tap -k
