#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# core/state's folders include one another one way (core/state/README.md):
# history/ includes none of the others; machine/ reaches the history only
# through history/history-write.h; cache/ only through
# history/block-store.h, whose own includes stay narrow (block-codec.h);
# nothing includes build/ but build/ and the state object's own files;
# core/state's headers include no folder. Each #include "..." line of each
# file is judged; a backward one fails its file's test point, named.
. "$LTTV_SRCDIR/tests/lib/tap.sh"
state=${LTTV_STATE_DIR:-$LTTV_SRCDIR/core/state}
[ -d "$state/history" ] || skip_all "no core/state/history in $state"

# allowed FILE INCLUDED: whether FILE (relative to core/state) may include
# INCLUDED (as written, relative to core/state, or a core/ utility).
allowed () {
  case "$2" in
    */*) ;;
    state-private.h) case "$1" in history/* | machine/*) return 1 ;; esac; return 0 ;;
    *) return 0 ;;   # config.h, core/ utilities (big-alloc.h, writer.h ...)
  esac
  from=${1%%/*}; [ "$from" = "$1" ] && from=.
  to=${2%%/*}
  case "$1" in
    history/block-store.h | history/block-codec.h)
      [ "$2" = history/block-codec.h ] && return 0; return 1 ;;
  esac
  case "$from:$1" in
    .:*.h) return 1 ;;       # the state object's headers: below every folder
    .:*) return 0 ;;         # its .c files: above them all
  esac
  [ "$from" = "$to" ] && return 0
  case "$from:$2" in
    machine:history/history-write.h) return 0 ;;
    cache:history/block-store.h) return 0 ;;
    build:*) return 0 ;;
  esac
  return 1
}

files=$(cd "$state" && find . -name '*.[ch]' | sed 's|^\./||' | sort)
[ -n "$files" ] || skip_all "no sources in $state"
plan $(($(echo "$files" | wc -l) + 1))
# The judge itself: a backward include is caught.
if ! allowed machine/machine.c cache/cache.h && ! allowed history/history.c state-private.h &&
   ! allowed cache/cache.c history/history-private.h && allowed build/build.c cache/cache.h; then
  ok "the rules reject a backward include"
else
  fail "the rules reject a backward include"
fi
for f in $files; do
  bad=""
  for inc in $(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$state/$f"); do
    allowed "$f" "$inc" || bad="$bad $inc"
  done
  if [ -z "$bad" ]; then ok "$f"; else fail "$f includes backward:$bad"; fi
done
finish
