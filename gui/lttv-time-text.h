/* SPDX-License-Identifier: GPL-2.0-or-later */
/* lttv-time-text: trace times as people read and type them in the window,
 * in the format chosen in Preferences. */
#pragma once

#include <glib.h>

#include <lttv/time.h>

G_BEGIN_DECLS

typedef enum {
  LTTV_TIME_FORMAT_CLOCK,     /* "17:46:22.794565804", local time of day */
  LTTV_TIME_FORMAT_SECONDS,   /* "1457113582.794565804", from the clock's origin */
  LTTV_TIME_FORMAT_RELATIVE,  /* "+0.250000000", from the traceset's start */
} LttvTimeFormat;

/* The format of the user's preference (main thread only). */
LttvTimeFormat lttv_time_text_get_format (void);
void lttv_time_text_set_format (LttvTimeFormat format);

/* `t` in `format`; `origin` is the traceset's start (for RELATIVE and for
 * the day of CLOCK). Newly allocated. */
char *lttv_time_text_format (LttvTime t, LttvTimeFormat format, LttvTime origin);
/* Reads what a user typed: the format's own form, and always the command
 * line's forms (ns, seconds with a point, +seconds from the start); CLOCK
 * also takes "HH:MM:SS[.fff]" on the origin's day or a full
 * "YYYY-MM-DD HH:MM:SS[.fff]"; RELATIVE takes seconds with or without '+'. */
gboolean lttv_time_text_parse (const char *text, LttvTimeFormat format,
                               LttvTime origin, LttvTime *out, GError **error);
/* Reads a duration: "0.25", "0.25 s", "250 ms", "12 us", "40 ns". */
gboolean lttv_time_text_parse_duration (const char *text, LttvTime *out, GError **error);

/* "2016-03-04 17:46:22.794565804" in the local time zone; newly allocated. */
char *lttv_time_text_clock (LttvTime t);
/* "1.250000000 s"; newly allocated. */
char *lttv_time_text_duration (LttvTime d);

G_END_DECLS
