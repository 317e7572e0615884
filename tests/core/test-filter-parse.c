/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The filter language's syntax: precedence, operands, literals, and errors
 * that point at the column where the expression goes wrong. Expected trees
 * are worked out by hand from the grammar in <lttv/filter.h>. */
#include <string.h>

#include <lttv/lttv.h>

static void
assert_parses_as (const char *expression, const char *expected)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LttvFilter) filter = lttv_filter_new (expression, &error);
  g_assert_no_error (error);
  g_autofree char *tree = lttv_filter_to_string (filter);
  g_assert_cmpstr (tree, ==, expected);
}

/* Returns the error message, asserting it is a usage error. */
static char *
parse_error (const char *expression)
{
  GError *error = NULL;
  LttvFilter *filter = lttv_filter_new (expression, &error);
  g_assert_null (filter);
  g_assert_error (error, LTTV_ERROR, LTTV_ERROR_USAGE);
  char *message = g_strdup (error->message);
  g_error_free (error);
  return message;
}

static void
test_and_binds_tighter_than_or (void)
{
  assert_parses_as ("name == \"a\" || cpu == 1 && tid > 3",
                    "((name == \"a\") || ((cpu == 1) && (tid > 3)))");
  assert_parses_as ("cpu == 1 && tid > 3 || name == \"a\"",
                    "(((cpu == 1) && (tid > 3)) || (name == \"a\"))");
}

static void
test_parentheses_override_precedence (void)
{
  assert_parses_as ("(name == \"a\" || cpu == 1) && tid > 3",
                    "(((name == \"a\") || (cpu == 1)) && (tid > 3))");
}

static void
test_not_applies_to_the_next_term (void)
{
  assert_parses_as ("!cpu == 1 && pid == 2", "((!(cpu == 1)) && (pid == 2))");
  assert_parses_as ("!(cpu == 1 && pid == 2)", "(!((cpu == 1) && (pid == 2)))");
  assert_parses_as ("!!cpu == 1", "(!(!(cpu == 1)))");
}

static void
test_operators_are_left_associative (void)
{
  assert_parses_as ("cpu == 1 || cpu == 2 || cpu == 3",
                    "(((cpu == 1) || (cpu == 2)) || (cpu == 3))");
}

static void
test_unknown_names_are_fields (void)
{
  assert_parses_as ("prev_tid == 42", "(field.prev_tid == 42)");
  /* `name` is the event name; field.name is the payload field `name`. */
  assert_parses_as ("field.name == \"eth0\"", "(field.name == \"eth0\")");
  assert_parses_as ("thread.comm == \"bash\"", "(comm == \"bash\")");
}

static void
test_numbers_in_decimal_hex_negative_and_seconds (void)
{
  assert_parses_as ("ret == 0x1F", "(field.ret == 31)");
  assert_parses_as ("ret == -5", "(field.ret == -5)");
  /* python3 -c "print(0xFFFFFFFF813B4B46)" */
  assert_parses_as ("perf_ip == 0xFFFFFFFF813B4B46", "(field.perf_ip == 18446744071582731078)");
  assert_parses_as ("time >= 1457113582.7945", "(time >= 1457113582.794500000)");
}

/* `+S` is a time as on the command line: seconds from the traceset's
 * begin (docs/cli.md), with or without a decimal point. */
static void
test_plus_seconds_from_the_begin (void)
{
  assert_parses_as ("time > +0.5", "(time > +0.500000000)");
  assert_parses_as ("time<+2", "(time < +2.000000000)");
  assert_parses_as ("+0.25 <= time", "(time >= +0.250000000)");
  g_autofree char *hex = parse_error ("time > +0x10");
  g_assert_nonnull (strstr (hex, "in seconds"));
}

static void
test_literal_on_the_left_is_turned_around (void)
{
  assert_parses_as ("3 < tid", "(tid > 3)");
  assert_parses_as ("\"sched_switch\" == name", "(name == \"sched_switch\")");
}

static void
test_string_escapes (void)
{
  assert_parses_as ("comm == \"a\\\"b\"", "(comm == \"a\\\"b\")");
}

static void
test_single_equals_means_equals (void)
{
  assert_parses_as ("cpu = 1", "(cpu == 1)");
}

static void
test_thread_values_need_thread_state (void)
{
  g_autoptr (LttvFilter) plain = lttv_filter_new ("name == \"x\" && cpu == 1", NULL);
  g_autoptr (LttvFilter) threaded = lttv_filter_new ("name == \"x\" || syscall == \"read\"", NULL);
  g_assert_false (lttv_filter_needs_thread_state (plain));
  g_assert_true (lttv_filter_needs_thread_state (threaded));
}

