#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Hand-worked scenarios through the whole path: tests/ctf-writer writes a
# real CTF trace from each tests/ctf-writer/scenarios/state-*.scn, the
# reader reads it, the state core builds the history, and `lttv state --at`
# prints it. scenarios/NAME.expected holds the state worked out by hand
# from state-model.md at the times it names (comments in the .scn and in
# the expectations explain the less obvious values).
. "$LTTV_SRCDIR/tests/lib/tap.sh"

writer="$LTTV_BUILDDIR/tests/ctf-writer/lttv-ctf-writer"
lttv="$LTTV_BUILDDIR/cli/lttv"
[ -x "$writer" ] || skip_all "lttv-ctf-writer is not built"
names="state-irq-in-softirq state-tid-reuse state-prev-state-old state-prev-state-new state-statedump state-anomalies
  state-event-thread state-event-thread-lttng state-event-thread-ctx state-block state-lost state-lost-packets"
plan 47

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for name in $names; do
  scn="$LTTV_SRCDIR/tests/ctf-writer/scenarios/$name.scn"
  exp="$LTTV_SRCDIR/tests/state/scenarios/$name.expected"
  if ! "$writer" "$scn" "$tmp/$name" >"$tmp/$name.err" 2>&1; then
    fail "$name: the writer writes the trace"; sed 's/^/# /' "$tmp/$name.err"; continue
  fi
  times=$(cut -f1 "$exp" | uniq | paste -sd, -)
  "$lttv" state --no-cache --at="$times" "$tmp/$name" >"$tmp/$name.out" 2>"$tmp/$name.err"
  if diff -u "$exp" "$tmp/$name.out" >"$tmp/$name.diff"; then
    ok "$name: lttv state --at=$times is the hand-worked state"
  else
    fail "$name: lttv state --at=$times is the hand-worked state"
    sed 's/^/# /' "$tmp/$name.diff" | head -40
  fi
  # Through the cache, in batches of one event: the builder encodes the
  # chunks that filled up and seals the attributes of freed threads after
  # each event (history_note_quiet), and decodes them back when a thread
  # takes a freed tid again (state-tid-reuse); the state is the same,
  # built and loaded from the cache it saved.
  for run in built loaded; do
    LTTV_STATE_BATCH_BYTES=1 XDG_CACHE_HOME="$tmp/cache-$name" \
      "$lttv" state --at="$times" "$tmp/$name" >"$tmp/$name.$run" 2>&1
    if diff -u "$exp" "$tmp/$name.$run" >"$tmp/$name.diff"; then
      ok "$name: the same through the cache, one event a batch ($run)"
    else
      fail "$name: the same through the cache, one event a batch ($run)"
      sed 's/^/# /' "$tmp/$name.diff" | head -40
    fi
  done
done

# The anomalies are counted, not fatal: two IRQ exits without entry (600
# on cpu1, 1100 on cpu0), one soft IRQ exit without entry (1200), one
# irq_handler_entry without its irq field (1400).
"$lttv" stats --no-cache --format=tsv "$tmp/state-anomalies" >"$tmp/an.tsv" 2>&1
check "state-anomalies: lttv stats counts 2 unmatched IRQ exits, 1 soft IRQ exit, 1 missing field" \
  sh -c "grep -qx 'anomaly	unmatched IRQ exits	2' '$tmp/an.tsv' &&
         grep -qx 'anomaly	unmatched soft IRQ exits	1' '$tmp/an.tsv' &&
         grep -qx 'anomaly	events missing a field	1' '$tmp/an.tsv'"
# state-event-thread: events of a thread the model did not have on the CPU at
# 2000, 5050, 6000; 20 seen on cpu1 while current on cpu0 at 3000; the
# switch away from 50 at 4000.
"$lttv" stats --no-cache --format=tsv "$tmp/state-event-thread" >"$tmp/et.tsv" 2>&1
check "state-event-thread: lttv stats counts 3 events of another thread, 1 thread on two CPUs, 1 switch from another" \
  sh -c "grep -qx 'anomaly	events of a thread not on the CPU	3' '$tmp/et.tsv' &&
         grep -qx 'anomaly	threads seen on two CPUs at once	1' '$tmp/et.tsv' &&
         grep -qx 'anomaly	switches from a thread not current	1' '$tmp/et.tsv'"
