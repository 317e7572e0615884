#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# lttv-gui --export (cli.md): writes each VIEW:FILE as PNG, SVG or PDF by
# extension, at --size, with no window; --list-views names the viewers;
# bad usage exits 2 with a message.
. "$LTTV_SRCDIR/tests/lib/tap.sh"
. "$LTTV_SRCDIR/tests/lib/xvfb.sh"
plan 12

gui="$LTTV_BUILDDIR/gui/lttv-gui"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
sample="$LTTV_SRCDIR/data/sample-trace"

"$gui" --export=traceinfo:"$out/a.png" --export=traceinfo:"$out/a.svg" \
  --export=traceinfo:"$out/a.pdf" --size=640x400 "$sample" 2>"$out/err"
status=$?
sed 's/^/# stderr: /' "$out/err"
# Exit 1 is cli.md's "a trace could not be read" (no reader in this build):
# the images are still written.
check "export exits 0, or 1 when the trace cannot be read" [ $status -eq 0 -o $status -eq 1 ]
check "the PNG is 640x400" [ "$(identify -format '%wx%h' "$out/a.png" 2>/dev/null)" = "640x400" ]
check "the PNG is drawn, not blank" image_is_drawn "$out/a.png"
check "the SVG file is SVG" grep -q "<svg" "$out/a.svg"
check "the PDF file is a PDF" sh -c "head -c 5 '$out/a.pdf' | grep -q '%PDF-'"
check "the PDF page is 640x400 points" sh -c "grep -aq 'MediaBox \[ *0 0 640 400 *\]' '$out/a.pdf'"

"$gui" --export=traceinfo:"$out/b.png" --size=300x200 --window=0,1000 "$sample" 2>/dev/null
check "another --size gives another image size" [ "$(identify -format '%wx%h' "$out/b.png" 2>/dev/null)" = "300x200" ]

"$gui" --list-views >"$out/views"
check "--list-views names traceinfo" grep -q "^traceinfo	" "$out/views"

"$gui" --export=nosuchview:"$out/c.png" "$sample" 2>"$out/err"
status=$?
check "an unknown view is a usage error naming it" \
  sh -c "[ $status -eq 2 ] && grep -q 'nosuchview' '$out/err' && [ ! -e '$out/c.png' ]"
"$gui" --export=traceinfo:"$out/c.bmp" "$sample" 2>"$out/err"
check "an unknown image type is a usage error" sh -c "[ $? -eq 2 ] && grep -q 'c.bmp' '$out/err'"
"$gui" --export=traceinfo:"$out/c.png" --size=big "$sample" 2>"$out/err"
check "a bad --size is a usage error" sh -c "[ $? -eq 2 ] && grep -q 'size=big' '$out/err'"
"$gui" --export=traceinfo:"$out/c.png" --window=abc,1 "$sample" 2>"$out/err"
check "a bad --window is a usage error" sh -c "[ $? -eq 2 ] && grep -q 'abc' '$out/err'"
finish
