/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test-cut-files.c: stream and metadata files that change while a trace
 * is open (issue #30): cut (a trace still being written, rotated, a file
 * truncated), replaced (renamed over), growing. The reader must end with
 * `PATH: byte N: WHAT` and give only the events that were in the file,
 * never die of SIGBUS. Each test works on a copy of many-threads (240,644
 * events, babeltrace2 2.0.4); the events read after a change are checked
 * against a reading of the untouched original. */
#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <lttv/lttv.h>
#include <string.h>
#include <unistd.h>

#define N_EVENTS 240644

typedef struct {
  char *dir;                     /* the copy (removed at the end) */
  LttvTraceset *ts;
} Copy;

static gboolean
copy_trace (Copy *c)
{
  const char *root = g_getenv ("LTTV_TEST_TRACES");
  g_autofree char *src = root != NULL
      ? g_build_filename (root, "lttng-kernel/many-threads", NULL) : NULL;
  if (src == NULL || !g_file_test (src, G_FILE_TEST_IS_DIR))
    {
      g_test_skip ("shared test traces not found (LTTV_TEST_TRACES)");
      return FALSE;
    }
  g_autoptr (GError) error = NULL;
  g_autofree char *tmp = g_dir_make_tmp ("lttv-cut-XXXXXX", &error);
  g_assert_no_error (error);
  c->dir = g_build_filename (tmp, "t", NULL);
  g_autofree char *cmd = g_strdup_printf ("cp -r '%s' '%s'", src, c->dir);
  int status;
  g_assert_true (g_spawn_command_line_sync (cmd, NULL, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_cmpint (status, ==, 0);
  g_autofree char *chmod = g_strdup_printf ("chmod -R u+w '%s'", tmp);
  g_assert_true (g_spawn_command_line_sync (chmod, NULL, NULL, &status, NULL));
  const char *paths[] = { c->dir, NULL };
  c->ts = lttv_traceset_open (paths, &error);
  g_assert_no_error (error);
  return TRUE;
}

static void
copy_free (Copy *c)
{
  if (c->ts != NULL)
    lttv_traceset_free (c->ts);
  if (c->dir != NULL)
    {
      g_autofree char *tmp = g_path_get_dirname (c->dir);
      g_autofree char *cmd = g_strdup_printf ("rm -rf '%s'", tmp);
      g_spawn_command_line_sync (cmd, NULL, NULL, NULL, NULL);
      g_free (c->dir);
    }
}

/* Calls `fn` on each stream file of the copy (channel0_*). */
static void
each_stream (const Copy *c, void (*fn) (const char *path, gpointer data),
             gpointer data)
{
  GDir *d = g_dir_open (c->dir, 0, NULL);
  g_assert_nonnull (d);
  const char *name;
  while ((name = g_dir_read_name (d)) != NULL)
    if (g_str_has_prefix (name, "channel"))
      {
        g_autofree char *p = g_build_filename (c->dir, name, NULL);
        fn (p, data);
      }
  g_dir_close (d);
}

static void
cut_to (const char *path, gpointer data)
{
  g_assert_cmpint (truncate (path, (off_t) GPOINTER_TO_SIZE (data)), ==, 0);
}

/* The times and classes of the original's events, in order. */
static GArray *
reference_events (void)
{
  Copy c = { 0 };
  if (!copy_trace (&c))
    return NULL;
  GArray *ref = g_array_new (FALSE, FALSE, sizeof (guint64) * 2);
  g_autoptr (LttvIter) it = lttv_iter_new (c.ts);
  g_autoptr (GError) error = NULL;
  const LttvEvent *ev;
  while ((ev = lttv_iter_next (it, &error)) != NULL)
    {
      guint64 e[2] = { lttv_event_time (ev),
                       lttv_event_class_index (lttv_event_get_class (ev)) };
      g_array_append_val (ref, e);
    }
  g_assert_no_error (error);
  g_assert_cmpuint (ref->len, ==, N_EVENTS);
  g_clear_pointer (&it, lttv_iter_free);
  copy_free (&c);
  return ref;
}

/* Reads on from `it`, event `rank` of the reference on: each event must
 * be the reference's; returns how many were read, the error in `error`. */
static guint64
read_on (LttvIter *it, const GArray *ref, guint64 rank, GError **error)
{
  const LttvEvent *ev;
  while ((ev = lttv_iter_next (it, error)) != NULL)
    {
      g_assert_cmpuint (rank, <, ref->len);
      const guint64 *e = &g_array_index (ref, guint64, 2 * rank);
      g_assert_cmpuint (lttv_event_time (ev), ==, e[0]);
      g_assert_cmpuint (lttv_event_class_index (lttv_event_get_class (ev)),
                        ==, e[1]);
      rank++;
    }
  return rank;
}

static void
assert_cut_error (const GError *error, const Copy *c)
{
  g_assert_nonnull (error);
  g_assert_true (g_str_has_prefix (error->message, c->dir));
  g_assert_nonnull (strstr (error->message, ": byte "));
  g_assert_nonnull (strstr (error->message, "was cut to "));
}

/* Read in sequence (the packets copied with pread), then cut: the next
 * packet is not there. */
static void
test_cut_in_sequence (void)
{
  g_autoptr (GArray) ref = reference_events ();
  Copy c = { 0 };
  if (ref == NULL || !copy_trace (&c))
    return;
  g_autoptr (LttvIter) it = lttv_iter_new_to_end (c.ts);
  g_autoptr (GError) error = NULL;
  for (int i = 0; i < 1000; i++)
    g_assert_nonnull (lttv_iter_next (it, &error));
  each_stream (&c, cut_to, GSIZE_TO_POINTER (4096));
  guint64 n = read_on (it, ref, 1000, &error);
  assert_cut_error (error, &c);
  g_assert_cmpuint (n, <, N_EVENTS);
  g_clear_pointer (&it, lttv_iter_free);
  copy_free (&c);
}

/* After a seek the packet is read from the mapping: the file cut under
 * it (to nothing) must not kill the process, nor give events of zeros;
 * without packet copies, every packet is read so. */
static void
cut_mapped (gboolean no_copy)
{
  g_autoptr (GArray) ref = reference_events ();
  Copy c = { 0 };
  if (ref == NULL || !copy_trace (&c))
    return;
  if (no_copy)
    g_setenv ("LTTV_NO_PACKET_COPY", "1", TRUE);
  g_autoptr (LttvIter) it = lttv_iter_new (c.ts);
  g_unsetenv ("LTTV_NO_PACKET_COPY");
  g_autoptr (GError) error = NULL;
  guint64 rank = ref->len / 2;
  LttvTime t = g_array_index (ref, guint64, 2 * rank);
  while (rank > 0 && g_array_index (ref, guint64, 2 * (rank - 1)) == t)
    rank--;
  g_assert_true (lttv_iter_seek_time (it, t, &error));
  g_assert_no_error (error);
  guint64 n = read_on (it, ref, rank, &error);
  g_assert_no_error (error);
  (void) n;
  g_assert_true (lttv_iter_seek_time (it, t, &error));
  for (int i = 0; i < 10; i++)
    g_assert_nonnull (lttv_iter_next (it, &error));
  each_stream (&c, cut_to, GSIZE_TO_POINTER (0));
  n = read_on (it, ref, rank + 10, &error);
  assert_cut_error (error, &c);
  g_assert_cmpuint (n, <, N_EVENTS);
  g_clear_pointer (&it, lttv_iter_free);
  copy_free (&c);
}

static void
test_cut_mapped (void)
{
  cut_mapped (FALSE);
}

static void
test_cut_mapped_no_copy (void)
{
  cut_mapped (TRUE);
}

/* A new file renamed over each stream: the next stream's bytes (valid
 * packets, other events). The trace open holds the old files, which read
 * whole. */
static void
replace_all (const Copy *c)
{
  g_autoptr (GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) bytes = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  for (guint cpu = 0;; cpu++)
    {
      char *p = g_strdup_printf ("%s/channel0_%u", c->dir, cpu);
      char *data;
      gsize len;
      if (!g_file_get_contents (p, &data, &len, NULL))
        {
          g_free (p);
          break;
        }
      g_ptr_array_add (paths, p);
      g_ptr_array_add (bytes, g_bytes_new_take (data, len));
    }
  g_assert_cmpuint (paths->len, >, 1);
  for (guint i = 0; i < paths->len; i++)
    {
      g_autofree char *tmp = g_strconcat (paths->pdata[i], ".new", NULL);
      gsize len;
      const char *data = g_bytes_get_data (bytes->pdata[(i + 1) % paths->len], &len);
      g_assert_true (g_file_set_contents (tmp, data, (gssize) len, NULL));
      g_assert_cmpint (g_rename (tmp, paths->pdata[i]), ==, 0);
    }
  g_autofree char *metadata = g_build_filename (c->dir, "metadata", NULL);
  g_autofree char *tmp = g_strconcat (metadata, ".new", NULL);
  g_assert_true (g_file_set_contents (tmp, "/* not CTF */", -1, NULL));
  g_assert_cmpint (g_rename (tmp, metadata), ==, 0);
}

/* Each stream and the metadata grow by a megabyte of 0xff. */
static void
grow (const char *path, gpointer data)
{
  (void) data;
  FILE *f = fopen (path, "ab");
  g_assert_nonnull (f);
  for (int i = 0; i < (1 << 20); i++)
    fputc (0xff, f);
  g_assert_cmpint (fclose (f), ==, 0);
}

/* The files replaced (else grown), `before` the iterator reads (its
 * first packet copy opens the file then) or after 1000 events. */
static void
changed_but_whole (gboolean replacing, gboolean to_end, gboolean before)
{
  g_autoptr (GArray) ref = reference_events ();
  Copy c = { 0 };
  if (ref == NULL || !copy_trace (&c))
    return;
  g_autoptr (GError) error = NULL;
  if (before)
    replace_all (&c);
  g_autoptr (LttvIter) it = to_end ? lttv_iter_new_to_end (c.ts) : lttv_iter_new (c.ts);
  for (int i = 0; i < 1000; i++)
    g_assert_nonnull (lttv_iter_next (it, &error));
  if (!before && replacing)
    replace_all (&c);
  else if (!replacing)
    {
      g_autofree char *metadata = g_build_filename (c.dir, "metadata", NULL);
      each_stream (&c, grow, NULL);
      grow (metadata, NULL);
    }
  g_assert_cmpuint (read_on (it, ref, 1000, &error), ==, N_EVENTS);
  g_assert_no_error (error);
  /* (and a seek, from the mapping) */
  g_assert_true (lttv_iter_seek_time (it, g_array_index (ref, guint64, 2 * 1000), &error));
  g_assert_no_error (error);
  g_assert_nonnull (lttv_iter_next (it, &error));
  g_clear_pointer (&it, lttv_iter_free);
  copy_free (&c);
}

static void
test_replaced (void)
{
  changed_but_whole (TRUE, TRUE, TRUE);
  changed_but_whole (TRUE, TRUE, FALSE);
  changed_but_whole (TRUE, FALSE, TRUE);
}

static void
test_growing (void)
{
  changed_but_whole (FALSE, TRUE, FALSE);
}

/* The state build, cut after its first events: it ends with the cut's
 * error and keeps the events before it. */
static gboolean
cut_when_asked (gpointer data)
{
  Copy *c = data;
  each_stream (c, cut_to, GSIZE_TO_POINTER (4096));
  return FALSE;
}

static void
test_state_build_cut (void)
{
  Copy c = { 0 };
  if (!copy_trace (&c))
    return;
  LttvState *s = lttv_state_new (c.ts);
  g_autoptr (GError) error = NULL;
  LttvCancel cancel = { cut_when_asked, &c };
  g_assert_false (lttv_state_build (s, FALSE, cancel, &error));
  assert_cut_error (error, &c);
  g_assert_cmpuint (lttv_state_n_events (s), >, 0);
  g_assert_cmpuint (lttv_state_n_events (s), <, N_EVENTS);
  lttv_state_free (s);
  copy_free (&c);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cut-files/cut-in-sequence", test_cut_in_sequence);
  g_test_add_func ("/cut-files/cut-mapped", test_cut_mapped);
  g_test_add_func ("/cut-files/cut-mapped-no-copy", test_cut_mapped_no_copy);
  g_test_add_func ("/cut-files/replaced", test_replaced);
  g_test_add_func ("/cut-files/growing", test_growing);
  g_test_add_func ("/cut-files/state-build-cut", test_state_build_cut);
  return g_test_run ();
}
