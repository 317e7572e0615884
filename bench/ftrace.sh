#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# bench/ftrace.sh [DAT [CTF]]: the trace-cmd .dat reader (core/ftrace) on a
# recording of >= 3 M events (DAT, else $LTTV_FTRACE_TRACE; make one with
# `lttv-record --ftrace -t 15 FILE.dat -- WORKLOAD`), one run each, CPU
# and wall seconds side by side:
#   dat-count-first:  lttv dump --count DAT, empty cache (the conversion)
#                     vs trace-cmd report -R DAT > /dev/null
#   dat-count:        the same, the CTF copy made (later opens)
#   dat-dump-text:    lttv dump DAT > /dev/null vs trace-cmd report DAT
#   state build:      events per second of lttv state --no-cache on DAT
#                     and on CTF (else $LTTV_BIG_TRACE), a CTF recording
#                     of similar size
# LTTV_BUILDDIR: an optimized build without sanitizers.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "${LTTV_BUILDDIR:-$here/../build}" && pwd)
if [ -x "$build/cli/.libs/lttv" ]; then
  lttv="$build/cli/.libs/lttv"
  export LD_LIBRARY_PATH="$build/core/.libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
else
  lttv="$build/cli/lttv"
fi
dat=${1:-${LTTV_FTRACE_TRACE:-}}
ctf=${2:-${LTTV_BIG_TRACE:-}}
[ -n "$dat" ] && [ -f "$dat" ] || { echo "ftrace: give a .dat file (or set LTTV_FTRACE_TRACE)"; exit 0; }
command -v trace-cmd >/dev/null 2>&1 || { echo "ftrace: trace-cmd is missing"; exit 0; }
. "$here/lib.sh"
cache=$(mktemp -d); trap 'rm -rf "$cache"' EXIT
export XDG_CACHE_HOME="$cache"
line () { # line NAME "OURS_CPU OURS_WALL" "REF_CPU REF_WALL"
  printf '%s: ' "$1"
  echo "$2 $3" | awk '{ r = $1 > 0 ? $3 / $1 : 0; w = $2 > 0 ? $4 / $2 : 0;
    printf "ours %ss, reference %ss, ratio %.1f (CPU time; wall %ss vs %ss, ratio %.1f)\n",
      $1, $3, r, $2, $4, w }'
}
cat "$dat" > /dev/null
n=$(trace-cmd report -i "$dat" 2>/dev/null | grep -vc '^cpus=' || true)
echo "events[$(basename "$dat")]: $n (trace-cmd report)"
raw=$(cpu_wall sh -c "trace-cmd report -R -i '$dat' > /dev/null 2>&1")
first=$(cpu_wall "$lttv" dump --count "$dat")
line "dat-count-first (conversion) vs trace-cmd report -R" "$first" "$raw"
again=$(cpu_wall "$lttv" dump --count "$dat")
line "dat-count (CTF copy made) vs trace-cmd report -R" "$again" "$raw"
text=$(cpu_wall sh -c "trace-cmd report -i '$dat' > /dev/null 2>&1")
ours=$(cpu_wall sh -c "'$lttv' dump '$dat' > /dev/null")
line "dat-dump-text vs trace-cmd report" "$ours" "$text"
du -sk "$cache/lttv/ftrace" | awk -v f="$(du -sk "$dat" | cut -f1)" '{ printf "CTF copy: %d MB for a %d MB .dat file\n", $1 / 1024, f / 1024 }'
rate () { # rate TRACE: events per second of the state build
  t=$(cpu_wall "$lttv" state --no-cache --at=+0 "$1")
  c=$("$lttv" dump --count "$1" 2>/dev/null)
  echo "$t $c" | awk '{ printf "%.0f %.0f %s %s", $3 / $1, $3 / $2, $1, $2 }'
}
d=$(rate "$dat")
echo "$d" | awk '{ printf "state build on the .dat: %d events/s CPU (%d events/s wall; %ss CPU, %ss wall)\n", $1, $2, $3, $4 }'
if [ -n "$ctf" ] && [ -d "$ctf" ]; then
  c=$(rate "$ctf")
  echo "$c" | awk '{ printf "state build on CTF %s: %d events/s CPU (%d events/s wall)\n", "'"$(basename "$ctf")"'", $1, $2 }'
  echo "$d $c" | awk '{ printf "state build events/s, .dat vs CTF: ratio %.2f (goal >= 0.5)\n", $1 / $5 }'
fi
