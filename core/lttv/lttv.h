/* SPDX-License-Identifier: GPL-2.0-or-later */
/* lttv.h: the public API of liblttv, the trace-reading and trace-state
 * core of LTTV. Include this one header. */
#pragma once

#include <lttv/version.h>
#include <lttv/cancel.h>
#include <lttv/count-format.h>
#include <lttv/error.h>
#include <lttv/filter.h>
#include <lttv/paths.h>
#include <lttv/time.h>
#include <lttv/traceset.h>
#include <lttv/event-format.h>
#include <lttv/history.h>
#include <lttv/live.h>
#include <lttv/state.h>
#include <lttv/stats.h>
#include <lttv/density.h>
#include <lttv/latency.h>
#include <lttv/critpath.h>
