#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# CTF 2 in the GUI: for each ctf2/converted trace, lttv-gui --export draws
# every time-based view (control flow, resources, histogram, event list,
# statistics) pixel for pixel as for its CTF 1.8 original. traceinfo is
# left out: it shows the trace's path and format, which differ by design.
# The views name a trace after its folder, and babeltrace2 wrote each
# converted trace one folder deeper (named after the host): both are
# opened through links of the same name, as corpus.sh replaces the paths.
. "$LTTV_SRCDIR/tests/lib/tap.sh"
. "$LTTV_SRCDIR/tests/lib/xvfb.sh"
T="$LTTV_TEST_TRACES"
[ -d "$T/ctf2/converted" ] || skip_all "no CTF 2 traces ($T/ctf2)"
gui="$LTTV_BUILDDIR/gui/lttv-gui"
# converted name -> CTF 1.8 original (as in corpus.sh)
originals="bug446190=lttng-kernel/bug446190
flipping-endianness=lttng-kernel/flipping-endianness
hello-lost=lttng-ust/hello-lost
many-threads=lttng-kernel/many-threads
perf-taskset2=perf/perf-taskset2
vm-small=perf/vm-small"
views="controlflow resourceview histogram eventlist statistics"
n=0
for c in $originals; do for v in $views; do n=$((n + 1)); done; done
plan $n
out=$(mktemp -d); trap 'rm -rf "$out"' EXIT

# export DIR PREFIX: every view of the trace DIR to PREFIX-VIEW.png
export_all () {
  args=
  for v in $views; do args="$args --export=$v:$2-$v.png"; done
  "$gui" $args --size=800x500 "$1" 2>"$2.err"
  echo $? > "$2.rc"
}
for c in $originals; do
  name=${c%%=*}
  conv=$(dirname "$(find "$T/ctf2/converted/$name" -name metadata | head -n 1)")
  mkdir -p "$out/conv" "$out/orig"
  ln -s "$conv" "$out/conv/$name"
  ln -s "$T/${c#*=}" "$out/orig/$name"
  export_all "$out/conv/$name" "$out/$name-conv"
  export_all "$out/orig/$name" "$out/$name-orig"
  for v in $views; do
    a="$out/$name-conv-$v.png"; b="$out/$name-orig-$v.png"
    if [ ! -s "$a" ] || [ ! -s "$b" ]; then
      fail "converted/$name: $v: not exported (exit $(cat "$out/$name-conv.rc")/$(cat "$out/$name-orig.rc")): $(head -c 200 "$out/$name-conv.err" "$out/$name-orig.err")"
    elif ! image_is_drawn "$a"; then
      fail "converted/$name: $v: the image is blank"
    elif same "$a" "$b"; then
      ok "converted/$name: $v as the CTF 1.8 original"
    else
      fail "converted/$name: $v: $(compare -metric AE "$a" "$b" null: 2>&1) pixels differ"
    fi
  done
done
finish
