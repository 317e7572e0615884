# SPDX-License-Identifier: GPL-2.0-or-later
# big_trace: prints the path of a multi-million-event kernel trace for the
# tests that need one: $LTTV_BIG_TRACE when set, else a trace of this
# machine recorded once (20 s of lttv-record's built-in workload, about 2-3 M
# events) with the project's tools/lttv-record into the build tree's test cache (never into a trace
# folder; `make clean` removes it). Prints nothing, with the reason on
# stderr, when there is none and none can be recorded.
big_trace () {
  if [ -n "${LTTV_BIG_TRACE:-}" ]; then
    echo "$LTTV_BIG_TRACE"
    return
  fi
  rec="$LTTV_BUILDDIR/tests/cache/recorded-kernel-20s"
  tool=${LTTV_RECORD:-$LTTV_BUILDDIR/tools/lttv-record}
  if [ ! -d "$rec" ]; then
    if [ ! -x "$tool" ]; then
      echo "no big trace: set LTTV_BIG_TRACE, or install $tool" >&2
      return
    fi
    if [ "$(id -u)" != 0 ]; then
      echo "no big trace: set LTTV_BIG_TRACE (recording one needs root)" >&2
      return
    fi
    mkdir -p "$(dirname "$rec")"
    rm -rf "$rec.part"
    "$tool" --workload --seconds=20 "$rec.part" >"$rec.log" 2>&1 && mv "$rec.part" "$rec" ||
      { echo "no big trace: $tool failed (see $rec.log)" >&2; return; }
  fi
  echo "$rec"
}
