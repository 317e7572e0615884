/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The state history's write rules (state-model.md) and queries, on
 * hand-worked change sequences. */
#include <string.h>

#include <lttv/lttv.h>

static void
test_attribute_paths_are_interned_once (void)
{
  g_autoptr (LttvHistory) h = lttv_history_new ();
  LttvAttr a = lttv_history_attr (h, "Threads/42/Exec_name");
  LttvAttr b = lttv_history_attr (h, "Threads/42/Exec_name");
  g_assert_cmpuint (a, ==, b);
  /* Threads, Threads/42, Threads/42/Exec_name */
  g_assert_cmpuint (lttv_history_n_attrs (h), ==, 3);
  g_assert_cmpuint (lttv_history_attr_lookup (h, "Threads/42"), ==,
                    lttv_history_attr_parent (h, a));
  g_assert_cmpuint (lttv_history_attr_lookup (h, "Threads/43"), ==, LTTV_ATTR_NONE);
  g_autofree char *path = lttv_history_attr_path (h, a);
  g_assert_cmpstr (path, ==, "Threads/42/Exec_name");
  g_assert_cmpstr (lttv_history_attr_name (h, a), ==, "Exec_name");
}

static void
test_strings_are_interned_once (void)
{
  g_autoptr (LttvHistory) h = lttv_history_new ();
  LttvValue v = lttv_history_intern (h, "bash");
  g_assert_cmpuint (v, ==, lttv_history_intern (h, "bash"));
  g_assert_cmpuint (v, !=, lttv_history_intern (h, "sh"));
  g_assert_cmpuint (lttv_value_type (v), ==, LTTV_VALUE_STRING);
  g_assert_cmpstr (lttv_history_string (h, v), ==, "bash");
  g_assert_cmpuint (lttv_history_intern_len (h, "bashful", 4), ==, v);
}

static void
test_int_values_keep_their_sign (void)
{
  g_assert_cmpint (lttv_value_get_int (lttv_value_int (-51)), ==, -51);
  g_assert_cmpint (lttv_value_get_int (lttv_value_int (120)), ==, 120);
  g_assert_cmpuint (lttv_value_type (lttv_value_int (0)), ==, LTTV_VALUE_INT);
  g_assert_cmpuint (lttv_value_int (0), !=, LTTV_VALUE_NONE);
}

/* Integers as printf prints them (lttv_history_format_value writes the
 * digits itself), at both ends of the 62 bits a value holds. */
static void
test_int_values_print_as_printf (void)
{
  g_autoptr (LttvHistory) h = lttv_history_new ();
  const gint64 ints[] = { 0, 7, -1, -51, 120, 1000000007, G_MAXINT64 >> 2, -(G_MAXINT64 >> 2) - 1 };
  for (guint i = 0; i < G_N_ELEMENTS (ints); i++)
    {
      char buf[32], expected[32];
      g_snprintf (expected, sizeof expected, "%" G_GINT64_FORMAT, ints[i]);
      g_assert_cmpstr (lttv_history_format_value (h, lttv_value_int (ints[i]), buf), ==, expected);
    }
}

static LttvValue
value_at (LttvHistory *h, LttvAttr a, LttvTime t)
{
  LttvInterval iv;
  g_assert_true (lttv_history_query (h, a, t, &iv));
  return iv.value;
}

/* A change at t is visible at t; the value before it ends at t - 1. */
static void
test_change_is_visible_at_its_time (void)
{
  g_autoptr (LttvHistory) h = lttv_history_new ();
  lttv_history_set_begin (h, 100);
  LttvAttr a = lttv_history_attr (h, "CPUs/0");
  lttv_history_set (h, a, 110, lttv_value_int (1));
  lttv_history_set (h, a, 120, lttv_value_int (2));
  lttv_history_finish (h, 200);

  LttvInterval iv;
  g_assert_true (lttv_history_query (h, a, 105, &iv));
  g_assert_cmpuint (iv.value, ==, LTTV_VALUE_NONE);
  g_assert_cmpuint (iv.start, ==, 100);
  g_assert_cmpuint (iv.end, ==, 109);
  g_assert_true (lttv_history_query (h, a, 110, &iv));
  g_assert_cmpint (lttv_value_get_int (iv.value), ==, 1);
  g_assert_cmpuint (iv.start, ==, 110);
  g_assert_cmpuint (iv.end, ==, 119);
  g_assert_true (lttv_history_query (h, a, 119, &iv));
  g_assert_cmpint (lttv_value_get_int (iv.value), ==, 1);
  g_assert_true (lttv_history_query (h, a, 200, &iv));
  g_assert_cmpint (lttv_value_get_int (iv.value), ==, 2);
  g_assert_cmpuint (iv.end, ==, 200);
  g_assert_false (lttv_history_query (h, a, 201, &iv));
  g_assert_cmpuint (lttv_history_n_intervals (h), ==, 2);
}

