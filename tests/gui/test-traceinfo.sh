#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The trace information view lists the tracer's losses and the state's
# anomalies (test-traceinfo.c), on a trace the CTF writer makes from
# traceinfo.scn and on a packet-seq-num trace (streams without cpu_id),
# on Xvfb.
. "$LTTV_SRCDIR/tests/lib/tap.sh"
. "$LTTV_SRCDIR/tests/lib/xvfb.sh"
writer="$LTTV_BUILDDIR/tests/ctf-writer/lttv-ctf-writer"
[ -x "$writer" ] || skip_all "lttv-ctf-writer is not built"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$writer" "$LTTV_SRCDIR/tests/gui/traceinfo.scn" "$tmp/trace" >/dev/null || skip_all "the writer failed"
export XDG_CACHE_HOME="$tmp/cache"
TI_NOCPU_TRACE="$LTTV_TEST_TRACES/babeltrace-ctf-traces/packet-seq-num/2-streams-lost-in-2" \
TI_TRACE="$tmp/trace" "$LTTV_BUILDDIR/tests/gui/test-traceinfo" --tap -k
