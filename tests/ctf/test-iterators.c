/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test-iterators.c: iterators of one traceset are independent, and saved
 * positions come back. Every event is printed in babeltrace2's text format
 * and compared with babeltrace2's own output, line by line: two iterators
 * interleaved, iterators in threads, and the events after a restored
 * position (without the delta column, which depends on the event before). */
#include "config.h"

#include <glib/gstdio.h>
#include <lttv/event-format.h>
#include <lttv/lttv.h>
#include <string.h>

/* babeltrace2's lines for one trace */
typedef struct {
  char *path;
  char *text;
  GPtrArray *lines;      /* char* into text */
} Reference;

static GHashTable *references;   /* rel -> Reference*: babeltrace2 once */

static void reference_destroy (gpointer data);

static Reference *
reference_load (const char *rel)
{
  if (references == NULL)
    references = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                        reference_destroy);
  Reference *cached = g_hash_table_lookup (references, rel);
  if (cached != NULL)
    return cached;
  const char *root = g_getenv ("LTTV_TEST_TRACES");
  const char *bt = g_getenv ("BABELTRACE2");
  if (root == NULL || bt == NULL || *bt == '\0')
    {
      g_test_skip ("shared test traces or babeltrace2 not found "
                   "(LTTV_TEST_TRACES, BABELTRACE2)");
      return NULL;
    }
  Reference *ref = g_new0 (Reference, 1);
  ref->path = g_build_filename (root, rel, NULL);
  const char *argv[] = { bt, ref->path, NULL };
  g_autoptr (GError) error = NULL;
  int status = 0;
  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL | G_SPAWN_SEARCH_PATH,
                NULL, NULL, &ref->text, NULL, &status, &error);
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  ref->lines = g_ptr_array_new ();
  for (char *p = ref->text; *p != '\0';)
    {
      char *nl = strchr (p, '\n');
      g_assert_nonnull (nl);
      *nl = '\0';
      g_ptr_array_add (ref->lines, p);
      p = nl + 1;
    }
  g_assert_cmpuint (ref->lines->len, >, 1000);
  g_hash_table_insert (references, g_strdup (rel), ref);
  return ref;
}

/* References stay for the other tests. */
static void
reference_free (Reference *ref)
{
  (void) ref;
}

static void
reference_destroy (gpointer data)
{
  Reference *ref = data;
  g_ptr_array_free (ref->lines, TRUE);
  g_free (ref->text);
  g_free (ref->path);
  g_free (ref);
}

static LttvTraceset *
open_trace (const Reference *ref)
{
  const char *paths[] = { ref->path, NULL };
  g_autoptr (GError) error = NULL;
  LttvTraceset *ts = lttv_traceset_open (paths, &error);
  g_assert_no_error (error);
  return ts;
}

/* One iterator and what it has printed so far. */
typedef struct {
  LttvIter *it;
  LttvTextFormat *fmt;
  GString *line;
  guint n;               /* events compared */
  gboolean ended;
  const LttvEvent *ev;   /* the last one read */
} Reader;

static void
reader_init (Reader *r, LttvTraceset *ts)
{
  r->it = lttv_iter_new (ts);
  r->fmt = lttv_text_format_new ();
  r->line = g_string_sized_new (512);
  r->n = 0;
  r->ended = FALSE;
}

static void
reader_clear (Reader *r)
{
  lttv_iter_free (r->it);
  lttv_text_format_free (r->fmt);
  g_string_free (r->line, TRUE);
}

/* Our line equals babeltrace2's, but where babeltrace2 2.0.4 shows a stale
 * value for an empty string field (its string buffers are reused without
 * being cleared; tests/ctf/differential.sh has the same rule): there we
 * print "" and it prints a non-empty string. */
static gboolean
same_line (const char *ours, const char *bt)
{
  const char *o = ours, *b = bt;
  while (*o != '\0' && *o == *b)
    {
      if (o[0] == '"' && o[1] == '"' && b[1] != '"' && o > ours
          && o[-1] == ' ')
        {
          /* an empty string of ours against a non-empty one */
          o += 2;
          for (b++; *b != '\0' && *b != '"'; b++)
            if (*b == '\\' && b[1] != '\0')
              b++;
          if (*b != '"')
            return FALSE;
          b++;
          continue;
        }
      o++;
      b++;
    }
  return *o == '\0' && *b == '\0';
}

