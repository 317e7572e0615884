/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test-traceset.c: the traceset.h API on a real LTTng kernel trace.
 * Expected values come from babeltrace2 2.0.4 (`babeltrace2 --clock-seconds
 * lttng-kernel/many-threads`) and the traces' README. */
#include "config.h"

#include <glib/gstdio.h>
#include <lttv/lttv.h>
#include <lttv-internal/iter-records.h>
#include <string.h>

static char *
trace_path (const char *rel)
{
  const char *root = g_getenv ("LTTV_TEST_TRACES");
  if (root == NULL)
    return NULL;
  char *p = g_build_filename (root, rel, NULL);
  if (!g_file_test (p, G_FILE_TEST_IS_DIR))
    {
      g_free (p);
      return NULL;
    }
  return p;
}

static LttvTraceset *
open_or_skip (const char *rel)
{
  g_autofree char *p = trace_path (rel);
  if (p == NULL)
    {
      g_test_skip ("shared test traces not found (LTTV_TEST_TRACES)");
      return NULL;
    }
  const char *paths[] = { p, NULL };
  g_autoptr (GError) error = NULL;
  LttvTraceset *ts = lttv_traceset_open (paths, &error);
  g_assert_no_error (error);
  return ts;
}

static void
test_count_matches_babeltrace2 (void)
{
  g_autoptr (LttvTraceset) ts = open_or_skip ("lttng-kernel/many-threads");
  if (ts == NULL)
    return;
  g_autoptr (LttvIter) it = lttv_iter_new (ts);
  g_autoptr (GError) error = NULL;
  guint64 n = 0;
  LttvTime prev = 0;
  const LttvEvent *ev;
  while ((ev = lttv_iter_next (it, &error)) != NULL)
    {
      g_assert_cmpuint (lttv_event_time (ev), >=, prev);
      prev = lttv_event_time (ev);
      n++;
    }
  g_assert_no_error (error);
  g_assert_cmpuint (n, ==, 240644);
}

static void
test_first_event_fields (void)
{
  g_autoptr (LttvTraceset) ts = open_or_skip ("lttng-kernel/many-threads");
  if (ts == NULL)
    return;
  g_autoptr (LttvIter) it = lttv_iter_new (ts);
  const LttvEvent *ev = lttv_iter_next (it, NULL);
  g_assert_nonnull (ev);
  /* [1457113582.794565804] sched_waking: { cpu_id = 2 },
   * { comm = "lttng-consumerd", tid = 4297, prio = 20, target_cpu = 5 } */
  g_assert_cmpuint (lttv_event_time (ev), ==, UINT64_C (1457113582794565804));
  const LttvEventClass *ec = lttv_event_get_class (ev);
  g_assert_cmpstr (lttv_event_class_name (ec), ==, "sched_waking");
  g_assert_cmpint (lttv_event_cpu (ev), ==, 2);
  LttvFieldRef tid = lttv_event_class_field (ec, "tid");
  LttvFieldRef comm = lttv_event_class_field (ec, "comm");
  LttvFieldRef cpu = lttv_event_class_field (ec, "cpu_id");
  g_assert_cmpint (lttv_event_class_field (ec, "no_such_field"), <, 0);
  int64_t v = 0;
  g_assert_true (lttv_event_get_int (ev, tid, &v));
  g_assert_cmpint (v, ==, 4297);
  g_assert_true (lttv_event_get_int (ev, cpu, &v));
  g_assert_cmpint (v, ==, 2);
  size_t len = 0;
  const char *s = lttv_event_get_string (ev, comm, &len);
  g_assert_nonnull (s);
  g_assert_cmpuint (len, ==, strlen ("lttng-consumerd"));
  g_assert_true (strncmp (s, "lttng-consumerd", len) == 0);
  g_assert_false (lttv_event_get_int (ev, comm, &v));
  /* the range comes from the packets: the first one begins before */
  g_assert_cmpuint (lttv_traceset_begin (ts), <=,
                    UINT64_C (1457113582794565804));
  g_assert_cmpuint (lttv_traceset_begin (ts), >,
                    UINT64_C (1457113582000000000));
}

/* Every event of class `name` of `rel`, with all fields decoded and with
 * none: lttv_event_get_int_fields (its `fields` resolved once) reads what
 * lttv_event_get_ints reads; `all`: the fields found when decoded (bit i
 * for names[i]). Not decoded, none is found (but in the first event of
 * each stream: read when the iterator is made, before it is told). */
