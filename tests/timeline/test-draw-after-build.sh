#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Runs test-draw-after-build.c on Xvfb.
. "$LTTV_SRCDIR/tests/lib/tap.sh"
. "$LTTV_SRCDIR/tests/lib/xvfb.sh"
exec "$LTTV_BUILDDIR/tests/timeline/test-draw-after-build" --tap -k