/* Checks `ev` against the reference's next line. */
static void
reader_check (Reader *r, const Reference *ref, const LttvEvent *ev)
{
  g_assert_cmpuint (r->n, <, ref->lines->len);
  r->ev = ev;
  g_string_truncate (r->line, 0);
  lttv_text_format_event (r->fmt, ev, r->line);
  g_assert_true (r->line->len > 0 && r->line->str[r->line->len - 1] == '\n');
  g_string_truncate (r->line, r->line->len - 1);
  if (!same_line (r->line->str, ref->lines->pdata[r->n]))
    g_error ("event %u: got\n%s\nbabeltrace2 prints\n%s", r->n,
             r->line->str, (const char *) ref->lines->pdata[r->n]);
  r->n++;
}

/* Reads one event and checks it against the reference's next line; FALSE
 * at the end (checked to be the reference's end too). */
static gboolean
reader_step (Reader *r, const Reference *ref)
{
  g_autoptr (GError) error = NULL;
  const LttvEvent *ev = lttv_iter_next (r->it, &error);
  g_assert_no_error (error);
  if (ev == NULL)
    {
      g_assert_cmpuint (r->n, ==, ref->lines->len);
      r->ended = TRUE;
      return FALSE;
    }
  reader_check (r, ref, ev);
  return TRUE;
}

/* lttv_iter_each's sink: checks each event, takes `stop_after` of them. */
typedef struct {
  Reader *r;
  const Reference *ref;
  guint stop_after, taken;
} EachCheck;

static gboolean
each_sink (gpointer data, const LttvEvent *ev)
{
  EachCheck *c = data;
  reader_check (c->r, c->ref, ev);
  return ++c->taken < c->stop_after;
}

/* lttv_iter_each in strides of 1 to 500 events, with a lttv_iter_next
 * between some of them: babeltrace2's whole sequence, and each stops right
 * after the event its sink returned FALSE for. */
static void
check_each (const char *rel)
{
  Reference *ref = reference_load (rel);
  if (ref == NULL)
    return;
  LttvTraceset *ts = open_trace (ref);
  Reader r;
  reader_init (&r, ts);
  for (guint turn = 1; !r.ended; turn++)
    {
      EachCheck c = { &r, ref, 1 + (turn * 37) % 500, 0 };
      g_autoptr (GError) error = NULL;
      if (!lttv_iter_each (r.it, each_sink, &c, &error))
        {
          g_assert_no_error (error);
          g_assert_cmpuint (r.n, ==, ref->lines->len);
          break;
        }
      g_assert_cmpuint (c.taken, ==, c.stop_after);
      if (turn % 3 == 0)
        reader_step (&r, ref);
    }
  g_assert_cmpuint (r.n, ==, ref->lines->len);
  reader_clear (&r);
  lttv_traceset_free (ts);
  reference_free (ref);
}

static void
test_each_kernel (void)
{
  check_each ("lttng-kernel/many-threads");
}

static void
test_each_perf (void)
{
  check_each ("perf/vm-small");
}

/* Counts the events it is given. */
static gboolean
count_sink (gpointer data, const LttvEvent *ev)
{
  (void) ev;
  ++*(guint *) data;
  return TRUE;
}

/* A stream damaged in the middle (a copy, with 64 KB of 0xff bytes):
 * lttv_iter_each gives the events lttv_iter_next gives before the fault,
 * and the same error. */
