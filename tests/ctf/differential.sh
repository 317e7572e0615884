#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Differential test: `lttv dump T` must print exactly what `babeltrace2 T`
# prints (same time zone) for every shared trace babeltrace2 reads
# completely (exit status 0). One TAP point per trace; the first
# differing line is shown on failure.
. "$LTTV_SRCDIR/tests/lib/tap.sh"
LTTV="$LTTV_BUILDDIR/cli/lttv"
T="$LTTV_TEST_TRACES"
[ -d "$T" ] || skip_all "no shared traces folder ($T)"
[ -n "$BABELTRACE2" ] && [ -x "$BABELTRACE2" ] || skip_all "babeltrace2 is not installed"
export TZ="${TZ:-UTC}"

# babeltrace2 2.0.4 prints a stale value for an empty string field
# (it reuses the previous event's string buffer): on these traces the
# only differing lines are such fields, checked below against the data.
known_stale="lttng-kernel/many-threads lttng-kernel/bug446190"

traces=""
for d in "$T"/lttng-kernel/* "$T"/perf/* "$T"/lttng-ust/* "$T"/ctf-misc/* \
         "$T"/babeltrace-ctf-traces/succeed/* \
         "$T"/babeltrace-ctf-traces/intersection/* \
         "$T"/babeltrace-ctf-traces/packet-seq-num/* \
         "$T"/ctf-testsuite/stream/pass/* "$T"/ctf-testsuite/metadata/pass/* \
         "$LTTV_SRCDIR"/data/sample-trace; do
  [ -d "$d" ] && traces="$traces $d"
done
n=0; for d in $traces; do n=$((n + 1)); done
plan $n
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for d in $traces; do
  name=${d#"$T"/}
  if ! "$BABELTRACE2" "$d" > "$tmp/bt" 2>/dev/null; then
    skip "$name: babeltrace2 does not read it completely"
    continue
  fi
  "$LTTV" dump "$d" > "$tmp/lt" 2> "$tmp/err"; rc=$?
  if [ $rc -ne 0 ]; then
    fail "$name: lttv dump exited $rc: $(head -c 300 "$tmp/err")"
  elif cmp -s "$tmp/bt" "$tmp/lt"; then
    ok "$name: identical to babeltrace2 ($(wc -l < "$tmp/bt") lines)"
  else
    case " $known_stale " in
      *" $name "*)
        # every differing line must be one where we print an empty string
        # and babeltrace2 a non-empty one, the rest byte-identical
        bad=$(diff "$tmp/bt" "$tmp/lt" | grep '^>' | grep -v '= ""' | head -1)
        nd=$(diff "$tmp/bt" "$tmp/lt" | grep -c '^>')
        if [ -z "$bad" ] && [ "$(wc -l < "$tmp/bt")" = "$(wc -l < "$tmp/lt")" ]; then
          ok "$name: identical but for $nd empty string(s) babeltrace2 shows stale"
        else
          fail "$name: differs: $bad"
        fi ;;
      *)
        line=$(cmp "$tmp/bt" "$tmp/lt" | sed -n 's/.*line \([0-9]*\).*/\1/p')
        fail "$name: first difference at line ${line:-?}"
        diag "babeltrace2: $(sed -n "${line:-1}p" "$tmp/bt" | head -c 400)"
        diag "lttv:        $(sed -n "${line:-1}p" "$tmp/lt" | head -c 400)" ;;
    esac
  fi
done
finish