static void
test_error_points_at_missing_value (void)
{
  g_autofree char *m = parse_error ("name == && cpu == 1");
  g_assert_cmpstr (m, ==,
                   "filter: column 9: expected a value (a name, a number or a \"string\")\n"
                   "  name == && cpu == 1\n"
                   "          ^~");
}

static void
test_error_points_at_unclosed_parenthesis (void)
{
  g_autofree char *m = parse_error ("cpu == 1 && (tid == 2");
  g_assert_cmpstr (m, ==,
                   "filter: column 13: this '(' is never closed\n"
                   "  cpu == 1 && (tid == 2\n"
                   "              ^");
}

static void
test_error_points_at_stray_parenthesis (void)
{
  g_autofree char *m = parse_error ("cpu == 1)");
  g_assert_true (g_str_has_prefix (m, "filter: column 9: this ')' has no matching '('"));
}

static void
test_error_for_missing_operator (void)
{
  g_autofree char *m = parse_error ("cpu 1");
  g_assert_true (g_str_has_prefix (m, "filter: column 5: expected a comparison"));
  g_autofree char *m2 = parse_error ("cpu == 1 cpu == 2");
  g_assert_true (g_str_has_prefix (m2, "filter: column 10: expected && or ||"));
}

static void
test_error_for_bad_tokens (void)
{
  g_autofree char *m1 = parse_error ("comm == \"bash");
  g_assert_true (g_str_has_prefix (m1, "filter: column 9: unterminated string"));
  g_autofree char *m2 = parse_error ("cpu == 12abc");
  g_assert_true (g_str_has_prefix (m2, "filter: column 8: unexpected letter in a number"));
  g_autofree char *m3 = parse_error ("cpu == 99999999999999999999");
  g_assert_true (g_str_has_prefix (m3, "filter: column 8: number too large"));
  g_autofree char *m4 = parse_error ("cpu # 1");
  g_assert_true (g_str_has_prefix (m4, "filter: column 5: unexpected character"));
  g_autofree char *m5 = parse_error ("   ");
  g_assert_true (g_str_has_prefix (m5, "filter: column 1: empty filter"));
}

static void
test_error_for_type_mismatch (void)
{
  g_autofree char *m1 = parse_error ("name == 3");
  g_assert_true (g_str_has_prefix (m1, "filter: column 1: compares a text with a number"));
  g_autofree char *m2 = parse_error ("tid == \"x\"");
  g_assert_true (g_str_has_prefix (m2, "filter: column 1: compares a text with a number"));
}

static void
test_error_for_bad_regex (void)
{
  g_autofree char *m1 = parse_error ("comm =~ \"a(b\"");
  g_assert_true (g_str_has_prefix (m1, "filter: column 1: bad regular expression"));
  g_autofree char *m2 = parse_error ("comm =~ tid");
  g_assert_true (g_str_has_prefix (m2, "filter: column 1: the right of =~ and !~ must be"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/filter/parse/and-binds-tighter-than-or", test_and_binds_tighter_than_or);
  g_test_add_func ("/filter/parse/parentheses-override-precedence", test_parentheses_override_precedence);
  g_test_add_func ("/filter/parse/not-applies-to-next-term", test_not_applies_to_the_next_term);
  g_test_add_func ("/filter/parse/left-associative", test_operators_are_left_associative);
  g_test_add_func ("/filter/parse/unknown-names-are-fields", test_unknown_names_are_fields);
  g_test_add_func ("/filter/parse/numbers", test_numbers_in_decimal_hex_negative_and_seconds);
  g_test_add_func ("/filter/parse/plus-seconds", test_plus_seconds_from_the_begin);
  g_test_add_func ("/filter/parse/literal-on-left-turned-around", test_literal_on_the_left_is_turned_around);
  g_test_add_func ("/filter/parse/string-escapes", test_string_escapes);
  g_test_add_func ("/filter/parse/single-equals", test_single_equals_means_equals);
  g_test_add_func ("/filter/parse/thread-values-need-state", test_thread_values_need_thread_state);
  g_test_add_func ("/filter/error/missing-value", test_error_points_at_missing_value);
  g_test_add_func ("/filter/error/unclosed-parenthesis", test_error_points_at_unclosed_parenthesis);
  g_test_add_func ("/filter/error/stray-parenthesis", test_error_points_at_stray_parenthesis);
  g_test_add_func ("/filter/error/missing-operator", test_error_for_missing_operator);
  g_test_add_func ("/filter/error/bad-tokens", test_error_for_bad_tokens);
  g_test_add_func ("/filter/error/type-mismatch", test_error_for_type_mismatch);
  g_test_add_func ("/filter/error/bad-regex", test_error_for_bad_regex);
  return g_test_run ();
}
