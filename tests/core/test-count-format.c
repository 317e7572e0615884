/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test-count-format.c: lttv_format_count groups digits by thousands. */
#include "config.h"

#include <lttv/lttv.h>

static void
test_groups (void)
{
  static const struct { guint64 n; const char *text; } cases[] = {
    { 0, "0" },
    { 999, "999" },
    { 1000, "1,000" },
    { 29724, "29,724" },
    { 6165713, "6,165,713" },
    { 100000000, "100,000,000" },
    { G_MAXUINT64, "18,446,744,073,709,551,615" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = lttv_format_count (cases[i].n);
      g_assert_cmpstr (text, ==, cases[i].text);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/count-format/groups", test_groups);
  return g_test_run ();
}
