/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test-records.c: records the iterator writes itself
 * (lttv_iter_each_records). Every class of a perf trace is given a form
 * with some of its integer fields (some after strings, which the reader
 * passes over) and up to two of its strings (copied out); the stream
 * of records, made in stages of several sizes (so that the reader's loop
 * stops at every kind of limit), must be byte for byte the one a sink
 * makes from the fully decoded events, and its fields must be the values
 * babeltrace2 prints for the same events. */
#include "config.h"

#include <glib/gstdio.h>
#include <lttv/lttv.h>
#include <lttv-internal/iter-records.h>
#include <string.h>

/* Fields asked for, when the class has them (integers of perf's classes,
 * the last five after a string in some; the context's cpu_id is not the
 * payload's, so never in a form). */
static const char *const field_names[] = {
  "common_pid", "id", "ret", "pid", "prio", "target_cpu", "prev_state", "next_pid",
};
#define N_NAMES G_N_ELEMENTS (field_names)
G_STATIC_ASSERT (N_NAMES <= LTTV_RECORD_FIELDS);
/* Strings asked for, when the class has them: the scheduler switch's
 * two, a wakeup's one. */
static const char *const string_names[] = { "prev_comm", "next_comm", "comm" };
#define N_STRING_NAMES G_N_ELEMENTS (string_names)

/* A record: its time, its CPU, its class index, then its fields, then
 * per string its place among the strings and its length. */
#define REC_TIME 0
#define REC_CPU 8
#define REC_CLASS 12
#define REC_FIELDS 16
#define REC_MAX (REC_FIELDS + 8 * N_NAMES + 8 * LTTV_RECORD_STRINGS)

typedef struct {
  LttvFieldRef refs[N_NAMES];
  guint names[N_NAMES];     /* into field_names */
  guint n;
  LttvFieldRef strings[LTTV_RECORD_STRINGS];
  guint string_names[LTTV_RECORD_STRINGS];
  guint n_strings;
} ClassFields;

/* The records' strings, one after the other. */
typedef struct {
  guint8 *data;
  gsize len, cap;
} Strings;

typedef struct {
  LttvTraceset *ts;
  const LttvTrace *trace;
  ClassFields *classes;     /* by class index */
  guint n_classes;
} Subject;

