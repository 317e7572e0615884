#!/bin/sh
# lttv-gui start-up: time from launch to the first paint of a tab whose
# traceset is open (the time bar shows its range), on the sample trace and
# on $LTTV_BIG_TRACE; and the longest main-loop stall meanwhile. The
# reference is babeltrace2 reading the same trace through (what a viewer
# that decodes everything before showing would cost). Needs xvfb-run,
# xdotool and dbus-run-session when there is no display.
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

# first_paint TRACE: prints "OPENED_MS STALL_MS BUSY_MS" for one launch.
first_paint () {
  err=$(mktemp)
  LTTV_STALL_REPORT=1 "$gui" "$1" 2>"$err" &
  pid=$!
  name=$(basename "$1")
  for _ in $(seq 600); do
    xdotool search --onlyvisible --name "^$name [^(]*LTTV\$" >/dev/null 2>&1 && break
    sleep 0.1
  done
  sleep 0.5
  gapplication action org.lttv.Lttv quit 2>/dev/null
  wait $pid
  opened=$(sed -n 's/^lttv-gui: first paint of an opened traceset: \([0-9.]*\) ms.*/\1/p' "$err")
  stall=$(sed -n 's/^lttv-gui: longest main-loop stall: \([0-9.]*\) ms.*/\1/p' "$err")
  busy=$(sed -n 's/^lttv-gui: longest main-loop busy time: \([0-9.]*\) ms.*/\1/p' "$err")
  rm -f "$err"
  echo "${opened:-0} ${stall:-0} ${busy:-0}"
}

for trace in "$here/../data/sample-trace" ${LTTV_BIG_TRACE:-}; do
  [ -d "$trace" ] || continue
  name=$(basename "$trace")
  best=""
  for _ in $(seq "${BENCH_REPEAT:-3}"); do
    set -- $(first_paint "$trace")
    if [ -z "$best" ] || awk -v a="$1" -v b="$best" 'BEGIN { exit !(a < b) }'; then
      best=$1; stall=$2; busy=$3
    fi
  done
  ref=$(BENCH_REPEAT=1 seconds babeltrace2 "$trace")
  ref_ms=$(awk -v s="$ref" 'BEGIN { printf "%.0f", s * 1000 }')
  report "gui first paint of $name" "$best" "$ref_ms" ms
  echo "gui longest main-loop stall while opening $name: ${stall} ms (main-thread CPU ${busy} ms)"
done