static void
check_int_fields (const char *rel, const char *name, const char *const *names,
                  guint n, guint all)
{
  g_autoptr (LttvTraceset) ts = open_or_skip (rel);
  if (ts == NULL)
    return;
  LttvTrace *tr = lttv_traceset_get_trace (ts, 0);
  const LttvEventClass *ec = NULL;
  for (guint i = 0; i < lttv_trace_n_event_classes (tr); i++)
    if (strcmp (lttv_event_class_name (lttv_trace_get_event_class (tr, i)), name) == 0)
      ec = lttv_trace_get_event_class (tr, i);
  g_assert_nonnull (ec);
  LttvFieldRef refs[LTTV_INT_FIELDS_MAX];
  for (guint i = 0; i < n; i++)
    refs[i] = lttv_event_class_field (ec, names[i]);
  LttvIntFields f;
  lttv_event_class_int_fields (ec, refs, n, &f);
  g_assert_false (f.general);
  for (guint pass = 0; pass < 2; pass++)
    {
      g_autoptr (LttvIter) it = lttv_iter_new (ts);
      if (pass == 1)
        lttv_iter_set_all_fields_wanted (it, FALSE);
      guint n_events = 0, n_none = 0;
      const LttvEvent *ev;
      while ((ev = lttv_iter_next (it, NULL)) != NULL)
        {
          if (lttv_event_get_class (ev) != ec)
            continue;
          int64_t a[LTTV_INT_FIELDS_MAX] = { 0 }, b[LTTV_INT_FIELDS_MAX] = { 0 };
          guint has = lttv_event_get_ints (ev, refs, n, a);
          g_assert_cmpuint (lttv_event_get_int_fields (ev, &f, b), ==, has);
          if (pass == 1 && has == 0)
            n_none++;
          else
            g_assert_cmpuint (has, ==, all);
          for (guint i = 0; i < n; i++)
            g_assert_cmpint (a[i], ==, b[i]);
          n_events++;
        }
      g_assert_cmpuint (n_events, >, 400);
      if (pass == 1)
        g_assert_cmpuint (n_none, >=, n_events - 8);
    }
}

/* On the first event (values above): a string and a missing field are
 * absent; a field of the packet's context is read the general way. Then
 * every sched_switch of a kernel trace and of a perf one, decoded and not
 * (its fields' slots then hold no value of the event, or an older one). */
static void
test_resolved_int_fields_read_as_get_ints (void)
{
  g_autoptr (LttvTraceset) ts = open_or_skip ("lttng-kernel/many-threads");
  if (ts == NULL)
    return;
  g_autoptr (LttvIter) first = lttv_iter_new (ts);
  const LttvEvent *ev = lttv_iter_next (first, NULL);
  const LttvEventClass *ec = lttv_event_get_class (ev);
  LttvFieldRef own[] = { lttv_event_class_field (ec, "tid"),
                         lttv_event_class_field (ec, "comm"),
                         lttv_event_class_field (ec, "prio"),
                         lttv_event_class_field (ec, "target_cpu"), -1 };
  LttvIntFields f;
  lttv_event_class_int_fields (ec, own, G_N_ELEMENTS (own), &f);
  g_assert_false (f.general);
  int64_t v[LTTV_INT_FIELDS_MAX] = { 0 };
  g_assert_cmpuint (lttv_event_get_int_fields (ev, &f, v), ==, 0x1 | 0x4 | 0x8);
  g_assert_cmpint (v[0], ==, 4297);
  g_assert_cmpint (v[2], ==, 20);
  g_assert_cmpint (v[3], ==, 5);
  LttvFieldRef mixed[] = { own[0], lttv_event_class_field (ec, "cpu_id") };
  lttv_event_class_int_fields (ec, mixed, 2, &f);
  g_assert_true (f.general);
  g_assert_cmpuint (lttv_event_get_int_fields (ev, &f, v), ==, 0x3);
  g_assert_cmpint (v[0], ==, 4297);
  g_assert_cmpint (v[1], ==, 2);

  static const char *const lttng[] = { "prev_tid", "prev_prio", "prev_state",
                                       "next_comm", "next_tid", "next_prio" };
  check_int_fields ("lttng-kernel/many-threads", "sched_switch", lttng, 6, 0x37);
  static const char *const perf[] = { "prev_pid", "prev_prio", "prev_state",
                                      "next_comm", "next_pid", "next_prio" };
  check_int_fields ("perf/vm-small", "sched:sched_switch", perf, 6, 0x37);
}

static void
test_seek_lands_on_time (void)
{
  g_autoptr (LttvTraceset) ts = open_or_skip ("lttng-kernel/many-threads");
  if (ts == NULL)
    return;
  g_autoptr (LttvIter) it = lttv_iter_new (ts);
  g_autoptr (GError) error = NULL;
  /* babeltrace2's events 99999..100001: .985967508, .985967647 (a
   * syscall_exit_set_robust_list), .985968723 */
  g_assert_true (lttv_iter_seek_time (it, UINT64_C (1457113582985967600),
                                      &error));
  const LttvEvent *ev = lttv_iter_next (it, &error);
  g_assert_no_error (error);
  g_assert_nonnull (ev);
  g_assert_cmpuint (lttv_event_time (ev), ==, UINT64_C (1457113582985967647));
  g_assert_cmpstr (lttv_event_class_name (lttv_event_get_class (ev)), ==,
                   "syscall_exit_set_robust_list");
  ev = lttv_iter_next (it, &error);
  g_assert_cmpuint (lttv_event_time (ev), ==, UINT64_C (1457113582985968723));
}

