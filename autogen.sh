#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Generates ./configure from configure.ac (needs autoconf, automake,
# libtool, autopoint and pkg-config).
set -e
cd "$(dirname "$0")"
autoreconf --force --install --verbose >/dev/null
echo "Now run ./configure && make"
