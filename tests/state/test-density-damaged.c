/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The event density of traces whose events have no usable time: counting
 * them must neither abort nor lose them. babeltrace-ctf-traces'
 * valid-events-then-invalid-events holds two events without a clock, then
 * one of an unknown class (its README; babeltrace2 prints the two). */
#include <lttv/lttv.h>

static void
test_events_without_time (void)
{
  const char *dir = g_getenv ("LTTV_TEST_TRACES");
  g_autofree char *path = dir != NULL ? g_build_filename (dir, "babeltrace-ctf-traces", "fail",
                                                          "valid-events-then-invalid-events", NULL)
                                      : NULL;
  const char *paths[] = { path, NULL };
  g_autoptr (LttvTraceset) ts = path != NULL ? lttv_traceset_open (paths, NULL) : NULL;
  g_autoptr (GError) error = NULL;
  guint64 n = 0;

  if (ts == NULL)
    {
      g_test_skip ("babeltrace-ctf-traces/fail/valid-events-then-invalid-events is not available");
      return;
    }
  g_autoptr (LttvState) s = lttv_state_new (ts);
  /* the unknown class ends the build with an error, after the two events */
  g_assert_false (lttv_state_build (s, FALSE, LTTV_CANCEL_NONE, &error));
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_cmpuint (lttv_state_n_events (s), ==, 2);

  LttvDensity *d = lttv_state_get_density (s);
  LttvTime begin = lttv_density_begin (d), end = lttv_density_committed_end (d);
  /* (this query aborted: every event without a time wrote a run of 2^32
   * empty buckets into a density of one) */
  g_assert_true (lttv_density_count_exact (d, begin, end > begin ? end - 1 : begin, &n));
  g_assert_cmpuint (n, ==, 2);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/density/events-without-time", test_events_without_time);
  return g_test_run ();
}
