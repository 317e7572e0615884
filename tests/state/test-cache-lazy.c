/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The state cache read lazily: each block of changes is checked when a
 * query first touches it. A block damaged in the middle of the file is
 * found by the query that needs it, never trusted (the history reads
 * nothing there and reports the file and the byte), and `lttv state`'s
 * printer builds the state again, rewriting the cache; blocks the query
 * does not need are not even read. The blocks' table, checked at open,
 * makes the whole file refused when damaged. Uses the cache's internals to find
 * where a block is (linked with the state core's convenience library). */
#include "config.h"

#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include <lttv/lttv.h>

#include "state/cache/cache-layout.h"
#include "state/history/history-private.h"
#include "state/state-private.h"

static char *trace_path;
static char *cache_dir;

static LttvState *
open_state (LttvTraceset **ts, gboolean use_cache)
{
  const char *paths[] = { trace_path, NULL };
  g_autoptr (GError) error = NULL;
  *ts = lttv_traceset_open (paths, &error);
  g_assert_no_error (error);
  LttvState *s = lttv_state_new (*ts);
  g_assert_true (lttv_state_build (s, use_cache, LTTV_CANCEL_NONE, &error));
  g_assert_no_error (error);
  return s;
}

static int
compare_times (const LttvTime *a, const LttvTime *b)
{
  return *a < *b ? -1 : *a > *b;
}

static char *
print_at (LttvState *s, LttvTime t)
{
  GString *out = g_string_new (NULL);
  g_assert_true (lttv_state_print (s, t, out));
  return g_string_free (out, FALSE);
}

/* The attribute with the most chunks (a CPU's status, on a real trace). */
static LttvAttr
busiest (LttvHistory *h)
{
  LttvAttr best = 0;
  for (LttvAttr a = 0; a < h->n_attrs; a++)
    if (h->attrs[a].n_chunks > h->attrs[best].n_chunks)
      best = a;
  return best;
}

static void
test_damaged_block_in_the_middle (void)
{
  /* A first run builds from the trace and writes the cache. */
  LttvTraceset *ts;
  LttvState *built = open_state (&ts, TRUE);
  g_assert_false (lttv_state_from_cache (built));
  LttvHistory *bh = lttv_state_get_history (built);
  LttvAttr attr = busiest (bh);
  HistoryAttr *ba = &bh->attrs[attr];
  g_assert_cmpuint (ba->n_chunks, >=, 5);
  guint c = ba->n_chunks / 2;
  /* A time inside chunk c, and one in the chunk before it. */
  LttvTime t = ba->chunk_first[c] + 1, t_before = ba->chunk_first[c - 1];
  g_autofree char *want = print_at (built, t);
  LttvInterval want_iv, want_before;
  g_assert_true (lttv_history_query (bh, attr, t, &want_iv));
  g_assert_true (lttv_history_query (bh, attr, t_before, &want_before));
  g_assert_cmpuint (want_iv.value, !=, LTTV_VALUE_NONE);

  /* Where chunk c's block is in the file. */
  LttvTraceset *ts2;
  LttvState *lazy = open_state (&ts2, TRUE);
  g_assert_true (lttv_state_from_cache (lazy));
  LttvHistory *lh = lttv_state_get_history (lazy);
  g_assert_true (lh->lazy != NULL);
  g_autofree char *path = g_strdup (lh->lazy->path);
  guint64 g = lh->attrs[attr].lazy_base + c;
  guint64 pos = lh->lazy->data_pos + history_block_pos (lh->lazy->where[g]);
  guint64 len = history_block_len (lh->lazy->where[g]);
  /* Opening decoded no block at all. */
  for (guint64 i = 0; i < lh->lazy->n_chunks; i++)
    g_assert_null (lh->lazy->slab[i]);
  lttv_state_free (lazy);
  lttv_traceset_free (ts2);

  gchar *good;
  gsize size;
  g_assert_true (g_file_get_contents (path, &good, &size, NULL));
  g_assert_cmpuint (pos, >, 4096);              /* well inside the file */
  g_assert_cmpuint (pos + len + 4096, <, size);
  g_autofree char *bad = g_memdup2 (good, size);
  bad[pos + len / 2] ^= 0x5a;
  g_assert_true (g_file_set_contents (path, bad, (gssize) size, NULL));

  /* The damage is found by the query that needs the block: nothing is
   * read from it, the file and byte are reported; other blocks answer. */
  lazy = open_state (&ts2, TRUE);
  g_assert_true (lttv_state_from_cache (lazy));
  lh = lttv_state_get_history (lazy);
  g_assert_true (lttv_history_check (lh, NULL));
  LttvInterval iv;
  g_assert_true (lttv_history_query (lh, attr, t_before, &iv));
  g_assert_cmpuint (iv.value, ==, want_before.value);
  g_assert_true (lttv_history_check (lh, NULL));
  g_assert_true (lttv_history_query (lh, attr, t, &iv));
  g_assert_cmpuint (iv.value, ==, LTTV_VALUE_NONE);
  g_autoptr (GError) error = NULL;
  g_assert_false (lttv_history_check (lh, &error));
  g_assert_error (error, LTTV_ERROR, LTTV_ERROR_CORRUPT);
  g_autofree char *where = g_strdup_printf ("%s: byte %" G_GUINT64_FORMAT ": ", path, pos);
  g_assert_true (g_str_has_prefix (error->message, where));
  lttv_state_free (lazy);
  lttv_traceset_free (ts2);

  /* The printer builds the state again: the right state, and the cache
   * file rewritten whole (the same bytes as the first one). */
  lazy = open_state (&ts2, TRUE);
  g_assert_true (lttv_state_from_cache (lazy));
  g_autofree char *got = print_at (lazy, t);
  g_assert_cmpstr (got, ==, want);
  g_assert_true (lttv_history_check (lttv_state_get_history (lazy), NULL));
  gchar *rewritten;
  gsize rewritten_size;
  g_assert_true (g_file_get_contents (path, &rewritten, &rewritten_size, NULL));
  g_assert_cmpuint (rewritten_size, ==, size);
  g_assert_true (memcmp (rewritten, good, size) == 0);
  lttv_state_free (lazy);
  lttv_traceset_free (ts2);

  g_free (good);
  g_free (rewritten);
  lttv_state_free (built);
  lttv_traceset_free (ts);
}

/* The blocks' table is checked whole at open: damaged, the cache is
 * refused and the state built from the trace (and the file rewritten). */
static void
test_damaged_table_refused_at_open (void)
{
  LttvTraceset *ts;
  LttvState *s = open_state (&ts, TRUE);
  LttvHistory *h = lttv_state_get_history (s);
  g_autofree char *want = print_at (s, lttv_history_committed_end (h));
  lttv_state_free (s);
  lttv_traceset_free (ts);

  s = open_state (&ts, TRUE);
  g_assert_true (lttv_state_from_cache (s));
  h = lttv_state_get_history (s);
  g_autofree char *path = g_strdup (h->lazy->path);
  guint64 n_chunks = h->lazy->n_chunks;
  lttv_state_free (s);
  lttv_traceset_free (ts);

  gchar *bytes;
  gsize size;
  g_assert_true (g_file_get_contents (path, &bytes, &size, NULL));
  /* The table's place, from the file's table of sections. */
  guint64 table;
  memcpy (&table, bytes + TOC_POS + SEC_OFFS * 24, 8);
  g_assert_cmpuint (table + n_chunks * 4, <, size);
  bytes[table + n_chunks * 4] ^= 0x01;   /* an offset in the middle */
  g_assert_true (g_file_set_contents (path, bytes, (gssize) size, NULL));
  g_free (bytes);

  s = open_state (&ts, TRUE);
  g_assert_false (lttv_state_from_cache (s));
  h = lttv_state_get_history (s);
  g_autofree char *got = print_at (s, lttv_history_committed_end (h));
  g_assert_cmpstr (got, ==, want);
  lttv_state_free (s);
  lttv_traceset_free (ts);
  s = open_state (&ts, TRUE);
  g_assert_true (lttv_state_from_cache (s));
  lttv_state_free (s);
  lttv_traceset_free (ts);
}

/* The full state at many sorted times in one pass gives, at each time,
 * exactly the attributes holding a value in the one-time query, with the
 * same values: built in memory and loaded lazily from the cache, at
 * times before the first change, among the changes, at the end and past
 * the committed part. */
static void
check_sorted_matches_one_time (LttvHistory *h)
{
  LttvTime begin = lttv_history_begin (h), end = lttv_history_committed_end (h);
  g_autoptr (GArray) times = g_array_new (FALSE, FALSE, sizeof (LttvTime));
  GRand *rand = g_rand_new_with_seed (7);
  LttvTime fixed[] = { begin, begin + 1, end - 1, end, end + 1, G_MAXUINT64 - 1 };
  g_array_append_vals (times, fixed, G_N_ELEMENTS (fixed));
  for (guint i = 0; i < 64; i++)
    {
      LttvTime t = begin + (LttvTime) (g_rand_double (rand) * (double) (end - begin));
      g_array_append_val (times, t);
    }
  g_rand_free (rand);
  g_array_sort (times, (GCompareFunc) compare_times);
  const LttvTime *t = (const LttvTime *) times->data;
  g_autoptr (LttvFullStates) states = lttv_history_query_full_sorted (h, t, times->len);
  guint checked_values = 0;
  for (guint k = 0; k < times->len; k++)
    {
      guint n = 0;
      g_autofree LttvValue *dense = lttv_history_query_full (h, t[k], &n);
      g_assert_true ((dense == NULL) == (k >= lttv_full_states_n_answered (states)));
      if (dense == NULL)
        continue;
      guint n_values, j = 0;
      const LttvAttrValue *values = lttv_full_states_at (states, k, &n_values);
      for (LttvAttr a = 0; a < n; a++)
        if (dense[a] != LTTV_VALUE_NONE)
          {
            g_assert_cmpuint (j, <, n_values);
            g_assert_cmpuint (values[j].attr, ==, a);
            g_assert_cmpuint (values[j].value, ==, dense[a]);
            j++;
            checked_values++;
          }
      g_assert_cmpuint (j, ==, n_values);
    }
  /* (vm-small holds tens of attributes at each time) */
  g_assert_cmpuint (checked_values, >, 1000);
}

static void
test_sorted_full_states_match_one_time_queries (void)
{
  LttvTraceset *ts;
  LttvState *built = open_state (&ts, TRUE);
  check_sorted_matches_one_time (lttv_state_get_history (built));
  lttv_state_free (built);
  lttv_traceset_free (ts);
  LttvState *loaded = open_state (&ts, TRUE);
  g_assert_true (lttv_state_from_cache (loaded));
  check_sorted_matches_one_time (lttv_state_get_history (loaded));
  lttv_state_free (loaded);
  lttv_traceset_free (ts);
  /* Blocks read with pread (history-window.c) whose read fails come from
   * the mapping: the same answers with a descriptor that reads nothing. */
  loaded = open_state (&ts, TRUE);
  g_assert_true (lttv_state_from_cache (loaded));
  HistoryLazy *lz = lttv_state_get_history (loaded)->lazy;
  int nothing = g_open ("/dev/null", O_RDONLY, 0);
  g_assert_cmpint (nothing, >=, 0);
  g_assert_cmpint (dup2 (nothing, lz->fd), ==, lz->fd);
  close (nothing);
  check_sorted_matches_one_time (lttv_state_get_history (loaded));
  g_assert_true (lttv_history_check (lttv_state_get_history (loaded), NULL));
  lttv_state_free (loaded);
  lttv_traceset_free (ts);
}

/* Every attribute's intervals over the whole trace and over a middle
 * part, from the cache's blocks decoded in passing (none kept), are the
 * built history's, and each is what a one-time query at its start
 * answers (another code path: interval_at). */
static void
test_intervals_from_the_cache_match_the_built_ones (void)
{
  LttvTraceset *ts_built, *ts_loaded;
  /* (a first opening writes the cache, if no test before did) */
  LttvState *first = open_state (&ts_loaded, TRUE);
  lttv_state_free (first);
  lttv_traceset_free (ts_loaded);
  LttvState *built = open_state (&ts_built, FALSE);
  LttvState *loaded = open_state (&ts_loaded, TRUE);
  g_assert_false (lttv_state_from_cache (built));
  g_assert_true (lttv_state_from_cache (loaded));
  LttvHistory *hb = lttv_state_get_history (built), *hl = lttv_state_get_history (loaded);
  g_assert_cmpuint (lttv_history_n_attrs (hb), ==, lttv_history_n_attrs (hl));
  LttvTime begin = lttv_history_begin (hb), end = lttv_history_committed_end (hb);
  LttvTime ranges[][2] = { { begin, end }, { begin + (end - begin) / 3, begin + (end - begin) / 2 } };
  guint64 compared = 0;
  for (guint r = 0; r < G_N_ELEMENTS (ranges); r++)
    for (LttvAttr a = 0; a < lttv_history_n_attrs (hb); a++)
      {
        g_autoptr (GArray) ib = lttv_history_intervals (hb, a, ranges[r][0], ranges[r][1]);
        g_autoptr (GArray) il = lttv_history_intervals (hl, a, ranges[r][0], ranges[r][1]);
        g_assert_cmpuint (ib->len, ==, il->len);
        g_assert_cmpmem (ib->data, ib->len * sizeof (LttvInterval), il->data,
                         il->len * sizeof (LttvInterval));
        for (guint i = 0; i < il->len; i++)
          {
            const LttvInterval *iv = &g_array_index (il, LttvInterval, i);
            LttvInterval q;
            g_assert_true (lttv_history_query (hl, a, iv->start, &q));
            g_assert_cmpuint (q.start, ==, iv->start);
            g_assert_cmpuint (q.end, ==, iv->end);
            g_assert_cmpuint (q.value, ==, iv->value);
          }
        compared += ib->len;
      }
  /* (vm-small: tens of thousands of intervals) */
  g_assert_cmpuint (compared, >, 10000);
  g_assert_true (lttv_history_check (hl, NULL));
  lttv_state_free (built);
  lttv_state_free (loaded);
  lttv_traceset_free (ts_built);
  lttv_traceset_free (ts_loaded);
}

/* The density read from the cache (the counts density.c wrote as the
 * build left each bucket behind) gives every bucket's count the built one
 * gives: vm-small's buckets, most of them empty, many in long runs. */
static void
test_density_from_the_cache_matches_the_built_one (void)
{
  LttvTraceset *ts_built, *ts_loaded;
  LttvState *built = open_state (&ts_built, FALSE);
  LttvState *saved = open_state (&ts_loaded, TRUE);
  lttv_state_free (saved);
  lttv_traceset_free (ts_loaded);
  LttvState *loaded = open_state (&ts_loaded, TRUE);
  g_assert_true (lttv_state_from_cache (loaded));
  LttvDensity *db = lttv_state_get_density (built);
  LttvDensity *dl = lttv_state_get_density (loaded);
  LttvTime begin = lttv_density_begin (db), w = lttv_density_bucket_width (db);
  g_assert_cmpuint (lttv_density_begin (dl), ==, begin);
  g_assert_cmpuint (lttv_density_bucket_width (dl), ==, w);
  guint n = state_density_n_buckets (db), empty = 0;
  guint64 total = 0;
  for (guint i = 0; i < n; i++)
    {
      guint64 a = G_MAXUINT64, b = G_MAXUINT64;
      LttvTime t0 = begin + (LttvTime) i * w;
      g_assert_true (lttv_density_count_exact (db, t0, t0 + w - 1, &a));
      g_assert_true (lttv_density_count_exact (dl, t0, t0 + w - 1, &b));
      g_assert_cmpuint (a, ==, b);
      total += a;
      empty += a == 0;
    }
  g_assert_cmpuint (total, ==, lttv_state_n_events (built));
  g_assert_cmpuint (empty, >, n / 2);
  lttv_state_free (built);
  lttv_state_free (loaded);
  lttv_traceset_free (ts_built);
  lttv_traceset_free (ts_loaded);
}

/* A window loads the cache in a worker (lttv_state_set_decode_at_load)
 * while its viewers already query the state on the main thread. Those
 * queries see nothing until the load is done, then all of it: they never
 * decode the cache's sections themselves, which would hold the main
 * thread and race with the worker decoding them (the density's sums then
 * found damaged and dropped, the tables of names made from half the
 * attributes). Loaded many times over, as the race is a matter of timing. */
static gpointer
load_in_worker (gpointer state)
{
  g_autoptr (GError) error = NULL;
  gboolean ok = lttv_state_build (state, TRUE, LTTV_CANCEL_NONE, &error);
  g_assert_no_error (error);
  return GINT_TO_POINTER (ok);
}

static void
test_queries_while_a_worker_loads (void)
{
  LttvTraceset *ts;
  LttvState *built = open_state (&ts, TRUE);
  LttvDensity *db = lttv_state_get_density (built);
  LttvTime begin = lttv_density_begin (db), end = lttv_traceset_end (ts);
  double total = lttv_density_count (db, begin, end + 1);
  g_assert_cmpfloat (total, ==, (double) lttv_state_n_events (built));
  const char *path = "CPUs/0/Current_thread";
  LttvAttr want = lttv_history_attr_lookup (lttv_state_get_history (built), path);
  g_assert_cmpuint (want, !=, LTTV_ATTR_NONE);
  guint queried_while_loading = 0;
  for (int round = 0; round < 40; round++)
    {
      LttvState *s = lttv_state_new (ts);
      lttv_state_set_decode_at_load (s, TRUE);
      LttvDensity *d = lttv_state_get_density (s);
      LttvHistory *h = lttv_state_get_history (s);
      GThread *worker = g_thread_new ("load", load_in_worker, s);
      gboolean done;
      do
        {
          done = lttv_history_is_finished (h);
          double n = lttv_density_count (d, begin, end + 1);
          LttvAttr a = lttv_history_attr_lookup (h, path);
          g_assert_true (n == total || (n == 0 && !done));
          g_assert_true (a == want || (a == LTTV_ATTR_NONE && !done));
          queried_while_loading += !done;
        }
      while (!done);
      g_assert_true (GPOINTER_TO_INT (g_thread_join (worker)));
      g_assert_true (lttv_state_from_cache (s));
      g_assert_cmpfloat (lttv_density_count (d, begin, end + 1), ==, total);
      g_assert_cmpuint (lttv_history_attr_lookup (h, path), ==, want);
      lttv_state_free (s);
    }
  g_assert_cmpuint (queried_while_loading, >, 40);
  lttv_state_free (built);
  lttv_traceset_free (ts);
}

static void
remove_tree (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *p = g_build_filename (dir, name, NULL);
      if (g_file_test (p, G_FILE_TEST_IS_DIR))
        remove_tree (p);
      else
        g_unlink (p);
    }
  g_rmdir (dir);
}

