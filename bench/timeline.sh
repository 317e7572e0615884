#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Full redraws of the timeline viewers (control flow, resource view) at
# 1920x1080 through their render function, on the whole trace, a 1 ms and
# a 10 us window: median and worst of 9, on a big recording ($LTTV_BIG_TRACE,
# made with tools/lttv-record) against the bundled sample trace, the two
# rendered in turns by one process. The ratio big/sample must stay under 2:
# drawing costs pixels, not events.
# Usage: bench/timeline.sh [VIEW...]
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
builddir=${LTTV_BUILDDIR:-$here/../build/run}
big=${LTTV_BIG_TRACE:-}
[ -n "$big" ] && [ -d "$big" ] || { echo "timeline: set LTTV_BIG_TRACE (lttv-record --workload --seconds=60 DIR)"; exit 0; }
sample=$here/../data/sample-trace
make -s -C "$builddir/bench" timeline-bench >/dev/null || exit 1
export LTTV_MODULE_PATH=$builddir/modules
export XDG_CACHE_HOME=${XDG_CACHE_HOME:-/tmp/lttv-bench-cache}
[ $# -gt 0 ] || set -- controlflow resourceview
for view in "$@"; do
  if [ ! -d "$big" ]; then
    echo "$view: no big trace at $big (set LTTV_BIG_TRACE)"; continue
  fi
  out=/tmp/timeline-bench.$$
  "$builddir/bench/timeline-bench" "$view" 9 "$sample" "$big" > $out || continue
  # field FIELD INDEX WORD: what follows WORD on trace INDEX's line.
  field () { awk -v i="$1" -v w="$2" '$1 == i && $2 == w { $1 = ""; $2 = ""; sub(/^ +/, ""); print }' $out; }
  echo "# $view sample: $(field 0 events); big: $(field 1 events)"
  echo "# $view first render (rows listed): sample $(field 0 first | cut -d' ' -f1) ms, big $(field 1 first | cut -d' ' -f1) ms"
  rs=$(field 0 rows)
  rb=$(field 1 rows)
  echo "# $view rows drawn: sample $rs, big $rb"
  for w in full 1ms 10us; do
    s=$(field 0 $w | awk '{ print $2 " " $4 }')
    b=$(field 1 $w | awk '{ print $2 " " $4 }')
    echo "# $view $w: big median ${b% *} ms worst ${b#* } ms; sample median ${s% *} ms worst ${s#* } ms"
    # Reference: the sample trace; a ratio above 0.5x means big/sample < 2.
    report "$view redraw 1920x1080 $w, big vs sample" "${b% *}" "${s% *}" ms
    # Per row drawn: the views may show more rows on the big trace.
    report "$view redraw per row $w, big vs sample" \
      "$(awk -v t="${b% *}" -v r="$rb" 'BEGIN { printf "%.3f", t / (r > 0 ? r : 1) }')" \
      "$(awk -v t="${s% *}" -v r="$rs" 'BEGIN { printf "%.3f", t / (r > 0 ? r : 1) }')" ms
  done
  rm -f $out
done
