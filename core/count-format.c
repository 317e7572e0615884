/* SPDX-License-Identifier: GPL-2.0-or-later */
/* count-format.c: lttv_format_count (count-format.h). GLib's printf has
 * no "%'" (the locale's grouping): grouped here, by commas. */
#include "config.h"

#include <lttv/count-format.h>
#include <string.h>

char *
lttv_format_count (guint64 n)
{
  char digits[32];
  g_snprintf (digits, sizeof digits, "%" G_GUINT64_FORMAT, n);
  gsize len = strlen (digits);
  GString *s = g_string_sized_new (len + len / 3);
  for (gsize i = 0; i < len; i++)
    {
      if (i > 0 && (len - i) % 3 == 0)
        g_string_append_c (s, ',');
      g_string_append_c (s, digits[i]);
    }
  return g_string_free (s, FALSE);
}
