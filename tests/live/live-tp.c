/* SPDX-License-Identifier: GPL-2.0-or-later */
/* live-tp.c: the probes of live-tp.h, compiled once. */
#define LTTNG_UST_TRACEPOINT_CREATE_PROBES
#define LTTNG_UST_TRACEPOINT_DEFINE
#include "live-tp.h"
