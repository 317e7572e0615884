# SPDX-License-Identifier: GPL-2.0-or-later
# tap.sh: TAP output for shell tests. Source it, call plan N, then ok /
# fail / skip once per test point; `finish` checks the count.
tap_n=0
tap_planned=0
plan () { tap_planned=$1; echo "1..$1"; }
ok () { tap_n=$((tap_n + 1)); echo "ok $tap_n - $*"; }
fail () { tap_n=$((tap_n + 1)); echo "not ok $tap_n - $*"; }
skip () { tap_n=$((tap_n + 1)); echo "ok $tap_n # SKIP $*"; }
# check NAME COMMAND...: one test point, passing when COMMAND succeeds.
check () { tap_name=$1; shift; if "$@"; then ok "$tap_name"; else fail "$tap_name"; fi; }
diag () { echo "# $*"; }
skip_all () { echo "1..0 # SKIP $*"; exit 0; }
finish () {
  if [ "$tap_n" -ne "$tap_planned" ]; then
    echo "not ok $((tap_n + 1)) - planned $tap_planned tests, ran $tap_n"
    exit 1
  fi
  exit 0
}
