#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# lttv-gui start-up: time from launch to the first paint of a tab whose
# traceset is open (the time bar shows its range), on the sample trace and
# on $LTTV_BIG_TRACE, without and with the cached state history; the time
# the state history takes to build (or load), and the longest main-loop
# stall meanwhile. The reference is babeltrace2 reading the same trace
# through (what a viewer that decodes everything before showing would
# cost). Needs xvfb-run, xdotool and dbus-run-session without a display.
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
gui="$LTTV_BUILDDIR/gui/lttv-gui"
[ -x "$gui" ] || { echo "gui: $gui not built"; exit 0; }
if [ -z "${DISPLAY:-}" ]; then
  command -v xvfb-run >/dev/null || { echo "gui: no display and no xvfb-run"; exit 0; }
  exec xvfb-run -a -s "-screen 0 1600x1000x24" dbus-run-session -- sh "$0" "$@"
fi
export GSETTINGS_BACKEND=memory NO_AT_BRIDGE=1
export LTTV_MODULE_PATH=${LTTV_MODULE_PATH:-$LTTV_BUILDDIR/modules}
export XDG_DATA_HOME=$(mktemp -d)
trap 'rm -rf "$XDG_DATA_HOME"' EXIT

# first_paint TRACE CACHE: prints "OPENED_MS BUILD_MS STALL_MS BUSY_MS"
# for one launch with XDG_CACHE_HOME=CACHE, once the history is built.
first_paint () {
  err=$(mktemp)
  XDG_CACHE_HOME=$2 LTTV_STALL_REPORT=1 "$gui" "$1" 2>"$err" &
  pid=$!
  for _ in $(seq 6000); do
    grep -q "state history" "$err" && break
    sleep 0.1
  done
  gapplication action org.lttv.Lttv quit 2>/dev/null
  wait $pid
  opened=$(sed -n 's/^lttv-gui: first paint of an opened traceset: \([0-9.]*\) ms.*/\1/p' "$err")
  build=$(sed -n 's/^lttv-gui: state history built in \([0-9.]*\) ms.*/\1/p' "$err")
  stall=$(sed -n 's/.*longest main-loop stall during the build: \([0-9.]*\) ms.*/\1/p' "$err")
  busy=$(sed -n 's/.*during the build: .*(main-thread CPU \([0-9.]*\) ms.*/\1/p' "$err")
  rm -f "$err"
  echo "${opened:-0} ${build:-0} ${stall:-0} ${busy:-0}"
}

for trace in "$here/../data/sample-trace" ${LTTV_BIG_TRACE:-}; do
  [ -d "$trace" ] || continue
  name=$(basename "$trace")
  ref=$(BENCH_REPEAT=1 seconds babeltrace2 "$trace")
  ref_ms=$(awk -v s="$ref" 'BEGIN { printf "%.0f", s * 1000 }')
  for cached in no yes; do
    cache=$(mktemp -d)
    # "yes": the first launch fills the cache, the measured ones load it.
    [ $cached = yes ] && first_paint "$trace" "$cache" >/dev/null
    best=""
    for _ in $(seq "${BENCH_REPEAT:-3}"); do
      [ $cached = no ] && rm -rf "$cache" && mkdir -p "$cache"
      set -- $(first_paint "$trace" "$cache")
      if [ -z "$best" ] || awk -v a="$1" -v b="$best" 'BEGIN { exit !(a < b) }'; then
        best=$1; build=$2; stall=$3; busy=$4
      fi
    done
    rm -rf "$cache"
    what="cached history"; [ $cached = no ] && what="no cached history"
    report "gui first paint of $name ($what)" "$best" "$ref_ms" ms
    echo "gui state history of $name ($what): ${build} ms; longest main-loop stall meanwhile ${stall} ms (main-thread CPU ${busy} ms)"
  done
done
