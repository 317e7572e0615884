#!/bin/sh
# The state history store against a history tree, on synthetic changes
# (bench/history-bench.c). Usage: bench/history.sh [BUILDDIR] [N_CHANGES]
builddir=${1:-build}
make -s -C "$builddir/bench" history-bench >/dev/null || exit 1
exec "$builddir/bench/history-bench" "${2:-5000000}"
