#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Seeds the fuzzing corpora from the shared traces:
#   tests/fuzz/make-seeds.sh TRACES_DIR OUTDIR
# OUTDIR/metadata: every text metadata file (TSDL, and CTF 2's JSON, whose
# first byte is 0x1e); OUTDIR/stream: for each small
# trace with one text metadata, its metadata and the start of one stream
# file in fuzz-stream.c's format (4-byte little-endian metadata length,
# metadata, stream bytes); OUTDIR/cache: the state cache of perf/vm-small
# (fuzz-cache.c), written by lttv (LTTV, else build/run's).
set -eu
traces=$1; out=$2
mkdir -p "$out/metadata" "$out/stream" "$out/cache"
lttv=${LTTV:-$(dirname "$0")/../../build/run/cli/lttv}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
XDG_CACHE_HOME="$tmp" "$lttv" state "$traces/perf/vm-small" > /dev/null
cp "$tmp"/lttv/state-*.cache "$out/cache/seed-vm-small"
i=0
find "$traces" -name metadata -type f | sort | while read -r m; do
  i=$((i + 1))
  # packetized metadata starts with the magic 0x75D11D57 (either order)
  magic=$(od -An -tx1 -N4 "$m" | tr -d ' ')
  case $magic in 571dd175|75d11d57) continue ;; esac
  cp "$m" "$out/metadata/seed-$i"
  d=$(dirname "$m")
  s=$(find "$d" -maxdepth 1 -type f ! -name metadata ! -name '.*' -size -2M | sort | head -1)
  [ -n "$s" ] || continue
  len=$(stat -c %s "$m")
  [ "$len" -lt 65536 ] || continue
  {
    printf "$(printf '\\%03o\\%03o\\%03o\\%03o' $((len & 255)) $(((len >> 8) & 255)) $(((len >> 16) & 255)) $(((len >> 24) & 255)))"
    cat "$m"
    head -c 32768 "$s"
  } > "$out/stream/seed-$i"
done
echo "seeds: $(ls "$out/metadata" | wc -l) metadata, $(ls "$out/stream" | wc -l) stream, 1 cache"
