/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include <lttv/error.h>

#include "lttv-time-text.h"

#define NS_PER_S 1000000000u

static LttvTimeFormat current_format = LTTV_TIME_FORMAT_CLOCK;

LttvTimeFormat
lttv_time_text_get_format (void)
{
  return current_format;
}

void
lttv_time_text_set_format (LttvTimeFormat format)
{
  current_format = format;
}

static GDateTime *
local_time (LttvTime t)
{
  g_autoptr (GDateTime) utc = g_date_time_new_from_unix_utc ((gint64) (t / NS_PER_S));
  return utc != NULL ? g_date_time_to_local (utc) : NULL;
}

char *
lttv_time_text_clock (LttvTime t)
{
  g_autoptr (GDateTime) local = local_time (t);
  if (local == NULL)
    return g_strdup_printf ("%" G_GUINT64_FORMAT " ns", t);

  g_autofree char *seconds = g_date_time_format (local, "%Y-%m-%d %H:%M:%S");
  return g_strdup_printf ("%s.%09u", seconds, (unsigned) (t % NS_PER_S));
}

char *
lttv_time_text_duration (LttvTime d)
{
  char buf[32];
  lttv_time_format_seconds (d, buf);
  return g_strdup_printf ("%s s", buf);
}

char *
lttv_time_text_format (LttvTime t, LttvTimeFormat format, LttvTime origin)
{
  char buf[32];

  switch (format)
    {
    case LTTV_TIME_FORMAT_CLOCK:
      {
        g_autoptr (GDateTime) local = local_time (t);
        if (local == NULL)
          break;
        g_autofree char *hms = g_date_time_format (local, "%H:%M:%S");
        return g_strdup_printf ("%s.%09u", hms, (unsigned) (t % NS_PER_S));
      }
    case LTTV_TIME_FORMAT_RELATIVE:
      if (t < origin)
        {
          lttv_time_format_seconds (origin - t, buf);
          return g_strdup_printf ("-%s", buf);
        }
      lttv_time_format_seconds (t - origin, buf);
      return g_strdup_printf ("+%s", buf);
    case LTTV_TIME_FORMAT_SECONDS:
      break;
    }
  lttv_time_format_seconds (t, buf);
  return g_strdup (buf);
}

/* "HH:MM:SS[.f]" → seconds of the day and ns; or with a date in front. */
static gboolean
parse_clock (const char *text, LttvTime origin, LttvTime *out)
{
  int year = 0, month = 0, day = 0, hour, minute, second, consumed = 0;
  g_autoptr (GDateTime) when = NULL;
  LttvTime frac = 0;

  if (sscanf (text, "%d-%d-%d %d:%d:%d%n", &year, &month, &day, &hour, &minute, &second, &consumed) == 6)
    when = g_date_time_new_local (year, month, day, hour, minute, second);
  else if (sscanf (text, "%d:%d:%d%n", &hour, &minute, &second, &consumed) == 3)
    {
      g_autoptr (GDateTime) day_of = local_time (origin);
      if (day_of == NULL)
        return FALSE;
      when = g_date_time_new_local (g_date_time_get_year (day_of), g_date_time_get_month (day_of),
                                    g_date_time_get_day_of_month (day_of), hour, minute, second);
    }
  if (when == NULL || g_date_time_to_unix (when) < 0)
    return FALSE;
  if (text[consumed] == '.')
    {
      g_autofree char *frac_text = g_strconcat ("0", text + consumed, NULL);
      if (!lttv_time_parse (frac_text, 0, &frac, NULL) || frac >= NS_PER_S)
        return FALSE;
    }
  else if (text[consumed] != '\0')
    return FALSE;
  *out = (LttvTime) g_date_time_to_unix (when) * NS_PER_S + frac;
  return TRUE;
}

gboolean
lttv_time_text_parse (const char *text, LttvTimeFormat format, LttvTime origin,
                      LttvTime *out, GError **error)
{
  g_autofree char *trimmed = g_strstrip (g_strdup (text));

  if (strchr (trimmed, ':') != NULL)
    {
      if (parse_clock (trimmed, origin, out))
        return TRUE;
    }
  else if (format == LTTV_TIME_FORMAT_RELATIVE && trimmed[0] != '+' && trimmed[0] != '-')
    {
      g_autofree char *relative = g_strconcat ("+", trimmed, NULL);
      if (lttv_time_parse (relative, origin, out, NULL))
        return TRUE;
    }
  else if (lttv_time_parse (trimmed, origin, out, NULL))
    return TRUE;

  g_set_error (error, LTTV_ERROR, LTTV_ERROR_USAGE,
               _("“%s” is not a time: type 17:46:22.794565804, seconds such as "
                 "1457113582.794565804, or +0.25 for seconds from the start"), trimmed);
  return FALSE;
}

gboolean
lttv_time_text_parse_duration (const char *text, LttvTime *out, GError **error)
{
  static const struct { const char *unit; guint64 scale; } units[] = {
    { "ns", 1 }, { "us", 1000 }, { "µs", 1000 }, { "ms", 1000000 },
  };
  g_autofree char *trimmed = g_strstrip (g_strdup (text));
  size_t len = strlen (trimmed);

  for (guint i = 0; i < G_N_ELEMENTS (units); i++)
    if (g_str_has_suffix (trimmed, units[i].unit))
      {
        guint64 n;
        trimmed[len - strlen (units[i].unit)] = '\0';
        g_strstrip (trimmed);
        if (g_ascii_string_to_unsigned (trimmed, 10, 0, G_MAXUINT64 / units[i].scale, &n, NULL))
          {
            *out = n * units[i].scale;
            return TRUE;
          }
        goto bad;
      }
  if (len > 0 && trimmed[len - 1] == 's')
    {
      trimmed[len - 1] = '\0';
      g_strstrip (trimmed);
    }
  if (trimmed[0] != '+' && trimmed[0] != '-')
    {
      g_autofree char *plus = g_strconcat ("+", trimmed, NULL);
      if (lttv_time_parse (plus, 0, out, NULL))
        return TRUE;
    }
bad:
  g_set_error (error, LTTV_ERROR, LTTV_ERROR_USAGE,
               _("“%s” is not a duration: type seconds (0.25) or a number with ms, us or ns"),
               text);
  return FALSE;
}
