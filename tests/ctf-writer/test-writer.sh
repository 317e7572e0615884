#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# test-writer.sh: the traces lttv-ctf-writer writes are read by babeltrace2,
# the independent oracle, and must print exactly what was worked out by
# hand from each scenario (expected/NAME.txt). Bad scenarios must fail
# with their line number, and the writer must never touch an existing
# folder or write outside OUTDIR.
. "$LTTV_SRCDIR/tests/lib/tap.sh"

src="$LTTV_SRCDIR/tests/ctf-writer"
writer="$LTTV_BUILDDIR/tests/ctf-writer/lttv-ctf-writer"
out="$LTTV_BUILDDIR/tests/ctf-writer/out"
# The scenarios whose babeltrace2 output is pinned: those with an
# expected/NAME.txt.
scenarios=$(cd "$src/expected" && ls *.txt | sed 's/\.txt$//')
n_scn=$(echo $scenarios | wc -w)
n_all=$(ls "$src"/scenarios/*.scn | wc -l)
n_bad=$(ls "$src"/scenarios/bad/*.scn | wc -l)
n_packets=$(ls "$src"/expected/*.packets | wc -l)

plan $((n_scn + n_all + n_packets + 6 + n_bad + 5))

rm -rf "$out"
mkdir -p "$out"

have_bt=yes
if [ -z "$BABELTRACE2" ] || ! [ -x "$BABELTRACE2" ]; then
  have_bt=no
fi

# babeltrace2's text output of trace $1 with times as seconds from origin.
bt_text () {
  TZ=UTC "$BABELTRACE2" --clock-seconds --no-delta "$1"
}

# ---- Each scenario, read back by babeltrace2 ----
for s in $scenarios; do
  if ! "$writer" "$src/scenarios/$s.scn" "$out/$s" 2>"$out/$s.err"; then
    diag "$(cat "$out/$s.err")"
    fail "$s: the writer refused a valid scenario"
    continue
  fi
  if [ $have_bt = no ]; then
    skip "$s: babeltrace2 not found (configure found none)"
    continue
  fi
  if bt_text "$out/$s" >"$out/$s.txt" 2>"$out/$s.bt-err" \
     && cmp -s "$src/expected/$s.txt" "$out/$s.txt"; then
    ok "$s: babeltrace2 reads the events written by hand in the scenario"
  else
    diag "$(head -c 2000 "$out/$s.bt-err")"
    diag "$(diff "$src/expected/$s.txt" "$out/$s.txt" | head -20)"
    fail "$s: babeltrace2 reads the events written by hand in the scenario"
  fi
done

# ---- Every scenario, pinned or not: written, and all its events read ----
for f in "$src"/scenarios/*.scn; do
  s=all-$(basename "$f" .scn)
  want=$(grep -E '^[0-9]+[[:space:]]+cpu[0-9]+[[:space:]]' "$f" \
         | grep -vcE '^[0-9]+[[:space:]]+cpu[0-9]+[[:space:]]+(discarded|lost-packets)[[:space:]]')
  if ! "$writer" "$f" "$out/$s" 2>"$out/$s.err"; then
    diag "$(cat "$out/$s.err")"
    fail "$(basename "$f"): written"
  elif [ $have_bt = no ]; then
    skip "$(basename "$f"): babeltrace2 not found (configure found none)"
  else
    bt_text "$out/$s" >"$out/$s.txt" 2>"$out/$s.bt-err"
    rc=$?
    got=$(wc -l <"$out/$s.txt")
    check "$(basename "$f"): babeltrace2 reads its $want events (got $got, status $rc)" \
      test "$got" -eq "$want" -a $rc -eq 0
  fi
done

# ---- Packets and discarded events, as babeltrace2's details sink sees them
# (expected/NAME.packets: each stream's packets and events, stream by stream) ----
packets () {
  "$BABELTRACE2" -c sink.text.details -p with-metadata=false,compact=true \
    "$1" >"$1.details" 2>&1
  for id in 0 1 2 3; do
    grep -F "{0 0 $id} " "$1.details" | grep -v 'Stream '
  done
}
for f in "$src"/expected/*.packets; do
  s=$(basename "$f" .packets)
  if [ $have_bt = no ]; then
    skip "$s: packets per stream (babeltrace2 not found)"
    continue
  fi
  packets "$out/$s" >"$out/$s.packets"
  if cmp -s "$f" "$out/$s.packets"; then
    ok "$s: the packets worked out in the scenario's comments"
  else
    diag "$(diff "$f" "$out/$s.packets" | head -20)"
    fail "$s: the packets worked out in the scenario's comments"
  fi
done

# babeltrace2 finds the packets through index/*.idx when it is there (a
# wrong offset in it breaks the read): the same packets without it.
sed 's/^flavour .*/&\nindex no/' "$src/scenarios/multi-packet.scn" >"$out/noindex.scn"
if [ $have_bt = no ]; then
  skip "multi-packet without index/: same packets (babeltrace2 not found)"
elif "$writer" "$out/noindex.scn" "$out/noindex" 2>"$out/noindex.err" \
     && ! [ -e "$out/noindex/index" ]; then
  packets "$out/noindex" >"$out/noindex.packets"
  check "multi-packet without index/: babeltrace2 finds the same packets" \
    cmp -s "$src/expected/multi-packet.packets" "$out/noindex.packets"
else
  fail "multi-packet without index/: written, with no index folder"
fi

# ---- The trace folder: only the tracer's files ----
files=$(cd "$out/lttng-2.8" 2>/dev/null && ls . index | tr '\n' ' ')
check "lttng: OUTDIR holds metadata, channel0_CPU and index/channel0_CPU.idx ($files)" \
  test "$files" = ".: channel0_0 channel0_1 index metadata  index: channel0_0.idx channel0_1.idx "
files=$(cd "$out/perf" 2>/dev/null && ls | tr '\n' ' ')
check "perf: OUTDIR holds metadata and one perf_stream_CPU per CPU ($files)" \
  test "$files" = "metadata perf_stream_0 perf_stream_1 "

# LTTng writes its metadata in packets (magic 0x75D11D57, little-endian);
# perf writes plain text starting with the CTF version comment.
magic=$(od -An -tx1 -N4 "$out/lttng-2.8/metadata" 2>/dev/null | tr -d ' ')
check "lttng: packetized metadata (magic $magic)" test "$magic" = "571dd175"
head=$(head -c 13 "$out/perf/metadata" 2>/dev/null)
check "perf: text metadata starting with /* CTF 1.8 */" test "$head" = "/* CTF 1.8 */"

# Same scenario, same bytes (the UUID comes from the scenario's text).
"$writer" "$src/scenarios/lttng-2.8.scn" "$out/again" 2>/dev/null
check "the same scenario gives the same trace, byte for byte" \
  diff -r "$out/lttng-2.8" "$out/again"

# ---- Bad scenarios: exit status 1, FILE:LINE: and the message their first
# line expects ("# expect LINE: TEXT"), no OUTDIR ----
for f in "$src"/scenarios/bad/*.scn; do
  name=$(basename "$f" .scn)
  expect=$(sed -n '1s/^# expect //p' "$f")
  line=${expect%%:*}
  text=${expect#*: }
  "$writer" "$f" "$out/bad-$name" 2>"$out/bad-$name.err"
  rc=$?
  if [ $rc -eq 1 ] && grep -qF "$name.scn:$line: " "$out/bad-$name.err" \
     && grep -qF "$text" "$out/bad-$name.err" && ! [ -e "$out/bad-$name" ]; then
    ok "bad/$name: refused at line $line, nothing written"
  else
    diag "exit status $rc, stderr: $(cat "$out/bad-$name.err")"
    fail "bad/$name: refused at line $line, nothing written"
  fi
done

# ---- OUTDIR ----
mkdir -p "$out/exists"
echo keep >"$out/exists/keep"
"$writer" "$src/scenarios/lttng-2.8.scn" "$out/exists" 2>"$out/exists.err"
rc=$?
if [ $rc -eq 1 ] && grep -q 'already exists' "$out/exists.err" \
   && [ "$(ls "$out/exists")" = keep ]; then
  ok "an existing OUTDIR is refused and left as it was"
else
  fail "an existing OUTDIR is refused and left as it was (status $rc)"
fi

"$writer" "$src/scenarios/lttng-2.8.scn" "$out/missing/deeper" 2>"$out/missing.err"
rc=$?
if [ $rc -eq 1 ] && grep -q 'cannot create the folder' "$out/missing.err" \
   && ! [ -e "$out/missing" ]; then
  ok "OUTDIR in a missing folder: refused, no parent created"
else
  fail "OUTDIR in a missing folder: refused, no parent created (status $rc)"
fi

echo data >"$out/afile"
"$writer" "$src/scenarios/lttng-2.8.scn" "$out/afile/trace" 2>"$out/afile.err"
rc=$?
check "OUTDIR under a regular file: refused (status $rc)" \
  sh -c "[ $rc -eq 1 ] && grep -q 'cannot create the folder' '$out/afile.err'"

# procfs refuses mkdir to everyone, root included: an unwritable place.
"$writer" "$src/scenarios/lttng-2.8.scn" /proc/lttv-ctf-writer-test 2>"$out/proc.err"
rc=$?
check "unwritable OUTDIR: refused with a message (status $rc)" \
  sh -c "[ $rc -eq 1 ] && grep -q '/proc/lttv-ctf-writer-test: cannot create the folder' '$out/proc.err'"

"$writer" >/dev/null 2>"$out/usage.err"
rc=$?
check "no arguments: usage on stderr, status 2" \
  sh -c "[ $rc -eq 2 ] && grep -q 'usage: lttv-ctf-writer SCENARIO OUTDIR' '$out/usage.err'"

finish