static void
test_last_write_at_one_time_wins (void)
{
  g_autoptr (LttvHistory) h = lttv_history_new ();
  LttvAttr a = lttv_history_attr (h, "CPUs/0");
  lttv_history_set (h, a, 10, lttv_value_int (1));
  lttv_history_set (h, a, 20, lttv_value_int (2));
  lttv_history_set (h, a, 20, lttv_value_int (3));
  lttv_history_set (h, a, 20, lttv_value_int (4));
  lttv_history_finish (h, 30);
  g_assert_cmpint (lttv_value_get_int (value_at (h, a, 19)), ==, 1);
  g_assert_cmpint (lttv_value_get_int (value_at (h, a, 20)), ==, 4);
  g_assert_cmpuint (lttv_history_n_intervals (h), ==, 2);
}

/* 1 from 10; at 20: 2 then back to 1. No zero-length interval of 2 is
 * left, and 1 continues unbroken from 10. */
static void
test_no_zero_length_interval (void)
{
  g_autoptr (LttvHistory) h = lttv_history_new ();
  LttvAttr a = lttv_history_attr (h, "CPUs/0");
  lttv_history_set (h, a, 10, lttv_value_int (1));
  lttv_history_set (h, a, 20, lttv_value_int (2));
  lttv_history_set (h, a, 20, lttv_value_int (1));
  lttv_history_finish (h, 30);
  LttvInterval iv;
  g_assert_true (lttv_history_query (h, a, 25, &iv));
  g_assert_cmpuint (iv.start, ==, 10);
  g_assert_cmpuint (iv.end, ==, 30);
  g_assert_cmpuint (lttv_history_n_intervals (h), ==, 1);
  g_autoptr (GArray) ivs = lttv_history_intervals (h, a, 0, 30);
  g_assert_cmpuint (ivs->len, ==, 2); /* nothing until 9, then 1 */
}

static void
test_rewriting_same_value_adds_nothing (void)
{
  g_autoptr (LttvHistory) h = lttv_history_new ();
  LttvAttr a = lttv_history_attr (h, "Threads/1/Exec_name");
  LttvValue bash = lttv_history_intern (h, "bash");
  lttv_history_set (h, a, 10, bash);
  lttv_history_set (h, a, 20, bash);
  lttv_history_set (h, a, 30, lttv_history_intern (h, "bash"));
  lttv_history_set (h, a, 40, LTTV_VALUE_NONE);
  lttv_history_set (h, a, 50, LTTV_VALUE_NONE);
  lttv_history_finish (h, 60);
  g_assert_cmpuint (lttv_history_n_intervals (h), ==, 2);
  LttvInterval iv;
  g_assert_true (lttv_history_query (h, a, 35, &iv));
  g_assert_cmpuint (iv.start, ==, 10);
  g_assert_cmpuint (iv.end, ==, 39);
  g_assert_cmpstr (lttv_history_string (h, iv.value), ==, "bash");
}

/* Readers see only what is committed: before the next event's time. */
static void
test_only_committed_part_is_visible (void)
{
  g_autoptr (LttvHistory) h = lttv_history_new ();
  LttvAttr a = lttv_history_attr (h, "CPUs/0");
  LttvInterval iv;
  g_assert_false (lttv_history_query (h, a, 0, &iv));
  g_assert_cmpuint (lttv_history_committed_end (h), ==, LTTV_TIME_NONE);
  lttv_history_set (h, a, 10, lttv_value_int (1));
  lttv_history_commit (h, 20);
  lttv_history_set (h, a, 20, lttv_value_int (2));
  g_assert_cmpuint (lttv_history_committed_end (h), ==, 19);
  g_assert_true (lttv_history_query (h, a, 19, &iv));
  g_assert_cmpint (lttv_value_get_int (iv.value), ==, 1);
  g_assert_cmpuint (iv.end, ==, 19);
  g_assert_false (lttv_history_query (h, a, 20, &iv));
  g_assert_false (lttv_history_is_finished (h));
}

