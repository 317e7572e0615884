/* SPDX-License-Identifier: GPL-2.0-or-later */
/**
 * SECTION:time
 * @title: Times
 * @short_description: trace times, parsed and formatted
 * @include: lttv/lttv.h
 *
 * Trace times. A time is an unsigned count of nanoseconds from the
 * clock's origin (what babeltrace2 calls "ns from origin").
 */
#pragma once

#include <glib.h>
#include <stdint.h>

G_BEGIN_DECLS

/**
 * LttvTime:
 *
 * A time: nanoseconds from the clock's origin, unsigned.
 *
 * A time: nanoseconds from the clock's origin.
 */
typedef uint64_t LttvTime;

/**
 * LTTV_TIME_NONE:
 *
 * No time: unknown, or not reached.
 */
#define LTTV_TIME_NONE UINT64_MAX

/**
 * lttv_time_parse:
 * @text: a string
 * @traceset_begin: the origin of "+S" times
 * @out: return location for the time
 * @error: return location for a #GError, or %NULL
 *
 * Parses a command-line time (docs/cli.md): "123" ns from origin,
 * "1457113582.794565804" seconds from origin, "+0.25" seconds from
 * @traceset_begin. Returns FALSE and sets @error (LTTV_ERROR_USAGE) when
 * @text is not a time.
 *
 * Returns: %TRUE when @text is a time
 */
gboolean lttv_time_parse (const char *text, LttvTime traceset_begin,
                          LttvTime *out, GError **error);

/**
 * lttv_time_format_seconds:
 * @t: a time
 * @buf: a buffer of 32 bytes
 *
 * Writes "SSSS.NNNNNNNNN" (seconds and nanoseconds) into @buf.
 */
void lttv_time_format_seconds (LttvTime t, char buf[32]);

G_END_DECLS
