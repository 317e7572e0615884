# SPDX-License-Identifier: GPL-2.0-or-later
# Hand-made CTF 2 traces for the tests of this folder: metadata is a JSON
# text sequence, each fragment after the record separator 0x1e.

# mk_meta DIR FRAGMENT...: DIR/metadata from the fragments given.
mk_meta () {
  dir=$1; shift
  mkdir -p "$dir"
  : > "$dir/metadata"
  for f in "$@"; do
    printf '\036%s\n' "$f" >> "$dir/metadata"
  done
}

PREAMBLE='{"type":"preamble","version":2}'
TRACE_CLASS='{"type":"trace-class"}'
DSC='{"type":"data-stream-class"}'
u8='{"type":"fixed-length-unsigned-integer","length":8,"byte-order":"little-endian","alignment":8}'
