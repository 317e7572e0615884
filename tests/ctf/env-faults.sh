#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The environment failing under `lttv` (issue #30): the state cache's
# folder read-only, full, not a folder; its file truncated or foreign;
# the trace folder removed while it is read; a metadata file too large
# for memory. Each gives a clear message (or none when nothing is lost)
# and the command goes on: the state printed is the one built without
# the cache (`--no-cache`), the events those of babeltrace2.
. "$LTTV_SRCDIR/tests/lib/tap.sh"
LTTV="$LTTV_BUILDDIR/cli/lttv"
T="$LTTV_TEST_TRACES/lttng-kernel/many-threads"
[ -d "$T" ] || skip_all "no shared traces folder ($LTTV_TEST_TRACES)"
[ -n "$BABELTRACE2" ] && [ -x "$BABELTRACE2" ] || skip_all "babeltrace2 is not installed"
export TZ="${TZ:-UTC}"

plan 7
tmp=$(mktemp -d)
mounted=""
cleanup () { for m in $mounted; do umount "$m"; done; rm -rf "$tmp"; }
trap cleanup EXIT
"$LTTV" state --no-cache "$T" > "$tmp/ref" 2> "$tmp/err" || { cat "$tmp/err"; exit 1; }

# state_with NAME CACHE_HOME WARN: the state as without the cache, exit 0,
# and a warning naming the cache folder when WARN is 1.
state_with () {
  XDG_CACHE_HOME="$2" "$LTTV" state "$T" > "$tmp/out" 2> "$tmp/err"; rc=$?
  if [ $rc -ne 0 ]; then
    fail "$1: exit status $rc: $(head -c 300 "$tmp/err")"
  elif ! cmp -s "$tmp/ref" "$tmp/out"; then
    fail "$1: not the state built without the cache"
  elif [ "$3" = 1 ] && ! grep -q "^lttv: warning: $2/lttv[^:]*: the state cache cannot be written (.*): the state is kept in memory only" "$tmp/err"; then
    fail "$1: no warning naming the cache: $(head -c 300 "$tmp/err")"
  elif [ "$3" = 0 ] && [ -s "$tmp/err" ]; then
    fail "$1: $(head -c 300 "$tmp/err")"
  else
    ok "$1: the state as without the cache$([ "$3" = 1 ] && echo ", then: $(sed "s|$tmp/||" "$tmp/err")")"
  fi
}

# (tmpfs mounts need root; elsewhere those two points are skipped)
mkdir -p "$tmp/ro" "$tmp/full"
if mount -t tmpfs -o ro,size=1m none "$tmp/ro" 2>/dev/null; then
  mounted="$mounted $tmp/ro"
  state_with "cache folder read-only" "$tmp/ro" 1
else
  skip "cache folder read-only: cannot mount a tmpfs (not root)"
fi
if mount -t tmpfs -o size=64k none "$tmp/full" 2>/dev/null; then
  mounted="$mounted $tmp/full"
  state_with "cache folder full" "$tmp/full" 1
else
  skip "cache folder full: cannot mount a tmpfs (not root)"
fi
mkdir -p "$tmp/file"; echo x > "$tmp/file/lttv"
state_with "cache folder a file" "$tmp/file" 1

# A cache made, then damaged: read again from the trace and saved again.
mkdir -p "$tmp/c"
XDG_CACHE_HOME="$tmp/c" "$LTTV" state "$T" > /dev/null 2>&1
f=$(ls "$tmp"/c/lttv/state-*.cache 2>/dev/null | head -1)
if [ -z "$f" ]; then
  fail "no cache file made"; fail "no cache file made"
else
  truncate -s 1000 "$f"
  state_with "cache file truncated" "$tmp/c" 0
  head -c 100000 /dev/urandom > "$f"
  state_with "cache file foreign" "$tmp/c" 0
fi

# The trace folder removed while dump reads it (held by its full FIFO):
# the files open stay whole, and every event is printed.
"$BABELTRACE2" "$T" > "$tmp/bt" 2>/dev/null
cp -r "$T" "$tmp/t"; chmod -R u+w "$tmp/t"; mkfifo "$tmp/fifo"
"$LTTV" dump "$tmp/t" > "$tmp/fifo" 2> "$tmp/err" & pid=$!
exec 3< "$tmp/fifo"
dd bs=1 count=1 <&3 > "$tmp/out" 2>/dev/null
rm -rf "$tmp/t"
cat <&3 >> "$tmp/out"; exec 3<&-
wait $pid; rc=$?
d=$(diff "$tmp/bt" "$tmp/out" | grep -c '^>')
if [ $rc -ne 0 ] || [ -s "$tmp/err" ]; then
  fail "trace folder removed while read: exit status $rc: $(head -c 300 "$tmp/err")"
elif [ "$d" -gt 1 ] || [ "$(wc -l < "$tmp/out")" -ne 240644 ]; then
  fail "trace folder removed while read: $(wc -l < "$tmp/out") events, $d not babeltrace2's"
else
  ok "trace folder removed while read: every event printed"
fi

# A metadata file larger than memory (sparse): the trace cannot be read,
# said as such, not an abort on a failed allocation.
cp -r "$T" "$tmp/big"; chmod -R u+w "$tmp/big"
if truncate -s 15T "$tmp/big/metadata" 2>/dev/null; then
  ASAN_OPTIONS="$ASAN_OPTIONS:allocator_may_return_null=1" \
    "$LTTV" dump "$tmp/big" > /dev/null 2> "$tmp/err"; rc=$?
  if [ $rc -eq 1 ] && grep -q "^lttv: $tmp/big/metadata: byte 0: the file is too large to read ([0-9]* bytes): out of memory" "$tmp/err"; then
    ok "metadata larger than memory: refused with a message"
  else
    fail "metadata larger than memory: exit status $rc: $(head -c 300 "$tmp/err")"
  fi
else
  skip "metadata larger than memory: the file system has no 15 TB sparse files"
fi
finish