static void
test_each_damaged (void)
{
  Reference *ref = reference_load ("lttng-kernel/many-threads");
  if (ref == NULL)
    return;
  g_autofree char *dir = g_dir_make_tmp ("lttv-each-XXXXXX", NULL);
  g_assert_nonnull (dir);
  g_autoptr (GDir) d = g_dir_open (ref->path, 0, NULL);
  g_assert_nonnull (d);
  GPtrArray *copied = g_ptr_array_new_with_free_func (g_free);
  for (const char *name; (name = g_dir_read_name (d)) != NULL;)
    {
      g_autofree char *from = g_build_filename (ref->path, name, NULL);
      if (!g_file_test (from, G_FILE_TEST_IS_REGULAR))
        continue;             /* (the index folder: the streams are scanned) */
      char *to = g_build_filename (dir, name, NULL);
      g_autofree char *bytes = NULL;
      gsize len = 0;
      g_assert_true (g_file_get_contents (from, &bytes, &len, NULL));
      if (g_str_has_prefix (name, "channel0_0") && len > (256u << 10))
        memset (bytes + (128u << 10), 0xff, 64u << 10);
      g_assert_true (g_file_set_contents (to, bytes, len, NULL));
      g_ptr_array_add (copied, to);
    }
  const char *paths[] = { dir, NULL };
  g_autoptr (GError) open_error = NULL;
  LttvTraceset *ts = lttv_traceset_open (paths, &open_error);
  g_assert_no_error (open_error);

  g_autoptr (GError) next_error = NULL, each_error = NULL;
  guint by_next = 0, by_each = 0;
  LttvIter *it = lttv_iter_new (ts);
  while (lttv_iter_next (it, &next_error) != NULL)
    by_next++;
  lttv_iter_free (it);
  it = lttv_iter_new (ts);
  g_assert_false (lttv_iter_each (it, count_sink, &by_each, &each_error));
  lttv_iter_free (it);
  g_assert_nonnull (next_error);
  g_assert_nonnull (each_error);
  g_assert_cmpstr (each_error->message, ==, next_error->message);
  g_assert_cmpuint (by_each, ==, by_next);
  g_assert_cmpuint (by_next, >, 1000);
  g_assert_cmpuint (by_next, <, ref->lines->len);

  lttv_traceset_free (ts);
  for (guint i = 0; i < copied->len; i++)
    g_unlink (copied->pdata[i]);
  g_ptr_array_unref (copied);
  g_rmdir (dir);
  reference_free (ref);
}

/* Two iterators on one traceset, advanced by turns in uneven strides:
 * each sees babeltrace2's whole sequence. */
static void
check_interleaved (const char *rel)
{
  Reference *ref = reference_load (rel);
  if (ref == NULL)
    return;
  LttvTraceset *ts = open_trace (ref);
  Reader a, b;
  reader_init (&a, ts);
  reader_init (&b, ts);
  guint turn = 0;
  while (!a.ended || !b.ended)
    {
      turn++;
      for (guint k = 0; k < 1 + turn % 7 && !a.ended; k++)
        reader_step (&a, ref);
      for (guint k = 0; k < 1 + turn % 3 && !b.ended; k++)
        reader_step (&b, ref);
    }
  g_assert_cmpuint (a.n, ==, ref->lines->len);
  g_assert_cmpuint (b.n, ==, ref->lines->len);
  reader_clear (&a);
  reader_clear (&b);
  lttv_traceset_free (ts);
  reference_free (ref);
}

static void
test_interleaved_kernel (void)
{
  check_interleaved ("lttng-kernel/many-threads");
}

static void
test_interleaved_perf (void)
{
  check_interleaved ("perf/vm-small");
}

/* Without the "(+s.nnnnnnnnn) " column. */
static const char *
without_delta (const char *line, GString *buf)
{
  const char *open = strstr (line, "] (");
  const char *close = open != NULL ? strstr (open, ") ") : NULL;
  g_assert_nonnull (close);
  g_string_assign (buf, "");
  g_string_append_len (buf, line, open + 1 - line);
  g_string_append (buf, close + 1);
  return buf->str;
}

/* The `k` events after a restore are the reference's lines from `from`. */
static void
check_next (LttvIter *it, const Reference *ref, guint from, guint k)
{
  g_autoptr (LttvTextFormat) fmt = lttv_text_format_new ();
  g_autoptr (GString) line = g_string_new (NULL);
  g_autoptr (GString) a = g_string_new (NULL);
  g_autoptr (GString) b = g_string_new (NULL);
  g_autoptr (GError) error = NULL;
  for (guint i = from; i < from + k; i++)
    {
      const LttvEvent *ev = lttv_iter_next (it, &error);
      g_assert_no_error (error);
      if (i >= ref->lines->len)
        {
          g_assert_null (ev);
          return;
        }
      g_assert_nonnull (ev);
      g_string_truncate (line, 0);
      lttv_text_format_event (fmt, ev, line);
      g_string_truncate (line, line->len - 1);
      if (!same_line (without_delta (line->str, a),
                      without_delta (ref->lines->pdata[i], b)))
        g_error ("event %u after a restore: got\n%s\nbabeltrace2 prints\n%s",
                 i, a->str, b->str);
    }
}

