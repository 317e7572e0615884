/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Times as the window shows them and as users type them. The reference
 * instant 1457113582.794565804 s is 2016-03-04 17:46:22 UTC (date -u -d
 * @1457113582); the test runs with TZ=UTC. */
#include "config.h"

#include <stdlib.h>

#include <lttv/error.h>

#include "gui/lttv-time-text.h"

#define T ((LttvTime) 1457113582794565804u)
#define ORIGIN ((LttvTime) 1457113582000000000u)

static void
check_format (LttvTimeFormat format, LttvTime t, const char *expected)
{
  g_autofree char *text = lttv_time_text_format (t, format, ORIGIN);
  g_assert_cmpstr (text, ==, expected);
}

static void
test_format (void)
{
  check_format (LTTV_TIME_FORMAT_CLOCK, T, "17:46:22.794565804");
  check_format (LTTV_TIME_FORMAT_SECONDS, T, "1457113582.794565804");
  check_format (LTTV_TIME_FORMAT_RELATIVE, T, "+0.794565804");
  check_format (LTTV_TIME_FORMAT_RELATIVE, ORIGIN - 1500000000u, "-1.500000000");
}

static LttvTime
parse_ok (const char *text, LttvTimeFormat format)
{
  g_autoptr (GError) error = NULL;
  LttvTime t = 0;
  g_assert_true (lttv_time_text_parse (text, format, ORIGIN, &t, &error));
  g_assert_no_error (error);
  return t;
}

static void
test_parse (void)
{
  /* Each format reads what it prints. */
  g_assert_cmpuint (parse_ok ("17:46:22.794565804", LTTV_TIME_FORMAT_CLOCK), ==, T);
  g_assert_cmpuint (parse_ok ("1457113582.794565804", LTTV_TIME_FORMAT_SECONDS), ==, T);
  g_assert_cmpuint (parse_ok ("+0.794565804", LTTV_TIME_FORMAT_RELATIVE), ==, T);
  /* Relative without '+', clock with a date or fewer digits. */
  g_assert_cmpuint (parse_ok ("0.25", LTTV_TIME_FORMAT_RELATIVE), ==, ORIGIN + 250000000u);
  g_assert_cmpuint (parse_ok ("2016-03-04 17:46:23.5", LTTV_TIME_FORMAT_CLOCK), ==, ORIGIN + 1500000000u);
  g_assert_cmpuint (parse_ok ("17:46:22", LTTV_TIME_FORMAT_CLOCK), ==, ORIGIN);
  /* The command line's forms work whatever the format. */
  g_assert_cmpuint (parse_ok ("1457113582794565804", LTTV_TIME_FORMAT_CLOCK), ==, T);
  g_assert_cmpuint (parse_ok (" +1.5 ", LTTV_TIME_FORMAT_CLOCK), ==, ORIGIN + 1500000000u);
}

static void
test_parse_rejects (void)
{
  static const char *bad[] = { "", "abc", "17:61:00", "1.2.3", "+", "12:00:00.x" };
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;
      LttvTime t;
      g_assert_false (lttv_time_text_parse (bad[i], LTTV_TIME_FORMAT_CLOCK, ORIGIN, &t, &error));
      g_assert_error (error, LTTV_ERROR, LTTV_ERROR_USAGE);
    }
}

static void
test_durations (void)
{
  static const struct { const char *text; LttvTime ns; } ok[] = {
    { "0.25", 250000000 }, { "0.25 s", 250000000 }, { "2s", 2000000000 },
    { "300 us", 300000 }, { "300µs", 300000 }, { "15 ms", 15000000 }, { "40 ns", 40 },
  };
  LttvTime t;
  for (guint i = 0; i < G_N_ELEMENTS (ok); i++)
    {
      g_autoptr (GError) error = NULL;
      g_assert_true (lttv_time_text_parse_duration (ok[i].text, &t, &error));
      g_assert_cmpuint (t, ==, ok[i].ns);
    }
  g_assert_false (lttv_time_text_parse_duration ("1.5 ms", &t, NULL));
  g_assert_false (lttv_time_text_parse_duration ("-1", &t, NULL));
  g_assert_false (lttv_time_text_parse_duration ("fast", &t, NULL));
}

int
main (int argc, char **argv)
{
  setenv ("TZ", "UTC", 1);
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/time-text/format", test_format);
  g_test_add_func ("/time-text/parse", test_parse);
  g_test_add_func ("/time-text/parse-rejects", test_parse_rejects);
  g_test_add_func ("/time-text/durations", test_durations);
  return g_test_run ();
}
