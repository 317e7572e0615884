#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Readers read packets in sequence through a copy (pread into a buffer of
# their own, ctf-packet-copy.c), a window of the packet at a time, with the
# stream's mapping as the way back when the file cannot be opened again.
# With LTTV_NO_PACKET_COPY every reader reads from the mapping; with few
# file descriptors left (ulimit -n), some do; with tiny windows
# (LTTV_PACKET_COPY_WINDOW), the window slides every few events and most
# events run past its end, to be read again once it holds them: the
# output must be byte for byte the same as with every reader on copies of
# 1 MB, on good traces (several streams, both byte orders, perf) and on
# the fail corpora (same message, same events before it).
. "$LTTV_SRCDIR/tests/lib/tap.sh"
LTTV="$LTTV_BUILDDIR/cli/lttv"
T="$LTTV_TEST_TRACES"
[ -d "$T" ] || skip_all "no shared traces folder ($T)"

traces=""
for d in "$T"/lttng-kernel/many-threads "$T"/lttng-kernel/bug446190 \
         "$T"/lttng-kernel/flipping-endianness "$T"/perf/vm-small \
         "$T"/ctf-misc/ctf-sequence-empty "$LTTV_SRCDIR"/data/sample-trace \
         "$T"/babeltrace-ctf-traces/fail/* "$T"/ctf-testsuite/stream/fail/*; do
  [ -d "$d" ] && traces="$traces $d"
done
limits="mapped 6 8 window-4096 window-100"
n=0; for d in $traces; do for l in $limits; do n=$((n + 1)); done; done
plan $n
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for d in $traces; do
  name=${d#"$T"/}
  timeout 60 "$LTTV" dump "$d" > "$tmp/want" 2> "$tmp/want-err"; want_rc=$?
  for l in $limits; do
    case $l in
      mapped) how="all from the mapping" ;;
      window-*) how="windows of ${l#window-} bytes" ;;
      *) how="ulimit -n $l" ;;
    esac
    if [ "$l" = mapped ]; then
      LTTV_NO_PACKET_COPY=1 timeout 60 "$LTTV" dump "$d" > "$tmp/got" 2> "$tmp/got-err"
    elif [ "${l#window-}" != "$l" ]; then
      LTTV_PACKET_COPY_WINDOW=${l#window-} timeout 60 "$LTTV" dump "$d" > "$tmp/got" 2> "$tmp/got-err"
    else
      # (descriptors 3 to 9, open in the test harness, closed first: the
      # limit counts from the lowest free one)
      (exec 3>&- 4>&- 5>&- 6>&- 7>&- 8>&- 9>&-
       ulimit -n "$l" && exec timeout 60 "$LTTV" dump "$d") > "$tmp/got" 2> "$tmp/got-err"
    fi
    rc=$?
    if [ $rc -ne $want_rc ]; then
      fail "$name, $how: exit $rc, not $want_rc: $(head -c 300 "$tmp/got-err")"
    elif ! cmp -s "$tmp/want" "$tmp/got" || ! cmp -s "$tmp/want-err" "$tmp/got-err"; then
      fail "$name, $how: the output differs from the copies' ($(wc -l < "$tmp/got") lines, $(wc -l < "$tmp/want") wanted)"
    else
      ok "$name, $how: same output, exit $rc ($(wc -l < "$tmp/got") lines)"
    fi
  done
done
finish