# state-block (the .scn works it out): dev 8, 2 requests completed,
# 900 + 1000 ns, max 1000, 2 completions without issue, 1 never
# completed; dev 9, 1 request of 3800 ns.
"$lttv" stats --no-cache --format=tsv "$tmp/state-block" >"$tmp/bl.tsv" 2>&1
check "state-block: lttv stats gives each device's requests, latencies, unmatched ones" \
  sh -c "grep -qx 'block	8	2	1900	1000	2	1' '$tmp/bl.tsv' &&
         grep -qx 'block	9	1	3800	3800	0	0' '$tmp/bl.tsv' &&
         grep -qx 'anomaly	block completions without issue	2' '$tmp/bl.tsv'"
# lttv info reads the state's anomalies from the cache a build left.
XDG_CACHE_HOME="$tmp/cache-et" "$lttv" stats "$tmp/state-event-thread" >/dev/null 2>&1
XDG_CACHE_HOME="$tmp/cache-et" "$lttv" info "$tmp/state-event-thread" >"$tmp/et.info" 2>&1
check "state-event-thread: lttv info lists the anomalies from the state cache" \
  sh -c "grep -qx '  events of a thread not on the CPU: 3' '$tmp/et.info' &&
         grep -qx '  threads seen on two CPUs at once: 1' '$tmp/et.info'"
# The block requests are kept in the cache: the same lines when built
# and when loaded from it.
for run in built loaded; do
  XDG_CACHE_HOME="$tmp/cache-bl" "$lttv" stats --format=tsv "$tmp/state-block" 2>&1 \
    | grep -E '^(block|anomaly)' >"$tmp/bl.$run"
done
check "state-block: the block requests are the same loaded from the cache" \
  sh -c "grep -E '^(block|anomaly)' '$tmp/bl.tsv' | cmp -s - '$tmp/bl.built' && cmp -s '$tmp/bl.built' '$tmp/bl.loaded'"
# 500 and 600 on cpu1, before its first sched_switch: the syscall exit
# has no thread to act on and the CPU status has nothing to be derived
# from (no IRQ, no soft IRQ, no current thread): nothing at all is set.
"$lttv" state --no-cache --at=600 "$tmp/state-anomalies" >"$tmp/an600.out" 2>&1
check "state-anomalies: nothing is set at 600 (events before cpu1's first switch)" \
  [ ! -s "$tmp/an600.out" ]
# Discarded events (scenarios/discarded.scn): 3 on cpu0, 2 on cpu1.
"$writer" "$LTTV_SRCDIR/tests/state/scenarios/discarded.scn" "$tmp/discarded" >"$tmp/d.err" 2>&1
"$lttv" stats --no-cache --format=tsv "$tmp/discarded" >"$tmp/d.tsv" 2>&1
check "discarded: lttv stats counts the 5 events the tracer discarded" grep -qx 'discarded	5' "$tmp/d.tsv"
check "discarded: the 5 events written are counted, 3 on cpu0 and 2 on cpu1" \
  sh -c "grep -qx 'events_total	5' '$tmp/d.tsv' && grep -qx 'cpu_events	0	3' '$tmp/d.tsv' && grep -qx 'cpu_events	1	2' '$tmp/d.tsv'"
# state-lost: a loss the tracer reports is no anomaly.
"$lttv" stats --no-cache --format=tsv "$tmp/state-lost" >"$tmp/lost.tsv" 2>&1
check "state-lost: the 5 discarded events are counted, and no anomaly" \
  sh -c "grep -qx 'discarded	5' '$tmp/lost.tsv' && ! grep -q '^anomaly' '$tmp/lost.tsv'"
"$lttv" stats --no-cache --format=tsv "$tmp/state-lost-packets" >"$tmp/lostp.tsv" 2>&1
check "state-lost-packets: packets lost, and thread 50 seen after them, are no anomaly" \
  sh -c "! grep -q '^anomaly' '$tmp/lostp.tsv'"
# No --at: the state at the end of the traceset (8000 here).
"$lttv" state --no-cache "$tmp/state-prev-state-old" >"$tmp/end.out" 2>&1
check "state-prev-state-old: without --at, the state at the end" \
  diff "$LTTV_SRCDIR/tests/state/scenarios/state-prev-state-old.expected" "$tmp/end.out"
finish