/* Positions saved while reading (before any event, within packets, on
 * the last event), restored later on the same iterator and on another:
 * the events that follow are the ones that followed the save. */
static void
check_positions (const char *rel)
{
  Reference *ref = reference_load (rel);
  if (ref == NULL)
    return;
  LttvTraceset *ts = open_trace (ref);
  guint n = ref->lines->len;
  guint at[] = { 0, 1, 2, 777, n / 3, n / 2 + 11, n - 5, n - 1, n };
  LttvIterPos *pos[G_N_ELEMENTS (at)];
  Reader r;
  reader_init (&r, ts);
  for (guint i = 0; i < G_N_ELEMENTS (at); i++)
    {
      while (r.n < at[i])
        g_assert_true (reader_step (&r, ref));
      pos[i] = lttv_iter_save (r.it);
    }
  g_assert_false (reader_step (&r, ref));

  g_autoptr (LttvIter) other = lttv_iter_new (ts);
  g_autoptr (GError) error = NULL;
  for (guint i = G_N_ELEMENTS (at); i-- > 0;)
    {
      g_assert_true (lttv_iter_restore (r.it, pos[i], &error));
      g_assert_no_error (error);
      check_next (r.it, ref, at[i], 300);
      g_assert_true (lttv_iter_restore (other, pos[i], &error));
      check_next (other, ref, at[i], 50);
    }
  /* a position of another traceset is refused */
  LttvTraceset *ts2 = open_trace (ref);
  LttvIter *it2 = lttv_iter_new (ts2);
  g_assert_false (lttv_iter_restore (it2, pos[1], &error));
  g_assert_nonnull (error);
  lttv_iter_free (it2);
  lttv_traceset_free (ts2);

  for (guint i = 0; i < G_N_ELEMENTS (at); i++)
    lttv_iter_pos_free (pos[i]);
  reader_clear (&r);
  g_clear_pointer (&other, lttv_iter_free);
  lttv_traceset_free (ts);
  reference_free (ref);
}

static void
test_positions_kernel (void)
{
  check_positions ("lttng-kernel/many-threads");
}

static void
test_positions_perf (void)
{
  check_positions ("perf/vm-small");
}

/* A restored position after a time seek, and after events read past it. */
static void
test_position_after_seek (void)
{
  Reference *ref = reference_load ("lttng-kernel/many-threads");
  if (ref == NULL)
    return;
  LttvTraceset *ts = open_trace (ref);
  g_autoptr (LttvIter) it = lttv_iter_new (ts);
  g_autoptr (GError) error = NULL;
  /* babeltrace2's event 99999 (0-based) is at .985967647 */
  g_assert_true (lttv_iter_seek_time (it, UINT64_C (1457113582985967600),
                                      &error));
  g_autoptr (LttvIterPos) p = lttv_iter_save (it);
  check_next (it, ref, 99999, 2000);
  g_assert_true (lttv_iter_restore (it, p, &error));
  check_next (it, ref, 99999, 10);
  g_clear_pointer (&it, lttv_iter_free);
  lttv_traceset_free (ts);
  reference_free (ref);
}

static const char *without_delta (const char *line, GString *buf);

/* Times seeks land on: the first event at or after the time, whatever the
 * reader knows of its packets. The first seeks read packets from their
 * start (and note seek points inside them as they go, every
 * CTF_SEEK_POINT_EVENTS events); after a full read, seeks start at the
 * points noted over whole packets. All give the events babeltrace2 prints
 * from there, fields included. */
