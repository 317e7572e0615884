#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Runs the in-process tab strip tests (test-tab-strip.c) on Xvfb.
. "$LTTV_SRCDIR/tests/lib/tap.sh"
. "$LTTV_SRCDIR/tests/lib/xvfb.sh"
exec "$LTTV_BUILDDIR/tests/gui/test-tab-strip" --tap -k
