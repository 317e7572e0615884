/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "config.h"

#include <lttv/version.h>

const char *
lttv_version (void)
{
  return PACKAGE_VERSION;
}
