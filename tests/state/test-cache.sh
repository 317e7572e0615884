#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The state cache ($XDG_CACHE_HOME/lttv/): written on the first run, used on
# the next (it answers even when the stream bytes changed behind the same
# size and mtime), rebuilt when a file's mtime changes, never trusted when
# truncated or damaged, and nothing is ever written into the trace folder.
. "$LTTV_SRCDIR/tests/lib/tap.sh"

src="$LTTV_TEST_TRACES/perf/vm-small"
[ -d "$src" ] || skip_all "$src is not here"
plan 11

lttv="$LTTV_BUILDDIR/cli/lttv"
tmp=$(mktemp -d)
trap 'chmod -R u+w "$tmp"; rm -rf "$tmp"' EXIT
XDG_CACHE_HOME="$tmp/cache"; export XDG_CACHE_HOME
cp -rp "$src" "$tmp/trace"
at=1787002622624,1787500000000,1788097170618
listing () { (cd "$1" && find . -type f -printf '%p %s %T@\n' | sort); }
n_caches () { ls "$tmp/cache/lttv" 2>/dev/null | grep -c '^state-.*\.cache$'; }

listing "$tmp/trace" >"$tmp/before"
"$lttv" state --at=$at "$tmp/trace" >"$tmp/first" 2>&1
check "the first run writes one cache file" [ "$(n_caches)" -eq 1 ]
first_cache=$(ls "$tmp/cache/lttv"/state-*.cache)
listing "$tmp/trace" >"$tmp/after"
check "nothing is written into the trace folder" cmp -s "$tmp/before" "$tmp/after"
"$lttv" state --no-cache --at=$at "$src" >"$tmp/reference" 2>&1
check "the first run's state is the state built without the cache" cmp -s "$tmp/reference" "$tmp/first"

# Zero 64 KiB in the middle of a stream, keeping its size and mtime: only a
# run that reads the cache still prints the original state.
stream="$tmp/trace/perf_stream_0"
cp -p "$stream" "$tmp/stream.orig"
dd if=/dev/zero of="$stream" bs=1024 seek=64 count=64 conv=notrunc 2>/dev/null
touch -r "$tmp/stream.orig" "$stream"
"$lttv" state --at=$at "$tmp/trace" >"$tmp/second" 2>&1
check "the second run answers from the cache" cmp -s "$tmp/reference" "$tmp/second"
# Read for real, the damaged stream is an error that names the file and
# the byte; the state of what was read before it is still printed.
"$lttv" state --no-cache --at=$at "$tmp/trace" >"$tmp/damaged" 2>"$tmp/damaged.err"
status=$?
check "read without the cache, the damage is exit 1, 'lttv: FILE: byte N: ...', and a state" \
  sh -c "[ $status -eq 1 ] && grep -q '^lttv: .*perf_stream_0: byte [0-9]*: ' '$tmp/damaged.err' && [ -s '$tmp/damaged' ]"

# The original bytes back with a new mtime: a new key, a rebuilt state.
cp "$tmp/stream.orig" "$stream"
touch -d '2001-01-01 00:00:01' "$stream"
"$lttv" state --at=$at "$tmp/trace" >"$tmp/third" 2>&1
check "a changed mtime rebuilds: a new cache file replaces the old one, the right state" \
  sh -c "[ $(n_caches) -eq 1 ] && [ ! -e '$first_cache' ] && cmp -s '$tmp/reference' '$tmp/third'"
newest=$(ls -t "$tmp/cache/lttv"/state-*.cache | head -1)
size=$(stat -c %s "$newest")

# A partial file (half of it), a damaged one (bytes changed in the middle),
# garbage: the right state, and a file of the right size again. A partial
# file or garbage is refused at open and rebuilt; bytes changed in a block
# of changes are found when a query reads that block (test-cache-lazy
# damages a block the query needs).
damage () {
  case $1 in
    truncate) truncate -s $((size / 2)) "$newest" ;;
    flip) printf 'XXXXXXXX' | dd of="$newest" bs=1 seek=$((size / 2)) conv=notrunc 2>/dev/null ;;
    garbage) head -c 5000 /dev/urandom >"$newest" ;;
  esac
  "$lttv" state --at=$at "$tmp/trace" >"$tmp/out.$1" 2>"$tmp/err.$1"
  status=$?
  check "a cache file damaged by $1 is never trusted: exit 0, the right state, the file whole" \
    sh -c "[ $status -eq 0 ] && cmp -s '$tmp/reference' '$tmp/out.$1' && [ \$(stat -c %s '$newest') -eq $size ]"
}
damage truncate
damage flip
damage garbage

# A write interrupted long ago left its temporary file; a recent one may be
# another process's write in progress: the next save removes only the old.
prefix=$(basename "$newest" | cut -d- -f1-2)
old_tmp="$tmp/cache/lttv/$prefix-0000000000000000.cache.AbCdEf"
new_tmp="$tmp/cache/lttv/$prefix-0000000000000000.cache.GhIjKl"
: >"$old_tmp"; : >"$new_tmp"
touch -d '2001-01-01 00:00:01' "$old_tmp"
touch -d '2001-01-01 00:00:02' "$stream"
"$lttv" state --at=$at "$tmp/trace" >/dev/null 2>&1
check "a save removes an old interrupted write's file, not a recent one" \
  sh -c "[ ! -e '$old_tmp' ] && [ -e '$new_tmp' ] && [ $(n_caches) -eq 1 ]"

# An unwritable cache folder costs the cache, not the answer.
rm -rf "$tmp/cache"; mkdir -p "$tmp/cache"; chmod a-w "$tmp/cache"
"$lttv" state --at=$at "$tmp/trace" >"$tmp/ro" 2>&1
check "an unwritable cache folder still gives the state" cmp -s "$tmp/reference" "$tmp/ro"
finish
