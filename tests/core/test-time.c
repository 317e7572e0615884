/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Command-line times (docs/cli.md): ns from origin, seconds from origin,
 * +seconds from the traceset's start. */
#include <string.h>

#include <lttv/lttv.h>

static void
test_integer_is_nanoseconds_from_origin (void)
{
  LttvTime t = 0;
  g_assert_true (lttv_time_parse ("1457113582794565804", 0, &t, NULL));
  g_assert_cmpuint (t, ==, 1457113582794565804u);
}

static void
test_decimal_is_seconds_from_origin (void)
{
  LttvTime t = 0;
  g_assert_true (lttv_time_parse ("1457113582.794565804", 0, &t, NULL));
  g_assert_cmpuint (t, ==, 1457113582794565804u);
  g_assert_true (lttv_time_parse ("2.5", 0, &t, NULL));
  g_assert_cmpuint (t, ==, 2500000000u);
}

static void
test_plus_is_relative_to_traceset_begin (void)
{
  LttvTime t = 0;
  g_assert_true (lttv_time_parse ("+0.25", 1000000000u, &t, NULL));
  g_assert_cmpuint (t, ==, 1250000000u);
}

static void
test_garbage_is_a_usage_error (void)
{
  const char *bad[] = { "", "abc", "1.2.3", "+", "-5", "12x", "99999999999999999999" };
  for (gsize i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;
      LttvTime t;
      g_assert_false (lttv_time_parse (bad[i], 0, &t, &error));
      g_assert_error (error, LTTV_ERROR, LTTV_ERROR_USAGE);
      g_assert_nonnull (strstr (error->message, "is not a time"));
    }
}

static void
test_format_seconds_keeps_every_nanosecond (void)
{
  char buf[32];
  lttv_time_format_seconds (1457113582000000005u, buf);
  g_assert_cmpstr (buf, ==, "1457113582.000000005");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/time/integer-is-ns-from-origin", test_integer_is_nanoseconds_from_origin);
  g_test_add_func ("/time/decimal-is-seconds-from-origin", test_decimal_is_seconds_from_origin);
  g_test_add_func ("/time/plus-is-relative-to-begin", test_plus_is_relative_to_traceset_begin);
  g_test_add_func ("/time/garbage-is-usage-error", test_garbage_is_a_usage_error);
  g_test_add_func ("/time/format-keeps-every-ns", test_format_seconds_keeps_every_nanosecond);
  return g_test_run ();
}