static void
skip_without_trace (void)
{
  g_test_skip ("perf/vm-small is not in $LTTV_TEST_TRACES");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  const char *traces = g_getenv ("LTTV_TEST_TRACES");
  trace_path = g_build_filename (traces ? traces : ".", "perf", "vm-small", NULL);
  gboolean here = g_file_test (trace_path, G_FILE_TEST_IS_DIR);
  cache_dir = g_dir_make_tmp ("lttv-cache-lazy-XXXXXX", NULL);
  g_setenv ("XDG_CACHE_HOME", cache_dir, TRUE);
  g_test_add_func ("/cache/damaged-block-in-the-middle",
                   here ? test_damaged_block_in_the_middle : skip_without_trace);
  g_test_add_func ("/cache/damaged-table-refused-at-open",
                   here ? test_damaged_table_refused_at_open : skip_without_trace);
  g_test_add_func ("/cache/sorted-full-states-match-one-time-queries",
                   here ? test_sorted_full_states_match_one_time_queries : skip_without_trace);
  g_test_add_func ("/cache/intervals-from-the-cache-match-the-built-ones",
                   here ? test_intervals_from_the_cache_match_the_built_ones : skip_without_trace);
  g_test_add_func ("/cache/density-from-the-cache-matches-the-built-one",
                   here ? test_density_from_the_cache_matches_the_built_one : skip_without_trace);
  g_test_add_func ("/cache/queries-while-a-worker-loads",
                   here ? test_queries_while_a_worker_loads : skip_without_trace);
  int status = g_test_run ();
  remove_tree (cache_dir);
  g_free (cache_dir);
  g_free (trace_path);
  return status;
}
