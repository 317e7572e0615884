#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# A build that saves the cache gives each chunk of the history back once
# it is full and encoded (history-recycle.c), and the last chunks of a
# freed thread's attributes once the thread is gone (sealed); queries then
# decode its block. The state at 60 random times and the statistics must be the same
# as from a build without the cache (which recycles nothing) and from the
# cache the first run wrote. On many-threads, the sample and vm-small the
# first run's queries decoded 468, 189 and 109 recycled chunks when this
# test was written (counted with a temporary print).
. "$LTTV_SRCDIR/tests/lib/tap.sh"
lttv="$LTTV_BUILDDIR/cli/lttv"
T="$LTTV_TEST_TRACES"
[ -d "$T" ] || skip_all "no shared traces folder ($T)"
traces=""
for d in "$T"/lttng-kernel/many-threads "$T"/lttng-kernel/bug446190 \
         "$T"/perf/vm-small "$LTTV_SRCDIR"/data/sample-trace; do
  [ -d "$d" ] && traces="$traces $d"
done
n=0; for d in $traces; do n=$((n + 4)); done
plan $((n + 2))
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Threads freed, their attributes sealed, their tid taken again: written
# by tests/ctf-writer from scenarios/sealed-tid-reuse.scn, built in
# batches of one event (so that the sealing happens right after each
# free), its state every 20 ns compared with the plain build's.
writer="$LTTV_BUILDDIR/tests/ctf-writer/lttv-ctf-writer"
"$writer" "$LTTV_SRCDIR/tests/state/scenarios/sealed-tid-reuse.scn" "$tmp/sealed" >"$tmp/w.err" 2>&1 ||
  sed 's/^/# /' "$tmp/w.err"
at=$(seq -s, 1000 20 6400)
"$lttv" state --no-cache --at="$at" "$tmp/sealed" > "$tmp/plain" 2>&1
for run in built loaded; do
  LTTV_STATE_BATCH_BYTES=1 XDG_CACHE_HOME="$tmp/cache-sealed" \
    "$lttv" state --at="$at" "$tmp/sealed" > "$tmp/$run" 2>&1
  stat -c '%i %y' "$tmp/cache-sealed"/lttv/state-*.cache > "$tmp/$run.file" 2>&1
done
check "sealed-tid-reuse: the state every 20 ns after a build sealing freed threads is the plain build's" \
  sh -c "grep -q 'Threads/300/System_call' '$tmp/plain' && cmp -s '$tmp/plain' '$tmp/built'"
# (a cache found wrong would be rebuilt and written again, silently)
check "sealed-tid-reuse: ... and the cache's, which the second run kept" \
  sh -c "cmp -s '$tmp/plain' '$tmp/loaded' && cmp -s '$tmp/built.file' '$tmp/loaded.file'"
for d in $traces; do
  name=$(basename "$d")
  XDG_CACHE_HOME="$tmp/cache-$name"; export XDG_CACHE_HOME
  at=$("$lttv" info "$d" | awk '/begin:/ {b=$2} /end:/ {e=$2} END {
    sub(/\./, "", b); sub(/\./, "", e); srand(11); s = "";
    for (i = 0; i < 60; i++) s = s (i ? "," : "") sprintf("%.0f", b + rand() * (e - b)); print s }')
  "$lttv" state --at="$at" "$d" > "$tmp/built" 2>&1
  "$lttv" state --no-cache --at="$at" "$d" > "$tmp/plain" 2>&1
  "$lttv" state --at="$at" "$d" > "$tmp/loaded" 2>&1
  check "$name: the state at 60 times after a recycling build is the plain build's" \
    sh -c "[ -s '$tmp/plain' ] && cmp -s '$tmp/plain' '$tmp/built'"
  check "$name: ... and the cache's" cmp -s "$tmp/plain" "$tmp/loaded"
  rm -rf "$XDG_CACHE_HOME"
  "$lttv" stats --format=tsv "$d" > "$tmp/built" 2>&1
  "$lttv" stats --no-cache --format=tsv "$d" > "$tmp/plain" 2>&1
  "$lttv" stats --format=tsv "$d" > "$tmp/loaded" 2>&1
  check "$name: the statistics after a recycling build are the plain build's" \
    sh -c "[ -s '$tmp/plain' ] && cmp -s '$tmp/plain' '$tmp/built'"
  check "$name: ... and the cache's" cmp -s "$tmp/plain" "$tmp/loaded"
done
finish
