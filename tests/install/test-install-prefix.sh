#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# `make install` into a fresh prefix gives working programs that find their
# data, translations and sample trace there, without the build tree; the
# installed headers and pkg-config file build a program against liblttv.
. "$LTTV_SRCDIR/tests/lib/tap.sh"
. "$LTTV_SRCDIR/tests/lib/xvfb.sh"
plan 7

tmp=$(mktemp -d)
trap 'kill $pid 2>/dev/null; rm -rf "$tmp"' EXIT
prefix="$tmp/prefix"
mkdir "$tmp/build"
(cd "$tmp/build" && "$LTTV_SRCDIR/configure" -q --prefix="$prefix" &&
  make -j2 >/dev/null && make install >/dev/null) >"$tmp/build.log" 2>&1
check "configure && make install into a new prefix succeeds" [ -x "$prefix/bin/lttv-gui" ]
[ -x "$prefix/bin/lttv-gui" ] || sed 's/^/# /' "$tmp/build.log" | tail -n 20

# The build tree must not help: run from elsewhere, with none of the
# variables the tests use to point into it.
unset LTTV_DATA_DIR LTTV_LOCALE_DIR LTTV_MODULE_PATH LTTV_SAMPLE_TRACE
rm -rf "$tmp/build"
cd "$tmp"

check "the installed lttv runs" "$prefix/bin/lttv" --version
out=$(LANGUAGE=fr LC_ALL=C.UTF-8 "$prefix/bin/lttv" --help 2>&1)
check "the installed lttv finds its French translation" sh -c "echo \"\$1\" | grep -q Commandes" _ "$out"
check "the sample trace is installed" [ -f "$prefix/share/lttv/sample-trace/metadata" ]

cat > "$tmp/client.c" <<'C'
#include <lttv/lttv.h>
#include <stdio.h>
int main (void) { printf ("%s\n", lttv_version ()); return 0; }
C
PKG_CONFIG_PATH="$prefix/lib/pkgconfig" && export PKG_CONFIG_PATH
check "a program builds against the installed headers and lttv.pc" \
  sh -c "cc -o '$tmp/client' '$tmp/client.c' \$(pkg-config --cflags --libs lttv) -Wl,-rpath,'$prefix/lib' && '$tmp/client'"

"$prefix/bin/lttv-gui" >"$tmp/gui.out" 2>&1 &
pid=$!
id=$(wait_window '^sample-trace — LTTV$' 20)
check "the installed lttv-gui opens its installed sample trace" [ -n "$id" ]
if [ -z "$id" ]; then
  # (why not: still starting, or gone, and what it said)
  if kill -0 "$pid" 2>/dev/null; then diag "lttv-gui runs, no window yet"; else diag "lttv-gui has ended"; fi
  sed 's/^/# /' "$tmp/gui.out" | tail -n 20
fi
sleep 1
import -window "${id:-root}" "$tmp/window.png" 2>/dev/null
check "the installed lttv-gui window is drawn" image_is_drawn "$tmp/window.png"
finish
