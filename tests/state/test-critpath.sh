#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The critical path (lttv critical-path, docs/cli.md) on hand-worked
# scenarios: tests/ctf-writer writes each
# tests/ctf-writer/scenarios/critpath-*.scn; critpath/NAME.expected is the
# path of thread 10 worked out by hand from the scenario's comments and
# docs/state-model.md (Wakeups), as `--format=tsv` prints it. Then a
# recording of this machine (root, perf) of a pipeline `producer | filter
# | consumer`: the consumer's path must pass through the other two.
. "$LTTV_SRCDIR/tests/lib/tap.sh"

writer="$LTTV_BUILDDIR/tests/ctf-writer/lttv-ctf-writer"
lttv="$LTTV_BUILDDIR/cli/lttv"
[ -x "$writer" ] || skip_all "lttv-ctf-writer is not built"
plan 31

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for name in wake chain irq timer preempt lost; do
  name=critpath-$name
  exp="$LTTV_SRCDIR/tests/state/critpath/$name.expected"
  if ! "$writer" "$LTTV_SRCDIR/tests/ctf-writer/scenarios/$name.scn" "$tmp/$name" >"$tmp/$name.err" 2>&1; then
    fail "$name: the writer writes the trace"; sed 's/^/# /' "$tmp/$name.err"
    fail "$name: through the cache"; fail "$name: text"
    continue
  fi
  range=$(head -1 "$exp" | cut -f2,3)
  b=${range%	*}; e=$((${range#*	} - 1))
  "$lttv" critical-path --no-cache --format=tsv --tid=10 --begin="$b" --end="$e" "$tmp/$name" \
    >"$tmp/$name.out" 2>"$tmp/$name.err"
  if diff -u "$exp" "$tmp/$name.out" >"$tmp/$name.diff"; then
    ok "$name: the path of thread 10 over [$b, $e] is the hand-worked one"
  else
    fail "$name: the path of thread 10 over [$b, $e] is the hand-worked one"
    sed 's/^/# /' "$tmp/$name.diff" "$tmp/$name.err" | head -40
  fi
  # The wakeup edges are kept in the cache: built and saved, then loaded.
  XDG_CACHE_HOME="$tmp/cache-$name" "$lttv" critical-path --format=tsv --tid=10 \
    --begin="$b" --end="$e" "$tmp/$name" >/dev/null 2>&1
  XDG_CACHE_HOME="$tmp/cache-$name" "$lttv" critical-path --format=tsv --tid=10 \
    --begin="$b" --end="$e" "$tmp/$name" >"$tmp/$name.cached" 2>&1
  check "$name: the same from the cache" diff -q "$exp" "$tmp/$name.cached"
  # Text: one line per segment, the summary's sentences.
  "$lttv" critical-path --no-cache --tid=10 --begin="$b" --end="$e" "$tmp/$name" >"$tmp/$name.txt" 2>&1
  nseg=$(grep -c '^segment' "$exp")
  check "$name: text has the $nseg segments and the summary" \
    sh -c "[ \$(grep -c '^  [0-9]*\.[0-9]\{9\}  ' '$tmp/$name.txt') -eq $nseg ] &&
           grep -q '^Time per cause:' '$tmp/$name.txt' &&
           grep -q '%  .* s  $(sed -n 's/^cause	.*	//p' "$exp" | head -1 | sed 's/[][().]/./g')\$' '$tmp/$name.txt'"
done

# The wakeup edges themselves (docs/state-model.md, Wakeups), worked out
# from the scenarios' comments: TIME WAKEE WAKER CPU KIND ID. With
# sched_waking in the trace, sched_wakeup is no edge (critpath-wake's at
# 5100); without it (critpath-edges-perf), sched_wakeup is, and
# sched_wakeup_new too; a wakeup of a running thread is none.
wk="$LTTV_BUILDDIR/tests/state/check-wakeups"
"$writer" "$LTTV_SRCDIR/tests/ctf-writer/scenarios/critpath-edges-perf.scn" "$tmp/critpath-edges-perf" >/dev/null 2>&1
for spec in "critpath-wake:5000 10 20 1 thread -1" \
            "critpath-irq:5100 10 20 1 irq 19" \
            "critpath-timer:5010 10 0 0 timer -1,7010 10 0 0 softirq 1" \
            "critpath-chain:7000 20 30 2 thread -1,8000 10 20 1 thread -1" \
            "critpath-edges-perf:3000 10 20 1 thread -1,3500 10 20 1 thread -1,5010 30 20 1 thread -1"; do
  name=${spec%%:*}
  echo "${spec#*:}" | tr ',' '\n' | tr ' ' '\t' >"$tmp/$name.edges"
  for how in built cached; do
    if [ $how = cached ]; then c=1; else c=0; fi
    LTTV_CHECK_CACHE=$c XDG_CACHE_HOME="$tmp/wk-cache-$name" "$wk" "$tmp/$name" >"$tmp/$name.wk" 2>&1
    if diff -u "$tmp/$name.edges" "$tmp/$name.wk" >"$tmp/$name.wkdiff"; then
      ok "$name: the wakeup edges are the hand-worked ones ($how)"
    else
      fail "$name: the wakeup edges are the hand-worked ones ($how)"
      sed 's/^/# /' "$tmp/$name.wkdiff"
    fi
  done
done

# Usage errors: exit status 2 and a message.
"$lttv" critical-path "$tmp/critpath-wake" >/dev/null 2>"$tmp/err1"; st1=$?
"$lttv" critical-path --no-cache --tid=99 "$tmp/critpath-wake" >/dev/null 2>"$tmp/err2"; st2=$?
check "no --tid, or a thread the trace lacks: exit status 2 with a message" \
  sh -c "[ $st1 -eq 2 ] && [ $st2 -eq 2 ] && grep -q 'tid' '$tmp/err1' && grep -q 'no thread 99' '$tmp/err2'"
# The whole trace by default: from the first event (1000) to the last (9000, included).
"$lttv" critical-path --no-cache --format=tsv --tid=10 "$tmp/critpath-wake" >"$tmp/whole" 2>&1
check "critpath-wake: the whole trace by default, [1000, 9000] (a last segment of 1 ns, A blocked, cause unknown)" \
  sh -c "head -1 '$tmp/whole' | grep -qx 'range	1000	9001' &&
         grep -qx 'segment	9000	9001	1	10	blocked-unknown	-1	0' '$tmp/whole'"

# A recording of this machine: producer | filter | consumer.
rec="$LTTV_BUILDDIR/tools/lttv-record"
py="$LTTV_SRCDIR/tests/state/critpath-pipeline.py"
if [ "$(id -u)" != 0 ]; then
  skip "a recorded pipeline: not root"
elif ! command -v perf >/dev/null; then
  skip "a recorded pipeline: perf is not installed"
elif ! command -v python3 >/dev/null; then
  skip "a recorded pipeline: python3 is not installed"
elif [ ! -x "$rec" ]; then
  skip "a recorded pipeline: $rec was not built"
elif ! "$rec" "$tmp/pipe" -- sh -c "python3 '$py' producer '$tmp' | python3 '$py' filter '$tmp' | python3 '$py' consumer '$tmp'" \
       >"$tmp/rec.log" 2>&1; then
  skip "a recorded pipeline: lttv-record failed ($(tail -1 "$tmp/rec.log"))"
else
  p=$(cat "$tmp/producer.tid") f=$(cat "$tmp/filter.tid") c=$(cat "$tmp/consumer.tid")
  "$lttv" critical-path --no-cache --format=tsv --tid="$c" "$tmp/pipe" >"$tmp/pipe.tsv" 2>"$tmp/pipe.err"
  # (the producer computes 200 x 2 ms, the filter 200 x 1 ms: the consumer
  # waited for that. How much of it the path holds depends on the machine's
  # load: when the filter falls behind, the pipe buffers the producer's
  # output and the filter does not wait for it. So: each of them running
  # on the path for a while, the producer two wakeups away)
  if awk -F'\t' -v p="$p" -v f="$f" '
       $1 == "segment" && $5 == p { pt += $4; if ($6 == "running") pr += $4; if ($8 >= 2) deep = 1 }
       $1 == "segment" && $5 == f { ft += $4; if ($6 == "running") fr += $4 }
       END { printf "# on the path: producer %.3f s (running %.3f s), filter %.3f s (running %.3f s)\n",
                    pt / 1e9, pr / 1e9, ft / 1e9, fr / 1e9
             exit !(pr >= 20e6 && fr >= 20e6 && deep) }' "$tmp/pipe.tsv"; then
    ok "a recorded pipeline: the consumer's path runs through the filter and, beyond it, the producer"
  else
    fail "a recorded pipeline: the consumer's path runs through the filter and, beyond it, the producer"
    grep -v '^segment' "$tmp/pipe.tsv" | head -20 | sed 's/^/# /'
  fi
fi
finish
