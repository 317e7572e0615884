/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "config.h"

#include <lttv/error.h>
#include <lttv/time.h>

#include <stdio.h>
#include <string.h>

/* Reads "S[.F]" into nanoseconds, without floating point so that every
 * nanosecond survives. */
static gboolean
parse_seconds (const char *text, LttvTime *out)
{
  uint64_t seconds = 0, nanoseconds = 0;
  const char *p = text;
  int digits = 0;

  if (!g_ascii_isdigit (*p) && *p != '.')
    return FALSE;
  for (; g_ascii_isdigit (*p); p++)
    {
      if (seconds > (UINT64_MAX / 1000000000u - 9) / 10)
        return FALSE;
      seconds = seconds * 10 + (uint64_t) (*p - '0');
    }
  if (*p == '.')
    for (p++; g_ascii_isdigit (*p); p++, digits++)
      if (digits < 9)
        nanoseconds = nanoseconds * 10 + (uint64_t) (*p - '0');
  if (*p != '\0' || p == text)
    return FALSE;
  for (; digits < 9; digits++)
    nanoseconds *= 10;
  *out = seconds * 1000000000u + nanoseconds;
  return TRUE;
}

gboolean
lttv_time_parse (const char *text, LttvTime traceset_begin, LttvTime *out,
                 GError **error)
{
  g_return_val_if_fail (text != NULL, FALSE);

  if (text[0] == '+')
    {
      LttvTime offset;
      if (parse_seconds (text + 1, &offset)
          && offset <= UINT64_MAX - traceset_begin)
        {
          *out = traceset_begin + offset;
          return TRUE;
        }
    }
  else if (strchr (text, '.') != NULL)
    {
      if (parse_seconds (text, out))
        return TRUE;
    }
  else
    {
      guint64 ns;
      if (g_ascii_string_to_unsigned (text, 10, 0, UINT64_MAX - 1, &ns, NULL))
        {
          *out = ns;
          return TRUE;
        }
    }
  g_set_error (error, LTTV_ERROR, LTTV_ERROR_USAGE,
               "'%s' is not a time: expected nanoseconds (123), seconds "
               "(1457113582.794565804) or seconds from the start (+0.25)",
               text);
  return FALSE;
}

void
lttv_time_format_seconds (LttvTime t, char buf[32])
{
  snprintf (buf, 32, "%" G_GUINT64_FORMAT ".%09" G_GUINT64_FORMAT,
            t / 1000000000u, t % 1000000000u);
}
