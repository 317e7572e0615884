#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The histogram's counts against babeltrace2: the density's total and its
# exact count over a window of whole buckets, the bars read from the trace
# for a window that cuts buckets (all events, and with a filter), and the
# discarded events the tracer reported.
. "$LTTV_SRCDIR/tests/lib/tap.sh"
[ -x "${BABELTRACE2:-}" ] || skip_all "babeltrace2 is not installed"
traces="${LTTV_TEST_TRACES:-}"
[ -d "$traces/perf/vm-small" ] || skip_all "the shared traces are not there ($traces)"
plan 20

counts="$LTTV_BUILDDIR/tests/viewers/histo-counts"
writer="$LTTV_BUILDDIR/tests/ctf-writer/lttv-ctf-writer"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# bt_events TRACE: "SEC NSEC NAME" per event, from babeltrace2's text.
bt_events () {
  "$BABELTRACE2" --clock-seconds "$1" 2>/dev/null | awk '/^\[/ {
    split(substr($1, 2, length($1) - 2), t, ".")
    for (i = 2; i < NF; i++) if ($i ~ /:$/ && $(i + 1) == "{") { name = substr($i, 1, length($i) - 1); break }
    print t[1], t[2], name }'
}

# bt_bars EVENTS T0 STEP N [NAME]: events per bar of [T0 + i STEP, + STEP).
bt_bars () {
  awk -v bs=$(( $2 / 1000000000 )) -v bn=$(( $2 % 1000000000 )) -v step="$3" -v n="$4" -v want="${5:-}" '
    { rel = ($1 - bs) * 1000000000 + ($2 - bn)
      if (rel >= 0 && rel < n * step && (want == "" || $3 == want)) bar[int(rel / step)]++ }
    END { for (i = 0; i < n; i++) printf "bar %d %d\n", i, bar[i] + 0 }' "$1"
}

value () { awk -v k="$1" '$1 == k { print $2; exit }' "$2"; }