/* Many chunks: every value found again by binary search. */
static void
test_many_changes_are_found (void)
{
  g_autoptr (LttvHistory) h = lttv_history_new ();
  LttvAttr a = lttv_history_attr (h, "x");
  for (int i = 0; i < 10000; i++)
    lttv_history_set (h, a, 1000 + 10 * (LttvTime) i, lttv_value_int (i));
  lttv_history_finish (h, 1000000);
  for (int i = 0; i < 10000; i += 37)
    {
      g_assert_cmpint (lttv_value_get_int (value_at (h, a, 1000 + 10 * (LttvTime) i)), ==, i);
      g_assert_cmpint (lttv_value_get_int (value_at (h, a, 1009 + 10 * (LttvTime) i)), ==, i);
    }
  g_assert_cmpuint (value_at (h, a, 999), ==, LTTV_VALUE_NONE);
}

static void
test_full_state (void)
{
  g_autoptr (LttvHistory) h = lttv_history_new ();
  LttvAttr a = lttv_history_attr (h, "A");
  LttvAttr b = lttv_history_attr (h, "B");
  lttv_history_set (h, a, 10, lttv_value_int (1));
  lttv_history_set (h, b, 15, lttv_value_int (2));
  lttv_history_set (h, a, 20, LTTV_VALUE_NONE);
  lttv_history_finish (h, 30);
  guint n = 0;
  g_autofree LttvValue *s = lttv_history_query_full (h, 17, &n);
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpint (lttv_value_get_int (s[a]), ==, 1);
  g_assert_cmpint (lttv_value_get_int (s[b]), ==, 2);
  g_autofree LttvValue *s2 = lttv_history_query_full (h, 20, &n);
  g_assert_cmpuint (s2[a], ==, LTTV_VALUE_NONE);
  g_assert_null (lttv_history_query_full (h, 31, &n));
}

/* Pixels of 10 ns from 0: value 1 on [0,13], 2 on [14,15], 3 from 16. */
static void
test_row_merges_sub_pixel_intervals (void)
{
  g_autoptr (LttvHistory) h = lttv_history_new ();
  LttvAttr a = lttv_history_attr (h, "A");
  lttv_history_set (h, a, 0, lttv_value_int (1));
  lttv_history_set (h, a, 14, lttv_value_int (2));
  lttv_history_set (h, a, 16, lttv_value_int (3));
  lttv_history_finish (h, 34);
  LttvSample s[5];
  g_assert_cmpuint (lttv_history_query_row (h, a, 0, 10, 5, s), ==, 4);
  g_assert_cmpint (lttv_value_get_int (s[0].value), ==, 1);
  g_assert_cmpuint (s[0].mixed, ==, 0);
  /* [10,19]: 1 for 4 ns, 2 for 2 ns, 3 for 4 ns: 1 comes first of the
   * longest, two changes inside. */
  g_assert_cmpint (lttv_value_get_int (s[1].value), ==, 1);
  g_assert_cmpuint (s[1].mixed, ==, 2);
  g_assert_cmpint (lttv_value_get_int (s[2].value), ==, 3);
  g_assert_cmpuint (s[2].mixed, ==, 0);
  g_assert_cmpint (lttv_value_get_int (s[3].value), ==, 3);
  g_assert_cmpuint (s[4].value, ==, LTTV_VALUE_NONE);
}

typedef struct {
  LttvHistory *h;
  LttvAttr a;
  gint errors;
} Reader;

static gpointer
read_while_building (gpointer data)
{
  Reader *r = data;
  while (!lttv_history_is_finished (r->h))
    {
      LttvTime end = lttv_history_committed_end (r->h);
      if (end == LTTV_TIME_NONE)
        continue;
      /* Change i is at 10 * i with value i (the last one 199999, which
       * holds to the end at 2000000): the value at end is end / 10. */
      LttvInterval iv;
      if (!lttv_history_query (r->h, r->a, end, &iv)
          || lttv_value_get_int (iv.value) != (int64_t) MIN (end / 10, 199999))
        r->errors++;
    }
  return NULL;
}

