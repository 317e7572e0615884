#include "config.h"

#include "lttv-time-text.h"

char *
lttv_time_text_clock (LttvTime t)
{
  g_autoptr (GDateTime) utc = g_date_time_new_from_unix_utc ((gint64) (t / 1000000000u));
  if (utc == NULL)
    return g_strdup_printf ("%" G_GUINT64_FORMAT " ns", t);

  g_autoptr (GDateTime) local = g_date_time_to_local (utc);
  g_autofree char *seconds = g_date_time_format (local, "%Y-%m-%d %H:%M:%S");
  return g_strdup_printf ("%s.%09u", seconds, (unsigned) (t % 1000000000u));
}

char *
lttv_time_text_duration (LttvTime d)
{
  char buf[32];
  lttv_time_format_seconds (d, buf);
  return g_strdup_printf ("%s s", buf);
}