static void
check_seeks (const char *rel)
{
  Reference *ref = reference_load (rel);
  if (ref == NULL)
    return;
  g_autoptr (GArray) times = g_array_new (FALSE, FALSE, sizeof (LttvTime));
  g_autoptr (GError) error = NULL;
  LttvTraceset *ts = open_trace (ref);
  {
    /* the times, from a traceset of their own (no points shared) */
    LttvTraceset *ts0 = open_trace (ref);
    g_autoptr (LttvIter) all = lttv_iter_new (ts0);
    const LttvEvent *ev;
    while ((ev = lttv_iter_next (all, &error)) != NULL)
      {
        LttvTime t = lttv_event_time (ev);
        g_array_append_val (times, t);
      }
    g_assert_no_error (error);
    g_clear_pointer (&all, lttv_iter_free);
    lttv_traceset_free (ts0);
  }
  guint n = times->len;
  g_assert_cmpuint (n, ==, ref->lines->len);
  /* ranks spread over the trace, in an order that jumps back and forth */
  const guint ranks[] = { n / 2, 1, n - 3, n / 3, 1500, 1023, 1024, 1025,
                          n / 7, n - 1, 0, 2 * n / 3, n / 2 + 1 };
  g_autoptr (LttvIter) it = lttv_iter_new (ts);
  for (int pass = 0; pass < 2; pass++)
    {
      if (pass == 1)
        {
          g_autoptr (LttvIter) all = lttv_iter_new (ts);
          while (lttv_iter_next (all, &error) != NULL)
            ;
          g_assert_no_error (error);
        }
      for (guint i = 0; i < G_N_ELEMENTS (ranks); i++)
        for (int d = -1; d <= 1; d++)
          {
            LttvTime t = g_array_index (times, LttvTime, MIN (ranks[i], n - 1)) + d;
            guint first = 0;   /* the first event at or after t */
            while (first < n && g_array_index (times, LttvTime, first) < t)
              first++;
            g_assert_true (lttv_iter_seek_time (it, t, &error));
            check_next (it, ref, first, 40);
          }
    }
  g_clear_pointer (&it, lttv_iter_free);
  lttv_traceset_free (ts);
  reference_free (ref);
}

static void
test_seeks_kernel (void)
{
  check_seeks ("lttng-kernel/many-threads");
}

static void
test_seeks_perf (void)
{
  check_seeks ("perf/vm-small");
}

/* An iterator that wants the fields of one class only gives the same
 * events (time, class, CPU) as one that wants them all; the wanted class's
 * events print as babeltrace2 prints them, the others' fields are absent
 * (skipped) or right (decoded all the same).
 * With no fields wanted at all, the count is babeltrace2's. */