/* The text of every event of `ts`, from a new iterator. */
static char *
print_all (LttvTraceset *ts)
{
  g_autoptr (LttvIter) it = lttv_iter_new (ts);
  g_autoptr (LttvTextFormat) fmt = lttv_text_format_new ();
  GString *out = g_string_new (NULL);
  const LttvEvent *ev;
  while ((ev = lttv_iter_next (it, NULL)) != NULL)
    lttv_text_format_event (fmt, ev, out);
  return g_string_free (out, FALSE);
}

static gpointer
print_all_thread (gpointer ts)
{
  return print_all (ts);
}

/* How a class prints is built when one of its events first prints, by
 * whichever thread prints it: two threads printing a freshly opened trace
 * at once each get the text one thread gets alone. (A thread using a plan
 * another one is still building would print wrong text; two builds at
 * once, which the lock prevents, are too rare to show here: without the
 * lock, six runs passed.) */
static void
test_printing_from_two_threads (void)
{
  g_autoptr (LttvTraceset) ts = open_or_skip ("lttng-kernel/many-threads");
  if (ts == NULL)
    return;
  GThread *a = g_thread_new ("print-a", print_all_thread, ts);
  GThread *b = g_thread_new ("print-b", print_all_thread, ts);
  g_autofree char *ta = g_thread_join (a);
  g_autofree char *tb = g_thread_join (b);
  g_autofree char *alone = print_all (ts);
  g_assert_cmpuint (strlen (alone), >, 10000000);
  g_assert_true (strcmp (ta, alone) == 0);
  g_assert_true (strcmp (tb, alone) == 0);
}

static void
test_missing_folder_is_an_error (void)
{
  const char *paths[] = { "/nonexistent/lttv-trace", NULL };
  g_autoptr (GError) error = NULL;
  LttvTraceset *ts = lttv_traceset_open (paths, &error);
  g_assert_null (ts);
  g_assert_error (error, LTTV_ERROR, LTTV_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "/nonexistent/lttv-trace"));
}

static void
test_session_folder_finds_both_domains (void)
{
  g_autoptr (LttvTraceset) ts =
    open_or_skip ("babeltrace-ctf-traces/succeed/multi-domains");
  if (ts == NULL)
    return;
  g_assert_cmpuint (lttv_traceset_n_traces (ts), ==, 2);
  g_assert_cmpstr (lttv_trace_env_string (lttv_traceset_get_trace (ts, 0),
                                          "domain"), ==, "kernel");
  g_assert_cmpstr (lttv_trace_env_string (lttv_traceset_get_trace (ts, 1),
                                          "domain"), ==, "ust");
}

/* The parser reads an integer specifier written again (the same text) from
 * what the first gave: the lines it spans still count. */
static void
test_repeated_integer_keeps_line_numbers (void)
{
  static const char metadata[] =
    "/* CTF 1.8 */\n"
    "trace {\n"
    "\tmajor = 1;\n"
    "\tminor = 8;\n"
    "\tbyte_order = le;\n"
    "\tpacket.header := struct {\n"
    "\t\tinteger {\n"
    "\t\t\tsize = 32; align = 8;\n"
    "\t\t} magic;\n"
    "\t\tinteger {\n"
    "\t\t\tsize = 32; align = 8;\n"
    "\t\t} stream_id;\n"
    "\t};\n"
    "};\n"
    "event {\n"
    "\tname = \"a\";\n"
    "\tfields := struct {\n"
    "\t\tinteger {\n"
    "\t\t\tsize = 32; align = 8;\n"
    "\t\t} x;\n"
    "\t\tbogus y;\n"          /* line 21 */
    "\t};\n"
    "};\n";
  g_autofree char *dir = g_dir_make_tmp ("lttv-test-XXXXXX", NULL);
  g_assert_nonnull (dir);
  g_autofree char *file = g_build_filename (dir, "metadata", NULL);
  g_assert_true (g_file_set_contents (file, metadata, -1, NULL));
  const char *paths[] = { dir, NULL };
  g_autoptr (GError) error = NULL;
  LttvTraceset *ts = lttv_traceset_open (paths, &error);
  g_assert_null (ts);
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "metadata line 21:"));
  g_assert_nonnull (strstr (error->message, "bogus"));
  g_unlink (file);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ctf/count-matches-babeltrace2",
                   test_count_matches_babeltrace2);
  g_test_add_func ("/ctf/first-event-fields", test_first_event_fields);
  g_test_add_func ("/ctf/resolved-int-fields-read-as-get-ints",
                   test_resolved_int_fields_read_as_get_ints);
  g_test_add_func ("/ctf/seek-lands-on-time", test_seek_lands_on_time);
  g_test_add_func ("/ctf/printing-from-two-threads",
                   test_printing_from_two_threads);
  g_test_add_func ("/ctf/missing-folder-is-an-error",
                   test_missing_folder_is_an_error);
  g_test_add_func ("/ctf/session-folder-finds-both-domains",
                   test_session_folder_finds_both_domains);
  g_test_add_func ("/ctf/repeated-integer-keeps-line-numbers",
                   test_repeated_integer_keeps_line_numbers);
  return g_test_run ();
}
