#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The desktop entry and the AppStream metainfo are valid, and every icon
# size the README promises exists.
. "$LTTV_SRCDIR/tests/lib/tap.sh"
plan 4

desktop="$LTTV_BUILDDIR/data/org.lttv.Lttv.desktop"
metainfo="$LTTV_BUILDDIR/data/org.lttv.Lttv.metainfo.xml"

if command -v desktop-file-validate >/dev/null; then
  check "desktop-file-validate accepts the desktop entry" desktop-file-validate "$desktop"
else
  skip "desktop-file-validate is not installed (apt-get install desktop-file-utils)"
fi
if command -v appstreamcli >/dev/null; then
  check "appstreamcli validate accepts the metainfo" appstreamcli validate --no-net --pedantic "$metainfo"
else
  skip "appstreamcli is not installed (apt-get install appstream)"
fi
check "the desktop entry is translated into French" grep -q '^Name\[fr\]=' "$desktop"
icons_ok=true
for size in 48x48 128x128 256x256; do
  png="$LTTV_SRCDIR/icons/hicolor/$size/apps/org.lttv.Lttv.png"
  got=$(identify -format '%wx%h' "$png" 2>/dev/null) || got=missing
  [ "$got" = "$size" ] || { diag "$png: $got, expected $size"; icons_ok=false; }
done
check "the icon exists as 48, 128 and 256 px PNGs of those sizes" $icons_ok
finish
