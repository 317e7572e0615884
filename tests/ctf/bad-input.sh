#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Bad input: every trace of the conformance `fail` folders (and
# ctf-misc/funky_trace, whose clock offset overflows) makes `lttv dump`,
# `lttv state` and `lttv stats` exit 1 with `lttv: PATH: WHERE: WHAT`
# (WHERE a byte offset or metadata line); `lttv info`, which reads the
# metadata and the packet index only (cli.md), does so for the faults
# found there (every metadata/fail trace) and exits 0 or 1 for the others;
# every `succeed`/`pass` trace reads (exit 0). No crash, no hang (the
# sanitizer build aborts on any memory error).
. "$LTTV_SRCDIR/tests/lib/tap.sh"
LTTV="$LTTV_BUILDDIR/cli/lttv"
T="$LTTV_TEST_TRACES"
[ -d "$T" ] || skip_all "no shared traces folder ($T)"

fails=""; passes=""
for d in "$T"/babeltrace-ctf-traces/fail/* "$T"/ctf-testsuite/*/fail/* "$T"/ctf-misc/funky_trace; do
  [ -d "$d" ] && fails="$fails $d"
done
for d in "$T"/babeltrace-ctf-traces/succeed/* "$T"/ctf-testsuite/*/pass/*; do
  [ -d "$d" ] && passes="$passes $d"
done
n=0; for d in $fails; do n=$((n + 4)); done; for d in $passes; do n=$((n + 1)); done
plan $n
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for d in $fails; do
  name=${d#"$T"/}
  for cmd in dump state stats info; do
    timeout 60 "$LTTV" $cmd "$d" > "$tmp/out" 2> "$tmp/err"; rc=$?
    msg=$(grep '^lttv: ' "$tmp/err" | head -1)
    if [ $cmd = info ] && [ $rc -eq 0 ] && [ ! -s "$tmp/err" ] \
       && [ "${name#ctf-testsuite/metadata/}" = "$name" ]; then
      ok "$cmd $name: not in the metadata or packet index"
    elif [ $rc -ne 1 ]; then
      fail "$cmd $name: exit status $rc, expected 1: $(head -c 200 "$tmp/err")"
    elif ! printf '%s\n' "$msg" | grep -Eq "^lttv: $d[^:]*: (byte [0-9]+|metadata line [0-9]+): .+"; then
      fail "$cmd $name: message without path, position and reason: $msg"
    elif grep -q 'AddressSanitizer\|runtime error' "$tmp/err"; then
      fail "$cmd $name: $(grep -m1 'AddressSanitizer\|runtime error' "$tmp/err")"
    else
      ok "$cmd $name: rejected: ${msg#lttv: $T/}"
    fi
  done
done
# Not read yet: integers wider than 64 bits (babeltrace2 refuses them too).
todo="ctf-testsuite/stream/pass/integer-large-size"
for d in $passes; do
  name=${d#"$T"/}
  timeout 60 "$LTTV" dump "$d" > "$tmp/out" 2> "$tmp/err"; rc=$?
  case " $todo " in *" $name "*) t=" # TODO not supported yet" ;; *) t="" ;; esac
  if [ $rc -eq 0 ]; then
    ok "$name: read ($(wc -l < "$tmp/out") events)$t"
  else
    fail "$name: exit status $rc: $(head -c 200 "$tmp/err")$t"
  fi
done
finish
