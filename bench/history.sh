#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The state history store against a history tree, on 5 M synthetic changes
# (bench/history-bench.c, built on demand in $LTTV_BUILDDIR/bench).
b=${LTTV_BUILDDIR:?}
make -s -C "$b/bench" history-bench >/dev/null || exit 1
exec "$b/bench/history-bench" "${HISTORY_CHANGES:-5000000}"
