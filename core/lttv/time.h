/* SPDX-License-Identifier: GPL-2.0-or-later */
/* time.h: trace times. A time is an unsigned count of nanoseconds from the
 * clock's origin (what babeltrace2 calls "ns from origin"). */
#pragma once

#include <glib.h>
#include <stdint.h>

G_BEGIN_DECLS

typedef uint64_t LttvTime;

#define LTTV_TIME_NONE UINT64_MAX

/* Parses a command-line time (docs/cli.md): "123" ns from origin,
 * "1457113582.794565804" seconds from origin, "+0.25" seconds from
 * `traceset_begin`. Returns FALSE and sets `error` (LTTV_ERROR_USAGE) when
 * `text` is not a time. */
gboolean lttv_time_parse (const char *text, LttvTime traceset_begin,
                          LttvTime *out, GError **error);

/* Writes "SSSS.NNNNNNNNN" (seconds and nanoseconds) into `buf`. */
void lttv_time_format_seconds (LttvTime t, char buf[32]);

G_END_DECLS