static Subject *
subject_open (const char *path)
{
  Subject *s = g_new0 (Subject, 1);
  const char *paths[] = { path, NULL };
  g_autoptr (GError) error = NULL;
  s->ts = lttv_traceset_open (paths, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (lttv_traceset_n_traces (s->ts), ==, 1);
  s->trace = lttv_traceset_get_trace (s->ts, 0);
  s->n_classes = lttv_trace_n_event_classes (s->trace);
  s->classes = g_new0 (ClassFields, s->n_classes);
  for (guint k = 0; k < s->n_classes; k++)
    {
      const LttvEventClass *ec = lttv_trace_get_event_class (s->trace, k);
      ClassFields *cf = &s->classes[lttv_event_class_index (ec)];
      for (guint i = 0; i < N_NAMES; i++)
        {
          LttvFieldRef f = lttv_event_class_field (ec, field_names[i]);
          if (f >= 0)
            {
              cf->names[cf->n] = i;
              cf->refs[cf->n++] = f;
            }
        }
      for (guint i = 0; i < N_STRING_NAMES && cf->n_strings < LTTV_RECORD_STRINGS; i++)
        {
          LttvFieldRef f = lttv_event_class_field (ec, string_names[i]);
          if (f >= 0)
            {
              cf->string_names[cf->n_strings] = i;
              cf->strings[cf->n_strings++] = f;
            }
        }
    }
  return s;
}

static void
subject_free (Subject *s)
{
  lttv_traceset_free (s->ts);
  g_free (s->classes);
  g_free (s);
}

static gsize
rec_size (const ClassFields *cf)
{
  return REC_FIELDS + 8 * cf->n + 8 * cf->n_strings;
}

static guint8
string_at (const ClassFields *cf, guint k)
{
  return (guint8) (REC_FIELDS + 8 * cf->n + 8 * k);
}

/* The record of `ev`, from its decoded values, at `out` (its strings
 * appended to `strings`); its size. */
static gsize
make_record (const Subject *s, const LttvEvent *ev, guint8 *out, Strings *strings)
{
  LttvEventBasics eb;
  lttv_event_basics (ev, &eb);
  const ClassFields *cf = &s->classes[eb.class_index];
  memset (out, 0, rec_size (cf));
  int64_t t = (int64_t) eb.time;
  gint32 cpu = eb.cpu;
  guint32 cls = eb.class_index;
  memcpy (out + REC_TIME, &t, 8);
  memcpy (out + REC_CPU, &cpu, 4);
  memcpy (out + REC_CLASS, &cls, 4);
  int64_t v[N_NAMES];
  guint has = lttv_event_get_ints (ev, cf->refs, cf->n, v);
  g_assert_cmpuint (has, ==, (1u << cf->n) - 1);
  memcpy (out + REC_FIELDS, v, 8 * cf->n);
  for (guint k = 0; k < cf->n_strings; k++)
    {
      size_t n = 0;
      const char *str = lttv_event_get_string (ev, cf->strings[k], &n);
      g_assert_nonnull (str);
      if (strings->len + n > strings->cap)
        {
          strings->cap = MAX (64, 2 * (strings->len + n));
          strings->data = g_realloc (strings->data, strings->cap);
        }
      guint32 place[2] = { (guint32) strings->len, (guint32) n };
      memcpy (strings->data + strings->len, str, n);
      strings->len += n;
      memcpy (out + string_at (cf, k), place, 8);
    }
  return rec_size (cf);
}

/* Every event, fully decoded, as records: the reference. */
static GByteArray *
records_by_decoding (const Subject *s, Strings *strings, GError **error)
{
  GByteArray *all = g_byte_array_new ();
  g_autoptr (LttvIter) it = lttv_iter_new_to_end (s->ts);
  const LttvEvent *ev;
  guint8 rec[REC_MAX];
  while ((ev = lttv_iter_next (it, error)) != NULL)
    g_byte_array_append (all, rec, (guint) make_record (s, ev, rec, strings));
  return all;
}

typedef struct {
  const Subject *s;
  LttvRecordOut out;
  Strings *strings;
} Stage;

/* The records of the events the reader leaves to the sink: their strings
 * may move the strings' buffer, which the iterator is then told of. */
static gboolean
stage_sink (gpointer data, const LttvEvent *ev)
{
  Stage *st = data;
  st->strings->len = st->out.strings_len;
  st->out.len += make_record (st->s, ev, st->out.buf + st->out.len, st->strings);
  st->out.strings = st->strings->data;
  st->out.strings_len = st->strings->len;
  st->out.strings_room = st->strings->cap;
  return st->out.len <= st->out.room;
}

/* Gives every class its form; the number accepted. Class `strings`
 * (when not NULL) has strings before some of its fields. */
static guint
set_forms (const Subject *s, LttvIter *it, const char *strings)
{
  guint accepted = 0;
  for (guint k = 0; k < s->n_classes; k++)
    {
      const LttvEventClass *ec = lttv_trace_get_event_class (s->trace, k);
      const ClassFields *cf = &s->classes[lttv_event_class_index (ec)];
      LttvFieldRef wanted[N_NAMES + LTTV_RECORD_STRINGS];
      memcpy (wanted, cf->refs, cf->n * sizeof (LttvFieldRef));
      memcpy (wanted + cf->n, cf->strings, cf->n_strings * sizeof (LttvFieldRef));
      lttv_iter_set_fields_wanted_only (it, ec, wanted, cf->n + cf->n_strings);
      LttvRecordForm form = { .size = (guint8) rec_size (cf), .cpu_at = REC_CPU,
                              .n_fields = (guint8) cf->n, .n_strings = (guint8) cf->n_strings };
      for (guint k = 0; k < cf->n_strings; k++)
        {
          form.strings[k] = cf->strings[k];
          form.string_at[k] = string_at (cf, k);
        }
      guint32 cls = lttv_event_class_index (ec);
      memcpy (form.head + REC_CLASS, &cls, 4);
      for (guint i = 0; i < cf->n; i++)
        {
          form.fields[i] = cf->refs[i];
          form.field_at[i] = (guint8) (REC_FIELDS + 8 * i);
        }
      if (strings != NULL && strcmp (lttv_event_class_name (ec), strings) == 0)
        {
          /* a string is not an integer field, nor an integer a string */
          LttvRecordForm wrong = form;
          wrong.fields[0] = lttv_event_class_field (ec, "prev_comm");
          g_assert_cmpint (wrong.fields[0], >=, 0);
          g_assert_false (lttv_iter_set_record_form (it, ec, &wrong));
          wrong = form;
          wrong.strings[0] = lttv_event_class_field (ec, "prev_pid");
          g_assert_cmpint (wrong.strings[0], >=, 0);
          g_assert_false (lttv_iter_set_record_form (it, ec, &wrong));
          g_assert_true (lttv_iter_set_record_form (it, ec, &form));
        }
      accepted += lttv_iter_set_record_form (it, ec, &form);
    }
  return accepted;
}

/* The records through lttv_iter_each_records, in stages of `stage` bytes
 * (then REC_MAX of slack), their strings in `strings` (made room for by
 * the sink only, from nothing: the reader stops at a string that does not
 * fit, and the sink takes that event). */
static GByteArray *
records_by_forms (const Subject *s, gsize stage, const char *strings_class,
                  Strings *strings, GError **error)
{
  GByteArray *all = g_byte_array_new ();
  g_autoptr (LttvIter) it = lttv_iter_new_to_end (s->ts);
  lttv_iter_set_all_fields_wanted (it, FALSE);
  g_assert_cmpuint (set_forms (s, it, strings_class), >, 0);
  g_autofree guint8 *buf = g_malloc (stage + REC_MAX + LTTV_RECORD_HEAD);
  Stage st = { s, { buf, 0, stage }, strings };
  gboolean more;
  do
    {
      st.out.len = 0;
      st.out.strings = strings->data;
      st.out.strings_len = strings->len;
      st.out.strings_room = strings->cap;
      more = lttv_iter_each_records (it, stage_sink, &st, &st.out, error);
      strings->len = st.out.strings_len;
      g_byte_array_append (all, buf, (guint) st.out.len);
    }
  while (more);
  return all;
}

static void
assert_same_records (const GByteArray *got, const GByteArray *want)
{
  gsize n = MIN (got->len, want->len), at = 0;
  while (at < n && got->data[at] == want->data[at])
    at++;
  if (at < n || got->len != want->len)
    g_error ("records differ at byte %" G_GSIZE_FORMAT " (%u bytes against %u)", at,
             got->len, want->len);
}

/* babeltrace2's value of field `name` in its line `line`. */
static gboolean
bt_field (const char *line, const char *name, int64_t *out)
{
  g_autofree char *key = g_strdup_printf (" %s = ", name);
  const char *p = strstr (line, key);
  if (p == NULL || (p[-1] != ',' && p[-1] != '{'))
    return FALSE;
  *out = g_ascii_strtoll (p + strlen (key), NULL, 0);
  return TRUE;
}

/* babeltrace2's string `name` in its line `line` (without escapes, as a
 * command name has none), or NULL. */
static char *
bt_string (const char *line, const char *name)
{
  g_autofree char *key = g_strdup_printf (" %s = \"", name);
  const char *p = strstr (line, key);
  if (p == NULL || (p[-1] != ',' && p[-1] != '{'))
    return NULL;
  p += strlen (key);
  const char *q = strchr (p, '"');
  return q != NULL && memchr (p, '\\', (size_t) (q - p)) == NULL ? g_strndup (p, (gsize) (q - p))
                                                                : NULL;
}

/* Each record's fields and strings against babeltrace2's lines, in
 * order. */
static void
check_with_babeltrace (const Subject *s, const char *path, const GByteArray *recs,
                       const Strings *strings)
{
  const char *bt = g_getenv ("BABELTRACE2");
  g_assert_nonnull (bt);
  const char *argv[] = { bt, path, NULL };
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  int status = 0;
  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL | G_SPAWN_SEARCH_PATH,
                NULL, NULL, &text, NULL, &status, &error);
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  guint n = 0, fields = 0;
  for (gsize at = 0; at < recs->len; n++)
    {
      guint32 cls;
      memcpy (&cls, recs->data + at + REC_CLASS, 4);
      const ClassFields *cf = &s->classes[cls];
      g_assert_nonnull (lines[n]);
      for (guint i = 0; i < cf->n; i++)
        {
          int64_t ours, theirs = 0;
          memcpy (&ours, recs->data + at + REC_FIELDS + 8 * i, 8);
          g_assert_true (bt_field (lines[n], field_names[cf->names[i]], &theirs));
          if (ours != theirs)
            g_error ("event %u, %s: %" G_GINT64_FORMAT ", babeltrace2 %" G_GINT64_FORMAT
                     "\n%s", n, field_names[cf->names[i]], ours, theirs, lines[n]);
          fields++;
        }
      for (guint k = 0; k < cf->n_strings; k++)
        {
          guint32 place[2];
          memcpy (place, recs->data + at + string_at (cf, k), 8);
          g_assert_cmpuint ((gsize) place[0] + place[1], <=, strings->len);
          g_autofree char *theirs = bt_string (lines[n], string_names[cf->string_names[k]]);
          g_assert_nonnull (theirs);
          g_assert_cmpmem (strings->data + place[0], place[1], theirs, strlen (theirs));
          fields++;
        }
      at += rec_size (cf);
    }
  g_assert_true (lines[n] == NULL || (*lines[n] == '\0' && lines[n + 1] == NULL));
  g_assert_cmpuint (fields, >, n);
}

