#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Builds the libFuzzer harnesses with clang (ASan + UBSan + libFuzzer) from
# the sources, without the autotools build: tests/fuzz/build.sh OUTDIR
set -eu
src=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-$src/build-fuzz}
mkdir -p "$out/inc"
cp "$src/tests/fuzz/fuzz-config.h" "$out/inc/config.h"
flags="-g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined -std=gnu11"
inc="-I$out/inc -I$src/core -I$src/core/ctf -I$src/core/ftrace $(pkg-config --cflags glib-2.0 json-glib-1.0 libtracecmd libtraceevent)"
inc="$inc -DLTTV_PKGDATADIR=\"/nonexistent\" -DLTTV_LOCALEDIR=\"/nonexistent\""
libs="$(pkg-config --libs glib-2.0 json-glib-1.0 libtracecmd libtraceevent) -lm"
# (clang refuses live-proto.c's gotos past a g_auto variable: gcc builds
# that one, with the same sanitizers but for libFuzzer's coverage)
gcc -g -O1 -fsanitize=address,undefined -std=gnu11 $inc -c -o "$out/live-proto.o" "$src/core/ctf/live-proto.c"
# (the CTF reader opens .dat files through core/ftrace, which finds its
# cache folder with paths.c)
core="$(ls "$src"/core/ctf/*.c | grep -v '/live-proto\.c$') $out/live-proto.o $src/core/ftrace/*.c $src/core/paths.c $src/core/big-alloc.c $src/core/error.c $src/core/time.c"
clang $flags $inc -o "$out/fuzz-metadata" "$src/tests/fuzz/fuzz-metadata.c" $core $libs
clang $flags $inc -o "$out/fuzz-stream" "$src/tests/fuzz/fuzz-stream.c" $core $libs
clang $flags $inc -o "$out/fuzz-ftrace" "$src/tests/fuzz/fuzz-ftrace.c" $core $src/core/count-format.c $libs
# the cut version 7 .dat reading alone (no libtracecmd)
clang $flags $inc -o "$out/fuzz-salvage7" "$src/tests/fuzz/fuzz-salvage7.c" "$src/core/ftrace/ftrace-salvage7.c" "$src/core/error.c" $libs
# the session parser of lttv-gui (glib and json-glib only)
clang $flags $inc -I$src/gui -o "$out/fuzz-session" "$src/tests/fuzz/fuzz-session.c" "$src/gui/lttv-session-file.c" "$src/gui/lttv-session-write.c" $libs
# the state cache's loader: the whole core (it opens a real trace)
gio="$(pkg-config --cflags --libs gio-2.0 gmodule-2.0 json-glib-1.0)"
all="$core $src/core/state/*.c $src/core/state/*/*.c $src/core/filter/*.c $src/core/version.c"
clang $flags $inc -I$src/core/state \
  -o "$out/fuzz-cache" "$src/tests/fuzz/fuzz-cache.c" $all $gio $libs
echo "built $out/fuzz-metadata $out/fuzz-stream $out/fuzz-ftrace $out/fuzz-salvage7 $out/fuzz-session $out/fuzz-cache"
