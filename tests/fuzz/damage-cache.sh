#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The state cache's loader on a real cache damaged in 240 places, sums made
# right (damage-cache.c, with the fuzz-cache.c harness): each damage loaded
# or refused, never a sanitizer report. The cache is written here, by lttv,
# for perf/vm-small (a cache names its trace's files, sizes and times).
. "$LTTV_SRCDIR/tests/lib/tap.sh"
T="$LTTV_TEST_TRACES/perf/vm-small"
[ -d "$T" ] || skip_all "no shared traces folder ($T)"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
XDG_CACHE_HOME="$tmp" "$LTTV_BUILDDIR/cli/lttv" state "$T" > /dev/null ||
  skip_all "lttv state could not write the cache"
exec "$LTTV_BUILDDIR/tests/fuzz/damage-cache" "$T" "$tmp"/lttv/state-*.cache