static const char *
trace_path (const char *rel)
{
  const char *root = g_getenv ("LTTV_TEST_TRACES");
  if (root == NULL || g_getenv ("BABELTRACE2") == NULL)
    {
      g_test_skip ("shared test traces or babeltrace2 not found "
                   "(LTTV_TEST_TRACES, BABELTRACE2)");
      return NULL;
    }
  static char path[4096];
  g_snprintf (path, sizeof path, "%s/%s", root, rel);
  return path;
}

static void
check_perf (const char *rel)
{
  const char *path = trace_path (rel);
  if (path == NULL)
    return;
  Subject *s = subject_open (path);
  g_autoptr (GError) decode_error = NULL;
  Strings want_strings = { 0 };
  g_autoptr (GByteArray) want = records_by_decoding (s, &want_strings, &decode_error);
  g_assert_no_error (decode_error);
  g_assert_cmpuint (want->len, >, 10000);
  g_assert_cmpuint (want_strings.len, >, 1000);
  /* a record or two per stage, a few, many */
  const gsize stages[] = { 1, REC_MAX, 1000, 64u << 10 };
  for (guint i = 0; i < G_N_ELEMENTS (stages); i++)
    {
      g_autoptr (GError) error = NULL;
      Strings strings = { 0 };
      g_autoptr (GByteArray) got = records_by_forms (s, stages[i], "sched:sched_switch",
                                                     &strings, &error);
      g_assert_no_error (error);
      assert_same_records (got, want);
      g_assert_cmpmem (strings.data, strings.len, want_strings.data, want_strings.len);
      if (i == G_N_ELEMENTS (stages) - 1)
        check_with_babeltrace (s, path, got, &strings);
      g_free (strings.data);
    }
  g_free (want_strings.data);
  subject_free (s);
}

