/* SPDX-License-Identifier: GPL-2.0-or-later */
/* LTTng log levels of CTF 2 event record classes: tests/ctf2tool's
 * tsdl-to-ctf2 writes LTTng's integer, babeltrace2 2.1's sink.ctf.fs its
 * name ("debug:line"); both read as LTTng's value (TRACE_EMERG 0 ..
 * TRACE_DEBUG 14). Expected values: the names' order in babeltrace2's
 * log level enumeration (LTTng's), and the CTF 1.8 original's TSDL text
 * (`loglevel = 13;` in lttng-ust/hello-lost, whose CTF 2 copy
 * babeltrace2 2.1 wrote with "debug:line"). */
#include "config.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

#include <lttv/lttv.h>

static LttvTraceset *
open_one (const char *path)
{
  const char *paths[] = { path, NULL };
  g_autoptr (GError) error = NULL;
  LttvTraceset *ts = lttv_traceset_open (paths, &error);
  g_assert_no_error (error);
  return ts;
}

static const LttvEventClass *
class_named (LttvTrace *t, const char *name)
{
  for (guint i = 0; i < lttv_trace_n_event_classes (t); i++)
    {
      const LttvEventClass *ec = lttv_trace_get_event_class (t, i);
      if (strcmp (lttv_event_class_name (ec), name) == 0)
        return ec;
    }
  g_assert_not_reached ();
}

static void
test_integer_and_name (void)
{
  g_autofree char *dir = g_dir_make_tmp ("lttv-loglevel-XXXXXX", NULL);
  g_assert_nonnull (dir);
  static const struct { const char *name, *attr; int want; } cls[] = {
    { "int", "13", 13 },
    { "line", "\"debug:line\"", 13 },
    { "emerg", "\"emergency\"", 0 },
    { "warn", "\"warning\"", 4 },
    { "debug", "\"debug\"", 14 },
    { "int0", "0", 0 },
    { "none", NULL, -1 },
    { "bogus", "\"loud\"", -1 },
  };
  /* babeltrace2 2.1's sink.ctf.fs: its own namespace, a name */
  static const char bt2[] = "\036{\"type\":\"event-record-class\",\"id\":99,"
    "\"name\":\"bt2\",\"attributes\":{\"babeltrace.org,2020\":"
    "{\"log-level\":\"debug:unit\"}}}\n";
  GString *m = g_string_new ("\036{\"type\":\"preamble\",\"version\":2}\n"
                             "\036{\"type\":\"data-stream-class\"}\n");
  for (guint i = 0; i < G_N_ELEMENTS (cls); i++)
    {
      g_string_append_printf (m, "\036{\"type\":\"event-record-class\","
                              "\"id\":%u,\"name\":\"%s\"", i, cls[i].name);
      if (cls[i].attr != NULL)
        g_string_append_printf (m, ",\"attributes\":{\"lttng.org,2009\":"
                                "{\"log-level\":%s}}", cls[i].attr);
      g_string_append (m, "}\n");
    }
  g_string_append (m, bt2);
  g_autofree char *meta = g_build_filename (dir, "metadata", NULL);
  g_autofree char *stream = g_build_filename (dir, "stream", NULL);
  g_assert_true (g_file_set_contents (meta, m->str, (gssize) m->len, NULL));
  g_assert_true (g_file_set_contents (stream, "", 0, NULL));
  g_string_free (m, TRUE);
  {
    g_autoptr (LttvTraceset) ts = open_one (dir);
    LttvTrace *t = lttv_traceset_get_trace (ts, 0);
    for (guint i = 0; i < G_N_ELEMENTS (cls); i++)
      {
        int level = -1;
        gboolean has = lttv_event_class_log_level (class_named (t,
                                                                cls[i].name),
                                                   &level);
        g_assert_cmpint (has, ==, cls[i].want >= 0);
        if (has)
          g_assert_cmpint (level, ==, cls[i].want);
      }
    int level = -1;
    g_assert_true (lttv_event_class_log_level (class_named (t, "bt2"),
                                               &level));
    g_assert_cmpint (level, ==, 11);
  }
  g_unlink (meta);
  g_unlink (stream);
  g_rmdir (dir);
}

/* The CTF 2 copy `c` and CTF 1.8 original `o` (under LTTV_TEST_TRACES)
 * give each class the same level; `name` has `want` (the TSDL text's). */
static void
same_levels (const char *c_rel, const char *o_rel, const char *name,
             int want)
{
  const char *root = g_getenv ("LTTV_TEST_TRACES");
  g_autofree char *c = g_build_filename (root != NULL ? root : ".", c_rel,
                                         NULL);
  g_autofree char *o = g_build_filename (root != NULL ? root : ".", o_rel,
                                         NULL);
  if (!g_file_test (c, G_FILE_TEST_IS_DIR)
      || !g_file_test (o, G_FILE_TEST_IS_DIR))
    {
      g_test_skip ("test traces not found (LTTV_TEST_TRACES)");
      return;
    }
  g_autoptr (LttvTraceset) cts = open_one (c);
  g_autoptr (LttvTraceset) ots = open_one (o);
  LttvTrace *ct = lttv_traceset_get_trace (cts, 0);
  LttvTrace *ot = lttv_traceset_get_trace (ots, 0);
  int level = -1;
  g_assert_true (lttv_event_class_log_level (class_named (ct, name),
                                             &level));
  g_assert_cmpint (level, ==, want);
  guint n = 0;
  for (guint i = 0; i < lttv_trace_n_event_classes (ct); i++, n++)
    {
      const LttvEventClass *ec = lttv_trace_get_event_class (ct, i);
      int lc = -1, lo = -1;
      gboolean hc = lttv_event_class_log_level (ec, &lc);
      gboolean ho = lttv_event_class_log_level (
        class_named (ot, lttv_event_class_name (ec)), &lo);
      g_assert_cmpint (hc, ==, ho);
      g_assert_cmpint (lc, ==, lo);
    }
  g_assert_cmpuint (n, >, 0);
}

/* babeltrace2 2.1's copy: {"babeltrace.org,2020": {"log-level":
 * "debug:line"}}; the TSDL: `loglevel = 13;`. */
static void
test_converted_as_original (void)
{
  same_levels ("ctf2/converted/hello-lost", "lttng-ust/hello-lost",
               "ust_tests_hello:tptest", 13);
}

/* LTTng's own CTF 2: {"lttng.org,2009": {"log-level": "debug:line"}};
 * the corpus's CTF 1.8 trace of the same name: `loglevel = 13;`. */
static void
test_lttng_as_original (void)
{
  same_levels ("ctf2/succeed/lttng-event-after-packet",
               "babeltrace-ctf-traces/succeed/lttng-event-after-packet",
               "my_app:current_temp", 13);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ctf2/log-level/integer-and-name", test_integer_and_name);
  g_test_add_func ("/ctf2/log-level/converted-as-original",
                   test_converted_as_original);
  g_test_add_func ("/ctf2/log-level/lttng-as-original",
                   test_lttng_as_original);
  return g_test_run ();
}
