#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# CTF 2 traces: every ctf2/succeed and ctf2/intersection trace dumps
# exactly as babeltrace2 2.1.2 printed it (NAME.expect); every
# ctf2/converted trace (a real trace written again as CTF 2 by babeltrace2
# 2.1.2) dumps to the stored sha256 and to the same text as its CTF 1.8
# original, and `lttv state` and `lttv stats` are the same for both.
. "$LTTV_SRCDIR/tests/lib/tap.sh"
LTTV="$LTTV_BUILDDIR/cli/lttv"
T="$LTTV_TEST_TRACES"
[ -d "$T/ctf2" ] || skip_all "no CTF 2 traces ($T/ctf2)"
# converted name -> CTF 1.8 original
originals="bug446190=lttng-kernel/bug446190
flipping-endianness=lttng-kernel/flipping-endianness
hello-lost=lttng-ust/hello-lost
many-threads=lttng-kernel/many-threads
perf-taskset2=perf/perf-taskset2
vm-small=perf/vm-small"
n=0
for e in "$T"/ctf2/succeed/*.expect "$T"/ctf2/intersection/*.expect; do n=$((n + 1)); done
for c in $originals; do n=$((n + 4)); done
plan $n
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for e in "$T"/ctf2/succeed/*.expect "$T"/ctf2/intersection/*.expect; do
  d=${e%.expect}; name=${d#"$T"/}
  "$LTTV" dump "$d" > "$tmp/out" 2> "$tmp/err"; rc=$?
  if [ $rc -ne 0 ]; then
    fail "$name: exit status $rc: $(head -c 300 "$tmp/err")"
  elif ! cmp -s "$tmp/out" "$e"; then
    fail "$name: differs from babeltrace2: $(diff "$tmp/out" "$e" | head -4)"
  else
    ok "$name: as babeltrace2 2.1.2 ($(wc -l < "$e") events)"
  fi
done
for c in $originals; do
  name=${c%%=*}; d="$T/ctf2/converted/$name"; o="$T/${c#*=}"
  "$LTTV" dump "$d" > "$tmp/conv" 2> "$tmp/err"; rc=$?
  want=$(cut -c1-64 "$d.expect.sha256")
  got=$(sha256sum < "$tmp/conv" | cut -c1-64)
  if [ $rc -eq 0 ] && [ "$got" = "$want" ]; then
    ok "converted/$name: dump has the stored sha256"
  else
    fail "converted/$name: exit $rc, sha256 $got, want $want: $(head -c 200 "$tmp/err")"
  fi
  "$LTTV" dump "$o" > "$tmp/orig" 2>/dev/null
  if cmp -s "$tmp/conv" "$tmp/orig"; then
    ok "converted/$name: dump as the CTF 1.8 original"
  else
    fail "converted/$name: dump differs: $(diff "$tmp/conv" "$tmp/orig" | head -4)"
  fi
  for cmd in state stats; do
    # the traces' paths differ; the rest must not
    "$LTTV" $cmd "$d" 2>&1 | sed "s|$d|TRACE|g" > "$tmp/conv"
    "$LTTV" $cmd "$o" 2>&1 | sed "s|$o|TRACE|g" > "$tmp/orig"
    if cmp -s "$tmp/conv" "$tmp/orig"; then
      ok "converted/$name: lttv $cmd as the original"
    else
      fail "converted/$name: lttv $cmd differs: $(diff "$tmp/conv" "$tmp/orig" | head -4)"
    fi
  done
done
finish
