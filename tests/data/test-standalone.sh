#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The repository stands alone: nothing in it points outside it, the test
# traces the suite reads are its own, and its recorder is usable.
. "$LTTV_SRCDIR/tests/lib/tap.sh"
plan 7

# (the pattern is split so that this file does not match itself)
outside='(\.\./|/work/)'"shared"
# (the files git tracks, or a tarball's files without autotools' outputs)
if git -C "$LTTV_SRCDIR" rev-parse --git-dir >/dev/null 2>&1; then
  found=$(cd "$LTTV_SRCDIR" && git ls-files -z -- . ':!tests/traces' |
            xargs -0 grep -IlE -e "$outside" 2>/dev/null | head -n 5)
else
  found=$(grep -rIlE -e "$outside" "$LTTV_SRCDIR" --exclude-dir=build --exclude-dir=traces \
            --exclude-dir=autom4te.cache --exclude='configure*' 2>/dev/null | head -n 5)
fi
[ -z "$found" ] || diag "mentions a folder beside the checkout: $found"
check "no file of the repository points beside the checkout" [ -z "$found" ]

srcdir=$(cd "$LTTV_SRCDIR" && pwd -P)
traces=$(cd "$LTTV_TEST_TRACES" 2>/dev/null && pwd -P)
case "$traces" in
  "$srcdir"/*) ok "the test traces are inside the repository ($traces)" ;;
  "") fail "the test traces folder $LTTV_TEST_TRACES does not exist" ;;
  *) skip "configured --with-test-traces=$LTTV_TEST_TRACES: not the repository's own" ;;
esac

# Every trace the traces README lists is there.
missing=""
for t in $(sed -n 's/^| `\([a-z0-9-]*\/[A-Za-z0-9_-]*\)` |.*/\1/p' "$LTTV_SRCDIR/tests/traces/README.md"); do
  [ -e "$LTTV_SRCDIR/tests/traces/$t" ] || missing="$missing $t"
done
[ -z "$missing" ] || diag "listed but absent:$missing"
check "every trace listed in tests/traces/README.md is in the repository" [ -z "$missing" ]

# Every source file says its licence in its first lines.
if git -C "$LTTV_SRCDIR" rev-parse --git-dir >/dev/null 2>&1; then
  unlicensed=$(cd "$LTTV_SRCDIR" && git ls-files -- '*.c' '*.h' '*.sh' '*.py' '*.am' '*.ui' \
                 ':!tests/traces' | while read -r f; do
                 head -n 3 "$f" | grep -q 'SPDX-License-Identifier: GPL-2.0-or-later' || echo "$f"
               done | head -n 5)
  [ -z "$unlicensed" ] || diag "no SPDX line: $unlicensed"
  check "every source file has an SPDX licence line" [ -z "$unlicensed" ]
else
  skip "not a git checkout: the source files are not listed"
fi

check "COPYING holds the GPL version 2" grep -q 'GNU GENERAL PUBLIC LICENSE' "$LTTV_SRCDIR/COPYING"

rec="$LTTV_BUILDDIR/tools/lttv-record"
out=$("$rec" --help 2>&1)
check "lttv-record --help explains its usage" sh -c 'case "$1" in *"Usage: lttv-record"*OUTDIR*) true ;; *) false ;; esac' sh "$out"
"$rec" --no-such-option >/dev/null 2>&1
status=$?
check "lttv-record refuses an unknown option with exit status 2 (got $status)" [ "$status" -eq 2 ]
finish
