/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "config.h"

#include <lttv/error.h>

G_DEFINE_QUARK (lttv-error-quark, lttv_error)
