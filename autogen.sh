#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Generates ./configure from configure.ac (needs autoconf, automake,
# libtool, autopoint and pkg-config; gtk-doc-tools for the API reference).
set -e
cd "$(dirname "$0")"
if command -v gtkdocize >/dev/null 2>&1; then
  gtkdocize --copy --flavour no-tmpl
else
  # (no gtk-doc: configure then builds no reference)
  echo "gtkdocize not found: the API reference will not be built" >&2
  printf 'EXTRA_DIST =\nCLEANFILES =\n' > gtk-doc.make
fi
autoreconf --force --install --verbose >/dev/null
echo "Now run ./configure && make"