static void
test_records_perf_vm_small (void)
{
  check_perf ("perf/vm-small");
}

static void
test_records_perf_taskset (void)
{
  check_perf ("perf/perf-taskset2");
}

/* A perf stream damaged in its middle (a copy, 64 KB of 0xff bytes): the
 * records up to the fault are the decoder's, and the error the same. */
static void
test_records_damaged (void)
{
  const char *path = trace_path ("perf/vm-small");
  if (path == NULL)
    return;
  g_autofree char *dir = g_dir_make_tmp ("lttv-records-XXXXXX", NULL);
  g_assert_nonnull (dir);
  g_autoptr (GDir) d = g_dir_open (path, 0, NULL);
  g_assert_nonnull (d);
  g_autoptr (GPtrArray) copied = g_ptr_array_new_with_free_func (g_free);
  guint damaged = 0;
  for (const char *name; (name = g_dir_read_name (d)) != NULL;)
    {
      g_autofree char *from = g_build_filename (path, name, NULL);
      if (!g_file_test (from, G_FILE_TEST_IS_REGULAR))
        continue;
      char *to = g_build_filename (dir, name, NULL);
      g_autofree char *bytes = NULL;
      gsize len = 0;
      g_assert_true (g_file_get_contents (from, &bytes, &len, NULL));
      if (strcmp (name, "metadata") != 0 && damaged == 0 && len > (256u << 10))
        {
          memset (bytes + len / 2, 0xff, 64u << 10);
          damaged++;
        }
      g_assert_true (g_file_set_contents (to, bytes, len, NULL));
      g_ptr_array_add (copied, to);
    }
  g_assert_cmpuint (damaged, ==, 1);
  Subject *s = subject_open (dir);
  g_autoptr (GError) decode_error = NULL, forms_error = NULL;
  Strings want_strings = { 0 }, strings = { 0 };
  g_autoptr (GByteArray) want = records_by_decoding (s, &want_strings, &decode_error);
  g_autoptr (GByteArray) got = records_by_forms (s, 1000, NULL, &strings, &forms_error);
  g_assert_nonnull (decode_error);
  g_assert_nonnull (forms_error);
  g_assert_cmpstr (forms_error->message, ==, decode_error->message);
  assert_same_records (got, want);
  g_assert_cmpmem (strings.data, strings.len, want_strings.data, want_strings.len);
  g_free (strings.data);
  g_free (want_strings.data);
  g_assert_cmpuint (want->len, >, 10000);
  subject_free (s);
  for (guint i = 0; i < copied->len; i++)
    g_remove (copied->pdata[i]);
  g_rmdir (dir);
}

/* LTTng's event header is tagged (its size varies): no class gets a
 * form, and every event goes to the sink. */
static void
test_records_refused_for_lttng (void)
{
  const char *path = trace_path ("lttng-kernel/many-threads");
  if (path == NULL)
    return;
  Subject *s = subject_open (path);
  LttvIter *it = lttv_iter_new_to_end (s->ts);
  g_assert_cmpuint (set_forms (s, it, NULL), ==, 0);
  lttv_iter_free (it);
  subject_free (s);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/records/perf-vm-small", test_records_perf_vm_small);
  g_test_add_func ("/records/perf-taskset", test_records_perf_taskset);
  g_test_add_func ("/records/damaged", test_records_damaged);
  g_test_add_func ("/records/refused-for-lttng", test_records_refused_for_lttng);
  return g_test_run ();
}
