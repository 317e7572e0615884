#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# test-export-job (the export button's job, #30), without LeakSanitizer's
# report of fontconfig's caches, which are never freed (as for every test
# that draws text: tests/lib/xvfb.sh).
export ASAN_OPTIONS=detect_leaks=0:abort_on_error=1
exec "$LTTV_BUILDDIR/tests/gui/test-export-job" --tap -k
