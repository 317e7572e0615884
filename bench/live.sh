#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# bench/live.sh: following an LTTng session live through lttng-relayd
# (root, lttng-tools, the build's tests/live/live-app). For each rate R
# (events per second, two threads), live-app records for LIVE_SECONDS (3)
# in a live session (live timer 100 ms) while `lttv dump net://...` (then
# `babeltrace2 net://...`, the reference, on a session of its own) prints
# to a reader that stamps each line as it comes:
#   live[R/s]: ours N events, delay median Xs p99 Ys, behind Zs at the end;
#              reference ...
# delay: from an event's time to its line's arrival; behind: from the
# program's end to the last line. A rate is followed when every event
# arrives and "behind" stays under a second.
set -u
here=$(cd "$(dirname "$0")" && pwd)
LTTV_BUILDDIR=$(cd "${LTTV_BUILDDIR:-$here/../build}" && pwd)
LTTV_SRCDIR=$(cd "$here/.." && pwd)
export LTTV_BUILDDIR LTTV_SRCDIR TZ=UTC
skip_all () { echo "live: skipped: $*"; exit 0; }
diag () { echo "# $*" >&2; }
. "$LTTV_SRCDIR/tests/live/live-lib.sh"
live_setup
export XDG_CACHE_HOME=$T/cache
secs=${LIVE_SECONDS:-3}

# stamp: reads the dump, prints "count median p99 last_arrival"
stamp () {
  python3 -c '
import sys, time
d = []
last = 0.0
for line in sys.stdin:
    if not line.startswith("["):
        continue
    now = time.time()
    last = now
    h, m, s = line[1:19].split(":")
    ev = int(h) * 3600 + int(m) * 60 + float(s)
    tod = now % 86400
    d.append((tod - ev) % 86400)
d.sort()
n = len(d)
med = d[n // 2] if n else 0
p99 = d[min(n - 1, int(n * 0.99))] if n else 0
print(n, "%.3f" % med, "%.3f" % p99, "%.3f" % last)
'
}

run () { # run VIEWER RATE: "count median p99 behind"
  viewer=$1 rate=$2
  S=bench-$viewer-$rate-$$
  live_session "$S" || { echo "0 0 0 0"; return; }
  if [ "$viewer" = lttv ]; then
    (timeout $((secs + 60)) "$LTTV" dump "$URL/host/$HOST/$S" | stamp >"$T/stamp") &
  else
    (timeout $((secs + 8)) "$BT" "$URL/host/$HOST/$S" 2>/dev/null | stamp >"$T/stamp") &
  fi
  vp=$!
  sleep 1
  "$APP" $((rate * secs / 2)) $((rate / 2)) 2
  end=$(date +%s.%N)
  lt stop "$S"
  sleep 3
  lt destroy "$S"
  wait "$vp"
  read -r n med p99 last <"$T/stamp"
  echo "$n $med $p99 $(echo "$last $end" | awk '{ printf "%.3f", $1 - $2 }')"
}

for rate in ${LIVE_RATES:-10000 100000 400000}; do
  want=$((rate * secs / 2 * 2 + 2))
  ours=$(run lttv "$rate")
  ref=$(run bt "$rate")
  echo "$ours|$ref" | awk -F'|' -v r="$rate" -v w="$want" '{
    split($1, o, " "); split($2, b, " ");
    printf "live[%d/s]: ours %d/%d events, delay median %ss p99 %ss, behind %ss at the end; reference %d events, median %ss p99 %ss, behind %ss\n",
      r, o[1], w, o[2], o[3], o[4], b[1], b[2], b[3], b[4] }'
done
