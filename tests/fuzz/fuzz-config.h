/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fuzz-config.h: what config.h gives the core, for the standalone fuzzing
 * build (tests/fuzz/build.sh). */
#pragma once
#define GETTEXT_PACKAGE "lttv"
#define PACKAGE_VERSION "fuzz"