static void
test_queries_while_building (void)
{
  g_autoptr (LttvHistory) h = lttv_history_new ();
  Reader r = { h, lttv_history_attr (h, "A"), 0 };
  GThread *reader = g_thread_new ("reader", read_while_building, &r);
  for (int i = 0; i < 200000; i++)
    {
      lttv_history_commit (h, 10 * (LttvTime) i);
      lttv_history_set (h, r.a, 10 * (LttvTime) i, lttv_value_int (i));
    }
  lttv_history_finish (h, 2000000);
  g_thread_join (reader);
  g_assert_cmpint (r.errors, ==, 0);
}

/* Full states at sorted times, worked by hand: A is 1 from 110, nothing
 * from 130; B is 7 from 120. Committed up to 139 while building, then
 * finished at 200: the same answers, only attributes holding a value,
 * and no answer past the committed part. */
static void
check_full_states (LttvHistory *h, LttvAttr a, LttvAttr b, guint expect_answered)
{
  const LttvTime times[] = { 100, 110, 125, 130, 139, 150 };
  g_autoptr (LttvFullStates) fs = lttv_history_query_full_sorted (h, times, G_N_ELEMENTS (times));
  g_assert_cmpuint (lttv_full_states_n_answered (fs), ==, expect_answered);
  /* {attr, value} at each time, {NONE} ending the list */
  const LttvAttrValue none = { LTTV_ATTR_NONE, 0 };
  const LttvAttrValue want[][3] = {
    { none },
    { { a, lttv_value_int (1) }, none },
    { { a, lttv_value_int (1) }, { b, lttv_value_int (7) }, none },
    { { b, lttv_value_int (7) }, none },
    { { b, lttv_value_int (7) }, none },
    { { b, lttv_value_int (7) }, none },
  };
  for (guint k = 0; k < expect_answered; k++)
    {
      guint n, j = 0;
      const LttvAttrValue *got = lttv_full_states_at (fs, k, &n);
      for (; want[k][j].attr != LTTV_ATTR_NONE; j++)
        {
          g_assert_cmpuint (j, <, n);
          g_assert_cmpuint (got[j].attr, ==, want[k][j].attr);
          g_assert_cmpuint (got[j].value, ==, want[k][j].value);
        }
      g_assert_cmpuint (n, ==, j);
    }
}

static void
test_full_states_at_sorted_times (void)
{
  g_autoptr (LttvHistory) h = lttv_history_new ();
  lttv_history_set_begin (h, 100);
  LttvAttr a = lttv_history_attr (h, "A");
  LttvAttr b = lttv_history_attr (h, "B");
  lttv_history_set (h, a, 110, lttv_value_int (1));
  lttv_history_set (h, b, 120, lttv_value_int (7));
  lttv_history_set (h, a, 130, LTTV_VALUE_NONE);
  lttv_history_commit (h, 140);
  check_full_states (h, a, b, 5);
  lttv_history_finish (h, 200);
  check_full_states (h, a, b, 6);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/history/attribute-paths-interned-once", test_attribute_paths_are_interned_once);
  g_test_add_func ("/history/strings-interned-once", test_strings_are_interned_once);
  g_test_add_func ("/history/int-values-keep-sign", test_int_values_keep_their_sign);
  g_test_add_func ("/history/int-values-print-as-printf", test_int_values_print_as_printf);
  g_test_add_func ("/history/change-visible-at-its-time", test_change_is_visible_at_its_time);
  g_test_add_func ("/history/last-write-at-one-time-wins", test_last_write_at_one_time_wins);
  g_test_add_func ("/history/no-zero-length-interval", test_no_zero_length_interval);
  g_test_add_func ("/history/rewriting-same-value-adds-nothing", test_rewriting_same_value_adds_nothing);
  g_test_add_func ("/history/only-committed-part-visible", test_only_committed_part_is_visible);
  g_test_add_func ("/history/many-changes-found", test_many_changes_are_found);
  g_test_add_func ("/history/full-state", test_full_state);
  g_test_add_func ("/history/row-merges-sub-pixel-intervals", test_row_merges_sub_pixel_intervals);
  g_test_add_func ("/history/queries-while-building", test_queries_while_building);
  g_test_add_func ("/history/full-states-at-sorted-times", test_full_states_at_sorted_times);
  return g_test_run ();
}