static void
check_fields_wanted (const char *rel, const char *wanted_name)
{
  Reference *ref = reference_load (rel);
  if (ref == NULL)
    return;
  LttvTraceset *ts = open_trace (ref);
  LttvTrace *tr = lttv_traceset_get_trace (ts, 0);
  Reader all, few;
  reader_init (&all, ts);
  reader_init (&few, ts);
  lttv_iter_set_all_fields_wanted (few.it, FALSE);
  const LttvEventClass *wanted = NULL;
  for (guint i = 0; i < lttv_trace_n_event_classes (tr); i++)
    {
      const LttvEventClass *ec = lttv_trace_get_event_class (tr, i);
      if (strcmp (lttv_event_class_name (ec), wanted_name) == 0)
        wanted = ec;
    }
  g_assert_nonnull (wanted);
  lttv_iter_set_fields_wanted (few.it, wanted, TRUE);
  /* fields of the payloads only (not of a context, always decoded) */
  static const char *const names[] = { "ret", "prio", "perf_tid",
                                       "common_pid", "target_cpu" };
  guint n_wanted = 0, n_absent = 0;
  g_autoptr (GError) error = NULL;
  g_autoptr (GString) x = g_string_new (NULL);
  g_autoptr (GString) y = g_string_new (NULL);
  while (reader_step (&all, ref))
    {
      /* reader_step checked `all`'s event: `few`'s is the same one */
      const LttvEvent *a = all.ev;
      const LttvEvent *b = lttv_iter_next (few.it, &error);
      g_assert_no_error (error);
      g_assert_nonnull (b);
      few.n++;
      const LttvEventClass *ec = lttv_event_get_class (b);
      g_assert_true (ec == lttv_event_get_class (a));
      g_assert_cmpuint (lttv_event_time (b), ==, lttv_event_time (a));
      g_assert_cmpint (lttv_event_cpu (b), ==, lttv_event_cpu (a));
      g_string_truncate (few.line, 0);
      if (ec == wanted)
        {
          lttv_text_format_event (few.fmt, b, few.line);
          g_string_truncate (few.line, few.line->len - 1);
          /* (the delta is from the previous event printed) */
          g_assert_true (same_line (without_delta (few.line->str, x),
                                    without_delta (ref->lines->pdata[few.n - 1],
                                                   y)));
          n_wanted++;
          continue;
        }
      for (guint k = 0; k < G_N_ELEMENTS (names); k++)
        {
          LttvFieldRef f = lttv_event_class_field (ec, names[k]);
          if (f < 0)
            continue;
          /* skipped, or decoded all the same (a variable size) */
          LttvFieldKind kind = lttv_event_field_kind (b, f);
          if (kind == LTTV_FIELD_ABSENT)
            n_absent++;
          else
            {
              uint64_t va = 0, vb = 1;
              g_assert_cmpint (kind, ==, lttv_event_field_kind (a, f));
              if (kind == LTTV_FIELD_SIGNED || kind == LTTV_FIELD_UNSIGNED)
                {
                  g_assert_true (lttv_event_get_uint (a, f, &va));
                  g_assert_true (lttv_event_get_uint (b, f, &vb));
                  g_assert_cmpuint (va, ==, vb);
                }
            }
        }
    }
  g_assert_null (lttv_iter_next (few.it, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (few.n, ==, ref->lines->len);
  g_assert_cmpuint (n_wanted, >, 0);
  g_assert_cmpuint (n_absent, >, 0);

  /* nothing wanted: babeltrace2's count */
  g_autoptr (LttvIter) none = lttv_iter_new (ts);
  lttv_iter_set_all_fields_wanted (none, FALSE);
  guint n = 0;
  LttvTime prev = 0;
  const LttvEvent *ev;
  while ((ev = lttv_iter_next (none, &error)) != NULL)
    {
      g_assert_cmpuint (lttv_event_time (ev), >=, prev);
      prev = lttv_event_time (ev);
      n++;
    }
  g_assert_no_error (error);
  g_assert_cmpuint (n, ==, ref->lines->len);
  g_clear_pointer (&none, lttv_iter_free);
  reader_clear (&all);
  reader_clear (&few);
  lttv_traceset_free (ts);
  reference_free (ref);
}

static void
test_fields_wanted_kernel (void)
{
  check_fields_wanted ("lttng-kernel/many-threads", "sched_switch");
}

static void
test_fields_wanted_perf (void)
{
  check_fields_wanted ("perf/vm-small", "sched:sched_switch");
}

/* Every class decodes only the fields of `keep` it has: those read the
 * same as with every field decoded, the fields of `drop` that stand among
 * whole-byte integers read as absent, every event comes with the same
 * time, class and CPU, and the count is babeltrace2's. */
static void
check_fields_wanted_only (const char *rel)
{
  static const char *const keep[] = { "prev_tid", "next_tid", "ret", "id",
                                      "perf_tid", "common_pid", "prio",
                                      "next_comm", "tid", "vec", "irq" };
  static const char *const drop[] = { "perf_ip", "perf_period", "prev_prio",
                                      "common_flags", "target_cpu",
                                      "prev_state", "next_prio" };
  Reference *ref = reference_load (rel);
  if (ref == NULL)
    return;
  LttvTraceset *ts = open_trace (ref);
  LttvTrace *tr = lttv_traceset_get_trace (ts, 0);
  Reader all;
  reader_init (&all, ts);
  g_autoptr (LttvIter) only = lttv_iter_new (ts);
  for (guint i = 0; i < lttv_trace_n_event_classes (tr); i++)
    {
      const LttvEventClass *ec = lttv_trace_get_event_class (tr, i);
      LttvFieldRef refs[G_N_ELEMENTS (keep)];
      guint n = 0;
      for (guint k = 0; k < G_N_ELEMENTS (keep); k++)
        if ((refs[n] = lttv_event_class_field (ec, keep[k])) >= 0)
          n++;
      lttv_iter_set_fields_wanted_only (only, ec, refs, n);
    }
  guint n_same = 0, n_absent = 0;
  g_autoptr (GError) error = NULL;
  while (reader_step (&all, ref))
    {
      const LttvEvent *a = all.ev;
      const LttvEvent *b = lttv_iter_next (only, &error);
      g_assert_no_error (error);
      g_assert_nonnull (b);
      const LttvEventClass *ec = lttv_event_get_class (b);
      g_assert_true (ec == lttv_event_get_class (a));
      g_assert_cmpuint (lttv_event_time (b), ==, lttv_event_time (a));
      g_assert_cmpint (lttv_event_cpu (b), ==, lttv_event_cpu (a));
      for (guint k = 0; k < G_N_ELEMENTS (keep); k++)
        {
          LttvFieldRef f = lttv_event_class_field (ec, keep[k]);
          if (f < 0)
            continue;
          LttvFieldKind kind = lttv_event_field_kind (a, f);
          g_assert_cmpint (lttv_event_field_kind (b, f), ==, kind);
          if (kind == LTTV_FIELD_SIGNED || kind == LTTV_FIELD_UNSIGNED)
            {
              uint64_t va = 0, vb = 1;
              g_assert_true (lttv_event_get_uint (a, f, &va));
              g_assert_true (lttv_event_get_uint (b, f, &vb));
              g_assert_cmpuint (va, ==, vb);
            }
          else if (kind == LTTV_FIELD_STRING)
            {
              size_t la, lb;
              const char *sa = lttv_event_get_string (a, f, &la);
              const char *sb = lttv_event_get_string (b, f, &lb);
              g_assert_cmpmem (sa, la, sb, lb);
            }
          n_same++;
        }
      for (guint k = 0; k < G_N_ELEMENTS (drop); k++)
        {
          LttvFieldRef f = lttv_event_class_field (ec, drop[k]);
          if (f >= 0 && lttv_event_field_kind (b, f) == LTTV_FIELD_ABSENT)
            n_absent++;
        }
    }
  g_assert_null (lttv_iter_next (only, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (all.n, ==, ref->lines->len);
  g_test_message ("%u fields compared, %u left out", n_same, n_absent);
  g_assert_cmpuint (n_same, >, 1000);
  g_assert_cmpuint (n_absent, >, 1000);
  g_clear_pointer (&only, lttv_iter_free);
  reader_clear (&all);
  lttv_traceset_free (ts);
  reference_free (ref);
}

static void
test_fields_wanted_only_kernel (void)
{
  check_fields_wanted_only ("lttng-kernel/many-threads");
}

static void
test_fields_wanted_only_perf (void)
{
  check_fields_wanted_only ("perf/vm-small");
}

/* CTF little-endian bit order: bit k of the stream is bit k % 8 of byte
 * k / 8. */
static void
put_bits (guint8 *buf, guint *pos, guint64 v, guint n)
{
  for (guint i = 0; i < n; i++, (*pos)++)
    if ((v >> i) & 1)
      buf[*pos / 8] |= (guint8) (1u << (*pos % 8));
}

/* A hand-made stream where the whole-byte integers b, c, d follow a 3-bit
 * one: their block never starts on a byte, so decoding only c takes the
 * integer-by-integer path, which must still step over b and d. */
static void
test_fields_wanted_only_unaligned (void)
{
  static const char metadata[] =
    "/* CTF 1.8 */\n"
    "trace { major = 1; minor = 8; byte_order = le;\n"
    "  packet.header := struct { integer { size = 32; align = 8; } magic; }; };\n"
    "event { name = e; fields := struct {\n"
    "  integer { size = 3; align = 1; } a;\n"
    "  integer { size = 32; align = 1; } b;\n"
    "  integer { size = 32; align = 1; } c;\n"
    "  integer { size = 32; align = 1; } d; }; };\n";
  enum { N = 5 };
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("lttv-unaligned-XXXXXX", &error);
  g_assert_no_error (error);
  g_autofree char *meta_path = g_build_filename (dir, "metadata", NULL);
  g_autofree char *stream_path = g_build_filename (dir, "stream", NULL);
  guint8 bytes[4 + (N * 99 + 7) / 8] = { 0 };
  guint pos = 0;
  put_bits (bytes, &pos, 0xc1fc1fc1, 32);
  for (guint i = 0; i < N; i++)
    {
      put_bits (bytes, &pos, i & 7, 3);
      put_bits (bytes, &pos, 0x11110000u + i, 32);
      put_bits (bytes, &pos, 0x22220000u + i, 32);
      put_bits (bytes, &pos, 0x33330000u + i, 32);
    }
  g_assert_true (g_file_set_contents (meta_path, metadata, -1, NULL));
  /* (the padding bits after the last event: a 3-bit event too short to
   * hold b, c, d, which the packet's end, its content size, excludes) */
  g_assert_true (g_file_set_contents (stream_path, (const char *) bytes, (pos + 7) / 8, NULL));

  const char *paths[] = { dir, NULL };
  LttvTraceset *ts = lttv_traceset_open (paths, &error);
  g_assert_no_error (error);
  LttvTrace *tr = lttv_traceset_get_trace (ts, 0);
  const LttvEventClass *ec = lttv_trace_get_event_class (tr, 0);
  LttvFieldRef a = lttv_event_class_field (ec, "a"), b = lttv_event_class_field (ec, "b");
  LttvFieldRef c = lttv_event_class_field (ec, "c"), d = lttv_event_class_field (ec, "d");
  LttvIter *it = lttv_iter_new (ts);
  lttv_iter_set_fields_wanted_only (it, ec, &c, 1);
  const LttvEvent *ev;
  guint n = 0;
  while ((ev = lttv_iter_next (it, &error)) != NULL)
    {
      uint64_t v = 0;
      g_assert_true (lttv_event_get_uint (ev, a, &v));
      g_assert_cmpuint (v, ==, n & 7);
      g_assert_true (lttv_event_get_uint (ev, c, &v));
      g_assert_cmphex (v, ==, 0x22220000u + n);
      /* (left out, or read on the way: then right) */
      if (lttv_event_get_uint (ev, b, &v))
        g_assert_cmphex (v, ==, 0x11110000u + n);
      if (lttv_event_get_uint (ev, d, &v))
        g_assert_cmphex (v, ==, 0x33330000u + n);
      n++;
    }
  g_assert_cmpuint (n, ==, N);
  lttv_iter_free (it);
  lttv_traceset_free (ts);
  g_unlink (meta_path);
  g_unlink (stream_path);
  g_rmdir (dir);
}

typedef struct {
  LttvTraceset *ts;
  const Reference *ref;
  guint skip;            /* events to read one way before the other */
} Job;

static gpointer
thread_main (gpointer data)
{
  Job *job = data;
  Reader r;
  reader_init (&r, job->ts);
  while (reader_step (&r, job->ref))
    if (r.n == job->skip)
      {
        /* a seek back to the start, mid-way: others are not disturbed */
        g_assert_true (lttv_iter_seek_time (r.it, 0, NULL));
        lttv_text_format_free (r.fmt);
        r.fmt = lttv_text_format_new ();
        r.n = 0;
        job->skip = G_MAXUINT;
      }
  reader_clear (&r);
  return GUINT_TO_POINTER (1);
}

/* One iterator per thread on one traceset. */
static void
test_threads (void)
{
  Reference *ref = reference_load ("lttng-kernel/many-threads");
  if (ref == NULL)
    return;
  LttvTraceset *ts = open_trace (ref);
  Job jobs[3];
  GThread *threads[G_N_ELEMENTS (jobs)];
  for (guint i = 0; i < G_N_ELEMENTS (jobs); i++)
    {
      jobs[i] = (Job) { ts, ref, i == 0 ? G_MAXUINT : 5000 * i };
      threads[i] = g_thread_new ("reader", thread_main, &jobs[i]);
    }
  for (guint i = 0; i < G_N_ELEMENTS (jobs); i++)
    g_assert_nonnull (g_thread_join (threads[i]));
  lttv_traceset_free (ts);
  reference_free (ref);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/iterators/interleaved-kernel", test_interleaved_kernel);
  g_test_add_func ("/iterators/interleaved-perf", test_interleaved_perf);
  g_test_add_func ("/iterators/positions-kernel", test_positions_kernel);
  g_test_add_func ("/iterators/positions-perf", test_positions_perf);
  g_test_add_func ("/iterators/position-after-seek",
                   test_position_after_seek);
  g_test_add_func ("/iterators/seeks-kernel", test_seeks_kernel);
  g_test_add_func ("/iterators/seeks-perf", test_seeks_perf);
  g_test_add_func ("/iterators/threads", test_threads);
  g_test_add_func ("/iterators/each-kernel", test_each_kernel);
  g_test_add_func ("/iterators/each-perf", test_each_perf);
  g_test_add_func ("/iterators/each-damaged", test_each_damaged);
  g_test_add_func ("/iterators/fields-wanted-kernel",
                   test_fields_wanted_kernel);
  g_test_add_func ("/iterators/fields-wanted-perf", test_fields_wanted_perf);
  g_test_add_func ("/iterators/fields-wanted-only-kernel",
                   test_fields_wanted_only_kernel);
  g_test_add_func ("/iterators/fields-wanted-only-perf",
                   test_fields_wanted_only_perf);
  g_test_add_func ("/iterators/fields-wanted-only-unaligned",
                   test_fields_wanted_only_unaligned);
  int status = g_test_run ();
  g_clear_pointer (&references, g_hash_table_destroy);
  return status;
}
