#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The latency viewer's scatter redraw (latency-view-bench.c: its samples,
# lttv_latency_max_in once per pixel column, and its drawing with axes at
# 1920 x 400, the widget's code) on 10 M synthetic intervals against 10 k
# (goal: at most 2x), over the whole range and a 1/1000 window; and a
# repaint from the samples kept.
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
b=$LTTV_BUILDDIR
make -s -C "$b/bench" latency-view-bench >/dev/null || exit 1
# (a sanitizer build: fontconfig's caches left at exit are not ours)
export ASAN_OPTIONS=detect_leaks=0
"$b/bench/latency-view-bench" 10000 10000000 | awk '
  { n[NR] = $1; w[NR] = $2; x[NR] = $3; k[NR] = $4 }
  END { printf "latency scatter redraw, 1920x400, 10 M vs 10 k intervals: whole range %.2f vs %.2f ms (%.2fx), 1/1000 window %.2f vs %.2f ms (%.2fx); repaint from its samples %.2f vs %.2f ms (%.2fx); goal <= 2x\n",
               w[2], w[1], w[2] / w[1], x[2], x[1], x[2] / x[1], k[2], k[1], k[2] / k[1] }'