check_trace () {
  label=$1 trace=$2 switch=$3
  bt_events "$trace" > "$tmp/$label.bt"
  "$counts" "$trace" > "$tmp/$label.layout" 2>"$tmp/err" || sed 's/^/# /' "$tmp/err"
  begin=$(value begin_ns "$tmp/$label.layout")
  width=$(value width "$tmp/$label.layout")
  span=$(value span_ns "$tmp/$label.layout")
  n_bt=$(wc -l < "$tmp/$label.bt")
  n_ours=$(value events "$tmp/$label.layout")
  diag "$label: $n_bt events (babeltrace2), density $n_ours; buckets of $width ns"
  check "$label: the density counts every event babeltrace2 shows" [ "$n_ours" = "$n_bt" ]
  # the same density when the state comes from the cache
  XDG_CACHE_HOME="$tmp/cache-$label" "$counts" --cache "$trace" > /dev/null
  XDG_CACHE_HOME="$tmp/cache-$label" "$counts" --cache "$trace" > "$tmp/$label.cached"
  check "$label: the density loaded from the state cache is the one built" \
    sh -c "grep -qx 'from_cache 1' '$tmp/$label.cached' &&
           [ \"\$(grep -v from_cache '$tmp/$label.cached')\" = \"\$(grep -v from_cache '$tmp/$label.layout')\" ]"

  # 40 bars of whole buckets over a tenth of the trace, 30 % of the way in
  first=$(( span / width * 3 / 10 ))
  t0=$(( begin + first * width ))
  per_bar=$(( span / width / 400 ))
  step=$(( (per_bar > 0 ? per_bar : 1) * width ))
  "$counts" "$trace" "$t0" "$step" 40 > "$tmp/$label.aligned"
  want=$(bt_bars "$tmp/$label.bt" "$t0" "$step" 40 | awk '{ s += $3 } END { print s + 0 }')
  got=$(value density "$tmp/$label.aligned")
  diag "$label: window of whole buckets: $want events (babeltrace2), density $got"
  check "$label: the density's count of a window of whole buckets is exact" \
    [ "$want" -gt 0 -a "$got" = "$want" ]

  # 64 bars cutting buckets over a tenth of the trace: 0.37 bucket in,
  # bars of a width that is no multiple of the bucket's
  t0=$(( begin + first * width + width * 37 / 100 ))
  step=$(( span / 640 + width * 37 / 100 + 1 ))
  "$counts" "$trace" "$t0" "$step" 64 | grep '^bar' > "$tmp/$label.bars"
  bt_bars "$tmp/$label.bt" "$t0" "$step" 64 > "$tmp/$label.bt-bars"
  nbars=$(awk '{ s += $3 } END { print s + 0 }' "$tmp/$label.bt-bars")
  diag "$label: $nbars events in the window of 64 bars"
  if [ "$nbars" -gt 0 ] && cmp -s "$tmp/$label.bars" "$tmp/$label.bt-bars"; then
    ok "$label: bars read from the trace match babeltrace2 bar for bar"
  else
    fail "$label: bars read from the trace match babeltrace2 bar for bar"
    diff "$tmp/$label.bt-bars" "$tmp/$label.bars" | head -5 | sed 's/^/# /'
  fi

  "$counts" "$trace" "$t0" "$step" 64 "name == \"$switch\"" | grep '^bar' > "$tmp/$label.fbars"
  bt_bars "$tmp/$label.bt" "$t0" "$step" 64 "$switch" > "$tmp/$label.bt-fbars"
  nsw=$(awk '{ s += $3 } END { print s + 0 }' "$tmp/$label.bt-fbars")
  diag "$label: $nsw $switch events in the filtered window"
  if [ "$nsw" -gt 0 ] && cmp -s "$tmp/$label.fbars" "$tmp/$label.bt-fbars"; then
    ok "$label: filtered bars (name == $switch) match babeltrace2"
  else
    fail "$label: filtered bars (name == $switch) match babeltrace2"
    diff "$tmp/$label.bt-fbars" "$tmp/$label.fbars" | head -5 | sed 's/^/# /'
  fi
}

check_trace vm-small "$traces/perf/vm-small" sched:sched_switch
check_trace many-threads "$traces/lttng-kernel/many-threads" sched_switch

# Discarded events: a written trace where the tracer lost 3 then 5.
"$writer" "$LTTV_SRCDIR/tests/viewers/discarded.scn" "$tmp/disc" >/dev/null
"$counts" "$tmp/disc" > "$tmp/disc.layout"
"$BABELTRACE2" --clock-seconds "$tmp/disc" 2>&1 >/dev/null |
  sed -n 's/^WARNING: Tracer discarded \([0-9]*\) events between \[\([0-9.]*\)\] and \[\([0-9.]*\)\].*/loss \2 \3 \1/p' |
  sort > "$tmp/disc.bt"
grep '^loss ' "$tmp/disc.layout" | sort > "$tmp/disc.ours"
sed 's/^/# babeltrace2: /' "$tmp/disc.bt"
check "discarded: the losses babeltrace2 reports, with their ranges" \
  sh -c "[ -s '$tmp/disc.bt' ] && cmp -s '$tmp/disc.bt' '$tmp/disc.ours'"
total=$(awk '{ s += $4 } END { print s + 0 }' "$tmp/disc.bt")
check "discarded: the density's total is babeltrace2's ($total)" [ "$(value discarded "$tmp/disc.layout")" = "$total" ]
check "discarded: each loss is counted where it begins" \
  sh -c "[ \"\$(grep '^loss_in_density' '$tmp/disc.layout' | awk '{ print \$2 }' | sort -n | tr '\n' ' ')\" = '3 5 ' ]"
check "discarded: the trace's events are all counted too" \
  [ "$(value events "$tmp/disc.layout")" = "$(bt_events "$tmp/disc" | wc -l)" ]
check "discarded: no loss outside the losses' start times" \
  [ "$(value discarded "$tmp/disc.layout")" = 8 ]
"$LTTV_BUILDDIR/cli/lttv" stats --no-cache --format=tsv "$tmp/disc" > "$tmp/disc.stats"
check "discarded: lttv stats reports them too ($total)" grep -qx "discarded	$total" "$tmp/disc.stats"
"$LTTV_BUILDDIR/cli/lttv" stats --no-cache --format=tsv --begin=0.0011 "$tmp/disc" > "$tmp/disc.stats2"
check "discarded: lttv stats from 1.1 ms counts the loss that began there (5)" \
  grep -qx "discarded	5" "$tmp/disc.stats2"

# Filters on the thread's state, from the history at each event's time, on
# cpu-time.scn (worked out by hand): thread 42 runs from its switch in at 1
# ms to its switch out at 7 ms (then the CPU's thread is 0) and again from 9
# ms: events at 1, 3, 4, 5, 5.5, 6, 9 and 10 ms are its own; its read runs
# from 3 ms (exit at 4 clears it) and again from 10 ms.
"$writer" "$LTTV_SRCDIR/tests/viewers/cpu-time.scn" "$tmp/cpu" >/dev/null
bar0 () { "$counts" "$tmp/cpu" 0 20000000 1 "$1" | awk '$1 == "bar" { print $3 }'; }
check "thread filter: tid == 42 counts the 8 events of thread 42" [ "$(bar0 'tid == 42')" = 8 ]
check "thread filter: comm == \"app\" counts the same 8" [ "$(bar0 'comm == "app"')" = 8 ]
check "thread filter: syscall == \"read\" counts the 2 events inside a read" \
  [ "$(bar0 'syscall == "read"')" = 2 ]
finish
