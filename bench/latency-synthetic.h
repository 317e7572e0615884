/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The latency benches' input: n synthetic system calls, their begins
 * spread evenly over span, their durations log-uniform from 100 ns to
 * 10 ms (the same seed each time). */
#pragma once

#include "latency-store.h"

LttvLatency *latency_synthetic_new (guint64 n, LttvTime span);
