#!/bin/sh
# Full redraws of the timeline viewers (control flow, resource view) at
# 1920x1080 through their render function, on the whole trace, a 1 ms and
# a 10 us window: median and worst of 9, on a big recording ($LTTV_BIG_TRACE,
# default /work/traces/big-60s) against the bundled sample trace. The ratio
# big/sample must stay under 2: drawing costs pixels, not events.
# Usage: bench/timeline.sh [VIEW...]
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
builddir=${LTTV_BUILDDIR:-$here/../build/run}
big=${LTTV_BIG_TRACE:-/work/traces/big-60s}
sample=$here/../data/sample-trace
make -s -C "$builddir/bench" timeline-bench >/dev/null || exit 1
export LTTV_MODULE_PATH=$builddir/modules
export XDG_CACHE_HOME=${XDG_CACHE_HOME:-/tmp/lttv-bench-cache}
[ $# -gt 0 ] || set -- controlflow resourceview
for view in "$@"; do
  "$builddir/bench/timeline-bench" "$view" "$sample" 9 > /tmp/timeline-bench.small.$$ || continue
  if [ -d "$big" ]; then
    "$builddir/bench/timeline-bench" "$view" "$big" 9 > /tmp/timeline-bench.big.$$ || continue
  else
    echo "$view: no big trace at $big (set LTTV_BIG_TRACE)"; continue
  fi
  echo "# $view sample: $(head -n 1 /tmp/timeline-bench.small.$$); big: $(head -n 1 /tmp/timeline-bench.big.$$)"
  echo "# $view first render (rows listed): sample $(awk '$1 == "first" { print $2 }' /tmp/timeline-bench.small.$$) ms, big $(awk '$1 == "first" { print $2 }' /tmp/timeline-bench.big.$$) ms"
  rs=$(awk '$1 == "rows" { print $2 }' /tmp/timeline-bench.small.$$)
  rb=$(awk '$1 == "rows" { print $2 }' /tmp/timeline-bench.big.$$)
  echo "# $view rows drawn: sample $rs, big $rb"
  for w in full 1ms 10us; do
    s=$(awk -v w=$w '$1 == w { print $3 " " $5 }' /tmp/timeline-bench.small.$$)
    b=$(awk -v w=$w '$1 == w { print $3 " " $5 }' /tmp/timeline-bench.big.$$)
    echo "# $view $w: big median ${b% *} ms worst ${b#* } ms; sample median ${s% *} ms worst ${s#* } ms"
    # Reference: the sample trace; a ratio above 0.5x means big/sample < 2.
    report "$view redraw 1920x1080 $w, big vs sample" "${b% *}" "${s% *}" ms
    # Per row drawn: the views may show more rows on the big trace.
    report "$view redraw per row $w, big vs sample" \
      "$(awk -v t="${b% *}" -v r="$rb" 'BEGIN { printf "%.3f", t / (r > 0 ? r : 1) }')" \
      "$(awk -v t="${s% *}" -v r="$rs" 'BEGIN { printf "%.3f", t / (r > 0 ? r : 1) }')" ms
  done
  rm -f /tmp/timeline-bench.small.$$ /tmp/timeline-bench.big.$$
done
